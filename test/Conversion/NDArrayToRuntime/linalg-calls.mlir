// RUN: arrayc-opt %s -convert-ndarray-to-runtime | FileCheck %s

// Tests that inv allocates its result from the input's dims and calls the
// typed entry point with the input, the output and the location.
// CHECK-DAG: func.func private @arrayc_rt_linalg_inv_f32(memref<*xf32>, memref<*xf32>, memref<*xi8>)
// CHECK-LABEL: func @inv
// CHECK: %[[IN:.*]] = memref.cast %{{.*}} : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<*xf32>
// CHECK: %[[N:.*]] = tensor.dim %{{.*}}, %c0
// CHECK: %[[B:.*]] = memref.alloc(%[[N]], %[[N]]) : memref<?x?xf32>
// CHECK: %[[OUT:.*]] = memref.cast %[[B]] : memref<?x?xf32> to memref<*xf32>
// CHECK: call @arrayc_rt_linalg_inv_f32(%[[IN]], %[[OUT]], %{{.*}})
// CHECK: bufferization.to_tensor %[[B]] restrict writable
func.func @inv(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = ndarray.inv %a : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// Tests that the vector form of solve gives b's shape and the c128 entry point.
// CHECK-LABEL: func @solve
// CHECK: memref.alloc() : memref<2x3xcomplex<f64>>
// CHECK: call @arrayc_rt_linalg_solve_c128(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xcomplex<f64>>, memref<*xcomplex<f64>>, memref<*xcomplex<f64>>, memref<*xi8>) -> ()
func.func @solve(%a: tensor<2x3x3xcomplex<f64>>, %b: tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>> {
  %0 = ndarray.solve %a, %b : tensor<2x3x3xcomplex<f64>>, tensor<2x3xcomplex<f64>> -> tensor<2x3xcomplex<f64>>
  return %0 : tensor<2x3xcomplex<f64>>
}

// Tests that qr sizes K = min(M, N) at run time and passes the mode flag.
// CHECK-LABEL: func @qr
// CHECK-DAG: %[[M:.*]] = tensor.dim %{{.*}}, %c0
// CHECK-DAG: %[[N:.*]] = tensor.dim %{{.*}}, %c1
// CHECK: %[[K:.*]] = arith.minsi %[[M]], %[[N]] : index
// CHECK: memref.alloc(%[[M]], %[[K]]) : memref<?x?xf64>
// CHECK: memref.alloc(%[[K]], %[[N]]) : memref<?x?xf64>
// CHECK: %[[F:.*]] = arith.constant 0 : i32
// CHECK: call @arrayc_rt_linalg_qr_f64(%{{.*}}, %{{.*}}, %{{.*}}, %[[F]], %{{.*}})
func.func @qr(%a: tensor<?x?xf64>) -> (tensor<?x?xf64>, tensor<?x?xf64>) {
  %q, %r = ndarray.qr %a {mode = #ndarray<qr_mode reduced>} : tensor<?x?xf64> -> tensor<?x?xf64>, tensor<?x?xf64>
  return %q, %r : tensor<?x?xf64>, tensor<?x?xf64>
}

// Tests svd (three outputs, s real), svdvals, eigh, det and cholesky calls.
// CHECK-LABEL: func @others
// CHECK: call @arrayc_rt_linalg_svd_c64({{.*}}) : (memref<*xcomplex<f32>>, memref<*xcomplex<f32>>, memref<*xf32>, memref<*xcomplex<f32>>, i32, memref<*xi8>) -> ()
// CHECK: call @arrayc_rt_linalg_svdvals_c64({{.*}}) : (memref<*xcomplex<f32>>, memref<*xf32>, memref<*xi8>) -> ()
// CHECK: call @arrayc_rt_linalg_eigh_f32({{.*}}) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, i32, memref<*xi8>) -> ()
// CHECK: memref.alloc() : memref<2xf32>
// CHECK: call @arrayc_rt_linalg_det_f32
// CHECK: call @arrayc_rt_linalg_cholesky_f32({{.*}}) : (memref<*xf32>, memref<*xf32>, i32, memref<*xi8>) -> ()
func.func @others(%a: tensor<4x3xcomplex<f32>>, %h: tensor<2x3x3xf32>) {
  %u, %s, %vh = ndarray.svd %a {full_matrices} : tensor<4x3xcomplex<f32>> -> tensor<4x4xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>
  %s2 = ndarray.svdvals %a : tensor<4x3xcomplex<f32>> -> tensor<3xf32>
  %w, %v = ndarray.eigh %h : tensor<2x3x3xf32> -> tensor<2x3xf32>, tensor<2x3x3xf32>
  %d = ndarray.det %h : tensor<2x3x3xf32> -> tensor<2xf32>
  %l = ndarray.cholesky %h : tensor<2x3x3xf32>
  return
}
