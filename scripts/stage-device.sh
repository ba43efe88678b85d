#!/usr/bin/env bash
# Build machine side of running the GPU suite on a lent GPU (docs/gpu-testing.md):
# stages arrayc and its runtime into .device-carry/ (git-ignored) with the Debian
# shared libraries they need, which the device (Ubuntu 24.04, no LLVM/MLIR) lacks:
#   .device-carry/arrayc/      arrayc (stripped), the runtime libraries
#   .device-carry/llvm.tar.xz  libLLVM, libMLIR, libz3 from Debian's packages,
#                              recompressed (xz -9e, a few minutes, cached by
#                              package version) so that all fits the carry limit
#   .device-carry/rt.tar.xz    the runtime's LAPACKE, OpenBLAS and FFTW libraries from
#                              Debian's packages (OpenBLAS's also provides the
#                              liblapack.so.3 LAPACKE needs) and LLVM's libomp, recompressed the same way
# Carry .device-carry/arrayc.tar.xz (the folder .device-carry/arrayc, packed),
# .device-carry/llvm.tar.xz and .device-carry/rt.tar.xz (64 MiB in all with the
# tree: about 62 MB today).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.device-carry
# The old tarball goes first: a step that fails stops the script (set -e)
# and must not leave an earlier tree to be carried as if it were this one.
rm -rf "$out/arrayc" "$out/debs" "$out/rtdebs" "$out/arrayc.tar.xz"
trap 'echo "stage-device.sh: failed at line $LINENO; nothing staged ($out/arrayc.tar.xz removed)" >&2' ERR
mkdir -p "$out/arrayc/bin" "$out/arrayc/lib"
cp build/bin/arrayc "$out/arrayc/bin/"
strip "$out/arrayc/bin/arrayc"
cp build/lib/libarrayc_runtime*.so build/lib/libarrayc_runtime*.a build/lib/libarrayc_rt_main.a "$out/arrayc/lib/"
# Symbols the loader and linker need stay; the rest goes (the CUB code makes
# the cuda runtime large, and the carry is 64 MiB with the working tree).
strip --strip-unneeded "$out"/arrayc/lib/libarrayc_runtime*.so
strip --strip-debug "$out"/arrayc/lib/libarrayc_runtime*.a
[ -x build/bin/arrayc_runtime_cuda_smoke ] && cp build/bin/arrayc_runtime_cuda_smoke "$out/arrayc/bin/"
# The CUB entry points' GoogleTest (runtime/test/cub_index_test.cpp).
[ -x build/bin/arrayc_runtime_cub_tests ] && cp build/bin/arrayc_runtime_cub_tests "$out/arrayc/bin/" &&
  strip "$out/arrayc/bin/arrayc_runtime_cub_tests"
# The embedding API: libarrayc, its tests, the compile-time benchmark, and
# examples/embed built against the installed package (as a user builds it).
cp -P build/lib/libarrayc.so* "$out/arrayc/lib/"
strip "$out/arrayc/lib/libarrayc.so.0.1.0"
for b in arrayc_api_tests compile_time; do
  [ -x "build/bin/$b" ] && cp "build/bin/$b" "$out/arrayc/bin/" && strip "$out/arrayc/bin/$b"
done
prefix=$(mktemp -d)
cmake --install build --prefix "$prefix" > /dev/null
cmake -S examples/embed -B "$prefix/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" > /dev/null
cmake --build "$prefix/build" > /dev/null
cp "$prefix/build/embed_sqdiff" "$prefix/build/embed_c" "$out/arrayc/bin/"
rm -rf "$prefix"
# `arrayc --target=cuda --shared` and a C program using its header on device memory.
cuda=${CUDA_HOME:-/usr/local/cuda}
if [ -d "$cuda/include" ]; then
  build/bin/arrayc --target=cuda --gpu-arch=sm_90 --shared test/arrayc/Inputs/shlib.arr \
    -o "$out/arrayc/lib/libshlib_cuda.so"
  cc -Wall -Werror -I"$out/arrayc/lib" -I"$cuda/include" \
    test/Integration/GPU/Inputs/use_shlib_cuda.c -L"$out/arrayc/lib" -lshlib_cuda \
    -L"$cuda/lib64/stubs" -lcuda -o "$out/arrayc/bin/use_shlib_cuda"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Downloads Debian packages $3... into a temporary folder and, unless the cached
# archive $1 was made from the same package files (key in $2), packs their
# usr/lib into $1 with xz -9e. apt-get download warns when run as root; the
# packages still arrive.
pack() {
  local archive=$1 keyfile=$2 dir
  shift 2
  dir=$(mktemp -d -p "$tmp")
  (cd "$dir" && apt-get download "$@" 2>/dev/null >/dev/null)
  local key
  key=$(cd "$dir" && ls *.deb | md5sum | cut -d' ' -f1)
  if [ ! -f "$archive" ] || [ "$(cat "$keyfile" 2>/dev/null)" != "$key" ]; then
    mkdir "$dir/x"
    for d in "$dir"/*.deb; do dpkg -x "$d" "$dir/x"; done
    tar -C "$dir/x" -cf - usr/lib | xz -9e -T0 > "$archive.part"
    mv "$archive.part" "$archive"
    echo "$key" > "$keyfile"
  fi
}
pack "$out/llvm.tar.xz" "$out/llvm.key" libllvm22 libmlir-22 libz3-4
# The cpu target's OpenMP runtime: the package of the libomp.so.5 the runtime
# links (Debian 12: LLVM 19's, also with libomp-22-dev installed).
omp=$(dpkg -S "$(readlink -f /usr/lib/x86_64-linux-gnu/libomp.so.5)" | cut -d: -f1)
pack "$out/rt.tar.xz" "$out/rt.key" liblapacke libtmglib3 libopenblas0-pthread libgfortran5 \
  libfftw3-single3 libfftw3-double3 "$omp"
# The same folder packed: carry .device-carry/arrayc.tar.xz instead of the folder
# when the carry limit is near (scripts/device-libs.sh unpacks it).
tar -C "$out" -cf - arrayc | xz -9e -T0 > "$out/arrayc.tar.xz.part"
mv "$out/arrayc.tar.xz.part" "$out/arrayc.tar.xz"
du -shc "$out/arrayc.tar.xz" "$out/llvm.tar.xz" "$out/rt.tar.xz"
