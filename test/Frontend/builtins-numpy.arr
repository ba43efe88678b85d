# RUN: arrayc --emit=ndarray %s | FileCheck %s
import numpy as np

# Tests creation: fills are a constant broadcast (sized from the *_like
# argument), arange an iota scaled and shifted, eye a compare of two iotas.
# CHECK-LABEL: func.func @creation(
# CHECK: ndarray.constant dense<0.000000e+00> : tensor<f64>
# CHECK: ndarray.broadcast_in_dim %{{.*}} [] : tensor<f64> -> tensor<2x3xf64>
# CHECK: ndarray.constant dense<1> : tensor<i32>
# CHECK: ndarray.broadcast_in_dim %{{.*}} [] : tensor<i32> -> tensor<4xi32>
# CHECK: %[[D:.*]] = tensor.dim %arg0
# CHECK: ndarray.broadcast_in_dim %{{.*}} [](%[[D]]) : tensor<f32> -> tensor<?x3xf32>
# CHECK: ndarray.iota 0 : tensor<5xi64>
# CHECK: ndarray.iota 0 : tensor<3x3xi64>
# CHECK: ndarray.iota 1 : tensor<3x3xi64>
# CHECK: ndarray.compare eq
# CHECK: ndarray.cast %{{.*}} : tensor<3x3xi1> to tensor<3x3xf64>
def creation(x: f32[n, 3]) -> (f64[2, 3], i32[4], f32[n, 3], i64[5], f64[3, 3]):
    return zeros((2, 3)), np.ones(4, dtype=np.int32), full_like(x, 2), arange(5), eye(3)

# Tests that pi, e, inf and nan are Python floats (bare and np.).
# CHECK-LABEL: func.func @constants(
# CHECK: ndarray.constant dense<3.1415926535897931> : tensor<f64>
# CHECK: ndarray.constant dense<2.7182818284590451> : tensor<f64>
# CHECK: ndarray.constant dense<0x7FF0000000000000> : tensor<f64>
# CHECK: ndarray.constant dense<0x7FF8000000000000> : tensor<f64>
def constants(x: f64[n]) -> f64[n]:
    return x * pi + np.e - inf + nan

# Tests the ufunc ops and their dtypes: log1p of i32 computes in f64, where
# promotes a weak float to the array's f32, logical_* give bool.
# CHECK-LABEL: func.func @ufuncs(
# CHECK: ndarray.unary_math "floor" %arg0 : tensor<?xf32> -> tensor<?xf32>
# CHECK: %[[K:.*]] = ndarray.cast %arg1 : tensor<?xi32> to tensor<?xf64>
# CHECK: ndarray.unary_math "log1p" %[[K]] : tensor<?xf64> -> tensor<?xf64>
# CHECK: ndarray.unary_math "isnan" %arg0 : tensor<?xf32> -> tensor<?xi1>
# CHECK: ndarray.select %arg2, %arg0, %{{.*}} : tensor<?xi1>, tensor<?xf32>
# CHECK: ndarray.binary_math "fmax" %arg0, %{{.*}} : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
# CHECK: ndarray.binary_math "logical_xor" {{.*}} -> tensor<?xi1>
def ufuncs(x: f32[n], k: i32[n], c: bool[n]) -> (f32[n], f64[n], bool[n], f32[n], f32[n], bool[n]):
    return floor(x), np.log1p(k), isnan(x), where(c, x, 0.5), fmax(x, 1), logical_xor(x, k)

# Tests the statistics: mean divides a sum by the size of a dynamic axis (a
# scalar: the dim, cast to the result type), std of ints is f64 with ddof,
# argmax/any/cumsum/cumprod use their ops.
# CHECK-LABEL: func.func @stats(
# CHECK: ndarray.reduce sum %arg0 [0] : tensor<?x4xf32> -> tensor<4xf32>
# CHECK: %[[N:.*]] = ndarray.dim %arg0 0 : tensor<?x4xf32> -> tensor<i64>
# CHECK: ndarray.cast %{{.*}} : tensor<i64> to tensor<f32>
# CHECK: ndarray.div
# CHECK: ndarray.cast %arg1 : tensor<?xi32> to tensor<?xf64>
# CHECK: ndarray.sqrt %{{.*}} : tensor<f64>
# CHECK: ndarray.argreduce max %arg0 [1] : tensor<?x4xf32> -> tensor<?xi64>
# CHECK: ndarray.reduce sum %{{.*}} [0] : tensor<?xi1> -> tensor<i1>
# CHECK: ndarray.scan sum %{{.*}} 0 : tensor<?xi64> -> tensor<?xi64>
# CHECK: ndarray.scan prod %arg0 1 : tensor<?x4xf32> -> tensor<?x4xf32>
def stats(x: f32[n, 4], k: i32[n]) -> (f32[4], f64, i64[n], bool, i64[n], f32[n, 4]):
    return mean(x, axis=0), np.std(k, ddof=1), argmax(x, axis=1), any(k > 0), cumsum(k), np.cumprod(x, axis=1)

# Tests contractions: @ and matmul, dot of vectors, outer, and einsum's trace.
# CHECK-LABEL: func.func @contractions(
# CHECK: ndarray.contract %arg0, %arg1 {{.*}} : (tensor<?x4xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
# CHECK: ndarray.contract %arg0, %arg2 {{.*}} : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?xf32>
# CHECK: ndarray.contract %arg2, %arg2 {{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
# CHECK: ndarray.contract %arg2, %arg2 {{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
# CHECK: ndarray.contract %{{.*}} {{.*}} : (tensor<4x4xf32>) -> tensor<f32>
def contractions(a: f32[n, 4], b: f32[4, m], v: f32[4]) -> (f32[n, m], f32[n], f32, f32[4, 4], f32):
    return a @ b, np.matmul(a, v), dot(v, v), outer(v, v), einsum("ii", outer(v, v))

# Tests random: the seed and a per-call counter are SSA values of main;
# randint's offset from low is drawn in u64 (a width beyond int64 does not
# wrap), at most high - 1 - low, and added to low there.
# CHECK-LABEL: func.func @arrayc_main(
# CHECK: %[[S:.*]] = ndarray.constant dense<5> : tensor<i64>
# CHECK: %[[C0:.*]] = ndarray.constant dense<0> : tensor<i64>
# CHECK: ndarray.random "uniform" %[[S]], %[[C0]] : tensor<i64>, tensor<i64> -> tensor<3xf64>
# CHECK: %[[C1:.*]] = ndarray.add %[[C0]], %{{.*}} : tensor<i64>
# CHECK: %[[U:.*]] = ndarray.random "uniform" %[[S]], %[[C1]] : tensor<i64>, tensor<i64> -> tensor<2x2xf64>
# CHECK: %[[LAST:.*]] = ndarray.sub %{{.*}}, %{{.*}} : tensor<ui64>
# CHECK: %[[SPAN:.*]] = ndarray.sub %[[LAST]], %{{.*}} : tensor<ui64>
# CHECK: ndarray.mul %[[U]], %{{.*}} : tensor<2x2xf64>
# CHECK: %[[F:.*]] = ndarray.unary_math "floor"
# CHECK: %[[OFF:.*]] = ndarray.cast %[[F]] : tensor<2x2xf64> to tensor<2x2xui64>
# CHECK: %[[SPANB:.*]] = ndarray.broadcast_in_dim %[[SPAN]] [] : tensor<ui64> -> tensor<2x2xui64>
# CHECK: ndarray.min %[[OFF]], %[[SPANB]] : tensor<2x2xui64>
# CHECK: %[[SUM:.*]] = ndarray.add %{{.*}}, %{{.*}} : tensor<2x2xui64>
# CHECK: ndarray.cast %[[SUM]] : tensor<2x2xui64> to tensor<2x2xi64>
def main():
    random.seed(5)
    print(np.random.rand(3), random.randint(0, 4, size=(2, 2)))
