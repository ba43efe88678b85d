// RUN: arrayc-opt %s -pass-pipeline='builtin.module(func.func(arrayc-collapse-dims))' -split-input-file | FileCheck %s

// Tests that a softmax over the last axis of a 4-d tensor (after fusion: a
// fill and row max, a fill and row sum of exp, the normalization) becomes
// the 2-d row softmax with one reassociation for the whole chain: x viewed
// as (rows, row) by each reader (CSE merges the views later), the row
// results 1-d, the fills collapsed with the reductions they feed, and only
// the result expanded back.
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#row4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func @softmax4d
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x?x?xf32>)
// CHECK: %[[F1:.*]] = linalg.generic {{.*}}iterator_types = ["parallel"]} outs(%{{.*}} : tensor<?xf32>)
// CHECK: %[[X1:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2], [3]] : tensor<?x?x?x?xf32> into tensor<?x?xf32>
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[X1]] : tensor<?x?xf32>) outs(%[[F1]] : tensor<?xf32>)
// CHECK: arith.maximumf
// CHECK: %[[F2:.*]] = linalg.generic {{.*}}iterator_types = ["parallel"]} outs(%{{.*}} : tensor<?xf64>)
// CHECK: %[[X2:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2], [3]]
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[X2]], %[[MAX]] : tensor<?x?xf32>, tensor<?xf32>) outs(%[[F2]] : tensor<?xf64>)
// CHECK: %[[X3:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2], [3]]
// CHECK: %[[OUT:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%[[X3]], %[[MAX]], %[[SUM]] : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf64>) outs(%{{.*}} : tensor<?x?xf32>)
// CHECK: %[[R:.*]] = tensor.expand_shape %[[OUT]] {{\[}}[0, 1, 2], [3]]
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[R]] : tensor<?x?x?x?xf32>
func.func @softmax4d(%x: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f64
  %d0 = tensor.dim %x, %c0 : tensor<?x?x?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?x?x?xf32>
  %d2 = tensor.dim %x, %c2 : tensor<?x?x?x?xf32>
  %d3 = tensor.dim %x, %c3 : tensor<?x?x?x?xf32>
  %e1 = tensor.empty(%d0, %d1, %d2) : tensor<?x?x?xf32>
  %f1 = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e1 : tensor<?x?x?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %ninf : f32
  } -> tensor<?x?x?xf32>
  %max = linalg.generic {indexing_maps = [#id4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x : tensor<?x?x?x?xf32>) outs(%f1 : tensor<?x?x?xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %o : f32
    linalg.yield %m : f32
  } -> tensor<?x?x?xf32>
  %e2 = tensor.empty(%d0, %d1, %d2) : tensor<?x?x?xf64>
  %f2 = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e2 : tensor<?x?x?xf64>) {
  ^bb0(%o: f64):
    linalg.yield %zero : f64
  } -> tensor<?x?x?xf64>
  %sum = linalg.generic {indexing_maps = [#id4, #row4, #row4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %max : tensor<?x?x?x?xf32>, tensor<?x?x?xf32>) outs(%f2 : tensor<?x?x?xf64>) {
  ^bb0(%in: f32, %m: f32, %o: f64):
    %s = arith.subf %in, %m : f32
    %e = math.exp %s : f32
    %w = arith.extf %e : f32 to f64
    %a = arith.addf %w, %o : f64
    linalg.yield %a : f64
  } -> tensor<?x?x?xf64>
  %e3 = tensor.empty(%d0, %d1, %d2, %d3) : tensor<?x?x?x?xf32>
  %out = linalg.generic {indexing_maps = [#id4, #row4, #row4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %max, %sum : tensor<?x?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf64>) outs(%e3 : tensor<?x?x?x?xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f64, %o: f32):
    %d = arith.subf %in, %m : f32
    %t = arith.truncf %s : f64 to f32
    %e = math.exp %d : f32
    %q = arith.divf %e, %t : f32
    linalg.yield %q : f32
  } -> tensor<?x?x?x?xf32>
  return %out : tensor<?x?x?x?xf32>
}

// -----

// Tests that a sum over a middle axis of a 4-d tensor becomes an (outer,
// axis, inner) reduction: the two trailing parallel loops collapse.
#id4b = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#out4 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-LABEL: func @sum_axis1
// CHECK: %[[XC:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<4x5x6x7xf32> into tensor<4x5x42xf32>
// CHECK: %[[R:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[XC]] : tensor<4x5x42xf32>) outs(%{{.*}} : tensor<4x42xf32>)
// CHECK: tensor.expand_shape %[[R]] {{\[}}[0], [1, 2]] {{.*}} : tensor<4x42xf32> into tensor<4x6x7xf32>
func.func @sum_axis1(%x: tensor<4x5x6x7xf32>, %init: tensor<4x6x7xf32>) -> tensor<4x6x7xf32> {
  %r = linalg.generic {indexing_maps = [#id4b, #out4], iterator_types = ["parallel", "reduction", "parallel", "parallel"]} ins(%x : tensor<4x5x6x7xf32>) outs(%init : tensor<4x6x7xf32>) {
  ^bb0(%in: f32, %o: f32):
    %a = arith.addf %in, %o : f32
    linalg.yield %a : f32
  } -> tensor<4x6x7xf32>
  return %r : tensor<4x6x7xf32>
}

// -----

// Tests what is left alone: a slice operand (its collapsed view would be
// copied), a result inserted into a slice (the update computes in place),
// a plain elementwise op (already a flat stream) and a batched matrix
// product (cuBLAS and BLAS match its loops).
#id3c = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3c = affine_map<(d0, d1, d2) -> (d0, d1)>
#a = affine_map<(b0, b1, m, n, k) -> (b0, b1, m, k)>
#b = affine_map<(b0, b1, m, n, k) -> (b0, b1, k, n)>
#c = affine_map<(b0, b1, m, n, k) -> (b0, b1, m, n)>
// CHECK-LABEL: func @left_alone
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: return
func.func @left_alone(%x: tensor<8x6x5xf32>, %y: tensor<4x6x5xf32>, %init: tensor<4x6xf32>, %dst: tensor<8x6xf32>,
                      %p: tensor<2x3x4x5xf32>, %q: tensor<2x3x5x6xf32>, %pq: tensor<2x3x4x6xf32>)
    -> (tensor<4x6xf32>, tensor<8x6xf32>, tensor<8x6x5xf32>, tensor<2x3x4x6xf32>) {
  %s = tensor.extract_slice %x[2, 0, 0] [4, 6, 5] [1, 1, 1] : tensor<8x6x5xf32> to tensor<4x6x5xf32>
  %r = linalg.generic {indexing_maps = [#id3c, #row3c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<4x6x5xf32>) outs(%init : tensor<4x6xf32>) {
  ^bb0(%in: f32, %o: f32):
    %a = arith.addf %in, %o : f32
    linalg.yield %a : f32
  } -> tensor<4x6xf32>
  %r2 = linalg.generic {indexing_maps = [#id3c, #row3c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%y : tensor<4x6x5xf32>) outs(%r : tensor<4x6xf32>) {
  ^bb0(%in: f32, %o: f32):
    %a = arith.maximumf %in, %o : f32
    linalg.yield %a : f32
  } -> tensor<4x6xf32>
  %u = tensor.insert_slice %r2 into %dst[4, 0] [4, 6] [1, 1] : tensor<4x6xf32> into tensor<8x6xf32>
  %e = tensor.empty() : tensor<8x6x5xf32>
  %m = linalg.generic {indexing_maps = [#id3c, #id3c], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<8x6x5xf32>) outs(%e : tensor<8x6x5xf32>) {
  ^bb0(%in: f32, %o: f32):
    %a = arith.mulf %in, %in : f32
    linalg.yield %a : f32
  } -> tensor<8x6x5xf32>
  %mm = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p, %q : tensor<2x3x4x5xf32>, tensor<2x3x5x6xf32>) outs(%pq : tensor<2x3x4x6xf32>) {
  ^bb0(%in: f32, %in2: f32, %o: f32):
    %x1 = arith.mulf %in, %in2 : f32
    %x2 = arith.addf %x1, %o : f32
    linalg.yield %x2 : f32
  } -> tensor<2x3x4x6xf32>
  return %r, %u, %m, %mm : tensor<4x6xf32>, tensor<8x6xf32>, tensor<8x6x5xf32>, tensor<2x3x4x6xf32>
}
