# RUN: arrayc --emit=ndarray %s | FileCheck %s
# np.gradient with uniform spacings: central differences inside, one-sided
# ones at the ends, joined along each axis; a run-time size is checked to be
# at least 2 (NumPy's ValueError); integers compute in f64.
import numpy as np

# Tests the 1-d case with a spacing: (f[2:] - f[:-2]) / (2 h) between
# (f[1] - f[0]) / h and (f[-1] - f[-2]) / h.
# CHECK-LABEL: func.func @grad1(
# CHECK: %[[OK:.*]] = arith.cmpi sge, %{{.*}}, %c2_i64
# CHECK: ndarray.assert %[[OK]], "{{.*}}gradient.arr:21:12: ValueError: Shape of array too small to calculate a numerical gradient
# CHECK: %[[HI:.*]] = ndarray.slice %arg0
# CHECK: %[[LO:.*]] = ndarray.slice %arg0
# CHECK: %[[MIDD:.*]] = ndarray.sub %[[HI]], %[[LO]]
# CHECK: %[[MID:.*]] = ndarray.div %[[MIDD]]
# CHECK: %[[FIRST:.*]] = ndarray.div
# CHECK: %[[LAST:.*]] = ndarray.div
# CHECK: %[[G:.*]] = ndarray.concatenate %[[FIRST]], %[[MID]], %[[LAST]] axis 0
# CHECK: return
def grad1(y: f64[n], h: f64) -> f64[n]:
    return np.gradient(y, h)

# Tests that a 2-d array gives one gradient per axis (a tuple) and an
# integer array computes in f64.
# CHECK-LABEL: func.func @grad2(
# CHECK: ndarray.cast %arg0 : tensor<4x5xi64> to tensor<4x5xf64>
# CHECK-NOT: ndarray.assert
# CHECK: ndarray.concatenate {{.*}} axis 0 : (tensor<1x5xf64>, tensor<2x5xf64>, tensor<1x5xf64>) -> tensor<4x5xf64>
# CHECK: ndarray.concatenate {{.*}} axis 1 : (tensor<4x1xf64>, tensor<4x3xf64>, tensor<4x1xf64>) -> tensor<4x5xf64>
def grad2(F: i64[4, 5]):
    gy, gx = np.gradient(F)
    return gx, gy
