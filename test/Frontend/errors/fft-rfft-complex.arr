def f(x: c64[4]) -> c64[3]:
    return np.fft.rfft(x)

# Tests that rfft rejects complex input.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-rfft-complex.arr:2:24: error: np.fft.rfft(): the input must be real, got c64{{\[}}4]
# CHECK-NEXT: {{^}}    return np.fft.rfft(x)
# CHECK-NEXT: {{^}}                       ^{{$}}
