def f(x: f32[n]) -> (f32[n], i64):
    k = 0
    while k < 10:
        if k == 3:
            return x, 1.5
        k += 1
    return x, k

# Tests that a return inside a loop is checked against the declared result
# types (here the second of a tuple).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}return-nested-type.arr:5:13: error: result 2 of 'f' has type a Python float here but its signature declares i64
# CHECK-NEXT: {{^}}            return x, 1.5
# CHECK-NEXT: {{^}}            ^{{$}}
