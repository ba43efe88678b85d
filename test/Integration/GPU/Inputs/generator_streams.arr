# np.random.default_rng() Generators for fixed seeds, saved for comparing the
# cpu and cuda targets (generator-cpu-cuda.test): the same Philox4x32-10 as
# np.random's functions, so the integers and uniform floats must be the same
# bits, and the normals and exponentials (log, sqrt, cos of those uniforms)
# the same within a few ulps.
import numpy as np

def main():
    rng = np.random.default_rng(1234)
    np.save("exact_random.npy", rng.random(100003))
    np.save("exact_random_2d_f32.npy", rng.random((301, 17), dtype=np.float32))
    np.save("exact_uniform.npy", rng.uniform(-2.0, 3.0, size=(5000,)))
    np.save("exact_integers.npy", rng.integers(-50, 1000, size=(70001,)))
    np.save("exact_integers_u8.npy", rng.integers(0, 256, size=4099, dtype=np.uint8))
    np.save("normal.npy", rng.normal(5.0, 2.0, size=65537))
    np.save("standard_normal_f32.npy", rng.standard_normal((400, 257), dtype=np.float32))
    np.save("exponential.npy", rng.exponential(3.0, size=10007))
    np.save("exact_permutation.npy", rng.permutation(5000))
    np.save("exact_choice.npy", rng.choice(np.arange(100.0), size=(30, 7)))
    np.save("exact_other_seed.npy", np.random.default_rng(99).random(1000))
    np.save("exact_unseeded.npy", np.random.default_rng().random(1000))
