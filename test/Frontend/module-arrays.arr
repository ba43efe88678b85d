# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Module-level arrays, `from` imports, and arguments bound per
# specialization (None, tuples, int literals).
import numpy as np
from numpy.linalg import norm as nrm
from numpy import sqrt
from math import pi

K = np.array([1.0, 2.0, 3.0])

# Tests that None, a tuple and an int literal are bound in the
# specialization (a 0-d i1 placeholder operand each), one per value.
# CHECK-LABEL: func.func @arrayc_main()
# CHECK: %[[X:.*]] = ndarray.load "x.npy" : tensor<3xf64>
# CHECK: call @f(%[[X]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3xf64>, tensor<i1>, tensor<i1>, tensor<i1>) -> tensor<f64>
# CHECK: call @f__arrayc_spec1(%[[X]], %[[X]], %{{.*}}, %{{.*}}) : (tensor<3xf64>, tensor<3xf64>, tensor<i1>, tensor<i1>) -> tensor<f64>
def main():
    x: f64[3] = np.load("x.npy")
    print(f(x), f(x, x))

# Tests that the module array is evaluated at the function's entry, that
# `y is None` folds (the multiply by K only where y is None), that the
# tuple element and pi are literals, and that the imported names are
# NumPy's functions.
# CHECK-LABEL: func.func private @f(
# CHECK: %[[K:.*]] = tensor.from_elements
# CHECK: %[[Y:.*]] = ndarray.mul %arg0, %[[K]] : tensor<3xf64>
# CHECK: ndarray.reduce sum
# CHECK: ndarray.sqrt
# CHECK: ndarray.sqrt
# CHECK: ndarray.constant dense<2.000000e+00> : tensor<f64>
# CHECK: ndarray.constant dense<3.1415926535897931> : tensor<f64>
# CHECK-LABEL: func.func private @f__arrayc_spec1(
# CHECK-NOT: ndarray.mul %arg0
# CHECK: return
def f(x, y=None, c=(1.0, 2.0), axis=0):
    if y is None:
        y = x * K
    return sqrt(nrm(y)) * c[1] + y.sum(axis=axis) + pi
