#!/usr/bin/env bash
# Installs what arrayc needs on a fresh Debian 12 machine (when missing),
# configures with the `default` preset and builds into build/.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
          libgtest-dev python3-numpy libopenblas-dev liblapacke-dev libfftw3-dev
          libomp-22-dev libopenmpi-dev openmpi-bin)
# libopenmpi-dev, openmpi-bin: sharded programs (--mesh) link Debian's
# OpenMPI and their tests (test/distributed) start them with mpirun.
# The Python package's tests (test/python) need these; without them (no apt
# source reachable) those tests are reported unsupported and the rest runs.
optional=(python3-pytest python3-pip python3-setuptools python3-dev)

# install PACKAGE...: apt-get installs those not installed yet.
install() {
  local missing=() p sudo=""
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  echo "setup: installing ${missing[*]}"
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends "${missing[@]}" ||
    { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends "${missing[@]}"; }
}
install "${packages[@]}"
install "${optional[@]}" ||
  echo "setup: could not install ${optional[*]}: test/python will be unsupported"

cmake --preset default >/dev/null
cmake --build build -j "$(nproc)"
