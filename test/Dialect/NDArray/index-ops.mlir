// RUN: arrayc-opt %s | arrayc-opt | FileCheck %s

// Tests that the indexing and sort ops print and parse back.
// CHECK-LABEL: func @index_ops
// CHECK: ndarray.compress %{{.*}}, %{{.*}}, %{{.*}} : tensor<?xf32>, tensor<?xi1> -> tensor<?xf32>
// CHECK: ndarray.gather %{{.*}}[%{{.*}}, %{{.*}}] axis 0 : tensor<4x?xf64>, tensor<3xi64>, tensor<3xi64> -> tensor<3xf64>
// CHECK: ndarray.scatter %{{.*}}[%{{.*}}] = %{{.*}} accumulate : tensor<?xf32>, tensor<?xi64>, tensor<?xf32>
// CHECK: ndarray.sort %{{.*}} indices : tensor<2x?xf32> -> tensor<2x?xi64>
func.func @index_ops(%x: tensor<?xf32>, %m: tensor<?xi1>, %n: index, %A: tensor<4x?xf64>,
                     %i: tensor<3xi64>, %k: tensor<?xi64>, %v: tensor<?xf32>,
                     %B: tensor<2x?xf32>) {
  %0 = ndarray.compress %x, %m, %n : tensor<?xf32>, tensor<?xi1> -> tensor<?xf32>
  %1 = ndarray.gather %A[%i, %i] axis 0 : tensor<4x?xf64>, tensor<3xi64>, tensor<3xi64> -> tensor<3xf64>
  %2 = ndarray.scatter %x[%k] = %v accumulate : tensor<?xf32>, tensor<?xi64>, tensor<?xf32>
  %3 = ndarray.sort %B indices : tensor<2x?xf32> -> tensor<2x?xi64>
  %4 = ndarray.sort %B : tensor<2x?xf32> -> tensor<2x?xf32>
  return
}
