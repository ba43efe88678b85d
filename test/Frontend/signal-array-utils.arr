# RUN: arrayc --emit=ndarray %s | FileCheck %s
import numpy as np

# Tests that convolve is an index grid (two iotas), a gather of `a`, a
# multiply by `v`, a select of the taps in range and a row sum, with the
# empty-operand checks for run-time lengths and the 'same' window sliced.
# CHECK-LABEL: func.func @conv(
# CHECK: ndarray.assert {{.*}}"{{.*}}v cannot be empty"
# CHECK: %[[K:.*]] = ndarray.iota 0({{.*}}) : tensor<?x?xi64>
# CHECK: %[[J:.*]] = ndarray.iota 1({{.*}}) : tensor<?x?xi64>
# CHECK: ndarray.sub %[[K]], %[[J]]
# CHECK-NOT: ndarray.assert
# CHECK: ndarray.gather %arg0[%{{.*}}] axis 0 : tensor<?xf64>, tensor<?x?xi64> -> tensor<?x?xf64>
# CHECK: ndarray.select
# CHECK: ndarray.reduce sum %{{.*}} [1] : tensor<?x?xf64> -> tensor<?xf64>
# CHECK: ndarray.slice %{{.*}} [%{{.*}}] [%{{.*}}] [1] : tensor<?xf64> -> tensor<?xf64>
def conv(x: f64[n], k: f64[m]) -> f64[p]:
    return np.convolve(x, k, mode='same')

# Tests that correlate reverses `v` (a slice with step -1) and conjugates it
# for complex dtypes; sizes known at compile time give static types.
# CHECK-LABEL: func.func @corr(
# CHECK: %[[R:.*]] = ndarray.slice %arg1 [2] [3] [-1] : tensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>
# CHECK: ndarray.conj %[[R]]
# CHECK: ndarray.reduce sum %{{.*}} [1] : tensor<10x3xcomplex<f64>> -> tensor<10xcomplex<f64>>
# CHECK: ndarray.slice %{{.*}} [2] [6] [1] : tensor<10xcomplex<f64>> -> tensor<6xcomplex<f64>>
def corr(x: c128[8], k: c128[3]) -> c128[6]:
    return np.correlate(x, k)

# Tests that a window of run-time length is an f64 iota and cosines.
# CHECK-LABEL: func.func @window(
# CHECK: ndarray.iota 0(%{{.*}}) : tensor<?xf64>
# CHECK: ndarray.cos %{{.*}} : tensor<?xf64>
def window(m: i64) -> f64[p]:
    return np.hanning(m)

# Tests that fill_diagonal writes the parameter (a hidden result).
# CHECK-LABEL: func.func @zero_diag(
# CHECK-SAME: {ndarray.written_arg = 0 : i64}
# CHECK: %[[EQ:.*]] = ndarray.compare eq
# CHECK: %[[S:.*]] = ndarray.select %[[EQ]]
# CHECK: return %[[S]] : tensor<?x?xf64>
def zero_diag(D: f64[n, n]):
    np.fill_diagonal(D, 0.0)

# Tests that np.maximum.accumulate is a doubling loop (scf.while).
# CHECK-LABEL: func.func @runmax(
# CHECK: scf.while (%[[X:.*]] = %arg0, %[[S:.*]] = %{{.*}}) : (tensor<?xf32>, index)
# CHECK: scf.condition
# CHECK: ndarray.max
# CHECK: ndarray.concatenate
# CHECK: arith.addi %[[S]], %[[S]]
def runmax(x: f32[n]) -> f32[n]:
    return np.maximum.accumulate(x)

# Tests that np.mgrid with literal bounds has static shapes.
# CHECK-LABEL: func.func @grid(
# CHECK: ndarray.concatenate {{.*}} : (tensor<1x3x4xi64>, tensor<1x3x4xi64>) -> tensor<2x3x4xi64>
def grid() -> i64[2, 3, 4]:
    return np.mgrid[0:3, 0:4]

# Tests that row_stack is vstack (1-d rows expanded, one concatenate) and
# column_stack makes 1-d inputs columns.
# CHECK-LABEL: func.func @stacks(
# CHECK: ndarray.concatenate {{.*}} -> tensor<2x?xf64>
# CHECK: ndarray.concatenate {{.*}} -> tensor<?x2xf64>
def stacks(x: f64[n]) -> (f64[2, n], f64[n, 2]):
    return np.row_stack((x, x)), np.column_stack((x, x))
