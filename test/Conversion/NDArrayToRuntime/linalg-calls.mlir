// RUN: arrayc-opt %s -convert-ndarray-to-runtime | FileCheck %s
// RUN: arrayc-opt %s -convert-ndarray-to-runtime=cuda=1 | FileCheck %s --check-prefix=CUDA

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

// Tests that slogdet allocates sign (input type) and logabsdet (real type)
// from the batch dims.
// CHECK-LABEL: func @slogdet
// CHECK: memref.alloc() : memref<2xcomplex<f32>>
// CHECK: memref.alloc() : memref<2xf32>
// CHECK: call @arrayc_rt_linalg_slogdet_c64({{.*}}) : (memref<*xcomplex<f32>>, memref<*xcomplex<f32>>, memref<*xf32>, memref<*xi8>) -> ()
func.func @slogdet(%a: tensor<2x3x3xcomplex<f32>>) -> (tensor<2xcomplex<f32>>, tensor<2xf32>) {
  %s, %l = ndarray.slogdet %a : tensor<2x3x3xcomplex<f32>> -> tensor<2xcomplex<f32>>, tensor<2xf32>
  return %s, %l : tensor<2xcomplex<f32>>, tensor<2xf32>
}

// Tests that lstsq sizes the residuals K when M > N (else 0), passes rcond
// None as a flag, and keeps the residuals only when the rank found is N.
// CHECK-LABEL: func @lstsq
// CHECK: %[[M:.*]] = tensor.dim %{{.*}}, %c0
// CHECK: %[[TALL:.*]] = arith.cmpi sgt, %[[M]], %[[N:.*]] : index
// CHECK: %[[MOST:.*]] = arith.select %[[TALL]], %[[K:.*]], %[[ZERO:.*]] : index
// CHECK: memref.alloc(%[[K]]) : memref<3x?xf64>
// CHECK: %[[RES:.*]] = memref.alloc(%[[MOST]]) : memref<?xf64>
// CHECK: %[[RANK:.*]] = memref.alloc() : memref<i32>
// CHECK: memref.alloc() : memref<3xf64>
// CHECK: %[[DFLT:.*]] = arith.constant 1 : i32
// CHECK: call @arrayc_rt_linalg_lstsq_f64({{.*}}, %[[DFLT]], %{{.*}}, %{{.*}}) : (memref<*xf64>, memref<*xf64>, memref<*xf64>, memref<*xf64>, memref<*xi32>, memref<*xf64>, i32, f64, memref<*xi8>) -> ()
// CHECK: %[[R:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK: %[[RI:.*]] = arith.index_cast %[[R]] : i32 to index
// CHECK: %[[FULL:.*]] = arith.cmpi eq, %[[RI]], %[[N]] : index
// CHECK: %[[SIZE:.*]] = arith.select %[[FULL]], %[[MOST]], %[[ZERO]] : index
// CHECK: tensor.extract_slice %{{.*}}[0] [%[[SIZE]]] [1] : tensor<?xf64> to tensor<?xf64>
func.func @lstsq(%a: tensor<?x3xf64>, %b: tensor<?x?xf64>) -> (tensor<3x?xf64>, tensor<?xf64>, tensor<i32>, tensor<3xf64>) {
  %x, %r, %k, %s = ndarray.lstsq %a, %b : tensor<?x3xf64>, tensor<?x?xf64> -> tensor<3x?xf64>, tensor<?xf64>, tensor<i32>, tensor<3xf64>
  return %x, %r, %k, %s : tensor<3x?xf64>, tensor<?xf64>, tensor<i32>, tensor<3xf64>
}

// Tests that an rcond given is passed with the default flag off.
// CHECK-LABEL: func @lstsq_rcond
// CHECK-DAG: %[[F:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[RC:.*]] = arith.constant 1.000000e-03 : f64
// CHECK: call @arrayc_rt_linalg_lstsq_f32({{.*}}, %[[F]], %[[RC]], %{{.*}})
func.func @lstsq_rcond(%a: tensor<5x3xf32>, %b: tensor<5xf32>) -> tensor<3xf32> {
  %x, %r, %k, %s = ndarray.lstsq %a, %b {rcond = 1.0e-3 : f64} : tensor<5x3xf32>, tensor<5xf32> -> tensor<3xf32>, tensor<?xf32>, tensor<i32>, tensor<3xf32>
  return %x : tensor<3xf32>
}

// Tests that eig and eigvals give complex outputs of the input's real type.
// CHECK-LABEL: func @eig
// CHECK: call @arrayc_rt_linalg_eig_f64({{.*}}) : (memref<*xf64>, memref<*xcomplex<f64>>, memref<*xcomplex<f64>>, memref<*xi8>) -> ()
// CHECK: call @arrayc_rt_linalg_eigvals_c64({{.*}}) : (memref<*xcomplex<f32>>, memref<*xcomplex<f32>>, memref<*xi8>) -> ()
func.func @eig(%a: tensor<?x?xf64>, %c: tensor<2x4x4xcomplex<f32>>) {
  %w, %v = ndarray.eig %a : tensor<?x?xf64> -> tensor<?xcomplex<f64>>, tensor<?x?xcomplex<f64>>
  %w2 = ndarray.eigvals %c : tensor<2x4x4xcomplex<f32>> -> tensor<2x4xcomplex<f32>>
  return
}

// Tests that the cuda target calls the LAPACKE entry points of the ops
// without a cuSOLVER twin.
// CUDA-LABEL: func @host_only
// CUDA: call @arrayc_rt_cusolver_det_f64
// CUDA: call @arrayc_rt_linalg_slogdet_f64
// CUDA: call @arrayc_rt_linalg_eigvals_f64
func.func @host_only(%a: tensor<3x3xf64>) {
  %d = ndarray.det %a : tensor<3x3xf64> -> tensor<f64>
  %s, %l = ndarray.slogdet %a : tensor<3x3xf64> -> tensor<f64>, tensor<f64>
  %w = ndarray.eigvals %a : tensor<3x3xf64> -> tensor<3xcomplex<f64>>
  return
}
