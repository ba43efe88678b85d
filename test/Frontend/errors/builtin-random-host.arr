def f() -> f64[3]:
    return np.random.rand(3)

# Tests random outside main.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-random-host.arr:2:12: error: 'random.rand' runs on the host and is only allowed in main()
# CHECK-NEXT: {{^}}    return np.random.rand(3)
# CHECK-NEXT: {{^}}           ^{{$}}
