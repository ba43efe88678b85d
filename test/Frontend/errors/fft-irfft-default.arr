def f(x: c64[1]) -> f32[0]:
    return fft.irfft(x)

# Tests that irfft's default n = 2*(m-1) must be at least 1 for a static length.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-irfft-default.arr:2:12: error: Invalid number of FFT data points (0) specified.
# CHECK-NEXT: {{^}}    return fft.irfft(x)
# CHECK-NEXT: {{^}}           ^{{$}}
