// RUN: arrayc-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(arrayc-mixed-precision{type=f16}))' | FileCheck %s
// RUN: arrayc-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(arrayc-mixed-precision{type=bf16}))' | FileCheck %s --check-prefix=BF16

// A matrix product of f32: both operands rounded to f16 first (each an
// elementwise generic), the product widens them and accumulates in f32; the
// result stays f32 (a function result). The fill stays f32 (an accumulator).
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @matmul
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4x5xf32>) attrs = {arrayc.precision = "f32: an accumulator's initial value"}
// CHECK: %[[A:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xf16>) attrs = {arrayc.precision = "rounds an f32 operand of a contraction"}
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: %[[B:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<8x5xf32>) outs(%{{.*}} : tensor<8x5xf16>)
// CHECK: linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<4x8xf16>, tensor<8x5xf16>) outs(%{{.*}} : tensor<4x5xf32>) attrs = {arrayc.precision = "operands rounded to f16, f32 accumulation"}
// CHECK-NEXT: ^bb0(%[[X:.*]]: f16, %[[Y:.*]]: f16, %{{.*}}: f32):
// CHECK-DAG: arith.extf %[[X]] : f16 to f32
// CHECK-DAG: arith.extf %[[Y]] : f16 to f32
// CHECK: arith.mulf {{.*}} : f32
// CHECK: arith.addf {{.*}} : f32
// CHECK: return {{.*}} : tensor<4x5xf32>
// BF16-LABEL: func @matmul
// BF16: "operands rounded to bf16, f32 accumulation"
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x5xf32>
  %acc = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<4x5xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<4x5xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<8x5xf32>) outs(%acc : tensor<4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// -----

// An elementwise result read by two kernels is stored in f16 (rounded once
// at the yield, computed in f32); each reader widens it. The reduction keeps
// its f32 accumulator; the function's result stays f32.
#id1 = affine_map<(i) -> (i)>
#all = affine_map<(i) -> ()>
// CHECK-LABEL: func @intermediate
// CHECK: %[[T:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<?xf16>) attrs = {arrayc.precision = "result stored in f16, computed in f32"}
// CHECK: %[[M:.*]] = arith.mulf {{.*}} : f32
// CHECK: %[[R:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK: linalg.yield %[[R]] : f16
// CHECK: linalg.generic {{.*}} ins(%[[T]] : tensor<?xf16>) outs(%{{.*}} : tensor<f32>) attrs = {arrayc.precision = "f32: a reduction accumulates in f32"}
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: linalg.generic {{.*}} ins(%[[T]], %{{.*}} : tensor<?xf16>, tensor<f32>) outs(%{{.*}} : tensor<?xf32>) attrs = {arrayc.precision = "f32: a function result"}
// CHECK: arith.extf %{{.*}} : f16 to f32
func.func @intermediate(%x: tensor<?xf32>, %acc: tensor<f32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %t = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %v : f32
    %a = arith.addf %m, %one : f32
    linalg.yield %a : f32
  } -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id1, #all], iterator_types = ["reduction"]}
      ins(%t : tensor<?xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%v: f32, %o: f32):
    %a = arith.addf %v, %o : f32
    linalg.yield %a : f32
  } -> tensor<f32>
  %e2 = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id1, #all, #id1], iterator_types = ["parallel"]}
      ins(%t, %s : tensor<?xf32>, tensor<f32>) outs(%e2 : tensor<?xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %d = arith.subf %v, %w : f32
    linalg.yield %d : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// With f16, a result of exp (or pow, or a division) stays f32 even when only
// kernels read it: it may leave f16's range. bf16 has f32's range: stored.
#id1 = affine_map<(i) -> (i)>
#all = affine_map<(i) -> ()>
// CHECK-LABEL: func @exp_kept
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<?xf32>) attrs = {arrayc.precision = "f32: math.exp may leave f16's range"}
// BF16-LABEL: func @exp_kept
// BF16: linalg.generic {{.*}} outs(%{{.*}} : tensor<?xbf16>) attrs = {arrayc.precision = "result stored in bf16, computed in f32"}
func.func @exp_kept(%x: tensor<?xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %t = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = math.exp %v : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id1, #all], iterator_types = ["reduction"]}
      ins(%t : tensor<?xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%v: f32, %o: f32):
    %a = arith.addf %v, %o : f32
    linalg.yield %a : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// f64 is left alone: the program asked for it.
#id1 = affine_map<(i) -> (i)>
#all = affine_map<(i) -> ()>
// CHECK-LABEL: func @f64_untouched
// CHECK-NOT: f16
// CHECK-NOT: arrayc.precision
// CHECK: return
func.func @f64_untouched(%x: tensor<?xf64>, %acc: tensor<f64>) -> tensor<f64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %t = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%v: f64, %o: f64):
    %m = arith.mulf %v, %v : f64
    linalg.yield %m : f64
  } -> tensor<?xf64>
  %s = linalg.generic {indexing_maps = [#id1, #all], iterator_types = ["reduction"]}
      ins(%t : tensor<?xf64>) outs(%acc : tensor<f64>) {
  ^bb0(%v: f64, %o: f64):
    %a = arith.addf %v, %o : f64
    linalg.yield %a : f64
  } -> tensor<f64>
  return %s : tensor<f64>
}
