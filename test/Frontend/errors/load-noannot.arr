import numpy as np
def main():
    x = np.load("x.npy")

# Tests that np.load needs a type annotation ahead of time (x.npy does not
# exist here: no note on its dtype; `arrayc run` is test/arrayc/load-unannotated.test).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}load-noannot.arr:3:9: error: np.load needs a type annotation when compiling ahead of time (`arrayc run` reads the file's header instead), e.g. `x: f32[n] = np.load(...)`
# CHECK-NEXT: {{^}}    x = np.load("x.npy")
# CHECK-NEXT: {{^}}        ^{{$}}
