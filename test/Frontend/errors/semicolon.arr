def main():
    x = 1; y = 2

# Tests that semicolon-separated statements are rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}semicolon.arr:2:10: error: ';' between statements is not supported; put each statement on its own line
# CHECK-NEXT: {{^}}    x = 1; y = 2
# CHECK-NEXT: {{^}}         ^{{$}}
