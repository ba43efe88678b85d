// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// Tests add_c1: one type for operands and result.
func.func @add_c1(%x: tensor<4xf32>, %y: tensor<4xf64>) {
  // expected-error @+1 {{(add_c1) operands and result must have one type}}
  %0 = ndarray.add %x, %y : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return
}

// -----

// Tests div_c2: division is not defined on bool.
func.func @div_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{(div_c2) is not defined on bool}}
  %0 = ndarray.div %x, %x : tensor<4xi1>
  return
}

// -----

// Tests pow_c2: power is not defined on bool.
func.func @pow_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{(pow_c2) is not defined on bool}}
  %0 = ndarray.pow %x, %x : tensor<4xi1>
  return
}

// -----

// Tests sqrt_c1: float-only unary math.
func.func @sqrt_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{(sqrt_c1) needs a float or complex element type}}
  %0 = ndarray.sqrt %x : tensor<4xi32>
  return
}

// -----

// Tests compare_c1: operands of one type.
func.func @compare_c1(%x: tensor<4xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{(compare_c1) operands must have one type}}
  %0 = ndarray.compare eq, %x, %y : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi1>
  return
}

// -----

// Tests compare_c2: the result has the operands' shape.
func.func @compare_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{(compare_c2) result shape must match operands}}
  %0 = ndarray.compare eq, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xi1>
  return
}

// -----

// Tests cast_c1: a cast keeps the shape.
func.func @cast_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{(cast_c1) operand and result shapes differ}}
  %0 = ndarray.cast %x : tensor<4xf32> to tensor<5xf64>
  return
}

// -----

// Tests broadcast_in_dim_c1: one broadcast dimension per input dimension.
func.func @broadcast_in_dim_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{(broadcast_in_dim_c1) needs one broadcast dimension per input dimension}}
  %0 = ndarray.broadcast_in_dim %x [0, 1] : tensor<4xf32> -> tensor<4x4xf32>
  return
}

// -----

// Tests broadcast_in_dim_c2: increasing dimensions within the result rank.
func.func @broadcast_in_dim_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{(broadcast_in_dim_c2) broadcast dimensions must be increasing}}
  %0 = ndarray.broadcast_in_dim %x [2] : tensor<4xf32> -> tensor<3x4xf32>
  return
}

// -----

// Tests broadcast_in_dim_c3: only size-1 dimensions stretch.
func.func @broadcast_in_dim_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{(broadcast_in_dim_c3) input dimension 0 of size 4 cannot broadcast to size 5}}
  %0 = ndarray.broadcast_in_dim %x [1] : tensor<4xf32> -> tensor<3x5xf32>
  return
}

// -----

// Tests broadcast_in_dim_c4: one value per dynamic result dimension.
func.func @broadcast_in_dim_c4(%x: tensor<4xf32>) {
  // expected-error @+1 {{(broadcast_in_dim_c4) needs 1 dynamic dimension values, got 0}}
  %0 = ndarray.broadcast_in_dim %x [1] : tensor<4xf32> -> tensor<?x4xf32>
  return
}

// -----

// Tests broadcast_in_dim_c5: the element type is kept.
func.func @broadcast_in_dim_c5(%x: tensor<4xf32>) {
  // expected-error @+1 {{(broadcast_in_dim_c5) element types differ}}
  %0 = ndarray.broadcast_in_dim %x [1] : tensor<4xf32> -> tensor<3x4xf64>
  return
}

// -----

// Tests reduce_c1: axes increasing and in range.
func.func @reduce_c1(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{(reduce_c1) axes must be increasing and within the input rank 2}}
  %0 = ndarray.reduce sum %x [2] : tensor<4x5xf32> -> tensor<4xf32>
  return
}

// -----

// Tests reduce_c2: the result drops the reduced axes.
func.func @reduce_c2(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{(reduce_c2) result shape must be the input shape with the reduced axes removed}}
  %0 = ndarray.reduce sum %x [1] : tensor<4x5xf32> -> tensor<5xf32>
  return
}

// -----

// Tests reduce_c2 with keepdims: reduced axes become 1.
func.func @reduce_c2_keepdims(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{(reduce_c2) result shape must be the input shape with the reduced axes set to 1}}
  %0 = ndarray.reduce sum %x [1] keepdims : tensor<4x5xf32> -> tensor<4xf32>
  return
}

// -----

// Tests reduce_c3: max over an empty axis has no identity.
func.func @reduce_c3(%x: tensor<0x5xf32>) {
  // expected-error @+1 {{(reduce_c3) zero-size reduction axis 0 has no identity for max}}
  %0 = ndarray.reduce max %x [0] : tensor<0x5xf32> -> tensor<5xf32>
  return
}

// -----

// Tests print_c1: integer pieces name operands.
func.func @print_c1(%x: tensor<f32>) {
  // expected-error @+1 {{(print_c1) format piece 1 : i64 is neither a string nor an operand index}}
  ndarray.print %x [1] : tensor<f32>
  return
}

// -----

// Tests assert_c1: at most two values.
func.func @assert_c1(%ok: i1, %i: i64) {
  // expected-error @+1 {{'ndarray.assert' op takes at most two values, got 3}}
  ndarray.assert %ok, "{0}"(%i, %i, %i)
  return
}

// -----

// Tests add_c1 across signedness: ui8 and i8 are different types.
func.func @add_c1_signedness(%x: tensor<4xui8>, %y: tensor<4xi8>) {
  // expected-error @+1 {{(add_c1) operands and result must have one type}}
  %0 = ndarray.add %x, %y : (tensor<4xui8>, tensor<4xi8>) -> tensor<4xui8>
  return
}

// -----

// Tests assert_c2: every placeholder names a value.
func.func @assert_c2(%ok: i1, %i: i64) {
  // expected-error @+1 {{'ndarray.assert' op message names value {1} but the op has 1 value(s)}}
  ndarray.assert %ok, "index {0} of {1}"(%i)
  return
}

// -----

// Tests sqrt_c1 on an unsigned integer.
func.func @sqrt_c1_unsigned(%x: tensor<4xui16>) {
  // expected-error @+1 {{(sqrt_c1) needs a float or complex element type}}
  %0 = ndarray.sqrt %x : tensor<4xui16>
  return
}

// -----

// Tests that explicitly signed integers are not element types: the signed
// dtypes are signless.
func.func @signed_element(%x: tensor<4xsi8>) {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = ndarray.add %x, %x : tensor<4xsi8>
  return
}
