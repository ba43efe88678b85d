#!/usr/bin/env bash
# Issue 30's multi-GPU path (docs/distributed.md, "The cuda target"): sharded
# functions on the cuda target, one process per GPU under `arrayc launch`,
# collectives over NCCL. Run on a machine with 2 or more GPUs, from the
# repository root, with the built tree in .device-carry/arrayc (staged by
# scripts/stage-device.sh, which copies libarrayc_runtime_nccl.{a,so} with the
# other runtime libraries), after:
#   source scripts/device-libs.sh
#   export LD_LIBRARY_PATH=$PWD/.device-carry/arrayc/lib:$LD_LIBRARY_PATH \
#     ARRAYC_LIBRARY=$PWD/.device-carry/arrayc/lib/libarrayc.so PYTHONPATH=$PWD/python-frontend
# Usage: bash scripts/multigpu-device.sh [env|tests|faults|bench|all]   (default: all)
# (.device-carry/multigpu.sh, git-ignored, calls this script.)
# Each part fits one 10-minute call: `tests` (env + the launcher + test/distributed's
# programs on 2 GPUs), `faults` (failures + one-GPU matrix products), `bench`. Nothing is built
# here except the .arr programs (compiled by .device-carry/arrayc/bin/arrayc).
# One failing step does not stop the others; everything goes to $OUT/log.txt
# (OUT defaults to ./multigpu-out), and a PASS/FAIL summary ends the log.
set -u
OUT=${OUT:-$PWD/multigpu-out}
mkdir -p "$OUT"
LOG="$OUT/log.txt"
exec > >(tee -a "$LOG") 2>&1
root=$PWD
A=$root/.device-carry/arrayc/bin/arrayc
export ARRAYC_RUNTIME_DIR=$root/.device-carry/arrayc/lib
export ARRAYC_CACHE_DIR=${ARRAYC_CACHE_DIR:-$(mktemp -d /tmp/arrayc-cache-XXXXXX)}
export NCCL_DEBUG=${NCCL_DEBUG:-WARN}
what=${1:-all}
work=$(mktemp -d /tmp/arrayc-multigpu-XXXXXX)
npass=0
nfail=0
failed=""
ok() { echo "PASS: $1"; npass=$((npass + 1)); }
ko() { echo "FAIL: $1"; nfail=$((nfail + 1)); failed="$failed
  $1"; }
# run NAME SECONDS CMD...: a step that passes when CMD exits 0 within SECONDS.
run() {
  local name=$1 limit=$2
  shift 2
  echo "== $name"
  echo "\$ $*"
  local t0=$SECONDS
  timeout "$limit" "$@" < /dev/null
  local rc=$?
  echo "(status $rc, $((SECONDS - t0)) s)"
  if [ $rc -eq 0 ]; then ok "$name"; else ko "$name (status $rc)"; fi
}
# expect NAME WANT_STATUS MAX_SECONDS 'REGEX' CMD...: CMD's status is WANT_STATUS
# (0, or "nonzero"), it ends within MAX_SECONDS, and a line of its output
# (stdout and stderr, kept in $work/out.txt) matches the extended REGEX.
expect() {
  local name=$1 want=$2 max=$3 regex=$4
  shift 4
  echo "== $name"
  echo "\$ $*"
  local t0=$SECONDS
  timeout $((max + 60)) "$@" < /dev/null > "$work/out.txt" 2>&1
  local rc=$? took=$((SECONDS - t0))
  cat "$work/out.txt"
  echo "(status $rc, $took s)"
  local good=1
  if [ "$want" = 0 ]; then [ $rc -eq 0 ] || good=0; else [ $rc -ne 0 ] || good=0; fi
  [ $rc -eq 124 ] && good=0
  [ $took -le "$max" ] || { echo "took $took s, more than $max"; good=0; }
  grep -Eq -- "$regex" "$work/out.txt" || { echo "no line matches: $regex"; good=0; }
  grep -q "did not end within" "$work/out.txt" && good=0
  if [ $good = 1 ]; then ok "$name"; else ko "$name"; fi
}
LS="python3 $root/test/distributed-gpu/launch_same.py --arrayc $A"
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')

part_env() {
  echo "== environment"
  date -u
  nvidia-smi -L
  nvidia-smi topo -m 2>/dev/null | head -12
  "$A" --version
  ls -l "$ARRAYC_RUNTIME_DIR" | grep -E 'nccl|cuda'
  python3 -c "import nvidia.nccl, os; d = os.path.dirname(nvidia.nccl.__file__ or list(nvidia.nccl.__path__)[0]); print('nvidia.nccl:', d); print(os.listdir(os.path.join(d, 'lib')))" ||
    echo "(python3 cannot import nvidia.nccl)"
  python3 -c "import jax; print('jax', jax.__version__, jax.devices())" 2>&1 | tail -1
  echo "GPUs: $ngpu"
}

part_tests() {
  echo "######## tests: the launcher, then test/distributed's programs on 2 GPUs vs NumPy"
  expect "launcher: 2 ranks, their variables" 0 20 'rank=1 size=2 local=1' \
    "$A" launch -np 2 sh -c 'echo "rank=$ARRAYC_RANK size=$ARRAYC_WORLD_SIZE local=$ARRAYC_LOCAL_RANK"'
  # The smallest program first: one all-reduce of a split dot product.
  run "compile dot.arr (cuda, mesh 2)" 120 "$A" --target=cuda --verbose --mesh=2 \
    --shard=dot:0=0 --shard=dot:1=0 test/distributed/Inputs/dot.arr -o "$work/dot2"
  expect "dot.arr on 2 GPUs (NCCL found without ARRAYC_NCCL_LIBRARY)" 0 120 '^87360\.0$' \
    $LS --timeout 120 2 "$work/dot2"
  if ! grep -q '^87360\.0$' "$work/out.txt"; then
    # Where the runtime's search did not find NCCL: point at the Python package's.
    d=$(python3 -c "import nvidia.nccl, os; print(os.path.dirname(nvidia.nccl.__file__ or list(nvidia.nccl.__path__)[0]))" 2>/dev/null)
    if [ -n "$d" ] && [ -z "${ARRAYC_NCCL_LIBRARY:-}" ]; then
      export ARRAYC_NCCL_LIBRARY=$d/lib/libnccl.so.2
      echo "(retrying with ARRAYC_NCCL_LIBRARY=$ARRAYC_NCCL_LIBRARY)"
      expect "dot.arr on 2 GPUs (ARRAYC_NCCL_LIBRARY)" 0 120 '^87360\.0$' \
        $LS --timeout 120 2 "$work/dot2"
    fi
  fi
  # The RUN lines of test/distributed-gpu/*.test that compare with NumPy.
  for t in test/distributed-gpu/*.test; do
    case $t in *faults.test) continue ;; esac
    if grep -q 'REQUIRES: gpus-4' "$t" && [ "$ngpu" -lt 4 ]; then
      echo "== $t: needs 4 GPUs, skipped"
      continue
    fi
    while read -r line; do
      cmd=${line//%e2e/python3 test/e2e/run_e2e.py -v --arrayc $A}
      cmd=${cmd//%launch_same/$LS --timeout 150}
      cmd=${cmd//%arrayc_src/$root}
      mode=$(echo "$cmd" | grep -o -- '--mode=[a-z]*')
      run "$(basename "$t") $mode" 300 bash -c "$cmd"
    done < <(grep '^RUN: %e2e' "$t" | sed 's/^RUN: //')
  done
  # The --verbose notes on cuda: the calls are split, not left replicated.
  expect "chain_matrix.arr: calls split on cuda" 0 120 'shard: mm: argument 0 along dimension 0 split over 2 processes' \
    "$A" --target=cuda --emit=linalg --verbose --mesh=2 --shard=stats:0=0 --shard=stats:1=0 \
    --shard=mv:0=0 --shard=mm:0=0 --shard=kmm:0=1 --shard=kmm:1=0 --shard=scale:0=1 \
    --shard=counts:0=0 test/distributed/chain_matrix.arr -o /dev/null
  # Sharded @arrayc.jit functions (test/distributed-gpu/python_jit.test without
  # lit): every function matches NumPy on both ranks, and none is replicated.
  ARRAYC_VERBOSE=1 ARRAYC_CACHE_DIR=$(mktemp -d /tmp/arrayc-pyjit-XXXXXX) \
    expect "python_jit: @arrayc.jit(mesh=2) on 2 GPUs" 0 200 '^colsum: .*close True' \
    $LS --timeout 180 2 python3 test/distributed/Inputs/jit_shard.py cuda
  if [ "$(grep -c 'close True, .*arguments unchanged True' "$work/out.txt")" -ne 7 ] ||
    grep -q 'replicated' "$work/out.txt"; then
    ko "python_jit: seven calls split and matching NumPy"
  else
    ok "python_jit: seven calls split and matching NumPy"
  fi
}

part_faults() {
  echo "######## faults: every rank ends, with a located error, within seconds"
  run "compile dot.arr (cuda, mesh 2)" 120 "$A" --target=cuda --mesh=2 \
    --shard=dot:0=0 --shard=dot:1=0 test/distributed/Inputs/dot.arr -o "$work/dot2f"
  local e=$work/dot2f
  expect "alone: 1 process for a mesh of 2" nonzero 30 \
    'rank 0 of 1: .*dot\.arr:6:1: the program was compiled for a mesh of 2 processes but runs on 1 \(start it with `arrayc launch -np 2`\)' \
    "$e"
  expect "3 ranks for a mesh of 2" nonzero 60 \
    'launch: rank [0-2] of 3 \(pid [0-9]+\) exited with status 1' $LS --timeout 120 3 "$e"
  grep -E 'compiled for a mesh of 2 processes but runs on 3' "$work/out.txt" ||
    ko "3 ranks: no mesh-size message"
  expect "ARRAYC_COLL_FAIL_RANK=1: rank 1 fails at the all-reduce, rank 0 is ended" nonzero 60 \
    'launch: rank 1 of 2 \(pid [0-9]+\) exited with status 1; ending the other rank' \
    env ARRAYC_COLL_FAIL_RANK=1 $LS --timeout 120 2 "$e"
  grep -E 'dot\.arr:[0-9]+:[0-9]+: rank 1 of 2: failure injected by ARRAYC_COLL_FAIL_RANK' "$work/out.txt" ||
    ko "COLL_FAIL_RANK=1: no located message"
  expect "ARRAYC_COLL_FAIL_RANK=0" nonzero 60 \
    'launch: rank 0 of 2 \(pid [0-9]+\) exited with status 1' \
    env ARRAYC_COLL_FAIL_RANK=0 $LS --timeout 120 2 "$e"
  # The same under arrayc launch directly (output forwarded, not per rank).
  expect "ARRAYC_COLL_FAIL_RANK=1 under plain arrayc launch" nonzero 60 \
    'launch: rank 1 of 2 \(pid [0-9]+\) exited with status 1' \
    env ARRAYC_COLL_FAIL_RANK=1 "$A" launch -np 2 "$e"
  expect "a local rank without its GPU" nonzero 30 \
    'rank 1 of 2: .*cannot join the nccl job: local rank 999 uses GPU 999, but this machine has [0-9]+ GPU' \
    env ARRAYC_RANK=1 ARRAYC_WORLD_SIZE=2 ARRAYC_LOCAL_RANK=999 "$e"
  mkdir -p "$work/rdzv"
  expect "a rendezvous that never comes (2 s)" nonzero 30 \
    'rank 0 did not publish the NCCL id in .*nccl-id within 2 s \(ARRAYC_RENDEZVOUS_TIMEOUT\)' \
    env ARRAYC_RANK=1 ARRAYC_WORLD_SIZE=2 ARRAYC_RENDEZVOUS_DIR="$work/rdzv" ARRAYC_RENDEZVOUS_TIMEOUT=2 "$e"
  expect "no rendezvous directory" nonzero 30 \
    'no rendezvous directory for the NCCL id' \
    env -u ARRAYC_RENDEZVOUS_DIR ARRAYC_RANK=1 ARRAYC_WORLD_SIZE=2 "$e"
  expect "NCCL not found (ARRAYC_NCCL_LIBRARY wrong)" nonzero 60 \
    'cannot load NCCL \(libnccl\.so\.2\); tried:' \
    env ARRAYC_NCCL_LIBRARY=/nonexistent/libnccl.so.2 $LS --timeout 120 2 "$e"
  # torchrun's variables instead of arrayc launch's (rank, size, local rank, dir).
  # ARRAYC_RENDEZVOUS_ADDR: the NCCL id over TCP from rank 0 (ranks on several hosts).
  expect "TCP rendezvous (ARRAYC_RENDEZVOUS_ADDR=127.0.0.1:29571)" 0 120 '^87360\.0$' \
    env ARRAYC_RENDEZVOUS_ADDR=127.0.0.1:29571 $LS --timeout 120 2 "$e"
  expect "TCP rendezvous: a host that does not resolve" nonzero 30 \
    'rank [01] of 2: .*cannot join the nccl job: .*nohost\.invalid:1' \
    env ARRAYC_RENDEZVOUS_ADDR=nohost.invalid:1 ARRAYC_RENDEZVOUS_TIMEOUT=5 $LS --timeout 120 2 "$e"
  expect "TCP rendezvous: an address without a port" nonzero 30 \
    'rank 1 of 2: .*cannot join the nccl job: ARRAYC_RENDEZVOUS_ADDR=127\.0\.0\.1 is not HOST:PORT with a port from 1 to 65535' \
    env ARRAYC_RANK=1 ARRAYC_WORLD_SIZE=2 ARRAYC_RENDEZVOUS_ADDR=127.0.0.1 "$e"
  expect "TCP rendezvous: rank 0 that no rank joins (2 s)" nonzero 30 \
    'no rank connected to the rendezvous at 127\.0\.0\.1:29572 \(ARRAYC_RENDEZVOUS_ADDR\) within 2 s \(ARRAYC_RENDEZVOUS_TIMEOUT\)' \
    env ARRAYC_RANK=0 ARRAYC_WORLD_SIZE=2 ARRAYC_RENDEZVOUS_ADDR=127.0.0.1:29572 ARRAYC_RENDEZVOUS_TIMEOUT=2 "$e"
  # A product gathered along its rows with a malformed part size: every rank
  # says so, located at the product's call.
  run "compile mesh_gemm.arr (cuda, mesh 2)" 120 "$A" --target=cuda --mesh=2 --shard=mm:0=0 \
    test/arrayc/Inputs/mesh_gemm.arr -o "$work/gemm2f"
  expect "ARRAYC_GEMM_GATHER_PART_BYTES=0" nonzero 60 \
    "mesh_gemm\.arr:[0-9]+:[0-9]+: ARRAYC_GEMM_GATHER_PART_BYTES='0' is not a positive number of bytes" \
    env ARRAYC_GEMM_GATHER_PART_BYTES=0 $LS --timeout 120 2 "$work/gemm2f"
  expect "torchrun-style variables (RANK/WORLD_SIZE/LOCAL_RANK)" 0 120 '^87360\.0$' \
    bash -c "d=\$(mktemp -d); for r in 0 1; do env RANK=\$r WORLD_SIZE=2 LOCAL_RANK=\$r ARRAYC_RENDEZVOUS_DIR=\$d $e > $work/tr.\$r 2>&1 & done; wait; cat $work/tr.0 $work/tr.1"
}

part_single() {
  echo "######## one GPU: matrix products whose operands are offset views now go to cuBLAS"
  run "e2e matrix products, cuda, JIT" 400 python3 test/e2e/run_e2e.py --target=cuda --mode=jit \
    --arrayc "$A" test/e2e/blas_matmul_*.arr test/e2e/builtins_contractions.arr \
    test/e2e/gemm_epilogue_f32.arr test/e2e/gemm_epilogue_f64.arr test/e2e/inplace_factorizations.arr \
    test/e2e/loop_scalar_indices.arr test/e2e/fusion_patterns.arr test/e2e/linalg_large.arr
}

part_bench() {
  echo "######## bench: weak scaling, arrayc (NCCL) vs JAX sharding"
  run "bench/distributed/run.py" 560 python3 bench/distributed/run.py --arrayc "$A"
}

case $what in
  env) part_env ;;
  tests) part_env; part_tests ;;
  faults) part_faults; part_single ;;
  bench) part_bench ;;
  all) part_env; part_tests; part_faults; part_single; part_bench ;;
  *) echo "usage: $0 [env|tests|faults|bench|all]"; exit 2 ;;
esac
rm -rf "$work"
echo "######## summary ($what): $npass passed, $nfail failed$failed"
[ $nfail -eq 0 ]
