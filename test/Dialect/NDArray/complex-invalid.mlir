// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// Tests real_c1: the result is the operand's shape in the parts' type.
func.func @real_c1(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{(real_c1) result must be 'tensor<4xf32>', got 'tensor<4xf64>'}}
  %0 = ndarray.real %z : tensor<4xcomplex<f32>> -> tensor<4xf64>
  return
}

// -----

// Tests imag_c1 on a shape mismatch.
func.func @imag_c1(%z: tensor<4xcomplex<f64>>) {
  // expected-error @+1 {{(imag_c1) result must be 'tensor<4xf64>'}}
  %0 = ndarray.imag %z : tensor<4xcomplex<f64>> -> tensor<3xf64>
  return
}

// -----

// Tests complex_abs_c1.
func.func @complex_abs_c1(%z: tensor<4xcomplex<f64>>) {
  // expected-error @+1 {{(complex_abs_c1) result must be 'tensor<4xf64>'}}
  %0 = ndarray.complex_abs %z : tensor<4xcomplex<f64>> -> tensor<4xf32>
  return
}

// -----

// Tests that real takes only complex operands (the type constraint).
func.func @real_of_float(%x: tensor<4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of complex type with 32-bit float elements or complex type with 64-bit float elements values}}
  %0 = ndarray.real %x : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// Tests compare_c3: complex numbers compare only with eq and ne.
func.func @compare_c3(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{(compare_c3) complex numbers are not ordered}}
  %0 = ndarray.compare lt, %z, %z : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return
}

// -----

// Tests max_c2: maximum is not defined on complex numbers.
func.func @max_c2(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{(max_c2) is not defined on complex numbers}}
  %0 = ndarray.max %z, %z : tensor<4xcomplex<f32>>
  return
}

// -----

// Tests min_c2.
func.func @min_c2(%z: tensor<4xcomplex<f64>>) {
  // expected-error @+1 {{(min_c2) is not defined on complex numbers}}
  %0 = ndarray.min %z, %z : tensor<4xcomplex<f64>>
  return
}

// -----

// Tests reduce_c4: max/min reductions are not defined on complex numbers.
func.func @reduce_c4(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{(reduce_c4) max and min are not defined on complex numbers}}
  %0 = ndarray.reduce max %z [0] : tensor<4xcomplex<f32>> -> tensor<complex<f32>>
  return
}

// -----

// Tests abs_c1: the absolute value of a complex number is real.
func.func @abs_c1(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{(abs_c1) the absolute value of a complex number is real}}
  %0 = ndarray.abs %z : tensor<4xcomplex<f32>>
  return
}

// -----

// Tests floordiv_c2 on complex numbers.
func.func @floordiv_c2_complex(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{(floordiv_c2) is not defined on complex numbers}}
  %0 = ndarray.floordiv %z, %z : tensor<4xcomplex<f32>>
  return
}

// -----

// Tests bitand_c2 on complex numbers.
func.func @bitand_c2_complex(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{(bitand_c2) needs a bool or integer element type, got complex<f32>}}
  %0 = ndarray.bitand %z, %z : tensor<4xcomplex<f32>>
  return
}

// -----

// Tests argreduce_c4: complex numbers are not ordered.
func.func @argreduce_c4(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{argreduce_c4: complex numbers are not ordered}}
  %0 = ndarray.argreduce max %z [0] : tensor<4xcomplex<f32>> -> tensor<i64>
  return
}

// -----

// Tests unary_math_c3: floor has no complex form.
func.func @unary_math_c3_complex(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{unary_math_c3: 'floor' needs a float operand}}
  %0 = ndarray.unary_math "floor" %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return
}

// -----

// Tests binary_math_c3: fmax has no complex form.
func.func @binary_math_c3_complex(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{binary_math_c3: element types do not fit 'fmax'}}
  %0 = ndarray.binary_math "fmax" %z, %z : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return
}
