// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// Tests floordiv_c1: one type for operands and result.
func.func @floordiv_c1(%x: tensor<4xi32>, %y: tensor<4xi64>) {
  // expected-error @+1 {{(floordiv_c1) operands and result must have one type}}
  %0 = ndarray.floordiv %x, %y : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi32>
  return
}

// -----

// Tests floordiv_c2: floor division is not defined on bool.
func.func @floordiv_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{(floordiv_c2) is not defined on bool}}
  %0 = ndarray.floordiv %x, %x : tensor<4xi1>
  return
}

// -----

// Tests mod_c1: one type for operands and result.
func.func @mod_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{(mod_c1) operands and result must have one type}}
  %0 = ndarray.mod %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

// Tests mod_c2: modulo is not defined on bool.
func.func @mod_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{(mod_c2) is not defined on bool}}
  %0 = ndarray.mod %x, %x : tensor<4xi1>
  return
}

// -----

// Tests bitand_c1: one type for operands and result.
func.func @bitand_c1(%x: tensor<4xi8>, %y: tensor<4xi16>) {
  // expected-error @+1 {{(bitand_c1) operands and result must have one type}}
  %0 = ndarray.bitand %x, %y : (tensor<4xi8>, tensor<4xi16>) -> tensor<4xi8>
  return
}

// -----

// Tests bitand_c2: no floats.
func.func @bitand_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{(bitand_c2) needs a bool or integer element type}}
  %0 = ndarray.bitand %x, %x : tensor<4xf32>
  return
}

// -----

// Tests bitor_c1: one type for operands and result.
func.func @bitor_c1(%x: tensor<4xi1>, %y: tensor<3xi1>) {
  // expected-error @+1 {{(bitor_c1) operands and result must have one type}}
  %0 = ndarray.bitor %x, %y : (tensor<4xi1>, tensor<3xi1>) -> tensor<4xi1>
  return
}

// -----

// Tests bitor_c2: no floats.
func.func @bitor_c2(%x: tensor<4xf16>) {
  // expected-error @+1 {{(bitor_c2) needs a bool or integer element type}}
  %0 = ndarray.bitor %x, %x : tensor<4xf16>
  return
}

// -----

// Tests bitxor_c1: one type for operands and result.
func.func @bitxor_c1(%x: tensor<4xi32>) {
  // expected-error @+1 {{(bitxor_c1) operands and result must have one type}}
  %0 = ndarray.bitxor %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi64>
  return
}

// -----

// Tests bitxor_c2: no floats.
func.func @bitxor_c2(%x: tensor<4xbf16>) {
  // expected-error @+1 {{(bitxor_c2) needs a bool or integer element type}}
  %0 = ndarray.bitxor %x, %x : tensor<4xbf16>
  return
}

// -----

// Tests shl_c1: one type for operands and result.
func.func @shl_c1(%x: tensor<4xi32>, %y: tensor<4xi8>) {
  // expected-error @+1 {{(shl_c1) operands and result must have one type}}
  %0 = ndarray.shl %x, %y : (tensor<4xi32>, tensor<4xi8>) -> tensor<4xi32>
  return
}

// -----

// Tests shl_c2: integers only: not bool.
func.func @shl_c2(%x: tensor<4xi1>) {
  // expected-error @+1 {{(shl_c2) needs an integer element type}}
  %0 = ndarray.shl %x, %x : tensor<4xi1>
  return
}

// -----

// Tests shr_c1: one type for operands and result.
func.func @shr_c1(%x: tensor<4xi32>, %y: tensor<?xi32>) {
  // expected-error @+1 {{(shr_c1) operands and result must have one type}}
  %0 = ndarray.shr %x, %y : (tensor<4xi32>, tensor<?xi32>) -> tensor<4xi32>
  return
}

// -----

// Tests shr_c2: integers only: not a float.
func.func @shr_c2(%x: tensor<4xf64>) {
  // expected-error @+1 {{(shr_c2) needs an integer element type}}
  %0 = ndarray.shr %x, %x : tensor<4xf64>
  return
}

// -----

// Tests bitnot_c1: no floats.
func.func @bitnot_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{(bitnot_c1) needs a bool or integer element type}}
  %0 = ndarray.bitnot %x : tensor<4xf32>
  return
}
