# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Python lists (arrays over their items), appends carried by a loop, a list
# display as an index array, and conditional expressions.
import numpy as np

# Tests that `[]` appended to in a loop is carried as an array with a
# run-time length, and each append checks at run time whether the list came
# in empty (an append under a condition: an unconditional one preallocates,
# list-append-preallocated.arr).
# CHECK-LABEL: func.func @logged(
# CHECK: scf.for {{.*}} iter_args(%[[L:.*]] = %{{.*}}) -> (tensor<?xf64>)
# CHECK: %[[N:.*]] = tensor.dim %[[L]], %{{.*}} : tensor<?xf64>
# CHECK: %[[E:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : index
# CHECK: scf.if %[[E]] -> (tensor<?xf64>)
# CHECK: ndarray.concatenate
def logged(x: f64[n], k: i64) -> f64[m]:
    out = []
    for i in range(k):
        if i != 2:
            out.append(x[i] * 2.0)
    return np.array(out)

# Tests that a list display used as an index is a gather by an i64 array.
# CHECK-LABEL: func.func @rows(
# CHECK: ndarray.gather
def rows(A: f64[n, 3], k: i64) -> f64[2, 3]:
    return A[[k, 0]]

# Tests that a conditional expression with a run-time condition is an
# scf.if whose branches compute only their own value.
# CHECK-LABEL: func.func @pick(
# CHECK: scf.if %{{.*}} -> (tensor<f64>)
# CHECK: ndarray.mul
# CHECK: } else {
# CHECK: ndarray.neg
def pick(x: f64, c: bool) -> f64:
    return x * 2.0 if c else -x

def main():
    x: f64[n] = np.load("x.npy")
    A: f64[n, 3] = np.load("A.npy")
    print(logged(x, 3), rows(A, 1), pick(1.5, True))

# Tests that a lambda becomes a module-level function called like a def.
# CHECK-LABEL: func.func @twice(
# CHECK: call @"lambda@{{.*}}"
def twice(x: f64[n]) -> f64[n]:
    return (lambda v, s=2.0: v * s)(x)
