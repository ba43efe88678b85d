// RUN: arrayc-opt %s --arrayc-linalg-pipeline="fusion=false" --arrayc-bufferize-pipeline | FileCheck %s
// RUN: arrayc-opt %s --arrayc-linalg-pipeline="fusion=false" --arrayc-bufferize-pipeline="dealloc=false" | FileCheck %s --check-prefix=KEEP

// Tests that the bufferize pipeline frees a temporary after its last use
// (ownership-based deallocation), returns the result to the caller without
// freeing it, and that dealloc=false frees nothing.
// CHECK-LABEL: func @arrayc_fn_temp
// CHECK: %[[T:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xf32>
// CHECK: linalg.generic {{.*}} outs(%[[T]] :
// CHECK: %[[W:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xf64>
// CHECK: %[[ACC:.*]] = memref.alloc() {{.*}} : memref<f64>
// CHECK: %[[R:.*]] = memref.alloc() {{.*}} : memref<f32>
// CHECK-DAG: memref.dealloc %[[T]]
// CHECK-DAG: memref.dealloc %[[W]]
// CHECK-DAG: memref.dealloc %[[ACC]]
// CHECK-NOT: memref.dealloc %[[R]]
// CHECK: return %[[R]]
// KEEP-LABEL: func @arrayc_fn_temp
// KEEP-NOT: memref.dealloc
// KEEP: return
func.func @temp(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<f32> {
  %t = ndarray.add %x, %y : tensor<?xf32>
  %s = ndarray.reduce sum %t [0] : tensor<?xf32> -> tensor<f32>
  return %s : tensor<f32>
}
