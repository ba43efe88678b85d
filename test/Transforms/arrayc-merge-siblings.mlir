// RUN: arrayc-opt %s -arrayc-merge-siblings -split-input-file | FileCheck %s

// Tests that three elementwise ops reading %x at every point become one
// generic with three results at the first one's place: the third one's
// output (defined between them, sized from another argument) moves up,
// %x is read once, and the exp both bodies compute is computed once.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func @three
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK: tensor.empty
// CHECK: tensor.dim %[[Y]]
// CHECK: tensor.empty
// CHECK: %[[R:.*]]:3 = linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<?xf32>, tensor<?xf32>) outs(
// CHECK-COUNT-1: math.exp
// CHECK-NOT: math.exp
// CHECK: linalg.yield
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
func.func @three(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %in1: f32, %out: f32):
    %0 = math.exp %in : f32
    %1 = arith.mulf %0, %in1 : f32
    linalg.yield %1 : f32
  } -> tensor<?xf32>
  %m = tensor.dim %y, %c0 : tensor<?xf32>
  %e2 = tensor.empty(%m) : tensor<?xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e2 : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  return %a, %b, %c : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// -----

// Tests that an op reading its sibling's result stays apart (it depends on
// it), and so do ops sharing no array read at every point (their loops may
// differ) and ops with a reduction loop.
#id = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
// CHECK-LABEL: func @apart
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT: linalg.generic
func.func @apart(%x: tensor<?xf32>, %y: tensor<?xf32>, %s: tensor<f32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %a : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %in1: f32, %out: f32):
    %0 = arith.mulf %in, %in1 : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%y : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  %d = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction"]}
      ins(%x : tensor<?xf32>) outs(%s : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  return %a, %b, %c, %d : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>
}

// -----

// Tests that a check between two siblings keeps them apart (the second's
// reads of %z wait for it), and that it merges with the ops after the check,
// one of whose results is inserted into a slice (each output its own empty
// tensor: the one they shared is made again); a transposed read stays a
// single op.
#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func @kept
// CHECK: %[[E:.*]] = tensor.empty
// CHECK: linalg.generic
// CHECK: ndarray.assert
// CHECK: %[[E1:.*]] = tensor.empty
// CHECK: %[[E2:.*]] = tensor.empty
// CHECK: %[[M:.*]]:3 = linalg.generic {{.*}} outs(%[[E]], %[[E1]], %[[E2]] :
// CHECK: tensor.insert_slice %[[M]]#2
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK-NOT: linalg.generic
func.func @kept(%x: tensor<?xf32>, %z: tensor<?xf32>, %ok: i1, %d: tensor<?xf32>, %m: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  ndarray.assert %ok, "sizes differ"
  %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %z : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %in1: f32, %out: f32):
    %0 = arith.addf %in, %in1 : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  %v = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.sqrt %in : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  %w = tensor.insert_slice %v into %d[%c1] [%n] [1] : tensor<?xf32> into tensor<?xf32>
  %r = tensor.dim %m, %c0 : tensor<?x?xf32>
  %k = tensor.dim %m, %c1 : tensor<?x?xf32>
  %e2 = tensor.empty(%r, %k) : tensor<?x?xf32>
  %t = linalg.generic {indexing_maps = [#id2, #tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%m, %m : tensor<?x?xf32>, tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %in1: f32, %out: f32):
    %0 = arith.addf %in, %in1 : f32
    linalg.yield %0 : f32
  } -> tensor<?x?xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<?x?xf32>
  return %a, %b, %u, %w, %t, %s : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
