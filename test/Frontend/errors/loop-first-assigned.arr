def f(x: f64[n], k: i64) -> f64:
    for i in range(k):
        y = x[0] * i
    return y

# Tests that a variable first assigned in a loop that may run zero times
# cannot be used after it (Python's UnboundLocalError, at compile time).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}loop-first-assigned.arr:4:12: error: variable 'y' is first assigned inside the loop at line 2; assign it before the loop to use it after
