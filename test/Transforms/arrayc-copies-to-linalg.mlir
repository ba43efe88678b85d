// RUN: arrayc-opt %s -pass-pipeline='builtin.module(func.func(arrayc-copies-to-linalg))' -split-input-file | FileCheck %s --check-prefixes=ALL,CHECK
// RUN: arrayc-opt %s -pass-pipeline='builtin.module(func.func(arrayc-copies-to-linalg{strided-only}))' -split-input-file | FileCheck %s --check-prefixes=ALL,STRIDED

// Tests that a contiguous copy becomes a linalg generic (for the GPU), but
// stays memref.copy (memcpy) with strided-only (the CPU).
// ALL-LABEL: func @contiguous
// CHECK-NOT: memref.copy
// CHECK: linalg.generic
// STRIDED: memref.copy
// STRIDED-NOT: linalg.generic
func.func @contiguous(%a: memref<?xf32>, %b: memref<?xf32>) {
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  return
}

// -----

// Tests that a copy into a strided subview becomes a generic in both modes
// (on the CPU it would otherwise call memrefCopy of the C runner utils).
// ALL-LABEL: func @strided
// ALL-NOT: memref.copy
// ALL: linalg.generic
func.func @strided(%a: memref<?xf32>, %b: memref<?x?xf32>, %k: index, %n: index) {
  %s = memref.subview %b[%k, 0] [1, %n] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
  memref.copy %a, %s : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  return
}
