// RUN: arrayc-opt %s --pass-pipeline="builtin.module(func.func(arrayc-register-accumulators))" | FileCheck %s

// A sum into an allocated element: carried by the loop, stored once after.
// CHECK-LABEL: func.func @sum
// CHECK: %[[OUT:.*]] = memref.alloc
// CHECK: %[[INIT:.*]] = memref.load %[[OUT]][]
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK-NEXT: %[[X:.*]] = memref.load %arg0
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[X]]
// CHECK-NEXT: scf.yield %[[S]]
// CHECK: memref.store %[[R]], %[[OUT]][]
func.func @sum(%x: memref<?xf32>) -> memref<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %out = memref.alloc() : memref<f32>
  scf.for %i = %c0 to %n step %c1 {
    %acc = memref.load %out[] : memref<f32>
    %v = memref.load %x[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    memref.store %s, %out[] : memref<f32>
  }
  return %out : memref<f32>
}

// Two reduction loops: the element is carried through both.
// CHECK-LABEL: func.func @nest
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<?xf32>
// CHECK: scf.for {{.*}} iter_args
// CHECK: scf.for {{.*}} iter_args
// CHECK-NOT: memref.store
// CHECK: scf.yield
// CHECK: scf.yield
// CHECK: memref.store
func.func @nest(%x: memref<?x?xf32>, %out: memref<?xf32>, %j: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %buf = memref.alloc(%n) : memref<?xf32>
  scf.for %a = %c0 to %n step %c1 {
    scf.for %b = %c0 to %n step %c1 {
      %acc = memref.load %buf[%j] : memref<?xf32>
      %v = memref.load %x[%a, %b] : memref<?x?xf32>
      %s = arith.addf %acc, %v : f32
      memref.store %s, %buf[%j] : memref<?xf32>
    }
  }
  memref.copy %buf, %out : memref<?xf32> to memref<?xf32>
  return
}

// Left in memory: an argument (it may be a view of %x), an allocation the
// loop also reads through another view, and a loop that calls a function.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: iter_args
// CHECK: return
func.func private @g()
func.func @kept(%x: memref<?xf32>, %arg: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %acc = memref.load %arg[] : memref<f32>
    %v = memref.load %x[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    memref.store %s, %arg[] : memref<f32>
  }
  %buf = memref.alloc(%n) : memref<?xf32>
  %view = memref.subview %buf[0] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1]>>
  scf.for %i = %c0 to %n step %c1 {
    %acc = memref.load %buf[%c0] : memref<?xf32>
    %v = memref.load %view[%c1] : memref<4xf32, strided<[1]>>
    %s = arith.addf %acc, %v : f32
    memref.store %s, %buf[%c0] : memref<?xf32>
  }
  %one = memref.alloc() : memref<f32>
  scf.for %i = %c0 to %n step %c1 {
    %acc = memref.load %one[] : memref<f32>
    func.call @g() : () -> ()
    %s = arith.addf %acc, %acc : f32
    memref.store %s, %one[] : memref<f32>
  }
  return
}
