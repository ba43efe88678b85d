#!/usr/bin/env bash
# Device side (run from the repository root on the lent GPU, after
# scripts/stage-device.sh here and with .device-carry carried): unpacks the carried
# LLVM/MLIR and runtime libraries, then runs the runtime's CUDA smoke test and every e2e program
# on the cuda target, JIT (`arrayc run`) and AOT (executables), and JIT again with
# --no-fusion, against NumPy.
set -uo pipefail
source scripts/device-libs.sh
arrayc=.device-carry/arrayc/bin/arrayc
status=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
"$arrayc" --version
if [ -x .device-carry/arrayc/bin/arrayc_runtime_cuda_smoke ]; then
  LD_LIBRARY_PATH=".device-carry/arrayc/lib:$LD_LIBRARY_PATH" .device-carry/arrayc/bin/arrayc_runtime_cuda_smoke || status=1
fi
if [ -x .device-carry/arrayc/bin/arrayc_runtime_cub_tests ]; then
  echo "== the CUB entry points (sort, argsort, compress on device memory)"
  LD_LIBRARY_PATH=".device-carry/arrayc/lib:$LD_LIBRARY_PATH" .device-carry/arrayc/bin/arrayc_runtime_cub_tests --gtest_brief=1 || status=1
fi
echo "== sorting and selections at 10^6 elements and more (CUB), cuda target, JIT"
python3 test/e2e/run_e2e.py --target=cuda --mode=jit --arrayc "$arrayc" \
  test/Integration/GPU/Inputs/cub_sort_large.arr test/Integration/GPU/Inputs/cub_select_large.arr || status=1
echo "== e2e corpus, cuda target, JIT"
python3 test/e2e/run_e2e.py --target=cuda --mode=jit --arrayc "$arrayc" --dir test/e2e || status=1
# The other modes leave out scale_long_loop.arr: 2 x 10^6 loop iterations of
# tiny kernels take 120 s per pass on the H100 (launch-bound), and the suite
# must fit one 10-minute device call. The JIT pass above runs it.
echo "== test/apps (NumPy programs from many fields, issue 26), cuda target, JIT; XFAIL: known gaps"
python3 test/e2e/run_e2e.py --target=cuda --mode=jit --arrayc "$arrayc" --dir test/apps || status=1
corpus=$(ls test/e2e/*.arr | grep -v '/scale_long_loop\.arr$')
echo "== e2e corpus, cuda target, AOT"
python3 test/e2e/run_e2e.py --target=cuda --mode=aot --arrayc "$arrayc" $corpus || status=1
echo "== e2e corpus, cuda target, JIT, --no-fusion (one kernel per operation): the same answers"
python3 test/e2e/run_e2e.py --target=cuda --mode=jit --flag=--no-fusion --arrayc "$arrayc" $corpus || status=1
echo "== e2e corpus, cuda target, JIT, --gpu-format=isa (PTX compiled by the driver at load)"
python3 test/e2e/run_e2e.py --target=cuda --mode=jit --flag=--gpu-format=isa --arrayc "$arrayc" $corpus || status=1
echo "== f32 products on the TF32 tensor cores (--tf32), cuda target, JIT and AOT"
for mode in jit aot; do
  python3 test/e2e/run_e2e.py -v --target=cuda --mode=$mode --flag=--tf32 --arrayc "$arrayc" \
    test/e2e/matmul_tf32.arr || status=1
done
echo "== mixed precision (--fp16, --bf16), cuda target, JIT and AOT"
for flag in --fp16 --bf16; do
  for mode in jit aot; do
    python3 test/e2e/run_e2e.py -v --target=cuda --mode=$mode --flag=$flag --arrayc "$arrayc" \
      test/e2e/mixed_precision.arr test/e2e/pairwise_dist_f16.arr || status=1
  done
done
echo "== random.*: the same numbers for a seed on the cpu and cuda targets"
rnd=$(mktemp -d)
mkdir -p "$rnd/cpu" "$rnd/cuda"
root_dir=$PWD
src="$root_dir/test/Integration/GPU/Inputs/random_streams.arr"
(cd "$rnd/cpu" && "$root_dir/$arrayc" run --target=cpu "$src") &&
  (cd "$rnd/cuda" && "$root_dir/$arrayc" run --target=cuda "$src") &&
  python3 test/Integration/GPU/compare_targets.py "$rnd/cpu" "$rnd/cuda" --rtol=1e-12 || status=1
rm -rf "$rnd"
echo "== embedding (libarrayc), cuda target: examples/embed (C++ and C), the API's 8-thread stress test"
emb=$(mktemp -d)
export LD_LIBRARY_PATH=".device-carry/arrayc/lib:$LD_LIBRARY_PATH"
ARRAYC_CACHE_DIR="$emb/cache" .device-carry/arrayc/bin/embed_sqdiff cuda || status=1
ARRAYC_CACHE_DIR="$emb/cache" .device-carry/arrayc/bin/embed_c || status=1
ARRAYC_API_TEST_TARGET=cuda ARRAYC_CACHE_DIR="$emb/cache" \
  .device-carry/arrayc/bin/arrayc_api_tests --gtest_brief=1 --gtest_filter='Stress.*:Faults.*' || status=1
echo "== arrayc --target=cuda --shared: a C program on device memory through the header"
.device-carry/arrayc/bin/use_shlib_cuda || status=1
echo "== compile time (bench/compile), cpu and cuda: cold and warm, medians of 9 new processes"
python3 bench/compile/run.py --bin .device-carry/arrayc/bin/compile_time --targets cpu,cuda \
  --gpu-formats isa,bin,fatbin --reps 9 ${OUT:+--out "$OUT/compile.jsonl"} || status=1
echo "== where a compile's time goes (ARRAYC_VERBOSE=1), cpu then cuda isa/fatbin, cold then warm"
for t in "cpu" "cuda isa" "cuda fatbin"; do
  rm -rf "$emb/ph"
  set -- $t
  for i in 1 2; do
    ARRAYC_VERBOSE=1 .device-carry/arrayc/bin/compile_time "$1" "$emb/ph" ${2:-} 2>&1 |
      grep -v "^{" | cut -c1-40,100-
  done
done
rm -rf "$emb"
exit $status
