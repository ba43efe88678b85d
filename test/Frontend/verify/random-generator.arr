# np.random.default_rng() Generators: misuse and what is not supported,
# reported where it is written (NumPy's messages where NumPy has one).
# RUN: arrayc --verify-diagnostics --split-input-file --emit=ndarray %s
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{'Generator.shuffle' is not supported (the Generator methods are random, standard_normal, normal, uniform, integers, exponential, standard_exponential, permutation, choice)}}
    rng.shuffle(np.arange(5))

# -----
import numpy as np

def draw(n: int) -> f64[n]:
    # expected-error@+1 {{np.random.default_rng() is only allowed in main()}}
    rng = np.random.default_rng(0)
    return rng.random(n)

def main():
    print(draw(3))

# -----
import numpy as np

def draw(rng, n: int):
    return rng.random(n)

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{argument 'rng' of 'draw' is a numpy.random.Generator (arrayc uses Generators in main() only: draw the arrays there and pass those)}}
    print(draw(rng, 3))

# -----
import numpy as np

# expected-error@+1 {{a Generator cannot be made at module level: arrayc uses np.random.default_rng() Generators in main() only}}
RNG = np.random.default_rng(0)

def main():
    print(RNG.random(3))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{Generator.normal() got an unexpected keyword argument 'dtype'}}
    print(rng.normal(0.0, 1.0, 3, dtype=np.float32))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{Generator.random(): dtype must be float32 or float64}}
    print(rng.random(3, dtype=np.int32))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{Generator.integers(): dtype must be an integer type}}
    print(rng.integers(0, 3, size=3, dtype=np.float64))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{Generator.integers(): low and high must be integer scalars here, got a Python float}}
    print(rng.integers(0, 2.5, size=3))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{low >= high}}
    print(rng.integers(5, 5, size=3))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{high <= 0}}
    print(rng.integers(0, size=3))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{low > high}}
    print(rng.integers(5, 4, size=3, endpoint=True))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{high < 0}}
    print(rng.integers(-1, size=3, endpoint=True))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{Generator.integers(): low/high out of bounds for i8}}
    print(rng.integers(0, 300, size=3, dtype=np.int8))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{Generator.integers(): endpoint must be True or False here}}
    print(rng.integers(0, 3, size=3, endpoint=1))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{scale < 0}}
    print(rng.normal(0.0, -1.0, 3))

# -----
import numpy as np

def main():
    # expected-error@+1 {{expected non-negative integer}}
    rng = np.random.default_rng(-1)

# -----
import numpy as np

def main():
    # expected-error@+1 {{random.default_rng(): the seed must be an integer or None (sequences of ints, SeedSequence and BitGenerator seeds are not supported), got a Python float}}
    rng = np.random.default_rng(1.5)

# -----
import numpy as np

def main():
    # expected-error@+1 {{'random.Generator' is not supported (the random functions are seed, rand, randn, random, random_sample, sample, standard_normal, uniform, normal, randint, default_rng)}}
    rng = np.random.Generator(np.random.PCG64(1))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    for i in range(3):
        # expected-error@+1 {{variable 'rng' (a numpy.random.Generator cannot be carried by control flow yet: create it once, before the loop or 'if')}}
        rng = np.random.default_rng(i)
    print(rng.random(3))

# -----
import numpy as np

def main():
    for i in range(3):
        g = np.random.default_rng(i)
    # expected-error@+1 {{variable 'g' is first assigned inside the loop at line 5; assign it before the loop to use it after}}
    print(g.random(3))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{Generator.choice(): p= (weights) is not supported}}
    print(rng.choice(3, 5, p=np.array([0.2, 0.3, 0.5])))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{Generator.choice(): replace=False is not supported (rng.permutation(n)[:k] draws k of n without replacement)}}
    print(rng.choice(10, 3, replace=False))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{a must be a positive integer unless no samples are taken}}
    print(rng.choice(0, 3))

# -----
import numpy as np

def main():
    rng = np.random.default_rng(0)
    # expected-error@+1 {{Generator.permutation(): expects an integer or an array of rank >= 1, got a Python float}}
    print(rng.permutation(2.5))
