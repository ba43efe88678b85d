def f(x: f32[4, 5]) -> c64[4, 5]:
    return fft.fft(x, axis=2)

# Tests that a bad axis is a located error with NumPy's message.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-axis.arr:2:28: error: axis 2 is out of bounds for array of dimension 2
# CHECK-NEXT: {{^}}    return fft.fft(x, axis=2)
# CHECK-NEXT: {{^}}                           ^{{$}}
