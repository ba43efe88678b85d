// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// The discardable attributes of NDArrayDialect.td that mark a scan's loop and
// an arg-reduction's index select for arrayc-gpu-map-linalg: a malformed one
// is an error, not a silently slower kernel.

// Tests that ndarray.scan is a unit attribute.
func.func @scan_value(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'ndarray.scan' must be a unit attribute}}
  scf.for %i = %c0 to %n step %c1 {
  } {ndarray.scan = 1 : i64}
  return
}

// -----

// Tests that ndarray.scan marks an scf.for only.
func.func @scan_not_loop() -> index {
  // expected-error @+1 {{'ndarray.scan' marks an scf.for only}}
  %c0 = arith.constant {ndarray.scan} 0 : index
  return %c0 : index
}

// -----

// Tests that ndarray.arg_reduce takes the enum, not the old string.
func.func @arg_reduce_string(%c: i1, %a: i64, %b: i64) -> i64 {
  // expected-error @+1 {{'ndarray.arg_reduce' must be an #ndarray<arg_reduce max|min|umax|umin>}}
  %0 = arith.select %c, %a, %b {ndarray.arg_reduce = "max"} : i64
  return %0 : i64
}

// -----

// Tests that ndarray.arg_reduce marks the index (i64) select only.
func.func @arg_reduce_value_select(%c: i1, %a: f32, %b: f32) -> f32 {
  // expected-error @+1 {{'ndarray.arg_reduce' marks a select of i64 only}}
  %0 = arith.select %c, %a, %b {ndarray.arg_reduce = #ndarray<arg_reduce max>} : f32
  return %0 : f32
}

// -----

// Tests that an order outside max/min/umax/umin does not parse.
func.func @arg_reduce_unknown_order(%c: i1, %a: i64, %b: i64) -> i64 {
  // expected-error @+2 {{expected ::arrayc::ndarray::ArgReduceKind to be one of: max, min, umax, umin}}
  // expected-error @+1 {{failed to parse NDArray_ArgReduceKindAttr parameter 'value'}}
  %0 = arith.select %c, %a, %b {ndarray.arg_reduce = #ndarray<arg_reduce median>} : i64
  return %0 : i64
}

// -----

// Tests that an ndarray attribute the dialect does not define is an error.
func.func @unknown(%c: i1, %a: i64, %b: i64) -> i64 {
  // expected-error @+1 {{unknown ndarray attribute 'ndarray.argmax'}}
  %0 = arith.select %c, %a, %b {ndarray.argmax} : i64
  return %0 : i64
}

// -----

// Tests that ndarray.combiner is a place k of n ops.
func.func @combiner_place(%a: f32, %b: f32) -> f32 {
  // expected-error @+1 {{'ndarray.combiner' must be array<i64: k, n> with 0 <= k < n}}
  %0 = arith.addf %a, %b {ndarray.combiner = array<i64: 2, 2>} : f32
  return %0 : f32
}

// -----

// Tests that ndarray.combiner_identity has the type of the op's result.
func.func @combiner_identity_type(%a: f32, %b: f32) -> f32 {
  // expected-error @+1 {{'ndarray.combiner_identity' of type 'f64' marks an op with a result of that type only}}
  %0 = arith.addf %a, %b {ndarray.combiner = array<i64: 0, 1>, ndarray.combiner_identity = 0.0 : f64} : f32
  return %0 : f32
}

// -----

// Tests that ndarray.combiner_identity marks an op of a combine function only.
func.func @combiner_identity_unmarked(%a: f32, %b: f32) -> f32 {
  // expected-error @+1 {{'ndarray.combiner_identity' marks an op marked 'ndarray.combiner' only}}
  %0 = arith.addf %a, %b {ndarray.combiner_identity = 0.0 : f32} : f32
  return %0 : f32
}
