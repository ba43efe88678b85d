#!/usr/bin/env bash
# Device side (run from the repository root on the lent GPU, after
# scripts/stage-device.sh here and with .device-carry carried): unpacks the carried
# LLVM/MLIR and runtime libraries, then runs the runtime's CUDA smoke test and every e2e program
# on the cuda target, JIT (`arrayc run`) and AOT (executables), against NumPy.
set -uo pipefail
root=/tmp/arrayc-libs
mkdir -p "$root"
tar -C "$root" -xJf .device-carry/llvm.tar.xz
tar -C "$root" -xJf .device-carry/rt.tar.xz
sys="$root/usr/lib/x86_64-linux-gnu"
export LD_LIBRARY_PATH="$root/usr/lib/llvm-22/lib:$sys:$sys/openblas-pthread:${LD_LIBRARY_PATH:-}"
# AOT executables link the runtime's system libraries by the absolute paths found
# at configure time (Debian's); point those paths at the unpacked copies.
for pair in liblapacke.so:liblapacke.so.3 libopenblas.so:openblas-pthread/libopenblas.so.0 \
    libfftw3.so:libfftw3.so.3 libfftw3f.so:libfftw3f.so.3; do
  [ -e "/usr/lib/x86_64-linux-gnu/${pair%%:*}" ] || ln -s "$sys/${pair#*:}" "/usr/lib/x86_64-linux-gnu/${pair%%:*}"
done
arrayc=.device-carry/arrayc/bin/arrayc
status=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
"$arrayc" --version
if [ -x .device-carry/arrayc/bin/arrayc_runtime_cuda_smoke ]; then
  LD_LIBRARY_PATH=".device-carry/arrayc/lib:$LD_LIBRARY_PATH" .device-carry/arrayc/bin/arrayc_runtime_cuda_smoke || status=1
fi
echo "== e2e corpus, cuda target, JIT"
python3 test/e2e/run_e2e.py --target=cuda --mode=jit --arrayc "$arrayc" --dir test/e2e || status=1
echo "== e2e corpus, cuda target, AOT"
python3 test/e2e/run_e2e.py --target=cuda --mode=aot --arrayc "$arrayc" --dir test/e2e || status=1
echo "== f32 products on the TF32 tensor cores (--tf32), cuda target, JIT and AOT"
for mode in jit aot; do
  python3 test/e2e/run_e2e.py -v --target=cuda --mode=$mode --flag=--tf32 --arrayc "$arrayc" \
    test/e2e/matmul_tf32.arr || status=1
done
exit $status
