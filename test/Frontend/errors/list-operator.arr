def main():
    xs = [1.0, 2.0]
    ys = [3.0]
    print(np.array(xs + ys))

# Tests that `+` on lists (concatenation in Python) is rejected, not added
# elementwise.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}list-operator.arr:4:23: error: '+' on a Python list is not elementwise (`+` concatenates lists, `*` repeats one, `==` compares whole lists); convert it first: np.array(xs)
