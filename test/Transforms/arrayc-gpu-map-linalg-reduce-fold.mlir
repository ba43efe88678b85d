// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s

// Tests folding a reduction's neighbours into its kernel: the fill of its
// accumulator runs only when the reduction is empty (the block that stores
// the output combines with the fill's constant instead of loading the
// accumulator), and the 0-d op after the full reduction is computed from
// the total by that block (a copy of it runs, as its own kernel, only for
// an empty reduction). Both places that store the output do so: the block
// of a one-slice reduction and the last block to arrive. The non-empty case
// launches one kernel (vector or scalar), nothing else.
// CHECK-LABEL: func @mean_sq
// CHECK: %[[EMPTY:.*]] = arith.cmpi eq, %{{.*}}, %c0
// CHECK: scf.if %[[EMPTY]] {
// CHECK: gpu.launch
// CHECK: memref.store %cst, %[[ACC:.*]][] : memref<f64>
// CHECK: %[[RES:.*]] = memref.alloc() : memref<f32>
// CHECK: gpu.launch
// CHECK: vector.load
// CHECK-NOT: memref.load %[[ACC]][]
// CHECK: %[[T:.*]] = arith.addf %{{.*}}, %cst : f64
// CHECK: memref.store %[[T]], %[[ACC]][] : memref<f64>
// CHECK: %[[F:.*]] = arith.truncf %[[T]] : f64 to f32
// CHECK: %[[D:.*]] = arith.divf %[[F]], %{{.*}} : f32
// CHECK: memref.store %[[D]], %[[RES]][] : memref<f32>
// CHECK: memref.atomic_rmw
// CHECK-NOT: memref.load %[[ACC]][]
// CHECK: %[[T2:.*]] = arith.addf %{{.*}}, %cst : f64
// CHECK: memref.store %[[T2]], %[[ACC]][] : memref<f64>
// CHECK: %[[F2:.*]] = arith.truncf %[[T2]] : f64 to f32
// CHECK: %[[D2:.*]] = arith.divf %[[F2]], %{{.*}} : f32
// CHECK: memref.store %[[D2]], %[[RES]][] : memref<f32>
// CHECK: } else {
// CHECK: gpu.launch
// CHECK-NOT: vector.load
// CHECK: scf.if %[[EMPTY]] {
// CHECK: gpu.launch
// CHECK: memref.load %[[ACC]][] : memref<f64>
// CHECK: arith.truncf
// CHECK-NOT: gpu.launch
// CHECK: return %[[RES]]
#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
#s = affine_map<() -> ()>
func.func @mean_sq(%x: memref<?xf32>) -> memref<f32> {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 1024.0 : f32
  %acc = memref.alloc() : memref<f64>
  linalg.generic {indexing_maps = [#s], iterator_types = []} outs(%acc : memref<f64>) {
  ^bb0(%o: f64):
    linalg.yield %zero : f64
  }
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%acc : memref<f64>) {
  ^bb0(%a: f32, %o: f64):
    %m = arith.mulf %a, %a : f32
    %e = arith.extf %m : f32 to f64
    %r = arith.addf %e, %o : f64
    linalg.yield %r : f64
  }
  %res = memref.alloc() : memref<f32>
  linalg.generic {indexing_maps = [#s, #s], iterator_types = []} ins(%acc : memref<f64>) outs(%res : memref<f32>) {
  ^bb0(%a: f64, %o: f32):
    %t = arith.truncf %a : f64 to f32
    %d = arith.divf %t, %n : f32
    linalg.yield %d : f32
  }
  return %res : memref<f32>
}

// -----

#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
// Tests that an accumulator written by something other than a constant fill
// is loaded and combined where the output is stored (nothing folded).
// CHECK-LABEL: func @accumulate_into
// CHECK: gpu.launch
// CHECK: %[[OLD:.*]] = memref.load %arg1[] : memref<f32>
// CHECK: arith.addf %{{.*}}, %[[OLD]] : f32
// CHECK: memref.atomic_rmw
// CHECK: %[[OLD2:.*]] = memref.load %arg1[] : memref<f32>
// CHECK: arith.addf %{{.*}}, %[[OLD2]] : f32
// CHECK: gpu.launch
// A domain of at most 32 points (the else of the run-time choice): one
// thread, which combines with the accumulator too.
// CHECK: } else {
// CHECK: gpu.launch
// CHECK: %[[OLD3:.*]] = memref.load %arg1[] : memref<f32>
// CHECK: arith.addf %{{.*}}, %[[OLD3]] : f32
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @accumulate_into(%x: memref<?xf32>, %acc: memref<f32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%acc : memref<f32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  }
  return
}

// -----

#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
// Tests that a fill is not folded when the reduction also reads the
// accumulator as an input: the fill's kernel runs first, unconditionally.
// CHECK-LABEL: func @reads_accumulator
// CHECK-NOT: arith.cmpi eq
// CHECK: gpu.launch
// CHECK: memref.store %cst, %[[ACC:.*]][] : memref<f32>
// CHECK: gpu.launch
// CHECK: memref.load %[[ACC]][]
// CHECK: return
func.func @reads_accumulator(%x: memref<?xf32>) -> memref<f32> {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<f32>
  linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%acc : memref<f32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["reduction"]}
      ins(%x, %acc : memref<?xf32>, memref<f32>) outs(%acc : memref<f32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %m = arith.addf %a, %c : f32
    %r = arith.addf %m, %o : f32
    linalg.yield %r : f32
  }
  return %acc : memref<f32>
}
