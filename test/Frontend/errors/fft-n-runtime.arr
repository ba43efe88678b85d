def f(x: f32[n], k: i64) -> c64[4]:
    return np.fft.fft(x, n=k)

# Tests that n must be a compile-time constant.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-n-runtime.arr:2:28: error: np.fft.fft(): the transform length must be an integer constant, got i64
# CHECK-NEXT: {{^}}    return np.fft.fft(x, n=k)
# CHECK-NEXT: {{^}}                           ^{{$}}
