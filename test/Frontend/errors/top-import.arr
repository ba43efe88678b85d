import math

# Tests that only numpy can be imported.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}top-import.arr:1:1: error: module 'math' is not supported; arrayc programs use `import numpy as np`
# CHECK-NEXT: {{^}}import math
# CHECK-NEXT: {{^}}^{{$}}
