# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Reference semantics in the IR: a function that writes a parameter starts
# by writing the argument onto itself, updates it in place, and returns its
# final contents as a hidden result marked ndarray.written_arg; the caller
# writes that result back through the argument it passed (here a view).

# CHECK-LABEL: func.func @bump(
# CHECK-SAME: %[[X:.*]]: tensor<?xf64>) -> (tensor<?xf64> {ndarray.written_arg = 0 : i64})
# CHECK: %[[SELF:.*]] = bufferization.materialize_in_destination %[[X]] in %[[X]]
# CHECK: %[[U:.*]] = ndarray.update_slice %[[SELF]]
# CHECK: return %[[U]] : tensor<?xf64>
def bump(x: f64[n]):
    x[0] += 1.0

# A function that only reads its parameter has no hidden result.
# CHECK-LABEL: func.func @total(
# CHECK-SAME: -> tensor<f64> {
# CHECK-NOT: materialize_in_destination
def total(x: f64[n]) -> f64:
    return x.sum()

# CHECK-LABEL: func.func @arrayc_main()
# CHECK: %[[A:.*]] = ndarray.load "a.npy"
# CHECK: %[[V:.*]] = ndarray.slice %[[A]] [2] [%{{.*}}] [1]
# CHECK: %[[R:.*]] = call @bump(%[[V]]) : (tensor<?xf64>) -> tensor<?xf64>
# CHECK: %[[A2:.*]] = ndarray.update_slice %[[A]], %[[R]]
# CHECK: call @total(%[[A2]])
def main():
    a: f64[n] = np.load("a.npy")
    bump(a[2:])
    print(total(a))
