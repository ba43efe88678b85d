def main(x: f32):
    pass

# Tests that main() takes no parameters.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}main-params.arr:1:10: error: main() takes no parameters
# CHECK-NEXT: {{^}}def main(x: f32):
# CHECK-NEXT: {{^}}         ^{{$}}
