def main():
    x = 1
    if x > 0:
        break

# Tests that a break outside any loop is an error (Python's SyntaxError).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}break.arr:4:9: error: 'break' outside loop
# CHECK-NEXT: {{^}}        break
# CHECK-NEXT: {{^}}        ^{{$}}
