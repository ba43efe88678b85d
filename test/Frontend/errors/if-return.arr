def f(x: f32[n]) -> f32[n]:
    for i in range(3):
        if i == 1:
            return x * 2.0
    return 2 * x.astype(f64)

# Tests that every return, nested or not, must give the declared type (both
# types shown).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}if-return.arr:5:5: error: 'f' has type f64[n] here but its signature declares f32[n]
# CHECK-NEXT: {{^}}    return 2 * x.astype(f64)
# CHECK-NEXT: {{^}}    ^{{$}}
