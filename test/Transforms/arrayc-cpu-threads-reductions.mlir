// RUN: arrayc-opt %s --split-input-file --arrayc-cpu-threads | FileCheck %s
// RUN: arrayc-opt %s --split-input-file --arrayc-cpu-threads=min-iterations=0 | FileCheck %s --check-prefix=OFF

// A whole-array sum (reassociable): 64 chunks on threads when the loop has
// the minimum work, each from the identity (-0.0), then combined in order
// from the loop's initial value; the loop as it was below the minimum.
// CHECK-LABEL: func.func @sum
// CHECK: %[[PARTIALS:.*]] = memref.alloca() : memref<64xf32>
// CHECK: %[[N:.*]] = arith.maxsi
// CHECK: %[[BIG:.*]] = arith.cmpi sge, %[[N]], %{{.*}} : index
// CHECK: %[[T:.*]] = call @arrayc_rt_num_threads()
// CHECK: %[[R:.*]] = scf.if %[[BIG]] -> (f32) {
// CHECK: %[[CHUNK:.*]] = arith.ceildivsi %[[N]], %c64
// CHECK: %[[COUNT:.*]] = arith.ceildivsi %[[N]], %[[CHUNK]]
// CHECK: %[[ID:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: omp.parallel num_threads(%[[T]] : i32) {
// CHECK-NEXT: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%[[C:.*]]) : index = (%{{.*}}) to (%[[COUNT]])
// CHECK: %[[P:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args(%{{.*}} = %[[ID]]) -> (f32)
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc>
// CHECK: memref.store %[[P]], %[[PARTIALS]][%[[C]]]
// CHECK: omp.terminator
// CHECK: %[[F:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[COUNT]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT:.*]]) -> (f32)
// CHECK-NEXT: %[[X:.*]] = memref.load %[[PARTIALS]][%[[K]]]
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[X]], %[[ACC]] fastmath<reassoc>
// CHECK-NEXT: scf.yield %[[Y]]
// CHECK: scf.yield %[[F]]
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args(%{{.*}} = %[[INIT]])
// CHECK: return %[[R]]
// OFF-LABEL: func.func @sum
// OFF-NOT: omp.
// OFF-NOT: scf.if
func.func @sum(%a: memref<?xf32>, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.addf %x, %acc fastmath<reassoc> : f32
    scf.yield %y : f32
  }
  return %s : f32
}

// -----

// NumPy's max of floats (arrayc-numpy-reduction-ties): identity -inf, the
// combine step cloned for the partials. The work of a 2-D reduction is
// rows x columns; its chunks split the rows.
// CHECK-LABEL: func.func @max2d
// CHECK: arith.muli
// CHECK: scf.if
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: omp.parallel
// CHECK: omp.loop_nest
// CHECK: scf.for
// CHECK: scf.for
// CHECK: omp.terminator
// CHECK: scf.for
// CHECK-NEXT: memref.load
// CHECK-NEXT: arith.cmpf ogt
// CHECK-NEXT: arith.cmpf uno
// CHECK-NEXT: arith.ori
// CHECK-NEXT: arith.select
func.func @max2d(%a: memref<?x?xf32>, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) {
    %r = scf.for %j = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (f32) {
      %x = memref.load %a[%i, %j] : memref<?x?xf32>
      %gt = arith.cmpf ogt, %acc2, %x : f32
      %nan = arith.cmpf uno, %acc2, %acc2 : f32
      %or = arith.ori %gt, %nan : i1
      %y = arith.select %or, %acc2, %x : f32
      scf.yield %y : f32
    }
    scf.yield %r : f32
  }
  return %s : f32
}

// -----

// An integer sum of a mask: any order gives the same result.
// CHECK-LABEL: func.func @count
// CHECK: arith.constant 0 : i64
// CHECK: omp.parallel
func.func @count(%a: memref<?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %f0 = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %x = memref.load %a[%i] : memref<?xf32>
    %p = arith.cmpf ogt, %x, %f0 : f32
    %e = arith.extui %p : i1 to i64
    %y = arith.addi %acc, %e : i64
    scf.yield %y : i64
  }
  return %s : i64
}

// -----

// Loops that stay as they are: a float sum without `reassoc` (its order is
// the program's), a recurrence whose step is not a combine of the
// accumulator with an element, a body that writes memory, a body with a
// call, and a loop of two accumulators.
// CHECK-LABEL: func.func @stays
// CHECK-NOT: omp.
// CHECK-NOT: scf.if
// CHECK: return
func.func private @g(f32)
func.func @stays(%a: memref<?xf32>, %b: memref<?xf32>) -> (f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  %s0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.addf %x, %acc : f32
    scf.yield %y : f32
  }
  %s1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %h = arith.mulf %acc, %half fastmath<reassoc> : f32
    %y = arith.addf %x, %h fastmath<reassoc> : f32
    scf.yield %y : f32
  }
  %s2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.addf %x, %acc fastmath<reassoc> : f32
    memref.store %y, %b[%i] : memref<?xf32>
    scf.yield %y : f32
  }
  %s3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    func.call @g(%x) : (f32) -> ()
    %y = arith.addf %x, %acc fastmath<reassoc> : f32
    scf.yield %y : f32
  }
  %s4:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %m = %z) -> (f32, f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.addf %x, %acc fastmath<reassoc> : f32
    %w = arith.maximumf %x, %m : f32
    scf.yield %y, %w : f32, f32
  }
  return %s0, %s1, %s2, %s3, %s4#0, %s4#1 : f32, f32, f32, f32, f32, f32
}

// -----

// A 1-D scan (`ndarray.scan`: each running value stored at its index): on
// more than one thread, each chunk's fold (no stores, reassociable) on the
// threads, the chunks' starting values in order, then each chunk's scan from
// its start on the threads; the result is the last running value.
// CHECK-LABEL: func.func @cumsum
// CHECK-DAG: %[[STARTS:.*]] = memref.alloca() : memref<64xf32>
// CHECK-DAG: %[[PARTIALS:.*]] = memref.alloca() : memref<64xf32>
// CHECK: %[[BIG:.*]] = arith.cmpi sge
// CHECK: %[[T:.*]] = call @arrayc_rt_num_threads()
// CHECK: %[[MANY:.*]] = arith.cmpi sgt, %[[T]], %c1_i32
// CHECK: %[[IF:.*]] = arith.andi %[[BIG]], %[[MANY]]
// CHECK: scf.if %[[IF]]
// CHECK: omp.parallel num_threads(%[[T]] : i32)
// CHECK: %[[P:.*]] = scf.for
// CHECK-NOT: memref.store
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc>
// CHECK-NOT: memref.store
// CHECK: scf.yield
// CHECK: memref.store %[[P]], %[[PARTIALS]]
// CHECK: omp.terminator
// CHECK: %[[TOTAL:.*]] = scf.for %[[K:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK-NEXT: memref.store %[[ACC]], %[[STARTS]][%[[K]]]
// CHECK: omp.parallel num_threads(%[[T]] : i32)
// CHECK: %[[START:.*]] = memref.load %[[STARTS]]
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[START]])
// CHECK: arith.addf
// CHECK: memref.store
// CHECK: omp.terminator
// CHECK: scf.yield %[[TOTAL]]
// CHECK: } else {
func.func @cumsum(%a: memref<?xf32>, %b: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.addf %x, %acc : f32
    memref.store %y, %b[%i] : memref<?xf32>
    scf.yield %y : f32
  } {ndarray.scan}
  return %s : f32
}
