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
// CHECK-DAG: func.func private @arrayc_rt_argsort_f64(memref<*xf64>, memref<*xi64>, i32, memref<*xi8>)
// CHECK-DAG: func.func private @arrayc_rt_sort_i16(memref<*xi16>, memref<*xi16>, i32, memref<*xi8>)
// CHECK-NOT: @arrayc_rt_cub_
// CHECK-NOT: @arrayc_rt_scatter_

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

// Tests that on the cpu add.at is a loop of inserts into the destination
// (in place after bufferization): each index wrapped from the end, checked
// against the size with its value in the message, the element added.
// CHECK-LABEL: func @add_at
// CHECK-SAME: (%[[X:.*]]: tensor<?xi32>, %[[I:.*]]: tensor<?xi64>, %[[V:.*]]: tensor<?xi32>)
// CHECK: %[[K:.*]] = tensor.dim %[[I]]
// CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[R:.*]] = scf.for %[[J:.*]] = %{{.*}} to %[[K]] step %{{.*}} iter_args(%[[D:.*]] = %[[X]]) -> (tensor<?xi32>)
// CHECK: %[[IDX:.*]] = tensor.extract %[[I]][%[[J]]]
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[IDX]]
// CHECK: %[[WRAP:.*]] = arith.select %[[NEG]], %{{.*}}, %[[IDX]]
// CHECK: call @arrayc_rt_assert_values(%{{.*}}, %{{.*}}, %[[IDX]], %[[N]])
// CHECK: %[[AT:.*]] = arith.index_cast %[[WRAP]] : i64 to index
// CHECK: %[[U:.*]] = tensor.extract %[[V]][%[[J]]]
// CHECK: %[[OLD:.*]] = tensor.extract %[[D]][%[[AT]]]
// CHECK: %[[SUM:.*]] = arith.addi %[[OLD]], %[[U]] : i32
// CHECK: %[[NEW:.*]] = tensor.insert %[[SUM]] into %[[D]][%[[AT]]]
// CHECK: scf.yield %[[NEW]]
// CHECK: return %[[R]]
// CUDA-LABEL: func @add_at
// CUDA: %[[ACC:.*]] = arith.constant 1 : i32
// CUDA: call @arrayc_rt_cub_scatter_i32({{.*}}, %[[ACC]], %{{.*}})
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

// Tests that a plain scatter of complex values stores them (no add), and
// that a boolean add.at is an or.
// CHECK-LABEL: func @scatter_c128
// CHECK: scf.for
// CHECK-NOT: complex.add
// CHECK: tensor.insert %{{.*}} : tensor<?xcomplex<f64>>
func.func @scatter_c128(%x: tensor<?xcomplex<f64>>, %i: tensor<?xi64>, %v: tensor<?xcomplex<f64>>) -> tensor<?xcomplex<f64>> {
  %0 = ndarray.scatter %x[%i] = %v : tensor<?xcomplex<f64>>, tensor<?xi64>, tensor<?xcomplex<f64>>
  return %0 : tensor<?xcomplex<f64>>
}
// CHECK-LABEL: func @add_at_bool
// CHECK: arith.ori %{{.*}}, %{{.*}} : i1
func.func @add_at_bool(%x: tensor<?xi1>, %i: tensor<?xi64>, %v: tensor<?xi1>) -> tensor<?xi1> {
  %0 = ndarray.scatter %x[%i] = %v accumulate : tensor<?xi1>, tensor<?xi64>, tensor<?xi1>
  return %0 : tensor<?xi1>
}
