def f(x: f32[n], k: f64) -> c64[4]:
    return np.fft.fft(x, n=k)

# Tests that n must be an integer (a constant or a value known at run time).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-n-runtime.arr:2:28: error: np.fft.fft(): the transform length must be an integer, got f64
# CHECK-NEXT: {{^}}    return np.fft.fft(x, n=k)
# CHECK-NEXT: {{^}}                           ^{{$}}
