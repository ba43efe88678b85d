def main():
    x: f64[n] = np.load("x.npy")
    print(np.random.rand(x.shape[0] + 1))

# Tests that random.* sizes known only at run time are a located error (not
# supported there yet).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}runtime_shape_random_size.arr:3:37: error: random.rand(): a size known only at run time is not supported here yet; use a literal or a size of an array (`n`, `x.shape[0]`, `len(x)`)
# CHECK-NEXT: {{^}}    print(np.random.rand(x.shape[0] + 1))
# CHECK-NEXT: {{^}}                                    ^{{$}}
