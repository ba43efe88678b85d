def main():
    p = 'x.npy'
    x: f32[n] = np.load(p)

# Tests that np.load needs a string literal path.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}load-path.arr:3:25: error: np.load needs a string literal path
# CHECK-NEXT: {{^}}    x: f32[n] = np.load(p)
# CHECK-NEXT: {{^}}                        ^{{$}}
