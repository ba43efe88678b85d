// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s

#tr = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// Tests a transpose through a 32x33 shared tile: a block per 32x32 tile
// (block-stride over tiles), the input read along its rows into the tile
// (tile[ty + k][tx] = a[c0 + ty + k, r0 + tx]), a barrier, then the output
// written along its rows from the tile's columns (out[r0 + ty + k, c0 + tx]
// = tile[tx][ty + k]); an identity-mapped input (b) is read directly.
// CHECK-LABEL: func @transpose_add
// CHECK: %[[TR:.*]] = arith.ceildivui %{{.*}}, %c32
// CHECK: %[[TC:.*]] = arith.ceildivui %{{.*}}, %c32
// CHECK: gpu.launch {{.*}} workgroup(%[[TILE:.*]] : memref<32x33xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[TX:.*]] = arith.remui %{{.*}}, %c32
// CHECK: %[[TY:.*]] = arith.divui %{{.*}}, %c32
// CHECK: scf.for
// CHECK: %[[V:.*]] = memref.load %arg0[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK: memref.store %[[V]], %[[TILE]][%{{.*}}, %[[TX]]]
// CHECK: gpu.barrier
// CHECK: %[[T:.*]] = memref.load %[[TILE]][%[[TX]], %{{.*}}]
// CHECK: %[[B:.*]] = memref.load %arg1
// CHECK: %[[M:.*]] = arith.mulf %[[T]], %{{.*}}
// CHECK: arith.addf %[[M]], %[[B]]
// CHECK: memref.store %{{.*}}, %arg2
// CHECK: gpu.barrier
func.func @transpose_add(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %o: memref<?x?xf32>) {
  %two = arith.constant 2.0 : f32
  linalg.generic {indexing_maps = [#tr, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%o : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %two : f32
    %s = arith.addf %m, %y : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#sw = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// Tests swapaxes of the last two of three dims on f64: the tiles of each
// leading index, a 32x33 f64 tile.
// CHECK-LABEL: func @swap_last_two
// CHECK: workgroup(%{{.*}} : memref<32x33xf64, #gpu.address_space<workgroup>>)
// CHECK: gpu.barrier
func.func @swap_last_two(%a: memref<4x?x?xf64>, %o: memref<4x?x?xf64>) {
  linalg.generic {indexing_maps = [#sw, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : memref<4x?x?xf64>) outs(%o : memref<4x?x?xf64>) {
  ^bb0(%x: f64, %out: f64):
    linalg.yield %x : f64
  }
  return
}

// -----

#rev = affine_map<(d0, d1, d2) -> (d2, d1, d0)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// Tests that other permutations keep the one-thread-per-point kernel.
// CHECK-LABEL: func @reverse_axes
// CHECK-NOT: workgroup
// CHECK: return
func.func @reverse_axes(%a: memref<?x?x?xf32>, %o: memref<?x?x?xf32>) {
  linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : memref<?x?x?xf32>) outs(%o : memref<?x?x?xf32>) {
  ^bb0(%x: f32, %out: f32):
    linalg.yield %x : f32
  }
  return
}
