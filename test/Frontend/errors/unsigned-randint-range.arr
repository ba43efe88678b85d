def main():
    print(np.random.randint(0, 300, size=3, dtype=np.uint8))

# Tests that randint's range must fit an unsigned dtype.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}unsigned-randint-range.arr:2:11: error: random.randint(): low/high out of bounds for u8
# CHECK-NEXT: {{^}}    print(np.random.randint(0, 300, size=3, dtype=np.uint8))
# CHECK-NEXT: {{^}}          ^{{$}}
