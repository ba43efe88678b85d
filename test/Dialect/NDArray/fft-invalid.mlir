// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// Tests fft_c1: the axis must be one of the input's.
func.func @fft_c1(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{(fft_c1) axis 1 is out of bounds for an input of rank 1}}
  %0 = ndarray.fft fft %z axis 1 n -1 norm backward : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return
}

// -----

// Tests fft_c2 on a length below 1 other than -1.
func.func @fft_c2(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{(fft_c2) n must be >= 1 or -1 (the default), got 0}}
  %0 = ndarray.fft fft %z axis 0 n 0 norm backward : tensor<4xcomplex<f32>> -> tensor<0xcomplex<f32>>
  return
}

// -----

// Tests fft_c2 on irfft's default length of a static length-1 input (n = 0).
func.func @fft_c2_irfft_default(%z: tensor<1xcomplex<f64>>) {
  // expected-error @+1 {{(fft_c2) invalid number of data points (0)}}
  %0 = ndarray.fft irfft %z axis 0 n -1 norm backward : tensor<1xcomplex<f64>> -> tensor<0xf64>
  return
}

// -----

// Tests fft_c3: fft takes complex input.
func.func @fft_c3_real(%x: tensor<4xf32>) {
  // expected-error @+1 {{(fft_c3) fft does not take 'f32' input}}
  %0 = ndarray.fft fft %x axis 0 n -1 norm backward : tensor<4xf32> -> tensor<4xcomplex<f32>>
  return
}

// -----

// Tests fft_c3: rfft gives the complex type of its input's precision.
func.func @fft_c3_rfft(%x: tensor<8xf32>) {
  // expected-error @+1 {{(fft_c3) rfft of 'f32' gives 'complex<f32>', got 'complex<f64>'}}
  %0 = ndarray.fft rfft %x axis 0 n -1 norm backward : tensor<8xf32> -> tensor<5xcomplex<f64>>
  return
}

// -----

// Tests fft_c3: irfft gives the parts' float type.
func.func @fft_c3_irfft(%z: tensor<5xcomplex<f64>>) {
  // expected-error @+1 {{(fft_c3) irfft of 'complex<f64>' gives 'f64', got 'complex<f64>'}}
  %0 = ndarray.fft irfft %z axis 0 n -1 norm backward : tensor<5xcomplex<f64>> -> tensor<8xcomplex<f64>>
  return
}

// -----

// Tests fft_c4: rfft's output along the axis is n // 2 + 1.
func.func @fft_c4_rfft(%x: tensor<3x8xf64>) {
  // expected-error @+1 {{(fft_c4) result size along axis 1 must be 5, got 8}}
  %0 = ndarray.fft rfft %x axis 1 n -1 norm backward : tensor<3x8xf64> -> tensor<3x8xcomplex<f64>>
  return
}

// -----

// Tests fft_c4: the batch axes keep their sizes.
func.func @fft_c4_batch(%z: tensor<3x8xcomplex<f32>>) {
  // expected-error @+1 {{(fft_c4) result size along axis 0 must be 3, got 4}}
  %0 = ndarray.fft fft %z axis 1 n 16 norm backward : tensor<3x8xcomplex<f32>> -> tensor<4x16xcomplex<f32>>
  return
}

// -----

// Tests fft_c4: a run-time length with the default n stays dynamic.
func.func @fft_c4_dynamic(%z: tensor<?xcomplex<f32>>) {
  // expected-error @+1 {{(fft_c4) result size along axis 0 must be ?, got 8}}
  %0 = ndarray.fft ifft %z axis 0 n -1 norm backward : tensor<?xcomplex<f32>> -> tensor<8xcomplex<f32>>
  return
}

// -----

// Tests that an unknown norm does not parse.
func.func @fft_norm(%z: tensor<4xcomplex<f32>>) {
  // expected-error @+2 {{expected ::arrayc::ndarray::FFTNorm to be one of: backward, ortho, forward}}
  // expected-error @+1 {{failed to parse NDArray_FFTNormAttr parameter 'value'}}
  %0 = ndarray.fft fft %z axis 0 n -1 norm both : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return
}

// -----

// Tests fft_c5: a run-time length comes with n -1.
func.func @fft_c5(%z: tensor<4xcomplex<f32>>, %n: index) {
  // expected-error @+1 {{(fft_c5) n must be -1 with a dynamic length, got 8}}
  %0 = ndarray.fft fft %z [%n] axis 0 n 8 norm backward : tensor<4xcomplex<f32>> -> tensor<?xcomplex<f32>>
  return
}

// -----

// Tests fft_c4: with a run-time length the result is dynamic along the axis.
func.func @fft_c4_dynamic_length(%z: tensor<4xcomplex<f32>>, %n: index) {
  // expected-error @+1 {{(fft_c4) result size along axis 0 must be ?, got 4}}
  %0 = ndarray.fft fft %z [%n] axis 0 n -1 norm backward : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return
}
