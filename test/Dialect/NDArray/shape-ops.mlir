// RUN: arrayc-opt %s | arrayc-opt | FileCheck %s

// Tests that the indexing and shape ops print and parse back.
// CHECK-LABEL: func @slices
// CHECK: ndarray.slice %{{.*}} [1, 0] [3, 4] [1, 2] : tensor<5x8xf32> -> tensor<3x4xf32>
// CHECK: ndarray.slice %{{.*}} [%{{.*}}] [%{{.*}}] [-1] : tensor<?xf32> -> tensor<?xf32>
func.func @slices(%y: tensor<5x8xf32>, %x: tensor<?xf32>, %s: index, %n: index)
    -> (tensor<3x4xf32>, tensor<?xf32>) {
  %a = ndarray.slice %y [1, 0] [3, 4] [1, 2] : tensor<5x8xf32> -> tensor<3x4xf32>
  %b = ndarray.slice %x [%s] [%n] [-1] : tensor<?xf32> -> tensor<?xf32>
  return %a, %b : tensor<3x4xf32>, tensor<?xf32>
}

// CHECK-LABEL: func @update
// CHECK: ndarray.update_slice %{{.*}}, %{{.*}} [1, 1] [%{{.*}}, 2] [1, 1] : tensor<?x4xf32>, tensor<?x2xf32>
func.func @update(%v: tensor<?x4xf32>, %u: tensor<?x2xf32>, %n: index) -> tensor<?x4xf32> {
  %r = ndarray.update_slice %v, %u [1, 1] [%n, 2] [1, 1] : tensor<?x4xf32>, tensor<?x2xf32>
  return %r : tensor<?x4xf32>
}

// CHECK-LABEL: func @shapes
// CHECK: ndarray.transpose %{{.*}} [1, 0] : tensor<?x3xf32> -> tensor<3x?xf32>
// CHECK: ndarray.reshape %{{.*}}(%{{.*}}) : tensor<?x3xf32> -> tensor<3x?xf32>
// CHECK: ndarray.concatenate %{{.*}}, %{{.*}} axis 1 : (tensor<3x?xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
// CHECK: ndarray.dim %{{.*}} 0 : tensor<?x3xf32> -> tensor<i64>
func.func @shapes(%x: tensor<?x3xf32>, %n: index) -> (tensor<3x?xf32>, tensor<i64>) {
  %t = ndarray.transpose %x [1, 0] : tensor<?x3xf32> -> tensor<3x?xf32>
  %r = ndarray.reshape %x (%n) : tensor<?x3xf32> -> tensor<3x?xf32>
  %c = ndarray.concatenate %t, %r axis 1 : (tensor<3x?xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
  %d = ndarray.dim %x 0 : tensor<?x3xf32> -> tensor<i64>
  return %c, %d : tensor<3x?xf32>, tensor<i64>
}
