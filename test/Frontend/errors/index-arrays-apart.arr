def f(x: f32[n, m, k], i: i64[p]) -> f32[p]:
    return x[i, :, i]

# Tests that index arrays separated by a slice (NumPy moves their axis
# first) are a located error for now.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}index-arrays-apart.arr:2:20: error: index arrays separated by a slice (NumPy moves their axis first) are not supported yet
