def f(x: f32) -> f32:
        y = x
    return y

# Tests that a dedent to an unknown level is a lexer error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}lex-indent.arr:3:5: error: unindent does not match any outer indentation level
# CHECK-NEXT: {{^}}    return y
# CHECK-NEXT: {{^}}    ^{{$}}
