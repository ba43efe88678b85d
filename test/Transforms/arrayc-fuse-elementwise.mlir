// RUN: arrayc-opt %s -arrayc-fuse-elementwise -split-input-file | FileCheck %s

// A scaled operand of a matrix product is not fused into it: the product's map
// for it leaves j unused, so the fused op would compute 2*a[i,k] once per j.
#mk = affine_map<(i, j, k) -> (i, k)>
#kn = affine_map<(i, j, k) -> (k, j)>
#mn = affine_map<(i, j, k) -> (i, j)>
#id = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: func @scaled_matmul
// CHECK: %[[S:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK: arith.mulf
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[S]], %{{.*}} :
func.func @scaled_matmul(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %two : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%s, %b : tensor<4x8xf32>, tensor<8x5xf32>) outs(%c : tensor<4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %q = arith.addf %acc, %p : f32
    linalg.yield %q : f32
  } -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// -----

// A reduction that reads its producer at every point fuses (sum(x*x)).
#id1 = affine_map<(i) -> (i)>
#sc = affine_map<(i) -> ()>
// CHECK-LABEL: func @sum_of_squares
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction"]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @sum_of_squares(%x: tensor<16xf32>, %init: tensor<f32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<16xf32>
  %sq = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %v : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#id1, #sc], iterator_types = ["reduction"]}
      ins(%sq : tensor<16xf32>) outs(%init : tensor<f32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// Elementwise chains fuse as upstream: exp(x) + 1 is one op.
#id2 = affine_map<(i) -> (i)>
// CHECK-LABEL: func @chain
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @chain(%x: tensor<16xf32>) -> tensor<16xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %a = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel"]}
      ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = math.exp %v : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  %b = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.addf %v, %one : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  return %b : tensor<16xf32>
}
