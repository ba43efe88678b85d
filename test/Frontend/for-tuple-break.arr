# RUN: arrayc --emit=ndarray %s | FileCheck %s
# A loop over a tuple display is unrolled; with `break` each later item runs
# under `if not broken:` (a run-time flag when the break depends on the data)
# and the rest of an item under `if not stop:`.

# Tests that the item after a run-time break is guarded by the break flag.
# CHECK-LABEL: func.func @f(
# CHECK:         %[[SUM:.*]] = ndarray.reduce  sum %arg0
# CHECK:         %[[GT:.*]] = ndarray.compare  gt, %[[SUM]], %arg1
# CHECK:         %[[FLAGS:.*]]:2 = scf.if
# CHECK:         ndarray.bitnot %[[FLAGS]]#1
# CHECK:         %[[X1:.*]] = scf.if %{{.*}} -> (tensor<?xf32>) {
# CHECK:           ndarray.mul %arg0
# CHECK:         ndarray.bitnot %[[FLAGS]]#0
# CHECK:         scf.if %{{.*}} -> (tensor<i1>, tensor<i1>, tensor<f64>, tensor<?xf32>) {
# CHECK:           ndarray.reduce  sum %[[X1]]
def f(x: f32[n], lim: f32) -> f32[n]:
    for v in (1.0, 2.0, 3.0):
        if np.sum(x) > lim:
            break
        x = x * v
    return x


# Tests that a break decided by the items folds: no flag survives, the items
# after it are not compiled.
# CHECK-LABEL: func.func @g(
# CHECK-NOT:     scf.if
# CHECK-COUNT-2: ndarray.add
# CHECK-NOT:     ndarray.add
# CHECK:         return
def g(x: f32[n]) -> f32[n]:
    for v in (1.0, 2.0, 3.0, 4.0):
        if v == 2.0:
            continue
        if v > 3.5:
            break
        x = x + v
    return x
