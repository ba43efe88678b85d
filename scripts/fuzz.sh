#!/usr/bin/env bash
# The libFuzzer targets (fuzz/): configures build-fuzz with clang-22,
# AddressSanitizer + UndefinedBehaviorSanitizer (errors abort) and libFuzzer
# coverage, builds them, seeds the corpora and runs each target.
#
#   bash scripts/fuzz.sh [SECONDS] [frontend|opt|both|call]   (default 1800, both:
#                                                            frontend and opt at once)
#
# Seeds: the frontend's from every .arr under test/ and examples/; the opt
# target's from the ndarray IR arrayc emits for the e2e programs and from
# the dialect's lit tests (split at `// -----`); the call target (random
# argument descriptors through arrayc_call, fuzz/CallFuzzer.cpp) starts from
# a few random inputs. Crashes, leaks, timeouts
# (-timeout=20 s) and OOMs (-rss_limit_mb=4096) stop a run and leave
# crash-*/timeout-*/oom-* files in build-fuzz/fuzz-<target>/; the logs are
# build-fuzz/fuzz-<target>.log. Installs clang-22 and libclang-rt-22-dev when
# missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/need-clang.sh
secs=${1:-1800}
which=${2:-both}
B=${ARRAYC_FUZZ_BUILD:-build-fuzz}
san="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=all -fno-omit-frame-pointer -g"
if [ ! -f "$B/build.ninja" ]; then
  CC=clang-22 CXX=clang++-22 cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm \
    -DARRAYC_FUZZ=ON -DARRAYC_DISABLE_CUDA=ON -DCMAKE_C_FLAGS="$san" -DCMAKE_CXX_FLAGS="$san" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" > "$B-configure.log"
fi
ninja -C "$B" arrayc-fuzz-frontend arrayc-fuzz-opt arrayc-fuzz-call arrayc arrayc_runtime
# allow_user_poisoning=0: LLVM's headers poison BumpPtrAllocator memory in our
# (instrumented) code that Debian's uninstrumented libMLIR then writes: a false
# use-after-poison.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allow_user_poisoning=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

seed_frontend() {
  local d="$B/seeds-frontend"
  rm -rf "$d" && mkdir -p "$d"
  find test examples -name '*.arr' | while read -r f; do cp "$f" "$d/$(echo "$f" | tr / _)"; done
}
seed_opt() {
  local d="$B/seeds-opt"
  rm -rf "$d" && mkdir -p "$d"
  for f in test/e2e/*.arr; do
    "$B/bin/arrayc" --emit=ndarray "$f" -o "$d/$(basename "$f" .arr).mlir" 2>/dev/null || true
  done
  for f in test/Dialect/NDArray/*.mlir; do
    awk -v out="$d/$(basename "$f" .mlir)" '/^\/\/ -----/{n++; next} {print > (out "-" n+0 ".mlir")}' "$f"
  done
}
seed_call() {
  local d="$B/seeds-call"
  rm -rf "$d" && mkdir -p "$d"
  for i in 1 2 3 4 5 6 7 8; do head -c 512 /dev/urandom > "$d/random-$i"; done
}
run() { # target seconds
  local t=$1 s=$2
  mkdir -p "$B/fuzz-$t" "$B/corpus-$t"
  (cd "$B/fuzz-$t" && nice -n 10 "../bin/arrayc-fuzz-$t" -max_total_time="$s" -timeout=20 \
     -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 "../corpus-$t" "../seeds-$t" \
     > "../fuzz-$t.log" 2>&1) && echo "$t: no crash in ${s}s" || { echo "$t: FAILED (see $B/fuzz-$t.log)"; return 1; }
}
status=0
case "$which" in
  frontend) seed_frontend; run frontend "$secs" || status=1 ;;
  opt) seed_opt; run opt "$secs" || status=1 ;;
  call) seed_call; run call "$secs" || status=1 ;;
  both)
    seed_frontend; seed_opt
    run frontend "$secs" & a=$!
    run opt "$secs" & b=$!
    wait $a || status=1
    wait $b || status=1 ;;
esac
grep -h "stat::number_of_executed_units\|stat::peak_rss_mb\|cov:" "$B"/fuzz-*.log | tail -n 6 || true
exit $status
