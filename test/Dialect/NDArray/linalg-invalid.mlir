// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// Tests det_c1: a stack of matrices.
func.func @det_c1(%a: tensor<3xf32>) {
  // expected-error @+1 {{(det_c1) expects a stack of matrices (rank >= 2), got 'tensor<3xf32>'}}
  %0 = ndarray.det %a : tensor<3xf32> -> tensor<f32>
  return
}

// -----

// Tests det_c2: square matrices.
func.func @det_c2(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{(det_c2) expects square matrices, got 'tensor<3x4xf32>'}}
  %0 = ndarray.det %a : tensor<3x4xf32> -> tensor<f32>
  return
}

// -----

// Tests det_c3: the result is the batch shape.
func.func @det_c3(%a: tensor<2x3x3xf32>) {
  // expected-error @+1 {{(det_c3) result must be 'tensor<2xf32>' (? is any size), got 'tensor<3xf32>'}}
  %0 = ndarray.det %a : tensor<2x3x3xf32> -> tensor<3xf32>
  return
}

// -----

// Tests the element types: no integers (the frontend promotes them).
func.func @det_int(%a: tensor<3x3xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit float or 64-bit float or complex type with 32-bit float elements or complex type with 64-bit float elements values}}
  %0 = ndarray.det %a : tensor<3x3xi32> -> tensor<i32>
  return
}

// -----

// Tests inv_c2: square matrices.
func.func @inv_c2(%a: tensor<?x2x3xf64>) {
  // expected-error @+1 {{(inv_c2) expects square matrices}}
  %0 = ndarray.inv %a : tensor<?x2x3xf64>
  return
}

// -----

// Tests cholesky_c1: a stack of matrices.
func.func @cholesky_c1(%a: tensor<f64>) {
  // expected-error @+1 {{(cholesky_c1) expects a stack of matrices}}
  %0 = ndarray.cholesky %a : tensor<f64>
  return
}

// -----

// Tests solve_c2: a is square.
func.func @solve_c2(%a: tensor<3x4xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{(solve_c2) expects square matrices}}
  %0 = ndarray.solve %a, %b : tensor<3x4xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

// Tests solve_c3: b's rows match a.
func.func @solve_c3(%a: tensor<3x3xf32>, %b: tensor<4x2xf32>) {
  // expected-error @+1 {{(solve_c3) b must be 'tensor<3x2xf32>' (? is any size), got 'tensor<4x2xf32>'}}
  %0 = ndarray.solve %a, %b : tensor<3x3xf32>, tensor<4x2xf32> -> tensor<4x2xf32>
  return
}

// -----

// Tests solve_c3: b's rank is a's or one less.
func.func @solve_c3_rank(%a: tensor<2x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{(solve_c3) b must have the rank of a or one less}}
  %0 = ndarray.solve %a, %b : tensor<2x3x3xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

// Tests solve_c4: one element type.
func.func @solve_c4(%a: tensor<3x3xf32>, %b: tensor<3xf64>) {
  // expected-error @+1 {{(solve_c4) a, b and the result must have one element type}}
  %0 = ndarray.solve %a, %b : tensor<3x3xf32>, tensor<3xf64> -> tensor<3xf64>
  return
}

// -----

// Tests qr_c2: reduced q is (M, K).
func.func @qr_c2(%a: tensor<5x3xf64>) {
  // expected-error @+1 {{(qr_c2) q must be 'tensor<5x3xf64>' (? is any size), got 'tensor<5x5xf64>'}}
  %q, %r = ndarray.qr %a {mode = #ndarray<qr_mode reduced>} : tensor<5x3xf64> -> tensor<5x5xf64>, tensor<3x3xf64>
  return
}

// -----

// Tests svd_c2: s is real.
func.func @svd_c2(%a: tensor<4x3xcomplex<f32>>) {
  // expected-error @+1 {{(svd_c2) s must be 'tensor<3xf32>' (? is any size), got 'tensor<3xf64>'}}
  %u, %s, %vh = ndarray.svd %a : tensor<4x3xcomplex<f32>> -> tensor<4x3xcomplex<f32>>, tensor<3xf64>, tensor<3x3xcomplex<f32>>
  return
}

// -----

// Tests svdvals_c1: a stack of matrices.
func.func @svdvals_c1(%a: tensor<4xf32>) {
  // expected-error @+1 {{(svdvals_c1) expects a stack of matrices}}
  %s = ndarray.svdvals %a : tensor<4xf32> -> tensor<f32>
  return
}

// -----

// Tests eigh_c3: w has the batch shape and M.
func.func @eigh_c3(%a: tensor<2x3x3xf64>) {
  // expected-error @+1 {{(eigh_c3) w must be 'tensor<2x3xf64>' (? is any size), got 'tensor<3xf64>'}}
  %w, %v = ndarray.eigh %a : tensor<2x3x3xf64> -> tensor<3xf64>, tensor<2x3x3xf64>
  return
}

// -----

// Tests slogdet_c2: square matrices.
func.func @slogdet_c2(%a: tensor<3x4xf64>) {
  // expected-error @+1 {{(slogdet_c2) expects square matrices, got 'tensor<3x4xf64>'}}
  %s, %l = ndarray.slogdet %a : tensor<3x4xf64> -> tensor<f64>, tensor<f64>
  return
}

// -----

// Tests slogdet_c3: logabsdet is of the input's real type.
func.func @slogdet_c3(%a: tensor<3x3xcomplex<f32>>) {
  // expected-error @+1 {{(slogdet_c3) logabsdet must be 'tensor<f32>' (? is any size), got 'tensor<f64>'}}
  %s, %l = ndarray.slogdet %a : tensor<3x3xcomplex<f32>> -> tensor<complex<f32>>, tensor<f64>
  return
}

// -----

// Tests lstsq_c1: a is a matrix and b has its rows.
func.func @lstsq_c1(%a: tensor<5x3xf64>, %b: tensor<4xf64>) {
  // expected-error @+1 {{(lstsq_c1) expects a matrix a and a vector or matrix b with a's row count, got 'tensor<5x3xf64>' and 'tensor<4xf64>'}}
  %x, %r, %k, %s = ndarray.lstsq %a, %b : tensor<5x3xf64>, tensor<4xf64> -> tensor<3xf64>, tensor<?xf64>, tensor<i32>, tensor<3xf64>
  return
}

// -----

// Tests lstsq_c2: one element type.
func.func @lstsq_c2(%a: tensor<5x3xf64>, %b: tensor<5xf32>) {
  // expected-error @+1 {{(lstsq_c2) a, b and x must have one element type}}
  %x, %r, %k, %s = ndarray.lstsq %a, %b : tensor<5x3xf64>, tensor<5xf32> -> tensor<3xf64>, tensor<?xf64>, tensor<i32>, tensor<3xf64>
  return
}

// -----

// Tests lstsq_c3: x is (N, K).
func.func @lstsq_c3(%a: tensor<5x3xf64>, %b: tensor<5x2xf64>) {
  // expected-error @+1 {{(lstsq_c3) x must be 'tensor<3x2xf64>' (? is any size), got 'tensor<3xf64>'}}
  %x, %r, %k, %s = ndarray.lstsq %a, %b : tensor<5x3xf64>, tensor<5x2xf64> -> tensor<3xf64>, tensor<?xf64>, tensor<i32>, tensor<3xf64>
  return
}

// -----

// Tests lstsq_c3: s is (min(M, N),).
func.func @lstsq_c3_s(%a: tensor<2x3xf64>, %b: tensor<2xf64>) {
  // expected-error @+1 {{(lstsq_c3) s must be 'tensor<2xf64>' (? is any size), got 'tensor<3xf64>'}}
  %x, %r, %k, %s = ndarray.lstsq %a, %b : tensor<2x3xf64>, tensor<2xf64> -> tensor<3xf64>, tensor<?xf64>, tensor<i32>, tensor<3xf64>
  return
}

// -----

// Tests eig_c2: square matrices.
func.func @eig_c2(%a: tensor<2x3xf64>) {
  // expected-error @+1 {{(eig_c2) expects square matrices, got 'tensor<2x3xf64>'}}
  %w, %v = ndarray.eig %a : tensor<2x3xf64> -> tensor<2xcomplex<f64>>, tensor<2x2xcomplex<f64>>
  return
}

// -----

// Tests eig_c3: the results are complex of the input's real type.
func.func @eig_c3(%a: tensor<3x3xf64>) {
  // expected-error @+1 {{(eig_c3) v must be 'tensor<3x3xcomplex<f64>>' (? is any size), got 'tensor<3x3xcomplex<f32>>'}}
  %w, %v = ndarray.eig %a : tensor<3x3xf64> -> tensor<3xcomplex<f64>>, tensor<3x3xcomplex<f32>>
  return
}

// -----

// Tests eigvals_c3: w is the batch shape and M.
func.func @eigvals_c3(%a: tensor<2x3x3xf32>) {
  // expected-error @+1 {{(eigvals_c3) w must be 'tensor<2x3xcomplex<f32>>' (? is any size), got 'tensor<3xcomplex<f32>>'}}
  %w = ndarray.eigvals %a : tensor<2x3x3xf32> -> tensor<3xcomplex<f32>>
  return
}
