#!/usr/bin/env bash
# The one device-side command. Needs .device-carry/bench/ (from bench/build.sh) and
# .device-carry/rt.tar.xz (scripts/stage-device.sh: LAPACKE/OpenBLAS/FFTW, which the
# library workloads' executables link) carried along.
# Writes results.jsonl, table.md, bandwidth.png and run.log to $OUT (or bench/results/).
set -uo pipefail
cd "$(dirname "$0")/.."
OUTDIR="${OUT:-bench/results}"
mkdir -p "$OUTDIR"
source scripts/device-libs.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUTDIR/nvidia-smi.txt" 2>&1 || true
PYTHONUNBUFFERED=1 python3 bench/run.py --ncu --out "$OUTDIR" "$@" 2>&1 | tee "$OUTDIR/run.log"
