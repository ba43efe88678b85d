def f(a: f64[3, 3]) -> f64[3, 3]:
    return linalg.qr(a, mode="raw")

# Tests that an unsupported qr mode is a located error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-qr-mode.arr:2:30: error: linalg.qr(): mode must be 'reduced', 'complete' or 'r' ('raw' is not supported)
