// RUN: arrayc-opt %s --arrayc-cpu-pipeline | FileCheck %s
// RUN: arrayc-opt %s --arrayc-cpu-pipeline="blas=false" | FileCheck %s --check-prefix=LOOPS

// Tests that on the cpu pipeline a matmul becomes a call of the runtime's
// OpenBLAS GEMM (arrayc-linalg-to-blas, after bufferization) with the
// descriptors passed in a stack scope, and that with blas=false it is loops.
// CHECK-LABEL: llvm.func @arrayc_fn_matmul
// CHECK: llvm.intr.stacksave
// CHECK: llvm.call @arrayc_rt_blas_gemm_f32
// CHECK: llvm.intr.stackrestore
// CHECK-NOT: llvm.fmul
// CHECK: llvm.return

// LOOPS-LABEL: llvm.func @arrayc_fn_matmul
// LOOPS-NOT: arrayc_rt_blas_gemm
// LOOPS: llvm.fmul
// LOOPS: llvm.fadd
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = ndarray.contract %a, %b {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                                 affine_map<(m, n, k) -> (k, n)>,
                                                 affine_map<(m, n, k) -> (m, n)>]}
      : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// A squared operand (a * a) stays its own elementwise loop (arrayc-fuse-elementwise does
// not fuse it into the product), so the product still reaches GEMM.
// CHECK-LABEL: llvm.func @arrayc_fn_squared_matmul
// CHECK: llvm.fmul
// CHECK: llvm.call @arrayc_rt_blas_gemm_f32
// CHECK: llvm.return
func.func @squared_matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = ndarray.mul %a, %a : tensor<?x?xf32>
  %c = ndarray.contract %s, %b {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                                 affine_map<(m, n, k) -> (k, n)>,
                                                 affine_map<(m, n, k) -> (m, n)>]}
      : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
