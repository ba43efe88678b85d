# RUN: arrayc --emit=ndarray %s | FileCheck %s
# RUN: arrayc --target=cpu --emit=linalg %s | FileCheck %s --check-prefix=LINALG
# Indexing, indexed assignment, shape functions, attributes and methods.

# Tests an integer index, a slice and a new axis on static dims.
# CHECK-LABEL: func.func @idx(
# CHECK: ndarray.slice %arg0 [1, 3] [3, 1] [1, 1] : tensor<5x4xf32> -> tensor<3x1xf32>
def idx(x: f32[5, 4]) -> f32[3, 1]:
    return x[1:-1, 3, None]

# Tests a reversed named dim: a dynamic start and a negative step.
# CHECK-LABEL: func.func @rev(
# CHECK: ndarray.slice %arg0 [%{{.*}}] [%{{.*}}] [-1] : tensor<?xf32> -> tensor<?xf32>
def rev(x: f32[n]) -> f32[n]:
    return x[::-1]

# Tests that x[1:] and x[:-1] get one size (n-1) and broadcast together.
# CHECK-LABEL: func.func @diff(
# CHECK: %[[A:.*]] = ndarray.slice %arg0 [1] [%{{.*}}] [1]
# CHECK: %[[B:.*]] = ndarray.slice %arg0 [0] [%{{.*}}] [1]
# CHECK: ndarray.sub %[[A]], %[[B]] : tensor<?xf32>
def diff(x: f32[n]) -> f32[n]:
    d = x[1:] - x[:-1]
    return x

# Tests reference semantics: the argument is written onto itself at entry and
# updated in place (a hidden result marked written_arg), and `.copy()` is an
# array of its own that keeps the old contents.
# CHECK-LABEL: func.func @upd(
# CHECK-SAME: -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32> {ndarray.written_arg = 0 : i64})
# CHECK: %[[SELF:.*]] = bufferization.materialize_in_destination %arg0 in %arg0
# CHECK: %[[OLD:.*]] = bufferization.alloc_tensor() copy(%[[SELF]])
# CHECK: ndarray.broadcast_in_dim
# CHECK: %[[U:.*]] = ndarray.update_slice %[[SELF]], %{{.*}} [1, 1] [%{{.*}}, %{{.*}}] [1, 1]
# CHECK: return %[[U]], %[[OLD]], %[[U]]
def upd(v: f32[n, m]) -> (f32[n, m], f32[n, m]):
    old = v.copy()
    v[1:-1, 1:-1] = 2
    return v, old

# Tests .T.
# CHECK-LABEL: func.func @tr(
# CHECK: ndarray.transpose %arg0 [1, 0] : tensor<?x3xf32> -> tensor<3x?xf32>
def tr(x: f32[n, 3]) -> f32[3, n]:
    return x.T

# Tests concatenate along axis 1.
# CHECK-LABEL: func.func @cat(
# CHECK: ndarray.concatenate %arg0, %arg1 axis 1 : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x6xf32>
def cat(x: f32[n, 3], y: f32[n, 3]) -> f32[n, 6]:
    return np.concatenate((x, y), axis=1)

# Tests x.shape[0] of a named dim as an i64 scalar.
# CHECK-LABEL: func.func @shp(
# CHECK: ndarray.dim %arg0 0 : tensor<?x3xf32> -> tensor<i64>
def shp(x: f32[n, 3]) -> i64:
    return x.shape[0]

# Tests .flatten().
# CHECK-LABEL: func.func @flat(
# CHECK: ndarray.reshape %arg0 : tensor<2x3xf32> -> tensor<6xf32>
def flat(x: f32[2, 3]) -> f32[6]:
    return x.flatten()

# Tests rows selected by a boolean mask along axis 0 and summed there (the
# per-cluster means of k-means): X is read through the mask (a select, the
# others -0.0), with no compaction, gather or bounds check of the true
# positions; the selection's length (the mean's count) is the count of the
# mask, checked against X's rows first.
# CHECK-LABEL: func.func @cluster_mean(
# CHECK: ndarray.assert {{.*}}boolean index did not match indexed array along dimension 0
# CHECK: ndarray.reduce sum
# CHECK-NOT: ndarray.scan
# CHECK: %[[M:.*]] = ndarray.broadcast_in_dim %{{.*}} [0](%{{.*}}, %{{.*}}) : tensor<?xi1> -> tensor<?x?xi1>
# CHECK: %[[Z:.*]] = ndarray.broadcast_in_dim %{{.*}} [](%{{.*}}, %{{.*}}) : tensor<f64> -> tensor<?x?xf64>
# CHECK: %[[S:.*]] = ndarray.select %[[M]], %arg0, %[[Z]]
# CHECK: ndarray.reduce sum %[[S]] [0] : tensor<?x?xf64> -> tensor<?xf64>
# CHECK: ndarray.div
# The gather left for the selection's length folds away with the compaction
# (tensor.dim of its result is the count).
# LINALG-LABEL: func.func @arrayc_fn_cluster_mean(
# LINALG-NOT: arrayc_rt_compress
# LINALG-NOT: tensor.extract %arg0
# LINALG: return
def cluster_mean(X: f64[n, d], labels: i64[m], j: int) -> f64[d]:
    members = X[labels == j]
    return members.mean(axis=0)

# Tests that other uses of the selection still gather it (the positions
# without a bounds check: they are the mask's), and that a sum over another
# axis reads the gathered rows.
# CHECK-LABEL: func.func @cluster_rows(
# CHECK-NOT: ndarray.scan
# CHECK: ndarray.compress
# CHECK: %[[G:.*]] = ndarray.gather %arg0
# CHECK: ndarray.reduce sum %[[G]] [1]
def cluster_rows(X: f64[n, d], keep: bool[n]) -> f64[k]:
    return X[keep].sum(axis=1)
