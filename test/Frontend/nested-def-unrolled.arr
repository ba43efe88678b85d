# RUN: arrayc --emit=ndarray %s | FileCheck %s
# A nested `def` in a loop over a tuple display: the loop is unrolled and
# each item's copy of the `def` is a function of its own, hidden as
# `name@line:col#N` (N unique in the file) except the last item's (`name@line:col`), which the
# code after the loop calls (the working programs:
# test/e2e/nested_def_unrolled.arr; with `break`, an error:
# test/Frontend/verify/nested-functions.arr).

# Tests that each item calls its own copy (the second reads the float item
# as its captured `k`) and that the call after the loop reaches the last.
# CHECK-LABEL: func.func @f(
# CHECK: call @"g@19:9#{{[0-9]+}}"(%arg0,
# CHECK: %[[K2:.*]] = ndarray.constant dense<2.000000e+00> : tensor<f64>
# CHECK: call @"g@19:9"(%arg0, %[[K2]])
# CHECK: call @"g@19:9"(%arg0,
def f(x: f64[n]) -> f64[n]:
    acc = x * 0.0
    for k in (1, 2.0):
        def g(a):
            return a * k
        acc = acc + g(x)
    return acc + g(x)

# Tests that a nested function of the body calls the same item's copy of
# another, and that a parameter of the same name is not renamed.
# CHECK-LABEL: func.func @h(
# CHECK: call @"both@44:9#[[B1:[0-9]+]]"(
# CHECK: call @"both@44:9#[[B2:[0-9]+]]"(
# CHECK: call @"both@44:9"(
# CHECK: func.func private @"both@44:9#[[B1]]"(
# CHECK: call @"scale@42:9#[[S1:[0-9]+]]"(
# CHECK: func.func private @"both@44:9#[[B2]]"(
# CHECK: call @"scale@42:9#{{[0-9]+}}"(
# CHECK: func.func private @"both@44:9"(
# CHECK: call @"scale@42:9"(
# CHECK: func.func private @"shadow@46:9"(%[[SCALE:.*]]: tensor<?xf64>
# CHECK-NOT: call
# CHECK: ndarray.mul %[[SCALE]], %[[SCALE]]
def h(x: f64[n]) -> f64:
    total = 0.0
    for s in (1.0, 10, 3.0):
        def scale(a):
            return a * s
        def both(a):
            return scale(a).sum() + s
        def shadow(scale):
            return scale * scale
        total = total + both(x) + shadow(x).sum()
    return total
