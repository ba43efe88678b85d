#!/usr/bin/env bash
# The whole cpu test suite (check-arrayc) under AddressSanitizer +
# UndefinedBehaviorSanitizer: configures build-asan with clang-22 (shared ASan
# runtime, so that Python, which is not instrumented, can load libarrayc, and
# the AOT executables arrayc links load the instrumented runtime), builds, and
# runs check-arrayc. UBSan errors abort; ASan stops at the first error.
#   bash scripts/sanitize.sh
# Installs clang-22 and libclang-rt-22-dev when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/need-clang.sh
B=${ARRAYC_ASAN_BUILD:-build-asan}
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -shared-libasan"
asan_rt=$(clang-22 -print-file-name=libclang_rt.asan-x86_64.so)
# Shared libraries (libarrayc, `arrayc --shared` outputs) need the ASan runtime;
# the run path lets a plain `cc` link against them (the tests' host programs).
link="$san -Wl,-rpath,$(dirname "$asan_rt")"
if [ ! -f "$B/build.ninja" ]; then
  CC=clang-22 CXX=clang++-22 cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DCMAKE_C_FLAGS="$san" -DCMAKE_CXX_FLAGS="$san" \
    -DCMAKE_EXE_LINKER_FLAGS="$link" -DCMAKE_SHARED_LINKER_FLAGS="$link" \
    -DARRAYC_AOT_LINKER=clang++-22 -DARRAYC_AOT_LINK_FLAGS="$link" > "$B-configure.log"
fi
ninja -C "$B"
# LD_PRELOAD: the ASan runtime first in every process the tests start (Python,
# the AOT executables). allow_user_poisoning=0: LLVM's headers poison
# allocator memory in our instrumented code that Debian's uninstrumented
# libMLIR writes (a false use-after-poison). detect_leaks=0: MLIR and LLVM
# keep their global state until exit by design. allocator_may_return_null=1:
# malloc of more than the machine has returns NULL, as glibc's does, instead of
# ASan aborting the process -- the out-of-memory tests check what arrayc
# makes of that NULL (a located error).
export LD_PRELOAD="$asan_rt"
export ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:verify_asan_link_order=0:abort_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ninja -C "$B" check-arrayc
