def f(x: float32[n]) -> f32[n]:
    return x

# Tests that an unknown dtype name in an annotation is reported.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}bad-dtype.arr:1:10: error: unknown dtype 'float32'; expected one of bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64
# CHECK-NEXT: {{^}}def f(x: float32[n]) -> f32[n]:
# CHECK-NEXT: {{^}}         ^{{$}}
