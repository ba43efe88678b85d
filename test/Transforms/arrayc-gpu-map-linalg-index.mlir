// RUN: arrayc-opt %s -arrayc-gpu-map-linalg | FileCheck %s

#id = affine_map<(d0) -> (d0)>
// Tests that linalg.index in a generic's body becomes the thread's loop index
// (reversed read of a dynamic 1-d buffer, as ndarray.slice lowers it).
// CHECK-LABEL: func @reverse
// CHECK: gpu.launch
// CHECK-NOT: linalg.index
// CHECK: arith.subi
// CHECK: memref.load %arg0
// CHECK: memref.store
func.func @reverse(%x: memref<?xf32>, %y: memref<?xf32>, %last: index) {
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%y : memref<?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = arith.subi %last, %i : index
    %v = memref.load %x[%j] : memref<?xf32>
    linalg.yield %v : f32
  }
  return
}
