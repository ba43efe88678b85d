from numpy import frobnicate

def main():
    print(frobnicate(1.0))

# Tests that a `from numpy import` of a name arrayc does not know is a
# located error at the name.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}from-import-unknown.arr:1:19: error: 'from numpy import frobnicate' is not supported (import a function or a constant arrayc knows, or `import numpy as np`)
