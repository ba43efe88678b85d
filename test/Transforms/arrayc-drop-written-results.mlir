// RUN: arrayc-opt %s -arrayc-drop-written-results | FileCheck %s

// Tests that results marked ndarray.written_arg leave the function and its
// calls: an argument updated in place is returned no more, a written
// argument returned as another buffer is copied into first, a call's
// written result becomes the buffer it passed, and declared results stay.

// CHECK-LABEL: func.func @in_place(
// CHECK-SAME: %[[A:.*]]: memref<?xf64>) -> f64
// CHECK-NOT: memref.copy
// CHECK: return %{{.*}} : f64
func.func @in_place(%a: memref<?xf64>) -> (f64, memref<?xf64> {ndarray.written_arg = 0 : i64}) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<?xf64>
  %y = arith.addf %x, %x : f64
  memref.store %y, %a[%c0] : memref<?xf64>
  %cast = memref.cast %a : memref<?xf64> to memref<?xf64>
  return %y, %cast : f64, memref<?xf64>
}

// CHECK-LABEL: func.func @elsewhere(
// CHECK-SAME: %[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<4xf32>) {
// CHECK: memref.copy %[[B]], %[[A]]
// CHECK-NEXT: return
func.func @elsewhere(%a: memref<4xf32>, %b: memref<4xf32>) -> (memref<4xf32> {ndarray.written_arg = 0 : i64}) {
  return %b : memref<4xf32>
}

// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[X:.*]]: memref<?xf64>)
// CHECK: %[[S:.*]] = call @in_place(%[[X]]) : (memref<?xf64>) -> f64
// CHECK: memref.load %[[X]]
func.func @caller(%x: memref<?xf64>) -> f64 {
  %s, %r = call @in_place(%x) : (memref<?xf64>) -> (f64, memref<?xf64>)
  %c1 = arith.constant 1 : index
  %v = memref.load %r[%c1] : memref<?xf64>
  %t = arith.addf %s, %v : f64
  return %t : f64
}

// CHECK-LABEL: func.func @self_copy(
// CHECK-NOT: memref.copy
func.func @self_copy(%a: memref<?xf64>) {
  %cast = memref.cast %a : memref<?xf64> to memref<?xf64>
  memref.copy %cast, %a : memref<?xf64> to memref<?xf64>
  return
}
