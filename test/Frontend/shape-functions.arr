# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Shape functions, bare and np., and methods.

# Tests that split into equal parts of a named dim checks divisibility at run
# time and slices each part.
# CHECK-LABEL: func.func @split_named(
# CHECK: arith.remsi
# CHECK: ndarray.assert %{{.*}}, "{{.*}}shape-functions.arr:{{[0-9]+}}:{{[0-9]+}}: array split does not result in an equal division"
# CHECK-COUNT-2: ndarray.slice %arg0
def split_named(x: f32[n, 3]) -> f32[n, 3]:
    a, b = np.split(x, 2)
    return x

# Tests split at indices on a static axis.
# CHECK-LABEL: func.func @split_at(
# CHECK: ndarray.slice %arg0 [0, 0] [2, 1] [1, 1]
# CHECK: ndarray.slice %arg0 [0, 1] [2, 3] [1, 1]
def split_at(x: f32[2, 4]) -> f32[2, 3]:
    a, b = split(x, [1], axis=1)
    return b

# Tests stack as expand_dims + concatenate.
# CHECK-LABEL: func.func @stack(
# CHECK: ndarray.reshape %arg0 : tensor<2x3xf32> -> tensor<2x3x1xf32>
# CHECK: ndarray.concatenate %{{.*}}, %{{.*}} axis 2 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x2xf32>
def stack(x: f32[2, 3], y: f32[2, 3]) -> f32[2, 3, 2]:
    return np.stack((x, y), axis=-1)

# Tests squeeze of all static 1-dims and expand_dims with a tuple.
# CHECK-LABEL: func.func @squeeze_expand(
# CHECK: ndarray.reshape %arg0 : tensor<1x4x1xf32> -> tensor<4xf32>
# CHECK: ndarray.reshape %{{.*}} : tensor<4xf32> -> tensor<1x4x1xf32>
def squeeze_expand(x: f32[1, 4, 1]) -> f32[1, 4, 1]:
    return np.expand_dims(np.squeeze(x), (0, 2))

# Tests flip of one axis as a slice with step -1.
# CHECK-LABEL: func.func @flip(
# CHECK: ndarray.slice %arg0 [0, 3] [2, 4] [1, -1] : tensor<2x4xf32> -> tensor<2x4xf32>
def flip(x: f32[2, 4]) -> f32[2, 4]:
    return np.flip(x, axis=1)

# Tests broadcast_to, swapaxes and astype(x.dtype).
# CHECK-LABEL: func.func @misc(
# CHECK: ndarray.broadcast_in_dim %arg0 [1] : tensor<3xi32> -> tensor<2x3xi32>
# CHECK: ndarray.transpose %{{.*}} [1, 0] : tensor<2x3xi32> -> tensor<3x2xi32>
# CHECK: ndarray.cast %{{.*}} : tensor<3x2xi32> to tensor<3x2xf32>
def misc(a: i32[3], x: f32[2]) -> f32[3, 2]:
    return np.swapaxes(np.broadcast_to(a, (2, 3)), 0, 1).astype(x.dtype)

# Tests reduction methods with axis= and keepdims=.
# CHECK-LABEL: func.func @methods(
# CHECK: ndarray.reduce max %arg0 [1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
def methods(x: f32[n, m]) -> f32[n, 1]:
    return x.max(axis=1, keepdims=True)
