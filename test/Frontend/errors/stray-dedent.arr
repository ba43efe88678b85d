def f(x: f32) -> f32:
    return x
  y = 1

# Tests that a dedent to an unknown level inside a module is a lexer error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}stray-dedent.arr:3:3: error: unindent does not match any outer indentation level
# CHECK-NEXT: {{^}}  y = 1
# CHECK-NEXT: {{^}}  ^{{$}}
