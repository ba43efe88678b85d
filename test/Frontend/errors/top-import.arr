import scipy

# Tests that only numpy (and math) can be imported.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}top-import.arr:1:1: error: module 'scipy' is not supported; arrayc programs use `import numpy as np`
# CHECK-NEXT: {{^}}import scipy
# CHECK-NEXT: {{^}}^{{$}}
