// RUN: arrayc-opt %s --arrayc-linalg-to-blas="cuda=true" -split-input-file | FileCheck %s

// With cuda=true: a zero fill and a multiply-add generic on identity-layout
// buffers become one cuBLAS call (beta = 0, the fill erased).
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @matmul
// CHECK-NOT: linalg.generic
// CHECK-DAG: %[[ACC:.*]] = arith.constant 0 : i32
// CHECK: memref.alloca_scope
// CHECK: memref.alloca() : memref<10xi64>
// CHECK: call @arrayc_rt_cublas_gemm_f64(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ACC]])
// CHECK-NOT: linalg.generic
// CHECK-NOT: arrayc_rt_blas_gemm
// CHECK: return
func.func @matmul(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>) {
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

// -----

// Without a zero fill to fold (the product accumulates into C) it stays a
// generic: the GPU entry point computes beta = 0 only.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func @accumulate
// CHECK-NOT: call
// CHECK: linalg.generic
func.func @accumulate(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
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

// A strided (transposed view) operand stays a generic on the GPU.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @transposed
// CHECK-NOT: call
// CHECK: linalg.generic
// CHECK: linalg.generic
func.func @transposed(%a: memref<?x?xf32, strided<[1, ?]>>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<?x?xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32, strided<[1, ?]>>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// An f16 product accumulated in f32 (extf on both inputs, mul and add in f32,
// as convert-ndarray-to-linalg emits f16 matmul) becomes cuBLAS GemmEx with
// f16 inputs and an f32 result; the truncation to f16 stays a generic.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @widened
// CHECK: call @arrayc_rt_cublas_gemm_f16f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xi64>, memref<*xf16>, memref<*xf16>, memref<*xf32>, i32) -> ()
// CHECK-NOT: arith.extf
// CHECK: return
func.func @widened(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<?x?xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f16, %y: f16, %o: f32):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : f16 to f32
    %p = arith.mulf %yf, %xf : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// An f16 product (f16 inputs widened to f32, as the frontend emits) rounded to
// f16 right after: one cuBLAS call writes the rounded result; the rounding
// generic and the f32 buffer go.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @matmul_f16_rounded
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf16>
// CHECK: %[[C:.*]] = memref.cast %[[OUT]] : memref<?x?xf16> to memref<*xf16>
// CHECK: call @arrayc_rt_cublas_gemm_f16(%{{.*}}, %{{.*}}, %{{.*}}, %[[C]], %{{.*}})
// CHECK-NOT: linalg.generic
// CHECK-NOT: xf32>
// CHECK: return %[[OUT]]
func.func @matmul_f16_rounded(%a: memref<?x?xf16>, %b: memref<?x?xf16>) -> memref<?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %a, %c0 : memref<?x?xf16>
  %n = memref.dim %b, %c1 : memref<?x?xf16>
  %acc = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%acc : memref<?x?xf32>) {
  ^bb0(%x: f16, %y: f16, %o: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  %out = memref.alloc(%m, %n) : memref<?x?xf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<?x?xf32>) outs(%out : memref<?x?xf16>) {
  ^bb0(%in: f32, %o: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  }
  memref.dealloc %acc : memref<?x?xf32>
  return %out : memref<?x?xf16>
}

// -----

// The f32 product is also returned: it stays, the rounding pass too.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @matmul_f16_both
// CHECK: call @arrayc_rt_cublas_gemm_f16f32(
// CHECK: linalg.generic
// CHECK: arith.truncf
func.func @matmul_f16_both(%a: memref<?x?xf16>, %b: memref<?x?xf16>) -> (memref<?x?xf16>, memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %a, %c0 : memref<?x?xf16>
  %n = memref.dim %b, %c1 : memref<?x?xf16>
  %acc = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%acc : memref<?x?xf32>) {
  ^bb0(%x: f16, %y: f16, %o: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  %out = memref.alloc(%m, %n) : memref<?x?xf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<?x?xf32>) outs(%out : memref<?x?xf16>) {
  ^bb0(%in: f32, %o: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  }
  return %out, %acc : memref<?x?xf16>, memref<?x?xf32>
}

// -----

// The f16 product rounded inside a fused epilogue (the seed's pairwise
// distance: sqrt(a - 2*q@p.T + b) of f16, with a row sum computed in
// between): cuBLAS writes the rounded product to a new f16 buffer, which the
// epilogue reads in place of the f32 one, its truncf gone; the f32 buffer
// goes, the f16 one is freed after the epilogue.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#row = affine_map<(m, n) -> (m)>
#col = affine_map<(m, n) -> (n)>
// CHECK-LABEL: func @rounded_in_epilogue
// CHECK-NOT: xf32>
// CHECK: %[[H:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf16>
// CHECK: %[[C:.*]] = memref.cast %[[H]] : memref<?x?xf16> to memref<*xf16>
// CHECK: call @arrayc_rt_cublas_gemm_f16(%{{.*}}, %{{.*}}, %{{.*}}, %[[C]], %{{.*}})
// CHECK: linalg.generic {{.*}} ins(%[[H]], %arg2, %arg3 : memref<?x?xf16>, memref<?xf16>, memref<?xf16>)
// CHECK-NEXT: ^bb0(%[[P:.*]]: f16, %[[A:.*]]: f16, %[[B:.*]]: f16, %{{.*}}: f16):
// CHECK-NOT: arith.truncf
// CHECK: arith.subf %[[A]], %[[P]] : f16
// CHECK: math.sqrt
// CHECK: memref.dealloc %[[H]]
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @rounded_in_epilogue(%q: memref<?x?xf16>, %pt: memref<?x?xf16>, %a: memref<?xf16>,
                               %b: memref<?xf16>, %x: memref<?x?xf16>, %s: memref<?xf16>)
    -> memref<?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %q, %c0 : memref<?x?xf16>
  %n = memref.dim %pt, %c1 : memref<?x?xf16>
  %acc = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%q, %pt : memref<?x?xf16>, memref<?x?xf16>) outs(%acc : memref<?x?xf32>) {
  ^bb0(%x0: f16, %y0: f16, %o: f32):
    %xe = arith.extf %x0 : f16 to f32
    %ye = arith.extf %y0 : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %r = arith.addf %o, %p : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf16>) outs(%s : memref<?xf16>) {
  ^bb0(%v: f16, %o: f16):
    %r = arith.addf %v, %o : f16
    linalg.yield %r : f16
  }
  %out = memref.alloc(%m, %n) : memref<?x?xf16>
  linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc, %a, %b : memref<?x?xf32>, memref<?xf16>, memref<?xf16>) outs(%out : memref<?x?xf16>) {
  ^bb0(%pp: f32, %aa: f16, %bb: f16, %o: f16):
    %t = arith.truncf %pp : f32 to f16
    %d = arith.subf %aa, %t : f16
    %e = arith.addf %d, %bb : f16
    %r = math.sqrt %e : f16
    linalg.yield %r : f16
  }
  memref.dealloc %acc : memref<?x?xf32>
  return %out : memref<?x?xf16>
}

// -----

// An epilogue that uses the f32 product other than through truncf keeps it.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @f32_epilogue
// CHECK: call @arrayc_rt_cublas_gemm_f16f32
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : memref<?x?xf32>)
// CHECK: math.sqrt %{{.*}} : f32
func.func @f32_epilogue(%q: memref<?x?xf16>, %pt: memref<?x?xf16>) -> memref<?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %q, %c0 : memref<?x?xf16>
  %n = memref.dim %pt, %c1 : memref<?x?xf16>
  %acc = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%q, %pt : memref<?x?xf16>, memref<?x?xf16>) outs(%acc : memref<?x?xf32>) {
  ^bb0(%x0: f16, %y0: f16, %o: f32):
    %xe = arith.extf %x0 : f16 to f32
    %ye = arith.extf %y0 : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %r = arith.addf %o, %p : f32
    linalg.yield %r : f32
  }
  %out = memref.alloc(%m, %n) : memref<?x?xf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<?x?xf32>) outs(%out : memref<?x?xf16>) {
  ^bb0(%pp: f32, %o: f16):
    %r = math.sqrt %pp : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  }
  memref.dealloc %acc : memref<?x?xf32>
  return %out : memref<?x?xf16>
}

// -----

// The zero fill as --no-fusion leaves it (linalg.fill generalized, the
// scalar still an input) is folded into beta = 0 too.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#s = affine_map<(m, n) -> ()>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @scalar_input_fill
// CHECK-NOT: linalg.generic
// CHECK: call @arrayc_rt_cublas_gemm_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c0_i32)
// CHECK-NOT: linalg.generic
func.func @scalar_input_fill(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#s, #id], iterator_types = ["parallel", "parallel"]}
      ins(%zero : f32) outs(%c : memref<?x?xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %o, %p : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// On the GPU a materialized transpose operand stays a copy: cuBLAS was
// slower with the operand transposed in the call than the copy and the
// untransposed call together (docs/performance.md, 00:55 UTC run).
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#t = affine_map<(i, j) -> (j, i)>
#id = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: func @transposed_copy_kept
// CHECK: memref.alloc(%{{.*}}) : memref<784x?xf32>
// CHECK: linalg.generic
// CHECK: call @arrayc_rt_cublas_gemm_f32
func.func @transposed_copy_kept(%q: memref<?x784xf32>, %p: memref<?x784xf32>, %c: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %p, %c0 : memref<?x784xf32>
  %pt = memref.alloc(%n) : memref<784x?xf32>
  linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<?x784xf32>) outs(%pt : memref<784x?xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%q, %pt : memref<?x784xf32>, memref<784x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  memref.dealloc %pt : memref<784x?xf32>
  return
}

// -----

// A block of rows of a contiguous matrix (a view at a dynamic offset with the
// matrix's own strides: the slice a sharded call takes, docs/distributed.md)
// is the same row-major matrix to cuBLAS, which reads the offset from the
// descriptor.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @row_block
// CHECK-NOT: linalg.generic
// CHECK: call @arrayc_rt_cublas_gemm_f32(
// CHECK-NOT: linalg.generic
func.func @row_block(%full: memref<8x4xf32>, %off: index, %b: memref<4x3xf32>, %c: memref<2x3xf32>) {
  %a = memref.subview %full[%off, 0] [2, 4] [1, 1] : memref<8x4xf32> to memref<2x4xf32, strided<[4, 1], offset: ?>>
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<2x3xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x4xf32, strided<[4, 1], offset: ?>>, memref<4x3xf32>) outs(%c : memref<2x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A block of columns (strides not the contiguous ones of its shape) stays a
// generic.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func @column_block
// CHECK-NOT: call
// CHECK: linalg.generic
func.func @column_block(%full: memref<2x8xf32>, %b: memref<4x3xf32>, %c: memref<2x3xf32>) {
  %a = memref.subview %full[0, 2] [2, 4] [1, 1] : memref<2x8xf32> to memref<2x4xf32, strided<[8, 1], offset: 2>>
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<2x3xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x4xf32, strided<[8, 1], offset: 2>>, memref<4x3xf32>) outs(%c : memref<2x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  }
  return
}
