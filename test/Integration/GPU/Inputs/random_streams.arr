# random.* for one seed, saved for comparing the cpu and cuda targets
# (random-cpu-cuda.test, scripts/gpu-suite.sh): Philox4x32-10 is compiled code on
# both, so the integer streams and the uniform floats must be the same bits, and
# the normals (log, sqrt, cos of those uniforms) the same within a few ulps.
import numpy as np

def main():
    np.random.seed(1234)
    np.save("exact_random.npy", np.random.random(100003))
    np.save("exact_rand_2d.npy", random.rand(301, 17))
    np.save("exact_uniform.npy", np.random.uniform(-2.0, 3.0, size=(5000,)))
    np.save("exact_randint.npy", np.random.randint(-50, 1000, size=(70001,)))
    np.save("randn.npy", random.randn(400, 257))
    np.save("normal.npy", random.normal(5.0, 2.0, size=65537))
    random.seed(99)
    np.save("exact_after_reseed.npy", random.rand(1000))
