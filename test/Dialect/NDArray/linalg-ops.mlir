// RUN: arrayc-opt %s | FileCheck %s
// RUN: arrayc-opt %s | arrayc-opt | FileCheck %s
// RUN: arrayc-opt -mlir-print-op-generic %s | arrayc-opt | FileCheck %s

// Tests that the numpy.linalg ops parse and print back, on static, dynamic
// and batched shapes and every element type they take.
// CHECK-LABEL: func @square
// CHECK: ndarray.det %{{.*}} : tensor<4x3x3xf64> -> tensor<4xf64>
// CHECK: ndarray.inv %{{.*}} : tensor<?x?xf32>
// CHECK: ndarray.cholesky %{{.*}} : tensor<?x?xcomplex<f32>>
// CHECK: ndarray.cholesky %{{.*}} {upper} : tensor<?x?xcomplex<f32>>
// CHECK: ndarray.eigh %{{.*}} {upper} : tensor<2x?x?xcomplex<f64>> -> tensor<2x?xf64>, tensor<2x?x?xcomplex<f64>>
func.func @square(%a: tensor<4x3x3xf64>, %b: tensor<?x?xf32>, %c: tensor<?x?xcomplex<f32>>,
                  %h: tensor<2x?x?xcomplex<f64>>) {
  %0 = ndarray.det %a : tensor<4x3x3xf64> -> tensor<4xf64>
  %1 = ndarray.inv %b : tensor<?x?xf32>
  %2 = ndarray.cholesky %c : tensor<?x?xcomplex<f32>>
  %3 = ndarray.cholesky %c {upper} : tensor<?x?xcomplex<f32>>
  %w, %v = ndarray.eigh %h {upper} : tensor<2x?x?xcomplex<f64>> -> tensor<2x?xf64>, tensor<2x?x?xcomplex<f64>>
  return
}

// CHECK-LABEL: func @solve
// CHECK: ndarray.solve %{{.*}}, %{{.*}} : tensor<2x3x3xf32>, tensor<2x3x4xf32> -> tensor<2x3x4xf32>
// CHECK: ndarray.solve %{{.*}}, %{{.*}} : tensor<?x?xf64>, tensor<?xf64> -> tensor<?xf64>
func.func @solve(%a: tensor<2x3x3xf32>, %b: tensor<2x3x4xf32>, %c: tensor<?x?xf64>, %v: tensor<?xf64>) {
  %0 = ndarray.solve %a, %b : tensor<2x3x3xf32>, tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %1 = ndarray.solve %c, %v : tensor<?x?xf64>, tensor<?xf64> -> tensor<?xf64>
  return
}

// CHECK-LABEL: func @factorizations
// CHECK: ndarray.qr %{{.*}} {mode = #ndarray<qr_mode reduced>} : tensor<5x3xf64> -> tensor<5x3xf64>, tensor<3x3xf64>
// CHECK: ndarray.qr %{{.*}} {mode = #ndarray<qr_mode complete>} : tensor<5x3xf64> -> tensor<5x5xf64>, tensor<5x3xf64>
// CHECK: ndarray.svd %{{.*}} {full_matrices} : tensor<4x3xf32> -> tensor<4x4xf32>, tensor<3xf32>, tensor<3x3xf32>
// CHECK: ndarray.svd %{{.*}} : tensor<4x3xf32> -> tensor<4x3xf32>, tensor<3xf32>, tensor<3x3xf32>
// CHECK: ndarray.svdvals %{{.*}} : tensor<?x4x3xcomplex<f32>> -> tensor<?x3xf32>
func.func @factorizations(%a: tensor<5x3xf64>, %b: tensor<4x3xf32>, %c: tensor<?x4x3xcomplex<f32>>) {
  %q, %r = ndarray.qr %a {mode = #ndarray<qr_mode reduced>} : tensor<5x3xf64> -> tensor<5x3xf64>, tensor<3x3xf64>
  %q2, %r2 = ndarray.qr %a {mode = #ndarray<qr_mode complete>} : tensor<5x3xf64> -> tensor<5x5xf64>, tensor<5x3xf64>
  %u, %s, %vh = ndarray.svd %b {full_matrices} : tensor<4x3xf32> -> tensor<4x4xf32>, tensor<3xf32>, tensor<3x3xf32>
  %u2, %s2, %vh2 = ndarray.svd %b : tensor<4x3xf32> -> tensor<4x3xf32>, tensor<3xf32>, tensor<3x3xf32>
  %s3 = ndarray.svdvals %c : tensor<?x4x3xcomplex<f32>> -> tensor<?x3xf32>
  return
}

// Tests slogdet, lstsq (with and without rcond), eig and eigvals.
// CHECK-LABEL: func @general
// CHECK: ndarray.slogdet %{{.*}} : tensor<2x?x?xcomplex<f64>> -> tensor<2xcomplex<f64>>, tensor<2xf64>
// CHECK: ndarray.lstsq %{{.*}}, %{{.*}} : tensor<?x3xf32>, tensor<?xf32> -> tensor<3xf32>, tensor<?xf32>, tensor<i32>, tensor<3xf32>
// CHECK: ndarray.lstsq %{{.*}}, %{{.*}} {rcond = 1.000000e-02 : f64} : tensor<5x3xf64>, tensor<5x2xf64> -> tensor<3x2xf64>, tensor<?xf64>, tensor<i32>, tensor<3xf64>
// CHECK: ndarray.eig %{{.*}} : tensor<?x?xf32> -> tensor<?xcomplex<f32>>, tensor<?x?xcomplex<f32>>
// CHECK: ndarray.eigvals %{{.*}} : tensor<2x?x?xcomplex<f64>> -> tensor<2x?xcomplex<f64>>
func.func @general(%h: tensor<2x?x?xcomplex<f64>>, %a: tensor<?x3xf32>, %b: tensor<?xf32>,
                   %c: tensor<5x3xf64>, %d: tensor<5x2xf64>, %e: tensor<?x?xf32>) {
  %s, %l = ndarray.slogdet %h : tensor<2x?x?xcomplex<f64>> -> tensor<2xcomplex<f64>>, tensor<2xf64>
  %x, %r, %k, %sv = ndarray.lstsq %a, %b : tensor<?x3xf32>, tensor<?xf32> -> tensor<3xf32>, tensor<?xf32>, tensor<i32>, tensor<3xf32>
  %x2, %r2, %k2, %sv2 = ndarray.lstsq %c, %d {rcond = 1.0e-2 : f64} : tensor<5x3xf64>, tensor<5x2xf64> -> tensor<3x2xf64>, tensor<?xf64>, tensor<i32>, tensor<3xf64>
  %w, %v = ndarray.eig %e : tensor<?x?xf32> -> tensor<?xcomplex<f32>>, tensor<?x?xcomplex<f32>>
  %w2 = ndarray.eigvals %h : tensor<2x?x?xcomplex<f64>> -> tensor<2x?xcomplex<f64>>
  return
}
