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
func.func @gather(%t: tensor<2x3xi64>) -> tensor<2x12xi64> {
  // CHECK: %[[OUT:.*]] = memref.alloc() : memref<2x12xi64>
  // CHECK: call @arrayc_rt_coll_all_gather_i64(%{{.*}}, %{{.*}}, %c8_i32, %c1_i64, %c4_i64, %c0_i64, %c0_i64, %c0_i64, %c4_i64, %{{.*}}) : (memref<*xi64>, memref<*xi64>, i32, i64, i64, i64, i64, i64, i64, memref<*xi8>) -> ()
  // CHECK: bufferization.to_tensor %[[OUT]] restrict writable
  %r = shard.all_gather %t on @arrayc_mesh grid_axes = [0] gather_axis = 1 : tensor<2x3xi64> -> tensor<2x12xi64>
  return %r : tensor<2x12xi64>
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

// CHECK-LABEL: func.func @arrayc_main(
func.func @arrayc_main() -> index {
  // CHECK: call @arrayc_rt_coll_init(%c4_i64, %{{.*}})
  // CHECK: %[[R:.*]] = call @arrayc_rt_coll_rank(%c4_i64{{.*}}) : (i64, memref<*xi8>) -> i64
  // CHECK: %[[I:.*]] = arith.index_cast %[[R]] : i64 to index
  // CHECK: call @arrayc_rt_coll_finalize()
  // CHECK-NEXT: return %[[I]]
  %i = shard.process_linear_index on @arrayc_mesh : index
  return %i : index
}
