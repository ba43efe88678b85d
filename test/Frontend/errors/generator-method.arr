def main():
    rng = np.random.default_rng(1)
    x = np.arange(10)
    print(rng.shuffle(x))

# Tests that a Generator method arrayc lacks is named, with the ones it has.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}generator-method.arr:4:15: error: 'Generator.shuffle' is not supported (the Generator methods are random, standard_normal, normal, uniform, integers, exponential, standard_exponential, permutation, choice)
# CHECK-NEXT: {{^}}    print(rng.shuffle(x))
# CHECK-NEXT: {{^}}              ^{{$}}
