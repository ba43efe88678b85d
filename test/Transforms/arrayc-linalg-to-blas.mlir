// RUN: arrayc-opt %s --arrayc-linalg-to-blas -split-input-file | FileCheck %s

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>

// Tests that a zero fill (generalized) followed by a multiply-add generic, as
// convert-ndarray-to-linalg emits matmul, becomes one GEMM call with beta = 0
// (accumulate 0), the fill erased; the plan is [loops (m, n, k), roles
// (1, 2, 3), A dims (m, k), B dims (k, n), C dims (m, n)].
// CHECK-LABEL: func @matmul
// CHECK-NOT: linalg.generic
// CHECK-DAG: %[[ACC:.*]] = arith.constant 0 : i32
// CHECK: memref.alloca_scope
// CHECK: %[[PLAN:.*]] = memref.alloca() : memref<10xi64>
// CHECK: %[[P:.*]] = memref.cast %[[PLAN]] : memref<10xi64> to memref<*xi64>
// CHECK: %[[A:.*]] = memref.cast %arg0 : memref<?x?xf32> to memref<*xf32>
// CHECK: %[[B:.*]] = memref.cast %arg1
// CHECK: %[[C:.*]] = memref.cast %arg2
// CHECK: call @arrayc_rt_blas_gemm_f32(%[[P]], %[[A]], %[[B]], %[[C]], %[[ACC]])
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<?x?xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %y, %x : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Tests that the plan records each store: 1 + 5 loops + 4 + 3 + 4 dims, A's
// size-1 broadcast dim as constant index 0 (-1), and that without a
// preceding fill the call accumulates (accumulate 1). c128 picks the c128
// entry point.
// CHECK-LABEL: func @batched_broadcast
// CHECK-DAG: %[[ACC:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[NEG:.*]] = arith.constant -1 : i64
// CHECK-DAG: %[[I7:.*]] = arith.constant 7 : index
// CHECK: memref.alloca() : memref<17xi64>
// CHECK: memref.store %[[NEG]], %{{.*}}[%[[I7]]]
// CHECK: call @arrayc_rt_blas_gemm_c128(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ACC]])
// CHECK-NOT: linalg.generic
func.func @batched_broadcast(%a: memref<2x1x3x4xcomplex<f64>>, %b: memref<5x4x2xcomplex<f64>>,
                             %c: memref<2x5x3x2xcomplex<f64>>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, 0, d2, d4)>,
                                   affine_map<(d0, d1, d2, d3, d4) -> (d1, d4, d3)>,
                                   affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x1x3x4xcomplex<f64>>, memref<5x4x2xcomplex<f64>>)
      outs(%c : memref<2x5x3x2xcomplex<f64>>) {
  ^bb0(%x: complex<f64>, %y: complex<f64>, %o: complex<f64>):
    %p = complex.mul %y, %x : complex<f64>
    %s = complex.add %p, %o : complex<f64>
    linalg.yield %s : complex<f64>
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// Tests that a transposed operand given by its layout (a column-major view,
// static strides [1, ?]) goes to GEMM, and that one whose static strides
// have no unit stride stays on loops.
// CHECK-LABEL: func @transposed_view
// CHECK: call @arrayc_rt_blas_gemm_f64
// CHECK-LABEL: func @unaddressable_view
// CHECK-NOT: call @arrayc_rt_blas_gemm
// CHECK: linalg.generic
func.func @transposed_view(%a: memref<?x?xf64, strided<[1, ?], offset: ?>>, %b: memref<?x?xf64>,
                           %c: memref<?x?xf64>) {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf64, strided<[1, ?], offset: ?>>, memref<?x?xf64>) outs(%c : memref<?x?xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  }
  return
}
func.func @unaddressable_view(%a: memref<?x?xf64, strided<[4, 2]>>, %b: memref<?x?xf64>,
                              %c: memref<?x?xf64>) {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf64, strided<[4, 2]>>, memref<?x?xf64>) outs(%c : memref<?x?xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// Tests that a contraction over two dims ('ijk,jkl->il') stays on loops.
// CHECK-LABEL: func @two_contracted_dims
// CHECK-NOT: call
// CHECK: linalg.generic
func.func @two_contracted_dims(%a: memref<3x4x5xf32>, %b: memref<4x5x6xf32>, %c: memref<3x6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, l, j, k) -> (i, j, k)>,
                                   affine_map<(i, l, j, k) -> (j, k, l)>,
                                   affine_map<(i, l, j, k) -> (i, l)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : memref<3x4x5xf32>, memref<4x5x6xf32>) outs(%c : memref<3x6xf32>) {
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

// Tests that an f16 product (accumulated in f32 through extf), integer
// products, a fused negation (prologue) and a fused epilogue stay on loops.
// CHECK-LABEL: func @left_alone
// CHECK-NOT: call
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT: call
func.func @left_alone(%h: memref<4x5xf16>, %g: memref<5x6xf16>, %hc: memref<4x6xf32>,
                      %i: memref<4x5xi32>, %j: memref<5x6xi32>, %ic: memref<4x6xi32>,
                      %a: memref<4x5xf32>, %b: memref<5x6xf32>, %c: memref<4x6xf32>) {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%h, %g : memref<4x5xf16>, memref<5x6xf16>) outs(%hc : memref<4x6xf32>) {
  ^bb0(%x: f16, %y: f16, %o: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%i, %j : memref<4x5xi32>, memref<5x6xi32>) outs(%ic : memref<4x6xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %p, %o : i32
    linalg.yield %s : i32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x5xf32>, memref<5x6xf32>) outs(%c : memref<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %n = arith.negf %x : f32
    %p = arith.mulf %n, %y : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x5xf32>, memref<5x6xf32>) outs(%c : memref<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %o : f32
    %e = math.exp %s : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// Tests that a diagonal ('ii', a trace) and an outer product (no reduction)
// stay on loops.
// CHECK-LABEL: func @not_gemm
// CHECK-NOT: call
// CHECK-COUNT-2: linalg.generic
func.func @not_gemm(%q: memref<6x6xf64>, %t: memref<f64>, %v: memref<5xf64>, %w: memref<3xf64>,
                    %o: memref<5x3xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i, i)>, affine_map<(i) -> (i, i)>,
                                   affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%q, %q : memref<6x6xf64>, memref<6x6xf64>) outs(%t : memref<f64>) {
  ^bb0(%x: f64, %y: f64, %r: f64):
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %p, %r : f64
    linalg.yield %s : f64
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (j)>,
                                   affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%v, %w : memref<5xf64>, memref<3xf64>) outs(%o : memref<5x3xf64>) {
  ^bb0(%x: f64, %y: f64, %r: f64):
    %p = arith.mulf %x, %y : f64
    linalg.yield %p : f64
  }
  return
}

// -----

// Tests that a dot of vectors is a 1x1 GEMM (no m, no n loop), and that a
// fill that is not +0 (here -0.0) is kept and the call accumulates.
// CHECK-LABEL: func @dot
// CHECK-DAG: %[[ACC:.*]] = arith.constant 1 : i32
// CHECK: linalg.fill
// CHECK: memref.alloca() : memref<4xi64>
// CHECK: call @arrayc_rt_blas_gemm_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ACC]])
func.func @dot(%v: memref<?xf32>, %w: memref<?xf32>, %r: memref<f32>) {
  %nz = arith.constant -0.0 : f32
  linalg.fill ins(%nz : f32) outs(%r : memref<f32>)
  linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>,
                                   affine_map<(k) -> ()>], iterator_types = ["reduction"]}
      ins(%v, %w : memref<?xf32>, memref<?xf32>) outs(%r : memref<f32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// On the CPU an f16 product accumulated in f32 stays on loops (OpenBLAS has no
// half-precision GEMM).
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func @widened_cpu
// CHECK-NOT: call
// CHECK: linalg.generic
func.func @widened_cpu(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
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

// A product operand that is a materialized transpose (q @ p.T): the GEMM
// call reads p itself, transposed through the plan, and the copy and its
// buffer go.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#t = affine_map<(i, j) -> (j, i)>
#id = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: func @transposed_copy
// CHECK-NOT: memref.alloc(%{{.*}}) : memref<784x?xf32>
// CHECK-NOT: linalg.generic
// CHECK: %[[Q:.*]] = memref.cast %arg0 : memref<?x784xf32> to memref<*xf32>
// CHECK: %[[P:.*]] = memref.cast %arg1 : memref<?x784xf32> to memref<*xf32>
// CHECK: call @arrayc_rt_blas_gemm_f32(%{{.*}}, %[[Q]], %[[P]], %{{.*}}, %c0_i32)
// CHECK-NOT: linalg.generic
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @transposed_copy(%q: memref<?x784xf32>, %p: memref<?x784xf32>, %c: memref<?x?xf32>) {
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

// The source is written between the copy and the product: the copy stays.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#t = affine_map<(i, j) -> (j, i)>
#id = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: func @source_written
// CHECK: linalg.generic
// CHECK: linalg.fill
// CHECK: call @arrayc_rt_blas_gemm_f32
func.func @source_written(%q: memref<4x8xf32>, %p: memref<5x8xf32>, %c: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  %pt = memref.alloc() : memref<8x5xf32>
  linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<5x8xf32>) outs(%pt : memref<8x5xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.fill ins(%zero : f32) outs(%p : memref<5x8xf32>)
  linalg.fill ins(%zero : f32) outs(%c : memref<4x5xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%q, %pt : memref<4x8xf32>, memref<8x5xf32>) outs(%c : memref<4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  memref.dealloc %pt : memref<8x5xf32>
  return
}

// -----

// Tests that a loop of static size 1 is not GEMM's m when a longer loop also
// indexes only A and C: `h @ w` with w of shape (k, 1) after reshape
// propagation (A expanded to n x 1 x k, B the vector k). The row loop is m
// (role 1) and the unit loop a batch of one (role 0); the other way round
// was a batch of n one-row GEMMs. The plan starts [3 loops, roles 1, 0, 3].
// CHECK-LABEL: func @unit_loop_not_m
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[I1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[I2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[I3:.*]] = arith.constant 3 : index
// CHECK: %[[PLAN:.*]] = memref.alloca() : memref<10xi64>
// CHECK: memref.store %[[C1]], %[[PLAN]][%[[I1]]]
// CHECK: memref.store %[[C0]], %[[PLAN]][%[[I2]]]
// CHECK: memref.store %[[C3]], %[[PLAN]][%[[I3]]]
// CHECK: call @arrayc_rt_blas_gemm_f64
func.func @unit_loop_not_m(%a: memref<?x1x?xf64>, %b: memref<?xf64>, %c: memref<?x1xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                   affine_map<(d0, d1, d2) -> (d2)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x1x?xf64>, memref<?xf64>) outs(%c : memref<?x1xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %y, %x : f64
    %s = arith.addf %p, %o : f64
    linalg.yield %s : f64
  }
  return
}
