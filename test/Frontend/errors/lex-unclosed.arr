def main():
    print((1, 2)

# Tests that an unclosed bracket is reported at the bracket.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}lex-unclosed.arr:2:10: error: '(' was never closed
# CHECK-NEXT: {{^}}    print((1, 2)
# CHECK-NEXT: {{^}}         ^{{$}}
