// RUN: arrayc-opt %s -convert-ndarray-to-runtime | FileCheck %s

// Tests that perf_counter allocates a 0-d buffer the runtime writes the time into.
// CHECK: func.func private @arrayc_rt_perf_counter(memref<*xf64>)
// CHECK-LABEL: func @clock
// CHECK: %[[B:.*]] = memref.alloc() : memref<f64>
// CHECK: %[[U:.*]] = memref.cast %[[B]] : memref<f64> to memref<*xf64>
// CHECK: call @arrayc_rt_perf_counter(%[[U]])
// CHECK: bufferization.to_tensor %[[B]] restrict writable
func.func @clock() -> tensor<f64> {
  %0 = ndarray.perf_counter : tensor<f64>
  return %0 : tensor<f64>
}
