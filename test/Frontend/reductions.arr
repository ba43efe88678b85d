# RUN: arrayc --emit=ndarray %s | FileCheck %s
# sum prod max min amax amin with axis=None|int|tuple and keepdims.

# Tests that axis=None reduces every axis to a 0-d tensor.
# CHECK-LABEL: func.func @sum_all(
# CHECK: ndarray.reduce sum %arg0 [0, 1] : tensor<?x?xf32> -> tensor<f32>
def sum_all(x: f32[n, m]) -> f32:
    return sum(x)

# Tests an integer axis.
# CHECK-LABEL: func.func @sum_axis(
# CHECK: ndarray.reduce sum %arg0 [1] : tensor<?x?xf32> -> tensor<?xf32>
def sum_axis(x: f32[n, m]) -> f32[n]:
    return np.sum(x, axis=1)

# Tests that a negative axis is normalized and keepdims keeps a size-1 dim.
# CHECK-LABEL: func.func @neg_axis_keepdims(
# CHECK: ndarray.reduce sum %arg0 [0] keepdims : tensor<?x?xf32> -> tensor<1x?xf32>
def neg_axis_keepdims(x: f32[n, m]) -> f32[1, m]:
    return np.sum(x, axis=-2, keepdims=True)

# Tests that a tuple of axes is sorted.
# CHECK-LABEL: func.func @tuple_axis(
# CHECK: ndarray.reduce max %arg0 [0, 2] : tensor<?x?x?xf64> -> tensor<?xf64>
def tuple_axis(x: f64[a, b, c]) -> f64[b]:
    return np.max(x, axis=(2, 0))

# Tests that prod of i32 accumulates in i64, as NumPy does.
# CHECK-LABEL: func.func @prod_i32(
# CHECK: %[[C:.*]] = ndarray.cast %arg0 : tensor<?xi32> to tensor<?xi64>
# CHECK: ndarray.reduce prod %[[C]] [0] : tensor<?xi64> -> tensor<i64>
def prod_i32(x: i32[n]) -> i64:
    return np.prod(x)

# Tests that sum of bool counts in i64 and that axis may be positional.
# CHECK-LABEL: func.func @sum_bool(
# CHECK: %[[C:.*]] = ndarray.cast %arg0 : tensor<?x?xi1> to tensor<?x?xi64>
# CHECK: ndarray.reduce sum %[[C]] [0] : tensor<?x?xi64> -> tensor<?xi64>
def sum_bool(x: bool[n, m]) -> i64[m]:
    return sum(x, 0)

# Tests that min keeps the integer dtype.
# CHECK-LABEL: func.func @amin_i16(
# CHECK-NOT: ndarray.cast
# CHECK: ndarray.reduce min %arg0 [0] : tensor<?x4xi16> -> tensor<4xi16>
def amin_i16(x: i16[n, 4]) -> i16[4]:
    return np.amin(x, axis=0)

# Tests the numpy. prefix and explicit defaults.
# CHECK-LABEL: func.func @amax_none(
# CHECK: ndarray.reduce max %arg0 [0] : tensor<?xf16> -> tensor<f16>
def amax_none(x: f16[n]) -> f16:
    return numpy.amax(x, axis=None, keepdims=False)
