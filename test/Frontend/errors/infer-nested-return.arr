# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck %s
# Inferred results come from a top-level `return`; returns inside control flow
# need declared result types.
# CHECK: infer-nested-return.arr:[[@LINE+1]]:1: error: 'f' has no `-> ...` and returns from inside if/for/while: declare its result types
def f(x: f32[n]):
    if x[0] > 0.0:
        return x
    return -x
