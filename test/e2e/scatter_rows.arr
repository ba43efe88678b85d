# RUN: %e2e %s
# Assignment through index arrays into 2-d arrays and the ufunc.at
# accumulations, as NumPy users write them: filling the NaNs of a matrix
# with their column means (X[rows, cols] = ...), replacing whole rows
# (X[idx] = row), negative indices, embedding-gradient rows added with
# np.add.at (repeated tokens accumulate), and np.subtract.at on a vector.
# INPUT: X f64 [9, 4] nan
# INPUT: E f64 [6, 3]
# INPUT: tok i64 [10] range=-6:6
# INPUT: G f64 [10, 3]
# INPUT: v f64 [8]
# OUTPUT: filled
# OUTPUT: rowsset
# OUTPUT: grad
# OUTPUT: dv
# OUTPUT: cell
import numpy as np

def fill_nan_with_col_mean(X: f64[n, k]):
    col_mean = np.nanmean(X, axis=0)
    rows, cols = np.nonzero(np.isnan(X))
    X[rows, cols] = np.take(col_mean, cols)

def embedding_grad(E: f64[v, d], tokens: i64[t], g: f64[t, d]) -> f64[v, d]:
    dE = np.zeros_like(E)
    np.add.at(dE, tokens, g)
    return dE

def main():
    X: f64[n, k] = np.load("X.npy")
    E: f64[v, d] = np.load("E.npy")
    tok: i64[t] = np.load("tok.npy")
    G: f64[t, d] = np.load("G.npy")
    v: f64[m] = np.load("v.npy")
    filled = X.copy()
    fill_nan_with_col_mean(filled)
    rowsset = E.copy()
    rowsset[np.array([0, -1, 2])] = np.arange(3.0)
    rowsset[tok[:2] % 6] = 7.5
    grad = embedding_grad(E, tok, G)
    dv = v.copy()
    np.subtract.at(dv, np.array([0, 1, 1, -1]), np.array([1.0, 2.0, 3.0, 4.0]))
    cell = np.zeros((3, 3))
    np.add.at(cell, (np.array([0, 2, 0]), np.array([1, 1, 1])), 2.0)
    np.save("filled.npy", filled)
    np.save("rowsset.npy", rowsset)
    np.save("grad.npy", grad)
    np.save("dv.npy", dv)
    np.save("cell.npy", cell)
