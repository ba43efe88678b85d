def f(x: f32[4, 5]) -> c64[4, 5]:
    return np.fft.fftn(x, s=(4, 5), axes=(1,))

# Tests that s and axes must have the same length.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fft-s-axes.arr:2:30: error: Shape and axes have different lengths.
# CHECK-NEXT: {{^}}    return np.fft.fftn(x, s=(4, 5), axes=(1,))
# CHECK-NEXT: {{^}}                             ^{{$}}
