# Sourced by scripts/fuzz.sh and scripts/sanitize.sh: installs clang-22 and its
# sanitizer/libFuzzer runtimes (libclang-rt-22-dev) when missing.
if ! command -v clang-22 >/dev/null || [ ! -d /usr/lib/llvm-22/lib/clang/22/lib/linux ]; then
  sudo=""; [ "$(id -u)" != 0 ] && sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends \
    clang-22 libclang-rt-22-dev
fi
