# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Unsigned dtypes are `uiN` element types in the ndarray IR; NumPy 2
# promotion with signed integers and Python scalars.

# Tests that unsigned annotations become ui tensors in signatures and a weak
# int literal takes the array's dtype.
# CHECK-LABEL: func.func @weak(
# CHECK-SAME: %arg0: tensor<?xui8>) -> tensor<?xui8>
# CHECK: ndarray.constant dense<255> : tensor<ui8>
# CHECK: ndarray.add %arg0, %{{.*}} : tensor<?xui8>
def weak(x: u8[n]) -> u8[n]:
    return x + 255

# Tests that u8 + i8 meets in i16 (both cast).
# CHECK-LABEL: func.func @mixed(
# CHECK: ndarray.cast %arg0 : tensor<?xui8> to tensor<?xi16>
# CHECK: ndarray.cast %arg1 : tensor<?xi8> to tensor<?xi16>
# CHECK: ndarray.compare lt, {{.*}} : (tensor<?xi16>, tensor<?xi16>) -> tensor<?xi1>
def mixed(x: u8[n], y: i8[n]) -> bool[n]:
    return x < y

# Tests that u64 with a signed integer is f64.
# CHECK-LABEL: func.func @u64_i64(
# CHECK: ndarray.cast %arg0 : tensor<?xui64> to tensor<?xf64>
# CHECK: ndarray.cast %arg1 : tensor<?xi64> to tensor<?xf64>
# CHECK: ndarray.add {{.*}} : tensor<?xf64>
def u64_i64(x: u64[n], y: i64[n]) -> f64[n]:
    return x + y

# Tests that a u64 array compares with a negative Python int in f64 (NumPy 2
# compares exactly; no u64 or i64 holds both).
# CHECK-LABEL: func.func @u64_negative(
# CHECK: ndarray.cast %arg0 : tensor<?xui64> to tensor<?xf64>
# CHECK: ndarray.constant dense<-1.000000e+00> : tensor<f64>
# CHECK: ndarray.compare gt
def u64_negative(x: u64[n]) -> bool[n]:
    return x > -1

# Tests that u32 compares with an out-of-range Python int in i64.
# CHECK-LABEL: func.func @u32_big(
# CHECK: ndarray.cast %arg0 : tensor<?xui32> to tensor<?xi64>
# CHECK: ndarray.constant dense<5000000000> : tensor<i64>
def u32_big(x: u32[n]) -> bool[n]:
    return x == 5000000000

# Tests that sum of u16 accumulates in u64 and sqrt of u16 computes in f32.
# CHECK-LABEL: func.func @reduce_float(
# CHECK: ndarray.cast %arg0 : tensor<?xui16> to tensor<?xui64>
# CHECK: ndarray.reduce sum {{.*}} -> tensor<ui64>
# CHECK: ndarray.cast %arg0 : tensor<?xui16> to tensor<?xf32>
# CHECK: ndarray.sqrt
def reduce_float(x: u16[n]) -> (u64, f32[n]):
    return sum(x), sqrt(x)
