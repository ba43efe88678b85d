// RUN: arrayc-opt %s | arrayc-opt | FileCheck %s

// Tests that ndarray.map round-trips with a branching scalar body, several
// results and no operands.
// CHECK-LABEL: func @map_branch
// CHECK: %[[R:.*]]:2 = ndarray.map(%{{.*}}, %{{.*}}) : (tensor<?x3xf32>, tensor<?x3xi64>) -> (tensor<?x3xf32>, tensor<?x3xi1>) {
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: i64):
// CHECK: scf.if
// CHECK: ndarray.yield %{{.*}}, %{{.*}} : f32, i1
func.func @map_branch(%x: tensor<?x3xf32>, %n: tensor<?x3xi64>) -> (tensor<?x3xf32>, tensor<?x3xi1>) {
  %r:2 = ndarray.map(%x, %n) : (tensor<?x3xf32>, tensor<?x3xi64>) -> (tensor<?x3xf32>, tensor<?x3xi1>) {
  ^bb0(%a: f32, %b: i64):
    %zero = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %a, %zero : f32
    %v = scf.if %pos -> (f32) {
      %f = arith.sitofp %b : i64 to f32
      %m = arith.mulf %a, %f : f32
      scf.yield %m : f32
    } else {
      scf.yield %zero : f32
    }
    ndarray.yield %v, %pos : f32, i1
  }
  return %r#0, %r#1 : tensor<?x3xf32>, tensor<?x3xi1>
}

// CHECK-LABEL: func @map_no_operands
// CHECK: ndarray.map() : () -> tensor<f64>
func.func @map_no_operands() -> tensor<f64> {
  %r = ndarray.map() : () -> tensor<f64> {
    %c = arith.constant 2.5 : f64
    ndarray.yield %c : f64
  }
  return %r : tensor<f64>
}
