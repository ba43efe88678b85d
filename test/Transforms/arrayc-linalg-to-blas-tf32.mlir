// RUN: arrayc-opt %s --arrayc-linalg-to-blas="cuda=true tf32=true" -split-input-file | FileCheck %s
// RUN: arrayc-opt %s --arrayc-linalg-to-blas="cuda=true" -split-input-file | FileCheck %s --check-prefix=EXACT

// With tf32 (arrayc --tf32) an f32 product calls the TF32 entry point; without
// it, the exact f32 one. f64 products are not affected.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @matmul_f32
// CHECK: call @arrayc_rt_cublas_gemm_tf32(
// CHECK-NOT: arrayc_rt_cublas_gemm_f32
// EXACT-LABEL: func @matmul_f32
// EXACT: call @arrayc_rt_cublas_gemm_f32(
func.func @matmul_f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<?x?xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @matmul_f64
// CHECK: call @arrayc_rt_cublas_gemm_f64(
func.func @matmul_f64(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>) {
  %zero = arith.constant 0.0 : f64
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<?x?xf64>) {
  ^bb0(%out: f64):
    linalg.yield %zero : f64
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %p, %o : f64
    linalg.yield %s : f64
  }
  return
}
