# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Searching, counting, order statistics and scatters (GenBuiltinSearch.cpp,
# GenBuiltinStats.cpp): the ndarray ops each lowers to.
import numpy as np

# Tests that searchsorted is one argsort of both arrays, a running count of
# a's elements, compressed to v's positions and scattered back (i64).
# CHECK-LABEL: func.func @ss(
# CHECK: %[[P:.*]] = ndarray.sort %{{.*}} indices : tensor<?xf64> -> tensor<?xi64>
# CHECK: %[[C:.*]] = ndarray.scan  sum
# CHECK: %[[B:.*]] = ndarray.compress %[[C]], %[[M:.*]], %{{.*}} : tensor<?xi64>, tensor<?xi1> -> tensor<?xi64>
# CHECK: ndarray.compress %[[P]], %[[M]], %{{.*}}
# CHECK: ndarray.scatter %{{.*}}[%{{.*}}] = %[[B]] : tensor<?xi64>, tensor<?xi64>, tensor<?xi64>
def ss(a: f64[n], v: f64[m]) -> i64[m]:
    return np.searchsorted(a, v, side='right')

# Tests that unique sorts, compresses the starts of runs and counts through
# an accumulating scatter.
# CHECK-LABEL: func.func @uq(
# CHECK: %[[S:.*]] = ndarray.sort %arg0 : tensor<?xi32> -> tensor<?xi32>
# CHECK: ndarray.compress %[[S]], %{{.*}} : tensor<?xi32>, tensor<?xi1> -> tensor<?xi32>
# CHECK: ndarray.scatter %{{.*}} accumulate : tensor<?xi64>, tensor<?xi64>, tensor<?xi64>
def uq(x: i32[n]) -> (i32[k], i64[k]):
    return np.unique(x, return_counts=True)

# Tests that bincount checks for negative values, sizes by the maximum (of
# x and -1, so that empty x has one) and accumulates the weights (f64).
# CHECK-LABEL: func.func @bc(
# CHECK: ndarray.assert
# CHECK: %[[P:.*]] = ndarray.concatenate %arg0, %{{.*}} axis 0 : (tensor<?xi64>, tensor<1xi64>) -> tensor<?xi64>
# CHECK: ndarray.reduce  max %[[P]] [0]
# CHECK: ndarray.scatter %{{.*}}[%arg0] = %arg1 accumulate : tensor<?xf64>, tensor<?xi64>, tensor<?xf64>
def bc(x: i64[n], w: f64[n]) -> f64[k]:
    return np.bincount(x, weights=w, minlength=4)

# Tests that array_equal of sizes known only at run time compares under an
# scf.if on the shapes.
# CHECK-LABEL: func.func @eq(
# CHECK: scf.if %{{.*}} -> (i1) {
# CHECK: ndarray.compare  eq
# CHECK: } else {
def eq(x: f64[n], y: f64[m]) -> bool:
    return np.array_equal(x, y)

# Tests that flatnonzero compresses positions of the flattened array.
# CHECK-LABEL: func.func @fnz(
# CHECK: ndarray.compress %{{.*}} : tensor<?xi64>, tensor<?xi1> -> tensor<?xi64>
def fnz(x: f64[n, m]) -> i64[k]:
    return np.flatnonzero(x)

# Tests that median along axis 0 sorts along it (moved last) and gathers the
# middle rows.
# CHECK-LABEL: func.func @med(
# CHECK: ndarray.sort %{{.*}} : tensor<?x?xf64> -> tensor<?x?xf64>
# CHECK: ndarray.gather %{{.*}} axis 0 : tensor<?x?xf64>, tensor<1xi64> -> tensor<1x?xf64>
def med(x: f64[n, m]) -> f64[m]:
    return np.median(x, axis=0)

# Tests that percentile of integers gathers both neighbours of each level.
# CHECK-LABEL: func.func @pct(
# CHECK: %[[S:.*]] = ndarray.sort %arg0 : tensor<?xi64> -> tensor<?xi64>
# CHECK: ndarray.gather %[[S]][%{{.*}}] axis 0 : tensor<?xi64>, tensor<2xi64> -> tensor<2xi64>
# CHECK: ndarray.gather %[[S]][%{{.*}}] axis 0 : tensor<?xi64>, tensor<2xi64> -> tensor<2xi64>
def pct(x: i64[n]) -> f64[2]:
    return np.percentile(x, [25, 75])

# Tests that equal bins count through an accumulating scatter into 8 bins.
# CHECK-LABEL: func.func @hist(
# CHECK: ndarray.gather %{{.*}} axis 0 : tensor<9xf64>, tensor<?xi64> -> tensor<?xf64>
# CHECK: ndarray.scatter %{{.*}} accumulate : tensor<8xi64>, tensor<?xi64>, tensor<?xi64>
def hist(x: f64[n]) -> i64[8]:
    h, e = np.histogram(x, bins=8, range=(0.0, 1.0))
    return h

# Tests that interp finds segments with searchsorted and gathers their ends.
# CHECK-LABEL: func.func @itp(
# CHECK: ndarray.sort %{{.*}} indices
# CHECK: ndarray.gather %arg1[%{{.*}}] axis 0
# CHECK: ndarray.gather %arg2[%{{.*}}] axis 0
def itp(x: f64[n], xp: f64[m], fp: f64[m]) -> f64[n]:
    return np.interp(x, xp, fp)

# Tests that rows assigned through an index array scatter into the
# flattened array, written back to the argument.
# CHECK-LABEL: func.func @rows(
# CHECK: ndarray.scatter %{{.*}} : tensor<?xf64>, tensor<?xi64>, tensor<?xf64>
# CHECK: ndarray.reshape
def rows(A: f64[n, m], i: i64[k], v: f64[k, m]):
    A[i] = v

# Tests that np.add.at on rows accumulates.
# CHECK-LABEL: func.func @addat(
# CHECK: ndarray.scatter %{{.*}} accumulate : tensor<?xf64>, tensor<?xi64>, tensor<?xf64>
def addat(A: f64[n, m], i: i64[k], v: f64[k, m]):
    np.add.at(A, i, v)
