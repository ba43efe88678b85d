def main():
    print("abc)

# Tests that an unterminated string literal is reported at its start.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}lex-unterminated.arr:2:11: error: unterminated string literal
# CHECK-NEXT: {{^}}    print("abc)
# CHECK-NEXT: {{^}}          ^{{$}}
