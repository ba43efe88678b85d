#!/usr/bin/env bash
# Build machine: compile each bench/workloads/*.arr with arrayc (--target=cuda) and link
# one timing executable per workload from bench/harness/harness.cpp.
# Output: .device-carry/bench/ (git-ignored; carry it to the device machine).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ARRAYC="${ARRAYC:-$ROOT/build/bin/arrayc}"
LIBDIR="${ARRAYC_LIBDIR:-$ROOT/build/lib}"
CUDA="${CUDA_HOME:-/usr/local/cuda}"
OUTDIR="$ROOT/.device-carry/bench"
# Optional: VARIANT=name links objects already compiled (by another arrayc build) from
# OBJS_IN=dir (dir/SOURCE.o) into bench_WORKLOAD.VARIANT; run.py reports them as
# system "arrayc_VARIANT" beside "arrayc".
VARIANT="${VARIANT:-}"
OBJS_IN="${OBJS_IN:-}"
SUFFIX="${VARIANT:+.$VARIANT}"
# Optional: ONLY="name name ..." builds only those workloads of the table.
ONLY="${ONLY:-}"
OBJDIR="$(mktemp -d)"
trap 'rm -rf "$OBJDIR"' EXIT
mkdir -p "$OUTDIR"

# Retry helper: another engineer may be rebuilding the compiler/runtime libraries.
retry() { local i; for i in 1 2 3 4 5 6; do "$@" && return 0; echo "retry $i: $*" >&2; sleep 5; done; return 1; }

# workload  source  function  ctype  dtype  n_inputs  input_rank  output_rank  [arrayc flags]
# (ctype and dtype: IN/OUT when the result's element type differs from the inputs')
# In-place rows (issue 25: the function returns nothing and updates its arguments) use
# bench/harness/harness_inplace.cpp: n_inputs counts the array arguments (.npy inputs),
# input_rank is the signature (the parameters in order: iV an i64 scalar of value V,
# a digit R an array of rank R), output_rank is inplace=K[+K...] (the array arguments,
# 0-based among the arrays, that out.npy holds after one call: flattened, concatenated).
WORKLOADS="
sqdiff            sqdiff    sqdiff    float  ARRAYC_RT_F32 2 1 1
chain             chain     chain     float  ARRAYC_RT_F32 2 1 1
sum               sum       total     float  ARRAYC_RT_F32 1 1 0
mse               mse       mse       float  ARRAYC_RT_F32 2 1 0
dot_1e8           dot       dotp      float  ARRAYC_RT_F32 2 1 0
softmax_8192      softmax   softmax   float  ARRAYC_RT_F32 1 2 2
softmax4d         softmax4d softmax4d float  ARRAYC_RT_F32 1 4 4
layernorm_8192    layernorm layernorm float  ARRAYC_RT_F32 1 2 2
transpose_8192    transpose transpose float  ARRAYC_RT_F32 1 2 2
cumsum_2e26       cumsum    cumsum    float  ARRAYC_RT_F32 1 1 1
prod_axis0_f64    prod0     prod0     double ARRAYC_RT_F64 1 3 2
matmul_f32_8192   matmul    matmul    float  ARRAYC_RT_F32 2 2 2
matmul_tf32_8192  matmul    matmul    float  ARRAYC_RT_F32 2 2 2 --tf32
matmul_f16_8192   matmul_f16 matmul16 uint16_t ARRAYC_RT_F16 2 2 2
matmul_fp16_8192  matmul    matmul    float  ARRAYC_RT_F32 2 2 2 --fp16
mlp_layer_4096    mlp_layer mlp_layer float  ARRAYC_RT_F32 2 2 2
bmm_4096x32       bmm       bmm       float  ARRAYC_RT_F32 2 3 3
pairwise_dist_f16 pairwise  pairwise_dist uint16_t ARRAYC_RT_F16 2 2 2
small_sqdiff_1e4  sqdiff    sqdiff    float  ARRAYC_RT_F32 2 1 1
small_sum_1e4     sum       total     float  ARRAYC_RT_F32 1 1 0
small_softmax_64x1024 softmax softmax float  ARRAYC_RT_F32 1 2 2
qr_512            linalg    qr_r      float  ARRAYC_RT_F32 1 2 2
qr_2048           linalg    qr_r      float  ARRAYC_RT_F32 1 2 2
det_512           linalg    det1      float  ARRAYC_RT_F32 1 2 0
det_2048          linalg    det1      float  ARRAYC_RT_F32 1 2 0
svd_512           linalg    svd_s     float  ARRAYC_RT_F32 1 2 1
svd_2048          linalg    svd_s     float  ARRAYC_RT_F32 1 2 1
inv_4096          linalg    inv1      float  ARRAYC_RT_F32 1 2 2
solve_4096x16     linalg    solve1    float  ARRAYC_RT_F32 2 2 2
fft_c64_2e24      fft       fft1      cf32   ARRAYC_RT_C64 1 1 1
fft2_c64_4096     fft       fft2d     cf32   ARRAYC_RT_C64 1 2 2
rfft_f32_2e24     fft       rfft1     float/cf32 ARRAYC_RT_F32/ARRAYC_RT_C64 1 1 1
jacobi_2d_4096    inplace   jacobi_2d float  ARRAYC_RT_F32 2 i20,2,2 inplace=0+1
jacobi_2d_128     inplace   jacobi_2d float  ARRAYC_RT_F32 2 i200,2,2 inplace=0+1
heat_3d_256       inplace   heat_3d   float  ARRAYC_RT_F32 2 i20,3,3 inplace=0+1
fdtd_2d_4096      inplace   fdtd_2d   float  ARRAYC_RT_F32 4 i20,2,2,2,1 inplace=0+1+2
"

if [ -z "$VARIANT" ]; then
  { "$ARRAYC" --version; md5sum "$ARRAYC"; git -C "$ROOT" rev-parse HEAD;
    # The compiler's own tree when ARRAYC lives in another checkout (ARRAYC=/work/main/...).
    git -C "$(dirname "$ARRAYC")" rev-parse --show-toplevel HEAD 2>/dev/null;
    git -C "$ROOT" diff --stat -- lib include tools dialects runtime; } \
    > "$OUTDIR/arrayc-version.txt" 2>&1 || true
fi

echo "$WORKLOADS" | while read -r name src fn ctype dt nin irank orank flags; do
  [ -z "$name" ] && continue
  if [ -n "$ONLY" ] && [[ " $ONLY " != *" $name "* ]]; then continue; fi
  obj="$OBJDIR/$src${flags//[- ]/_}.o"
  if [ -n "$OBJS_IN" ]; then
    obj="$OBJS_IN/$src${flags//[- ]/_}.o"
  elif [ ! -f "$obj" ]; then
    retry "$ARRAYC" --target=cuda $flags --emit=obj "$ROOT/bench/workloads/$src.arr" -o "$obj"
  fi
  if [ "${orank#inplace=}" != "$orank" ]; then
    sig="$irank"
    retry c++ -O2 -std=c++17 \
      -DBENCH_NAME="\"$name\"" -DBENCH_FN="_mlir_ciface_$fn" -DBENCH_T="$ctype" \
      -DBENCH_DT="$dt" -DBENCH_NARGS="$(echo "$sig" | tr ',' '\n' | wc -l)" \
      -DBENCH_SIG="\"$sig\"" -DBENCH_OUTS="\"${orank#inplace=}\"" \
      -I"$CUDA/include" -I"$ROOT/runtime/include" \
      "$ROOT/bench/harness/harness_inplace.cpp" "$obj" \
      "$LIBDIR/libarrayc_runtime_cuda.a" "$LIBDIR/libarrayc_runtime.a" \
      -L"$CUDA/lib64/stubs" -lcuda -llapacke -lopenblas -lfftw3 -lfftw3f -lm -ldl -lpthread \
      -o "$OUTDIR/bench_$name$SUFFIX"
    strip "$OUTDIR/bench_$name$SUFFIX"
    echo "built .device-carry/bench/bench_$name$SUFFIX"
    continue
  fi
  retry c++ -O2 -std=c++17 \
    -DBENCH_NAME="\"$name\"" -DBENCH_FN="_mlir_ciface_$fn" -DBENCH_T="${ctype%/*}" \
    -DBENCH_DT="${dt%/*}" -DBENCH_TO="${ctype#*/}" -DBENCH_DTO="${dt#*/}" -DBENCH_NIN="$nin" -DBENCH_IRANK="$irank" -DBENCH_ORANK="$orank" \
    -I"$CUDA/include" -I"$ROOT/runtime/include" \
    "$ROOT/bench/harness/harness.cpp" "$obj" \
    "$LIBDIR/libarrayc_runtime_cuda.a" "$LIBDIR/libarrayc_runtime.a" \
    -L"$CUDA/lib64/stubs" -lcuda -llapacke -lopenblas -lfftw3 -lfftw3f -lm -ldl -lpthread \
    -o "$OUTDIR/bench_$name$SUFFIX"
  strip "$OUTDIR/bench_$name$SUFFIX"
  echo "built .device-carry/bench/bench_$name$SUFFIX"
done
du -sh "$OUTDIR"
