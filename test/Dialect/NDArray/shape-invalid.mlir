// RUN: arrayc-opt %s -split-input-file -verify-diagnostics

// Tests one case per constraint ID of the indexing and shape ops.
func.func @slice_c1(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{(slice_c1)}}
  %r = ndarray.slice %x [0, 0] [2, 2] [1, 1] : tensor<4xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----
func.func @slice_c2(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{(slice_c2)}}
  %r = ndarray.slice %x [0] [2] [0] : tensor<4xf32> -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----
func.func @slice_c4(%x: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{(slice_c4)}}
  %r = ndarray.slice %x [0] [2] [1] : tensor<4xf32> -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----
func.func @slice_c5(%x: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{(slice_c5)}}
  %r = ndarray.slice %x [0] [3] [2] : tensor<4xf32> -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----
func.func @update_slice_c1(%x: tensor<4xf32>, %u: tensor<2x1xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(update_slice_c1)}}
  %r = ndarray.update_slice %x, %u [0] [2] [1] : tensor<4xf32>, tensor<2x1xf32>
  return %r : tensor<4xf32>
}

// -----
func.func @update_slice_c2(%x: tensor<4xf32>, %u: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(update_slice_c2)}}
  %r = ndarray.update_slice %x, %u [0] [2] [0] : tensor<4xf32>, tensor<2xf32>
  return %r : tensor<4xf32>
}

// -----
func.func @update_slice_c4(%x: tensor<4xf32>, %u: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(update_slice_c4)}}
  %r = ndarray.update_slice %x, %u [0] [2] [1] : tensor<4xf32>, tensor<3xf32>
  return %r : tensor<4xf32>
}

// -----
func.func @update_slice_c5(%x: tensor<4xf32>, %u: tensor<2xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{(update_slice_c5)}}
  %r = ndarray.update_slice %x, %u [0] [2] [1] : tensor<4xf32>, tensor<2xf64>
  return %r : tensor<4xf32>
}

// -----
func.func @transpose_c1(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{(transpose_c1)}}
  %r = ndarray.transpose %x [1, 1] : tensor<2x3xf32> -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----
func.func @transpose_c2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{(transpose_c2)}}
  %r = ndarray.transpose %x [1, 0] : tensor<2x3xf32> -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
func.func @reshape_c1(%x: tensor<6xf32>) -> tensor<?x2xf32> {
  // expected-error @+1 {{(reshape_c1)}}
  %r = ndarray.reshape %x : tensor<6xf32> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

// -----
func.func @reshape_c2(%x: tensor<6xf32>) -> tensor<3x2xf64> {
  // expected-error @+1 {{(reshape_c2)}}
  %r = ndarray.reshape %x : tensor<6xf32> -> tensor<3x2xf64>
  return %r : tensor<3x2xf64>
}

// -----
func.func @reshape_c3(%x: tensor<6xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{(reshape_c3)}}
  %r = ndarray.reshape %x : tensor<6xf32> -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----
func.func @concatenate_c1(%a: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(concatenate_c1)}}
  %r = ndarray.concatenate %a, %a axis 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----
func.func @concatenate_c2(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{(concatenate_c2)}}
  %r = ndarray.concatenate %a, %b axis 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----
func.func @concatenate_c3(%a: tensor<2xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{(concatenate_c3)}}
  %r = ndarray.concatenate %a, %a axis 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----
func.func @dim_c1(%a: tensor<2xf32>) -> tensor<i64> {
  // expected-error @+1 {{(dim_c1)}}
  %r = ndarray.dim %a 1 : tensor<2xf32> -> tensor<i64>
  return %r : tensor<i64>
}
