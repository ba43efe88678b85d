# RUN: arrayc --emit=ndarray %s | FileCheck %s
# NumPy 2 (NEP 50) promotion: Python scalars are weak, ndarray.cast makes
# promotion explicit, literals become 0-d ndarray.constant.

# Tests that a float literal takes an f32 array's dtype.
# CHECK-LABEL: func.func @f32_weak(
# CHECK: %[[C:.*]] = ndarray.constant dense<2.000000e+00> : tensor<f32>
# CHECK: %[[B:.*]] = ndarray.broadcast_in_dim %[[C]] [](%{{.*}}) : tensor<f32> -> tensor<?xf32>
# CHECK: ndarray.add %arg0, %[[B]] : tensor<?xf32>
def f32_weak(x: f32[n]) -> f32[n]:
    return x + 2.0

# Tests that an int literal takes an i32 array's dtype.
# CHECK-LABEL: func.func @i32_weak(
# CHECK: ndarray.constant dense<2> : tensor<i32>
# CHECK: ndarray.mul %arg0, %{{.*}} : tensor<?xi32>
def i32_weak(x: i32[n]) -> i32[n]:
    return x * 2

# Tests that i32 array + float literal is f64.
# CHECK-LABEL: func.func @i32_float(
# CHECK: %[[X:.*]] = ndarray.cast %arg0 : tensor<?xi32> to tensor<?xf64>
# CHECK: ndarray.constant dense<2.500000e+00> : tensor<f64>
# CHECK: ndarray.add %[[X]], %{{.*}} : tensor<?xf64>
def i32_float(x: i32[n]) -> f64[n]:
    return x + 2.5

# Tests that i32 + f32 is f64.
# CHECK-LABEL: func.func @i32_f32(
# CHECK: %[[X:.*]] = ndarray.cast %arg0 : tensor<?xi32> to tensor<?xf64>
# CHECK: %[[Y:.*]] = ndarray.cast %arg1 : tensor<?xf32> to tensor<?xf64>
# CHECK: ndarray.sub %[[X]], %[[Y]] : tensor<?xf64>
def i32_f32(x: i32[n], y: f32[n]) -> f64[n]:
    return x - y

# Tests that i64 + f32 is f64.
# CHECK-LABEL: func.func @i64_f32(
# CHECK: ndarray.cast %arg0 : tensor<?xi64> to tensor<?xf64>
# CHECK: ndarray.cast %arg1 : tensor<?xf32> to tensor<?xf64>
def i64_f32(x: i64[n], y: f32[n]) -> f64[n]:
    return x + y

# Tests that f16 * f32 is f32.
# CHECK-LABEL: func.func @f16_f32(
# CHECK: %[[X:.*]] = ndarray.cast %arg0 : tensor<?xf16> to tensor<?xf32>
# CHECK: ndarray.mul %[[X]], %arg1 : tensor<?xf32>
def f16_f32(x: f16[n], y: f32[n]) -> f32[n]:
    return x * y

# Tests that bool array + int literal is i64.
# CHECK-LABEL: func.func @bool_int(
# CHECK: ndarray.cast %arg0 : tensor<?xi1> to tensor<?xi64>
# CHECK: ndarray.constant dense<1> : tensor<i64>
# CHECK: ndarray.add {{.*}} : tensor<?xi64>
def bool_int(x: bool[n]) -> i64[n]:
    return x + 1

# Tests that i8 + i16 is i16.
# CHECK-LABEL: func.func @i8_i16(
# CHECK: %[[X:.*]] = ndarray.cast %arg0 : tensor<?xi8> to tensor<?xi16>
# CHECK: ndarray.add %[[X]], %arg1 : tensor<?xi16>
def i8_i16(x: i8[n], y: i16[n]) -> i16[n]:
    return x + y

# Tests that / on integers is true division in f64.
# CHECK-LABEL: func.func @truediv(
# CHECK: %[[X:.*]] = ndarray.cast %arg0 : tensor<?xi32> to tensor<?xf64>
# CHECK: %[[Y:.*]] = ndarray.cast %arg1 : tensor<?xi32> to tensor<?xf64>
# CHECK: ndarray.div %[[X]], %[[Y]] : tensor<?xf64>
def truediv(x: i32[n], y: i32[n]) -> f64[n]:
    return x / y

# Tests that -x**2 is -(x**2).
# CHECK-LABEL: func.func @power(
# CHECK: %[[P:.*]] = ndarray.pow %arg0, %{{.*}} : tensor<?xf32>
# CHECK: %[[N:.*]] = ndarray.neg %[[P]] : tensor<?xf32>
# CHECK: return %[[N]]
def power(x: f32[n]) -> f32[n]:
    return -x ** 2

# Tests that a comparison with an int literal outside the dtype's range compares in i64.
# CHECK-LABEL: func.func @compare(
# CHECK: %[[X:.*]] = ndarray.cast %arg0 : tensor<?xi16> to tensor<?xi64>
# CHECK: ndarray.constant dense<1000000> : tensor<i64>
# CHECK: ndarray.compare ge, %[[X]], %{{.*}} : {{.*}}tensor<?xi64>{{.*}} -> tensor<?xi1>
def compare(x: i16[n]) -> bool[n]:
    return x >= 1000000

# Tests that bool * bool stays bool.
# CHECK-LABEL: func.func @bool_mul(
# CHECK: ndarray.mul %arg0, %arg1 : tensor<?xi1>
def bool_mul(x: bool[n], y: bool[n]) -> bool[n]:
    return x * y

# Tests that arithmetic on Python literals is folded with Python semantics.
# CHECK-LABEL: func.func @lit_fold(
# CHECK: ndarray.constant dense<3.000000e+00> : tensor<f32>
# CHECK: ndarray.constant dense<8.000000e+00> : tensor<f32>
# CHECK: ndarray.div
def lit_fold(x: f32[n]) -> f32[n]:
    return x * (1 + 2) / 2 ** 3

# Tests that a parameter annotated `float` is a weak Python float: an f32
# array times it stays f32 (NEP 50), the f64 argument cast down.
# CHECK-LABEL: func.func @python_float_param(
# CHECK-SAME: %arg1: tensor<f64>
# CHECK: %[[E:.*]] = ndarray.cast %arg1 : tensor<f64> to tensor<f32>
# CHECK: ndarray.mul %arg0, %{{.*}} : tensor<?xf32>
def python_float_param(x: f32[n], eps: float) -> f32[n]:
    return x * eps

# Tests that a parameter annotated `int` is a weak Python int: an i32 array
# plus it stays i32, and a float array times it keeps its dtype.
# CHECK-LABEL: func.func @python_int_param(
# CHECK-SAME: %arg2: tensor<i64>
# CHECK: ndarray.cast %arg2 : tensor<i64> to tensor<i32>
# CHECK: ndarray.add %arg0, %{{.*}} : tensor<?xi32>
# CHECK: ndarray.cast %arg2 : tensor<i64> to tensor<f32>
# CHECK: ndarray.mul %arg1, %{{.*}} : tensor<?xf32>
def python_int_param(x: i32[n], y: f32[n], k: int) -> (i32[n], f32[n]):
    return x + k, y * k

# Tests that an `f64` annotation stays a strong NumPy scalar: f32 * f64 0-d
# is f64, as NumPy's np.float64 scalar gives.
# CHECK-LABEL: func.func @numpy_f64_param(
# CHECK: ndarray.cast %arg0 : tensor<?xf32> to tensor<?xf64>
# CHECK: ndarray.mul %{{.*}} : tensor<?xf64>
def numpy_f64_param(x: f32[n], s: f64) -> f64[n]:
    return x * s
