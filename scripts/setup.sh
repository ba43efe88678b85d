#!/usr/bin/env bash
# Installs what arrayc needs on a fresh Debian 12 machine (when missing),
# configures with the `default` preset and builds into build/.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
          libgtest-dev python3-numpy python3-pytest python3-pip python3-setuptools
          libopenblas-dev liblapacke-dev libfftw3-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends "${missing[@]}" ||
    { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends "${missing[@]}"; }
fi

cmake --preset default >/dev/null
cmake --build build -j "$(nproc)"
