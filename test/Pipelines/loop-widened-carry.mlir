// RUN: arrayc-opt %s --arrayc-linalg-pipeline | FileCheck %s

// A loop that grows an array from a static start carries it as `?`: the
// pipelines' canonicalizer leaves the widening cast outside the loop (the
// upstream scf.for cast folder would carry tensor<1xf64> and cast each grown
// array back to one element).
// CHECK-LABEL: func @arrayc_fn_grow
// CHECK: %[[W:.*]] = tensor.cast %{{.*}} : tensor<1xf64> to tensor<?xf64>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[W]]) -> (tensor<?xf64>)
// CHECK-NOT: tensor.cast {{.*}} : tensor<?xf64> to tensor<1xf64>
// CHECK: return
func.func @grow(%n: index, %v: tensor<1xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = ndarray.constant dense<0.0> : tensor<1xf64>
  %w = tensor.cast %z : tensor<1xf64> to tensor<?xf64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %w) -> (tensor<?xf64>) {
    %g = ndarray.concatenate %a, %v axis 0 : (tensor<?xf64>, tensor<1xf64>) -> tensor<?xf64>
    scf.yield %g : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}
