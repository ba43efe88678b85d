// RUN: arrayc-opt %s -arrayc-expand-large-constants | FileCheck %s
// RUN: arrayc-opt %s -arrayc-expand-large-constants=max-bytes=16 | FileCheck %s --check-prefix=SMALL

// Tests that a splat tensor constant above the limit (64 KiB by default)
// becomes tensor.empty + a fill (a linalg.generic), computed at run time, while small
// splats and non-splat constants stay constants.

// CHECK-LABEL: func @constants
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[E:.*]] = tensor.empty() : tensor<134217728xf32>
// CHECK: %[[F:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<134217728xf32>)
// CHECK-NEXT: ^bb0(%{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[ONE]] : f32
// CHECK-DAG: arith.constant dense<2> : tensor<16xi32>
// CHECK-DAG: arith.constant dense<[1, 2, 3]> : tensor<3xi64>
// CHECK: return %[[F]]

// SMALL-LABEL: func @constants
// SMALL: linalg.generic {{.*}} outs(%{{.*}} : tensor<134217728xf32>)
// SMALL: linalg.generic {{.*}} outs(%{{.*}} : tensor<16xi32>)
// SMALL: arith.constant dense<[1, 2, 3]> : tensor<3xi64>
func.func @constants() -> (tensor<134217728xf32>, tensor<16xi32>, tensor<3xi64>) {
  %big = arith.constant dense<1.0> : tensor<134217728xf32>
  %small = arith.constant dense<2> : tensor<16xi32>
  %data = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
  return %big, %small, %data : tensor<134217728xf32>, tensor<16xi32>, tensor<3xi64>
}
