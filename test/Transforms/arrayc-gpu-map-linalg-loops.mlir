// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s

// A scan's step loop (as convert-ndarray-to-linalg emits it, bufferized): each
// step combines column k of x into the running total and writes column k of
// the output. Every point (row) only touches its own elements, so the loop
// runs inside one kernel, a thread per row, instead of a launch per step
// (behind a check that the steps' sizes agree, folded away when they are
// provably equal; the else branch keeps the loop of launches).
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func @scan_rows
// CHECK: gpu.launch
// CHECK: scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: memref.subview %arg0[0, %[[K]]]
// CHECK: %[[OS:.*]] = memref.subview %arg2[0, %[[K]]]
// CHECK: memref.load %{{.*}}[%[[P]]]
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %arg1[%[[P]]]
// CHECK: memref.store %{{.*}}, %[[OS]][%[[P]]]
// CHECK: gpu.terminator
// CHECK: } else {
// CHECK: scf.for
// CHECK: gpu.launch
// CHECK: return
func.func @scan_rows(%x: memref<?x?xf32>, %total: memref<?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  scf.for %k = %c0 to %n step %c1 {
    %xs = memref.subview %x[0, %k] [%r, 1] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[?], offset: ?>>
    %os = memref.subview %out[0, %k] [%r, 1] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[?], offset: ?>>
    linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%xs : memref<?xf32, strided<[?], offset: ?>>) outs(%total, %os : memref<?xf32>, memref<?xf32, strided<[?], offset: ?>>) {
    ^bb0(%a: f32, %t: f32, %o: f32):
      %s = arith.addf %a, %t : f32
      linalg.yield %s, %s : f32, f32
    }
  }
  return
}

// -----

// Steps that read row k and write column k of one buffer: a point's elements
// are not its own across steps, so the loop stays on the host, a launch per
// step.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func @row_and_column
// CHECK-NOT: gpu.launch
// CHECK: scf.for %[[K:.*]] = %c1
// CHECK: memref.subview %arg0[%[[K]], 0]
// CHECK: gpu.launch
// CHECK: return
func.func @row_and_column(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  scf.for %k = %c1 to %n step %c1 {
    %row = memref.subview %a[%k, 0] [1, %n] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    %col = memref.subview %a[0, %k] [%n, 1] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[?], offset: ?>>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%row : memref<?xf32, strided<[1], offset: ?>>) outs(%col : memref<?xf32, strided<[?], offset: ?>>) {
    ^bb0(%v: f32, %o: f32):
      linalg.yield %v : f32
    }
  }
  return
}

// -----

// A step loop with a temporary allocated and freed in each step (what the
// deallocation pipeline leaves): still one kernel; the allocation is hoisted
// before the loop and its release moves after the whole construct (the else
// branch's loop of launches included), once.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func @scan_with_temp
// CHECK: %[[T:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: scf.if
// CHECK: gpu.launch
// CHECK-NOT: memref.dealloc
// CHECK: } else {
// CHECK: scf.for
// CHECK-NOT: memref.dealloc
// CHECK: }
// CHECK: memref.dealloc %[[T]]
// CHECK-NEXT: return
func.func @scan_with_temp(%x: memref<?x?xf32>, %total: memref<?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  scf.for %k = %c0 to %n step %c1 {
    %xs = memref.subview %x[0, %k] [%r, 1] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[?], offset: ?>>
    %t = memref.alloc(%r) : memref<?xf32>
    linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%xs : memref<?xf32, strided<[?], offset: ?>>) outs(%total, %t : memref<?xf32>, memref<?xf32>) {
    ^bb0(%a: f32, %tt: f32, %o: f32):
      %s = arith.addf %a, %tt : f32
      linalg.yield %s, %s : f32, f32
    }
    %os = memref.subview %out[0, %k] [%r, 1] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[?], offset: ?>>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%t : memref<?xf32>) outs(%os : memref<?xf32, strided<[?], offset: ?>>) {
    ^bb0(%a: f32, %o: f32):
      linalg.yield %a : f32
    }
    memref.dealloc %t : memref<?xf32>
  }
  return
}
