# RUN: %e2e %s
# Polynomial least-squares fit: Vandermonde design matrix, solution by
# np.linalg.lstsq and by the normal equations, and the fitted residuals.
# INPUT: t f64 [120] range=-1:1
# INPUT: y f64 [120]
# OUTPUT: coef 1e-8
# OUTPUT: coef_ne 1e-8
# OUTPUT: resid 1e-8
# JIT: fit_poly
import numpy as np


def fit_poly(t, y, degree=4):
    X = np.vander(t, degree + 1, increasing=True)
    coef, res, rank, sv = np.linalg.lstsq(X, y, rcond=None)
    coef_ne = np.linalg.solve(X.T @ X, X.T @ y)
    return coef, coef_ne, y - X @ coef


def main():
    t: f64[n] = np.load("t.npy")
    y: f64[n] = np.load("y.npy")
    coef, coef_ne, resid = fit_poly(t, y + 3 * t**2 - t)
    np.save("coef.npy", coef)
    np.save("coef_ne.npy", coef_ne)
    np.save("resid.npy", resid)
