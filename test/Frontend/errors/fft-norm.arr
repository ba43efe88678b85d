def f(x: f64[4]) -> c128[4]:
    return np.fft.ifft(x, norm="both")

# Tests that an unknown norm is rejected with NumPy's message.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-norm.arr:2:32: error: Invalid norm value both; should be "backward", "ortho" or "forward".
# CHECK-NEXT: {{^}}    return np.fft.ifft(x, norm="both")
# CHECK-NEXT: {{^}}                               ^{{$}}
