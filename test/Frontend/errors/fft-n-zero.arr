def f(x: f32[4]) -> c64[4]:
    return np.fft.fft(x, 0)

# Tests that n < 1 is rejected with NumPy's message.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-n-zero.arr:2:26: error: Invalid number of FFT data points (0) specified.
# CHECK-NEXT: {{^}}    return np.fft.fft(x, 0)
# CHECK-NEXT: {{^}}                         ^{{$}}
