# RUN: arrayc --emit=ndarray %s | FileCheck %s
# A function without `-> ...` whose body returns at its top level: the first
# `return` fixes the result types (what `@arrayc.jit` functions rely on).

# CHECK-LABEL: func.func @pair(%arg0: tensor<?xf32>, %arg1: tensor<f32>) -> (tensor<?xf32>, tensor<f32>)
def pair(x: f32[n], s: f32):
    y = x * s
    return y, np.sum(y)

# Calls see the inferred types; a callee inferred from a call.
# CHECK-LABEL: func.func @outer(%arg0: tensor<?xf32>) -> (tensor<?xf32>, tensor<f32>)
# CHECK: call @pair
def outer(x: f32[n]):
    return pair(x, 2.0)

# Python numbers become NumPy's: int -> i64, float -> f64.
# CHECK-LABEL: func.func @number(%arg0: tensor<?xf32>) -> tensor<i64>
def number(x: f32[n]):
    return 3

# CHECK-LABEL: func.func @half(%arg0: tensor<?x?xf64>) -> tensor<f64>
def half(x: f64[n, m]):
    return 0.5

# No return value: no results, as before.
# CHECK-LABEL: func.func @nothing(%arg0: tensor<?xf32>) {
def nothing(x: f32[n]):
    pass
