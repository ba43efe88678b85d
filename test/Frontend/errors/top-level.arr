import numpy as np
print(3)

# Tests that statements other than imports, defs and constants are rejected at top level.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}top-level.arr:2:1: error: only imports, function definitions, docstrings and constants (`NAME = 3.5`) are allowed at the top level
# CHECK-NEXT: {{^}}print(3)
# CHECK-NEXT: {{^}}^{{$}}
