import numpy as np
x = 3

# Tests that statements other than imports and defs are rejected at top level.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}top-level.arr:2:1: error: only imports, function definitions and docstrings are allowed at the top level
# CHECK-NEXT: {{^}}x = 3
# CHECK-NEXT: {{^}}^{{$}}
