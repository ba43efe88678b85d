def main():
    return 1

# Tests that main() cannot return a value.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}none-ret-main.arr:2:5: error: main() cannot return a value
# CHECK-NEXT: {{^}}    return 1
# CHECK-NEXT: {{^}}    ^{{$}}
