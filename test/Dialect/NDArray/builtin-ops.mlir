// RUN: arrayc-opt %s | FileCheck %s
// RUN: arrayc-opt %s | arrayc-opt | FileCheck %s
// RUN: arrayc-opt -mlir-print-op-generic %s | arrayc-opt | FileCheck %s

// Tests that every builtin op parses and prints back in its custom form.

// CHECK-LABEL: func @iota
func.func @iota(%n: index) -> (tensor<?x3xi64>, tensor<4xf32>) {
  // CHECK: ndarray.iota 1(%{{.*}}) : tensor<?x3xi64>
  %0 = ndarray.iota 1 (%n) : tensor<?x3xi64>
  // CHECK: ndarray.iota 0 : tensor<4xf32>
  %1 = ndarray.iota 0 : tensor<4xf32>
  return %0, %1 : tensor<?x3xi64>, tensor<4xf32>
}

// CHECK-LABEL: func @math
func.func @math(%x: tensor<?xf32>, %k: tensor<?xi32>) -> (tensor<?xf32>, tensor<?xi1>, tensor<?xi32>, tensor<?xf32>, tensor<?xi1>) {
  // CHECK: ndarray.unary_math "floor" %{{.*}} : tensor<?xf32> -> tensor<?xf32>
  %0 = ndarray.unary_math "floor" %x : tensor<?xf32> -> tensor<?xf32>
  // CHECK: ndarray.unary_math "isnan" %{{.*}} : tensor<?xf32> -> tensor<?xi1>
  %1 = ndarray.unary_math "isnan" %x : tensor<?xf32> -> tensor<?xi1>
  // CHECK: ndarray.unary_math "sign" %{{.*}} : tensor<?xi32> -> tensor<?xi32>
  %2 = ndarray.unary_math "sign" %k : tensor<?xi32> -> tensor<?xi32>
  // CHECK: ndarray.binary_math "hypot" %{{.*}}, %{{.*}} : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %3 = ndarray.binary_math "hypot" %x, %0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  // CHECK: ndarray.binary_math "logical_and" %{{.*}}, %{{.*}} : tensor<?xi32>, tensor<?xi32> -> tensor<?xi1>
  %4 = ndarray.binary_math "logical_and" %k, %k : tensor<?xi32>, tensor<?xi32> -> tensor<?xi1>
  return %0, %1, %2, %3, %4 : tensor<?xf32>, tensor<?xi1>, tensor<?xi32>, tensor<?xf32>, tensor<?xi1>
}

// CHECK-LABEL: func @select
func.func @select(%c: tensor<?xi1>, %x: tensor<?xf32>) -> tensor<?xf32> {
  // CHECK: ndarray.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<?xi1>, tensor<?xf32>
  %0 = ndarray.select %c, %x, %x : tensor<?xi1>, tensor<?xf32>
  return %0 : tensor<?xf32>
}

// CHECK-LABEL: func @reductions
func.func @reductions(%x: tensor<?x5xf32>) -> (tensor<?xi64>, tensor<1x1xi64>, tensor<?x5xf32>) {
  // CHECK: ndarray.argreduce max %{{.*}} [1] : tensor<?x5xf32> -> tensor<?xi64>
  %0 = ndarray.argreduce max %x [1] : tensor<?x5xf32> -> tensor<?xi64>
  // CHECK: ndarray.argreduce min %{{.*}} [0, 1] keepdims : tensor<?x5xf32> -> tensor<1x1xi64>
  %1 = ndarray.argreduce min %x [0, 1] keepdims : tensor<?x5xf32> -> tensor<1x1xi64>
  // CHECK: ndarray.scan sum %{{.*}} 0 : tensor<?x5xf32> -> tensor<?x5xf32>
  %2 = ndarray.scan sum %x 0 : tensor<?x5xf32> -> tensor<?x5xf32>
  return %0, %1, %2 : tensor<?xi64>, tensor<1x1xi64>, tensor<?x5xf32>
}

// CHECK-LABEL: func @contract
func.func @contract(%a: tensor<?x4xf32>, %b: tensor<4x?xf32>) -> (tensor<?x?xf32>, tensor<f32>) {
  // CHECK: ndarray.contract %{{.*}}, %{{.*}} {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}]} : (tensor<?x4xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  %0 = ndarray.contract %a, %b {indexing_maps = [
         affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
         affine_map<(i, j, k) -> (i, j)>]} : (tensor<?x4xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  // CHECK: ndarray.contract %{{.*}} {indexing_maps = [#{{.*}}, #{{.*}}]} : (tensor<?x?xf32>) -> tensor<f32>
  %1 = ndarray.contract %0 {indexing_maps = [affine_map<(i) -> (i, i)>, affine_map<(i) -> ()>]}
         : (tensor<?x?xf32>) -> tensor<f32>
  return %0, %1 : tensor<?x?xf32>, tensor<f32>
}

// CHECK-LABEL: func @random
func.func @random(%s: tensor<i64>, %c: tensor<i64>, %n: index) -> (tensor<?x3xf64>, tensor<2xf32>) {
  // CHECK: ndarray.random "normal" %{{.*}}, %{{.*}}(%{{.*}}) : tensor<i64>, tensor<i64> -> tensor<?x3xf64>
  %0 = ndarray.random "normal" %s, %c (%n) : tensor<i64>, tensor<i64> -> tensor<?x3xf64>
  // CHECK: ndarray.random "uniform" %{{.*}}, %{{.*}} : tensor<i64>, tensor<i64> -> tensor<2xf32>
  %1 = ndarray.random "uniform" %s, %c : tensor<i64>, tensor<i64> -> tensor<2xf32>
  return %0, %1 : tensor<?x3xf64>, tensor<2xf32>
}

// CHECK-LABEL: func @perf_counter
func.func @perf_counter() -> tensor<f64> {
  // CHECK: ndarray.perf_counter : tensor<f64>
  %0 = ndarray.perf_counter : tensor<f64>
  return %0 : tensor<f64>
}
