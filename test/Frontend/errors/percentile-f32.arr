import numpy as np

def f(x: f32[n]) -> f64:
    return np.percentile(x, 50)

# Tests that percentile of float32 is rejected (its result dtype differs between NumPy 1 and 2).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}percentile-f32.arr:4:26: error: np.percentile() of float32 is not supported yet (NumPy 1 returns float64, NumPy 2 float32)
# CHECK-NEXT: {{^}}    return np.percentile(x, 50)
# CHECK-NEXT: {{^}}                         ^{{$}}
