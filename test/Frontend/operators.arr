# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Operators // % & | ^ ~ << >> not and or, chained comparisons, augmented
# assignment, with NumPy 2 promotion.

# Tests the integer operators on i32 arrays (Python ints take the array's
# dtype) and augmented assignment.
# CHECK-LABEL: func.func @ints(
# CHECK: ndarray.floordiv %arg0, %arg1 : tensor<?xi32>
# CHECK: ndarray.mod %arg0, %arg1 : tensor<?xi32>
# CHECK: ndarray.bitand %arg0, %arg1 : tensor<?xi32>
# CHECK: ndarray.bitor %arg0, %{{.*}} : tensor<?xi32>
# CHECK: ndarray.bitxor %arg0, %arg1 : tensor<?xi32>
# CHECK: ndarray.shl %arg0, %{{.*}} : tensor<?xi32>
# CHECK: ndarray.shr %arg0, %{{.*}} : tensor<?xi32>
# CHECK: ndarray.bitnot %arg0 : tensor<?xi32>
# CHECK: ndarray.floordiv %{{.*}}, %{{.*}} : tensor<?xi32>
# CHECK: ndarray.bitand %{{.*}}, %{{.*}} : tensor<?xi32>
def ints(x: i32[n], y: i32[n]) -> i32[n]:
    r = (x // y) + (x % y) + (x & y) + (x | 3) + (x ^ y) + (x << 2) + (x >> 1) + ~x
    r //= 2
    r &= 255
    return r

# Tests bool operators: & | ^ ~ stay bool; bool // bool is int8 (NumPy);
# i8 & bool is i8.
# CHECK-LABEL: func.func @bools(
# CHECK: ndarray.bitand %arg0, %arg1 : tensor<?xi1>
# CHECK: ndarray.bitnot %{{.*}} : tensor<?xi1>
# CHECK: ndarray.cast %arg0 : tensor<?xi1> to tensor<?xi8>
# CHECK: ndarray.floordiv %{{.*}}, %{{.*}} : tensor<?xi8>
# CHECK: ndarray.bitand %arg2, %{{.*}} : tensor<?xi8>
def bools(m: bool[n], p: bool[n], a: i8[n]) -> (bool[n], i8[n], i8[n]):
    return ~(m & p), m // p, a & m

# Tests float // and % (f32 with a Python float stays f32).
# CHECK-LABEL: func.func @floats(
# CHECK: ndarray.floordiv %arg0, %{{.*}} : tensor<?xf32>
# CHECK: ndarray.mod %arg0, %{{.*}} : tensor<?xf32>
def floats(x: f32[n]) -> f32[n]:
    return x // 0.5 + x % -2.0

# Tests scalar logic: chained comparison as (a < b) & (b < c); and/or on bool
# scalars; not of a number is `== 0`.
# CHECK-LABEL: func.func @logic(
# CHECK: %[[L1:.*]] = ndarray.compare lt, %arg0, %arg1
# CHECK: %[[L2:.*]] = ndarray.compare le, %arg1, %arg2
# CHECK: %[[C:.*]] = ndarray.bitand %[[L1]], %[[L2]] : tensor<i1>
# CHECK: ndarray.compare eq, %arg0
# CHECK: ndarray.bitor %[[C]], %{{.*}} : tensor<i1>
def logic(a: f32, b: f32, c: f32) -> bool:
    return a < b <= c or not a

# Tests that Python scalar operands fold with Python semantics (floor
# division, modulo sign, shifts, bool & bool).
# CHECK-LABEL: func.func @folded(
# CHECK: ndarray.constant dense<-4> : tensor<i64>
# CHECK: ndarray.constant dense<2> : tensor<i64>
# CHECK: ndarray.constant dense<-2.500000e+00> : tensor<f64>
# CHECK: ndarray.constant dense<40> : tensor<i64>
# CHECK: ndarray.constant dense<false> : tensor<i1>
def folded() -> (i64, i64, f64, i64, bool):
    return -7 // 2, -7 % 3, 5.5 % -4.0, 5 << 3, True & False
