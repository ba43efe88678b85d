def main():
    xs = [np.zeros(3), np.zeros(4)]
    print(np.array(xs))

# Tests that a list display whose items differ in shape is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}list-ragged.arr:2:10: error: setting an array element with a sequence.
