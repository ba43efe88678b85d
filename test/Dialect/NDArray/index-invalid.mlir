// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// Tests compress_c1: the operands are 1-d.
func.func @compress_c1(%x: tensor<2x2xf32>, %m: tensor<2x2xi1>, %n: index) {
  // expected-error @+1 {{(compress_c1) input, mask and result must be 1-d}}
  %0 = ndarray.compress %x, %m, %n : tensor<2x2xf32>, tensor<2x2xi1> -> tensor<?xf32>
  return
}

// -----

// Tests compress_c2: static sizes of input and mask agree.
func.func @compress_c2(%x: tensor<4xf32>, %m: tensor<3xi1>, %n: index) {
  // expected-error @+1 {{(compress_c2) input of size 4 and mask of size 3 differ}}
  %0 = ndarray.compress %x, %m, %n : tensor<4xf32>, tensor<3xi1> -> tensor<?xf32>
  return
}

// -----

// Tests compress_c3: the result keeps the element type.
func.func @compress_c3(%x: tensor<?xf32>, %m: tensor<?xi1>, %n: index) {
  // expected-error @+1 {{(compress_c3) result element type 'f64' differs from the input's 'f32'}}
  %0 = ndarray.compress %x, %m, %n : tensor<?xf32>, tensor<?xi1> -> tensor<?xf64>
  return
}

// -----

// Tests gather_c1: index arrays are integers.
func.func @gather_c1_type(%x: tensor<?xf32>, %i: tensor<3xf32>) {
  // expected-error @+1 {{(gather_c1) index arrays must have an integer element type, got 'f32'}}
  %0 = ndarray.gather %x[%i] axis 0 : tensor<?xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

// Tests gather_c1: index arrays share one shape.
func.func @gather_c1_shape(%x: tensor<?x?xf32>, %i: tensor<3xi64>, %j: tensor<2xi64>) {
  // expected-error @+1 {{(gather_c1) index arrays must have one shape}}
  %0 = ndarray.gather %x[%i, %j] axis 0 : tensor<?x?xf32>, tensor<3xi64>, tensor<2xi64> -> tensor<3xf32>
  return
}

// -----

// Tests gather_c2: the indexed axes exist.
func.func @gather_c2(%x: tensor<?xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{(gather_c2) 1 index arrays from axis 1 do not fit an input of rank 1}}
  %0 = ndarray.gather %x[%i] axis 1 : tensor<?xf32>, tensor<3xi64> -> tensor<3xf32>
  return
}

// -----

// Tests gather_c3: the result's shape is input[:axis] + index + input[axis+k:].
func.func @gather_c3(%x: tensor<4x5xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{(gather_c3) result shape does not match the input and index shapes}}
  %0 = ndarray.gather %x[%i] axis 1 : tensor<4x5xf32>, tensor<3xi64> -> tensor<4x5xf32>
  return
}

// -----

// Tests scatter_c1: as many indices as updates.
func.func @scatter_c1(%x: tensor<?xf32>, %i: tensor<3xi64>, %v: tensor<2xf32>) {
  // expected-error @+1 {{(scatter_c1) 3 indices but 2 updates}}
  %0 = ndarray.scatter %x[%i] = %v : tensor<?xf32>, tensor<3xi64>, tensor<2xf32>
  return
}

// -----

// Tests scatter_c2: updates have dest's element type.
func.func @scatter_c2(%x: tensor<?xf32>, %i: tensor<2xi64>, %v: tensor<2xf64>) {
  // expected-error @+1 {{(scatter_c2) updates of 'f64' into 'f32'}}
  %0 = ndarray.scatter %x[%i] = %v : tensor<?xf32>, tensor<2xi64>, tensor<2xf64>
  return
}

// -----

// Tests sort_c1: complex numbers are not sorted.
func.func @sort_c1(%x: tensor<?xcomplex<f32>>) {
  // expected-error @+1 {{(sort_c1) sorts arrays of rank >= 1 of real numbers}}
  %0 = ndarray.sort %x : tensor<?xcomplex<f32>> -> tensor<?xcomplex<f32>>
  return
}

// -----

// Tests sort_c2: argsort gives i64.
func.func @sort_c2(%x: tensor<?xf32>) {
  // expected-error @+1 {{(sort_c2) expected a result of rank 1 and element type 'i64'}}
  %0 = ndarray.sort %x indices : tensor<?xf32> -> tensor<?xi32>
  return
}
