// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s

#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
// Tests that a user's combine function (a log-sum-exp, marked by
// convert-ndarray-to-linalg) with a producer fused in front of it (x * y)
// takes the one-kernel block reduction: per-stream counters, warp xor
// shuffles, and partial results combined by the whole function (exp of
// both operands), not by the op the accumulator feeds.
// CHECK-LABEL: func @lse_of_product
// CHECK: call @arrayc_rt.gpu_counters
// CHECK: gpu.launch
// CHECK: arith.mulf
// CHECK: math.exp %{{.*}} {ndarray.combiner = array<i64: 0, 4>} : f32
// CHECK: math.exp %{{.*}} {ndarray.combiner = array<i64: 1, 4>} : f32
// CHECK: gpu.shuffle  xor
// CHECK: %[[SH:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: math.exp %{{.*}} {ndarray.combiner = array<i64: 0, 4>} : f32
// CHECK: math.exp %[[SH]] {ndarray.combiner = array<i64: 1, 4>} : f32
func.func @lse_of_product(%x: memref<?xf32>, %y: memref<?xf32>, %acc: memref<f32>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%acc : memref<f32>)
  linalg.generic {indexing_maps = [#in, #in, #out], iterator_types = ["reduction"]}
      ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%acc : memref<f32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %e = arith.mulf %a, %b : f32
    %ea = math.exp %o {ndarray.combiner = array<i64: 0, 4>} : f32
    %eb = math.exp %e {ndarray.combiner = array<i64: 1, 4>} : f32
    %s = arith.addf %ea, %eb {ndarray.combiner = array<i64: 2, 4>} : f32
    %l = math.log %s {ndarray.combiner = array<i64: 3, 4>, ndarray.combiner_identity = 0xFF800000 : f32} : f32
    linalg.yield %l : f32
  }
  return
}

// -----

#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
// Tests that a function with a mark missing (a rewrite replaced one of its
// ops) is not taken for a combiner: one thread per output, sequential.
// CHECK-LABEL: func @missing_mark
// CHECK-NOT: gpu_counters
// CHECK-NOT: gpu.shuffle
// CHECK: return
func.func @missing_mark(%x: memref<?xf32>, %acc: memref<f32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%acc : memref<f32>) {
  ^bb0(%e: f32, %o: f32):
    %ea = math.exp %o {ndarray.combiner = array<i64: 0, 4>} : f32
    %eb = math.exp %e : f32
    %s = arith.addf %ea, %eb {ndarray.combiner = array<i64: 2, 4>} : f32
    %l = math.log %s {ndarray.combiner = array<i64: 3, 4>, ndarray.combiner_identity = 0xFF800000 : f32} : f32
    linalg.yield %l : f32
  }
  return
}
