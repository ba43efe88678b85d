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

// -----

// A copy of a slice (`L[j, :j]`: a gather, no inputs) read by a dot product is
// loaded at the dot's points instead of being written out: the dot reads an
// empty tensor of its shape for its loops. (Upstream fusion refuses: no operand
// of the dot would define its loops.)
#row = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func @dot_of_slice_copy
// CHECK-SAME: (%[[L:.*]]: tensor<?x?xf64>, %[[J:.*]]: index, %[[N:.*]]: index)
// CHECK-NOT: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<1x?xf64>
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "reduction"]
// CHECK-SAME: ins(%[[E]] : tensor<1x?xf64>)
// CHECK: %[[K:.*]] = linalg.index 1 : index
// CHECK: %[[X:.*]] = tensor.extract %[[L]][%[[J]], %[[K]]]
// CHECK: arith.mulf %[[X]], %{{.*}} : f64
func.func @dot_of_slice_copy(%L: tensor<?x?xf64>, %j: index, %n: index) -> tensor<f64> {
  %cst = arith.constant 0.0 : f64
  %e = tensor.empty(%n) : tensor<1x?xf64>
  %copy = linalg.generic {indexing_maps = [#row], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<1x?xf64>) {
  ^bb0(%out: f64):
    %k = linalg.index 1 : index
    %x = tensor.extract %L[%j, %k] : tensor<?x?xf64>
    linalg.yield %x : f64
  } -> tensor<1x?xf64>
  %e0 = tensor.empty() : tensor<f64>
  %zero = linalg.fill ins(%cst : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
  %dot = linalg.generic {indexing_maps = [#row, #all], iterator_types = ["reduction", "reduction"]} ins(%copy : tensor<1x?xf64>) outs(%zero : tensor<f64>) {
  ^bb0(%in: f64, %acc: f64):
    %k = linalg.index 1 : index
    %y = tensor.extract %L[%j, %k] : tensor<?x?xf64>
    %m = arith.mulf %in, %y : f64
    %a = arith.addf %acc, %m : f64
    linalg.yield %a : f64
  } -> tensor<f64>
  return %dot : tensor<f64>
}

// -----

// A matrix-vector product whose matrix is gathered in its body reads the
// vector's copy through a unit-dim collapse and a broadcast: the copy is
// loaded at each point (a load either way), its kernel gone.
#row = affine_map<(d0, d1) -> (d0, d1)>
#vec = affine_map<(i, u, k) -> (k)>
#out = affine_map<(i, u, k) -> (i, u)>
// CHECK-LABEL: func @matvec_of_collapsed_copy
// CHECK-SAME: (%[[L:.*]]: tensor<?x?xf64>, %[[J:.*]]: index, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?xf64>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[E]] : tensor<?xf64>)
// CHECK: %[[K:.*]] = linalg.index 2 : index
// CHECK: %[[V:.*]] = tensor.extract %[[L]][%[[J]], %[[K]]]
func.func @matvec_of_collapsed_copy(%L: tensor<?x?xf64>, %j: index, %n: index, %m: index) -> tensor<?x1xf64> {
  %cst = arith.constant 0.0 : f64
  %e = tensor.empty(%n) : tensor<1x?xf64>
  %copy = linalg.generic {indexing_maps = [#row], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<1x?xf64>) {
  ^bb0(%out: f64):
    %k = linalg.index 1 : index
    %x = tensor.extract %L[%j, %k] : tensor<?x?xf64>
    linalg.yield %x : f64
  } -> tensor<1x?xf64>
  %v = tensor.collapse_shape %copy [[0, 1]] : tensor<1x?xf64> into tensor<?xf64>
  %eo = tensor.empty(%m) : tensor<?x1xf64>
  %zero = linalg.fill ins(%cst : f64) outs(%eo : tensor<?x1xf64>) -> tensor<?x1xf64>
  %r = linalg.generic {indexing_maps = [#vec, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%v : tensor<?xf64>) outs(%zero : tensor<?x1xf64>) {
  ^bb0(%in: f64, %acc: f64):
    %i = linalg.index 0 : index
    %k = linalg.index 2 : index
    %row = arith.addi %i, %j : index
    %a = tensor.extract %L[%row, %k] : tensor<?x?xf64>
    %p = arith.mulf %a, %in : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?x1xf64>
  return %r : tensor<?x1xf64>
}

// -----

// Kept: a matrix product that gathers nothing (a library call on the cpu target)
// reads a copy through a broadcast; and a gather that computes (exp) read through
// a broadcast (it would be computed once per row).
#mk = affine_map<(i, j, k) -> (i, k)>
#kn = affine_map<(i, j, k) -> (k, j)>
#mn = affine_map<(i, j, k) -> (i, j)>
#id = affine_map<(i, j) -> (i, j)>
#vec = affine_map<(i, j) -> (j)>
#row = affine_map<(i, j) -> (i)>
#one = affine_map<(j) -> (j)>
// CHECK-LABEL: func @kept
// CHECK: %[[C:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[C]], %{{.*}} :
// CHECK: %[[S:.*]] = linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK: math.exp
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK-SAME: ins(%[[S]] :
func.func @kept(%A: tensor<?x?xf32>, %b: tensor<8x5xf32>, %c: tensor<4x5xf32>, %j: index, %m: index) -> (tensor<4x5xf32>, tensor<?xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %copy = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x8xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %k = linalg.index 1 : index
    %r = arith.addi %i, %j : index
    %x = tensor.extract %A[%r, %k] : tensor<?x?xf32>
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  %p = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%copy, %b : tensor<4x8xf32>, tensor<8x5xf32>) outs(%c : tensor<4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %mul = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %mul : f32
    linalg.yield %s : f32
  } -> tensor<4x5xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %ex = linalg.generic {indexing_maps = [#one], iterator_types = ["parallel"]} outs(%e2 : tensor<8xf32>) {
  ^bb0(%out: f32):
    %k = linalg.index 0 : index
    %x = tensor.extract %A[%j, %k] : tensor<?x?xf32>
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<8xf32>
  %cst = arith.constant 0.0 : f32
  %e0 = tensor.empty(%m) : tensor<?xf32>
  %zero = linalg.fill ins(%cst : f32) outs(%e0 : tensor<?xf32>) -> tensor<?xf32>
  %mv = linalg.generic {indexing_maps = [#vec, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<8xf32>) outs(%zero : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %i = linalg.index 0 : index
    %k = linalg.index 1 : index
    %a = tensor.extract %A[%i, %k] : tensor<?x?xf32>
    %mul = arith.mulf %a, %in : f32
    %s = arith.addf %acc, %mul : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %p, %mv : tensor<4x5xf32>, tensor<?xf32>
}

// -----

// A cheap function of a gather (`np.argmax(np.abs(LU[k:, k]))`'s absolute
// values) read once per point by a reduction is computed there.
#one = affine_map<(i) -> (i)>
#all = affine_map<(i) -> ()>
// CHECK-LABEL: func @abs_of_column_reduced
// CHECK-NOT: iterator_types = ["parallel"]
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]
// CHECK: tensor.extract
// CHECK: math.absf
// CHECK: arith.maximumf
func.func @abs_of_column_reduced(%LU: tensor<?x?xf64>, %k: index, %n: index) -> tensor<f64> {
  %e = tensor.empty(%n) : tensor<?xf64>
  %abs = linalg.generic {indexing_maps = [#one], iterator_types = ["parallel"]} outs(%e : tensor<?xf64>) {
  ^bb0(%out: f64):
    %i = linalg.index 0 : index
    %r = arith.addi %i, %k : index
    %x = tensor.extract %LU[%r, %k] : tensor<?x?xf64>
    %a = math.absf %x : f64
    linalg.yield %a : f64
  } -> tensor<?xf64>
  %cst = arith.constant 0.0 : f64
  %e0 = tensor.empty() : tensor<f64>
  %zero = linalg.fill ins(%cst : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
  %m = linalg.generic {indexing_maps = [#one, #all], iterator_types = ["reduction"]} ins(%abs : tensor<?xf64>) outs(%zero : tensor<f64>) {
  ^bb0(%in: f64, %acc: f64):
    %mx = arith.maximumf %in, %acc : f64
    linalg.yield %mx : f64
  } -> tensor<f64>
  return %m : tensor<f64>
}
