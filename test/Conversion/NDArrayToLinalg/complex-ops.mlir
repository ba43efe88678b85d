// RUN: arrayc-opt %s -convert-ndarray-to-linalg -split-input-file | FileCheck %s

// Tests that complex multiplication becomes complex.mul in the body.
// CHECK-LABEL: func @mul_complex
// CHECK: ^bb0(%[[A:.*]]: complex<f32>, %[[B:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK: %[[M:.*]] = complex.mul %[[A]], %[[B]] : complex<f32>
// CHECK: linalg.yield %[[M]]
func.func @mul_complex(%x: tensor<?xcomplex<f32>>, %y: tensor<?xcomplex<f32>>) -> tensor<?xcomplex<f32>> {
  %0 = ndarray.mul %x, %y : tensor<?xcomplex<f32>>
  return %0 : tensor<?xcomplex<f32>>
}

// -----

// Tests that == and != on complex numbers are complex.eq / complex.neq.
// CHECK-LABEL: func @compare_complex
// CHECK: complex.eq %{{.*}}, %{{.*}} : complex<f64>
// CHECK: complex.neq %{{.*}}, %{{.*}} : complex<f64>
func.func @compare_complex(%x: tensor<4xcomplex<f64>>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = ndarray.compare eq, %x, %x : (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<4xi1>
  %1 = ndarray.compare ne, %x, %x : (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// Tests the complex-part ops: complex.re / im / abs / conj, each in a
// parallel generic.
// CHECK-LABEL: func @parts
// CHECK: complex.re %{{.*}} : complex<f64>
// CHECK: complex.im %{{.*}} : complex<f64>
// CHECK: complex.abs %{{.*}} : complex<f64>
// CHECK: complex.conj %{{.*}} : complex<f64>
func.func @parts(%z: tensor<?xcomplex<f64>>) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xcomplex<f64>>) {
  %0 = ndarray.real %z : tensor<?xcomplex<f64>> -> tensor<?xf64>
  %1 = ndarray.imag %z : tensor<?xcomplex<f64>> -> tensor<?xf64>
  %2 = ndarray.complex_abs %z : tensor<?xcomplex<f64>> -> tensor<?xf64>
  %3 = ndarray.conj %z : tensor<?xcomplex<f64>>
  return %0, %1, %2, %3 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xcomplex<f64>>
}

// -----

// Tests that a complex<f32> transcendental function computes in complex<f64>
// and rounds back (NumPy's accuracy), while complex<f64> calls it directly.
// CHECK-LABEL: func @tanh_complex
// CHECK: %[[RE:.*]] = complex.re %{{.*}} : complex<f32>
// CHECK: %[[IM:.*]] = complex.im %{{.*}} : complex<f32>
// CHECK: %[[WR:.*]] = arith.extf %[[RE]] : f32 to f64
// CHECK: %[[WI:.*]] = arith.extf %[[IM]] : f32 to f64
// CHECK: %[[W:.*]] = complex.create %[[WR]], %[[WI]] : complex<f64>
// CHECK: %[[T:.*]] = complex.tanh %[[W]] : complex<f64>
// CHECK: arith.truncf
// CHECK: arith.truncf
// CHECK: complex.create %{{.*}}, %{{.*}} : complex<f32>
// CHECK: complex.sqrt %{{.*}} : complex<f64>
func.func @tanh_complex(%x: tensor<?xcomplex<f32>>, %y: tensor<?xcomplex<f64>>) -> (tensor<?xcomplex<f32>>, tensor<?xcomplex<f64>>) {
  %0 = ndarray.tanh %x : tensor<?xcomplex<f32>>
  %1 = ndarray.sqrt %y : tensor<?xcomplex<f64>>
  return %0, %1 : tensor<?xcomplex<f32>>, tensor<?xcomplex<f64>>
}

// -----

// Tests casts: complex -> real takes the real part, complex -> bool is
// "either part nonzero", real -> complex has a zero imaginary part.
// CHECK-LABEL: func @casts
// CHECK: %[[RE:.*]] = complex.re %{{.*}} : complex<f64>
// CHECK: arith.truncf %[[RE]] : f64 to f32
// CHECK: complex.re
// CHECK: complex.im
// CHECK: arith.cmpf une
// CHECK: arith.cmpf une
// CHECK: arith.ori
// CHECK: %[[F:.*]] = arith.sitofp %{{.*}} : i32 to f32
// CHECK: complex.create %[[F]], %{{.*}} : complex<f32>
func.func @casts(%z: tensor<4xcomplex<f64>>, %k: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi1>, tensor<4xcomplex<f32>>) {
  %0 = ndarray.cast %z : tensor<4xcomplex<f64>> to tensor<4xf32>
  %1 = ndarray.cast %z : tensor<4xcomplex<f64>> to tensor<4xi1>
  %2 = ndarray.cast %k : tensor<4xi32> to tensor<4xcomplex<f32>>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi1>, tensor<4xcomplex<f32>>
}

// -----

// Tests that a complex sum starts from complex.constant [0, 0], adds with
// complex.add, and accumulates complex<f32> in complex<f64>.
// CHECK-LABEL: func @sum_complex
// CHECK: complex.create %{{.*}}, %{{.*}} : complex<f64>
// CHECK: %[[Z:.*]] = complex.constant [0.000000e+00, 0.000000e+00] : complex<f64>
// CHECK: linalg.fill ins(%[[Z]] : complex<f64>)
// CHECK: linalg.reduce
// CHECK: complex.add %{{.*}}, %{{.*}} : complex<f64>
func.func @sum_complex(%z: tensor<?xcomplex<f32>>) -> tensor<complex<f32>> {
  %0 = ndarray.reduce sum %z [0] : tensor<?xcomplex<f32>> -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}

// -----

// Tests that a complex splat constant becomes a fill of complex.constant.
// CHECK-LABEL: func @constant_complex
// CHECK: %[[C:.*]] = complex.constant [1.500000e+00 : f32, -2.000000e+00 : f32] : complex<f32>
// CHECK: linalg.fill ins(%[[C]] : complex<f32>)
func.func @constant_complex() -> tensor<complex<f32>> {
  %0 = ndarray.constant dense<(1.5, -2.0)> : tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}
