// RUN: arrayc-opt %s --split-input-file --arrayc-shard-to-runtime | FileCheck %s
// RUN: arrayc-opt %s --split-input-file --arrayc-shard-to-runtime="gemm=false" | FileCheck --check-prefix=OFF %s

// A matrix product with A's rows split, gathered along its rows (what the
// partitioner makes of `a @ b`, a's rows split): one call of the runtime's
// product-and-gather on A's and B's buffers as they are (rows contiguous,
// evenly spaced) into the whole result; the product is gone. With gemm=false
// (no BLAS, or --tf32) the product stays and its result is all-gathered.
shard.grid @arrayc_mesh(shape = 4)
#a = affine_map<(i, j, l) -> (i, l)>
#b = affine_map<(i, j, l) -> (l, j)>
#c = affine_map<(i, j, l) -> (i, j)>
// CHECK-LABEL: func.func @gemm(
// CHECK-SAME: %[[A:.*]]: tensor<8x16xf32>, %[[B:.*]]: tensor<16x5xf32>)
// CHECK-NOT: linalg.generic
// CHECK-DAG: %[[OUT:.*]] = memref.alloc() : memref<32x5xf32>
// CHECK-DAG: %[[AB:.*]] = bufferization.to_buffer %[[A]] read_only : tensor<8x16xf32> to memref<8x16xf32, strided<[?, 1], offset: ?>>
// CHECK-DAG: %[[BB:.*]] = bufferization.to_buffer %[[B]] read_only : tensor<16x5xf32> to memref<16x5xf32, strided<[?, 1], offset: ?>>
// CHECK: call @arrayc_rt_coll_gemm_all_gather_f32(%{{.*}}, %{{.*}}, %{{.*}}, %c4_i64, %c0_i64, %c0_i64, %c0_i64, %c4_i64, %{{.*}}) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, i64, i64, i64, i64, i64, memref<*xi8>) -> ()
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: return %[[R]]
// OFF-LABEL: func.func @gemm(
// OFF: linalg.generic
// OFF: call @arrayc_rt_coll_all_gather_f32(
// OFF-NOT: gemm_all_gather
func.func @gemm(%a: tensor<8x16xf32>, %b: tensor<16x5xf32>) -> tensor<32x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x5xf32>) -> tensor<8x5xf32>
  %p = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x16xf32>, tensor<16x5xf32>) outs(%f : tensor<8x5xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<8x5xf32>
  %g = shard.all_gather %p on @arrayc_mesh grid_axes = [0] gather_axis = 0 : tensor<8x5xf32> -> tensor<32x5xf32>
  return %g : tensor<32x5xf32>
}

// -----

// Not a plain product: its result also returned (two uses), a product into
// a non-zero init, a gather along the columns. Each stays a product and an
// all-gather.
shard.grid @arrayc_mesh(shape = 2)
#a = affine_map<(i, j, l) -> (i, l)>
#b = affine_map<(i, j, l) -> (l, j)>
#c = affine_map<(i, j, l) -> (i, j)>
// CHECK-LABEL: func.func @others(
// CHECK-NOT: gemm_all_gather
// CHECK-COUNT-2: linalg.generic
// CHECK-COUNT-3: call @arrayc_rt_coll_all_gather_f64(
// CHECK-NOT: gemm_all_gather
func.func @others(%a: tensor<4x3xf64>, %b: tensor<3x6xf64>) -> (tensor<8x6xf64>, tensor<4x6xf64>, tensor<8x6xf64>, tensor<4x12xf64>) {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %e = tensor.empty() : tensor<4x6xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<4x6xf64>) -> tensor<4x6xf64>
  %f1 = linalg.fill ins(%one : f64) outs(%e : tensor<4x6xf64>) -> tensor<4x6xf64>
  %p = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x3xf64>, tensor<3x6xf64>) outs(%f : tensor<4x6xf64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %m = arith.mulf %x, %y : f64
    %s = arith.addf %m, %acc : f64
    linalg.yield %s : f64
  } -> tensor<4x6xf64>
  %q = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x3xf64>, tensor<3x6xf64>) outs(%f1 : tensor<4x6xf64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %m = arith.mulf %x, %y : f64
    %s = arith.addf %m, %acc : f64
    linalg.yield %s : f64
  } -> tensor<4x6xf64>
  %g = shard.all_gather %p on @arrayc_mesh grid_axes = [0] gather_axis = 0 : tensor<4x6xf64> -> tensor<8x6xf64>
  %h = shard.all_gather %q on @arrayc_mesh grid_axes = [0] gather_axis = 0 : tensor<4x6xf64> -> tensor<8x6xf64>
  %k = shard.all_gather %q on @arrayc_mesh grid_axes = [0] gather_axis = 1 : tensor<4x6xf64> -> tensor<4x12xf64>
  return %g, %p, %h, %k : tensor<8x6xf64>, tensor<4x6xf64>, tensor<8x6xf64>, tensor<4x12xf64>
}
