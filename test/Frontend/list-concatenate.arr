# RUN: arrayc --emit=ndarray %s | FileCheck %s
# np.concatenate / np.vstack / np.hstack of a list variable built with
# append in a loop (the list is its items stacked on a new first axis): the
# join merges the list axis with the item axis it runs along, and a list
# whose length is known only at run time is checked to be non-empty there
# (NumPy's ValueError).
import numpy as np

# Tests that concatenating 1-d items merges the two axes of the list.
# CHECK-LABEL: func.func @rows_joined(
# CHECK: %[[L:.*]] = scf.for {{.*}} -> (tensor<?x3xf64>)
# CHECK: %[[N:.*]] = tensor.dim %[[L]]
# CHECK: %[[N64:.*]] = arith.index_cast %[[N]]
# CHECK: %[[OK:.*]] = arith.cmpi sgt, %[[N64]]
# CHECK: ndarray.assert %[[OK]], "{{.*}}list-concatenate.arr:22:12: ValueError: need at least one array to concatenate"
# CHECK: %[[R:.*]] = tensor.collapse_shape %[[L]] {{\[\[}}0, 1]] : tensor<?x3xf64> into tensor<?xf64>
# CHECK: return %[[R]]
def rows_joined(k: i64) -> f64[m]:
    rows = []
    for i in range(k):
        rows.append(np.arange(3.0) * i)
    return np.concatenate(rows)

# Tests that hstack of 2-d items joins along axis 1: the list axis moves
# next to it first.
# CHECK-LABEL: func.func @blocks_side(
# CHECK: %[[L:.*]] = scf.for {{.*}} -> (tensor<?x2x3xf64>)
# CHECK: ndarray.assert
# CHECK: %[[T:.*]] = ndarray.transpose %[[L]] [1, 0, 2] : tensor<?x2x3xf64> -> tensor<2x?x3xf64>
# CHECK: tensor.collapse_shape %[[T]] {{\[\[}}0], [1, 2]] : tensor<2x?x3xf64> into tensor<2x?xf64>
def blocks_side(k: i64) -> f64[2, m]:
    blocks = []
    for i in range(k):
        blocks.append(np.ones((2, 3)) * i)
    return np.hstack(blocks)

# Tests that vstack of 2-d items and concatenate along axis=-1 both work.
# CHECK-LABEL: func.func @blocks_both(
# CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<?x2x3xf64> into tensor<?x3xf64>
# CHECK: ndarray.transpose %{{.*}} [1, 0, 2]
# CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : tensor<2x?x3xf64> into tensor<2x?xf64>
def blocks_both(k: i64):
    blocks = []
    for i in range(k):
        blocks.append(np.ones((2, 3)) * i)
    return np.vstack(blocks), np.concatenate(blocks, axis=-1)

# Tests that vstack of scalars is a column (NumPy: each scalar is a 1x1 row).
# CHECK-LABEL: func.func @scalars_column(
# CHECK: ndarray.reshape %{{.*}} : tensor<?xf64> -> tensor<?x1xf64>
def scalars_column(k: i64) -> f64[m, 1]:
    vals = []
    for i in range(k):
        vals.append(i * 0.5)
    return np.vstack(vals)

# Tests that a list of static length needs no run-time check.
# CHECK-LABEL: func.func @fixed(
# CHECK-NOT: ndarray.assert
# CHECK: tensor.collapse_shape %{{.*}} : tensor<2x3xf64> into tensor<6xf64>
def fixed(x: f64[3]) -> f64[6]:
    parts = [x, x * 2.0]
    return np.concatenate(parts)
