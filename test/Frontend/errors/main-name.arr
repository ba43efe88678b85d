def arrayc_main():
    pass

# Tests that the name arrayc_main is reserved.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}main-name.arr:1:1: error: the function name 'arrayc_main' is reserved
# CHECK-NEXT: {{^}}def arrayc_main():
# CHECK-NEXT: {{^}}^{{$}}
