// RUN: arrayc-opt %s --split-input-file --pass-pipeline='builtin.module(arrayc-shard-functions{mesh=2 shard=f:0=0 verbose=1})' 2>%t.notes | FileCheck %s
// RUN: FileCheck --check-prefix=NOTES %s < %t.notes
// RUN: arrayc-opt %s --split-input-file --pass-pipeline='builtin.module(arrayc-shard-functions{mesh=2 shard=f:0=1 verbose=1})' 2>%t.notes1 | FileCheck --check-prefix=COLS %s
// RUN: FileCheck --check-prefix=NOTES1 %s < %t.notes1

// np.argmin(x, axis=1) as convert-ndarray-to-linalg writes it: one generic
// with two results (value, index) whose body computes the index with
// linalg.index + index_cast. MLIR 22's partitioner segfaults on a reduction
// with two results. The copy instead reads an iota of the reduced axis
// (its own generic, whole) and runs a min reduction and a
// first-matching-index reduction, both split along the rows, joined again
// after partitioning; the function as written keeps its arg-reduction.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @f(%x: tensor<?x?xf32>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %inf = arith.constant 0x7F800000 : f32
  %z = arith.constant 0 : i64
  %ev = tensor.empty(%n) : tensor<?xf32>
  %ei = tensor.empty(%n) : tensor<?xi64>
  %fv = linalg.fill ins(%inf : f32) outs(%ev : tensor<?xf32>) -> tensor<?xf32>
  %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<?xi64>) -> tensor<?xi64>
  %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%fv, %fi : tensor<?xf32>, tensor<?xi64>) {
  ^bb0(%a: f32, %acc: f32, %acci: i64):
    %zero = arith.constant 0 : index
    %j = linalg.index 1 : index
    %lin = arith.addi %zero, %j : index
    %ii = arith.index_cast %lin : index to i64
    %lt = arith.cmpf olt, %a, %acc : f32
    %xn = arith.cmpf uno, %a, %a : f32
    %an = arith.cmpf uno, %acc, %acc : f32
    %t = arith.constant true
    %notan = arith.xori %an, %t : i1
    %xnn = arith.andi %xn, %notan : i1
    %better = arith.ori %lt, %xnn : i1
    %eq = arith.cmpf oeq, %a, %acc : f32
    %bn = arith.andi %xn, %an : i1
    %same = arith.ori %eq, %bn : i1
    %earlier = arith.cmpi slt, %ii, %acci : i64
    %se = arith.andi %same, %earlier : i1
    %take = arith.ori %better, %se : i1
    %nv = arith.select %take, %a, %acc : f32
    %ni = arith.select %take, %ii, %acci {ndarray.arg_reduce = #ndarray<arg_reduce min>} : i64
    linalg.yield %nv, %ni : f32, i64
  } -> (tensor<?xf32>, tensor<?xi64>)
  return %r#1 : tensor<?xi64>
}
func.func @arrayc_main(%x: tensor<64x8xf32>) -> tensor<?xi64> {
  %c = tensor.cast %x : tensor<64x8xf32> to tensor<?x?xf32>
  %r = call @f(%c) : (tensor<?x?xf32>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}
// CHECK-LABEL: func.func @f(
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<?xf32>, tensor<?xi64>)
// CHECK: linalg.index 1
// CHECK-LABEL: func.func private @f__sharded(
// CHECK-SAME: %[[X:.*]]: tensor<32x8xf32>) -> tensor<64xi64>
// After partitioning, the pair (min, first matching index) of a reduction
// along a dimension that stays whole is joined again: one arg-reduction
// reading each element once, its index from linalg.index as written.
// CHECK-NOT: arith.minimumf
// CHECK-NOT: arrayc.first_index
// CHECK: %[[IDX:.*]]:2 = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<32x8xf32>) outs(%{{.*}}, %{{.*}} : tensor<32xf32>, tensor<32xi64>)
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: i64):
// CHECK-NEXT: linalg.index 1
// CHECK: arith.select {{.*}} {ndarray.arg_reduce = #ndarray<arg_reduce min>} : i64
// CHECK-NOT: linalg.generic
// CHECK: shard.all_gather %[[IDX]]#1 on @arrayc_mesh grid_axes = [0] gather_axis = 0 : tensor<32xi64> -> tensor<64xi64>
// CHECK-LABEL: func.func @arrayc_main(
// CHECK: call @f__sharded(
// NOTES: arrayc: shard: f: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
// The columns (the reduced axis) split: the iota would be split with them
// and the partitioner does not offset linalg.index by the block.
// COLS-LABEL: func.func @arrayc_main(
// COLS-NEXT: tensor.cast
// COLS-NEXT: call @f(
// NOTES1: f called at {{.*}}: replicated ('linalg.generic' at {{.*}}shard-index-inputs.mlir:{{[0-9]+}}:{{[0-9]+}} reads linalg.index along a split dimension, which the partitioner does not offset by the block{{.*}})

// -----

// An index value computed from the data as well (not movable to an input):
// a reduction still computing with index values is kept from the
// partitioner; the call stays replicated.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @f(%x: tensor<?x?xf64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf64>
  %z = arith.constant 0 : i64
  %e = tensor.empty(%n) : tensor<?xi64>
  %init = linalg.fill ins(%z : i64) outs(%e : tensor<?xi64>) -> tensor<?xi64>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf64>) outs(%init : tensor<?xi64>) {
  ^bb0(%a: f64, %acc: i64):
    %v = arith.fptosi %a : f64 to i64
    %vi = arith.index_cast %v : i64 to index
    %j = linalg.index 1 : index
    %s = arith.addi %vi, %j : index
    %si = arith.index_cast %s : index to i64
    %t = arith.addi %si, %acc : i64
    linalg.yield %t : i64
  } -> tensor<?xi64>
  return %r : tensor<?xi64>
}
func.func @arrayc_main(%x: tensor<64x8xf64>) -> tensor<?xi64> {
  %c = tensor.cast %x : tensor<64x8xf64> to tensor<?x?xf64>
  %r = call @f(%c) : (tensor<?x?xf64>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}
// CHECK-LABEL: func.func @arrayc_main(
// CHECK-NEXT: tensor.cast
// CHECK: call @f__stencil(
// The rows split: each row is reduced whole on its process (the reduction
// runs along the columns), so the stencil path splits it, MLIR's partitioner
// never seeing it.
// NOTES: f: argument 0 along dimension 0 split over 2 processes row by row (no halo); 1 collective(s)
// NOTES1: f called at {{.*}}: replicated ('linalg.generic' at {{.*}} is a reduction computing with index values

// -----

// A reduction's body reading a scalar argument: the partitioner segfaults
// when it splits the reduced dimension. The call stays replicated.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @f(%x: tensor<?x?xf64>, %s: f64) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf64>
  %z = arith.constant 0.0 : f64
  %e = tensor.empty(%n) : tensor<?xf64>
  %init = linalg.fill ins(%z : f64) outs(%e : tensor<?xf64>) -> tensor<?xf64>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %p = arith.mulf %a, %s : f64
    %t = arith.addf %p, %acc : f64
    linalg.yield %t : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @arrayc_main(%x: tensor<64x8xf64>, %s: f64) -> tensor<?xf64> {
  %c = tensor.cast %x : tensor<64x8xf64> to tensor<?x?xf64>
  %r = call @f(%c, %s) : (tensor<?x?xf64>, f64) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
// CHECK-LABEL: func.func @arrayc_main(
// CHECK-NEXT: tensor.cast
// CHECK: call @f__stencil(
// The rows split: each row is reduced whole on its process (the reduction
// runs along the columns), so the stencil path splits it, MLIR's partitioner
// never seeing it.
// NOTES: f: argument 0 along dimension 0 split over 2 processes row by row (no halo); 1 collective(s)
// NOTES1: f called at {{.*}}: replicated ('linalg.generic' at {{.*}} is a reduction reading a value defined outside its body

// -----

// A constant in a reduction's body (canonicalization hoists it out, which
// the partitioner would segfault on when it splits the reduced dimension) is
// put back into the body before partitioning (the canonicalization after it
// hoists it again): split either way, the columns too.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @f(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf64>
  %z = arith.constant 0.0 : f64
  %e = tensor.empty(%n) : tensor<?xf64>
  %init = linalg.fill ins(%z : f64) outs(%e : tensor<?xf64>) -> tensor<?xf64>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %two = arith.constant 2.0 : f64
    %p = arith.mulf %a, %two : f64
    %t = arith.addf %p, %acc : f64
    linalg.yield %t : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @arrayc_main(%x: tensor<64x8xf64>) -> tensor<?xf64> {
  %c = tensor.cast %x : tensor<64x8xf64> to tensor<?x?xf64>
  %r = call @f(%c) : (tensor<?x?xf64>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
// CHECK-LABEL: func.func private @f__sharded(
// CHECK-SAME: tensor<32x8xf64>) -> tensor<64xf64>
// CHECK: shard.all_gather
// CHECK-LABEL: func.func @arrayc_main(
// CHECK: call @f__sharded(
// COLS-LABEL: func.func private @f__sharded(
// COLS-SAME: tensor<64x4xf64>) -> tensor<64xf64>
// COLS: arith.mulf
// COLS: shard.all_reduce
// COLS-LABEL: func.func @arrayc_main(
// COLS: call @f__sharded(
// NOTES: f: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
// NOTES1: f: argument 0 along dimension 1 split over 2 processes; 1 collective(s)

// -----

// A reduction using its accumulator twice (`c ? x : acc` before the add):
// the partitioner aborts finding its combiner when it splits the reduced
// dimension. The call stays replicated.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @f(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf64>
  %z = arith.constant 0.0 : f64
  %e = tensor.empty(%n) : tensor<?xf64>
  %init = linalg.fill ins(%z : f64) outs(%e : tensor<?xf64>) -> tensor<?xf64>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %zero = arith.constant 0.0 : f64
    %pos = arith.cmpf ogt, %a, %zero : f64
    %v = arith.select %pos, %a, %acc : f64
    %t = arith.addf %v, %acc : f64
    linalg.yield %t : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @arrayc_main(%x: tensor<64x8xf64>) -> tensor<?xf64> {
  %c = tensor.cast %x : tensor<64x8xf64> to tensor<?x?xf64>
  %r = call @f(%c) : (tensor<?x?xf64>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
// CHECK-LABEL: func.func @arrayc_main(
// CHECK-NEXT: tensor.cast
// CHECK: call @f__stencil(
// The rows split: each row is reduced whole on its process (the reduction
// runs along the columns), so the stencil path splits it, MLIR's partitioner
// never seeing it.
// NOTES: f: argument 0 along dimension 0 split over 2 processes row by row (no halo); 1 collective(s)
// NOTES1: f called at {{.*}}: replicated ('linalg.generic' at {{.*}} is a reduction using its accumulator more than once, which MLIR 22's partitioner aborts on when it splits the reduced dimension{{.*}})
