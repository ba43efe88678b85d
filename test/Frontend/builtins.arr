# RUN: arrayc --emit=ndarray %s | FileCheck %s
import numpy as np

# Tests the float ufuncs on f32, bare and with np.
# CHECK-LABEL: func.func @unary_f32(
# CHECK: ndarray.sqrt %arg0 : tensor<?xf32>
# CHECK: ndarray.exp %arg0 : tensor<?xf32>
# CHECK: ndarray.log %arg0 : tensor<?xf32>
# CHECK: ndarray.sin %arg0 : tensor<?xf32>
# CHECK: ndarray.cos %arg0 : tensor<?xf32>
# CHECK: ndarray.tanh %arg0 : tensor<?xf32>
def unary_f32(x: f32[n]) -> f32[n]:
    return np.sqrt(x) + exp(x) - np.log(x) * sin(x) / cos(x) + tanh(x)

# Tests NumPy's float type for integer inputs: i32 -> f64, i8 -> f16, i16 -> f32.
# CHECK-LABEL: func.func @sqrt_int(
# CHECK: %[[A:.*]] = ndarray.cast %arg0 : tensor<?xi32> to tensor<?xf64>
# CHECK: ndarray.sqrt %[[A]] : tensor<?xf64>
# CHECK: %[[B:.*]] = ndarray.cast %arg1 : tensor<?xi8> to tensor<?xf16>
# CHECK: ndarray.sqrt %[[B]] : tensor<?xf16>
# CHECK: %[[C:.*]] = ndarray.cast %arg2 : tensor<?xi16> to tensor<?xf32>
# CHECK: ndarray.sqrt %[[C]] : tensor<?xf32>
def sqrt_int(x: i32[n], y: i8[n], z: i16[n]) -> (f64[n], f16[n], f32[n]):
    return sqrt(x), sqrt(y), sqrt(z)

# Tests that sqrt of bool computes in f16, as NumPy does.
# CHECK-LABEL: func.func @sqrt_bool(
# CHECK: ndarray.cast %arg0 : tensor<?xi1> to tensor<?xf16>
def sqrt_bool(x: bool[n]) -> f16[n]:
    return np.sqrt(x)

# Tests abs, negative, and that abs of bool is the identity.
# CHECK-LABEL: func.func @abs_neg(
# CHECK: %[[A:.*]] = ndarray.abs %arg0 : tensor<?xi32>
# CHECK: %[[N:.*]] = ndarray.neg %arg0 : tensor<?xi32>
# CHECK: return %[[A]], %[[N]], %arg1
def abs_neg(x: i32[n], b: bool[n]) -> (i32[n], i32[n], bool[n]):
    return abs(x), np.negative(x), np.absolute(b)

# Tests that maximum/minimum promote and broadcast.
# CHECK-LABEL: func.func @max_min(
# CHECK: %[[X:.*]] = ndarray.cast %arg0 : tensor<?xf32> to tensor<?xf64>
# CHECK: %[[Y:.*]] = ndarray.cast %arg1 : tensor<?x?xi64> to tensor<?x?xf64>
# CHECK: %[[B:.*]] = ndarray.broadcast_in_dim %[[X]] [1]
# CHECK: ndarray.max %[[B]], %[[Y]] : tensor<?x?xf64>
# CHECK: ndarray.constant dense<0.000000e+00> : tensor<f32>
# CHECK: ndarray.min %arg0, %{{.*}} : tensor<?xf32>
def max_min(x: f32[n], y: i64[m, n]) -> (f64[m, n], f32[n]):
    return np.maximum(x, y), np.minimum(x, 0)

# Tests the function forms of the arithmetic operators.
# CHECK-LABEL: func.func @fn_forms(
# CHECK: ndarray.add %arg0, %arg1
# CHECK: ndarray.sub %arg0, %arg1
# CHECK: ndarray.mul %arg0
# CHECK: ndarray.div %arg0, %arg1
# CHECK: ndarray.pow %arg0
def fn_forms(x: f32[n], y: f32[n]) -> (f32[n], f32[n], f32[n], f32[n], f32[n]):
    return np.add(x, y), np.subtract(x, y), np.multiply(x, 2), np.divide(x, y), np.power(x, 3)
