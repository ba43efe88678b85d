def main():
    xs = []
    y = xs.append(1.0)

# Tests that using the result of list.append() (None) is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}list-append-value.arr:3:9: error: list.append() returns None; call it as a statement
