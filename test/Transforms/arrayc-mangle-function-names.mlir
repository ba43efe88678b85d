// RUN: arrayc-opt %s -arrayc-mangle-function-names -split-input-file -verify-diagnostics | FileCheck %s

// Tests that every defined function but arrayc_main moves to arrayc_fn_<name>
// with all its uses (calls, symbol references in attributes), that a user's
// function already named arrayc_fn_sin does not meet sin's new name, and that
// declarations (library and runtime functions) keep their names.

// CHECK-LABEL: func.func @arrayc_fn_sin(%arg0: f64) -> f64
// CHECK: call @cos(%arg0) : (f64) -> f64
// CHECK: call @arrayc_fn_arrayc_fn_sin(
// CHECK-LABEL: func.func @arrayc_fn_arrayc_fn_sin(
// CHECK-LABEL: func.func private @arrayc_fn_helper(
// CHECK-SAME: test.symbol_refs = [@arrayc_fn_sin, @cos, @arrayc_fn_arrayc_fn_sin]
// CHECK-LABEL: func.func @arrayc_main()
// CHECK: call @arrayc_fn_sin(
// CHECK: call @arrayc_fn_helper(
// CHECK: func.func private @cos(f64) -> f64
func.func @sin(%x: f64) -> f64 {
  %0 = func.call @cos(%x) : (f64) -> f64
  %1 = func.call @arrayc_fn_sin(%0) : (f64) -> f64
  return %1 : f64
}
func.func @arrayc_fn_sin(%x: f64) -> f64 {
  return %x : f64
}
func.func private @helper(%x: f64) -> f64 attributes {test.symbol_refs = [@sin, @cos, @arrayc_fn_sin]} {
  return %x : f64
}
func.func @arrayc_main() {
  %c = arith.constant 1.0 : f64
  %0 = func.call @sin(%c) : (f64) -> f64
  %1 = func.call @helper(%0) : (f64) -> f64
  return
}
func.func private @cos(f64) -> f64

// -----

// A declaration under a name a user function moves to is an internal error.
func.func @f() {
  return
}
// expected-error @below {{internal error: symbol 'arrayc_fn_f' already exists}}
func.func private @arrayc_fn_f()
