def f() -> f64:
    return perf_counter()

# Tests that perf_counter is a host call, allowed only in main.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-perf-host.arr:2:12: error: 'perf_counter' runs on the host and is only allowed in main()
# CHECK-NEXT: {{^}}    return perf_counter()
# CHECK-NEXT: {{^}}           ^{{$}}
