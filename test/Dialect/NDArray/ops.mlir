// RUN: arrayc-opt %s | FileCheck %s
// RUN: arrayc-opt %s | arrayc-opt | FileCheck %s
// RUN: arrayc-opt -mlir-print-op-generic %s | arrayc-opt | FileCheck %s

// Tests that every op parses and prints back in its custom form.
// CHECK-LABEL: func @elementwise
func.func @elementwise(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // CHECK: %[[A:.*]] = ndarray.add %{{.*}}, %{{.*}} : tensor<?xf32>
  %a = ndarray.add %x, %y : tensor<?xf32>
  // CHECK: ndarray.sub %[[A]], %{{.*}} : tensor<?xf32>
  %s = ndarray.sub %a, %y : tensor<?xf32>
  %m = ndarray.mul %s, %x : tensor<?xf32>
  %d = ndarray.div %m, %y : tensor<?xf32>
  %mx = ndarray.max %d, %x : tensor<?xf32>
  %mn = ndarray.min %mx, %y : tensor<?xf32>
  // CHECK: ndarray.pow
  %p = ndarray.pow %mn, %x : tensor<?xf32>
  // CHECK: ndarray.neg
  %n = ndarray.neg %p : tensor<?xf32>
  %b = ndarray.abs %n : tensor<?xf32>
  %q = ndarray.sqrt %b : tensor<?xf32>
  %e = ndarray.exp %q : tensor<?xf32>
  %l = ndarray.log %e : tensor<?xf32>
  %si = ndarray.sin %l : tensor<?xf32>
  %co = ndarray.cos %si : tensor<?xf32>
  // CHECK: ndarray.tanh %{{.*}} : tensor<?xf32>
  %t = ndarray.tanh %co : tensor<?xf32>
  return %t : tensor<?xf32>
}

// Tests comparisons, which give bool arrays of the operands' shape.
// CHECK-LABEL: func @compare
func.func @compare(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi1> {
  // CHECK: ndarray.compare le, %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %c = ndarray.compare le, %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %c : tensor<4xi1>
}

// Tests broadcasting with static and dynamic result dimensions.
// CHECK-LABEL: func @broadcast
func.func @broadcast(%r: tensor<1x?xf32>, %m: index) -> tensor<3x?x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %r, %c1 : tensor<1x?xf32>
  // CHECK: ndarray.broadcast_in_dim %{{.*}} [1, 2](%{{.*}}, %{{.*}}) : tensor<1x?xf32> -> tensor<3x?x?xf32>
  %b = ndarray.broadcast_in_dim %r [1, 2] (%m, %n) : tensor<1x?xf32> -> tensor<3x?x?xf32>
  return %b : tensor<3x?x?xf32>
}

// Tests reductions over axes, with and without keepdims.
// CHECK-LABEL: func @reduce
func.func @reduce(%x: tensor<2x?x4xf64>) -> (tensor<?xf64>, tensor<1x?x1xf64>) {
  // CHECK: ndarray.reduce sum %{{.*}} [0, 2] : tensor<2x?x4xf64> -> tensor<?xf64>
  %s = ndarray.reduce sum %x [0, 2] : tensor<2x?x4xf64> -> tensor<?xf64>
  // CHECK: ndarray.reduce max %{{.*}} [0, 2] keepdims : tensor<2x?x4xf64> -> tensor<1x?x1xf64>
  %k = ndarray.reduce max %x [0, 2] keepdims : tensor<2x?x4xf64> -> tensor<1x?x1xf64>
  return %s, %k : tensor<?xf64>, tensor<1x?x1xf64>
}

// Tests constants and casts.
// CHECK-LABEL: func @constant_cast
func.func @constant_cast() -> tensor<3xf64> {
  // CHECK: ndarray.constant dense<[1, 2, 3]> : tensor<3xi32>
  %c = ndarray.constant dense<[1, 2, 3]> : tensor<3xi32>
  // CHECK: ndarray.cast %{{.*}} : tensor<3xi32> to tensor<3xf64>
  %f = ndarray.cast %c : tensor<3xi32> to tensor<3xf64>
  return %f : tensor<3xf64>
}

// Tests the host ops of programs.
// CHECK-LABEL: func @host
func.func @host(%ok: i1) {
  // CHECK: %[[X:.*]] = ndarray.load "x.npy" : tensor<?xf32>
  %x = ndarray.load "x.npy" : tensor<?xf32>
  // CHECK: ndarray.save "y.npy", %[[X]] : tensor<?xf32>
  ndarray.save "y.npy", %x : tensor<?xf32>
  // CHECK: ndarray.print %[[X]] ["x = ", 0, "\0A"] : tensor<?xf32>
  ndarray.print %x ["x = ", 0, "\0A"] : tensor<?xf32>
  // CHECK: ndarray.assert %{{.*}}, "f.arr:1:1: message"
  ndarray.assert %ok, "f.arr:1:1: message"
  return
}

// Tests an assert whose message prints run-time values.
// CHECK-LABEL: func @assert_values
// CHECK: ndarray.assert %{{.*}}, "index {0} out of {1}"(%{{.*}}, %{{.*}})
func.func @assert_values(%ok: i1, %i: i64, %n: i64) {
  ndarray.assert %ok, "index {0} out of {1}"(%i, %n)
  return
}

// Tests that a message without values is verbatim text: braces are allowed.
// CHECK-LABEL: func @assert_verbatim
// CHECK: ndarray.assert %{{.*}}, "f.arr:2:5: AssertionError: min is {0}"
func.func @assert_verbatim(%ok: i1) {
  ndarray.assert %ok, "f.arr:2:5: AssertionError: min is {0}"
  return
}

// Tests that unsigned element types are accepted wherever integers are.
// CHECK-LABEL: func @unsigned
func.func @unsigned(%x: tensor<4xui8>, %y: tensor<4xui8>, %w: tensor<2x2xui64>) -> tensor<ui64> {
  // CHECK: ndarray.add %{{.*}}, %{{.*}} : tensor<4xui8>
  %a = ndarray.add %x, %y : tensor<4xui8>
  // CHECK: ndarray.floordiv %{{.*}}, %{{.*}} : tensor<4xui8>
  %q = ndarray.floordiv %a, %y : tensor<4xui8>
  // CHECK: ndarray.shr %{{.*}}, %{{.*}} : tensor<4xui8>
  %s = ndarray.shr %q, %y : tensor<4xui8>
  // CHECK: ndarray.compare lt, %{{.*}}, %{{.*}} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %c = ndarray.compare lt, %s, %x : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  // CHECK: ndarray.cast %{{.*}} : tensor<4xui8> to tensor<4xui16>
  %e = ndarray.cast %s : tensor<4xui8> to tensor<4xui16>
  // CHECK: ndarray.constant dense<255> : tensor<ui8>
  %k = ndarray.constant dense<255> : tensor<ui8>
  // CHECK: ndarray.reduce sum %{{.*}} [0, 1] : tensor<2x2xui64> -> tensor<ui64>
  %r = ndarray.reduce sum %w [0, 1] : tensor<2x2xui64> -> tensor<ui64>
  return %r : tensor<ui64>
}
