// RUN: arrayc-opt %s -convert-ndarray-to-linalg -split-input-file | FileCheck %s

// Tests that ndarray.custom_reduce becomes one linalg.generic reducing the
// axis into a linalg.fill of the identity, its body the combine function
// with (acc, elem) bound to the output and input arguments, each of its
// ops marked with its place and the result's op with the identity.
// CHECK-LABEL: func @absmax_rows
// CHECK: %[[D:.*]] = tensor.dim %[[X:.*]], %c0
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?xf32>
// CHECK: %[[ID:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[F:.*]] = linalg.fill ins(%[[ID]] : f32) outs(%[[E]] : tensor<?xf32>)
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<?x?xf32>) outs(%[[F]] : tensor<?xf32>)
// CHECK: ^bb0(%[[EL:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[A:.*]] = math.absf %[[EL]] {ndarray.combiner = array<i64: 0, 2>} : f32
// CHECK: %[[M:.*]] = arith.maxnumf %[[ACC]], %[[A]] {ndarray.combiner = array<i64: 1, 2>, ndarray.combiner_identity = 0.000000e+00 : f32} : f32
// CHECK: linalg.yield %[[M]] : f32
func.func @absmax_rows(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = ndarray.custom_reduce %x [1] identity(0.0 : f32) : tensor<?x?xf32> -> tensor<?xf32> {
  ^bb0(%acc: f32, %e: f32):
    %a = math.absf %e : f32
    %m = arith.maxnumf %acc, %a : f32
    ndarray.yield %m : f32
  }
  return %r : tensor<?xf32>
}

// -----

// Tests that constants of the function are not marked (folding moves
// them), a full reduction gives a 0-d result, and keepdims expands it.
// CHECK-LABEL: func @relu_max
// CHECK: linalg.fill ins(%{{.*}} : i64) outs(%{{.*}} : tensor<i64>)
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "reduction"]
// CHECK: arith.constant 0 : i64
// CHECK-NOT: ndarray.combiner
// CHECK: arith.maxsi %{{.*}} {ndarray.combiner = array<i64: 0, 2>} : i64
// CHECK: arith.maxsi %{{.*}} {ndarray.combiner = array<i64: 1, 2>, ndarray.combiner_identity = 0 : i64} : i64
// CHECK: tensor.expand_shape
// CHECK-NOT: ndarray.custom_reduce
func.func @relu_max(%x: tensor<4x3xi64>) -> tensor<1x1xi64> {
  %r = ndarray.custom_reduce %x [0, 1] keepdims identity(0 : i64) : tensor<4x3xi64> -> tensor<1x1xi64> {
  ^bb0(%acc: i64, %e: i64):
    %zero = arith.constant 0 : i64
    %m = arith.maxsi %acc, %e : i64
    %r = arith.maxsi %m, %zero : i64
    ndarray.yield %r : i64
  }
  return %r : tensor<1x1xi64>
}
