// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s

#id = affine_map<(d0) -> (d0)>
// Tests that an elementwise generic over whole buffers becomes a 16-byte
// vector kernel (4 x f32 per access, scalar tail) when a run-time check finds
// every buffer 16-byte aligned, else a scalar grid-stride kernel; both are
// 256-thread blocks guarded against empty input.
// CHECK-LABEL: func @elementwise
// CHECK: %[[N:.*]] = memref.dim
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: arith.remui %{{.*}}, %c16
// CHECK: arith.andi
// CHECK: arith.andi
// CHECK: %[[ALIGNED:.*]] = arith.andi
// CHECK-NEXT: scf.if %[[ALIGNED]] {
// CHECK: %[[GROUPS:.*]] = arith.divui %{{.*}}, %c4
// CHECK: gpu.launch
// CHECK: scf.for %[[G:.*]] = %{{.*}} to %[[GROUPS]] step
// CHECK: %[[BASE:.*]] = arith.muli %[[G]], %c4
// CHECK: vector.load %{{.*}}[%[[BASE]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-COUNT-4: arith.subf
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[BASE]]] {alignment = 16 : i64}
// CHECK: scf.for
// CHECK: arith.subf
// CHECK: } else {
// CHECK: %[[BLOCKS:.*]] = arith.ceildivui %{{.*}}, %c256
// CHECK: %[[GRID:.*]] = arith.minui %[[BLOCKS]], %c65536
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[GRID]], {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}}
// CHECK: memref.load %{{.*}}[%[[I]]]
// CHECK: arith.subf
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NOT: linalg.generic
func.func @elementwise(%x: memref<?xf32>, %y: memref<?xf32>, %o: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  }
  return
}

// -----

#row = affine_map<(d0, d1) -> (d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// Tests that a broadcast operand (a non-identity map) keeps the scalar kernel,
// which delinearizes the flat index into (row, column).
// CHECK-LABEL: func @broadcast_add
// CHECK-NOT: vector.load
// CHECK: gpu.launch
// CHECK: arith.remui
// CHECK: arith.divui
// CHECK: arith.addf
func.func @broadcast_add(%x: memref<?x?xf32>, %b: memref<?xf32>, %o: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<?x?xf32>, memref<?xf32>) outs(%o : memref<?x?xf32>) {
  ^bb0(%a: f32, %c: f32, %d: f32):
    %e = arith.addf %a, %c : f32
    linalg.yield %e : f32
  }
  return
}

// -----

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
// Tests the one-kernel reduction: each block accumulates in 4 independent
// chains (then a remainder loop), then xor shuffles within each warp
// (offsets 16..1), warp results through shared memory, shuffles again in
// warp 0. A row with one slice (S = 1) stores its output at once; else the
// block writes its partial (rows padded to 128 partials), fences, counts
// itself in the runtime's counter of its row, and the last block to arrive
// combines the partials, stores the output and zeroes the counter.
// CHECK-LABEL: func @row_sum
// CHECK: %[[PARTIAL:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[CTR:.*]] = func.call @arrayc_rt.gpu_counters(%{{.*}}) : (i64) -> memref<?xi32>
// CHECK: gpu.launch {{.*}} workgroup(%[[SMEM:.*]] : memref<256xf32, #gpu.address_space<workgroup>>, %[[FLAG:.*]] : memref<1xi32, #gpu.address_space<workgroup>>)
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK-COUNT-4: arith.addf
// CHECK: scf.for {{.*}} iter_args
// CHECK: arith.addf
// CHECK: gpu.barrier
// CHECK: gpu.shuffle  xor %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK: gpu.shuffle  xor
// CHECK: gpu.shuffle  xor
// CHECK: gpu.shuffle  xor
// CHECK: gpu.shuffle  xor
// CHECK: memref.store %{{.*}}, %[[SMEM]]
// CHECK: gpu.barrier
// CHECK: arith.cmpi ult, %{{.*}}, %c8
// CHECK: memref.load %[[SMEM]]
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK: %[[SINGLE:.*]] = arith.cmpi eq, %{{.*}}, %c1
// CHECK: scf.if %[[SINGLE]] {
// CHECK: memref.store %{{.*}}, %arg1[
// CHECK: } else {
// CHECK: memref.store %{{.*}}, %[[PARTIAL]]
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// CHECK: %[[OLD:.*]] = memref.atomic_rmw addi %{{.*}}, %[[CTR]][%{{.*}}] : (i32, memref<?xi32>) -> i32
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[OLD]]
// CHECK: %[[BIT:.*]] = arith.extui %[[LAST]] : i1 to i32
// CHECK: memref.store %[[BIT]], %[[FLAG]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[FLAG]]
// CHECK: nvvm.memory.barrier <gpu>
// CHECK: memref.load %[[PARTIAL]]
// CHECK: memref.store %{{.*}}, %arg1[
// CHECK: memref.store %c0_i32{{.*}}, %[[CTR]]
// The same kernel with scalar loads, for misaligned rows; no second kernel.
// CHECK: } else {
// CHECK: gpu.launch
// CHECK-NOT: gpu.launch
// CHECK: memref.dealloc %[[PARTIAL]]
func.func @row_sum(%x: memref<?x?xf32>, %o: memref<?xf32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
// Tests a full max reduction: the identity is -inf and max stays NaN-propagating.
// CHECK-LABEL: func @full_max
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: arith.maximumf
func.func @full_max(%x: memref<?xf32>, %o: memref<f32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%o : memref<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.maximumf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
// Tests the slices of a full reduction: at least 16 points a thread (4096
// a block of 256) when each point is cheap (@full_max above), 2 (512 a
// block) when it costs two transcendental functions or divisions (a
// log-likelihood's logs): more blocks share the arithmetic.
// CHECK-LABEL: func @costly_sum
// CHECK: %[[N:.*]] = memref.dim %arg0, %c0
// CHECK: %[[R:.*]] = arith.muli %{{.*}}, %[[N]] : index
// CHECK: arith.ceildivui %[[R]], %c512
// CHECK: math.log
func.func @costly_sum(%x: memref<?xf64>, %o: memref<f64>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<?xf64>) outs(%o : memref<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %l = math.log %a : f64
    %q = arith.divf %l, %a : f64
    %s = arith.addf %q, %acc : f64
    linalg.yield %s : f64
  }
  return
}

// -----

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
// Tests that a reduction with an unrecognized combiner runs one thread per
// output with a sequential inner loop.
// CHECK-LABEL: func @odd_reduction
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: scf.for
// CHECK: arith.subf
func.func @odd_reduction(%x: memref<?x?xf32>, %o: memref<?xf32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.subf %acc, %a : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d1)>
// Tests that a reduction along the outer axis (column sums) runs one thread
// per output with the reduction in a register: coalesced reads, no tree.
// When outputs are too few to fill the device (S > 1 slices, from the
// resident blocks), block (g, s) takes columns g*32 + lane and its warp w
// rows s*8 + w, s*8 + w + 8*S, ... with four accumulators; the 8 warps'
// partials of a column combine in shared memory into partial[s * P + j],
// then a thread per column adds its S partials and the output's old value.
// CHECK-LABEL: func @column_sum
// CHECK: call @arrayc_rt_gpu_resident_blocks
// CHECK: %[[S:.*]] = arith.maxui %c1{{.*}}, %{{.*}} : index
// CHECK: %[[SPLIT:.*]] = arith.cmpi ugt, %[[S]]
// CHECK: scf.if %[[SPLIT]] {
// CHECK: %[[PART:.*]] = memref.alloc
// CHECK: gpu.launch {{.*}} workgroup(%[[SMEM:.*]] : memref<256xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[COL:.*]] = arith.minui
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK: memref.load %{{.*}}[%[[R]], %[[COL]]]
// CHECK: memref.store %{{.*}}, %[[SMEM]]
// CHECK: gpu.barrier
// CHECK-COUNT-8: memref.load %[[SMEM]]
// CHECK: memref.store %{{.*}}, %[[PART]]
// CHECK: gpu.launch
// CHECK: scf.for %[[J2:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK: memref.load %[[PART]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[J2]]]
// CHECK: memref.dealloc %[[PART]]
// CHECK: } else {
// CHECK-NOT: workgroup
// CHECK: gpu.launch
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[I:.*]] = %c0{{.*}} to %{{.*}} step %c1{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK: arith.addf %{{.*}}, %[[ACC]]
// CHECK: scf.yield
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[J]]]
func.func @column_sum(%x: memref<?x?xf32>, %o: memref<?xf32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<?x?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#xt = affine_map<(d0, d1) -> (d1, d0)>
#vr = affine_map<(d0, d1) -> (d1)>
#oc = affine_map<(d0, d1) -> (d0)>
// Tests that `X.T @ v` (column j of the output folds X[i, j] * v[i] over the
// rows i) runs a thread per output like a column sum: X, the only input
// spanning every loop, is contiguous along the outputs; v is the same element
// for a warp's threads. Not a block per output, which would read X one
// strided element per thread.
// CHECK-LABEL: func @transposed_matvec
// CHECK: call @arrayc_rt_gpu_resident_blocks
// CHECK: gpu.launch
// CHECK: %[[COL:.*]] = arith.minui
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK: memref.load %{{.*}}[%[[R]], %[[COL]]] : memref<?x?xf64>
// CHECK: memref.load %{{.*}}[%[[R]]] : memref<?xf64>
// CHECK: } else {
// CHECK-NOT: workgroup
// CHECK: return
func.func @transposed_matvec(%x: memref<?x?xf64>, %v: memref<?xf64>, %o: memref<?xf64>) {
  linalg.generic {indexing_maps = [#xt, #vr, #oc], iterator_types = ["parallel", "reduction"]}
      ins(%x, %v : memref<?x?xf64>, memref<?xf64>) outs(%o : memref<?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %m = arith.mulf %a, %b : f64
    %s = arith.addf %m, %acc : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// Tests the broadcast vector kernel: a[i] - p[i, j] + b[j] (the pairwise
// distance's epilogue). Behind a run-time check (innermost size a multiple
// of 4, the streamed and inner buffers aligned) each thread takes groups of
// 4 points: p and the output 16 bytes at a time at the group's flat offset,
// b 16 bytes at a time at that offset modulo its size, a[i] one load per
// group; else the scalar kernel.
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func @broadcast_epilogue
// CHECK: arith.remui %{{.*}}, %c4
// CHECK: scf.if
// CHECK: gpu.launch
// CHECK: %[[BASE:.*]] = arith.muli %{{.*}}, %c4
// CHECK: memref.load %arg0[
// CHECK: vector.load %{{.*}}[%[[BASE]]] {{.*}}: memref<?xf32>, vector<4xf32>
// CHECK: %[[J:.*]] = arith.remui %[[BASE]], %{{.*}} : index
// CHECK: vector.load %arg2[%[[J]]] {{.*}}: memref<?xf32>, vector<4xf32>
// CHECK-COUNT-4: arith.subf
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[BASE]]] {{.*}}: memref<?xf32>, vector<4xf32>
// CHECK: } else {
// CHECK: gpu.launch
// CHECK: return
func.func @broadcast_epilogue(%a: memref<?xf32>, %p: memref<?x?xf32>, %b: memref<?xf32>,
                              %o: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#row, #id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %p, %b : memref<?xf32>, memref<?x?xf32>, memref<?xf32>) outs(%o : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %out: f32):
    %d = arith.subf %x, %y : f32
    %s = arith.addf %d, %z : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Tests a reduction over many short rows (k-means' squared distances, 64
// points a row): besides the block kernel, G lanes per row (8 for rows of
// 64) when there are 32 or more rows of at most 1024 points (chosen at run
// time): lane l folds points l, l + G, ... with four accumulators, xor
// shuffles behind `offset < G` combine the lanes, no shared memory, and
// lane 0 of a group whose row exists stores it.
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func @row_sums
// CHECK: %[[LONG:.*]] = arith.cmpi ugt, %[[R:.*]], %c32
// CHECK: scf.if %[[LONG]] {
// CHECK: %[[WIDE:.*]] = arith.cmpi ugt, %[[R]], %c1024
// CHECK: %[[FEW:.*]] = arith.cmpi ult, %[[P:.*]], %c32
// CHECK: %[[BLOCKS:.*]] = arith.ori %[[WIDE]], %[[FEW]]
// CHECK: scf.if %[[BLOCKS]] {
// CHECK: workgroup(
// CHECK: memref.dealloc
// CHECK-NEXT: } else {
// CHECK: gpu.launch
// CHECK-NOT: workgroup
// CHECK: scf.for {{.*}} -> (f32, f32, f32, f32)
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK: scf.if
// CHECK: memref.store {{.*}} : memref<?xf32>
// CHECK: gpu.terminator
func.func @row_sums(%x: memref<?x?xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}
