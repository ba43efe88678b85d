def f(x: f32[4]) -> f32[4]:
    return np.fft.ihfft(x)

# Tests that an fft function that is not implemented is a located error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-unsupported.arr:2:19: error: 'np.fft.ihfft' is not supported yet
# CHECK-NEXT: {{^}}    return np.fft.ihfft(x)
# CHECK-NEXT: {{^}}                  ^{{$}}
