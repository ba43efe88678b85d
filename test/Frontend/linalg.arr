# RUN: arrayc --emit=ndarray %s | FileCheck %s
# numpy.linalg functions added on top of the LAPACK ops: slogdet, lstsq, eig
# and eigvals are ops; pinv and matrix_power are composed here.

# Tests that slogdet gives the input's dtype for sign and the real one for
# logabsdet, and that integers compute in f64.
# CHECK-LABEL: func.func @slogdet_of(
# CHECK: ndarray.slogdet %{{.*}} : tensor<2x3x3xcomplex<f32>> -> tensor<2xcomplex<f32>>, tensor<2xf32>
# CHECK: ndarray.slogdet %{{.*}} : tensor<?x?xf64> -> tensor<f64>, tensor<f64>
def slogdet_of(c: c64[2, 3, 3], k: i32[n, n]):
    s, l = np.linalg.slogdet(c)
    t, m = np.linalg.slogdet(k)
    return s, l, t, m

# Tests lstsq's four results: x (N, K), residuals of a run-time size, an i32
# rank and min(M, N) singular values (a run-time size here); rcond as an attribute when given.
# CHECK-LABEL: func.func @fit(
# CHECK: ndarray.lstsq %{{.*}}, %{{.*}} : tensor<?x3xf64>, tensor<?x2xf64> -> tensor<3x2xf64>, tensor<?xf64>, tensor<i32>, tensor<?xf64>
# CHECK: ndarray.lstsq %{{.*}}, %{{.*}} {rcond = -1.000000e+00 : f64} : tensor<?x3xf64>, tensor<?xf64> -> tensor<3xf64>, tensor<?xf64>, tensor<i32>, tensor<?xf64>
def fit(a: f64[m, 3], b: f64[m, 2], v: f64[m]):
    x, res, rank, s = np.linalg.lstsq(a, b, rcond=None)
    y, res2, rank2, s2 = np.linalg.lstsq(a, v, rcond=-1)
    return x, res, rank, s, y

# Tests that eig of a real matrix gives complex results of its precision.
# CHECK-LABEL: func.func @eig_of(
# CHECK: ndarray.eig %{{.*}} : tensor<4x4xf32> -> tensor<4xcomplex<f32>>, tensor<4x4xcomplex<f32>>
# CHECK: ndarray.eigvals %{{.*}} : tensor<?x?xf64> -> tensor<?xcomplex<f64>>
def eig_of(a: f32[4, 4], b: f64[n, n]):
    w, v = np.linalg.eig(a)
    return w, v, linalg.eigvals(b)

# Tests pinv: the reduced SVD, a cut-off relative to the largest singular
# value, and vh^T @ (s^+ * u^T).
# CHECK-LABEL: func.func @pinv_of(
# CHECK: %[[U:.*]], %[[S:.*]], %[[VH:.*]] = ndarray.svd %{{.*}} : tensor<5x3xf64> -> tensor<5x3xf64>, tensor<3xf64>, tensor<3x3xf64>
# CHECK: ndarray.reduce {{ *}}max %[[S]]
# CHECK: ndarray.transpose %[[U]]
# CHECK: ndarray.transpose %[[VH]]
# CHECK: -> tensor<3x5xf64>
def pinv_of(a: f64[5, 3]) -> f64[3, 5]:
    return np.linalg.pinv(a)

# Tests matrix_power by repeated squaring: a^5 = a * (a^2)^2, three products.
# CHECK-LABEL: func.func @power5(
# CHECK-COUNT-3: ndarray.contract
# CHECK-NOT: ndarray.contract
# CHECK: return
def power5(a: f64[n, n]) -> f64[n, n]:
    return np.linalg.matrix_power(a, 5)
