def f(x: f32) -> f32:
    main()
    return x
def main():
    pass

# Tests that main() cannot be called.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}call-main.arr:2:5: error: main() cannot be called
# CHECK-NEXT: {{^}}    main()
# CHECK-NEXT: {{^}}    ^{{$}}
