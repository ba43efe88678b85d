// RUN: arrayc-opt %s -convert-ndarray-to-linalg -split-input-file | FileCheck %s

// Tests that a slice with static starts reads through an affine map.
// CHECK: #[[MAP:.*]] = affine_map<(d0, d1) -> (d0 + 1, d1 * -2 + 7)>
// CHECK-LABEL: func @slice_static
// CHECK: linalg.generic {indexing_maps = [#[[MAP]], #{{.*}}]
func.func @slice_static(%x: tensor<5x8xf32>) -> tensor<3x4xf32> {
  %r = ndarray.slice %x [1, 7] [3, 4] [1, -2] : tensor<5x8xf32> -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// Tests that a dynamic start reads with linalg.index and tensor.extract.
// CHECK-LABEL: func @slice_dynamic
// CHECK: linalg.generic
// CHECK: linalg.index 0
// CHECK: tensor.extract
func.func @slice_dynamic(%x: tensor<?xf32>, %s: index, %n: index) -> tensor<?xf32> {
  %r = ndarray.slice %x [%s] [%n] [-1] : tensor<?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Tests that a forward update_slice is an insert_slice (in place once
// bufferized: it costs the window, not the whole destination), with dynamic
// starts and a static update cast to the window's dynamic type.
// CHECK-LABEL: func @update
// CHECK-SAME: (%[[V:.*]]: tensor<?xf32>, %[[U:.*]]: tensor<2xf32>, %[[I:.*]]: index, %[[K:.*]]: index)
// CHECK-NOT: linalg.generic
// CHECK: %[[A:.*]] = tensor.insert_slice %[[U]] into %[[V]][1] [2] [3] : tensor<2xf32> into tensor<?xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[U]] : tensor<2xf32> to tensor<?xf32>
// CHECK: tensor.insert_slice %[[C]] into %[[A]][%[[I]]] [%[[K]]] [1] : tensor<?xf32> into tensor<?xf32>
func.func @update(%v: tensor<?xf32>, %u: tensor<2xf32>, %i: index, %k: index) -> tensor<?xf32> {
  %r = ndarray.update_slice %v, %u [1] [2] [3] : tensor<?xf32>, tensor<2xf32>
  %s = ndarray.update_slice %r, %u [%i] [%k] [1] : tensor<?xf32>, tensor<2xf32>
  return %s : tensor<?xf32>
}

// -----

// Tests that an update_slice with a negative step selects the update inside
// the window over the whole result.
// CHECK-LABEL: func @update_backward
// CHECK: linalg.generic
// CHECK: arith.floordivsi
// CHECK: scf.if
// CHECK: tensor.extract
func.func @update_backward(%v: tensor<?xf32>, %u: tensor<2xf32>) -> tensor<?xf32> {
  %r = ndarray.update_slice %v, %u [5] [2] [-2] : tensor<?xf32>, tensor<2xf32>
  return %r : tensor<?xf32>
}

// -----

// Tests transpose as a permuted read.
// CHECK: #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func @transpose
// CHECK: linalg.generic {indexing_maps = [#[[T]]
func.func @transpose(%x: tensor<?x3xf32>) -> tensor<3x?xf32> {
  %t = ndarray.transpose %x [1, 0] : tensor<?x3xf32> -> tensor<3x?xf32>
  return %t : tensor<3x?xf32>
}

// -----

// Tests a static reshape through 1-d, and a unit-dim reshape.
// CHECK-LABEL: func @reshape
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
func.func @reshape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %r = ndarray.reshape %x : tensor<2x3xf32> -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// Tests the run-time element count check of a dynamic reshape, and that
// several dynamic sizes share one expand group (a view, not a copy).
// CHECK-LABEL: func @reshape_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK: ndarray.assert
// CHECK-NOT: linalg.generic
// CHECK: tensor.expand_shape %[[X]] {{\[\[}}0, 1]] output_shape [%[[A]], %[[B]]] : tensor<?xf32> into tensor<?x?xf32>
func.func @reshape_dynamic(%x: tensor<?xf32>, %a: index, %b: index) -> tensor<?x?xf32> {
  %r = ndarray.reshape %x (%a, %b) : tensor<?xf32> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Tests concatenate as one generic choosing its input by the index.
// CHECK-LABEL: func @concat
// CHECK: linalg.generic
// CHECK: scf.if
// CHECK: tensor.extract
func.func @concat(%a: tensor<2xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c = ndarray.concatenate %a, %b axis 0 : (tensor<2xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %c : tensor<?xf32>
}

// -----

// Tests dim as a 0-d generic yielding the size.
// CHECK-LABEL: func @dim
// CHECK: tensor.dim
// CHECK: arith.index_cast
// CHECK: linalg.generic
func.func @dim(%a: tensor<?xf32>) -> tensor<i64> {
  %d = ndarray.dim %a 0 : tensor<?xf32> -> tensor<i64>
  return %d : tensor<i64>
}

// -----

// Tests that a dynamic size that is the whole source dim (tensor.dim) keeps
// the affine form: the row index is read as is, the column is a constant.
// CHECK: #[[C:.*]] = affine_map<(d0, d1) -> (d0, 2)>
// CHECK-LABEL: func @slice_full_dim
// CHECK: linalg.generic {indexing_maps = [#[[C]]
// CHECK-NOT: tensor.extract
func.func @slice_full_dim(%x: tensor<?x?xf32>) -> tensor<?x1xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %r = ndarray.slice %x [0, 2] [%n, 1] [1, 1] : tensor<?x?xf32> -> tensor<?x1xf32>
  return %r : tensor<?x1xf32>
}
