// RUN: arrayc-opt %s -convert-ndarray-to-linalg | FileCheck %s

// Tests that gather is one parallel generic over the result reading the
// source with tensor.extract at the wrapped index.
// CHECK-LABEL: func @gather_columns
// CHECK: %[[N:.*]] = tensor.dim %[[A:.*]], %{{.*}} : tensor<4x?xf64>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} ins(%{{.*}} : tensor<3xi64>) outs(%{{.*}} : tensor<4x3xf64>)
// CHECK: ^bb0(%[[I:.*]]: i64, %{{.*}}: f64):
// CHECK: %[[ROW:.*]] = linalg.index 0 : index
// CHECK: %[[IX:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[IX]]
// CHECK: %[[W:.*]] = arith.addi %[[IX]], %[[N]] : index
// CHECK: %[[SEL:.*]] = arith.select %[[NEG]], %[[W]], %[[IX]] : index
// CHECK: tensor.extract %[[A]][%[[ROW]], %[[SEL]]] : tensor<4x?xf64>
func.func @gather_columns(%A: tensor<4x?xf64>, %i: tensor<3xi64>) -> tensor<4x3xf64> {
  %0 = ndarray.gather %A[%i] axis 1 : tensor<4x?xf64>, tensor<3xi64> -> tensor<4x3xf64>
  return %0 : tensor<4x3xf64>
}
