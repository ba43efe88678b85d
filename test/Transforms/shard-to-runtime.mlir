// RUN: arrayc-opt %s --arrayc-shard-to-runtime | FileCheck %s

// Collectives and the process index as runtime calls on fresh buffers; main
// joins the MPI job first and leaves it last; the mesh symbol goes.
shard.grid @arrayc_mesh(shape = 4)

// CHECK-NOT: shard.
// CHECK-LABEL: func.func @reduce(
func.func @reduce(%t: tensor<3xf32>) -> tensor<3xf32> {
  // CHECK: %[[SRC:.*]] = bufferization.to_buffer %{{.*}} read_only
  // CHECK: %[[BUF:.*]] = memref.alloc() : memref<3xf32>
  // CHECK: memref.copy %[[SRC]], %[[BUF]]
  // CHECK: %[[U:.*]] = memref.cast %[[BUF]] : memref<3xf32> to memref<*xf32>
  // CHECK: call @arrayc_rt_coll_all_reduce_f32(%[[U]], %c0_i32, %c32_i32, %c3_i32, %c4_i64, %c0_i64, %c0_i64, %c0_i64, %c4_i64, %{{.*}}) : (memref<*xf32>, i32, i32, i32, i64, i64, i64, i64, i64, memref<*xi8>) -> ()
  // CHECK: bufferization.to_tensor %[[BUF]] restrict writable
  %r = shard.all_reduce %t on @arrayc_mesh grid_axes = [0] reduction = max : tensor<3xf32> -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// CHECK-LABEL: func.func @gather(
// The input is only read: its buffer of identity layout, no copy here
// (bufferization copies it only when its buffer may be strided).
func.func @gather(%t: tensor<2x3xi64>) -> tensor<2x12xi64> {
  // CHECK: %[[IN:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<2x3xi64> to memref<2x3xi64>
  // CHECK-NOT: memref.copy
  // CHECK: %[[OUT:.*]] = memref.alloc() : memref<2x12xi64>
  // CHECK: %[[UIN:.*]] = memref.cast %[[IN]]
  // CHECK: call @arrayc_rt_coll_all_gather_i64(%[[UIN]], %{{.*}}, %c8_i32, %c1_i64, %c4_i64, %c0_i64, %c0_i64, %c0_i64, %c4_i64, %{{.*}}) : (memref<*xi64>, memref<*xi64>, i32, i64, i64, i64, i64, i64, i64, memref<*xi8>) -> ()
  // CHECK: bufferization.to_tensor %[[OUT]] restrict writable
  %r = shard.all_gather %t on @arrayc_mesh grid_axes = [0] gather_axis = 1 : tensor<2x3xi64> -> tensor<2x12xi64>
  return %r : tensor<2x12xi64>
}

// A stencil's halo exchange: the rows sent copied into fresh buffers, the
// rows received written into the halo rows (insert_slice), the columns
// dynamic.
// CHECK-LABEL: func.func @halo(
// CHECK-SAME: %[[X:.*]]: tensor<?x?xf32>, %[[LO:.*]]: i64, %[[HI:.*]]: i64
func.func @halo(%x: tensor<?x?xf32>, %lo: i64, %hi: i64) -> tensor<?x?xf32> {
  // CHECK-DAG: %[[L:.*]] = arith.index_cast %[[LO]] : i64 to index
  // CHECK-DAG: %[[H:.*]] = arith.index_cast %[[HI]] : i64 to index
  // CHECK-DAG: %[[R:.*]] = tensor.dim %[[X]], %c0
  // CHECK: %[[HS:.*]] = arith.subi %[[R]], %[[H]] : index
  // CHECK: %[[HS2:.*]] = arith.subi %[[HS]], %[[H]] : index
  // CHECK: tensor.extract_slice %[[X]][%[[L]], 0] [%[[L]], %{{.*}}] [1, 1]
  // CHECK: tensor.extract_slice %[[X]][%[[HS2]], 0] [%[[H]], %{{.*}}] [1, 1]
  // CHECK: %[[LR:.*]] = memref.alloc(%[[L]], %{{.*}}) : memref<?x?xf32>
  // CHECK: %[[HR:.*]] = memref.alloc(%[[H]], %{{.*}}) : memref<?x?xf32>
  // CHECK: call @arrayc_rt_coll_exchange_halo_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c4_i32, %c4_i64, %c0_i64, %c0_i64, %c0_i64, %c4_i64, %{{.*}}) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, i32, i64, i64, i64, i64, i64, memref<*xi8>) -> ()
  // CHECK: %[[LT:.*]] = bufferization.to_tensor %[[LR]] restrict writable
  // CHECK: %[[HT:.*]] = bufferization.to_tensor %[[HR]] restrict writable
  // CHECK: %[[Y:.*]] = tensor.insert_slice %[[LT]] into %[[X]][0, 0] [%[[L]], %{{.*}}] [1, 1]
  // CHECK: tensor.insert_slice %[[HT]] into %[[Y]][%[[HS]], 0] [%[[H]], %{{.*}}] [1, 1]
  %r = shard.update_halo %x on @arrayc_mesh split_axes = [[0]] halo_sizes = [%lo, %hi] : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @slice(
func.func @slice(%t: tensor<8x12xf64>) -> tensor<8x3xf64> {
  // CHECK: %[[R:.*]] = call @arrayc_rt_coll_rank(%c4_i64
  // CHECK: %[[I:.*]] = arith.index_cast %[[R]] : i64 to index
  // CHECK: %[[OFF:.*]] = arith.muli %[[I]], %c3
  // CHECK: tensor.extract_slice %{{.*}}[0, %[[OFF]]] [8, 3] [1, 1] : tensor<8x12xf64> to tensor<8x3xf64>
  %r = shard.all_slice %t on @arrayc_mesh grid_axes = [0] slice_axis = 1 : tensor<8x12xf64> -> tensor<8x3xf64>
  return %r : tensor<8x3xf64>
}

// The partitioner's neutral element of a split reduction on ranks other than
// 0 (an scf.if around a linalg.fill) becomes an elementwise select, which the
// cuda target maps to a kernel (a fill inside a host scf.if stays host code).
// CHECK-LABEL: func.func @neutral(
func.func @neutral(%init: tensor<4xf64>, %c: i1) -> tensor<4xf64> {
  // CHECK-NOT: scf.if
  // CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf64>
  // CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<4xf64>) outs(%[[E]] : tensor<4xf64>)
  // CHECK: ^bb0(%[[IN:.*]]: f64, %{{.*}}: f64):
  // CHECK: %[[S:.*]] = arith.select %arg1, %[[IN]], %cst : f64
  // CHECK: linalg.yield %[[S]]
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<4xf64>
  %r = scf.if %c -> (tensor<4xf64>) {
    scf.yield %init : tensor<4xf64>
  } else {
    %f = linalg.fill ins(%zero : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
    scf.yield %f : tensor<4xf64>
  }
  return %r : tensor<4xf64>
}

// The fill in the then-branch: the select the other way round.
// CHECK-LABEL: func.func @neutral_then(
func.func @neutral_then(%init: tensor<f32>, %c: i1) -> tensor<f32> {
  // CHECK-NOT: scf.if
  // CHECK: linalg.generic
  // CHECK: arith.select %arg1, %cst, %{{.*}} : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<f32>
  %r = scf.if %c -> (tensor<f32>) {
    %f = linalg.fill ins(%one : f32) outs(%e : tensor<f32>) -> tensor<f32>
    scf.yield %f : tensor<f32>
  } else {
    scf.yield %init : tensor<f32>
  }
  return %r : tensor<f32>
}

// Rank 0's init already the neutral element (a product's zero-filled
// output, as a generic): no select, the init itself (its product stays a
// zero-init contraction, a cuBLAS call). A -0.0 fill is not 0.0's neutral.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @neutral_zero_init(
func.func @neutral_zero_init(%c: i1) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  // CHECK-NOT: scf.if
  // CHECK: %[[Z:.*]] = linalg.generic
  // CHECK: %[[N:.*]] = linalg.generic
  // CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%[[N]] : tensor<4x2xf32>)
  // CHECK: arith.select
  // CHECK: return %[[Z]], %[[S]]
  %zero = arith.constant 0.0 : f32
  %nzero = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %z = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x2xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<4x2xf32>
  %n = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x2xf32>) {
  ^bb0(%o: f32):
    linalg.yield %nzero : f32
  } -> tensor<4x2xf32>
  %r = scf.if %c -> (tensor<4x2xf32>) {
    scf.yield %z : tensor<4x2xf32>
  } else {
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
    scf.yield %f : tensor<4x2xf32>
  }
  %r2 = scf.if %c -> (tensor<4x2xf32>) {
    scf.yield %n : tensor<4x2xf32>
  } else {
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
    scf.yield %f : tensor<4x2xf32>
  }
  return %r, %r2 : tensor<4x2xf32>, tensor<4x2xf32>
}

// A branch computing more than a fill is left alone.
// CHECK-LABEL: func.func @not_neutral(
func.func @not_neutral(%init: tensor<f32>, %c: i1, %x: f32) -> tensor<f32> {
  // CHECK: scf.if
  %e = tensor.empty() : tensor<f32>
  %r = scf.if %c -> (tensor<f32>) {
    scf.yield %init : tensor<f32>
  } else {
    %y = arith.addf %x, %x : f32
    %f = linalg.fill ins(%y : f32) outs(%e : tensor<f32>) -> tensor<f32>
    scf.yield %f : tensor<f32>
  }
  return %r : tensor<f32>
}

// Main joins the job, calls its body (moved into @arrayc_main_sharded, so
// that constants hoisted to the body's start come after the join, which picks
// the process's GPU on cuda) and leaves the job.
// CHECK-LABEL: func.func @arrayc_main(
// CHECK-NEXT: memref.get_global
// CHECK-NEXT: memref.cast
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-NEXT: call @arrayc_rt_coll_init(%[[C4]], %{{.*}})
// CHECK-NEXT: %[[I:.*]] = call @arrayc_main_sharded() : () -> index
// CHECK-NEXT: call @arrayc_rt_coll_finalize()
// CHECK-NEXT: return %[[I]]
// CHECK-LABEL: func.func private @arrayc_main_sharded(
// CHECK: %[[R:.*]] = call @arrayc_rt_coll_rank(%c4_i64{{.*}}) : (i64, memref<*xi8>) -> i64
// CHECK: %[[X:.*]] = arith.index_cast %[[R]] : i64 to index
// CHECK-NEXT: return %[[X]]
// CHECK-NOT: coll_init
func.func @arrayc_main() -> index {
  %i = shard.process_linear_index on @arrayc_mesh : index
  return %i : index
}
