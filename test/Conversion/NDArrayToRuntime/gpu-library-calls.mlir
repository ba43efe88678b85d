// RUN: arrayc-opt %s -convert-ndarray-to-runtime=cuda=1 | FileCheck %s
// RUN: arrayc-opt %s -convert-ndarray-to-runtime | FileCheck %s --check-prefix=CPU

// Tests that with cuda=1 the linalg and fft ops call the cuSOLVER and cuFFT
// entry points, with the arguments of the LAPACKE and FFTW ones; without it,
// the host entry points.
// CHECK-DAG: func.func private @arrayc_rt_cusolver_det_f32(memref<*xf32>, memref<*xf32>, memref<*xi8>)
// CHECK-DAG: func.func private @arrayc_rt_cusolver_svd_c64(memref<*xcomplex<f32>>, memref<*xcomplex<f32>>, memref<*xf32>, memref<*xcomplex<f32>>, i32, memref<*xi8>)
// CHECK-DAG: func.func private @arrayc_rt_cufft_rfft_f64(memref<*xf64>, memref<*xcomplex<f64>>, i64, i64, i32, memref<*xi8>)
// CPU-DAG: func.func private @arrayc_rt_linalg_det_f32(
// CPU-DAG: func.func private @arrayc_rt_linalg_svd_c64(
// CPU-DAG: func.func private @arrayc_rt_rfft_f64(
// CHECK-NOT: arrayc_rt_linalg_
// CHECK-LABEL: func @det
// CHECK: memref.alloc() : memref<2xf32>
// CHECK: call @arrayc_rt_cusolver_det_f32(
func.func @det(%a: tensor<2x3x3xf32>) -> tensor<2xf32> {
  %0 = ndarray.det %a : tensor<2x3x3xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func @svd
// CHECK: %[[FULL:.*]] = arith.constant 1 : i32
// CHECK: call @arrayc_rt_cusolver_svd_c64(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FULL]], %{{.*}})
func.func @svd(%a: tensor<4x3xcomplex<f32>>) -> (tensor<4x4xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>) {
  %u, %s, %vh = ndarray.svd %a {full_matrices} : tensor<4x3xcomplex<f32>> -> tensor<4x4xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>
  return %u, %s, %vh : tensor<4x4xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>
}

// CHECK-LABEL: func @rfft
// CHECK: memref.alloc() : memref<4x5xcomplex<f64>>
// CHECK: call @arrayc_rt_cufft_rfft_f64(
func.func @rfft(%x: tensor<4x8xf64>) -> tensor<4x5xcomplex<f64>> {
  %0 = ndarray.fft rfft %x axis 1 n 8 norm backward : tensor<4x8xf64> -> tensor<4x5xcomplex<f64>>
  return %0 : tensor<4x5xcomplex<f64>>
}
