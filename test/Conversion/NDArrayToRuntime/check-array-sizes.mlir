// RUN: arrayc-opt %s -arrayc-check-array-sizes | FileCheck %s

// Tests the run-time size checks: an array whose sizes come from two
// tensors (an outer product) asserts at the function's entry that its
// nonzero sizes times 4 bytes fit in int64; a reduction's result (a dim of
// the argument), an elementwise one and an f64 accumulator of f32 argument
// data need none; a size computed after a kernel is checked right after it.

// CHECK-LABEL: func @outer
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]]
// CHECK: %[[M:.*]] = tensor.dim %[[Y]]
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[N1:.*]] = arith.maxui %[[N64]], %c1_i64
// CHECK: %[[LO:.*]], %[[HI:.*]] = arith.mului_extended %c4_i64, %[[N1]] : i64
// CHECK: arith.cmpi ne, %[[HI]], %c0_i64
// CHECK: arith.mului_extended %[[LO]]
// CHECK: arith.cmpi slt
// CHECK: %[[FITS:.*]] = arith.xori
// CHECK: ndarray.assert %[[FITS]], "{{.*}}an array of shape (?, ?) is too large: its size in bytes overflows 64 bits"
// CHECK: tensor.empty(%[[N]], %[[M]])
func.func @outer(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %m = tensor.dim %y, %c0 : tensor<?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// CHECK-LABEL: func @bounded
// CHECK-NOT: ndarray.assert
// CHECK: return
func.func @bounded(%a: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>, tensor<?xf64>, tensor<?x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tensor.dim %a, %c0 : tensor<?x?xf32>
  %c = tensor.dim %a, %c1 : tensor<?x?xf32>
  %rows = tensor.empty(%r) : tensor<?xf32>
  %same = tensor.empty(%r, %c) : tensor<?x?xf32>
  %acc = tensor.empty(%c) : tensor<?xf64>
  %kept = tensor.empty(%r) : tensor<?x1xf32>
  return %rows, %same, %acc, %kept : tensor<?xf32>, tensor<?x?xf32>, tensor<?xf64>, tensor<?x1xf32>
}

// Twice one dim, or a wider static part than the source has: checked.
// CHECK-LABEL: func @unbounded
// CHECK-COUNT-2: ndarray.assert
// CHECK: return
func.func @unbounded(%x: tensor<?xi8>) -> (tensor<?x?xi8>, tensor<?x4096x4096xcomplex<f64>>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xi8>
  %square = tensor.empty(%n, %n) : tensor<?x?xi8>
  %wide = tensor.empty(%n) : tensor<?x4096x4096xcomplex<f64>>
  return %square, %wide : tensor<?x?xi8>, tensor<?x4096x4096xcomplex<f64>>
}

// CHECK-LABEL: func @after_kernel
// CHECK: %[[T:.*]] = linalg.generic
// CHECK: %[[K:.*]] = tensor.dim %[[T]]
// CHECK: %[[M:.*]] = tensor.dim
// CHECK-NEXT: arith.constant 4 : i64
// CHECK: ndarray.assert
// CHECK: tensor.empty
#id = affine_map<(d0) -> (d0)>
func.func @after_kernel(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %t = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%x : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %o : f32
  } -> tensor<?xf32>
  %k = tensor.dim %t, %c0 : tensor<?xf32>
  %m = tensor.dim %y, %c0 : tensor<?xf32>
  %e = tensor.empty(%m, %k) : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}
