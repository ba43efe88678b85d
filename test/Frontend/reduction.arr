# RUN: arrayc --emit=ndarray %s | FileCheck %s --check-prefix=ND
# RUN: arrayc --emit=linalg %s | FileCheck %s --check-prefix=LIN
# @reduction functions: the body becomes the (acc, elem) region of one
# ndarray.custom_reduce, which lowers to one linalg.generic with reduction
# loops over a fill of the identity; the producer of its argument fuses
# into that generic.
import numpy as np

@reduction(identity=0.0)
def absmax(a, b):
    return max(a, abs(b))

@reduction(identity=0)
def fsum(a, b):
    return a + b * 1.0

# Tests that a call is one custom_reduce over all axes with the identity
# of the array's dtype, the body comparing and selecting (Python's max).
# ND-LABEL: func.func @peak(
# ND: %[[P:.*]] = ndarray.mul
# ND: ndarray.custom_reduce %[[P]] [0] identity(0.000000e+00 : f32) : tensor<?xf32> -> tensor<f32> {
# ND-NEXT: ^bb0(%[[ACC:.*]]: f32, %[[E:.*]]: f32):
# ND: math.absf %[[E]]
# ND: arith.select
# ND: ndarray.yield
# LIN-LABEL: func.func @arrayc_fn_peak(
# LIN: linalg.generic {{.*}}iterator_types = []
# LIN: linalg.yield %cst
# LIN: linalg.generic {{.*}}iterator_types = ["reduction"]} ins(%{{.*}}, %{{.*}} : tensor<?xf32>, tensor<?xf32>)
# LIN: arith.mulf
# LIN: math.absf %{{.*}} {ndarray.combiner = array<i64: 0, 3>}
# LIN: arith.select {{.*}}ndarray.combiner = array<i64: 2, 3>, ndarray.combiner_identity = 0.000000e+00 : f32
# LIN-NOT: linalg.generic
# LIN: return
def peak(x: f32[n], y: f32[n]) -> f32:
    return absmax(x * y)

# Tests axis=-1 with keepdims, and a function computing in another dtype
# (i32 elements, a float result): the elements are cast first.
# ND-LABEL: func.func @rows(
# ND: ndarray.custom_reduce %{{.*}} [1] keepdims identity(0.000000e+00 : f32) : tensor<?x?xf32> -> tensor<?x1xf32>
# ND: %[[C:.*]] = ndarray.cast %{{.*}} : tensor<?x?xi32> to tensor<?x?xf64>
# ND: ndarray.custom_reduce %[[C]] [0, 1] identity(0.000000e+00 : f64) : tensor<?x?xf64> -> tensor<f64>
def rows(m: f32[r, c], k: i32[r, c]):
    return absmax(m, axis=-1, keepdims=True), fsum(k)
