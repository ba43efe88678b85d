def f(x: f32[4], k: i64) -> c64[4]:
    return fft.fft(x, norm=k)

# Tests that norm must be a string literal.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-norm-var.arr:2:28: error: fft.fft(): norm must be a string literal ("backward", "ortho" or "forward")
# CHECK-NEXT: {{^}}    return fft.fft(x, norm=k)
# CHECK-NEXT: {{^}}                           ^{{$}}
