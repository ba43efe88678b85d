# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck %s
# An inferred result must be an array or a number.
# CHECK: infer-not-array.arr:[[@LINE+2]]:5: error: 'f' returns
def f(x: f32[n]):
    return "text"
