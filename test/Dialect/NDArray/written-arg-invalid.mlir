// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// Tests the checks of the ndarray.written_arg result attribute.

// expected-error @+1 {{'ndarray.written_arg' of result 0 names argument 3, which does not exist}}
func.func @no_such_argument(%a: tensor<?xf64>) -> (tensor<?xf64> {ndarray.written_arg = 3 : i64}) {
  return %a : tensor<?xf64>
}

// -----

// expected-error @+1 {{'ndarray.written_arg' of result 0: the result's type differs from argument 0's}}
func.func @other_type(%a: tensor<?xf64>) -> (tensor<?xf32> {ndarray.written_arg = 0 : i64}) {
  %b = arith.truncf %a : tensor<?xf64> to tensor<?xf32>
  return %b : tensor<?xf32>
}

// -----

// expected-error @+1 {{'ndarray.written_arg' must be an integer on a function result}}
func.func @not_an_integer(%a: tensor<?xf64>) -> (tensor<?xf64> {ndarray.written_arg = "x"}) {
  return %a : tensor<?xf64>
}

// -----

// expected-error @+1 {{unknown ndarray result attribute 'ndarray.written'}}
func.func @unknown(%a: tensor<?xf64>) -> (tensor<?xf64> {ndarray.written = 0 : i64}) {
  return %a : tensor<?xf64>
}
