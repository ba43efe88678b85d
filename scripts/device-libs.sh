# Sourced on the device machine (scripts/gpu-suite.sh, bench/run-on-device.sh):
# unpacks the carried runtime libraries (.device-carry/rt.tar.xz: LAPACKE,
# OpenBLAS, FFTW from scripts/stage-device.sh) and, when carried, LLVM/MLIR
# (.device-carry/llvm.tar.xz), and puts them on the loader's path; unpacks
# .device-carry/arrayc.tar.xz (arrayc, libarrayc, the runtime) when carried packed.
if [ -f .device-carry/arrayc.tar.xz ] && [ ! -d .device-carry/arrayc ]; then
  tar -C .device-carry -xJf .device-carry/arrayc.tar.xz
fi
root=/tmp/arrayc-libs
mkdir -p "$root"
[ -f .device-carry/llvm.tar.xz ] && tar -C "$root" -xJf .device-carry/llvm.tar.xz
tar -C "$root" -xJf .device-carry/rt.tar.xz
sys="$root/usr/lib/x86_64-linux-gnu"
export LD_LIBRARY_PATH="$root/usr/lib/llvm-22/lib:$sys:$sys/openblas-pthread:${LD_LIBRARY_PATH:-}"
# AOT executables link the runtime's system libraries by the absolute paths found
# at configure time (Debian's); point those paths at the unpacked copies.
for pair in liblapacke.so:liblapacke.so.3 libopenblas.so:openblas-pthread/libopenblas.so.0 \
    libfftw3.so:libfftw3.so.3 libfftw3f.so:libfftw3f.so.3 libomp.so:libomp.so.5; do
  [ -e "/usr/lib/x86_64-linux-gnu/${pair%%:*}" ] || ln -s "$sys/${pair#*:}" "/usr/lib/x86_64-linux-gnu/${pair%%:*}"
done
