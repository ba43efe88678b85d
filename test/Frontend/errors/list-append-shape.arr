def main():
    xs = [1.0]
    xs.append(np.ones(3))
    print(np.array(xs))

# Tests that appending an item of another rank to a list is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}list-append-shape.arr:3:15: error: list items must have one shape: appending f64[3] to a list of f64
