def axpy(y: f64[n], x: f64[n], a: f64):
    y += a * x

def main():
    v = np.zeros(8)
    axpy(v, v, 2.0)

# Tests that passing one array as two arguments of a function that writes
# one of them is an error at the second argument (arrayc compiles parameters
# as separate arrays).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}alias-call-overlap.arr:6:13: error: arguments 'y' and 'x' of 'axpy' share memory and 'axpy' writes to 'y': arrayc compiles each parameter as a separate array; pass a copy (`.copy()`)
