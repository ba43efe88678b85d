def main():
    x = 1 $ 2

# Tests that an unexpected character is a lexer error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}lex-char.arr:2:11: error: unexpected character '$'
# CHECK-NEXT: {{^}}    x = 1 $ 2
# CHECK-NEXT: {{^}}          ^{{$}}
