# Every row of ModuleFunctions.def and Methods.def lowers: a name in the
# registry without a lowering would stop the compiler here.
import numpy as np

def linalg_all(a: f64[4, 4], v: f64[4]) -> f64:
    s = np.linalg.det(a) + np.linalg.slogdet(a)[1] + np.linalg.norm(v)
    s = s + np.linalg.inv(a)[0, 0] + np.linalg.pinv(a)[0, 0]
    s = s + np.linalg.solve(a, v)[0] + np.linalg.lstsq(a, v, rcond=None)[0][0]
    s = s + np.linalg.cholesky(a @ a.T + np.eye(4))[0, 0]
    q, r = np.linalg.qr(a)
    u, sv, vt = np.linalg.svd(a)
    w, z = np.linalg.eigh(a + a.T)
    ew, ev = np.linalg.eig(a)
    s = s + q[0, 0] + r[0, 0] + u[0, 0] + sv[0] + vt[0, 0] + w[0] + z[0, 0]
    s = s + np.abs(ew[0]) + np.abs(ev[0, 0]) + np.abs(np.linalg.eigvals(a)[0])
    return s + np.linalg.matrix_power(a, 3)[0, 0]

def fft_all(x: f64[8], y: f64[4, 8]) -> f64:
    s = np.abs(np.fft.fft(x)[1]) + np.abs(np.fft.ifft(x)[1])
    s = s + np.abs(np.fft.rfft(x)[1]) + np.fft.irfft(np.fft.rfft(x))[1]
    s = s + np.abs(np.fft.fft2(y)[0, 1]) + np.abs(np.fft.ifft2(y)[0, 1])
    s = s + np.abs(np.fft.fftn(y)[0, 1]) + np.abs(np.fft.ifftn(y)[0, 1])
    s = s + np.abs(np.fft.rfft2(y)[0, 1]) + np.fft.irfft2(np.fft.rfft2(y))[0, 1]
    s = s + np.abs(np.fft.rfftn(y)[0, 1]) + np.fft.irfftn(np.fft.rfftn(y))[0, 1]
    s = s + np.fft.fftfreq(8)[1] + np.fft.rfftfreq(8)[1]
    return s + np.fft.fftshift(x)[0] + np.fft.ifftshift(x)[0]

def methods_all(x: f64[3, 4]) -> f64:
    t = x.T.ndim + x.shape[0] + x.size + x.real[0, 0] + x.imag[0, 0]
    y = x.astype(np.float32).copy()
    y.sort()
    i = y.argsort()
    s = t + x.conj()[0, 0] + x.conjugate()[0, 0] + x.flatten()[0] + x.ravel()[0]
    s = s + x.reshape(4, 3)[0, 0] + x.transpose()[0, 0] + i[0, 0]
    s = s + x.sum() + x.prod() + x.max() + x.min() + x.mean() + x.std() + x.var()
    s = s + x.cumsum()[0] + x.cumprod()[0] + x.argmax() + x.argmin()
    s = s + x.any() + x.all() + x.clip(0, 1)[0, 0] + x.round()[0, 0]
    s = s + x.nonzero()[0][0] + x.trace() + x[:1].squeeze()[0] + x.swapaxes(0, 1)[0, 0]
    s = s + x.repeat(2)[0] + x.take(1) + x.dot(x.T)[0, 0]
    return s

def main():
    np.random.seed(1)
    a = np.random.rand(4, 4) + np.random.randn(4, 4) + np.random.random(4) + np.random.random_sample(4)
    b = np.random.sample(4) + np.random.standard_normal(4) + np.random.uniform(0, 1, 4)
    c = np.random.normal(0, 1, 4) + np.random.randint(0, 9, 4)
    print(linalg_all(a, b + c), fft_all(b[:2].repeat(4), a[:, :2].repeat(4, axis=1)))
    print(methods_all(a[:3]), a.dtype)

# RUN: arrayc --emit=ndarray %s | FileCheck %s
# CHECK-LABEL: func.func @linalg_all
# CHECK-LABEL: func.func @fft_all
# CHECK-LABEL: func.func @methods_all
# CHECK: func.func @arrayc_main
