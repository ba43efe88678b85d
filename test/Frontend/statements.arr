# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Control flow: if/elif/else -> scf.if, for range -> scf.for, while ->
# scf.while, all on tensors with the assigned variables as results/iter_args;
# assert -> ndarray.assert.

# Tests an if/elif/else whose branches assign an array: nested scf.if with one
# result, the 0-d condition read by tensor.extract.
# CHECK-LABEL: func.func @branches(
# CHECK: %[[C:.*]] = ndarray.compare gt, %arg1
# CHECK: %[[E:.*]] = tensor.extract %[[C]][] : tensor<i1>
# CHECK: %[[R:.*]] = scf.if %[[E]] -> (tensor<?xf32>) {
# CHECK: ndarray.mul
# CHECK: scf.yield %{{.*}} : tensor<?xf32>
# CHECK: } else {
# CHECK: scf.if %{{.*}} -> (tensor<?xf32>) {
# CHECK: scf.yield %arg0 : tensor<?xf32>
# CHECK: return %[[R]] : tensor<?xf32>
def branches(x: f32[n], s: f32) -> f32[n]:
    if s > 0:
        y = x * 2.0
    elif s < -1.0:
        y = x - 1.0
    else:
        y = x
    return y

# Tests NumPy truthiness of a number (`!= 0`) and an assert with its message
# prefixed by the location.
# CHECK-LABEL: func.func @truth(
# CHECK: %[[Z:.*]] = ndarray.constant dense<0> : tensor<i32>
# CHECK: %[[NE:.*]] = ndarray.compare ne, %arg0, %[[Z]]
# CHECK: tensor.extract %[[NE]][] : tensor<i1>
# CHECK: scf.if
# CHECK: ndarray.assert %{{.*}}, "{{.*}}statements.arr:39:5: AssertionError: k too big"
def truth(k: i32) -> i32:
    r = k
    if k:
        r = k * 2
    assert k < 100, "k too big"
    return r

# Tests a for loop with a negative step: the trip count is computed, the index
# is start + k * step (a Python int: i64, and x stays f32), a Python int and x
# are iter_args (x, a parameter rebound in the loop, is carried as a value
# after the first attempt finds it rebound).
# CHECK-LABEL: func.func @loop(
# CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : i64 to index
# CHECK: %[[T0:.*]] = ndarray.constant dense<0> : tensor<i64>
# CHECK: %[[F:.*]]:2 = scf.for %[[K:.*]] = %c0 to %[[N]] step %c1 iter_args(%[[T:.*]] = %{{.*}}, %[[X:.*]] = %arg0) -> (tensor<i64>, tensor<?xf32>) {
# CHECK: %[[KI:.*]] = arith.index_cast %[[K]] : index to i64
# CHECK: %[[I:.*]] = tensor.from_elements %{{.*}} : tensor<i64>
# CHECK: ndarray.cast %[[I]] : tensor<i64> to tensor<f32>
# CHECK: scf.yield %{{.*}}, %{{.*}} : tensor<i64>, tensor<?xf32>
# CHECK: return %[[F]]#1
def loop(x: f32[n]) -> f32[n]:
    t = 0
    for i in range(10, 0, -2):
        x = x + i
        t += i
    return x

# Tests a while loop on a scalar residual: the condition in the before region,
# x and the residual carried.
# CHECK-LABEL: func.func @relax(
# CHECK: %[[W:.*]]:2 = scf.while (%[[R:.*]] = %{{.*}}, %[[X:.*]] = %arg0) : (tensor<f64>, tensor<?xf64>) -> (tensor<f64>, tensor<?xf64>) {
# CHECK: ndarray.compare gt, %[[R]]
# CHECK: scf.condition(%{{.*}}) %[[R]], %[[X]] : tensor<f64>, tensor<?xf64>
# CHECK: } do {
# CHECK: ndarray.reduce max
# CHECK: scf.yield
# CHECK: return %[[W]]#1
def relax(x: f64[n]) -> f64[n]:
    r = max(abs(x))
    while r > 1e-3:
        x = x * 0.5
        r = max(abs(x))
    return x

# Tests that a literal condition picks a branch at compile time and that a
# zero-trip literal range emits nothing.
# CHECK-LABEL: func.func @static(
# CHECK-NOT: scf.
# CHECK: return
def static(x: f32[n]) -> f32[n]:
    if 1 < 2 and not False:
        x = x + 1.0
    else:
        x = x - 1.0
    for i in range(5, 5):
        x = x * 3.0
    return x
