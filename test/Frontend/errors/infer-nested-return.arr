# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck %s
# Inferred results come from the first `return` lowered (also inside control
# flow); a later `return` of another type is a located error.
# CHECK: infer-nested-return.arr:[[@LINE+4]]:5: error: 'f' has type f32 here but its signature declares f32[n]
def f(x: f32[n]):
    if x[0] > 0.0:
        return x
    return x.sum()
