#!/usr/bin/env bash
# A short device command (about two minutes; nothing to carry) that checks the
# peers' own paths of the applications benchmark on the small inputs of every
# program: torch.compile by default, or the systems named by the first argument
# (e.g. `torch_compile,jax_jit`, `cupy`). Each result is checked against NumPy
# (which runs for the reference only); three timed calls each. The programs run
# in three concurrent processes (torch.compile's compiles are the time), joined
# by run.py --merge. Writes table.md (and each part's run.log, results.jsonl
# under part0..2/) to $OUT, or bench/apps/results-probe/.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUTDIR="${OUT:-bench/apps/results-probe}"
SYSTEMS="${1:-torch_compile}"
mkdir -p "$OUTDIR"
progs=($(ls bench/apps/programs | sed -n 's/^\([a-z][a-z0-9_]*\)\.py$/\1/p'))
for part in 0 1 2; do
  only=$(for i in "${!progs[@]}"; do [ $((i % 3)) = $part ] && echo "${progs[$i]}"; done | paste -sd,)
  PYTHONUNBUFFERED=1 python3 bench/apps/run.py --out "$OUTDIR/part$part" --small \
    --systems "$SYSTEMS" --only "$only" --reps 3 --budget 0.2 --deadline 100 \
    > "$OUTDIR/part$part.log" 2>&1 &
done
wait
python3 bench/apps/run.py --merge "$OUTDIR"/part*/results.jsonl --out "$OUTDIR"
