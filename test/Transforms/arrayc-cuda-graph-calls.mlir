// RUN: arrayc-opt %s -arrayc-cuda-graph-calls -split-input-file | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%a: memref<?xf32>) kernel {
      gpu.return
    }
  }

  func.func private @arrayc_rt_check_device(i64, i64, memref<*xi8>)

  // Tests that a function of two launches starts recording after its
  // argument checks and ends it before the return.
  // CHECK-DAG: func.func private @arrayc_rt_graph_begin()
  // CHECK-DAG: func.func private @arrayc_rt_graph_end()
  // CHECK-LABEL: func.func @two
  // CHECK: call @arrayc_rt_check_device
  // CHECK-NEXT: call @arrayc_rt_graph_begin() : () -> ()
  // CHECK-NEXT: gpu.launch_func
  // CHECK-NEXT: gpu.launch_func
  // CHECK-NEXT: call @arrayc_rt_graph_end() : () -> ()
  // CHECK-NEXT: return
  func.func @two(%a: memref<?xf32>, %p: i64, %s: memref<*xi8>) {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : index
    call @arrayc_rt_check_device(%p, %c0, %s) : (i64, i64, memref<*xi8>) -> ()
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<?xf32>)
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<?xf32>)
    return
  }

  // Tests that one launch in each branch of an scf.if is one launch per call:
  // nothing to record.
  // CHECK-LABEL: func.func @one_per_branch
  // CHECK-NOT: arrayc_rt_graph
  // CHECK: return
  func.func @one_per_branch(%a: memref<?xf32>, %c: i1) {
    %c1 = arith.constant 1 : index
    scf.if %c {
      gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<?xf32>)
    } else {
      gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<?xf32>)
    }
    return
  }

  // Tests that a launch in a loop counts as several, and that every return
  // of a function with several blocks ends the recording.
  // CHECK-LABEL: func.func @loop
  // CHECK-NEXT: call @arrayc_rt_graph_begin()
  // CHECK: scf.for
  // CHECK: cf.cond_br
  // CHECK: ^bb1:
  // CHECK-NEXT: call @arrayc_rt_graph_end()
  // CHECK-NEXT: return
  // CHECK: ^bb2:
  // CHECK-NEXT: call @arrayc_rt_graph_end()
  // CHECK-NEXT: return
  func.func @loop(%a: memref<?xf32>, %n: index, %c: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<?xf32>)
    }
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    return
  ^bb2:
    return
  }

  // Tests that arrayc_main (run once) and private functions are left alone.
  // CHECK-LABEL: func.func @arrayc_main
  // CHECK-NOT: arrayc_rt_graph
  // CHECK: return
  func.func @arrayc_main(%a: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<?xf32>)
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<?xf32>)
    return
  }

  // CHECK-LABEL: func.func private @helper
  // CHECK-NOT: arrayc_rt_graph
  // CHECK: return
  func.func private @helper(%a: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<?xf32>)
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<?xf32>)
    return
  }
}

// -----

// A call of another compiled function adds that function's kernels: one
// launch here and one in @one_kernel make two, so @calls_one is recorded;
// @one_kernel itself (one launch) is not.
module attributes {gpu.container_module} {
  gpu.module @k1 {
    gpu.func @k1() kernel { gpu.return }
  }
  // CHECK-LABEL: func.func @one_kernel
  // CHECK-NOT: arrayc_rt_graph_begin
  // CHECK: return
  func.func @one_kernel() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k1::@k1 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  // CHECK-LABEL: func.func @calls_one
  // CHECK-NEXT: call @arrayc_rt_graph_begin()
  // CHECK: call @arrayc_rt_graph_end()
  // CHECK-NEXT: return
  func.func @calls_one() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k1::@k1 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    call @one_kernel() : () -> ()
    return
  }
}
