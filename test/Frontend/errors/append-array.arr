def main():
    x = np.zeros(3)
    x.append(1.0)

# Tests that append() on an array (fixed size) is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}append-array.arr:3:7: error: f64[3] has no method append(): only a Python list held by a variable does (`xs = []`, `xs.append(v)`); an array's size is fixed
