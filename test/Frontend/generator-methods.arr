# Tests that every Generator method of ModuleFunctions.def lowers (here through
# `from numpy.random import default_rng`), each draw keyed by the Generator's
# own key (the seed mixed with a constant, so unlike np.random.seed(5)'s) with
# its own counter, one value per call; np.random's stream is untouched.
# RUN: arrayc --emit=ndarray %s | FileCheck %s
import numpy as np
from numpy.random import default_rng

def main():
    rng = default_rng(5)
    a = rng.random(4) + rng.standard_normal(4) + rng.normal(0, 1, 4) + rng.uniform(0, 1, 4)
    b = rng.integers(0, 9, 4) + rng.exponential(1.0, 4) + rng.standard_exponential(4)
    c = np.random.default_rng(5).random(4) + np.random.random(4)
    d = rng.permutation(4) + rng.choice(np.arange(4), 4) + rng.choice(4, 4)
    print(a + b + c + d)

# CHECK-LABEL: func.func @arrayc_main
# CHECK: %[[KEY:.*]] = ndarray.constant dense<-7046029254386353136> : tensor<i64>
# CHECK-NEXT: %[[C0:.*]] = ndarray.constant dense<0> : tensor<i64>
# CHECK-NEXT: ndarray.random "uniform" %[[KEY]], %[[C0]] : tensor<i64>, tensor<i64> -> tensor<4xf64>
# CHECK: %[[C1:.*]] = ndarray.add %[[C0]], %{{.*}} : tensor<i64>
# CHECK-NEXT: ndarray.random "normal" %[[KEY]], %[[C1]]
# CHECK: %[[C2:.*]] = ndarray.add %[[C1]], %{{.*}} : tensor<i64>
# CHECK: ndarray.random "normal" %[[KEY]], %[[C2]]
# CHECK: ndarray.random "uniform" %[[KEY]]
# CHECK: ndarray.random "uniform" %[[KEY]]
# CHECK: ndarray.unary_math "floor"
# CHECK: ndarray.random "uniform" %[[KEY]]
# CHECK: ndarray.unary_math "log1p"
# CHECK: ndarray.random "uniform" %[[KEY]]
# CHECK: ndarray.unary_math "log1p"
# A second Generator of seed 5 starts at counter 0 again.
# CHECK: %[[KEY2:.*]] = ndarray.constant dense<-7046029254386353136> : tensor<i64>
# CHECK-NEXT: %[[Z:.*]] = ndarray.constant dense<0> : tensor<i64>
# CHECK-NEXT: ndarray.random "uniform" %[[KEY2]], %[[Z]]
# np.random's stream: seed 0 (no np.random.seed), its first call.
# CHECK: ndarray.random "uniform" %[[LSEED:[0-9a-z_]+]], %[[LSEED2:[0-9a-z_]+]]
# permutation: the order of uniform keys; choice of an array: a gather.
# CHECK: ndarray.random "uniform" %[[KEY]]
# CHECK: ndarray.sort %{{.*}} indices
# CHECK: ndarray.random "uniform" %[[KEY]]
# CHECK: ndarray.gather
