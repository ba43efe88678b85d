# RUN: arrayc --emit=ndarray %s | FileCheck %s
# np.insert / np.delete at one integer index (a literal or known at run
# time): a bounds check with NumPy's IndexError, a negative index wrapped,
# the parts before and after the index sliced and joined around the inserted
# values (or without the removed element). A float stored into an integer
# array is NumPy's cast of it (truncation), not zero.
import numpy as np

# Tests that insert checks -n <= i <= n at run time, wraps a negative i and
# joins x[:i], the value and x[i:].
# CHECK-LABEL: func.func @ins(
# CHECK: %[[I:.*]] = tensor.extract %arg1[]
# CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : index to i64
# CHECK: %[[NEGN:.*]] = arith.subi %{{.*}}, %[[N]]
# CHECK: %[[LO:.*]] = arith.cmpi sge, %[[I]], %[[NEGN]]
# CHECK: %[[HI:.*]] = arith.cmpi sle, %[[I]], %[[N]]
# CHECK: %[[OK:.*]] = arith.andi %[[LO]], %[[HI]]
# CHECK: ndarray.assert %[[OK]], "{{.*}}insert-delete.arr:28:25: IndexError: index {0} is out of bounds for axis 0 with size {1}"(%[[I]], %[[N]])
# CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[I]]
# CHECK: %[[W:.*]] = arith.addi %[[I]], %[[N]]
# CHECK: arith.select %[[NEG]], %[[W]], %[[I]]
# CHECK: %[[L:.*]] = ndarray.slice %arg0
# CHECK: %[[R:.*]] = ndarray.slice %arg0
# CHECK: %[[V:.*]] = ndarray.constant dense<2.000000e+00>
# CHECK: %[[V1:.*]] = ndarray.reshape %[[V]] : tensor<f64> -> tensor<1xf64>
# CHECK: ndarray.concatenate %[[L]], %[[V1]], %[[R]] axis 0
def ins(x: f64[n], i: i64) -> f64[m]:
    return np.insert(x, i, 2.0)

# Tests that a column of ones goes in along axis 1: the value broadcast to
# (rows, 1) and joined between the column windows.
# CHECK-LABEL: func.func @bias(
# CHECK: %[[L:.*]] = ndarray.slice %arg0 [0, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1] : tensor<?x3xf64> -> tensor<?x?xf64>
# CHECK: %[[R:.*]] = ndarray.slice %arg0
# CHECK: %[[ONE:.*]] = ndarray.cast %{{.*}} : tensor<i64> to tensor<f64>
# CHECK: %[[COL:.*]] = ndarray.broadcast_in_dim %{{.*}} [0, 1](%{{.*}}) : tensor<1x1xf64> -> tensor<?x1xf64>
# CHECK: ndarray.concatenate %[[L]], %[[COL]], %[[R]] axis 1
def bias(X: f64[r, 3]) -> f64[r, 4]:
    return np.insert(X, 0, 1, axis=1)

# Tests that delete checks -n <= i < n and joins X[:i] with X[i + 1:].
# CHECK-LABEL: func.func @dele(
# CHECK: arith.cmpi slt, %[[I:.*]], %[[N:.*]] : i64
# CHECK: ndarray.assert %{{.*}}, "{{.*}}insert-delete.arr:51:25: IndexError: index {0} is out of bounds for axis 0 with size {1}"
# CHECK: %[[AT:.*]] = arith.select
# CHECK: %[[NEXT:.*]] = arith.addi %[[AT]], %c1_i64
# CHECK: %[[L:.*]] = ndarray.slice %arg0
# CHECK: %[[R:.*]] = ndarray.slice %arg0
# CHECK: ndarray.concatenate %[[L]], %[[R]] axis 0
def dele(X: f64[r, c], i: i64) -> f64[s, c]:
    return np.delete(X, i, axis=0)

# Tests that a float stored through a mask into an integer array is cast
# (NumPy truncates 3.9 to 3).
# CHECK-LABEL: func.func @masked(
# CHECK: %[[F:.*]] = ndarray.constant dense<3.900000e+00> : tensor<f64>
# CHECK: %[[C:.*]] = ndarray.cast %[[F]] : tensor<f64> to tensor<i64>
# CHECK: ndarray.broadcast_in_dim %[[C]]
# CHECK: ndarray.select
def masked(k: i64[n]):
    k[k > 5] = 3.9
