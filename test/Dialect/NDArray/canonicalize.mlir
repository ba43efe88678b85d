// RUN: arrayc-opt %s -canonicalize -split-input-file | FileCheck %s

// Tests that x + 0, x - 0 and x * 1 fold to x.
// CHECK-LABEL: func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32>)
// CHECK-NEXT: return %[[X]]
func.func @identities(%x: tensor<4xi32>) -> tensor<4xi32> {
  %z = ndarray.constant dense<0> : tensor<4xi32>
  %o = ndarray.constant dense<1> : tensor<4xi32>
  %a = ndarray.add %x, %z : tensor<4xi32>
  %s = ndarray.sub %a, %z : tensor<4xi32>
  %m = ndarray.mul %s, %o : tensor<4xi32>
  return %m : tensor<4xi32>
}

// -----

// Tests that a float x + 0.0 is kept (it changes -0.0) but x + -0.0 folds.
// CHECK-LABEL: func @float_zero
// CHECK: %[[A:.*]] = ndarray.add
// CHECK-NEXT: return %[[A]]
func.func @float_zero(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = ndarray.constant dense<0.0> : tensor<4xf32>
  %nz = ndarray.constant dense<-0.0> : tensor<4xf32>
  %a = ndarray.add %x, %z : tensor<4xf32>
  %b = ndarray.add %a, %nz : tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

// Tests that broadcasting a splat constant to a static shape is a constant.
// CHECK-LABEL: func @broadcast_splat
// CHECK-NEXT: %[[C:.*]] = ndarray.constant dense<2.000000e+00> : tensor<3x4xf32>
// CHECK-NEXT: return %[[C]]
func.func @broadcast_splat() -> tensor<3x4xf32> {
  %c = ndarray.constant dense<2.0> : tensor<f32>
  %b = ndarray.broadcast_in_dim %c [] : tensor<f32> -> tensor<3x4xf32>
  return %b : tensor<3x4xf32>
}

// -----

// Tests that --x, a cast to the same type and an empty reduction fold away.
// CHECK-LABEL: func @no_ops
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK-NEXT: return %[[X]]
func.func @no_ops(%x: tensor<?xf32>) -> tensor<?xf32> {
  %n = ndarray.neg %x : tensor<?xf32>
  %nn = ndarray.neg %n : tensor<?xf32>
  %c = ndarray.cast %nn : tensor<?xf32> to tensor<?xf32>
  %r = ndarray.reduce sum %c [] : tensor<?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
