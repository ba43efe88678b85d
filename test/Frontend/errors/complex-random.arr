def main():
    x = random.random(3, dtype=np.complex64)

# Tests that random numbers with a complex dtype are an error, as in CuPy.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}complex-random.arr:2:35: error: random.random(): dtype must be float32 or float64
# CHECK-NEXT: {{^}}    x = random.random(3, dtype=np.complex64)
# CHECK-NEXT: {{^}}                                  ^{{$}}
