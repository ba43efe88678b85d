// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s
// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s --check-prefix=WARP

// Softmax after fusion: fill, row max, fill, row sum of exp, normalize. The
// five generics become one kernel with one block per row (behind a run-time
// check: enough rows, equal row counts); the else branch keeps them as
// their own kernels. Inside, a second check (16-byte aligned buffers, row
// length a multiple of 4) picks the kernels that move the row 4 floats at a
// time, the row max loaded once per row for the later members; else the
// scalar one. Of those, rows of at most 32 KiB are staged: x, which three
// members read, goes from DRAM into shared memory (a buffer of 4-vectors)
// as the row max reads it, and the sum and the normalization read it from
// there; longer rows take the same kernel without staging.
//
// First of all, rows of at most 1024 points (every member's) take a warp per
// row: 8 rows a block of 256 threads, lanes striding the row, reductions by
// xor shuffles alone, a warp barrier between members, no shared memory.
// WARP-LABEL: func @softmax
// WARP: arith.cmpi ule, %{{.*}}, %c1024
// WARP: scf.if
// WARP: %[[BLOCKS:.*]] = arith.ceildivui %{{.*}}, %c8 : index
// WARP: gpu.launch blocks({{.*}}) in (%{{.*}} = %{{.*}}, {{.*}} threads({{.*}}) in (%{{.*}} = %c256,
// WARP-NOT: workgroup
// WARP: arith.remui %{{.*}}, %c32{{.*}} : index
// WARP: vector.load
// WARP: gpu.shuffle xor
// WARP-NOT: gpu.barrier
// WARP: nvvm.bar.warp.sync
// WARP-NOT: gpu.barrier
// WARP: gpu.terminator
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func @softmax
// CHECK: %[[ROWS:.*]] = memref.dim %arg0, %c0
// CHECK: %[[TAKE:.*]] = arith.cmpi uge, %{{.*}}, %c512
// CHECK: scf.if %{{.*}} {
// CHECK: arith.remui %{{.*}}, %c4
// CHECK: memref.extract_aligned_pointer_as_index %arg0
// CHECK: scf.if %{{.*}} {
// CHECK: %[[FITS:.*]] = arith.cmpi ule, %{{.*}}, %c32768
// CHECK: scf.if %{{.*}} {
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[S0:.*]] : memref<256xf32, #gpu.address_space<workgroup>>, %[[S1:.*]] : memref<256xf64, #gpu.address_space<workgroup>>, %[[ROW_SMEM:.*]] : memref<2048xvector<4xf32>, #gpu.address_space<workgroup>>)
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[V:.*]] = vector.load {{.*}} : memref<?xf32>, vector<4xf32>
// CHECK: memref.store %[[V]], %[[ROW_SMEM]][%{{.*}}]
// CHECK-COUNT-4: arith.maximumf
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: memref.load %{{.*}}[%[[ROW]]] : memref<?xf32>
// CHECK: scf.for
// CHECK-NOT: vector.load
// CHECK: memref.load %[[ROW_SMEM]][%{{.*}}] : memref<2048xvector<4xf32>, #gpu.address_space<workgroup>>
// CHECK: math.exp
// CHECK: arith.addf {{.*}} : f64
// CHECK: gpu.barrier
// CHECK-NOT: vector.load
// CHECK: memref.load %[[ROW_SMEM]]
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: vector.store {{.*}} : memref<?xf32>, vector<4xf32>
// CHECK-NOT: gpu.launch
// CHECK: } else {
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<256xf64, #gpu.address_space<workgroup>>)
// CHECK: vector.load {{.*}} : memref<?xf32>, vector<4xf32>
// CHECK-COUNT-4: arith.maximumf
// CHECK: vector.load {{.*}} : memref<?xf32>, vector<4xf32>
// CHECK: math.exp
// CHECK: vector.load {{.*}} : memref<?xf32>, vector<4xf32>
// CHECK: vector.store {{.*}} : memref<?xf32>, vector<4xf32>
// CHECK-NOT: gpu.launch
// CHECK: } else {
// CHECK: gpu.launch
// CHECK-NOT: vector.load
// CHECK: arith.maximumf
// CHECK: } else {
// CHECK-COUNT-8: gpu.launch
// CHECK: return
func.func @softmax(%arg0: memref<?x?xf32>) -> memref<?x?xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %arg0, %c0 : memref<?x?xf32>
  %c = memref.dim %arg0, %c1 : memref<?x?xf32>
  %m = memref.alloc(%r) : memref<?xf32>
  linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%m : memref<?xf32>) {
  ^bb0(%out: f32):
    linalg.yield %ninf : f32
  }
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<?x?xf32>) outs(%m : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out : f32
    linalg.yield %0 : f32
  }
  %s = memref.alloc(%r) : memref<?xf64>
  linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%s : memref<?xf64>) {
  ^bb0(%out: f64):
    linalg.yield %zero : f64
  }
  linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%arg0, %m : memref<?x?xf32>, memref<?xf32>) outs(%s : memref<?xf64>) {
  ^bb0(%in: f32, %mx: f32, %out: f64):
    %0 = arith.subf %in, %mx : f32
    %1 = math.exp %0 : f32
    %2 = arith.extf %1 : f32 to f64
    %3 = arith.addf %2, %out : f64
    linalg.yield %3 : f64
  }
  %o = memref.alloc(%r, %c) : memref<?x?xf32>
  linalg.generic {indexing_maps = [#id2, #row, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %m, %s : memref<?x?xf32>, memref<?xf32>, memref<?xf64>) outs(%o : memref<?x?xf32>) {
  ^bb0(%in: f32, %mx: f32, %sum: f64, %out: f32):
    %0 = arith.subf %in, %mx : f32
    %1 = arith.truncf %sum : f64 to f32
    %2 = math.exp %0 : f32
    %3 = arith.divf %2, %1 : f32
    linalg.yield %3 : f32
  }
  return %o : memref<?x?xf32>
}

// -----

// A column sum feeding a row-wise op is not a row group: the sum's rows are
// the columns of its input. Each op keeps its own kernel, no run-time check.
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func @column_then_rows
// CHECK-NOT: arith.cmpi uge
// CHECK-NOT: gpu.barrier
// CHECK: gpu.launch
// CHECK: return
func.func @column_then_rows(%arg0: memref<?x?xf32>, %s: memref<?xf32>, %o: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#tr, #row], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<?x?xf32>) outs(%s : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %s : memref<?x?xf32>, memref<?xf32>) outs(%o : memref<?x?xf32>) {
  ^bb0(%in: f32, %t: f32, %out: f32):
    %0 = arith.divf %in, %t : f32
    linalg.yield %0 : f32
  }
  return
}
