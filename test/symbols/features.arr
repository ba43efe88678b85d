# RUN: %e2e %s
# The program test/symbols/collide.py builds on: what it computes reaches
# every family of library the generated code calls (libm and compiler-rt
# through LLVM's libcalls, f16 conversions, OpenBLAS/cuBLAS GEMM, LAPACKE/
# cuSOLVER, FFTW/cuFFT, the runtime's allocation, random numbers, .npy I/O and
# printing). collide.py adds a function named after each symbol the compiled
# code calls and checks the outputs below against NumPy.
# INPUT: x f64 [64]
# INPUT: y f32 [64]
# INPUT: h f16 [64]
# INPUT: k i64 [64]
# INPUT: a f64 [8, 8]
# INPUT: b f32 [8, 8]
# INPUT: v f64 [8]
# OUTPUT: u64 1e-10
# OUTPUT: u32 1e-5
# OUTPUT: f16
# OUTPUT: cx 1e-10
# OUTPUT: int
# OUTPUT: mm64 1e-10
# OUTPUT: mm32 1e-5
# OUTPUT: solve 1e-10
# OUTPUT: inv 1e-10
# OUTPUT: det 1e-10
# OUTPUT: chol 1e-10
# OUTPUT: eigh 1e-10
# OUTPUT: fft 1e-10
# OUTPUT: rfft 1e-10
# OUTPUT: fft32 1e-5
# OUTPUT: stats 1e-10
# STDOUT-NUMPY:
import numpy as np

def ufuncs(x: f64[n]) -> f64[n]:
    y = np.sin(x) * np.cos(x) + np.tan(x * 0.1) + np.tanh(x)
    y = y + np.exp(x * 0.1) + np.log(np.abs(x) + 1.0) + np.log1p(np.abs(x))
    y = y + np.expm1(x * 0.01) + np.power(np.abs(x), 2.5) + np.sqrt(np.abs(x))
    return y + x % 1.5 + np.floor(x) + np.round(x) + np.abs(x) ** 0.5

def ufuncs32(x: f32[n]) -> f32[n]:
    y = np.sin(x) + np.cos(x) + np.exp(x * 0.1) + np.log1p(np.abs(x))
    return y + np.power(np.abs(x), 1.5) + x % 0.75 + np.tanh(x)

def halves(h: f16[n]) -> f16[n]:
    return h * 2.0 + 1.0

def complexes(x: f64[n]) -> f64[n]:
    z = x + 1j * (x * 0.5 + 2.0)
    w = np.exp(z * 0.1) / z + z * z
    return np.abs(w) + np.real(w)

def spd(a: f64[8, 8]) -> f64[8, 8]:
    return a @ a.T + 8.0 * np.eye(8)

def integers(k: i64[n]) -> i64[n]:
    return k // 7 + k % 5 + k * k

# Last in the file: collide.py appends to main.
def main():
    x: f64[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    h: f16[n] = np.load("h.npy")
    k: i64[n] = np.load("k.npy")
    a: f64[8, 8] = np.load("a.npy")
    b: f32[8, 8] = np.load("b.npy")
    v: f64[8] = np.load("v.npy")
    np.save("u64.npy", ufuncs(x))
    np.save("u32.npy", ufuncs32(y))
    np.save("f16.npy", halves(h))
    np.save("cx.npy", complexes(x))
    np.save("int.npy", integers(k))
    s = spd(a)
    np.save("mm64.npy", s @ a + a @ v)
    np.save("mm32.npy", b @ b.T)
    np.save("solve.npy", np.linalg.solve(s, v))
    np.save("inv.npy", np.linalg.inv(s))
    np.save("det.npy", np.linalg.det(s))
    np.save("chol.npy", np.linalg.cholesky(s))
    np.save("eigh.npy", np.linalg.eigh(s)[0])
    np.save("fft.npy", np.abs(np.fft.fft(x)))
    np.save("rfft.npy", np.fft.irfft(np.fft.rfft(v), 8))
    np.save("fft32.npy", np.abs(np.fft.fft(y)))
    np.save("stats.npy", np.cumsum(x) + np.mean(x) + np.std(x))
    r = np.random.rand(100)
    print(np.all(r >= 0.0), np.all(r < 1.0))
    print(np.arange(5) * 3)
