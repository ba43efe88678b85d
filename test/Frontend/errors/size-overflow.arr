def main():
    z = np.zeros((4294967296, 4294967296), dtype=np.float32)
    print(z[0, 0])

def g(x: f32[n]) -> f32[n]:
    y = np.ones((3037000500, 3037000500), dtype=np.int8)
    return x

# Tests that an array whose static sizes overflow 64 bits of bytes is a
# compile error (it compiled, allocated a wrapped size and read past it).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}size-overflow.arr:2:9: error: an array of shape (4294967296, 4294967296) is too large: its size in bytes overflows 64 bits
# CHECK-NEXT: {{^}}    z = np.zeros((4294967296, 4294967296), dtype=np.float32)
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NOT: error
