// RUN: arrayc-opt %s --split-input-file --pass-pipeline='builtin.module(arrayc-shard-functions{mesh=2 shard=dot:0=0,dot:1=0 verbose=1})' 2>%t.notes | FileCheck %s
// RUN: FileCheck --check-prefix=NOTES %s < %t.notes

// A dot product called on static 8-element vectors: a private copy takes
// 4-element blocks, reduces them locally and all-reduces; the call passes
// this process's blocks, sliced at its linear index.
#id = affine_map<(d0) -> (d0)>
#to0 = affine_map<(d0) -> ()>
func.func @dot(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<f64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<f64>
  %init = linalg.fill ins(%zero : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %r = linalg.generic {indexing_maps = [#id, #id, #to0], iterator_types = ["reduction"]}
      ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %p, %acc : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}
func.func @arrayc_main(%x: tensor<8xf64>) -> tensor<f64> {
  %c = tensor.cast %x : tensor<8xf64> to tensor<?xf64>
  %r = call @dot(%c, %c) : (tensor<?xf64>, tensor<?xf64>) -> tensor<f64>
  return %r : tensor<f64>
}
// CHECK: shard.grid @arrayc_mesh(shape = 2)
// CHECK-LABEL: func.func @dot(
// CHECK-LABEL: func.func private @dot__sharded(
// CHECK-SAME: tensor<4xf64>, %{{.*}}: tensor<4xf64>) -> tensor<f64>
// CHECK: shard.process_multi_index on @arrayc_mesh
// CHECK: linalg.generic {{.*}}ins(%{{.*}}, %{{.*}} : tensor<4xf64>, tensor<4xf64>)
// CHECK: shard.all_reduce %{{.*}} on @arrayc_mesh grid_axes = [0] : tensor<f64> -> tensor<f64>
// CHECK-LABEL: func.func @arrayc_main(
// CHECK: %[[RANK:.*]] = shard.process_multi_index on @arrayc_mesh axes = [0] : index
// CHECK: %[[OFF:.*]] = arith.muli %[[RANK]], %c4
// CHECK: %[[A:.*]] = tensor.extract_slice %{{.*}}[%[[OFF]]] [4] [1] : tensor<8xf64> to tensor<4xf64>
// CHECK: call @dot__sharded(%[[A]], %{{.*}}) : (tensor<4xf64>, tensor<4xf64>) -> tensor<f64>
// NOTES: arrayc: shard: dot: argument 0 along dimension 0, argument 1 along dimension 0 split over 2 processes; 1 collective(s)

// -----

// Sizes that do not divide by the mesh and shapes unknown at compile time
// stay replicated: the calls are untouched.
#id = affine_map<(d0) -> (d0)>
#to0 = affine_map<(d0) -> ()>
func.func @dot(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<f64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<f64>
  %init = linalg.fill ins(%zero : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %r = linalg.generic {indexing_maps = [#id, #id, #to0], iterator_types = ["reduction"]}
      ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %p, %acc : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}
func.func @arrayc_main(%x: tensor<7xf64>, %y: tensor<?xf64>) {
  %c = tensor.cast %x : tensor<7xf64> to tensor<?xf64>
  %r = call @dot(%c, %c) : (tensor<?xf64>, tensor<?xf64>) -> tensor<f64>
  %s = call @dot(%y, %y) : (tensor<?xf64>, tensor<?xf64>) -> tensor<f64>
  return
}
// CHECK-LABEL: func.func @arrayc_main(
// CHECK-NEXT: tensor.cast
// CHECK-NEXT: call @dot(
// CHECK-NEXT: call @dot(
// CHECK-NEXT: return
// NOTES: dot: argument 0 stays whole: its dimension 0 (7) is not a multiple of the mesh's 2 processes
// NOTES: dot: argument 1 stays whole
// NOTES: dot called at {{.*}}shard-functions.mlir:{{[0-9]+}}:{{[0-9]+}}: replicated (no split argument left{{.*}})
// NOTES: dot called at {{.*}}shard-functions.mlir:{{[0-9]+}}:{{[0-9]+}}: replicated (an argument's shape is not known at compile time)

// -----

// A generic reading linalg.index (np.arange-like): MLIR's partitioner would
// not offset the index by the block, so the call stays replicated.
#id = affine_map<(d0) -> (d0)>
#to0 = affine_map<(d0) -> ()>
func.func @dot(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<f64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<f64>
  %init = linalg.fill ins(%zero : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %r = linalg.generic {indexing_maps = [#id, #id, #to0], iterator_types = ["reduction"]}
      ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %p = arith.mulf %x, %fi : f64
    %s = arith.addf %p, %acc : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}
func.func @arrayc_main(%z: tensor<8xf64>) {
  %cz = tensor.cast %z : tensor<8xf64> to tensor<?xf64>
  %t = call @dot(%cz, %cz) : (tensor<?xf64>, tensor<?xf64>) -> tensor<f64>
  return
}
// CHECK-LABEL: func.func @arrayc_main(
// CHECK-NEXT: tensor.cast
// CHECK-NEXT: call @dot(
// CHECK-NEXT: return
// NOTES: dot called at {{.*}}: replicated ('linalg.generic' at {{.*}}shard-functions.mlir:{{[0-9]+}}:{{[0-9]+}} reads linalg.index along a split dimension, which the partitioner does not offset by the block; as a stencil: {{.*}} reduces along the split rows)

// -----

// A reduction combined by subtraction (the partitioner aborts on it) and a
// loop (no sharding rule) stay replicated.
#id = affine_map<(d0) -> (d0)>
#to0 = affine_map<(d0) -> ()>
func.func @dot(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<f64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<f64>
  %init = linalg.fill ins(%zero : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %r = linalg.generic {indexing_maps = [#id, #id, #to0], iterator_types = ["reduction"]}
      ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %s = arith.subf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}
func.func @arrayc_main(%z: tensor<8xf64>) {
  %cz = tensor.cast %z : tensor<8xf64> to tensor<?xf64>
  %t = call @dot(%cz, %cz) : (tensor<?xf64>, tensor<?xf64>) -> tensor<f64>
  return
}
// CHECK-LABEL: func.func @arrayc_main(
// CHECK-NEXT: tensor.cast
// CHECK-NEXT: call @dot(
// CHECK-NEXT: return
// NOTES: dot called at {{.*}}: replicated (a reduction combined by 'arith.subf', which MLIR's partitioner cannot turn into a collective at {{.*}})

// -----

// A generic reading an array inside its body (a gather by values): the
// array would be the local block, read at global indices.
#id = affine_map<(d0) -> (d0)>
func.func @dot(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%x: f64, %o: f64):
    %i = arith.fptosi %x : f64 to i64
    %j = arith.index_cast %i : i64 to index
    %v = tensor.extract %b[%j] : tensor<?xf64>
    linalg.yield %v : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @arrayc_main(%z: tensor<8xf64>) -> tensor<?xf64> {
  %cz = tensor.cast %z : tensor<8xf64> to tensor<?xf64>
  %t = call @dot(%cz, %cz) : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  return %t : tensor<?xf64>
}
// CHECK-LABEL: func.func @arrayc_main(
// CHECK-NEXT: tensor.cast
// CHECK-NEXT: call @dot(
// NOTES: dot called at {{.*}}: replicated ('linalg.generic' at {{.*}} reads an array inside its body (indexing by values){{.*}})
