#!/usr/bin/env bash
# Device side (after scripts/stage-device.sh here, carrying .device-carry as for
# gpu-suite.sh): the scale checks that are too long for CI -- the dense LU of a
# 4096 x 4096 matrix (test/large/dense_lu.arr: 4095 iterations of slices with
# run-time bounds) on the cuda target under the default 8 MB stack (the cpu
# target takes minutes: run it by hand),
# checked by multiplying the factors back -- then every kernel family past 2^31
# elements (test/large/large_arrays.py, with CuPy).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/device-libs.sh
root=$PWD
arrayc="$root/.device-carry/arrayc/bin/arrayc"
status=0
ulimit -s 8192
echo "stack limit: $(ulimit -s) KiB"
work=$(mktemp -d)
python3 -c "import numpy as np; np.save('$work/a.npy', np.random.default_rng().standard_normal((4096, 4096)))"
for target in cuda; do
  rm -f "$work/lu.npy"
  start=$(date +%s.%N)
  (cd "$work" && ARRAYC_CACHE_DIR="$work/cache" "$arrayc" run --target=$target "$root/test/large/dense_lu.arr") || status=1
  end=$(date +%s.%N)
  echo "target $target: $(python3 -c "print('%.1f s (compile included)' % ($end - $start))")"
  (cd "$work" && python3 "$root/test/large/check_lu.py") || status=1
done
rm -rf "$work"
echo "== kernel families past 2^31 elements (test/large/large_arrays.py)"
LD_LIBRARY_PATH="$root/.device-carry/arrayc/lib:$LD_LIBRARY_PATH" \
  ARRAYC_LIBRARY="$root/.device-carry/arrayc/lib/libarrayc.so" PYTHONPATH="$root/python-frontend" \
  ARRAYC_CACHE_DIR="$(mktemp -d)" python3 test/large/large_arrays.py || status=1
exit $status
