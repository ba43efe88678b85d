# RUN: arrayc --emit=ndarray %s | FileCheck %s
# np.true_divide, np.floor_divide, np.remainder and np.mod are the ufuncs of
# the operators /, // and % (with their dtypes and NumPy's sign rules).
import numpy as np

# CHECK-LABEL: func.func @aliases(
# CHECK: ndarray.div %arg0, %{{.*}} : tensor<?xf64>
# CHECK: ndarray.floordiv %arg0, %{{.*}} : tensor<?xf64>
# CHECK: ndarray.mod %arg1, %{{.*}} : tensor<?xi64>
# CHECK: ndarray.mod %arg1, %{{.*}} : tensor<?xi64>
def aliases(x: f64[n], k: i64[n]):
    return np.true_divide(x, 2), np.floor_divide(x, 0.3), np.remainder(k, 3), np.mod(k, 4)
