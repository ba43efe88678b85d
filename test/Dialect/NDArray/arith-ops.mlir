// RUN: arrayc-opt %s | arrayc-opt | FileCheck %s

// Tests that the integer/bitwise ops (NDArrayArithOps.td) round-trip.
// CHECK-LABEL: func @arith
func.func @arith(%a: tensor<?xi32>, %b: tensor<?xi32>, %f: tensor<4xf64>,
                 %m: tensor<2x3xi1>, %c: tensor<i8>) {
  // CHECK: ndarray.floordiv %{{.*}}, %{{.*}} : tensor<?xi32>
  %0 = ndarray.floordiv %a, %b : tensor<?xi32>
  // CHECK: ndarray.floordiv %{{.*}}, %{{.*}} : tensor<4xf64>
  %1 = ndarray.floordiv %f, %f : tensor<4xf64>
  // CHECK: ndarray.mod %{{.*}}, %{{.*}} : tensor<?xi32>
  %2 = ndarray.mod %a, %b : tensor<?xi32>
  // CHECK: ndarray.mod %{{.*}}, %{{.*}} : tensor<4xf64>
  %3 = ndarray.mod %f, %f : tensor<4xf64>
  // CHECK: ndarray.bitand %{{.*}}, %{{.*}} : tensor<?xi32>
  %4 = ndarray.bitand %a, %b : tensor<?xi32>
  // CHECK: ndarray.bitor %{{.*}}, %{{.*}} : tensor<2x3xi1>
  %5 = ndarray.bitor %m, %m : tensor<2x3xi1>
  // CHECK: ndarray.bitxor %{{.*}}, %{{.*}} : tensor<i8>
  %6 = ndarray.bitxor %c, %c : tensor<i8>
  // CHECK: ndarray.shl %{{.*}}, %{{.*}} : tensor<?xi32>
  %7 = ndarray.shl %a, %b : tensor<?xi32>
  // CHECK: ndarray.shr %{{.*}}, %{{.*}} : tensor<i8>
  %8 = ndarray.shr %c, %c : tensor<i8>
  // CHECK: ndarray.bitnot %{{.*}} : tensor<2x3xi1>
  %9 = ndarray.bitnot %m : tensor<2x3xi1>
  // CHECK: ndarray.bitnot %{{.*}} : tensor<?xi32>
  %10 = ndarray.bitnot %a : tensor<?xi32>
  return
}
