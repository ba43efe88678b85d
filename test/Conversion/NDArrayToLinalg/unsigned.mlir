// RUN: arrayc-opt %s -convert-ndarray-to-linalg -split-input-file | FileCheck %s

// Tests that unsigned element types pick the unsigned arith ops and leave no
// unsigned type behind: signatures, generics and constants become signless.
// CHECK-LABEL: func @floordiv_mod
// CHECK-SAME: (%{{.*}}: tensor<4xi8>, %{{.*}}: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>)
// CHECK: linalg.generic
// CHECK: arith.cmpi eq
// CHECK: arith.divui
// CHECK-NOT: arith.divsi
// CHECK: linalg.generic
// CHECK: arith.remui
// CHECK-NOT: ui8
func.func @floordiv_mod(%x: tensor<4xui8>, %y: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>) {
  %q = ndarray.floordiv %x, %y : tensor<4xui8>
  %r = ndarray.mod %x, %y : tensor<4xui8>
  return %q, %r : tensor<4xui8>, tensor<4xui8>
}

// -----

// Tests that ordering comparisons of unsigned values are unsigned.
// CHECK-LABEL: func @compare
// CHECK: arith.cmpi ult
// CHECK: arith.cmpi uge
func.func @compare(%x: tensor<4xui32>, %y: tensor<4xui32>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = ndarray.compare lt, %x, %y : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  %1 = ndarray.compare ge, %x, %y : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// Tests that `>>` of an unsigned value is a logical shift.
// CHECK-LABEL: func @shr
// CHECK: arith.shrui
// CHECK-NOT: arith.shrsi
func.func @shr(%x: tensor<4xui16>, %y: tensor<4xui16>) -> tensor<4xui16> {
  %0 = ndarray.shr %x, %y : tensor<4xui16>
  return %0 : tensor<4xui16>
}

// -----

// Tests unsigned casts: widening zero-extends, to float is uitofp, from float
// goes through i64 then truncates, and same-width signedness changes are free.
// CHECK-LABEL: func @casts
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.uitofp %{{.*}} : i8 to f32
// CHECK: arith.fptosi %{{.*}} : f32 to i64
// CHECK: arith.trunci %{{.*}} : i64 to i8
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT: linalg.yield %[[IN]] : i8
func.func @casts(%x: tensor<4xui8>, %f: tensor<4xf32>)
    -> (tensor<4xi32>, tensor<4xf32>, tensor<4xui8>, tensor<4xi8>) {
  %0 = ndarray.cast %x : tensor<4xui8> to tensor<4xi32>
  %1 = ndarray.cast %x : tensor<4xui8> to tensor<4xf32>
  %2 = ndarray.cast %f : tensor<4xf32> to tensor<4xui8>
  %3 = ndarray.cast %x : tensor<4xui8> to tensor<4xi8>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xf32>, tensor<4xui8>, tensor<4xi8>
}

// -----

// Tests that a float converts to u64 unsigned from 2^63 up.
// CHECK-LABEL: func @to_u64
// CHECK: arith.fptosi %{{.*}} : f64 to i64
// CHECK: arith.cmpf oge
// CHECK: arith.fptoui %{{.*}} : f64 to i64
// CHECK: arith.select
func.func @to_u64(%f: tensor<4xf64>) -> tensor<4xui64> {
  %0 = ndarray.cast %f : tensor<4xf64> to tensor<4xui64>
  return %0 : tensor<4xui64>
}

// -----

// Tests unsigned max/min and a max reduction starting from 0 (the unsigned
// minimum), with a constant that keeps its bits (200 prints as i8 -56).
// CHECK-LABEL: func @max_reduce
// CHECK: arith.constant dense<-56> : tensor<4xi8>
// CHECK: arith.maxui
// CHECK: arith.minui
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: linalg.fill ins(%[[ZERO]] : i8)
// CHECK: linalg.reduce
// CHECK: arith.maxui
func.func @max_reduce(%x: tensor<4xui8>) -> tensor<ui8> {
  %c = ndarray.constant dense<200> : tensor<4xui8>
  %0 = ndarray.max %x, %c : tensor<4xui8>
  %1 = ndarray.min %0, %c : tensor<4xui8>
  %2 = ndarray.reduce max %1 [0] : tensor<4xui8> -> tensor<ui8>
  return %2 : tensor<ui8>
}

// -----

// Tests that abs of an unsigned value is the value itself.
// CHECK-LABEL: func @abs
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i16, %{{.*}}: i16):
// CHECK-NEXT: linalg.yield %[[IN]] : i16
func.func @abs(%x: tensor<4xui16>) -> tensor<4xui16> {
  %0 = ndarray.abs %x : tensor<4xui16>
  return %0 : tensor<4xui16>
}

// -----

// Tests that host ops keep their unsigned types for convert-ndarray-to-runtime,
// bridged to the signless values by unrealized casts.
// CHECK-LABEL: func @host
// CHECK: %[[L:.*]] = ndarray.load "x.npy" : tensor<4xui8>
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %[[L]] : tensor<4xui8> to tensor<4xi8>
// CHECK: %[[U:.*]] = builtin.unrealized_conversion_cast %[[S]] : tensor<4xi8> to tensor<4xui8>
// CHECK: ndarray.print %[[U]] [0] : tensor<4xui8>
// CHECK: return %[[S]] : tensor<4xi8>
func.func @host() -> tensor<4xui8> {
  %0 = ndarray.load "x.npy" : tensor<4xui8>
  ndarray.print %0 [0] : tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// Tests that loop-carried unsigned values and scf results become signless.
// CHECK-LABEL: func @loop
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<4xi32>)
// CHECK-NOT: ui32
func.func @loop(%x: tensor<4xui32>, %n: index) -> tensor<4xui32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<4xui32>) {
    %s = ndarray.add %acc, %x : tensor<4xui32>
    scf.yield %s : tensor<4xui32>
  }
  return %r : tensor<4xui32>
}
