# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Broadcasting is explicit: ndarray.broadcast_in_dim, with dynamic sizes read
# by tensor.dim from an operand that carries the same named dimension.

# Tests that operands of one shape are not broadcast.
# CHECK-LABEL: func.func @same(
# CHECK-SAME: %[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>) -> tensor<?xf32>
# CHECK-NOT: broadcast_in_dim
# CHECK: %[[R:.*]] = ndarray.add %[[X]], %[[Y]] : tensor<?xf32>
# CHECK: return %[[R]]
def same(x: f32[n], y: f32[n]) -> f32[n]:
    return x + y

# Tests that a lower-rank operand is right-aligned.
# CHECK-LABEL: func.func @rank_expand(
# CHECK-SAME: %[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?x?xf32>)
# CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
# CHECK-DAG: %[[M:.*]] = tensor.dim %[[Y]], %[[C0]]
# CHECK-DAG: %[[N:.*]] = tensor.dim %[[X]], %{{.*}}
# CHECK: %[[B:.*]] = ndarray.broadcast_in_dim %[[X]] [1](%[[M]], %[[N]]) : tensor<?xf32> -> tensor<?x?xf32>
# CHECK: ndarray.add %[[B]], %[[Y]] : tensor<?x?xf32>
def rank_expand(x: f32[n], y: f32[m, n]) -> f32[m, n]:
    return x + y

# Tests that static size-1 dims stretch on both sides.
# CHECK-LABEL: func.func @stretch(
# CHECK: %[[A:.*]] = ndarray.broadcast_in_dim %arg0 [0, 1](%{{.*}}, %{{.*}}) : tensor<?x1xf32> -> tensor<?x?xf32>
# CHECK: %[[B:.*]] = ndarray.broadcast_in_dim %arg1 [0, 1](%{{.*}}, %{{.*}}) : tensor<1x?xf32> -> tensor<?x?xf32>
# CHECK: ndarray.mul %[[A]], %[[B]] : tensor<?x?xf32>
def stretch(x: f32[n, 1], y: f32[1, m]) -> f32[n, m]:
    return x * y

# Tests that a scalar parameter (0-d tensor) broadcasts to a 2-d array.
# CHECK-LABEL: func.func @scalar_param(
# CHECK-SAME: %{{.*}}: tensor<?x?xf32>, %[[S:.*]]: tensor<f32>)
# CHECK: %[[B:.*]] = ndarray.broadcast_in_dim %[[S]] [](%{{.*}}, %{{.*}}) : tensor<f32> -> tensor<?x?xf32>
# CHECK: ndarray.sub %arg0, %[[B]] : tensor<?x?xf32>
def scalar_param(x: f32[n, m], s: f32) -> f32[n, m]:
    return x - s

# Tests that static shapes broadcast without dynamic sizes.
# CHECK-LABEL: func.func @static_dims(
# CHECK: %[[B:.*]] = ndarray.broadcast_in_dim %arg1 [1] : tensor<4xf32> -> tensor<3x4xf32>
# CHECK: ndarray.div %arg0, %[[B]] : tensor<3x4xf32>
def static_dims(x: f32[3, 4], y: f32[4]) -> f32[3, 4]:
    return x / y

# Tests that a literal 1 broadcasts against a named dim.
# CHECK-LABEL: func.func @one_vs_named(
# CHECK: %[[N:.*]] = tensor.dim %arg1
# CHECK: %[[B:.*]] = ndarray.broadcast_in_dim %arg0 [0](%[[N]]) : tensor<1xf32> -> tensor<?xf32>
# CHECK: ndarray.add %[[B]], %arg1 : tensor<?xf32>
def one_vs_named(x: f32[1], y: f32[n]) -> f32[n]:
    return x + y
