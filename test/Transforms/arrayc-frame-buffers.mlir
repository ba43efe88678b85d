// RUN: arrayc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(arrayc-frame-buffers))' | FileCheck %s
// RUN: arrayc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(arrayc-frame-buffers{max-bytes=4}))' | FileCheck %s --check-prefix=SMALL

// A scalar loop's one-element temporaries: in the frame, allocated once, no
// dealloc; the loop body allocates nothing.
// CHECK-LABEL: func.func @scalar_loop
// CHECK-NEXT: %[[T:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1xf64>
// CHECK-NOT: memref.alloc(
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[T]][%c0]
// CHECK-NOT: memref.dealloc
// CHECK: return
// SMALL-LABEL: func.func @scalar_loop
// SMALL: scf.for
// SMALL: memref.alloc()
// SMALL: memref.dealloc
func.func @scalar_loop(%a: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    %t = memref.alloc() {alignment = 64 : i64} : memref<1xf64>
    %im1 = arith.subi %i, %c1 : index
    %x = memref.load %a[%im1] : memref<?xf64>
    memref.store %x, %t[%c0] : memref<1xf64>
    %y = memref.load %t[%c0] : memref<1xf64>
    memref.store %y, %a[%i] : memref<?xf64>
    memref.dealloc %t : memref<1xf64>
  }
  return
}

// -----

// Buffers that stay on the heap: a dynamic shape, one larger than
// max-bytes, one freed in another block, one never freed (returned), and
// one inside an OpenMP region.
// CHECK-LABEL: func.func @stay
// CHECK-NOT: memref.alloca
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloc() : memref<100xf32>
// CHECK: memref.alloc() : memref<2xf32>
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: omp.parallel
// CHECK: memref.alloc() : memref<1xf32>
func.func @stay(%n: index, %c: i1) -> memref<4xf32> {
  %d = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %d : memref<?xf32>
  %big = memref.alloc() : memref<100xf32>
  memref.dealloc %big : memref<100xf32>
  %other = memref.alloc() : memref<2xf32>
  scf.if %c {
    memref.dealloc %other : memref<2xf32>
  }
  %kept = memref.alloc() : memref<4xf32>
  omp.parallel {
    %t = memref.alloc() : memref<1xf32>
    memref.dealloc %t : memref<1xf32>
    omp.terminator
  }
  return %kept : memref<4xf32>
}

// -----

// Index elements count as 64 bits.
// CHECK-LABEL: func.func @indices
// CHECK-NEXT: memref.alloca() : memref<2xindex>
// SMALL-LABEL: func.func @indices
// SMALL: memref.alloc() : memref<2xindex>
func.func @indices(%i: index) -> index {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<2xindex>
  memref.store %i, %t[%c0] : memref<2xindex>
  %x = memref.load %t[%c0] : memref<2xindex>
  memref.dealloc %t : memref<2xindex>
  return %x : index
}

// -----

// A buffer whose size in bits overflows 64 bits stays on the heap (where
// its allocation fails with its line).
// CHECK-LABEL: func.func @huge
// CHECK-NOT: memref.alloca
// CHECK: memref.alloc() : memref<288230376151711744xf64>
func.func @huge() {
  %t = memref.alloc() : memref<288230376151711744xf64>
  memref.dealloc %t : memref<288230376151711744xf64>
  return
}
