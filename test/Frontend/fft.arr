# RUN: arrayc --emit=ndarray %s | FileCheck %s
# numpy.fft: one ndarray.fft per transformed axis, on the input cast to the
# transform's dtype (NumPy 2: single precision stays single, the rest double).

# Tests that f32 input is cast to c64 and the default axis is the last.
# CHECK-LABEL: func.func @one_axis(
# CHECK: %[[C:.*]] = ndarray.cast %{{.*}} : tensor<?x8xf32> to tensor<?x8xcomplex<f32>>
# CHECK: ndarray.fft fft %[[C]] axis 1 n -1 norm backward : tensor<?x8xcomplex<f32>> -> tensor<?x8xcomplex<f32>>
def one_axis(x: f32[n, 8]) -> c64[n, 8]:
    return fft.fft(x)

# Tests that fftn of integers computes in c128, last axis first.
# CHECK-LABEL: func.func @all_axes(
# CHECK: %[[C:.*]] = ndarray.cast %{{.*}} : tensor<4x6xi32> to tensor<4x6xcomplex<f64>>
# CHECK: %[[A:.*]] = ndarray.fft fft %[[C]] axis 1 n -1 norm ortho
# CHECK: ndarray.fft fft %[[A]] axis 0 n -1 norm ortho
def all_axes(x: i32[4, 6]) -> c128[4, 6]:
    return np.fft.fftn(x, norm="ortho")

# Tests irfft of a real input: cast to complex, real output of length n.
# CHECK-LABEL: func.func @inverse_real(
# CHECK: %[[C:.*]] = ndarray.cast %{{.*}} : tensor<5xf32> to tensor<5xcomplex<f32>>
# CHECK: ndarray.fft irfft %[[C]] axis 0 n 8 norm backward : tensor<5xcomplex<f32>> -> tensor<8xf32>
def inverse_real(x: f32[5]) -> f32[8]:
    return np.fft.irfft(x, 8)

# Tests NumPy 2's -1 in s (the input's length) and s padding in fft2.
# CHECK-LABEL: func.func @shape_minus_one(
# CHECK: %[[A:.*]] = ndarray.fft fft %{{.*}} axis 1 n 5 norm backward : tensor<3x4xcomplex<f64>> -> tensor<3x5xcomplex<f64>>
# CHECK: ndarray.fft fft %[[A]] axis 0 n -1 norm backward : tensor<3x5xcomplex<f64>> -> tensor<3x5xcomplex<f64>>
def shape_minus_one(x: c128[3, 4]) -> c128[3, 5]:
    return np.fft.fft2(x, s=(-1, 5))

# Tests rfft of f64: n // 2 + 1 outputs.
# CHECK-LABEL: func.func @real_forward(
# CHECK: ndarray.fft rfft %{{.*}} axis 0 n -1 norm forward : tensor<7xf64> -> tensor<4xcomplex<f64>>
def real_forward(x: f64[7]) -> c128[4]:
    return fft.rfft(x, norm="forward")

# Tests float16: computed in single precision; irfft's result cast back to f16.
# CHECK-LABEL: func.func @half(
# CHECK: %[[C:.*]] = ndarray.cast %{{.*}} : tensor<5xf16> to tensor<5xcomplex<f32>>
# CHECK: %[[R:.*]] = ndarray.fft irfft %[[C]] axis 0 n -1 norm backward : tensor<5xcomplex<f32>> -> tensor<8xf32>
# CHECK: ndarray.cast %[[R]] : tensor<8xf32> to tensor<8xf16>
def half(x: f16[5]) -> f16[8]:
    return np.fft.irfft(x)

# Tests that a length known only at run time is the op's operand: from
# len(y) the result keeps y's dim; from another integer a dim of its own.
# CHECK-LABEL: func.func @runtime_length(
# CHECK: %[[L:.*]] = arith.index_cast %{{.*}} : i64 to index
# CHECK: ndarray.fft fft %{{.*}}[%[[L]]] axis 0 n -1 norm backward : tensor<?xcomplex<f64>> -> tensor<?xcomplex<f64>>
# CHECK: ndarray.fft rfft %{{.*}}[%{{.*}}] axis 0 n -1 norm backward : tensor<?xf64> -> tensor<?xcomplex<f64>>
def runtime_length(x: f64[n], y: f64[m], k: i64):
    return np.fft.fft(x, len(y)), np.fft.rfft(x, 2 * k)

# Tests rfftn: rfft along the last axis first, then fft along the others;
# irfftn: ifft along all but the last, then irfft along the last (s from
# x.shape: every length given).
# CHECK-LABEL: func.func @real_nd(
# CHECK: %[[R:.*]] = ndarray.fft rfft %{{.*}} axis 2 n -1 norm backward : tensor<3x4x6xf64> -> tensor<3x4x4xcomplex<f64>>
# CHECK: %[[F:.*]] = ndarray.fft fft %[[R]] axis 1 n -1
# CHECK: %[[G:.*]] = ndarray.fft fft %[[F]] axis 0 n -1
# CHECK: %[[I:.*]] = ndarray.fft ifft %[[G]] axis 1 n 4
# CHECK: %[[J:.*]] = ndarray.fft ifft %[[I]] axis 0 n 3
# CHECK: ndarray.fft irfft %[[J]] axis 2 n 6 norm backward : tensor<3x4x4xcomplex<f64>> -> tensor<3x4x6xf64>
def real_nd(x: f64[3, 4, 6]) -> f64[3, 4, 6]:
    return np.fft.irfftn(np.fft.rfftn(x), s=x.shape)
