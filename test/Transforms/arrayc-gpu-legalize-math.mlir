// RUN: arrayc-opt %s -pass-pipeline='builtin.module(gpu.module(arrayc-gpu-legalize-math))' | FileCheck %s

// Tests that math.trunc, which NVVM lowering leaves as a call of libm's
// truncf (unresolved by ptxas), becomes x < 0 ? ceil(x) : floor(x).
gpu.module @kernels {
  // CHECK-LABEL: func @trunc
  // CHECK-SAME: (%[[X:.*]]: f32)
  // CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[X]]
  // CHECK: %[[UP:.*]] = math.ceil %[[X]]
  // CHECK: %[[DOWN:.*]] = math.floor %[[X]]
  // CHECK: arith.select %[[NEG]], %[[UP]], %[[DOWN]]
  // CHECK-NOT: math.trunc
  func.func @trunc(%x: f32) -> f32 {
    %t = math.trunc %x : f32
    return %t : f32
  }
}
