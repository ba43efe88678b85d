// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// Tests custom_reduce_c1: axes within the input rank.
func.func @custom_reduce_c1(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{(custom_reduce_c1) axes must be increasing and within the input rank 1}}
  %r = ndarray.custom_reduce %x [1] identity(0.0 : f32) : tensor<4xf32> -> tensor<f32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    ndarray.yield %s : f32
  }
  return %r : tensor<f32>
}

// -----

// Tests custom_reduce_c2: the result is the input without the reduced axes.
func.func @custom_reduce_c2(%x: tensor<4x3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(custom_reduce_c2) result shape must be the input shape with the reduced axes removed, got tensor<4xf32> from tensor<4x3xf32>}}
  %r = ndarray.custom_reduce %x [0] identity(0.0 : f32) : tensor<4x3xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    ndarray.yield %s : f32
  }
  return %r : tensor<4xf32>
}

// -----

// Tests custom_reduce_c3: the identity has the element type.
func.func @custom_reduce_c3_identity(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{(custom_reduce_c3) input, result and identity must have one element type, got 'f32', 'f32' and 'f64'}}
  %r = ndarray.custom_reduce %x [0] identity(0.0 : f64) : tensor<4xf32> -> tensor<f32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    ndarray.yield %s : f32
  }
  return %r : tensor<f32>
}

// -----

// Tests custom_reduce_c3: no complex numbers (no identity of their type).
func.func @custom_reduce_c3_complex(%x: tensor<4xcomplex<f32>>, %z: complex<f32>) -> tensor<complex<f32>> {
  // expected-error @+1 {{(custom_reduce_c3) input, result and identity must have one element type, got 'complex<f32>', 'complex<f32>' and 'f32'}}
  %r = ndarray.custom_reduce %x [0] identity(0.0 : f32) : tensor<4xcomplex<f32>> -> tensor<complex<f32>> {
  ^bb0(%a: complex<f32>, %b: complex<f32>):
    ndarray.yield %a : complex<f32>
  }
  return %r : tensor<complex<f32>>
}

// -----

// Tests custom_reduce_c4: the body takes (acc, elem) of the element type.
func.func @custom_reduce_c4_args(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{(custom_reduce_c4) the body takes (acc, elem) of type 'f32'}}
  %r = ndarray.custom_reduce %x [0] identity(0.0 : f32) : tensor<4xf32> -> tensor<f32> {
  ^bb0(%a: f32):
    ndarray.yield %a : f32
  }
  return %r : tensor<f32>
}

// -----

// Tests custom_reduce_c4: the body yields one value of the element type.
func.func @custom_reduce_c4_yield(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{(custom_reduce_c4) the body must yield one value of type 'f32'}}
  %r = ndarray.custom_reduce %x [0] identity(0.0 : f32) : tensor<4xf32> -> tensor<f32> {
  ^bb0(%a: f32, %b: f32):
    ndarray.yield %a, %b : f32, f32
  }
  return %r : tensor<f32>
}
