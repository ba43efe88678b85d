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

// A gather reading a gather (np.roll of np.roll): the inner gather's body is
// inlined at the outer one's tensor.extract, its linalg.index ops replaced
// by the extract's indices; one generic reading %b. Without recompute the
// inner gather stays a tensor of its own.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @gather_of_gather
// CHECK: linalg.generic
// CHECK: arith.remui
// CHECK: arith.remui
// CHECK: tensor.extract %arg0[%{{.*}}, %{{.*}}]
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
// KEEP-LABEL: func @gather_of_gather
// KEEP-COUNT-2: linalg.generic
func.func @gather_of_gather(%b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %b, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %b, %c1 : tensor<?x?xf32>
  %empty = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %rows = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%empty : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %i1 = arith.addi %i, %c1 : index
    %r = arith.remui %i1, %d0 : index
    %v = tensor.extract %b[%r, %j] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  %out = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%empty : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %j1 = arith.addi %j, %c1 : index
    %s = arith.remui %j1, %d1 : index
    %v = tensor.extract %rows[%i, %s] : tensor<?x?xf32>
    %w = arith.mulf %v, %v : f32
    linalg.yield %w : f32
  } -> tensor<?x?xf32>
  return %out : tensor<?x?xf32>
}

// An extract outside any generic takes the producer's body too (%q's here,
// one element read from %p), but a producer that reads its output (%p) is
// not inlined: the element it would read is not the extract's.
// CHECK-LABEL: func @reads_output
// CHECK: %[[P:.*]] = linalg.generic
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: tensor.extract %[[P]][%c0]
func.func @reads_output(%b: tensor<?xf32>, %init: tensor<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %p = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%b : tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%init : tensor<?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %v = tensor.extract %p[%i] : tensor<?xf32>
    linalg.yield %v : f32
  } -> tensor<?xf32>
  %r = tensor.extract %q[%c0] : tensor<?xf32>
  return %r : f32
}

// A 0-d computation read by host code: on two arrays it stays a generic (on
// cuda one kernel and one read back, not one read per array); on one array
// and a constant it is inlined at the extract.
// CHECK-LABEL: func @zero_rank_at_host_extract
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: tensor<f64>
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: tensor.extract %[[G]][]
// CHECK: %[[X:.*]] = tensor.extract %[[A]][]
// CHECK: arith.mulf %[[X]]
// CHECK-NOT: linalg.generic
func.func @zero_rank_at_host_extract(%a: tensor<f64>, %b: tensor<f64>, %i1: tensor<i1>, %f: tensor<f64>) -> (i1, f64) {
  %lt = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%a, %b : tensor<f64>, tensor<f64>) outs(%i1 : tensor<i1>) {
  ^bb0(%x: f64, %y: f64, %o: i1):
    %c = arith.cmpf olt, %x, %y : f64
    linalg.yield %c : i1
  } -> tensor<i1>
  %r = tensor.extract %lt[] : tensor<i1>
  %two = arith.constant dense<2.0> : tensor<f64>
  %m = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%a, %two : tensor<f64>, tensor<f64>) outs(%f : tensor<f64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    linalg.yield %p : f64
  } -> tensor<f64>
  %s = tensor.extract %m[] : tensor<f64>
  return %r, %s : i1, f64
}
