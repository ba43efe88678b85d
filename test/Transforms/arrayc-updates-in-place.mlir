// RUN: arrayc-opt %s -arrayc-updates-in-place | FileCheck %s

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
