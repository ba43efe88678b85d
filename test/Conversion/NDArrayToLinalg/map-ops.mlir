// RUN: arrayc-opt %s -convert-ndarray-to-linalg -split-input-file | FileCheck %s

// Tests that ndarray.map becomes one parallel linalg.generic whose body is
// the map's scalar code (the scf.if kept), its outputs sized from the first
// operand.
// CHECK-LABEL: func @map_to_generic
// CHECK: %[[D:.*]] = tensor.dim %[[X:.*]], %c0
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} ins(%{{.*}}, %{{.*}} : tensor<?x3xf32>, tensor<?x3xi64>) outs(%[[E]] : tensor<?x3xf32>)
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: i64, %{{.*}}: f32):
// CHECK: %[[V:.*]] = scf.if
// CHECK: arith.sitofp %[[B]]
// CHECK: linalg.yield %[[V]] : f32
// CHECK-NOT: ndarray.map
func.func @map_to_generic(%x: tensor<?x3xf32>, %n: tensor<?x3xi64>) -> tensor<?x3xf32> {
  %r = ndarray.map(%x, %n) : (tensor<?x3xf32>, tensor<?x3xi64>) -> tensor<?x3xf32> {
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
    ndarray.yield %v : f32
  }
  return %r : tensor<?x3xf32>
}

// -----

// Tests a map with two results: one generic with two outputs.
// CHECK-LABEL: func @map_two_results
// CHECK: %[[G:.*]]:2 = linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<4xf64>, tensor<4xi1>)
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f64, i1
func.func @map_two_results(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xi1>) {
  %r:2 = ndarray.map(%x) : (tensor<4xf64>) -> (tensor<4xf64>, tensor<4xi1>) {
  ^bb0(%a: f64):
    %s = arith.mulf %a, %a : f64
    %c = arith.cmpf olt, %a, %s : f64
    ndarray.yield %s, %c : f64, i1
  }
  return %r#0, %r#1 : tensor<4xf64>, tensor<4xi1>
}
