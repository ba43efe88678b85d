def f(x: i32[n], k: i64) -> i32[n]:
    y = x
    for i in range(k):
        if i > 2:
            y = x / 2
        x = x + 1
    return x

# Tests that a loop cannot carry a variable whose type differs across an if
# in its body, even when nothing after the loop reads it.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}if-type-change-loop.arr:5:13: error: variable 'y' has different types on the paths through the 'if' at line 4 (f64[n] vs i32[n]); give it one type on every path to use it here (a loop carries it to the next iteration)
