// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s

#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
// Tests the reduction's first stage reading 16 bytes per load: the grid is
// one wave of resident blocks read from the device at run time
// (arrayc_rt_gpu_resident_blocks, declared once); behind a run-time check
// that the inputs are 16-byte aligned, stage 1 folds groups of 4 f32 per
// input (4 unrolled chains, each lane through the body), then the scalar
// remainder from where the groups end; otherwise the scalar stage 1 runs.
// CHECK-LABEL: func @sq_sum
// CHECK: %[[RES:.*]] = func.call @arrayc_rt_gpu_resident_blocks(%c256_i64) : (i64) -> i64
// CHECK: arith.index_castui %[[RES]] : i64 to index
// CHECK: memref.extract_aligned_pointer_as_index %arg0
// CHECK: memref.extract_aligned_pointer_as_index %arg1
// The remainder's 4 chains: the first starts from the groups' result, the
// other 3 from the identity (-0.0), so the groups count once.
// CHECK: scf.if
// CHECK: gpu.launch
// CHECK: scf.for {{.*}} -> (f64, f64, f64, f64)
// CHECK: vector.load %arg0[%{{.*}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK: vector.load %arg1[%{{.*}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-COUNT-4: vector.extract %{{.*}}[{{[0-3]}}] : f32 from vector<4xf32>
// CHECK: %[[GROUPS:.*]] = scf.for {{.*}} -> (f64) {
// CHECK: %[[ID2:.*]] = arith.constant -0.000000e+00 : f64
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[GROUPS]], %{{.*}} = %[[ID2]], %{{.*}} = %[[ID2]], %{{.*}} = %[[ID2]]) -> (f64, f64, f64, f64)
// CHECK: memref.load %arg0
// CHECK: gpu.shuffle  xor
// CHECK: } else {
// CHECK: gpu.launch
// CHECK-NOT: vector.load
// CHECK: memref.load %arg0
// CHECK: gpu.shuffle  xor
// CHECK: gpu.launch
// CHECK: func.func private @arrayc_rt_gpu_resident_blocks(i64) -> i64
// CHECK-NOT: func.func private @arrayc_rt_gpu_resident_blocks
func.func @sq_sum(%x: memref<?xf32>, %y: memref<?xf32>, %o: memref<f64>) {
  linalg.generic {indexing_maps = [#in, #in, #out], iterator_types = ["reduction"]}
      ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%o : memref<f64>) {
  ^bb0(%a: f32, %b: f32, %acc: f64):
    %d = arith.subf %a, %b : f32
    %m = arith.mulf %d, %d : f32
    %e = arith.extf %m : f32 to f64
    %s = arith.addf %e, %acc : f64
    linalg.yield %s : f64
  }
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%o : memref<f64>) {
  ^bb0(%a: f32, %acc: f64):
    %e = arith.extf %a : f32 to f64
    %s = arith.addf %e, %acc : f64
    linalg.yield %s : f64
  }
  return
}

// -----

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
// Tests row sums of f16 (8 per 16-byte load): every row must start on a
// group, so the check also asks for one row or a row length divisible by 8.
// CHECK-LABEL: func @row_sum_f16
// CHECK: %[[REM:.*]] = arith.remui %{{.*}}, %c8{{(_[0-9]+)?}} : index
// CHECK: arith.cmpi eq, %[[REM]]
// CHECK: memref.collapse_shape %arg0
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
func.func @row_sum_f16(%x: memref<?x?xf16>, %o: memref<?xf32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf16>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f16, %acc: f32):
    %e = arith.extf %a : f16 to f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#in = affine_map<(d0, d1) -> (d1, d0)>
#out = affine_map<(d0, d1) -> (d0)>
// Tests that an input read across its rows (a transposed map) keeps the
// scalar stage 1 (no vector loads, no alignment check).
// CHECK-LABEL: func @transposed_sum
// CHECK-NOT: vector.load
// CHECK-NOT: memref.extract_aligned_pointer_as_index
// CHECK: return
func.func @transposed_sum(%x: memref<?x?xf32>, %o: memref<?xf32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}
