def main():
    xs = [np.zeros(3), np.zeros(4)]
    print(np.array(xs))

# Tests that a list display whose items differ in shape is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}list-ragged.arr:2:10: error: list(): all the input array dimensions except for the concatenation axis must match exactly, but f64[1, 3] and f64[1, 4] differ
