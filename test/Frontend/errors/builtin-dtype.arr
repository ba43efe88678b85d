def f() -> f64[3]:
    return np.zeros(3, dtype=np.float128)

# Tests an unsupported dtype.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-dtype.arr:2:33: error: np.zeros(): dtype 'float128' is not supported
# CHECK-NEXT: {{^}}    return np.zeros(3, dtype=np.float128)
# CHECK-NEXT: {{^}}                                ^{{$}}
