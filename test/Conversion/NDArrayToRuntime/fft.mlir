// RUN: arrayc-opt %s -convert-ndarray-to-runtime | FileCheck %s

// Tests that fft allocates its output, passes axis, n (here the input's
// run-time length) and the norm code, and names the entry point by kind and
// input storage.
// CHECK-DAG: func.func private @arrayc_rt_fft_c64(memref<*xcomplex<f32>>, memref<*xcomplex<f32>>, i64, i64, i32, memref<*xi8>)
// CHECK-DAG: func.func private @arrayc_rt_rfft_f64(memref<*xf64>, memref<*xcomplex<f64>>, i64, i64, i32, memref<*xi8>)
// CHECK-DAG: func.func private @arrayc_rt_irfft_c128(memref<*xcomplex<f64>>, memref<*xf64>, i64, i64, i32, memref<*xi8>)
// CHECK-LABEL: func @fft_dynamic
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[N:.*]] = tensor.dim %[[X:.*]], %[[C1]] : tensor<3x?xcomplex<f32>>
// CHECK: %[[SIZE:.*]] = arith.maxsi %[[N]], %{{.*}} : index
// CHECK: %[[OUT:.*]] = memref.alloc(%[[SIZE]]) : memref<3x?xcomplex<f32>>
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[X]] read_only
// CHECK: %[[INU:.*]] = memref.cast %[[IN]] : {{.*}} to memref<*xcomplex<f32>>
// CHECK: %[[OUTU:.*]] = memref.cast %[[OUT]] : memref<3x?xcomplex<f32>> to memref<*xcomplex<f32>>
// CHECK: %[[AXIS:.*]] = arith.constant 1 : i64
// CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[NORM:.*]] = arith.constant 1 : i32
// CHECK: call @arrayc_rt_fft_c64(%[[INU]], %[[OUTU]], %[[AXIS]], %[[NI]], %[[NORM]], %{{.*}})
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable
func.func @fft_dynamic(%x: tensor<3x?xcomplex<f32>>) -> tensor<3x?xcomplex<f32>> {
  %0 = ndarray.fft fft %x axis 1 n -1 norm ortho : tensor<3x?xcomplex<f32>> -> tensor<3x?xcomplex<f32>>
  return %0 : tensor<3x?xcomplex<f32>>
}

// Tests rfft with a given n: a static n // 2 + 1 output and n passed as a
// constant.
// CHECK-LABEL: func @rfft_given_n
// CHECK: %[[N:.*]] = arith.constant 9 : index
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<5xcomplex<f64>>
// CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[NORM:.*]] = arith.constant 2 : i32
// CHECK: call @arrayc_rt_rfft_f64(%{{.*}}, %{{.*}}, %{{.*}}, %[[NI]], %[[NORM]], %{{.*}})
func.func @rfft_given_n(%x: tensor<?xf64>) -> tensor<5xcomplex<f64>> {
  %0 = ndarray.fft rfft %x axis 0 n 9 norm forward : tensor<?xf64> -> tensor<5xcomplex<f64>>
  return %0 : tensor<5xcomplex<f64>>
}

// Tests irfft's default n = 2 * (m - 1) from the run-time input length m,
// clamped at 0 for the allocation (the runtime rejects n < 1).
// CHECK-LABEL: func @irfft_default_n
// CHECK: %[[M:.*]] = tensor.dim
// CHECK: %[[M1:.*]] = arith.subi %[[M]], %{{.*}} : index
// CHECK: %[[N:.*]] = arith.muli %{{.*}}, %[[M1]] : index
// CHECK: %[[SIZE:.*]] = arith.maxsi %[[N]], %{{.*}} : index
// CHECK: memref.alloc(%[[SIZE]]) : memref<?xf64>
// CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: call @arrayc_rt_irfft_c128(%{{.*}}, %{{.*}}, %{{.*}}, %[[NI]], %{{.*}}, %{{.*}})
func.func @irfft_default_n(%z: tensor<?xcomplex<f64>>) -> tensor<?xf64> {
  %0 = ndarray.fft irfft %z axis 0 n -1 norm backward : tensor<?xcomplex<f64>> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}

// Tests that a run-time length is passed as n and sizes the output (n // 2 + 1
// for rfft).
// CHECK-LABEL: func @rfft_runtime_length
// CHECK-SAME: %[[X:.*]]: tensor<?xf64>, %[[N:.*]]: index
// CHECK: %[[H:.*]] = arith.divsi %[[N]], %{{.*}} : index
// CHECK: %[[S:.*]] = arith.addi %[[H]], %{{.*}} : index
// CHECK: %[[SIZE:.*]] = arith.maxsi %[[S]], %{{.*}} : index
// CHECK: memref.alloc(%[[SIZE]]) : memref<?xcomplex<f64>>
// CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: call @arrayc_rt_rfft_f64(%{{.*}}, %{{.*}}, %{{.*}}, %[[NI]], %{{.*}}, %{{.*}})
func.func @rfft_runtime_length(%x: tensor<?xf64>, %n: index) -> tensor<?xcomplex<f64>> {
  %0 = ndarray.fft rfft %x [%n] axis 0 n -1 norm backward : tensor<?xf64> -> tensor<?xcomplex<f64>>
  return %0 : tensor<?xcomplex<f64>>
}
