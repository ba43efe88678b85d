# RUN: arrayc --emit=ndarray %s | FileCheck %s
import numpy as np

# Tests that floor/ceil/trunc return integer and bool arrays unchanged, in
# their own dtype (NumPy >= 2.3), and still round floats.
# CHECK-LABEL: func.func @r(
# CHECK-NOT: ndarray.unary_math
# CHECK: return %arg0, %arg0, %arg1 : tensor<4xi32>, tensor<4xi32>, tensor<4xi1>
def r(k: i32[4], c: bool[4]) -> (i32[4], i32[4], bool[4]):
    return floor(k), np.ceil(k), trunc(c)

# CHECK-LABEL: func.func @f(
# CHECK: ndarray.unary_math "trunc" %arg0 : tensor<4xf32> -> tensor<4xf32>
def f(x: f32[4]) -> f32[4]:
    return trunc(x)
