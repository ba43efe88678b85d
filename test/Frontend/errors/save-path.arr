def main():
    x: f32[n] = np.load('x.npy')
    np.save(1, x)

# Tests that np.save needs a string literal path.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}save-path.arr:3:13: error: np.save needs a string literal path
# CHECK-NEXT: {{^}}    np.save(1, x)
# CHECK-NEXT: {{^}}            ^{{$}}
