def f(x: f32[n]) -> f32[n]:
    print(x)
    return x

# Tests that print is only allowed in main().
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}host-print.arr:2:5: error: 'print' runs on the host and is only allowed in main()
# CHECK-NEXT: {{^}}    print(x)
# CHECK-NEXT: {{^}}    ^{{$}}
