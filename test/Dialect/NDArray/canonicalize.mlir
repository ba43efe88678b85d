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

// -----

// Tests that a transpose of a transpose composes and an identity transpose folds.
// CHECK-LABEL: func @transpose_chain
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT: %[[T:.*]] = ndarray.transpose %[[X]] [1, 2, 0]
// CHECK-NEXT: return %[[X]], %[[T]]
func.func @transpose_chain(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3x4x2xf32>) {
  %a = ndarray.transpose %x [1, 0, 2] : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
  %b = ndarray.transpose %a [1, 0, 2] : tensor<3x2x4xf32> -> tensor<2x3x4xf32>
  %c = ndarray.transpose %a [0, 2, 1] : tensor<3x2x4xf32> -> tensor<3x4x2xf32>
  return %b, %c : tensor<2x3x4xf32>, tensor<3x4x2xf32>
}

// -----

// Tests that a reshape of a static reshape reads the original and a
// reshape to the same static type folds away.
// CHECK-LABEL: func @reshape_chain
// CHECK-SAME: (%[[X:.*]]: tensor<6x4xf32>)
// CHECK-NEXT: %[[R:.*]] = ndarray.reshape %[[X]] : tensor<6x4xf32> -> tensor<3x8xf32>
// CHECK-NEXT: return %[[X]], %[[R]]
func.func @reshape_chain(%x: tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<3x8xf32>) {
  %a = ndarray.reshape %x : tensor<6x4xf32> -> tensor<24xf32>
  %b = ndarray.reshape %a : tensor<24xf32> -> tensor<6x4xf32>
  %c = ndarray.reshape %a : tensor<24xf32> -> tensor<3x8xf32>
  return %b, %c : tensor<6x4xf32>, tensor<3x8xf32>
}

// -----

// Tests that a broadcast of a broadcast is one broadcast.
// CHECK-LABEL: func @broadcast_chain
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[B:.*]] = ndarray.broadcast_in_dim %[[X]] [2] : tensor<4xf32> -> tensor<2x3x4xf32>
// CHECK-NEXT: return %[[B]]
func.func @broadcast_chain(%x: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %a = ndarray.broadcast_in_dim %x [1] : tensor<4xf32> -> tensor<3x4xf32>
  %b = ndarray.broadcast_in_dim %a [1, 2] : tensor<3x4xf32> -> tensor<2x3x4xf32>
  return %b : tensor<2x3x4xf32>
}

// -----

// Tests that a cast there and back folds only when the middle type holds
// every value exactly: f32 -> f64 -> f32 and i32 -> f64 -> i32 fold,
// f64 -> f32 -> f64 and i64 -> f32 -> i64 do not.
// CHECK-LABEL: func @cast_roundtrip
// CHECK-SAME: (%[[F:.*]]: tensor<4xf32>, %[[D:.*]]: tensor<4xf64>, %[[I:.*]]: tensor<4xi32>, %[[L:.*]]: tensor<4xi64>)
// CHECK: %[[D1:.*]] = ndarray.cast %[[D]] : tensor<4xf64> to tensor<4xf32>
// CHECK-NEXT: %[[D2:.*]] = ndarray.cast %[[D1]] : tensor<4xf32> to tensor<4xf64>
// CHECK-NEXT: %[[L1:.*]] = ndarray.cast %[[L]] : tensor<4xi64> to tensor<4xf32>
// CHECK-NEXT: %[[L2:.*]] = ndarray.cast %[[L1]] : tensor<4xf32> to tensor<4xi64>
// CHECK-NEXT: return %[[F]], %[[D2]], %[[I]], %[[L2]]
func.func @cast_roundtrip(%f: tensor<4xf32>, %d: tensor<4xf64>, %i: tensor<4xi32>, %l: tensor<4xi64>)
    -> (tensor<4xf32>, tensor<4xf64>, tensor<4xi32>, tensor<4xi64>) {
  %f1 = ndarray.cast %f : tensor<4xf32> to tensor<4xf64>
  %f2 = ndarray.cast %f1 : tensor<4xf64> to tensor<4xf32>
  %d1 = ndarray.cast %d : tensor<4xf64> to tensor<4xf32>
  %d2 = ndarray.cast %d1 : tensor<4xf32> to tensor<4xf64>
  %i1 = ndarray.cast %i : tensor<4xi32> to tensor<4xf64>
  %i2 = ndarray.cast %i1 : tensor<4xf64> to tensor<4xi32>
  %l1 = ndarray.cast %l : tensor<4xi64> to tensor<4xf32>
  %l2 = ndarray.cast %l1 : tensor<4xf32> to tensor<4xi64>
  return %f2, %d2, %i2, %l2 : tensor<4xf32>, tensor<4xf64>, tensor<4xi32>, tensor<4xi64>
}

// -----

// Tests that x ** 1 folds to x and x ** 2 becomes x * x.
// CHECK-LABEL: func @pow_small
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[M:.*]] = ndarray.mul %[[X]], %[[X]]
// CHECK-NEXT: return %[[X]], %[[M]]
func.func @pow_small(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %one = ndarray.constant dense<1.0> : tensor<4xf32>
  %two = ndarray.constant dense<2.0> : tensor<4xf32>
  %a = ndarray.pow %x, %one : tensor<4xf32>
  %b = ndarray.pow %x, %two : tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----

// Tests NumPy's fast paths through a broadcast scalar exponent (the form the
// frontend gives `x ** 2` on a dynamically shaped x): 2 -> x * x, 0.5 -> sqrt
// (floats), 1 -> x; integer x ** 2 -> x * x. Other exponents stay pow.
// CHECK-LABEL: func @pow_broadcast_scalar
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[I:.*]]: tensor<?xi32>)
// CHECK-DAG: %[[M:.*]] = ndarray.mul %[[X]], %[[X]] : tensor<?xf32>
// CHECK-DAG: %[[S:.*]] = ndarray.sqrt %[[X]] : tensor<?xf32>
// CHECK-DAG: %[[P:.*]] = ndarray.pow %[[X]], %{{.*}} : tensor<?xf32>
// CHECK-DAG: %[[IM:.*]] = ndarray.mul %[[I]], %[[I]] : tensor<?xi32>
// CHECK: return %[[M]], %[[S]], %[[X]], %[[P]], %[[IM]]
func.func @pow_broadcast_scalar(%x: tensor<?xf32>, %i: tensor<?xi32>)
    -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %two = ndarray.constant dense<2.0> : tensor<f32>
  %half = ndarray.constant dense<0.5> : tensor<f32>
  %one = ndarray.constant dense<1.0> : tensor<f32>
  %three = ndarray.constant dense<3.0> : tensor<f32>
  %itwo = ndarray.constant dense<2> : tensor<i32>
  %b2 = ndarray.broadcast_in_dim %two [](%n) : tensor<f32> -> tensor<?xf32>
  %bh = ndarray.broadcast_in_dim %half [](%n) : tensor<f32> -> tensor<?xf32>
  %b1 = ndarray.broadcast_in_dim %one [](%n) : tensor<f32> -> tensor<?xf32>
  %b3 = ndarray.broadcast_in_dim %three [](%n) : tensor<f32> -> tensor<?xf32>
  %m = tensor.dim %i, %c0 : tensor<?xi32>
  %bi = ndarray.broadcast_in_dim %itwo [](%m) : tensor<i32> -> tensor<?xi32>
  %p2 = ndarray.pow %x, %b2 : tensor<?xf32>
  %ph = ndarray.pow %x, %bh : tensor<?xf32>
  %p1 = ndarray.pow %x, %b1 : tensor<?xf32>
  %p3 = ndarray.pow %x, %b3 : tensor<?xf32>
  %pi = ndarray.pow %i, %bi : tensor<?xi32>
  return %p2, %ph, %p1, %p3, %pi : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xi32>
}

// -----

// Tests that the size of a compress's result is its count, so a compress
// used only for its size is dead.
// CHECK-LABEL: func @compress_size
// CHECK-SAME: (%{{.*}}: tensor<?xi64>, %{{.*}}: tensor<?xi1>, %[[N:.*]]: index)
// CHECK-NOT: ndarray.compress
// CHECK: return %[[N]]
func.func @compress_size(%x: tensor<?xi64>, %m: tensor<?xi1>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %r = ndarray.compress %x, %m, %n : tensor<?xi64>, tensor<?xi1> -> tensor<?xi64>
  %d = tensor.dim %r, %c0 : tensor<?xi64>
  return %d : index
}

// -----

// Tests the root forms of x ** 1.5, x ** -1.5, x ** -0.5 and x ** -1 on
// floats (static splats and broadcast scalars): x * sqrt(x),
// (1 / sqrt(x)) / x, 1 / sqrt(x), 1 / x. Integers keep pow.
// CHECK-LABEL: func @pow_roots
// CHECK-SAME: (%[[X:.*]]: tensor<?xf64>, %[[Y:.*]]: tensor<4xf32>
// CHECK-DAG: %[[A:.*]] = ndarray.mul %[[X]], %{{.*}} : tensor<?xf64>
// CHECK-DAG: %[[R:.*]] = ndarray.div %{{.*}}, %{{.*}} : tensor<?xf64>
// CHECK-DAG: %[[B:.*]] = ndarray.div %[[R]], %[[X]] : tensor<?xf64>
// CHECK-NOT: ndarray.pow %[[X]]
// CHECK-DAG: %[[SY:.*]] = ndarray.sqrt %[[Y]] : tensor<4xf32>
// CHECK-DAG: %[[C:.*]] = ndarray.div %{{.*}}, %[[SY]] : tensor<4xf32>
// CHECK-DAG: %[[D:.*]] = ndarray.div %{{.*}}, %[[Y]] : tensor<4xf32>
// CHECK-DAG: %[[I:.*]] = ndarray.pow %{{.*}}, %{{.*}} : tensor<4xi32>
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[I]]
func.func @pow_roots(%x: tensor<?xf64>, %y: tensor<4xf32>, %i: tensor<4xi32>)
    -> (tensor<?xf64>, tensor<?xf64>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %p = ndarray.constant dense<1.5> : tensor<f64>
  %m = ndarray.constant dense<-1.5> : tensor<f64>
  %bp = ndarray.broadcast_in_dim %p [](%n) : tensor<f64> -> tensor<?xf64>
  %bm = ndarray.broadcast_in_dim %m [](%n) : tensor<f64> -> tensor<?xf64>
  %h = ndarray.constant dense<-0.5> : tensor<4xf32>
  %r = ndarray.constant dense<-1.0> : tensor<4xf32>
  %ithree = ndarray.constant dense<3> : tensor<4xi32>
  %a = ndarray.pow %x, %bp : tensor<?xf64>
  %b = ndarray.pow %x, %bm : tensor<?xf64>
  %c = ndarray.pow %y, %h : tensor<4xf32>
  %d = ndarray.pow %y, %r : tensor<4xf32>
  %e = ndarray.pow %i, %ithree : tensor<4xi32>
  return %a, %b, %c, %d, %e : tensor<?xf64>, tensor<?xf64>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>
}
