#!/usr/bin/env bash
# Build machine side of running the GPU suite on a lent GPU (docs/gpu-testing.md):
# stages arrayc and its runtime into .device-carry/ (git-ignored) with the Debian
# shared libraries they need, which the device (Ubuntu 24.04, no LLVM/MLIR) lacks:
#   .device-carry/arrayc/      arrayc (stripped), the runtime libraries
#   .device-carry/llvm.tar.xz  libLLVM, libMLIR, libz3 from Debian's packages,
#                              recompressed (xz -9e, a few minutes, cached by
#                              package version) so that all fits the carry limit
#   .device-carry/rtdebs/      the runtime's LAPACKE, OpenBLAS and FFTW packages
#                              (OpenBLAS's also provides the liblapack.so.3 LAPACKE needs)
# Carry .device-carry/arrayc, .device-carry/llvm.tar.xz and .device-carry/rtdebs.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.device-carry
rm -rf "$out/arrayc" "$out/debs" "$out/rtdebs"
mkdir -p "$out/arrayc/bin" "$out/arrayc/lib" "$out/rtdebs"
cp build/bin/arrayc "$out/arrayc/bin/"
strip "$out/arrayc/bin/arrayc"
cp build/lib/libarrayc_runtime*.so build/lib/libarrayc_runtime*.a build/lib/libarrayc_rt_main.a "$out/arrayc/lib/"
[ -x build/bin/arrayc_runtime_cuda_smoke ] && cp build/bin/arrayc_runtime_cuda_smoke "$out/arrayc/bin/"
# apt-get download warns when it runs as root; the packages still arrive.
(cd "$out/rtdebs" && apt-get download liblapacke libtmglib3 libopenblas0-pthread libgfortran5 \
  libfftw3-single3 libfftw3-double3 2>/dev/null >/dev/null)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && apt-get download libllvm22 libmlir-22 libz3-4 2>/dev/null >/dev/null)
key=$(cd "$tmp" && ls *.deb | md5sum | cut -d' ' -f1)
if [ ! -f "$out/llvm.tar.xz" ] || [ "$(cat "$out/llvm.key" 2>/dev/null)" != "$key" ]; then
  mkdir "$tmp/x"
  for d in "$tmp"/*.deb; do dpkg -x "$d" "$tmp/x"; done
  tar -C "$tmp/x" -cf - usr/lib | xz -9e -T0 > "$out/llvm.tar.xz.part"
  mv "$out/llvm.tar.xz.part" "$out/llvm.tar.xz"
  echo "$key" > "$out/llvm.key"
fi
du -shc "$out/arrayc" "$out/llvm.tar.xz" "$out/rtdebs"
