// RUN: arrayc-opt %s --arrayc-scalarize-host-scalars --split-input-file | FileCheck %s

// `i + 1` on a host scalar: scalar arith, the extract folded away.
// CHECK-LABEL: func @index_plus_one
// CHECK-NOT: linalg.generic
// CHECK: %[[R:.*]] = arith.addi %arg0, %{{.*}} : i64
// CHECK: return %[[R]]
#map = affine_map<() -> ()>
func.func @index_plus_one(%i: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %t = tensor.from_elements %i : tensor<i64>
  %e = tensor.empty() : tensor<i64>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = []}
      ins(%t : tensor<i64>) outs(%e : tensor<i64>) {
  ^bb0(%in: i64, %out: i64):
    %s = arith.addi %in, %c1 : i64
    linalg.yield %s : i64
  } -> tensor<i64>
  %x = tensor.extract %r[] : tensor<i64>
  return %x : i64
}

// -----

// A chain with a splat constant input; the 0-d result stays a tensor where
// it is used as one.
// CHECK-LABEL: func @chain
// CHECK-NOT: linalg.generic
// CHECK: %[[A:.*]] = arith.subi %arg0, %{{.*}} : i64
// CHECK: %[[M:.*]] = arith.muli %[[A]], %{{.*}} : i64
// CHECK: %[[T:.*]] = tensor.from_elements %[[M]] : tensor<i64>
// CHECK: return %[[T]]
#map1 = affine_map<() -> ()>
func.func @chain(%n: i64) -> tensor<i64> {
  %c1 = arith.constant 1 : i64
  %three = arith.constant dense<3> : tensor<i64>
  %t = tensor.from_elements %n : tensor<i64>
  %e = tensor.empty() : tensor<i64>
  %a = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = []}
      ins(%t : tensor<i64>) outs(%e : tensor<i64>) {
  ^bb0(%in: i64, %out: i64):
    %s = arith.subi %in, %c1 : i64
    linalg.yield %s : i64
  } -> tensor<i64>
  %m = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = []}
      ins(%a, %three : tensor<i64>, tensor<i64>) outs(%e : tensor<i64>) {
  ^bb0(%x: i64, %y: i64, %out: i64):
    %p = arith.muli %x, %y : i64
    linalg.yield %p : i64
  } -> tensor<i64>
  return %m : tensor<i64>
}

// -----

// Left alone: an input read from an array (not a host scalar), and a body
// with a math op (libm on the host, libdevice on the GPU).
// CHECK-LABEL: func @not_host
// CHECK-COUNT-2: linalg.generic
#map2 = affine_map<() -> ()>
func.func @not_host(%a: tensor<f64>, %x: f64) -> (tensor<f64>, tensor<f64>) {
  %e = tensor.empty() : tensor<f64>
  %r = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []}
      ins(%a : tensor<f64>) outs(%e : tensor<f64>) {
  ^bb0(%in: f64, %out: f64):
    %s = arith.addf %in, %in : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  %t = tensor.from_elements %x : tensor<f64>
  %q = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []}
      ins(%t : tensor<f64>) outs(%e : tensor<f64>) {
  ^bb0(%in: f64, %out: f64):
    %s = math.sqrt %in : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r, %q : tensor<f64>, tensor<f64>
}

// -----

// A fill (no inputs: a reduction's init) stays a generic, which the GPU
// mapping folds into the reduction's kernel.
// CHECK-LABEL: func @fill_stays
// CHECK: linalg.generic
// CHECK-NOT: tensor.from_elements
#map3 = affine_map<() -> ()>
func.func @fill_stays() -> tensor<f64> {
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<f64>
  %f = linalg.generic {indexing_maps = [#map3], iterator_types = []} outs(%e : tensor<f64>) {
  ^bb0(%out: f64):
    linalg.yield %z : f64
  } -> tensor<f64>
  return %f : tensor<f64>
}

// -----

// A host scalar read by a generic of higher rank (`x * alpha + 2`) is used by
// the body directly and its 0-d input erased (on cuda each such input was a
// one-thread kernel storing the scalar to device memory); the splat constant
// too. The array input stays.
// CHECK-LABEL: func @scalar_into_array_op
// CHECK-SAME: (%[[X:.*]]: tensor<?xf64>, %[[A:.*]]: f64)
// CHECK-NOT: tensor.from_elements
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[X]] : tensor<?xf64>)
// CHECK: ^bb0(%[[IN:.*]]: f64, %{{.*}}: f64):
// CHECK: %[[M:.*]] = arith.mulf %[[IN]], %[[A]] : f64
// CHECK: arith.addf %[[M]], %{{.*}} : f64
#id = affine_map<(d0) -> (d0)>
#sc = affine_map<(d0) -> ()>
func.func @scalar_into_array_op(%x: tensor<?xf64>, %a: f64) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %two = arith.constant dense<2.0> : tensor<f64>
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %t = tensor.from_elements %a : tensor<f64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %r = linalg.generic {indexing_maps = [#id, #sc, #sc, #id], iterator_types = ["parallel"]}
      ins(%x, %t, %two : tensor<?xf64>, tensor<f64>, tensor<f64>) outs(%e : tensor<?xf64>) {
  ^bb0(%in: f64, %s: f64, %c: f64, %out: f64):
    %m = arith.mulf %in, %s : f64
    %p = arith.addf %m, %c : f64
    linalg.yield %p : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}
