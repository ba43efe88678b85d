// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s

// Tests an arg-reduction (the select that yields the index is marked
// ndarray.arg_reduce): with domains longer than a warp, blocks fold strided
// slices into (value, index) pairs, combined in a tree in two shared arrays;
// with one block per output its thread 0 combines with the output's value
// and stores both outputs, else it writes a partial and a second kernel, a
// block per output, folds the partials. Shorter domains, and unmarked
// multi-output reductions: a thread per output.
#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
// CHECK-LABEL: func @argmax
// CHECK: %[[LONG:.*]] = arith.cmpi ugt, %{{.*}}, %c32
// CHECK: scf.if %[[LONG]] {
// CHECK: call @arrayc_rt_gpu_resident_blocks
// CHECK: %[[MULTI:.*]] = arith.cmpi ugt, %[[S:.*]], %c1
// CHECK: %[[PV:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[PI:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// Stage 1: four pairs per iteration, then the rest, then the block's tree.
// CHECK: gpu.launch {{.*}} workgroup(%[[SV:.*]] : memref<256xf32, #gpu.address_space<workgroup>>, %[[SI:.*]] : memref<256xi64, #gpu.address_space<workgroup>>)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, i64, f32, i64, f32, i64, f32, i64)
// CHECK: scf.for {{.*}} -> (f32, i64)
// CHECK: memref.store %{{.*}}, %[[SV]]
// CHECK: gpu.barrier
// CHECK: scf.if %[[MULTI]] {
// CHECK: memref.store %{{.*}}, %[[PV]]
// CHECK: memref.store %{{.*}}, %[[PI]]
// CHECK: } else {
// CHECK: memref.load %{{.*}}[] : memref<f32>
// CHECK: memref.load %{{.*}}[] : memref<i64>
// CHECK: memref.store %{{.*}}[] : memref<f32>
// CHECK: memref.store %{{.*}}[] : memref<i64>
// Stage 2: the partials, the tree, the outputs.
// CHECK: gpu.launch {{.*}} workgroup(
// CHECK: memref.load %[[PV]]
// CHECK: memref.load %[[PI]]
// CHECK: gpu.barrier
// CHECK: memref.store %{{.*}}[] : memref<f32>
// CHECK: memref.store %{{.*}}[] : memref<i64>
// CHECK: memref.dealloc %[[PV]]
// CHECK: memref.dealloc %[[PI]]
// CHECK: } else {
// CHECK: gpu.launch
// CHECK-NOT: workgroup
// CHECK: scf.for
// CHECK-NOT: linalg.generic
func.func @argmax(%x: memref<?xf32>, %v: memref<f32>, %i: memref<i64>) {
  linalg.generic {indexing_maps = [#id, #scalar, #scalar], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%v, %i : memref<f32>, memref<i64>) {
  ^bb0(%in: f32, %acc: f32, %accIdx: i64):
    %d = linalg.index 0 : index
    %li = arith.index_cast %d : index to i64
    %gt = arith.cmpf ogt, %in, %acc : f32
    %xn = arith.cmpf uno, %in, %in : f32
    %an = arith.cmpf uno, %acc, %acc : f32
    %true = arith.constant true
    %notAn = arith.xori %an, %true : i1
    %nanWins = arith.andi %xn, %notAn : i1
    %better = arith.ori %gt, %nanWins : i1
    %eq = arith.cmpf oeq, %in, %acc : f32
    %bothNan = arith.andi %xn, %an : i1
    %same = arith.ori %eq, %bothNan : i1
    %earlier = arith.cmpi slt, %li, %accIdx : i64
    %tie = arith.andi %same, %earlier : i1
    %take = arith.ori %better, %tie : i1
    %nv = arith.select %take, %in, %acc : f32
    %ni = arith.select %take, %li, %accIdx {ndarray.arg_reduce = #ndarray<arg_reduce max>} : i64
    linalg.yield %nv, %ni : f32, i64
  }
  return
}

// -----

// Not marked: a thread per output.
// CHECK-LABEL: func @unmarked
// CHECK-NOT: arrayc_rt_gpu_resident_blocks
// CHECK: gpu.launch
// CHECK-NOT: workgroup
// CHECK: return
#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
func.func @unmarked(%x: memref<?xf32>, %v: memref<f32>, %i: memref<i64>) {
  linalg.generic {indexing_maps = [#id, #scalar, #scalar], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%v, %i : memref<f32>, memref<i64>) {
  ^bb0(%in: f32, %acc: f32, %accIdx: i64):
    %d = linalg.index 0 : index
    %li = arith.index_cast %d : index to i64
    %gt = arith.cmpf ogt, %in, %acc : f32
    %nv = arith.select %gt, %in, %acc : f32
    %ni = arith.select %gt, %li, %accIdx : i64
    linalg.yield %nv, %ni : f32, i64
  }
  return
}

// -----

// Tests an arg-reduction over many short rows (k-means' argmin over the
// distances to 64 centroids): besides the block kernels, G lanes per row
// when there are 32 or more rows of at most 1024 points (chosen at run time;
// G the power of two up to 32 nearest above R / 8): lane l folds points l,
// l + G, ..., then xor shuffles of the value and of the index (two 32-bit
// halves for the i64), each round behind `offset < G`, combine the lanes,
// with no shared memory; lane 0 of a group whose row exists stores both.
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func @argmin_rows
// CHECK: %[[LONG:.*]] = arith.cmpi ugt, %[[R:.*]], %c32
// CHECK: scf.if %[[LONG]] {
// CHECK: %[[WIDE:.*]] = arith.cmpi ugt, %[[R]], %c1024
// CHECK: %[[FEW:.*]] = arith.cmpi ult, %[[P:.*]], %c32
// CHECK: %[[BLOCKS:.*]] = arith.ori %[[WIDE]], %[[FEW]]
// CHECK: scf.if %[[BLOCKS]] {
// CHECK: workgroup(
// CHECK: memref.dealloc
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: } else {
// CHECK: %[[PER:.*]] = arith.ceildivui %[[R]], %c8
// CHECK: %[[G16:.*]] = arith.select %{{.*}}, %c16, %c32
// CHECK: %[[G:.*]] = arith.select %{{.*}}, %c1{{.*}}, %{{.*}} : index
// CHECK: gpu.launch
// CHECK-NOT: workgroup
// CHECK: scf.for {{.*}} step %[[G]] iter_args({{.*}}) -> (f32, i64)
// CHECK: arith.cmpi ult, %c16{{.*}}, %[[G]]
// CHECK-COUNT-3: gpu.shuffle  xor
// CHECK: arith.cmpi ult, %c1{{.*}}, %[[G]]
// CHECK-COUNT-3: gpu.shuffle  xor
// CHECK: scf.if
// CHECK: memref.store {{.*}} : memref<?xf32>
// CHECK: memref.store {{.*}} : memref<?xi64>
func.func @argmin_rows(%x: memref<?x?xf32>, %v: memref<?xf32>, %i: memref<?xi64>) {
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%v, %i : memref<?xf32>, memref<?xi64>) {
  ^bb0(%in: f32, %acc: f32, %accIdx: i64):
    %d = linalg.index 1 : index
    %li = arith.index_cast %d : index to i64
    %lt = arith.cmpf olt, %in, %acc : f32
    %eq = arith.cmpf oeq, %in, %acc : f32
    %earlier = arith.cmpi slt, %li, %accIdx : i64
    %tie = arith.andi %eq, %earlier : i1
    %take = arith.ori %lt, %tie : i1
    %nv = arith.select %take, %in, %acc : f32
    %ni = arith.select %take, %li, %accIdx {ndarray.arg_reduce = #ndarray<arg_reduce min>} : i64
    linalg.yield %nv, %ni : f32, i64
  }
  return
}
