# RUN: arrayc --emit=ndarray %s | FileCheck %s

# Tests that a dimension name is a value and a shape that keeps its name:
# zeros((n, 3)) has type f32[n, 3], so adding x type-checks.
# CHECK-LABEL: func.func @scale(
# CHECK: ndarray.broadcast_in_dim %{{.*}} [](%{{.*}}) : tensor<f32> -> tensor<?x3xf32>
# CHECK: ndarray.add %{{.*}}, %arg0 : tensor<?x3xf32>
# CHECK: ndarray.dim %arg0 0
def scale(x: f32[n, 3]) -> f32[n, 3]:
    z = np.zeros((n, 3), dtype=np.float32) + x
    return z * n

# Tests that a computed index wraps negatives and is checked at run time with
# the index and the size in the message.
# CHECK-LABEL: func.func @pick(
# CHECK: ndarray.assert %{{.*}}, "{{.*}}sizes-control.arr:[[@LINE+2]]:14: index {0} is out of bounds for axis 0 with size {1}"(%{{.*}}, %{{.*}})
def pick(x: f32[n], i: i64) -> f32:
    return x[i]

# Tests that a return inside a loop goes through a result slot: the loop
# carries the returned flag and the slot, and the function returns the slot.
# A range loop that may return runs as a while that also carries its i64
# counter and stops once the flag is set (no empty iterations after it).
# CHECK-LABEL: func.func @find(
# CHECK: %[[R:.*]]:3 = scf.while {{.*}} -> (tensor<i1>, tensor<i64>, i64)
# CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i64
# CHECK: scf.condition
# CHECK: arith.addi %{{.*}}, %{{.*}} : i64
# CHECK: scf.yield {{.*}} : tensor<i1>, tensor<i64>, i64
# CHECK: scf.if
# CHECK: return %{{.*}}#0 : tensor<i64>
def find(x: f32[n]) -> i64:
    for i in range(n):
        if x[i] > 0:
            return i
    return -1
