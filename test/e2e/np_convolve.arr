# RUN: %e2e %s
# Tests np.convolve and np.correlate in their three modes with run-time
# lengths, both operands the longer one, f32/int/complex dtypes, a moving
# average with a run-time window and a normalised autocorrelation in a
# helper, as NumPy users write them.
# INPUT: x f64 [57]
# INPUT: k f64 [6]
# INPUT: s f32 [5]
# INPUT: p i32 [40]
# INPUT: q i32 [3]
# INPUT: w i64 [] range=1:9
# OUTPUT: c0
# OUTPUT: c1
# OUTPUT: c2
# OUTPUT: c3
# OUTPUT: c4
# OUTPUT: c5
# OUTPUT: r0
# OUTPUT: r1
# OUTPUT: r2
# OUTPUT: r3
# OUTPUT: r4
# OUTPUT: r5
# OUTPUT: ci
# OUTPUT: cf
# OUTPUT: cs
# OUTPUT: cz
# OUTPUT: ma
# OUTPUT: ac
# OUTPUT: sm
import numpy as np

def moving_average(x: f64[n], w: i64) -> f64[m]:
    return np.convolve(x, np.ones(w), 'valid') / w

def autocorr(x: f64[n]) -> f64[n]:
    xc = x - x.mean()
    r = np.correlate(xc, xc, mode='full')[len(x) - 1:]
    return r / r[0]

def main():
    x: f64[n] = np.load("x.npy")
    k: f64[m] = np.load("k.npy")
    s: f32[j] = np.load("s.npy")
    p: i32[a] = np.load("p.npy")
    q: i32[b] = np.load("q.npy")
    w: i64 = np.load("w.npy")
    np.save("c0.npy", np.convolve(x, k))
    np.save("c1.npy", np.convolve(x, k, mode='same'))
    np.save("c2.npy", np.convolve(x, k, mode='valid'))
    np.save("c3.npy", np.convolve(k, x))
    np.save("c4.npy", np.convolve(k, x, 'same'))
    np.save("c5.npy", np.convolve(k, x, mode='valid'))
    np.save("r0.npy", np.correlate(x, k))
    np.save("r1.npy", np.correlate(x, k, 'same'))
    np.save("r2.npy", np.correlate(x, k, mode='full'))
    np.save("r3.npy", np.correlate(k, x))
    np.save("r4.npy", np.correlate(k, x, mode='same'))
    np.save("r5.npy", np.correlate(k, x, mode='full'))
    np.save("ci.npy", np.convolve(p, q, mode='same'))
    np.save("cf.npy", np.convolve(s, s))
    # A fixed smoothing kernel (static sizes) on a single precision signal.
    np.save("cs.npy", np.convolve(s, np.ones(3, dtype=np.float32) / 3, mode='same'))
    z = x[:6] + 1j * k
    np.save("cz.npy", np.correlate(z, z[:4], mode='same'))
    np.save("ma.npy", moving_average(x, w))
    np.save("ac.npy", autocorr(x))
    y = x.copy()
    for i in range(3):
        y = np.convolve(y, k, mode='same')
    np.save("sm.npy", y)
