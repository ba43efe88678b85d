#!/usr/bin/env bash
# Device side: the Python package on the GPU (after scripts/stage-device.sh here,
# with python-frontend/arrayc/_fast.abi3.so built in place (gcc -shared, limited
# API) and carried too,
# carrying .device-carry/arrayc.tar.xz, llvm.tar.xz, rt.tar.xz): its pytest suite
# on the cuda target (CuPy and PyTorch interop included) and on cpu, then the
# per-call benchmark against cupy.fuse (bench/python/call_overhead.py); first
# libarrayc's own cuda checks (examples/embed, the stress test), which a change
# of the C API's call path needs.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/device-libs.sh
export LD_LIBRARY_PATH=".device-carry/arrayc/lib:$LD_LIBRARY_PATH"
export ARRAYC_LIBRARY="$PWD/.device-carry/arrayc/lib/libarrayc.so"
export PYTHONPATH="$PWD/python-frontend" ARRAYC_CACHE_DIR="$(mktemp -d)"
python3 -c "import numpy, cupy, torch; print('numpy', numpy.__version__, 'cupy', cupy.__version__, 'torch', torch.__version__)"
status=0
python3 -c "import arrayc._jit as j; print('C call path (arrayc/_fast):', j._fast is not None)"
echo "== libarrayc on cuda: examples/embed, the 8-thread stress test, faults (assert, out of memory)"
.device-carry/arrayc/bin/embed_sqdiff cuda | tail -1 || status=1
.device-carry/arrayc/bin/embed_c | tail -1 || status=1
ARRAYC_API_TEST_TARGET=cuda .device-carry/arrayc/bin/arrayc_api_tests --gtest_brief=1 \
  --gtest_filter='Stress.*:Faults.*' | tail -3 || status=1
if python3 -c "import pytest" 2>/dev/null; then
  for t in cuda cpu; do
    echo "== pytest, target $t"
    ARRAYC_PYTEST_TARGET=$t python3 -m pytest -q -p no:cacheprovider -rs python-frontend/tests || status=1
  done
else
  echo "no pytest on this machine"; status=1
fi
# Pinned to one core: unpinned, this VM moves the process between cores and
# every system's per-call time (cupy.fuse's too) varies 1.3-1.8x between
# processes (docs/python.md, "Measuring").
echo "== per-call time, 10,000-element sqdiff (pinned to core 3)"
pin=""
command -v taskset >/dev/null && pin="taskset -c 3"
$pin python3 bench/python/call_overhead.py ${OUT:+"$OUT/call_overhead.json"} || status=1
exit $status
