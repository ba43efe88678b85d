def main():
    x = 7 // 0

# Tests that Python-scalar integer floor division by zero is a compile-time error (Python raises).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}floordiv-zero-lit.arr:2:11: error: integer division by zero
# CHECK-NEXT: {{^}}    x = 7 // 0
# CHECK-NEXT: {{^}}          ^{{$}}
