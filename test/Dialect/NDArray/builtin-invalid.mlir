// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// Tests iota_c1: dimension out of range.
func.func @iota_c1(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{iota_c1: dimension 1 is out of range}}
  %0 = ndarray.iota 1 : tensor<4xi64>
  return
}

// -----

// Tests iota_c2: one dynamic_dims value per dynamic dim.
func.func @iota_c2(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{iota_c2: expected 1 dynamic_dims}}
  %0 = ndarray.iota 0 : tensor<?xi64>
  return
}

// -----

// Tests unary_math_c1: an unknown function.
func.func @unary_math_c1(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{unary_math_c1: unknown function 'frobnicate'}}
  %0 = ndarray.unary_math "frobnicate" %x : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// Tests unary_math_c2: operand and result shapes differ.
func.func @unary_math_c2(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{unary_math_c2}}
  %0 = ndarray.unary_math "floor" %x : tensor<4xf32> -> tensor<5xf32>
  return
}

// -----

// Tests unary_math_c3: a float function of an integer.
func.func @unary_math_c3(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{unary_math_c3: 'floor' needs a float operand}}
  %0 = ndarray.unary_math "floor" %k : tensor<4xi32> -> tensor<4xi32>
  return
}

// -----

// Tests binary_math_c1: an unknown function.
func.func @binary_math_c1(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{binary_math_c1: unknown function 'gcd'}}
  %0 = ndarray.binary_math "gcd" %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// Tests binary_math_c2: operands of two types.
func.func @binary_math_c2(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{binary_math_c2}}
  %0 = ndarray.binary_math "fmax" %x, %y : tensor<4xf32>, tensor<4xf64> -> tensor<4xf32>
  return
}

// -----

// Tests binary_math_c3: a logical function with a non-bool result.
func.func @binary_math_c3(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{binary_math_c3}}
  %0 = ndarray.binary_math "logical_or" %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// Tests select_c1: a condition of another shape.
func.func @select_c1(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{select_c1}}
  %0 = ndarray.select %c5, %x, %x : tensor<5xi1>, tensor<4xf32>
  return
}

// -----

// Tests select_c2: values of two types (the AllTypesMatch trait).
func.func @select_c2(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "ndarray.select"(%c, %x, %y) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return
}

// -----

// Tests argreduce_c1: a sum kind.
func.func @argreduce_c1(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{argreduce_c1}}
  %0 = ndarray.argreduce sum %m [0] : tensor<4x3xf32> -> tensor<3xi64>
  return
}

// -----

// Tests argreduce_c2: an axis out of range.
func.func @argreduce_c2(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{argreduce_c2}}
  %0 = ndarray.argreduce max %m [2] : tensor<4x3xf32> -> tensor<4x3xi64>
  return
}

// -----

// Tests argreduce_c3: a non-i64 result.
func.func @argreduce_c3(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{argreduce_c3}}
  %0 = ndarray.argreduce max %m [0] : tensor<4x3xf32> -> tensor<3xi32>
  return
}

// -----

// Tests scan_c1: a max kind.
func.func @scan_c1(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{scan_c1}}
  %0 = ndarray.scan max %x 0 : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// Tests scan_c2: an axis out of range.
func.func @scan_c2(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{scan_c2: axis 1 is out of range}}
  %0 = ndarray.scan sum %x 1 : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// Tests scan_c3: a result of another type.
func.func @scan_c3(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{scan_c3}}
  %0 = ndarray.scan sum %x 0 : tensor<4xf32> -> tensor<4xf64>
  return
}

// -----

// Tests contract_c1: a missing result map.
func.func @contract_c1(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{contract_c1: expected 2 indexing maps}}
  %0 = ndarray.contract %x {indexing_maps = [affine_map<(i) -> (i)>]} : (tensor<4xf32>) -> tensor<f32>
  return
}

// -----

// Tests contract_c2: a map of the wrong rank.
func.func @contract_c2(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{contract_c2: map 0 has 2 results}}
  %0 = ndarray.contract %x {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>]} : (tensor<4xf32>) -> tensor<f32>
  return
}

// -----

// Tests contract_c3: a repeated result dimension.
func.func @contract_c3(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{contract_c3}}
  %0 = ndarray.contract %x {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i, i)>]} : (tensor<4xf32>) -> tensor<4x4xf32>
  return
}

// -----

// Tests contract_c4: element types that differ.
func.func @contract_c4(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{contract_c4}}
  %0 = ndarray.contract %x, %y {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>]} : (tensor<4xf32>, tensor<4xf64>) -> tensor<f32>
  return
}

// -----

// Tests contract_c5: static sizes of one loop dimension that disagree.
func.func @contract_c5(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{contract_c5: loop dimension 0 has sizes 4 and 5}}
  %0 = ndarray.contract %x, %x5 {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>]} : (tensor<4xf32>, tensor<5xf32>) -> tensor<f32>
  return
}

// -----

// Tests random_c1: an unknown distribution.
func.func @random_c1(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{random_c1}}
  %0 = ndarray.random "poisson" %s, %s : tensor<i64>, tensor<i64> -> tensor<4xf64>
  return
}

// -----

// Tests random_c2: a seed that is not 0-d.
func.func @random_c2(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{random_c2}}
  %0 = ndarray.random "uniform" %s4, %s : tensor<4xi64>, tensor<i64> -> tensor<4xf64>
  return
}

// -----

// Tests random_c3: an integer result.
func.func @random_c3(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{random_c3}}
  %0 = ndarray.random "uniform" %s, %s : tensor<i64>, tensor<i64> -> tensor<4xi64>
  return
}

// -----

// Tests random_c4: a missing dynamic size.
func.func @random_c4(%x: tensor<4xf32>, %y: tensor<4xf64>, %x5: tensor<5xf32>, %k: tensor<4xi32>, %c: tensor<4xi1>, %c5: tensor<5xi1>, %m: tensor<4x3xf32>, %s: tensor<i64>, %s4: tensor<4xi64>) {
  // expected-error @+1 {{random_c4: expected 1 dynamic_dims}}
  %0 = ndarray.random "uniform" %s, %s : tensor<i64>, tensor<i64> -> tensor<?xf64>
  return
}
