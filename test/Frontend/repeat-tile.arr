# RUN: arrayc --emit=ndarray %s | FileCheck %s
# np.repeat and np.tile with counts known only at run time: an array of
# repeats (the result's length is their sum, a run-time size), a run-time
# integer count, and tile's reps from a tuple of run-time integers. NumPy's
# errors are run-time checks with the source location.
import numpy as np

# Tests that an array of repeats of the axis's own length needs no length
# check: negatives are counted, the sum gives the length, one scan of the
# counts marks where each element's copies end, one accumulating scatter and
# a second scan give each output position its source, and one gather reads it.
# CHECK-LABEL: func.func @by_array(
# CHECK-NOT: operands could not be broadcast
# CHECK: %[[LT:.*]] = ndarray.compare lt, %arg1
# CHECK: ndarray.reduce sum %{{.*}} [0]
# CHECK: ndarray.assert %{{.*}}, "{{.*}}repeat-tile.arr:[[@LINE+12]]:12: repeats may not contain negative values."
# CHECK: %[[SUM:.*]] = ndarray.reduce sum %arg1 [0] : tensor<?xi64> -> tensor<i64>
# CHECK: %[[T:.*]] = tensor.extract %[[SUM]][]
# CHECK: %[[TOTAL:.*]] = arith.index_cast %[[T]] : i64 to index
# CHECK: %[[ENDS:.*]] = ndarray.scan sum %arg1 0
# CHECK: %[[SLOTS:.*]] = arith.addi %[[TOTAL]], %{{.*}} : index
# CHECK: %[[Z:.*]] = ndarray.broadcast_in_dim %{{.*}} [](%[[SLOTS]])
# CHECK: %[[M:.*]] = ndarray.scatter %[[Z]][%[[ENDS]]] = %{{.*}} accumulate
# CHECK: %[[SRC:.*]] = ndarray.scan sum %[[M]] 0
# CHECK: %[[W:.*]] = ndarray.slice %[[SRC]] [%{{.*}}] [%[[TOTAL]]] [1]
# CHECK: ndarray.gather %arg0[%[[W]]] axis 0 : tensor<?xf64>, tensor<?xi64> -> tensor<?xf64>
def by_array(x: f64[n], r: i64[n]):
    return np.repeat(x, r)

# Tests that repeats of another length along an axis are checked at run time
# (equal to the axis or 1, NumPy's broadcast) and read at min(i, len - 1).
# CHECK-LABEL: func.func @on_axis(
# CHECK: %[[R:.*]] = ndarray.cast %arg1 : tensor<?xi32> to tensor<?xi64>
# CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[M:.*]], %[[N:.*]] : i64
# CHECK: %[[ONE:.*]] = arith.cmpi eq, %[[M]], %{{.*}} : i64
# CHECK: %[[OK:.*]] = arith.ori %[[SAME]], %[[ONE]] : i1
# CHECK: ndarray.assert %[[OK]], "{{.*}}repeat-tile.arr:[[@LINE+6]]:12: operands could not be broadcast together with shape ({0},) ({1},)"(%[[N]], %[[M]])
# CHECK: %[[I:.*]] = ndarray.iota 0
# CHECK: %[[P:.*]] = ndarray.min %[[I]], %{{.*}} : tensor<?xi64>
# CHECK: ndarray.gather %[[R]][%[[P]]] axis 0
# CHECK: ndarray.gather %arg0[%{{.*}}] axis 1 : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
def on_axis(a: f32[p, q], r: i32[m]):
    return a.repeat(r, axis=1)

# Tests that a run-time count is checked non-negative and broadcast along a
# new axis that is merged into the repeated one (n * k elements).
# CHECK-LABEL: func.func @by_count(
# CHECK: %[[K:.*]] = tensor.extract %arg1[]
# CHECK: %[[GE:.*]] = arith.cmpi sge, %[[K]], %{{.*}} : i64
# CHECK: ndarray.assert %[[GE]], "{{.*}}repeat-tile.arr:[[@LINE+6]]:25: negative dimensions are not allowed"
# CHECK: %[[KI:.*]] = arith.index_cast %[[K]] : i64 to index
# CHECK: ndarray.broadcast_in_dim %{{.*}} [0, 1, 2](%{{.*}}, %{{.*}}, %[[KI]]) : tensor<?x?x1xf32> -> tensor<?x?x?xf32>
# CHECK: %[[NK:.*]] = arith.muli %{{.*}}, %[[KI]] : index
# CHECK: ndarray.reshape %{{.*}}(%{{.*}}, %[[NK]]) : tensor<?x?x?xf32> -> tensor<?x?xf32>
def by_count(a: f32[p, q], k: i64):
    return np.repeat(a, k, axis=1)

# Tests that tile's reps may be run-time integers in a tuple bound to a name:
# the run-time one is checked, the literal one stays static.
# CHECK-LABEL: func.func @tiled(
# CHECK: ndarray.assert %{{.*}}, "{{.*}}repeat-tile.arr:[[@LINE+6]]:23: negative dimensions are not allowed"
# CHECK: ndarray.broadcast_in_dim %{{.*}} [0, 1, 2](%{{.*}}, %{{.*}}, %{{.*}}) : tensor<1x?x?xf64> -> tensor<?x?x?xf64>
# CHECK: ndarray.broadcast_in_dim %{{.*}} [0, 1, 2](%{{.*}}, %{{.*}}) : tensor<?x1x?xf64> -> tensor<?x3x?xf64>
# CHECK: -> tensor<?x?xf64>
def tiled(a: f64[p, q], k: i64):
    reps = (k, 3)
    return np.tile(a, reps)

# Tests that a one-element array of repeats is one count for every element.
# CHECK-LABEL: func.func @single(
# CHECK: %[[E:.*]] = tensor.extract %arg1[%{{.*}}] : tensor<1xi64>
# CHECK: arith.cmpi sge
# CHECK-NOT: ndarray.scatter
# CHECK: return
def single(x: f64[n], r: i64[1]):
    return np.repeat(x, r)

# Tests that a tuple of counts (written, or bound to a name) is an array of
# them, each run-time one read once, and that a bool count is 0 or 1.
# CHECK-LABEL: func.func @tuple_counts(
# CHECK: %[[K:.*]] = tensor.extract %arg1[]
# CHECK: tensor.from_elements %{{.*}}, %[[K]], %{{.*}} : tensor<3xi64>
# CHECK: ndarray.scatter
# CHECK: ndarray.gather %arg0
# CHECK: %[[F:.*]] = ndarray.cast %arg2 : tensor<i1> to tensor<i64>
# CHECK: tensor.extract %[[F]][]
# CHECK: ndarray.assert %{{.*}}, "{{.*}}negative dimensions are not allowed"
def tuple_counts(x: f64[3], k: i64, flag: bool):
    reps = (2, k, 0)
    return np.repeat(x, reps), np.repeat(x, flag)
