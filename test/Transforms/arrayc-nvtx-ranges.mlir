// RUN: arrayc-opt %s --arrayc-nvtx-ranges | FileCheck %s

// Each exported function and main push an NVTX range named by the source's
// function name (NUL-terminated) on entry and pop it before every return;
// private functions are left alone.
// CHECK-DAG: memref.global "private" constant @[[F:.*]] : memref<7xi8> = dense<[115, 113, 100, 105, 102, 102, 0]>
// CHECK-DAG: memref.global "private" constant @[[M:.*]] : memref<5xi8> = dense<[109, 97, 105, 110, 0]>
// CHECK-DAG: func.func private @arrayc_rt_range_push(memref<*xi8>)
// CHECK-DAG: func.func private @arrayc_rt_range_pop()

// CHECK-LABEL: func.func @arrayc_fn_sqdiff
// CHECK-NEXT: %[[G:.*]] = memref.get_global @[[F]]
// CHECK-NEXT: %[[S:.*]] = memref.cast %[[G]]
// CHECK-NEXT: call @arrayc_rt_range_push(%[[S]])
// CHECK: scf.if
// CHECK: call @arrayc_rt_range_pop()
// CHECK-NEXT: return
// CHECK: call @arrayc_rt_range_pop()
// CHECK-NEXT: return
func.func @arrayc_fn_sqdiff(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  scf.if %c {
  }
  return
^b:
  return
}

// CHECK-LABEL: func.func @arrayc_main
// CHECK: call @arrayc_rt_range_push
// CHECK: call @arrayc_rt_range_pop
func.func @arrayc_main() {
  return
}

// CHECK-LABEL: func.func private @helper
// CHECK-NOT: arrayc_rt_range
// CHECK: return
func.func private @helper() {
  return
}
