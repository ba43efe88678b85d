#!/usr/bin/env bash
# Build machine side of running the GPU suite on a lent GPU (docs/gpu-testing.md):
# stages arrayc, its runtime and the Debian LLVM/MLIR 22 shared libraries it links
# into .device-carry/ (git-ignored), about 55 MB, to be carried by the device tool.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.device-carry
rm -rf "$out/arrayc" "$out/debs"
mkdir -p "$out/arrayc/bin" "$out/arrayc/lib" "$out/debs"
cp build/bin/arrayc "$out/arrayc/bin/"
cp build/lib/libarrayc_runtime*.so build/lib/libarrayc_runtime*.a build/lib/libarrayc_rt_main.a "$out/arrayc/lib/"
[ -x build/bin/arrayc_runtime_cuda_smoke ] && cp build/bin/arrayc_runtime_cuda_smoke "$out/arrayc/bin/"
# The device runs Ubuntu 24.04 without LLVM/MLIR: carry Debian's packages.
(cd "$out/debs" && apt-get download libllvm22 libmlir-22 libz3-4 >/dev/null)
du -sh "$out"
