// RUN: arrayc-opt %s -arrayc-precise-math | FileCheck %s

// Tests that f32/f64 log1p and expm1 become libm calls (convert-math-to-llvm
// would compute log(1 + x) and exp(x) - 1), and that other math ops, f16 and
// vector operands are left alone.

// CHECK-DAG: func.func private @log1pf(f32) -> f32
// CHECK-DAG: func.func private @log1p(f64) -> f64
// CHECK-DAG: func.func private @expm1f(f32) -> f32
// CHECK-DAG: func.func private @expm1(f64) -> f64

// CHECK-LABEL: func @scalars
// CHECK: call @log1pf(%{{.*}}) : (f32) -> f32
// CHECK: call @expm1f(%{{.*}}) : (f32) -> f32
// CHECK: call @log1p(%{{.*}}) : (f64) -> f64
// CHECK: call @expm1(%{{.*}}) : (f64) -> f64
// CHECK: math.exp %{{.*}} : f32
// CHECK-NOT: math.log1p
// CHECK-NOT: math.expm1
func.func @scalars(%x: f32, %y: f64) -> (f32, f32, f64, f64, f32) {
  %a = math.log1p %x : f32
  %b = math.expm1 %x : f32
  %c = math.log1p %y : f64
  %d = math.expm1 %y : f64
  %e = math.exp %x : f32
  return %a, %b, %c, %d, %e : f32, f32, f64, f64, f32
}

// CHECK-LABEL: func @others
// CHECK: math.log1p %{{.*}} : f16
// CHECK: math.expm1 %{{.*}} : vector<4xf32>
func.func @others(%h: f16, %v: vector<4xf32>) -> (f16, vector<4xf32>) {
  %a = math.log1p %h : f16
  %b = math.expm1 %v : vector<4xf32>
  return %a, %b : f16, vector<4xf32>
}
