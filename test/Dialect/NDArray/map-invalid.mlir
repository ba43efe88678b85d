// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// Tests map_c1: a map has at least one result.
func.func @map_c1_results(%x: tensor<4xf32>) {
  // expected-error @+1 {{(map_c1) needs at least one result}}
  ndarray.map(%x) : (tensor<4xf32>) -> () {
  ^bb0(%a: f32):
    ndarray.yield
  }
  return
}

// -----

// Tests map_c1: operands and results share one shape (broadcasting is explicit).
func.func @map_c1_shape(%x: tensor<4xf32>, %y: tensor<1xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(map_c1) every operand and result must have the shape of the first result, 'tensor<4xf32>', got 'tensor<1xf32>'}}
  %r = ndarray.map(%x, %y) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    ndarray.yield %s : f32
  }
  return %r : tensor<4xf32>
}

// -----

// Tests map_c2: one block argument per operand, of its element type.
func.func @map_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(map_c2) body argument #0 must be 'f32', got 'f64'}}
  %r = ndarray.map(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: f64):
    %t = arith.truncf %a : f64 to f32
    ndarray.yield %t : f32
  }
  return %r : tensor<4xf32>
}

// -----

// Tests map_c3: the yielded values have the results' element types.
func.func @map_c3(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{(map_c3) yielded value #0 must be 'f64', got 'f32'}}
  %r = ndarray.map(%x) : (tensor<4xf32>) -> tensor<4xf64> {
  ^bb0(%a: f32):
    ndarray.yield %a : f32
  }
  return %r : tensor<4xf64>
}

// -----

// Tests map_c4: no unsigned or complex element types.
func.func @map_c4(%x: tensor<4xui8>) -> tensor<4xui8> {
  // expected-error @+1 {{(map_c4) element type 'ui8' is not bool, a signed integer or a float}}
  %r = ndarray.map(%x) : (tensor<4xui8>) -> tensor<4xui8> {
  ^bb0(%a: ui8):
    ndarray.yield %a : ui8
  }
  return %r : tensor<4xui8>
}

// -----

// Tests that ndarray.yield only ends an ndarray.map or ndarray.custom_reduce body.
func.func @yield_parent(%a: f32) {
  // expected-error @+1 {{expects parent op to be one of 'ndarray.map, ndarray.custom_reduce'}}
  ndarray.yield %a : f32
}
