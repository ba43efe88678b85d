// RUN: arrayc-opt %s -arrayc-updates-in-place -split-input-file | FileCheck %s

// Tests that an update reading its destination only at the element it
// writes (an input with the insertion's offsets, or a tensor.extract at
// linalg.index + offset) computes into the destination's window and reads
// its output there; and that a stencil on its own destination is left alone.

#id = affine_map<(d0, d1) -> (d0, d1)>
#shift = affine_map<(d0, d1) -> (d0 + 1, d1)>

// CHECK-LABEL: func.func @same_element(
// CHECK-SAME: %[[EY:.*]]: tensor<?x?xf32>, %[[HZ:.*]]: tensor<?x?xf32>
// CHECK: %[[W:.*]] = tensor.extract_slice %[[EY]][1, 0] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%[[HZ]] : tensor<?x?xf32>) outs(%[[W]] : tensor<?x?xf32>)
// CHECK: ^bb0(%[[H:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK: arith.subf %[[OUT]], %[[H]]
// CHECK: tensor.insert_slice %[[G]] into %[[EY]][1, 0]
func.func @same_element(%ey: tensor<?x?xf32>, %hz: tensor<?x?xf32>, %n: index, %m: index) -> tensor<?x?xf32> {
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %g = linalg.generic {indexing_maps = [#shift, #shift, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ey, %hz : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %h: f32, %o: f32):
    %d = arith.subf %a, %h : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  %r = tensor.insert_slice %g into %ey[1, 0] [%n, %m] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @extract_in_body(
// CHECK-SAME: %[[HZ:.*]]: tensor<?x?xf32>
// CHECK: %[[W:.*]] = tensor.extract_slice %[[HZ]][0, 0]
// CHECK: linalg.generic {{.*}} outs(%[[W]] : tensor<?x?xf32>)
// CHECK: ^bb0(%[[OUT:.*]]: f32):
// CHECK-NOT: tensor.extract %[[HZ]]
// CHECK: arith.mulf %[[OUT]]
func.func @extract_in_body(%hz: tensor<?x?xf32>, %n: index, %m: index) -> tensor<?x?xf32> {
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %cst = arith.constant 0.5 : f32
  %g = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %x = tensor.extract %hz[%i, %j] : tensor<?x?xf32>
    %y = arith.mulf %x, %cst : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  %r = tensor.insert_slice %g into %hz[0, 0] [%n, %m] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// A stencil on its own destination reads other elements: left as it is.
// CHECK-LABEL: func.func @stencil(
// CHECK: tensor.empty
// CHECK-NOT: tensor.extract_slice
func.func @stencil(%a: tensor<?x?xf32>, %n: index, %m: index) -> tensor<?x?xf32> {
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %g = linalg.generic {indexing_maps = [#id, #shift, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %a : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.addf %x, %y : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  %r = tensor.insert_slice %g into %a[1, 0] [%n, %m] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// `B[i + 1] = 2 * A[i]` as the frontend emits it: the value first (Python's
// order), then the check of the target index, then the insertion. The check
// moves above the value's computation (and the index arithmetic it reads
// with it), so that computing the value in B's window, which moves the
// window's index above the value, never writes before the check.
#scalar = affine_map<() -> ()>
// CHECK-LABEL: func @checks_first
// CHECK: %[[OK:.*]] = arith.cmpi slt
// CHECK: call @arrayc_rt_assert_values(%[[OK]]
// CHECK: linalg.generic
// CHECK: tensor.insert_slice
func.func private @arrayc_rt_assert_values(i1, memref<*xi8>, i64, i64)
memref.global "private" constant @msg : memref<4xi8> = dense<[105, 100, 120, 0]>
func.func @checks_first(%A: tensor<?xf64>, %B: tensor<?xf64>, %i: index) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f64
  %e = tensor.empty() : tensor<f64>
  %v = linalg.generic {indexing_maps = [#scalar], iterator_types = []} outs(%e : tensor<f64>) {
  ^bb0(%o: f64):
    %a = tensor.extract %A[%i] : tensor<?xf64>
    %m = arith.mulf %a, %two : f64
    linalg.yield %m : f64
  } -> tensor<f64>
  %j = arith.addi %i, %c1 : index
  %n = tensor.dim %B, %c0 : tensor<?xf64>
  %ok = arith.cmpi slt, %j, %n : index
  %j64 = arith.index_cast %j : index to i64
  %n64 = arith.index_cast %n : index to i64
  %g = memref.get_global @msg : memref<4xi8>
  %msg = memref.cast %g : memref<4xi8> to memref<*xi8>
  func.call @arrayc_rt_assert_values(%ok, %msg, %j64, %n64) : (i1, memref<*xi8>, i64, i64) -> ()
  %r = tensor.insert_slice %v into %B[%j] [1] [1] : tensor<f64> into tensor<?xf64>
  return %r : tensor<?xf64>
}

// -----

// A helper's "argument written onto itself", inlined where the argument is a
// constant (np.zeros(10)): the update works on a writable copy of it; a
// self-write of a function argument is left as it is.
// CHECK-LABEL: func.func @constant_destination
// CHECK: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<10xf64>
// CHECK: %[[D:.*]] = tensor.cast %[[C]] : tensor<10xf64> to tensor<?xf64>
// CHECK: %[[W:.*]] = bufferization.alloc_tensor() copy(%[[D]]) : tensor<?xf64>
// CHECK-NOT: materialize_in_destination
// CHECK: return %[[W]]
func.func @constant_destination() -> tensor<?xf64> {
  %c = arith.constant dense<0.0> : tensor<10xf64>
  %d = tensor.cast %c : tensor<10xf64> to tensor<?xf64>
  %w = bufferization.materialize_in_destination %d in %d : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  return %w : tensor<?xf64>
}
// CHECK-LABEL: func.func @argument_destination
// CHECK: bufferization.materialize_in_destination %arg0 in %arg0
func.func @argument_destination(%a: tensor<?xf64>) -> tensor<?xf64> {
  %w = bufferization.materialize_in_destination %a in %a : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  return %w : tensor<?xf64>
}

// -----

// Tests that of a two-result generic (siblings merged by
// arrayc-merge-siblings), the result inserted into its destination read only
// at the written element is computed in that window; the other result keeps
// its own output.
#id = affine_map<(d0, d1) -> (d0, d1)>
#shift = affine_map<(d0, d1) -> (d0 + 1, d1)>
// CHECK-LABEL: func.func @one_of_two_results(
// CHECK-SAME: %[[EY:.*]]: tensor<?x?xf32>, %[[HZ:.*]]: tensor<?x?xf32>
// CHECK: %[[E:.*]] = tensor.empty
// CHECK: %[[W:.*]] = tensor.extract_slice %[[EY]][1, 0]
// CHECK: %[[G:.*]]:2 = linalg.generic {{.*}} ins(%[[HZ]] : tensor<?x?xf32>) outs(%[[E]], %[[W]] : tensor<?x?xf32>, tensor<?x?xf32>)
// CHECK: ^bb0(%[[H:.*]]: f32, %{{.*}}: f32, %[[OUT:.*]]: f32):
// CHECK: arith.subf %[[OUT]], %[[H]]
// CHECK: tensor.insert_slice %[[G]]#1 into %[[EY]][1, 0]
func.func @one_of_two_results(%ey: tensor<?x?xf32>, %hz: tensor<?x?xf32>, %n: index, %m: index) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %e2 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %g:2 = linalg.generic {indexing_maps = [#shift, #shift, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ey, %hz : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e, %e2 : tensor<?x?xf32>, tensor<?x?xf32>) {
  ^bb0(%a: f32, %h: f32, %o: f32, %o2: f32):
    %n2 = arith.negf %h : f32
    %d = arith.subf %a, %h : f32
    linalg.yield %n2, %d : f32, f32
  } -> (tensor<?x?xf32>, tensor<?x?xf32>)
  %r = tensor.insert_slice %g#1 into %ey[1, 0] [%n, %m] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %g#0, %r : tensor<?x?xf32>, tensor<?x?xf32>
}
