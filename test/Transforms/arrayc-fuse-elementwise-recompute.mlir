// RUN: arrayc-opt %s -arrayc-fuse-elementwise="recompute=true" | FileCheck %s
// RUN: arrayc-opt %s -arrayc-fuse-elementwise | FileCheck %s --check-prefix=KEEP

// softmax's e = exp(x - m) has two consumers (the row sum, read through a
// keepdims reshape, and the division). With recompute the unit dim is
// dropped and e is cloned into both: two generics, each computing exp, and
// no tensor of e. Without it e stays a generic of its own.
#id = affine_map<(d0, d1) -> (d0, d1)>
#bc = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func @softmax_tail
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK: math.exp
// CHECK: arith.divf
// CHECK-NOT: linalg.generic
// KEEP-LABEL: func @softmax_tail
// KEEP-COUNT-3: linalg.generic
func.func @softmax_tail(%x: tensor<?x?xf32>, %m: tensor<?x1xf32>, %acc: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %empty = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %e = linalg.generic {indexing_maps = [#id, #bc, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<?x?xf32>, tensor<?x1xf32>) outs(%empty : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.subf %a, %b : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<?x?xf32>
  %ee = tensor.expand_shape %e [[0, 1], [2]] output_shape [%d0, 1, %d1] : tensor<?x?xf32> into tensor<?x1x?xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%ee : tensor<?x1x?xf32>) outs(%acc : tensor<?x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.addf %a, %o : f32
    linalg.yield %0 : f32
  } -> tensor<?x1xf32>
  %r = linalg.generic {indexing_maps = [#id, #bc, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e, %s : tensor<?x?xf32>, tensor<?x1xf32>) outs(%empty : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.divf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
