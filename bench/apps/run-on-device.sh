#!/usr/bin/env bash
# The device command of the applications benchmark (bench/README.md, "Applications").
# Carry .device-carry/arrayc.tar.xz, .device-carry/llvm.tar.xz and .device-carry/rt.tar.xz
# (scripts/stage-device.sh; python-frontend/arrayc/_fast.abi3.so too when built, for
# the C call path). Writes results.jsonl, table.md, apps.png and run.log to $OUT (or
# bench/apps/results/). Arguments go to run.py: e.g. `--systems numpy,torch_compile`
# for a call of its own, then `run.py --merge A/results.jsonl B/results.jsonl --out DIR`.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUTDIR="${OUT:-bench/apps/results}"
mkdir -p "$OUTDIR"
source scripts/device-libs.sh
export LD_LIBRARY_PATH=".device-carry/arrayc/lib:$LD_LIBRARY_PATH"
export ARRAYC_LIBRARY="$PWD/.device-carry/arrayc/lib/libarrayc.so"
export PYTHONPATH="$PWD/python-frontend"
# An empty compile cache: arrayc's first call is its compile time (issue 27's bar).
export ARRAYC_CACHE_DIR="$(mktemp -d)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv \
  > "$OUTDIR/nvidia-smi.txt" 2>&1 || true
python3 -c "import arrayc._jit as j; print('arrayc C call path (arrayc/_fast):', j._fast is not None)" 2>&1
# 450 s of runs at most (the device's 10-minute call, about 8 minutes with the
# start): what is left then is recorded as skipped, torch.compile's tail first.
PYTHONUNBUFFERED=1 python3 bench/apps/run.py --out "$OUTDIR" --deadline 450 "$@"
