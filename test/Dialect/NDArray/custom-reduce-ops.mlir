// RUN: arrayc-opt %s -split-input-file | arrayc-opt -split-input-file | FileCheck %s

// Tests that ndarray.custom_reduce round-trips: axes, the identity, the
// (acc, elem) body.
// CHECK-LABEL: func @absmax_rows
// CHECK: ndarray.custom_reduce %{{.*}} [1] identity(0.000000e+00 : f32) : tensor<?x?xf32> -> tensor<?xf32> {
// CHECK: ^bb0(%[[ACC:.*]]: f32, %[[E:.*]]: f32):
// CHECK: %[[A:.*]] = math.absf %[[E]] : f32
// CHECK: %[[M:.*]] = arith.maxnumf %[[ACC]], %[[A]] : f32
// CHECK: ndarray.yield %[[M]] : f32
func.func @absmax_rows(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = ndarray.custom_reduce %x [1] identity(0.0 : f32) : tensor<?x?xf32> -> tensor<?xf32> {
  ^bb0(%acc: f32, %e: f32):
    %a = math.absf %e : f32
    %m = arith.maxnumf %acc, %a : f32
    ndarray.yield %m : f32
  }
  return %r : tensor<?xf32>
}

// -----

// Tests keepdims and an integer identity.
// CHECK-LABEL: func @prod_keep
// CHECK: ndarray.custom_reduce %{{.*}} [0] keepdims identity(1 : i64) : tensor<4x3xi64> -> tensor<1x3xi64>
func.func @prod_keep(%x: tensor<4x3xi64>) -> tensor<1x3xi64> {
  %r = ndarray.custom_reduce %x [0] keepdims identity(1 : i64) : tensor<4x3xi64> -> tensor<1x3xi64> {
  ^bb0(%acc: i64, %e: i64):
    %m = arith.muli %acc, %e : i64
    ndarray.yield %m : i64
  }
  return %r : tensor<1x3xi64>
}
