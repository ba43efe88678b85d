// arrayc-reduce (mlir-reduce with arrayc's dialects and passes) keeps what a
// test script finds interesting: here the function with the matrix product.
// RUN: arrayc-reduce %s -reduction-tree='traversal-mode=0 test=%S/Inputs/has-matmul.sh' | FileCheck %s

// CHECK-NOT: func.func @scale
// CHECK: linalg.matmul
func.func @scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = ndarray.sin %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @product(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
