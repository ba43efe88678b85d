// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s

// Index width per kernel: a kernel that divides a linear index into
// coordinates does it in 32 bits when the iteration space has at most
// 2^31 - 1 points. Dynamic sizes: both kernels, chosen at run time.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func @dynamic
// CHECK: %[[FITS:.*]] = arith.cmpi ule, %{{.*}}, %c2147483647
// CHECK: scf.if %[[FITS]] {
// CHECK: gpu.launch
// CHECK: arith.index_castui %{{.*}} : index to i32
// CHECK: arith.remui %{{.*}}, %{{.*}} : i32
// CHECK: arith.divui %{{.*}}, %{{.*}} : i32
// CHECK: } else {
// CHECK: gpu.launch
// CHECK-NOT: : i32
// CHECK: arith.remui %{{.*}}, %{{.*}} : index
// CHECK: arith.divui %{{.*}}, %{{.*}} : index
func.func @dynamic(%x: memref<?x?xf32>, %b: memref<?xf32>, %y: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?x?xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Static sizes decide at compile time: 4x8 points are 32-bit, 65536x65536
// (2^32 points) 64-bit; no run-time check either way.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func @small
// CHECK-NOT: arith.cmpi ule
// CHECK: arith.divui %{{.*}}, %{{.*}} : i32
// CHECK-NOT: arith.divui %{{.*}}, %{{.*}} : index
// CHECK: return
func.func @small(%x: memref<4x8xf32>, %b: memref<8xf32>, %y: memref<4x8xf32>) {
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<4x8xf32>, memref<8xf32>) outs(%y : memref<4x8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  }
  return
}
// CHECK-LABEL: func @huge
// CHECK-NOT: arith.cmpi ule
// CHECK-NOT: : i32
// CHECK: arith.divui %{{.*}}, %{{.*}} : index
func.func @huge(%x: memref<65536x65536xi8>, %b: memref<65536xi8>, %y: memref<65536x65536xi8>) {
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<65536x65536xi8>, memref<65536xi8>) outs(%y : memref<65536x65536xi8>) {
  ^bb0(%a: i8, %c: i8, %o: i8):
    %s = arith.addi %a, %c : i8
    linalg.yield %s : i8
  }
  return
}

// -----

// Nothing to divide (one loop): one kernel, no check.
#id1 = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func @flat
// CHECK-NOT: arith.cmpi ule
// CHECK-NOT: : i32
// CHECK: return
func.func @flat(%x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.negf %a : f32
    linalg.yield %s : f32
  }
  return
}
