// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s
// RUN: arrayc-opt %s -arrayc-gpu-map-linalg="fuse=false" -split-input-file | FileCheck %s --check-prefix=NOFUSE

// An element-by-element sweep (`B[i] = (A[i - 1] + A[i + 1]) / 2`, as the
// frontend emits it, bufferized): a bounds check and a 0-d generic per
// element. The whole loop runs in one kernel of one thread; the check
// records its site and values and ends the thread, and the host reads the
// record once after the kernel and reports through the same runtime call.
#scalar = affine_map<() -> ()>
// CHECK-LABEL: func @sweep
// CHECK: %[[REC:.*]] = memref.alloc() : memref<3xi64>
// CHECK: %[[G:.*]] = memref.get_global @msg
// CHECK: %[[MSG:.*]] = memref.cast %[[G]]
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1
// CHECK: memref.store %{{.*}}, %[[REC]][%{{.*}}] : memref<3xi64>
// CHECK: scf.for
// CHECK: scf.if
// CHECK-DAG: memref.store %c1_i64, %[[REC]]
// CHECK-DAG: nvvm.exit
// CHECK: memref.load %arg0
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %{{.*}}[] : memref<f64, strided<[], offset: ?>>
// CHECK-NOT: func.call
// CHECK: gpu.terminator
// CHECK: %[[SITE:.*]] = memref.load %[[REC]][%{{.*}}] : memref<3xi64>
// CHECK: scf.if
// CHECK: %[[OK:.*]] = arith.cmpi ne, %[[SITE]], %c1_i64
// CHECK: func.call @arrayc_rt_assert_values(%[[OK]], %[[MSG]]
// CHECK: memref.dealloc %[[REC]]
// CHECK-NOT: scf.for
// CHECK: return
// NOFUSE-LABEL: func @sweep
// NOFUSE: scf.for
// NOFUSE: call @arrayc_rt_assert_values
// NOFUSE: gpu.launch
memref.global "private" constant @msg : memref<4xi8> = dense<[105, 100, 120, 0]>
func.func private @arrayc_rt_assert_values(i1, memref<*xi8>, i64, i64)
func.func @sweep(%A: memref<?xf64>, %B: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %half = arith.constant 0.5 : f64
  %n = memref.dim %A, %c0 : memref<?xf64>
  %n64 = arith.index_cast %n : index to i64
  %m = arith.subi %n, %c1 : index
  scf.for %i = %c1 to %m step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %inb = arith.cmpi slt, %i64, %n64 : i64
    %g = memref.get_global @msg : memref<4xi8>
    %msg = memref.cast %g : memref<4xi8> to memref<*xi8>
    func.call @arrayc_rt_assert_values(%inb, %msg, %i64, %n64) : (i1, memref<*xi8>, i64, i64) -> ()
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %dst = memref.subview %B[%i] [1] [1] : memref<?xf64> to memref<f64, strided<[], offset: ?>>
    linalg.generic {indexing_maps = [#scalar], iterator_types = []}
        outs(%dst : memref<f64, strided<[], offset: ?>>) {
    ^bb0(%o: f64):
      %a = memref.load %A[%im] : memref<?xf64>
      %b = memref.load %A[%ip] : memref<?xf64>
      %s = arith.addf %a, %b : f64
      %h = arith.mulf %s, %half : f64
      linalg.yield %h : f64
    }
  }
  return
}

// -----

// A loop-carried scalar (a running sum read element by element) and a
// temporary 0-d buffer: the result goes back through a 0-d device buffer,
// the temporary is private to the thread.
#scalar = affine_map<() -> ()>
// CHECK-LABEL: func @running_sum
// CHECK: %[[RES:.*]] = memref.alloc() : memref<f32>
// CHECK: gpu.launch
// CHECK: memref.alloca() : memref<f32>
// CHECK: %[[S:.*]] = scf.for {{.*}} iter_args
// CHECK: memref.store %[[S]], %[[RES]][]
// CHECK: gpu.terminator
// CHECK: %[[V:.*]] = memref.load %[[RES]][]
// CHECK: memref.dealloc %[[RES]]
// CHECK: return %[[V]]
func.func @running_sum(%x: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %t = memref.alloc() : memref<f32>
    linalg.generic {indexing_maps = [#scalar], iterator_types = []} outs(%t : memref<f32>) {
    ^bb0(%o: f32):
      %v = memref.load %x[%i] : memref<?xf32>
      %w = arith.mulf %v, %v : f32
      linalg.yield %w : f32
    }
    %tv = memref.load %t[] : memref<f32>
    memref.dealloc %t : memref<f32>
    %s = arith.addf %acc, %tv : f32
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

// A loop with an array-wide step (a sum into a 0-d buffer) stays on the
// host: one thread would do the whole array's work each iteration.
#id = affine_map<(d0) -> (d0)>
#to0 = affine_map<(d0) -> ()>
// CHECK-LABEL: func @array_step
// CHECK: scf.for
// CHECK: gpu.launch
// CHECK-NOT: nvvm.exit
// CHECK: return
func.func @array_step(%x: memref<?xf32>, %acc: memref<f32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %t = %c0 to %steps step %c1 {
    linalg.generic {indexing_maps = [#id, #to0], iterator_types = ["reduction"]}
        ins(%x : memref<?xf32>) outs(%acc : memref<f32>) {
    ^bb0(%v: f32, %o: f32):
      %d = arith.addf %o, %v : f32
      linalg.yield %d : f32
    }
  }
  return
}

// -----

// A loop that reads host memory (a stack buffer) stays on the host.
// CHECK-LABEL: func @host_buffer
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @host_buffer(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = memref.alloca() : memref<4xf32>
  scf.for %i = %c0 to %c1 step %c1 {
    %v = memref.load %h[%i] : memref<4xf32>
    memref.store %v, %x[%i] : memref<?xf32>
  }
  return
}

// -----

// The deallocation lowering's helper compares pointers held in host arrays,
// in a loop of scalar steps: it stays on the host.
// CHECK-LABEL: func @dealloc_helper
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @dealloc_helper(%ptrs: memref<?xindex>, %flags: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %ptrs, %c0 : memref<?xindex>
  scf.for %i = %c0 to %n step %c1 {
    %p = memref.load %ptrs[%i] : memref<?xindex>
    %z = arith.cmpi eq, %p, %c0 : index
    memref.store %z, %flags[%i] : memref<?xi1>
  }
  return
}
