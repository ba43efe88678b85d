def main():
    for i in range(3):
        break

# Tests that break is rejected for now.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}break.arr:3:9: error: 'break' is not supported yet
# CHECK-NEXT: {{^}}        break
# CHECK-NEXT: {{^}}        ^{{$}}
