// RUN: arrayc-opt %s --arrayc-linalg-to-blas="cuda=true" -split-input-file | FileCheck %s
// RUN: arrayc-opt %s --arrayc-linalg-to-blas="cuda=true tf32=true" -split-input-file | FileCheck %s --check-prefix=TF32

// The cuBLASLt epilogues of arrayc-linalg-to-blas on the cuda target
// (lib/Transforms/GemmEpilogue.cpp): a product and the elementwise generic
// after it become one call of arrayc_rt_cublas_lt_gemm_<T>(plan, A, B, D,
// bias, alpha, flags), flags 1 = bias, 2 = ReLU.

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
// Tests that np.maximum(x @ w + b, 0.0) (the frontend's NaN-keeping maximum,
// written in place over the product) becomes one call with bias and ReLU.
// CHECK-LABEL: func @bias_relu
// CHECK-SAME: %[[X:[^:]*]]: memref<?x?xf32>, %[[W:[^:]*]]: memref<?x?xf32>, %[[B:[^:]*]]: memref<?xf32>, %[[C:[^:]*]]: memref<?x?xf32>
// CHECK-NOT: linalg.generic
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[FLAGS:.*]] = arith.constant 3 : i32
// CHECK: memref.alloca_scope
// CHECK-DAG: %[[CX:.*]] = memref.cast %[[X]] : memref<?x?xf32> to memref<*xf32>
// CHECK-DAG: %[[CW:.*]] = memref.cast %[[W]] : memref<?x?xf32> to memref<*xf32>
// CHECK-DAG: %[[CC:.*]] = memref.cast %[[C]] : memref<?x?xf32> to memref<*xf32>
// CHECK-DAG: %[[CB:.*]] = memref.cast %[[B]] : memref<?xf32> to memref<*xf32>
// CHECK: call @arrayc_rt_cublas_lt_gemm_f32(%{{.*}}, %[[CX]], %[[CW]], %[[CC]], %[[CB]], %[[ONE]], %[[FLAGS]])
// CHECK-NOT: linalg.generic
// CHECK-NOT: arrayc_rt_cublas_gemm
// CHECK: return
// TF32-LABEL: func @bias_relu
// TF32: call @arrayc_rt_cublas_lt_gemm_tf32(
func.func @bias_relu(%x: memref<?x?xf32>, %w: memref<?x?xf32>, %b: memref<?xf32>,
                     %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<?x?xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in_0, %in : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %b : memref<?x?xf32>, memref<?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.addf %in, %in_0 : f32
    %1 = arith.cmpf ogt, %0, %zero : f32
    %2 = arith.cmpf uno, %0, %0 : f32
    %3 = arith.ori %1, %2 : i1
    %4 = arith.select %3, %0, %zero : f32
    linalg.yield %4 : f32
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
// Tests `b + x @ w` of f64 written into a new buffer: the call writes that
// buffer and the product's own goes.
// CHECK-LABEL: func @bias_first_new_buffer
// CHECK-SAME: %[[B:[^:]*]]: memref<8xf64>
// CHECK-DAG: %[[FLAGS:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[D:.*]] = memref.alloc() : memref<4x8xf64>
// CHECK-NOT: memref.alloc()
// CHECK-DAG: %[[CD:.*]] = memref.cast %[[D]] : memref<4x8xf64> to memref<*xf64>
// CHECK-DAG: %[[CB:.*]] = memref.cast %[[B]] : memref<8xf64> to memref<*xf64>
// CHECK: call @arrayc_rt_cublas_lt_gemm_f64(%{{.*}}, %{{.*}}, %{{.*}}, %[[CD]], %[[CB]], %{{.*}}, %[[FLAGS]])
// CHECK-NOT: linalg.generic
// CHECK: return %[[D]]
func.func @bias_first_new_buffer(%x: memref<4x16xf64>, %w: memref<16x8xf64>,
                                 %b: memref<8xf64>) -> memref<4x8xf64> {
  %zero = arith.constant 0.0 : f64
  %p = memref.alloc() : memref<4x8xf64>
  linalg.fill ins(%zero : f64) outs(%p : memref<4x8xf64>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<4x16xf64>, memref<16x8xf64>) outs(%p : memref<4x8xf64>) {
  ^bb0(%in: f64, %in_0: f64, %out: f64):
    %0 = arith.mulf %in, %in_0 : f64
    %1 = arith.addf %0, %out : f64
    linalg.yield %1 : f64
  }
  %d = memref.alloc() : memref<4x8xf64>
  linalg.generic {indexing_maps = [#col, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b, %p : memref<8xf64>, memref<4x8xf64>) outs(%d : memref<4x8xf64>) {
  ^bb0(%in: f64, %in_0: f64, %out: f64):
    %0 = arith.addf %in, %in_0 : f64
    linalg.yield %0 : f64
  }
  memref.dealloc %p : memref<4x8xf64>
  return %d : memref<4x8xf64>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
// Tests a scale by a constant of the body (cuBLASLt's alpha, moved out with
// the call) then arith.maximumf with +0: alpha and ReLU, no bias (the output
// passed in the bias's place, unread).
// CHECK-LABEL: func @scale_relu
// CHECK-SAME: %{{[^:]*}}: memref<?x?xf32>, %{{[^:]*}}: memref<?x?xf32>, %[[C:[^:]*]]: memref<?x?xf32>
// CHECK-DAG: %[[ALPHA:.*]] = arith.constant 2.500000e+00 : f32
// CHECK-DAG: %[[FLAGS:.*]] = arith.constant 2 : i32
// CHECK: %[[CC:.*]] = memref.cast %[[C]] : memref<?x?xf32> to memref<*xf32>
// CHECK: %[[CC2:.*]] = memref.cast %[[C]] : memref<?x?xf32> to memref<*xf32>
// CHECK: call @arrayc_rt_cublas_lt_gemm_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[CC]], %[[CC2]], %[[ALPHA]], %[[FLAGS]])
// CHECK-NOT: linalg.generic
func.func @scale_relu(%x: memref<?x?xf32>, %w: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.constant 2.5 : f32
    %z = arith.constant 0.0 : f32
    %0 = arith.mulf %s, %in : f32
    %1 = arith.maximumf %0, %z : f32
    linalg.yield %1 : f32
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
// Tests products of one shape sharing one zero buffer, as bufferization
// leaves them: each product's buffer is a copy of it, with calls that cannot
// reach it in between. Both products become calls; the zero buffer stays
// while the second copy reads it, then goes with the last copy.
// CHECK-LABEL: func @copies_of_zeros
// CHECK-NOT: linalg.generic
// CHECK-NOT: memref.copy
// CHECK: call @arrayc_rt_cublas_lt_gemm_f32
// CHECK: call @arrayc_rt_save_f32
// CHECK-NOT: memref.copy
// CHECK: call @arrayc_rt_cublas_gemm_f32
// CHECK-NOT: linalg.generic
// CHECK: return
func.func private @arrayc_rt_save_f32(memref<*xf32>)
func.func @copies_of_zeros(%x: memref<8x16xf32>, %w1: memref<16x4xf32>, %w2: memref<16x4xf32>,
                           %b: memref<4xf32>, %o: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %z = memref.alloc() : memref<8x4xf32>
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%z : memref<8x4xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  }
  %p1 = memref.alloc() : memref<8x4xf32>
  memref.copy %z, %p1 : memref<8x4xf32> to memref<8x4xf32>
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w1 : memref<8x16xf32>, memref<16x4xf32>) outs(%p1 : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p1, %b : memref<8x4xf32>, memref<4xf32>) outs(%p1 : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.addf %in, %in_0 : f32
    linalg.yield %0 : f32
  }
  %c1 = memref.cast %p1 : memref<8x4xf32> to memref<*xf32>
  call @arrayc_rt_save_f32(%c1) : (memref<*xf32>) -> ()
  %p2 = memref.alloc() : memref<8x4xf32>
  memref.copy %z, %p2 : memref<8x4xf32> to memref<8x4xf32>
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w2 : memref<8x16xf32>, memref<16x4xf32>) outs(%p2 : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  memref.copy %p2, %o : memref<8x4xf32> to memref<8x4xf32>
  memref.dealloc %z : memref<8x4xf32>
  memref.dealloc %p1 : memref<8x4xf32>
  memref.dealloc %p2 : memref<8x4xf32>
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
// Tests that a vector added along the rows (`x @ w + r[:, None]`: one
// element per row of C, not cuBLASLt's per-column bias) keeps the GEMM call
// and its kernel.
// CHECK-LABEL: func @bias_along_rows
// CHECK-NOT: arrayc_rt_cublas_lt_gemm
// CHECK: call @arrayc_rt_cublas_gemm_f32
// CHECK: linalg.generic
// CHECK: return
func.func @bias_along_rows(%x: memref<8x16xf32>, %w: memref<16x4xf32>, %r: memref<8xf32>,
                           %c: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<8x4xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<8x16xf32>, memref<16x4xf32>) outs(%c : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %r : memref<8x4xf32>, memref<8xf32>) outs(%c : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.addf %in, %in_0 : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
// Tests that np.maximum with a bound other than +0 is no ReLU: the GEMM call
// and the kernel stay.
// CHECK-LABEL: func @max_not_relu
// CHECK-NOT: arrayc_rt_cublas_lt_gemm
// CHECK: call @arrayc_rt_cublas_gemm_f32
// CHECK: linalg.generic
// CHECK: return
func.func @max_not_relu(%x: memref<8x16xf32>, %w: memref<16x4xf32>, %c: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<8x4xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<8x16xf32>, memref<16x4xf32>) outs(%c : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<8x4xf32>) outs(%c : memref<8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ogt, %in, %half : f32
    %2 = arith.cmpf uno, %in, %in : f32
    %3 = arith.ori %1, %2 : i1
    %4 = arith.select %3, %in, %half : f32
    linalg.yield %4 : f32
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
// Tests that a bias of another dtype (f16, widened in the body) is not
// matched: cuBLASLt's bias has the output's type here.
// CHECK-LABEL: func @mixed_dtypes
// CHECK-NOT: arrayc_rt_cublas_lt_gemm
// CHECK: call @arrayc_rt_cublas_gemm_f32
// CHECK: linalg.generic
// CHECK: return
func.func @mixed_dtypes(%x: memref<8x16xf32>, %w: memref<16x4xf32>, %b: memref<4xf16>,
                        %c: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<8x4xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<8x16xf32>, memref<16x4xf32>) outs(%c : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %b : memref<8x4xf32>, memref<4xf16>) outs(%c : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f16, %out: f32):
    %e = arith.extf %in_0 : f16 to f32
    %0 = arith.addf %in, %e : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
// Tests that the order ReLU then bias (np.maximum(x @ w, 0) + b) is not
// cuBLASLt's (bias then ReLU) and stays as it is.
// CHECK-LABEL: func @relu_then_bias
// CHECK-NOT: arrayc_rt_cublas_lt_gemm
// CHECK: call @arrayc_rt_cublas_gemm_f32
// CHECK: linalg.generic
// CHECK: return
func.func @relu_then_bias(%x: memref<8x16xf32>, %w: memref<16x4xf32>, %b: memref<4xf32>,
                          %c: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<8x4xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<8x16xf32>, memref<16x4xf32>) outs(%c : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %b : memref<8x4xf32>, memref<4xf32>) outs(%c : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    %1 = arith.addf %0, %in_0 : f32
    linalg.yield %1 : f32
  }
  return
}

// -----

#bmk = affine_map<(bt, m, n, k) -> (bt, m, k)>
#bkn = affine_map<(bt, m, n, k) -> (bt, k, n)>
#bmn = affine_map<(bt, m, n, k) -> (bt, m, n)>
#id3 = affine_map<(bt, i, j) -> (bt, i, j)>
#col3 = affine_map<(bt, i, j) -> (j)>
// Tests that a batch of products keeps the strided-batched GEMM call and
// its kernel (epilogues are matched on single products only).
// CHECK-LABEL: func @batched
// CHECK-NOT: arrayc_rt_cublas_lt_gemm
// CHECK: call @arrayc_rt_cublas_gemm_f32
// CHECK: linalg.generic
// CHECK: return
func.func @batched(%x: memref<2x8x16xf32>, %w: memref<2x16x4xf32>, %b: memref<4xf32>,
                   %c: memref<2x8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<2x8x4xf32>)
  linalg.generic {indexing_maps = [#bmk, #bkn, #bmn], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<2x8x16xf32>, memref<2x16x4xf32>) outs(%c : memref<2x8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#id3, #col3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c, %b : memref<2x8x4xf32>, memref<4xf32>) outs(%c : memref<2x8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.addf %in, %in_0 : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
// Tests that a product read again after an epilogue that writes another
// buffer keeps its own buffer: no epilogue call.
// CHECK-LABEL: func @product_read_later
// CHECK-NOT: arrayc_rt_cublas_lt_gemm
// CHECK: call @arrayc_rt_cublas_gemm_f32
// CHECK: linalg.generic
// CHECK: return
func.func @product_read_later(%x: memref<8x16xf32>, %w: memref<16x4xf32>, %b: memref<4xf32>,
                              %o: memref<8x4xf32>) -> memref<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<8x4xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<8x4xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<8x16xf32>, memref<16x4xf32>) outs(%p : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  %d = memref.alloc() : memref<8x4xf32>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %b : memref<8x4xf32>, memref<4xf32>) outs(%d : memref<8x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.addf %in, %in_0 : f32
    linalg.yield %0 : f32
  }
  memref.copy %p, %o : memref<8x4xf32> to memref<8x4xf32>
  memref.dealloc %p : memref<8x4xf32>
  return %d : memref<8x4xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
// Tests a bias that fusion left as a load in the body (`x @ w + p[1]`: row 1
// of p at the n loop's index): the call takes that row as a subview.
// CHECK-LABEL: func @bias_row_load
// CHECK-SAME: %[[P:[^:]*]]: memref<3x?xf32>
// CHECK: %[[ROW:.*]] = memref.subview %[[P]][%{{.*}}, 0] [1, %{{.*}}] [1, 1] : memref<3x?xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: %[[CB:.*]] = memref.cast %[[ROW]]
// CHECK: call @arrayc_rt_cublas_lt_gemm_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[CB]], %{{.*}}, %{{.*}})
// CHECK-NOT: linalg.generic
func.func @bias_row_load(%x: memref<?x?xf32>, %w: memref<?x?xf32>, %p: memref<3x?xf32>,
                         %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 1 : index
    %b = memref.load %p[%c1, %j] : memref<3x?xf32>
    %0 = arith.addf %in, %b : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
// Tests that a load at the m loop's index (a column of p: one element per
// row of C) is no bias cuBLASLt takes.
// CHECK-LABEL: func @bias_column_load
// CHECK-NOT: arrayc_rt_cublas_lt_gemm
// CHECK: call @arrayc_rt_cublas_gemm_f32
// CHECK: linalg.generic
// CHECK: return
func.func @bias_column_load(%x: memref<?x?xf32>, %w: memref<?x?xf32>, %p: memref<?x3xf32>,
                            %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.mulf %in, %in_0 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %b = memref.load %p[%i, %c1] : memref<?x3xf32>
    %0 = arith.addf %in, %b : f32
    linalg.yield %0 : f32
  }
  return
}
