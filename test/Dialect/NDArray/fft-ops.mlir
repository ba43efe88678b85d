// RUN: arrayc-opt %s | arrayc-opt | FileCheck %s

// Tests that the four kinds round-trip with static and dynamic sizes, a
// given n and the default (-1), and every norm.
// CHECK-LABEL: func @fft_kinds
// CHECK: ndarray.fft fft %{{.*}} axis 1 n 8 norm backward : tensor<4x5xcomplex<f32>> -> tensor<4x8xcomplex<f32>>
// CHECK: ndarray.fft ifft %{{.*}} axis 0 n -1 norm ortho : tensor<4x5xcomplex<f32>> -> tensor<4x5xcomplex<f32>>
// CHECK: ndarray.fft rfft %{{.*}} axis 0 n -1 norm forward : tensor<?xf64> -> tensor<?xcomplex<f64>>
// CHECK: ndarray.fft rfft %{{.*}} axis 0 n 9 norm backward : tensor<?xf64> -> tensor<5xcomplex<f64>>
// CHECK: ndarray.fft irfft %{{.*}} axis 1 n -1 norm backward : tensor<4x5xcomplex<f32>> -> tensor<4x8xf32>
// CHECK: ndarray.fft irfft %{{.*}} axis 0 n 7 norm ortho : tensor<?xcomplex<f64>> -> tensor<7xf64>
func.func @fft_kinds(%z: tensor<4x5xcomplex<f32>>, %x: tensor<?xf64>, %w: tensor<?xcomplex<f64>>)
    -> (tensor<4x8xcomplex<f32>>, tensor<4x5xcomplex<f32>>, tensor<?xcomplex<f64>>,
        tensor<5xcomplex<f64>>, tensor<4x8xf32>, tensor<7xf64>) {
  %0 = ndarray.fft fft %z axis 1 n 8 norm backward : tensor<4x5xcomplex<f32>> -> tensor<4x8xcomplex<f32>>
  %1 = ndarray.fft ifft %z axis 0 n -1 norm ortho : tensor<4x5xcomplex<f32>> -> tensor<4x5xcomplex<f32>>
  %2 = ndarray.fft rfft %x axis 0 n -1 norm forward : tensor<?xf64> -> tensor<?xcomplex<f64>>
  %3 = ndarray.fft rfft %x axis 0 n 9 norm backward : tensor<?xf64> -> tensor<5xcomplex<f64>>
  %4 = ndarray.fft irfft %z axis 1 n -1 norm backward : tensor<4x5xcomplex<f32>> -> tensor<4x8xf32>
  %5 = ndarray.fft irfft %w axis 0 n 7 norm ortho : tensor<?xcomplex<f64>> -> tensor<7xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<4x8xcomplex<f32>>, tensor<4x5xcomplex<f32>>, tensor<?xcomplex<f64>>,
      tensor<5xcomplex<f64>>, tensor<4x8xf32>, tensor<7xf64>
}

// Tests that a run-time length round-trips as an operand, with a dynamic
// result along the axis.
// CHECK-LABEL: func @fft_dynamic_length
// CHECK: ndarray.fft fft %{{.*}}[%{{.*}}] axis 1 n -1 norm backward : tensor<4x5xcomplex<f32>> -> tensor<4x?xcomplex<f32>>
// CHECK: ndarray.fft rfft %{{.*}}[%{{.*}}] axis 0 n -1 norm ortho : tensor<?xf64> -> tensor<?xcomplex<f64>>
func.func @fft_dynamic_length(%z: tensor<4x5xcomplex<f32>>, %x: tensor<?xf64>, %n: index)
    -> (tensor<4x?xcomplex<f32>>, tensor<?xcomplex<f64>>) {
  %0 = ndarray.fft fft %z [%n] axis 1 n -1 norm backward : tensor<4x5xcomplex<f32>> -> tensor<4x?xcomplex<f32>>
  %1 = ndarray.fft rfft %x [%n] axis 0 n -1 norm ortho : tensor<?xf64> -> tensor<?xcomplex<f64>>
  return %0, %1 : tensor<4x?xcomplex<f32>>, tensor<?xcomplex<f64>>
}
