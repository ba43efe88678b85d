// RUN: arrayc-opt %s -arrayc-check-device-arguments -arrayc-cuda-graph-calls | FileCheck %s

// Tests that a public function starts recording after its argument checks
// and ends it before each return.
// CHECK-DAG: func.func private @arrayc_rt_graph_begin()
// CHECK-DAG: func.func private @arrayc_rt_graph_end()
// CHECK-LABEL: func.func @sqdiff
// CHECK: call @arrayc_rt_check_device
// CHECK: call @arrayc_rt_check_device
// CHECK-NEXT: call @arrayc_rt_graph_begin() : () -> ()
// CHECK-NEXT: %[[R:.*]] = memref.alloc
// CHECK-NEXT: call @arrayc_rt_graph_end() : () -> ()
// CHECK-NEXT: return %[[R]]
func.func @sqdiff(%x: memref<?xf32>, %n: index, %y: memref<?xf32>) -> memref<?xf32> {
  %r = memref.alloc(%n) : memref<?xf32>
  return %r : memref<?xf32>
}

// Tests that every return of a function with several blocks ends the recording.
// CHECK-LABEL: func.func @branches
// CHECK-NEXT: call @arrayc_rt_graph_begin()
// CHECK-NEXT: cf.cond_br
// CHECK: ^bb1:
// CHECK-NEXT: call @arrayc_rt_graph_end()
// CHECK-NEXT: return
// CHECK: ^bb2:
// CHECK-NEXT: call @arrayc_rt_graph_end()
// CHECK-NEXT: return
func.func @branches(%c: i1) {
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
func.func @arrayc_main() {
  return
}

// CHECK-LABEL: func.func private @helper
// CHECK-NOT: arrayc_rt_graph
// CHECK: return
func.func private @helper(%a: memref<4xf32>) {
  return
}
