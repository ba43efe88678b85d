# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Nested functions: each becomes a private module-level function under a
# hidden name (`name@line:col`) whose extra parameters are the enclosing
# variables it reads, passed at every call (their values then: late
# binding); one specialization per call signature, none exported.

# Tests that a closure's call passes the enclosing variable's current value
# (the second call passes the rebound `scale`), after the own arguments.
# CHECK-LABEL: func.func @late(
# CHECK-SAME: %[[X:.*]]: tensor<?xf64>
# CHECK: %[[S1:.*]] = ndarray.constant dense<2.000000e+00> : tensor<f64>
# CHECK: call @"scaled@17:5"(%[[X]], %[[S1]])
# CHECK: %[[S2:.*]] = ndarray.constant dense<-3.000000e+00> : tensor<f64>
# CHECK: call @"scaled@17:5"(%[[X]], %[[S2]])
def late(x: f64[n]) -> f64[n]:
    scale = 2.0
    def scaled(a):
        return a * scale
    first = scaled(x)
    scale = -3.0
    return first + scaled(x)

# Tests one nested helper specialized per call signature (1-d, 2-d, f32),
# and a nested function inside a nested one that reads the outermost
# function's variable: the middle one reads it too, to pass it on.
# CHECK-LABEL: func.func @shapes(
# CHECK: call @"avg@33:5"({{.*}}) : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
# CHECK: call @"avg@33:5__arrayc_spec1"({{.*}}) : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
# CHECK: call @"avg@33:5__arrayc_spec2"({{.*}}) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
# CHECK: %[[W:.*]] = ndarray.constant dense<5.000000e-01>
# CHECK: call @"outer@35:5"({{.*}}, %[[W]])
def shapes(x: f64[n], M: f64[r, c], y: f32[k]) -> f64:
    def avg(a, b):
        return (a + b) / 2
    def outer(a):
        def inner(b):
            return b * w
        return inner(a).sum()
    w = 0.5
    return avg(x, x).sum() + avg(M, M).sum() + avg(y, y).sum() + outer(x)

# Tests that `g = lambda ...` in a function is the nested function `g`
# (a closure called by name).
# CHECK-LABEL: func.func @named_lambda(
# CHECK: call @"g@48:9"(
def named_lambda(x: f64[n]) -> f64[n]:
    p = 3.0
    g = lambda a: a * p
    return g(x)

# Tests that a name a nested function assigns before reading is its own
# (the enclosing `y` is not passed), as a parameter is.
# CHECK-LABEL: func.func @own_names(
# CHECK: call @"g@58:5"(%{{[^,]*}}) :
# CHECK: call @"h@61:5"(%{{[^,]*}}, %{{[^,]*}}) :
def own_names(x: f64[n]) -> f64[n]:
    y = 2.0
    def g(a):
        y = a * 2
        return y + 1
    def h(a, y):
        y = y + 1
        return a * y
    return g(x) + h(x, 3.0) + y

# The hoisted functions, private, after the module's own.
# CHECK: func.func private @"scaled@17:5"(
# CHECK: func.func private @"avg@33:5"(
# CHECK: func.func private @"outer@35:5"(%{{.*}}: tensor<?xf64>, %[[OW:.*]]: tensor<f64>)
# CHECK: call @"inner@36:9"(%{{.*}}, %[[OW]])
# CHECK: func.func private @"inner@36:9"(
# CHECK: func.func private @"g@48:9"(
