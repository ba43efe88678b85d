def main():
    rng = np.random.default_rng(1)
    print(rng.permutation(10))

# Tests that a Generator method arrayc lacks is named, with the ones it has.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}generator-method.arr:3:15: error: 'Generator.permutation' is not supported (the Generator methods are random, standard_normal, normal, uniform, integers, exponential, standard_exponential)
# CHECK-NEXT: {{^}}    print(rng.permutation(10))
# CHECK-NEXT: {{^}}              ^{{$}}
