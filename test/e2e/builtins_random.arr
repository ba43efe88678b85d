# RUN: %e2e %s
# Tests random.*: the numbers differ from NumPy's (arrayc uses Philox4x32-10),
# so the checks are statistics with loose tolerances, ranges, determinism for
# a seed and difference across seeds and calls.
# OUTPUT: um 0.02
# OUTPUT: us 0.02
# OUTPUT: urange
# OUTPUT: nm 0.05
# OUTPUT: ns 0.02
# OUTPUT: uni 0.02
# OUTPUT: unirange
# OUTPUT: nrm 0.02
# OUTPUT: rimax
# OUTPUT: rimin
# OUTPUT: rim 0.02
# OUTPUT: same
# OUTPUT: differ
# OUTPUT: calls
# OUTPUT: f32range
# OUTPUT: shape
import numpy as np

def main():
    np.random.seed(42)
    u = np.random.random(200000)
    np.save("um.npy", mean(u))
    np.save("us.npy", std(u) * sqrt(12.0))
    np.save("urange.npy", logical_and(all(u >= 0.0), all(u < 1.0)))
    g = random.randn(400, 500)
    np.save("nm.npy", mean(g) + 1.0)
    np.save("ns.npy", std(g))
    v = np.random.uniform(-2.0, 3.0, size=(100000,))
    np.save("uni.npy", mean(v))
    np.save("unirange.npy", logical_and(all(v >= -2.0), all(v < 3.0)))
    nn = random.normal(5.0, 2.0, size=100000)
    np.save("nrm.npy", mean(nn) + std(nn))
    ri = np.random.randint(3, 10, size=200000)
    np.save("rimax.npy", max(ri))
    np.save("rimin.npy", min(ri))
    np.save("rim.npy", mean(ri))
    random.seed(7)
    a = random.rand(1000)
    random.seed(7)
    b = random.rand(1000)
    random.seed(8)
    c = random.rand(1000)
    np.save("same.npy", all(a == b))
    np.save("differ.npy", any(a != c))
    d = random.rand(1000)
    np.save("calls.npy", any(c != d))
    f = np.random.standard_normal(size=(3, 1))
    np.save("shape.npy", isfinite(f))
    np.save("f32range.npy", all(random.rand(5, 7) < 1.0))
