// RUN: arrayc-opt %s --split-input-file --arrayc-cpu-threads | FileCheck %s
// RUN: arrayc-opt %s --split-input-file --arrayc-cpu-threads=min-iterations=0 | FileCheck %s --check-prefix=OFF
// RUN: arrayc-opt %s --split-input-file --arrayc-cpu-threads=min-iterations=100 | FileCheck %s --check-prefix=MIN

// A 2-D nest: threads share the rows when rows x columns reach the minimum;
// the columns stay a plain loop inside.
// CHECK-LABEL: func.func @rows
// CHECK: %[[N:.*]] = memref.dim %{{.*}}, %c0
// CHECK: %[[M:.*]] = memref.dim %{{.*}}, %c1
// CHECK: arith.muli
// CHECK: %[[WORK:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[LIMIT:.*]] = arith.constant 32768 : index
// CHECK: %[[IF:.*]] = arith.cmpi sge, %[[WORK]], %[[LIMIT]]
// CHECK: %[[T:.*]] = call @arrayc_rt_num_threads() : () -> i32
// CHECK: omp.parallel if(%[[IF]]) num_threads(%[[T]] : i32) {
// CHECK-NEXT: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%[[I:.*]]) : index = (%c0) to (%[[N]]) step (%c1) {
// CHECK-NEXT: scf.for %[[J:.*]] = %c0 to %[[M]] step %c1 {
// CHECK-NEXT: memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK: omp.yield
// CHECK: omp.terminator
// MIN: arith.constant 100 : index
// OFF-LABEL: func.func @rows
// OFF-NOT: omp.
// OFF: scf.for
// OFF: scf.for
// OFF-NOT: omp.
// 2-D elementwise: threads over rows, columns as a plain loop inside.
func.func @rows(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<?x?xf32>
    %y = math.exp %x : f32
    memref.store %y, %b[%i, %j] : memref<?x?xf32>
  }
  return
}


// -----

// A row reduction: its reduction loop's iterations count as work (rows x
// columns), and it runs inside each thread's rows.
// CHECK-LABEL: func.func @rowsum
// CHECK: %[[R:.*]] = arith.maxsi
// CHECK: %[[RW:.*]] = arith.muli %{{.*}}, %[[R]] : index
// CHECK: %[[C:.*]] = arith.maxsi
// CHECK: arith.muli %[[RW]], %[[C]] : index
// CHECK: omp.parallel
// CHECK: omp.loop_nest
// CHECK-NEXT: scf.for
func.func @rowsum(%a: memref<?x?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.for %k = %c0 to %m step %c1 {
      %x = memref.load %a[%i, %k] : memref<?x?xf32>
      %s = memref.load %b[%i] : memref<?xf32>
      %t = arith.addf %s, %x : f32
      memref.store %t, %b[%i] : memref<?xf32>
    }
  }
  return
}


// -----

// A body with a call (a runtime call may end the call by unwinding its own
// thread) and a nest inside another stay on the calling thread; the runtime
// function is then not declared.
// CHECK-LABEL: func.func @calls
// CHECK-NOT: arrayc_rt_num_threads
// CHECK-NOT: omp.
// CHECK: scf.for
// CHECK: func.call @g
func.func private @g(f32)
func.func @calls(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xf32>
    func.call @g(%x) : (f32) -> ()
  }
  return
}

// -----

// An allocation in the body stays on the calling thread too.
// CHECK-LABEL: func.func @allocates
// CHECK-NOT: omp.
// CHECK: scf.for
// CHECK: memref.alloc
func.func @allocates(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %t = memref.alloc() : memref<4xf32>
    %x = memref.load %a[%i] : memref<?xf32>
    memref.store %x, %t[%c0] : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  return
}

// -----

// A nest inside a sequential loop is threaded; one inside another nest is
// a plain loop of the outer one's body.
// CHECK-LABEL: func.func @nested
// CHECK: scf.for
// CHECK: omp.parallel
// CHECK: omp.loop_nest
// CHECK-NEXT: scf.for
// CHECK-NOT: scf.parallel
func.func @nested(%a: memref<?x?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  scf.for %t = %c0 to %steps step %c1 {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      scf.parallel (%j) = (%c0) to (%m) step (%c1) {
        %x = memref.load %a[%i, %j] : memref<?x?xf32>
        %y = arith.addf %x, %x : f32
        memref.store %y, %a[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// -----

// A nest known to be small (a one-element copy of a scalar loop) gets no
// OpenMP region at all.
// CHECK-LABEL: func.func @one_element
// CHECK-NOT: omp.
// CHECK-NOT: arrayc_rt_num_threads
// CHECK: scf.for
// CHECK: return
func.func @one_element(%a: memref<?xf64>, %t: memref<1xf64>, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%k) = (%c0) to (%c1) step (%c1) {
    %x = memref.load %a[%i] : memref<?xf64>
    memref.store %x, %t[%k] : memref<1xf64>
  }
  return
}

// -----

// A nest inside a sequential loop (a column mean's per-row update, entered
// once per row): the size test is an scf.if with plain loops on the small
// side, so a small nest never enters libomp (a serialized region costs
// microseconds per entry); the region itself has no if clause.
// CHECK-LABEL: func.func @nest_in_loop
// CHECK: scf.for %[[R:.*]] =
// CHECK: %[[BIG:.*]] = arith.cmpi sge, %{{.*}}, %c32768
// CHECK: scf.if %[[BIG]] {
// CHECK: %[[T:.*]] = func.call @arrayc_rt_num_threads()
// CHECK: omp.parallel num_threads(%[[T]] : i32) {
// CHECK: omp.wsloop
// CHECK: } else {
// CHECK-NOT: omp.
// CHECK: scf.for
// CHECK: memref.store
// CHECK: }
// OFF-LABEL: func.func @nest_in_loop
// OFF-NOT: omp.parallel
func.func @nest_in_loop(%a: memref<?x?xf64>, %s: memref<?xf64>, %rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %r = %c0 to %rows step %c1 {
    scf.parallel (%j) = (%c0) to (%cols) step (%c1) {
      %x = memref.load %a[%r, %j] : memref<?x?xf64>
      %y = memref.load %s[%j] : memref<?xf64>
      %z = arith.addf %x, %y : f64
      memref.store %z, %s[%j] : memref<?xf64>
      scf.reduce
    }
  }
  return
}
