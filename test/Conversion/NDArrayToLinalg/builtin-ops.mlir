// RUN: arrayc-opt %s -convert-ndarray-to-linalg -split-input-file | FileCheck %s

// Tests that iota becomes a parallel generic reading linalg.index of its dim.
// CHECK-LABEL: func @iota
// CHECK: tensor.empty(%{{.*}}) : tensor<?x3xf64>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK: linalg.index 1
// CHECK: arith.index_cast
// CHECK: arith.sitofp
func.func @iota(%n: index) -> tensor<?x3xf64> {
  %0 = ndarray.iota 1 (%n) : tensor<?x3xf64>
  return %0 : tensor<?x3xf64>
}

// -----

// Tests unary and binary math: floor of f16 computes in f32; isnan is an
// unordered self-compare; fmax(x, y) is NaN-ignoring and gives y on a tie of
// +0.0 and -0.0, as NumPy: x > y or y is NaN ? x : y.
// CHECK-LABEL: func @math
// CHECK: arith.extf
// CHECK: math.floor {{.*}} : f32
// CHECK: arith.truncf
// CHECK: arith.cmpf uno
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[Y]], %[[Y]] : f32
// CHECK-NEXT: %[[PICK:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK-NEXT: arith.select %[[PICK]], %[[X]], %[[Y]] : f32
func.func @math(%x: tensor<?xf16>, %y: tensor<?xf32>) -> (tensor<?xf16>, tensor<?xi1>, tensor<?xf32>) {
  %0 = ndarray.unary_math "floor" %x : tensor<?xf16> -> tensor<?xf16>
  %1 = ndarray.unary_math "isnan" %y : tensor<?xf32> -> tensor<?xi1>
  %2 = ndarray.binary_math "fmax" %y, %y : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  return %0, %1, %2 : tensor<?xf16>, tensor<?xi1>, tensor<?xf32>
}

// -----

// Tests select becomes arith.select in a parallel generic.
// CHECK-LABEL: func @select
// CHECK: linalg.generic
// CHECK: arith.select
func.func @select(%c: tensor<?xi1>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ndarray.select %c, %x, %x : tensor<?xi1>, tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Tests argreduce: a run-time check of an empty dynamic axis, then one generic
// with a value and an index output, reducing the axis.
// CHECK-LABEL: func @argmax
// CHECK: ndarray.assert {{.*}}attempt to get argmax of an empty sequence
// CHECK: linalg.fill
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} outs(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xi64>)
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf uno
// CHECK: linalg.yield
func.func @argmax(%x: tensor<4x?xf32>) -> tensor<4xi64> {
  %0 = ndarray.argreduce max %x [1] : tensor<4x?xf32> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// Tests scan: a loop over the axis carrying the running total of the other
// dimensions; each step is one elementwise generic writing the total and
// out's slice k (O(size) work, no O(n^2) prefix generic).
// CHECK-LABEL: func @cumsum
// CHECK: %[[T0:.*]] = linalg.fill
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OUT:.*]] = %{{.*}}, %[[T:.*]] = %[[T0]])
// CHECK:   %[[X:.*]] = tensor.extract_slice %{{.*}}[0, %[[K]]] [%{{.*}}, 1] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
// CHECK:   %[[S:.*]] = tensor.extract_slice %[[OUT]][0, %[[K]]]
// CHECK:   %[[R:.*]]:2 = linalg.generic {{.*}}iterator_types = ["parallel"]{{.*}} ins(%[[X]] : tensor<?xf32>) outs(%[[T]], %[[S]] :
// CHECK:     arith.addf
// CHECK:   %[[NEW:.*]] = tensor.insert_slice %[[R]]#1 into %[[OUT]][0, %[[K]]]
// CHECK:   scf.yield %[[NEW]], %[[R]]#0
func.func @cumsum(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = ndarray.scan sum %x 1 : tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Tests contract: matmul is a generic with the summed index a reduction.
// CHECK-LABEL: func @matmul
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @matmul(%a: tensor<?x4xf32>, %b: tensor<4x?xf32>) -> tensor<?x?xf32> {
  %0 = ndarray.contract %a, %b {indexing_maps = [
         affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
         affine_map<(i, j, k) -> (i, j)>]} : (tensor<?x4xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Tests random: a parallel generic reading the 0-d seed and counter, running
// Philox rounds (64-bit multiplies) and scaling 53 bits to [0, 1).
// CHECK-LABEL: func @random
// CHECK: linalg.generic {{.*}}ins(%{{.*}}, %{{.*}} : tensor<i64>, tensor<i64>)
// CHECK: arith.muli {{.*}} : i64
// CHECK: arith.uitofp
// CHECK: arith.mulf
func.func @random(%s: tensor<i64>, %c: tensor<i64>) -> tensor<8xf64> {
  %0 = ndarray.random "uniform" %s, %c : tensor<i64>, tensor<i64> -> tensor<8xf64>
  return %0 : tensor<8xf64>
}
