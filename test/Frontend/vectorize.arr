# RUN: arrayc --emit=ndarray %s | FileCheck %s --check-prefix=ND
# RUN: arrayc --emit=linalg %s | FileCheck %s --check-prefix=LIN
# @vectorize functions: the body becomes the scalar region of one
# ndarray.map over the broadcast operands, and that map fuses with the
# elementwise code around it into one linalg.generic.
import numpy as np

@vectorize
def leaky(v, a):
    if v > 0.0:
        return v
    return a * v

@vectorize
def steps(t, n: i32):
    s = 0
    k = n
    while k > 1:
        k = k // 2
        s += t
    return s

# Tests that the arguments broadcast before the map, the Python float is a
# constant of the body, and the early return is an scf.if yielding f32.
# ND-LABEL: func.func @act(
# ND: %[[B:.*]] = ndarray.broadcast_in_dim
# ND: %[[M:.*]] = ndarray.map(%{{.*}}) : (tensor<?x?xf32>) -> tensor<?x?xf32> {
# ND-NEXT: ^bb0(%[[V:.*]]: f32):
# ND: %[[IF:.*]] = scf.if %{{.*}} -> (f32) {
# ND: ndarray.yield %[[IF]] : f32
# Tests that add, map and multiply are one loop nest after fusion.
# LIN-LABEL: func.func @arrayc_fn_act(
# LIN: linalg.generic
# LIN: scf.if
# LIN: arith.mulf
# LIN-NOT: linalg.generic
# LIN: return
def act(x: f32[n, m], b: f32[m]) -> f32[n, m]:
    return leaky(x + b, 0.1) * 2.0

# Tests a while loop carrying a variable whose dtype the body widens (0 is
# a Python int, then f64 through `s += t`), and an i64 argument cast to the
# annotated i32.
# ND-LABEL: func.func @count(
# ND: ndarray.cast %{{.*}} : tensor<?xi64> to tensor<?xi32>
# ND: ndarray.map(%{{.*}}, %{{.*}}) : (tensor<?xf64>, tensor<?xi32>) -> tensor<?xf64>
# ND: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, f64) -> (i32, f64)
# ND: arith.divsi
def count(t: f64[n], k: i64[n]) -> f64[n]:
    return steps(t, k)
