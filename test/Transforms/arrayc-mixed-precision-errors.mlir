// RUN: arrayc-opt %s -pass-pipeline='builtin.module(func.func(arrayc-mixed-precision{type=f8}))' -verify-diagnostics

// Tests that an unknown type is refused with a diagnostic.
// expected-error @below {{arrayc-mixed-precision: type must be f16 or bf16, not 'f8'}}
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
