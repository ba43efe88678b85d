// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s

// A 1-d cumsum as convert-ndarray-to-linalg emits it (the loop marked
// ndarray.scan), bufferized. Rows of at least 32 elements take a parallel
// scan. Rows of at most 512 a warp each (8 or 16 elements a lane, shuffles
// up and a broadcast of lane 31, no barrier); longer ones tile totals and
// their scan (only when there is more than one tile), then each tile's scan
// with shuffles and the warps' totals in shared memory; shorter rows keep
// the loop (a thread per row) and the fill of its running total.
// CHECK-LABEL: func @cumsum_1d
// CHECK: %[[N:.*]] = memref.dim %arg0, %c0
// CHECK: %[[TILES:.*]] = arith.ceildivui %[[N]], %c4096
// CHECK: arith.cmpi uge, %[[N]], %c32
// CHECK: scf.if
// CHECK: arith.cmpi ule, %[[N]], %c512
// CHECK: scf.if
// CHECK: arith.cmpi ule, %[[N]], %c256
// CHECK: scf.if
// CHECK: gpu.launch
// CHECK-COUNT-8: gpu.shuffle idx
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.*}}, %arg1
// CHECK: } else {
// CHECK: gpu.launch
// CHECK-COUNT-16: gpu.shuffle idx
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.*}}, %arg1
// CHECK: } else {
// CHECK: %[[TOTALS:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[SEVERAL:.*]] = arith.cmpi ugt, %[[TILES]], %c1{{.*}} : index
// CHECK: scf.if %[[SEVERAL]]
// CHECK: gpu.launch
// CHECK-COUNT-5: gpu.shuffle up
// CHECK: gpu.shuffle idx
// CHECK: memref.store %{{.*}}, %[[TOTALS]]
// CHECK: scf.if %[[SEVERAL]]
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[TILES]] step %c4096{{.*}} iter_args
// CHECK: memref.load %[[TOTALS]]
// CHECK: memref.store %{{.*}}, %[[TOTALS]]
// CHECK: gpu.launch
// CHECK: memref.load %[[TOTALS]]
// CHECK: memref.load %arg0
// CHECK: gpu.shuffle up
// CHECK: memref.store %{{.*}}, %arg1
// CHECK: memref.dealloc %[[TOTALS]]
// CHECK: } else {
// CHECK: memref.store %cst{{.*}}, %[[TOTAL0:.*]][]
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: } {ndarray.scan}
// CHECK: return
func.func @cumsum_1d(%x: memref<?xf32>, %out: memref<?xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %tmp = memref.alloc() : memref<f32>
  %total = memref.alloc() : memref<f32>
  linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%total : memref<f32>) {
  ^bb0(%o: f32):
    linalg.yield %cst : f32
  }
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %k = %c0 to %n step %c1 {
    %xs = memref.subview %x[%k] [1] [1] : memref<?xf32> to memref<f32, strided<[], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%xs : memref<f32, strided<[], offset: ?>>) outs(%total, %tmp : memref<f32>, memref<f32>) {
    ^bb0(%in: f32, %t: f32, %o: f32):
      %s = arith.addf %in, %t : f32
      linalg.yield %s, %s : f32, f32
    }
    %os = memref.subview %out[%k] [1] [1] : memref<?xf32> to memref<f32, strided<[], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%tmp : memref<f32>) outs(%os : memref<f32, strided<[], offset: ?>>) {
    ^bb0(%in: f32, %o: f32):
      linalg.yield %in : f32
    }
  } {ndarray.scan}
  memref.dealloc %tmp : memref<f32>
  memref.dealloc %total : memref<f32>
  return
}

// -----

// A cumprod of i64 along the last axis of a 2-d array: a row per leading
// index; 64-bit values cross lanes as two 32-bit shuffles.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func @cumprod_rows
// CHECK: %[[ROWS:.*]] = memref.dim %arg2, %c0
// CHECK: scf.if
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} iter_args
// CHECK: gpu.shuffle up %{{.*}} : i32
// CHECK: gpu.shuffle up %{{.*}} : i32
// CHECK: arith.muli %{{.*}} : i64
// CHECK: } else {
// CHECK: } {ndarray.scan}
func.func @cumprod_rows(%x: memref<?x?xi64>, %total: memref<?xi64>, %out: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %x, %c0 : memref<?x?xi64>
  %n = memref.dim %x, %c1 : memref<?x?xi64>
  scf.for %k = %c0 to %n step %c1 {
    %xs = memref.subview %x[0, %k] [%r, 1] [1, 1] : memref<?x?xi64> to memref<?xi64, strided<[?], offset: ?>>
    %os = memref.subview %out[0, %k] [%r, 1] [1, 1] : memref<?x?xi64> to memref<?xi64, strided<[?], offset: ?>>
    linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%xs : memref<?xi64, strided<[?], offset: ?>>) outs(%total, %os : memref<?xi64>, memref<?xi64, strided<[?], offset: ?>>) {
    ^bb0(%in: i64, %t: i64, %o: i64):
      %p = arith.muli %in, %t : i64
      linalg.yield %p, %p : i64, i64
    }
  } {ndarray.scan}
  return
}

// -----

// Along a leading axis, with running totals the caller passes in (their last
// values are read after the loop, so the chunked scan is not taken), the loop
// stays, a thread per column; so does an unmarked loop.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func @cumsum_axis0
// CHECK-NOT: gpu.shuffle
// CHECK: return
func.func @cumsum_axis0(%x: memref<?x?xf32>, %total: memref<?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  scf.for %k = %c0 to %r step %c1 {
    %xs = memref.subview %x[%k, 0] [1, %n] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    %os = memref.subview %out[%k, 0] [1, %n] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%xs : memref<?xf32, strided<[1], offset: ?>>) outs(%total, %os : memref<?xf32>, memref<?xf32, strided<[1], offset: ?>>) {
    ^bb0(%in: f32, %t: f32, %o: f32):
      %s = arith.addf %in, %t : f32
      linalg.yield %s, %s : f32, f32
    }
  } {ndarray.scan}
  return
}

// CHECK-LABEL: func @unmarked
// CHECK-NOT: gpu.shuffle
// CHECK: return
func.func @unmarked(%x: memref<?xf32>, %total: memref<f32>, %out: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %k = %c0 to %n step %c1 {
    %xs = memref.subview %x[%k] [1] [1] : memref<?xf32> to memref<f32, strided<[], offset: ?>>
    %os = memref.subview %out[%k] [1] [1] : memref<?xf32> to memref<f32, strided<[], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%xs : memref<f32, strided<[], offset: ?>>) outs(%total, %os : memref<f32>, memref<f32, strided<[], offset: ?>>) {
    ^bb0(%in: f32, %t: f32, %o: f32):
      %s = arith.addf %in, %t : f32
      linalg.yield %s, %s : f32, f32
    }
  }
  return
}

// -----

// The scan's input made by a generic without inputs (np.arange(n) % 7): not
// a fill of a running total, so it stays before the scan (the parallel scan
// reads it).
// CHECK-LABEL: func @cumsum_of_computed
// CHECK: %[[IN:.*]] = memref.alloc(%arg1)
// CHECK: gpu.launch
// CHECK: arith.remui
// CHECK: memref.store %{{.*}}, %[[IN]][
// CHECK: scf.if
// CHECK: gpu.launch
// CHECK: memref.load %[[IN]]
// CHECK: } {ndarray.scan}
func.func @cumsum_of_computed(%out: memref<?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %in = memref.alloc(%n) : memref<?xi64>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%in : memref<?xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %r = arith.remui %i, %c7 : index
    %v = arith.index_cast %r : index to i64
    linalg.yield %v : i64
  }
  %total = memref.alloc() : memref<i64>
  scf.for %k = %c0 to %n step %c1 {
    %xs = memref.subview %in[%k] [1] [1] : memref<?xi64> to memref<i64, strided<[], offset: ?>>
    %os = memref.subview %out[%k] [1] [1] : memref<?xi64> to memref<i64, strided<[], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%xs : memref<i64, strided<[], offset: ?>>) outs(%total, %os : memref<i64>, memref<i64, strided<[], offset: ?>>) {
    ^bb0(%x: i64, %t: i64, %o: i64):
      %s = arith.addi %x, %t : i64
      linalg.yield %s, %s : i64, i64
    }
  } {ndarray.scan}
  memref.dealloc %in : memref<?xi64>
  memref.dealloc %total : memref<i64>
  return
}

// -----

// `M.cumsum(axis=0)` as the pipeline bufferizes it: the loop steps over the
// rows, each step combining a whole row into the running totals. It is cut
// into S chunks of L rows (one wave of threads over the columns, from the
// resident blocks): each chunk's totals, their exclusive scan per column in
// place, then each chunk's scan seeded with it, all on flat views with
// consecutive threads on consecutive columns. One chunk keeps the loop and
// the fill of its running totals (mapped as before: the fill, then the loop
// sunk into a kernel, a thread per column).
// CHECK-LABEL: func @cumsum_axis0
// CHECK: call @arrayc_rt_gpu_resident_blocks
// CHECK: %[[L:.*]] = arith.ceildivui %[[N:dim[_0-9]*]], %{{.*}} : index
// CHECK: %[[S:.*]] = arith.ceildivui %[[N]], %{{.*}} : index
// CHECK: scf.if
// CHECK: %[[TOTALS:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK: %[[IN:.*]] = memref.collapse_shape %arg0
// CHECK: %[[OUT:.*]] = memref.collapse_shape %arg1
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: memref.load %[[IN]]
// CHECK: arith.addi
// CHECK: memref.store %{{.*}}, %[[TOTALS]]
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %[[S]]
// CHECK: memref.load %[[TOTALS]]
// CHECK: memref.store %{{.*}}, %[[TOTALS]]
// CHECK: gpu.launch
// CHECK: memref.load %[[TOTALS]]
// CHECK: scf.for
// CHECK: memref.load %[[IN]]
// CHECK: memref.store %{{.*}}, %[[OUT]]
// CHECK: memref.dealloc %[[TOTALS]]
// CHECK: } else {
// CHECK: gpu.launch
// CHECK: memref.store %c0{{.*}}, %[[TOTAL:.*]][
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[TOTAL]][
// CHECK: return
#row = affine_map<(d0) -> (d0)>
func.func @cumsum_axis0(%x: memref<?x?xi64>, %out: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %x, %c0 : memref<?x?xi64>
  %m = memref.dim %x, %c1 : memref<?x?xi64>
  %total = memref.alloc(%m) : memref<?xi64>
  linalg.generic {indexing_maps = [#row], iterator_types = ["parallel"]} outs(%total : memref<?xi64>) {
  ^bb0(%o: i64):
    linalg.yield %zero : i64
  }
  scf.for %k = %c0 to %n step %c1 {
    %xs = memref.subview %x[%k, 0] [1, %m] [1, 1] : memref<?x?xi64> to memref<?xi64, strided<[1], offset: ?>>
    %os = memref.subview %out[%k, 0] [1, %m] [1, 1] : memref<?x?xi64> to memref<?xi64, strided<[1], offset: ?>>
    linalg.generic {indexing_maps = [#row, #row, #row], iterator_types = ["parallel"]} ins(%xs : memref<?xi64, strided<[1], offset: ?>>) outs(%total, %os : memref<?xi64>, memref<?xi64, strided<[1], offset: ?>>) {
    ^bb0(%in: i64, %t: i64, %o: i64):
      %s = arith.addi %in, %t : i64
      linalg.yield %s, %s : i64, i64
    }
  } {ndarray.scan}
  memref.dealloc %total : memref<?xi64>
  return
}
