# RUN: arrayc --emit=ndarray %s | FileCheck %s
import numpy as np

# Tests that `.astype` reads NumPy's aliases as `dtype=` does: np.half is
# f16, np.single f32, np.double and float f64, np.intc i32, int i64,
# np.ushort u16, np.cdouble c128, and a string names a dtype the same way.
# CHECK-LABEL: func.func @astype_aliases(
# CHECK: ndarray.cast %arg0 : tensor<4xf32> to tensor<4xf16>
# CHECK: ndarray.cast %arg0 : tensor<4xf32> to tensor<4xf64>
# CHECK: ndarray.cast %arg0 : tensor<4xf32> to tensor<4xf64>
# CHECK: ndarray.cast %arg0 : tensor<4xf32> to tensor<4xi32>
# CHECK: ndarray.cast %arg0 : tensor<4xf32> to tensor<4xi64>
# CHECK: ndarray.cast %arg0 : tensor<4xf32> to tensor<4xui16>
# CHECK: ndarray.cast %arg0 : tensor<4xf32> to tensor<4xcomplex<f64>>
# CHECK: ndarray.cast %arg0 : tensor<4xf32> to tensor<4xf16>
def astype_aliases(x: f32[4]) -> (f16[4], f32[4], f64[4], f64[4], i32[4], i64[4], u16[4], c128[4], f16[4]):
    return (x.astype(np.half), x.astype(np.single), x.astype(np.double),
            x.astype(float), x.astype(np.intc), x.astype(int),
            x.astype(np.ushort), x.astype(np.cdouble), x.astype("half"))

# Tests that `dtype=` reads `x.dtype` as `.astype` does.
# CHECK-LABEL: func.func @dtype_of_array(
# CHECK: ndarray.constant dense<0> : tensor<i16>
# CHECK: ndarray.broadcast_in_dim %{{.*}} [] : tensor<i16> -> tensor<3xi16>
def dtype_of_array(k: i16[2]) -> i16[3]:
    return np.zeros(3, dtype=k.dtype)
