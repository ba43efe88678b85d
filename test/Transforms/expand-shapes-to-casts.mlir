// RUN: arrayc-opt --arrayc-expand-shapes-to-casts %s | FileCheck %s
// RUN: arrayc-opt --arrayc-expand-shapes-to-casts --expand-strided-metadata %s | FileCheck %s --check-prefix=EXPANDED

// One dimension split into two dynamic ones: a reinterpret_cast with
// row-major strides (the second size is the first stride).
// CHECK-LABEL: func @split_dynamic
// CHECK-SAME: (%[[A:.*]]: memref<?xi64>, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK: %[[C:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [%[[N]], %[[M]]], strides: [%[[M]], 1] : memref<?xi64> to memref<?x?xi64>
// CHECK-NOT: memref.expand_shape
// CHECK: return %[[C]]
// EXPANDED-LABEL: func @split_dynamic
// EXPANDED-NOT: memref.expand_shape
func.func @split_dynamic(%a: memref<?xi64>, %n: index, %m: index) -> memref<?x?xi64> {
  %e = memref.expand_shape %a [[0, 1]] output_shape [%n, %m] : memref<?xi64> into memref<?x?xi64>
  return %e : memref<?x?xi64>
}

// Three sizes, one static: strides multiply from the last.
// CHECK-LABEL: func @split_three
// CHECK: %[[S:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%{{.*}}, %{{.*}}, 4], strides: [%[[S]], 4, 1]
func.func @split_three(%a: memref<?xf32>, %n: index, %m: index) -> memref<?x?x4xf32> {
  %e = memref.expand_shape %a [[0, 1, 2]] output_shape [%n, %m, 4] : memref<?xf32> into memref<?x?x4xf32>
  return %e : memref<?x?x4xf32>
}

// One dynamic size per group: left to expand-strided-metadata.
// CHECK-LABEL: func @one_dynamic
// CHECK: memref.expand_shape
func.func @one_dynamic(%a: memref<?xf32>, %n: index) -> memref<?x1xf32> {
  %e = memref.expand_shape %a [[0, 1]] output_shape [%n, 1] : memref<?xf32> into memref<?x1xf32>
  return %e : memref<?x1xf32>
}
