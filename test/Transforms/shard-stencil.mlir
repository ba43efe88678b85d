// RUN: arrayc-opt %s --split-input-file --pass-pipeline='builtin.module(arrayc-shard-functions{mesh=4 shard=f:0=0 verbose=1})' 2>%t.notes | FileCheck %s
// RUN: FileCheck --check-prefix=NOTES %s < %t.notes

// Stencils whose rows are split (ShardStencil.cpp): MLIR's partitioner has no
// rule for scf.for or insert_slice, so the copy runs on this process's rows
// plus halos, exchanging them (shard.update_halo) at the start of every loop
// iteration that reads them; the block of the result is gathered.

// u[1:-1] = u[:-2] + u[2:] a step: a halo of 1 row.
#id = affine_map<(d0) -> (d0)>
#sh2 = affine_map<(d0) -> (d0 + 2)>
func.func @f(%u: tensor<?xf64>, %steps: index) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %u) -> (tensor<?xf64>) {
    %n = tensor.dim %x, %c0 : tensor<?xf64>
    %m = arith.subi %n, %c2 : index
    %e = tensor.empty(%m) : tensor<?xf64>
    %s = linalg.generic {indexing_maps = [#id, #sh2, #id], iterator_types = ["parallel"]}
        ins(%x, %x : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
    ^bb0(%a: f64, %b: f64, %o: f64):
      %t = arith.addf %a, %b : f64
      linalg.yield %t : f64
    } -> tensor<?xf64>
    %y = tensor.insert_slice %s into %x[1] [%m] [1] : tensor<?xf64> into tensor<?xf64>
    scf.yield %y : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}
func.func @arrayc_main(%u: tensor<16xf64>, %steps: index) -> tensor<?xf64> {
  %c = tensor.cast %u : tensor<16xf64> to tensor<?xf64>
  %r = call @f(%c, %steps) : (tensor<?xf64>, index) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
// The copy: halos lo = (r > 0 ? 1 : 0), hi = (r < 3 ? 1 : 0); each iteration
// starts with the exchange; the block (4 rows from lo) is gathered.
// CHECK-LABEL: func.func private @f__stencil(
// CHECK-SAME: %{{.*}}: tensor<?xf64>, %{{.*}}: index) -> tensor<16xf64>
// CHECK: %[[R:.*]] = shard.process_multi_index on @arrayc_mesh axes = [0] : index
// CHECK: %[[LO:.*]] = arith.select %{{.*}}, %c1, %c0 : index
// CHECK: %[[HI:.*]] = arith.select %{{.*}}, %c1, %c0 : index
// CHECK-DAG: %[[LO64:.*]] = arith.index_cast %[[LO]] : index to i64
// CHECK-DAG: %[[HI64:.*]] = arith.index_cast %[[HI]] : index to i64
// CHECK: scf.for {{.*}} iter_args(%[[X:.*]] = %{{.*}}) -> (tensor<?xf64>)
// CHECK-NEXT: %[[H:.*]] = shard.update_halo %[[X]] on @arrayc_mesh split_axes = {{\[\[}}0]] halo_sizes = [%[[LO64]], %[[HI64]]] : tensor<?xf64>
// CHECK-NOT: %[[X]]
// CHECK: tensor.dim %[[H]]
// CHECK: %[[B:.*]] = tensor.extract_slice %{{.*}}[%[[LO]]] [4] [1] : tensor<?xf64> to tensor<4xf64>
// CHECK: %[[G:.*]] = shard.all_gather %[[B]] on @arrayc_mesh grid_axes = [0] gather_axis = 0 : tensor<4xf64> -> tensor<16xf64>
// CHECK: return %[[G]]
// The call: rows [4 r - lo, 4 r + 4 + hi) of the whole array.
// CHECK-LABEL: func.func @arrayc_main(
// CHECK: %[[R:.*]] = shard.process_multi_index on @arrayc_mesh axes = [0] : index
// CHECK: %[[LO:.*]] = arith.select %{{.*}}, %c1, %c0 : index
// CHECK: %[[HI:.*]] = arith.select %{{.*}}, %c1, %c0 : index
// CHECK: %[[AT:.*]] = arith.muli %[[R]], %c4
// CHECK: %[[START:.*]] = arith.subi %[[AT]], %[[LO]]
// CHECK: %[[N:.*]] = arith.addi %{{.*}}, %[[HI]]
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %{{.*}}[%[[START]]] [%[[N]]] [1] : tensor<16xf64> to tensor<?xf64>
// CHECK: call @f__stencil(%[[ROWS]], %{{.*}}) : (tensor<?xf64>, index) -> tensor<16xf64>
// NOTES: f: argument 0 along dimension 0 split over 4 processes as a stencil, a halo of 1 row(s); 1 halo exchange(s) in loops, 1 collective(s)

// -----

// Two rows each side (u[2:-2] = u[:-4] + u[4:]): a halo of 2.
#id = affine_map<(d0) -> (d0)>
#sh4 = affine_map<(d0) -> (d0 + 4)>
func.func @f(%u: tensor<?xf64>, %steps: index) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %u) -> (tensor<?xf64>) {
    %n = tensor.dim %x, %c0 : tensor<?xf64>
    %m = arith.subi %n, %c4 : index
    %e = tensor.empty(%m) : tensor<?xf64>
    %s = linalg.generic {indexing_maps = [#id, #sh4, #id], iterator_types = ["parallel"]}
        ins(%x, %x : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
    ^bb0(%a: f64, %b: f64, %o: f64):
      %t = arith.addf %a, %b : f64
      linalg.yield %t : f64
    } -> tensor<?xf64>
    %y = tensor.insert_slice %s into %x[2] [%m] [1] : tensor<?xf64> into tensor<?xf64>
    scf.yield %y : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}
func.func @arrayc_main(%u: tensor<16xf64>, %steps: index) -> tensor<?xf64> {
  %c = tensor.cast %u : tensor<16xf64> to tensor<?xf64>
  %r = call @f(%c, %steps) : (tensor<?xf64>, index) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
// CHECK-LABEL: func.func private @f__stencil(
// CHECK: arith.select %{{.*}}, %c2, %c0 : index
// CHECK: shard.update_halo
// NOTES: f: argument 0 along dimension 0 split over 4 processes as a stencil, a halo of 2 row(s); 1 halo exchange(s) in loops, 1 collective(s)

// -----

// A slice of a fixed number of rows (u[:8], a position, not a shift): the
// call stays replicated.
func.func @f(%u: tensor<?xf64>) -> tensor<?xf64> {
  %s = tensor.extract_slice %u[0] [8] [1] : tensor<?xf64> to tensor<8xf64>
  %y = tensor.insert_slice %s into %u[8] [8] [1] : tensor<8xf64> into tensor<?xf64>
  return %y : tensor<?xf64>
}
func.func @arrayc_main(%u: tensor<16xf64>) -> tensor<?xf64> {
  %c = tensor.cast %u : tensor<16xf64> to tensor<?xf64>
  %r = call @f(%c) : (tensor<?xf64>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
// CHECK-LABEL: func.func @arrayc_main(
// CHECK: call @f(
// NOTES: f called at {{.*}}: replicated ({{.*}}as a stencil: 'tensor.extract_slice' at {{.*}} takes a fixed number of rows of a split array (a position, not a shift))

// -----

// A sum over the rows in a loop: not local.
#id = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
func.func @f(%u: tensor<?xf64>, %steps: index) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %u) -> (tensor<?xf64>) {
    %e = tensor.empty() : tensor<f64>
    %f = linalg.fill ins(%z : f64) outs(%e : tensor<f64>) -> tensor<f64>
    %s = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction"]}
        ins(%x : tensor<?xf64>) outs(%f : tensor<f64>) {
    ^bb0(%a: f64, %o: f64):
      %t = arith.addf %a, %o : f64
      linalg.yield %t : f64
    } -> tensor<f64>
    %n = tensor.dim %x, %c0 : tensor<?xf64>
    %e2 = tensor.empty(%n) : tensor<?xf64>
    %d = linalg.generic {indexing_maps = [#id, #all, #id], iterator_types = ["parallel"]}
        ins(%x, %s : tensor<?xf64>, tensor<f64>) outs(%e2 : tensor<?xf64>) {
    ^bb0(%a: f64, %b: f64, %o: f64):
      %t = arith.subf %a, %b : f64
      linalg.yield %t : f64
    } -> tensor<?xf64>
    scf.yield %d : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}
func.func @arrayc_main(%u: tensor<16xf64>, %steps: index) -> tensor<?xf64> {
  %c = tensor.cast %u : tensor<16xf64> to tensor<?xf64>
  %r = call @f(%c, %steps) : (tensor<?xf64>, index) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
// NOTES: f called at {{.*}}: replicated ({{.*}}as a stencil: 'linalg.generic' at {{.*}} reduces along the split rows)

// -----

// The row index read as a value (a ramp along the rows): a position.
#id = affine_map<(d0) -> (d0)>
func.func @f(%u: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %u, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%u : tensor<?xf64>) outs(%e : tensor<?xf64>) {
  ^bb0(%a: f64, %o: f64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %t = arith.addf %a, %f : f64
    linalg.yield %t : f64
  } -> tensor<?xf64>
  return %s : tensor<?xf64>
}
func.func @arrayc_main(%u: tensor<16xf64>) -> tensor<?xf64> {
  %c = tensor.cast %u : tensor<16xf64> to tensor<?xf64>
  %r = call @f(%c) : (tensor<?xf64>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
// NOTES: f called at {{.*}}: replicated ({{.*}}as a stencil: 'linalg.generic' at {{.*}} reads its row index (a position along the split rows))
