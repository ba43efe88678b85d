def f(x: f64[n]) -> f64[n]:
    total = 0.0
    def add(a):
        nonlocal total
        total = total + a.sum()
    add(x)
    return x * total

# Tests that `nonlocal` in a nested function is refused at the keyword: a
# nested function reads the enclosing variables but cannot rebind them.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}nested-nonlocal.arr:4:9: error: 'nonlocal' is not supported: a nested function reads the enclosing function's variables (their values at the call) but cannot rebind them; return the new value instead
# CHECK-NEXT: {{^}}        nonlocal total
# CHECK-NEXT: {{^}}        ^{{$}}
