// RUN: arrayc-opt %s | arrayc-opt | FileCheck %s

// Tests that complex element types are accepted by the elementwise,
// comparison (eq/ne), reduction and cast ops, and that the complex-part ops
// round-trip.
// CHECK-LABEL: func @complex_elementwise
// CHECK: ndarray.add %{{.*}}, %{{.*}} : tensor<?xcomplex<f32>>
// CHECK: ndarray.div %{{.*}}, %{{.*}} : tensor<?xcomplex<f32>>
// CHECK: ndarray.pow %{{.*}}, %{{.*}} : tensor<?xcomplex<f32>>
// CHECK: ndarray.sqrt %{{.*}} : tensor<?xcomplex<f32>>
// CHECK: ndarray.compare ne, %{{.*}}, %{{.*}} : (tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>) -> tensor<?xi1>
// CHECK: ndarray.reduce sum %{{.*}} [0] : tensor<?xcomplex<f32>> -> tensor<complex<f32>>
// CHECK: ndarray.cast %{{.*}} : tensor<?xcomplex<f32>> to tensor<?xf64>
func.func @complex_elementwise(%x: tensor<?xcomplex<f32>>) -> (tensor<?xcomplex<f32>>, tensor<?xi1>, tensor<complex<f32>>, tensor<?xf64>) {
  %0 = ndarray.add %x, %x : tensor<?xcomplex<f32>>
  %1 = ndarray.div %0, %x : tensor<?xcomplex<f32>>
  %2 = ndarray.pow %1, %x : tensor<?xcomplex<f32>>
  %3 = ndarray.sqrt %2 : tensor<?xcomplex<f32>>
  %4 = ndarray.compare ne, %3, %x : (tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>) -> tensor<?xi1>
  %5 = ndarray.reduce sum %3 [0] : tensor<?xcomplex<f32>> -> tensor<complex<f32>>
  %6 = ndarray.cast %3 : tensor<?xcomplex<f32>> to tensor<?xf64>
  return %3, %4, %5, %6 : tensor<?xcomplex<f32>>, tensor<?xi1>, tensor<complex<f32>>, tensor<?xf64>
}

// Tests the complex-part ops: real, imag and complex_abs give the parts'
// float type; conj keeps the type.
// CHECK-LABEL: func @complex_parts
// CHECK: ndarray.real %{{.*}} : tensor<2x?xcomplex<f64>> -> tensor<2x?xf64>
// CHECK: ndarray.imag %{{.*}} : tensor<2x?xcomplex<f64>> -> tensor<2x?xf64>
// CHECK: ndarray.complex_abs %{{.*}} : tensor<2x?xcomplex<f64>> -> tensor<2x?xf64>
// CHECK: ndarray.conj %{{.*}} : tensor<2x?xcomplex<f64>>
func.func @complex_parts(%z: tensor<2x?xcomplex<f64>>) -> (tensor<2x?xf64>, tensor<2x?xf64>, tensor<2x?xf64>, tensor<2x?xcomplex<f64>>) {
  %0 = ndarray.real %z : tensor<2x?xcomplex<f64>> -> tensor<2x?xf64>
  %1 = ndarray.imag %z : tensor<2x?xcomplex<f64>> -> tensor<2x?xf64>
  %2 = ndarray.complex_abs %z : tensor<2x?xcomplex<f64>> -> tensor<2x?xf64>
  %3 = ndarray.conj %z : tensor<2x?xcomplex<f64>>
  return %0, %1, %2, %3 : tensor<2x?xf64>, tensor<2x?xf64>, tensor<2x?xf64>, tensor<2x?xcomplex<f64>>
}
