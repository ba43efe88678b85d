// RUN: arrayc-opt %s -convert-ndarray-to-runtime | FileCheck %s
// RUN: arrayc-opt %s -convert-ndarray-to-runtime=cuda=1 | FileCheck %s --check-prefix=CUDA

// Tests that with cuda=1 sort, argsort, compress and scatter call their
// device entry points (runtime/src/cub_index.cu, cuda_scatter.cu) with the
// same arguments.
// CUDA-DAG: func.func private @arrayc_rt_cub_compress_f32(memref<*xf32>, memref<*xi1>, memref<*xf32>, i32, memref<*xi8>)
// CUDA-DAG: func.func private @arrayc_rt_cub_scatter_i32(memref<*xi32>, memref<*xi64>, memref<*xi32>, memref<*xi32>, i32, i32, memref<*xi8>)
// CUDA-DAG: func.func private @arrayc_rt_cub_argsort_f64(memref<*xf64>, memref<*xi64>, i32, memref<*xi8>)
// CUDA-DAG: func.func private @arrayc_rt_cub_sort_i16(memref<*xi16>, memref<*xi16>, i32, memref<*xi8>)
// CUDA-NOT: @arrayc_rt_compress_
// CUDA-NOT: @arrayc_rt_argsort_
// CUDA-NOT: @arrayc_rt_sort_
// CUDA-NOT: @arrayc_rt_scatter_

// CHECK-DAG: func.func private @arrayc_rt_compress_f32(memref<*xf32>, memref<*xi1>, memref<*xf32>, i32, memref<*xi8>)
// CHECK-DAG: func.func private @arrayc_rt_scatter_i32(memref<*xi32>, memref<*xi64>, memref<*xi32>, memref<*xi32>, i32, i32, memref<*xi8>)
// CHECK-DAG: func.func private @arrayc_rt_argsort_f64(memref<*xf64>, memref<*xi64>, i32, memref<*xi8>)
// CHECK-DAG: func.func private @arrayc_rt_sort_i16(memref<*xi16>, memref<*xi16>, i32, memref<*xi8>)
// CHECK-NOT: @arrayc_rt_cub_

// Tests that compress allocates its result of the counted size and passes
// the element's dtype code (f32: 11).
// CHECK-LABEL: func @compress
// CHECK: %[[OUT:.*]] = memref.alloc(%[[N:.*]]) : memref<?xf32>
// CHECK: %[[CODE:.*]] = arith.constant 11 : i32
// CHECK: call @arrayc_rt_compress_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[CODE]], %{{.*}})
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable
func.func @compress(%x: tensor<?xf32>, %m: tensor<?xi1>, %n: index) -> tensor<?xf32> {
  %0 = ndarray.compress %x, %m, %n : tensor<?xf32>, tensor<?xi1> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Tests that add.at passes accumulate = 1 and allocates dest's shape.
// CHECK-LABEL: func @add_at
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?xi32>
// CHECK: memref.alloc(%[[D]]) : memref<?xi32>
// CHECK: %[[ACC:.*]] = arith.constant 1 : i32
// CHECK: call @arrayc_rt_scatter_i32({{.*}}, %[[ACC]], %{{.*}})
func.func @add_at(%x: tensor<?xi32>, %i: tensor<?xi64>, %v: tensor<?xi32>) -> tensor<?xi32> {
  %0 = ndarray.scatter %x[%i] = %v accumulate : tensor<?xi32>, tensor<?xi64>, tensor<?xi32>
  return %0 : tensor<?xi32>
}

// Tests that argsort calls its own entry point with an i64 buffer.
// CHECK-LABEL: func @argsort
// CHECK: memref.alloc(%{{.*}}) : memref<3x?xi64>
// CHECK: %[[CODE:.*]] = arith.constant 12 : i32
// CHECK: call @arrayc_rt_argsort_f64(%{{.*}}, %{{.*}}, %[[CODE]], %{{.*}})
func.func @argsort(%x: tensor<3x?xf64>) -> tensor<3x?xi64> {
  %0 = ndarray.sort %x indices : tensor<3x?xf64> -> tensor<3x?xi64>
  return %0 : tensor<3x?xi64>
}

// Tests that sort (values) keeps the element type; u16 storage is i16.
// CHECK-LABEL: func @sort_u16
// CHECK: call @arrayc_rt_sort_i16(
// CUDA-LABEL: func @sort_u16
// CUDA: memref.alloc(%{{.*}}) : memref<?xi16>
// CUDA: call @arrayc_rt_cub_sort_i16(
func.func @sort_u16(%x: tensor<?xui16>) -> tensor<?xui16> {
  %0 = ndarray.sort %x : tensor<?xui16> -> tensor<?xui16>
  return %0 : tensor<?xui16>
}
