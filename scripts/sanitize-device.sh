#!/usr/bin/env bash
# Device side: compute-sanitizer over the e2e corpus on the cuda target (AOT
# executables, each run under the tool): memcheck with the pool bypassed
# (ARRAYC_CUDA_POOL=0: every buffer at its exact size, so an overrun of a
# rounded block is seen), racecheck and initcheck (pool as usual). A tool's
# error makes the program exit 99, which run_e2e.py reports as a failure; the
# tool's report goes to a log file per process (/tmp/cs-<tool>/), not to the
# program's stdout, which the e2e checks compare. memcheck runs with
# --report-api-errors no: the runtime asks cuPointerGetAttribute whether a
# pointer is device memory, and CUDA_ERROR_INVALID_VALUE is its documented
# answer for host memory.
#   bash scripts/sanitize-device.sh [memcheck,racecheck,initcheck] [-j N]
# After scripts/stage-device.sh here, carrying .device-carry/arrayc.tar.xz,
# llvm.tar.xz and rt.tar.xz.
set -uo pipefail
cd "$(dirname "$0")/.."
tools=${1:-memcheck,racecheck,initcheck}
jobs=${2:-8}
source scripts/device-libs.sh
arrayc=.device-carry/arrayc/bin/arrayc
cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
"$cs" --version | head -2
status=0
for tool in ${tools//,/ }; do
  echo "== compute-sanitizer --tool $tool over the e2e corpus (cuda, AOT)"
  env=()
  [ "$tool" = memcheck ] && env=(ARRAYC_CUDA_POOL=0)
  logs=/tmp/cs-$tool
  rm -rf "$logs" && mkdir -p "$logs"
  extra="--log-file $logs/%p.log"
  [ "$tool" = memcheck ] && extra="$extra --leak-check full --report-api-errors no"
  env "${env[@]}" python3 test/e2e/run_e2e.py --target=cuda --mode=aot -j "$jobs" \
    --wrapper "$cs --tool $tool $extra --error-exitcode 99 --print-limit 20" \
    --arrayc "$arrayc" --dir test/e2e > "/tmp/sanitize-$tool.log" 2>&1 || status=1
  grep -v "^PASS" "/tmp/sanitize-$tool.log" | tail -25
  echo "reports with errors: $(grep -L "ERROR SUMMARY: 0 errors\|0 hazards displayed (0 errors" "$logs"/*.log | wc -l) of $(ls "$logs" | wc -l)"
  grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$logs"/*.log | sort | uniq -c
  [ -n "${OUT:-}" ] && cp "/tmp/sanitize-$tool.log" "$OUT/" && tar -C /tmp -czf "$OUT/cs-$tool.tgz" "cs-$tool"
done
exit $status
