import numpy as np

W = np.ones(3)

# Tests that module-level assignments define numbers and tuples of numbers only.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}module-constant-array.arr:3:5: error: a module-level assignment defines a constant: a number or a tuple of numbers (`SCALE = 2.5`, `SHAPE = (3, 4)`); arrays are made inside functions
