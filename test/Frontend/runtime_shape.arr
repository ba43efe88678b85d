# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Run-time shapes: sizes from any integer value, result dims no parameter
# has, and the run-time checks where sizes must agree but are only known
# when the program runs (NumPy's message, the source location).

# Tests that a size from a scalar argument is checked non-negative at run
# time and that the same value used twice gives one dim: the matmul of two
# such squares needs no check.
# CHECK-LABEL: func.func @square(
# CHECK-SAME: %[[N:.*]]: tensor<i64>) -> tensor<?x?xf64>
# CHECK: %[[E:.*]] = tensor.extract %[[N]][]
# CHECK: %[[OK:.*]] = arith.cmpi sge, %[[E]], %{{.*}} : i64
# CHECK: ndarray.assert %[[OK]], "{{.*}}runtime_shape.arr:[[@LINE+8]]:22: negative dimensions are not allowed"
# CHECK: arith.index_cast %[[E]] : i64 to index
# CHECK: %[[S:.*]] = arith.index_cast %{{.*}} : i64 to index
# CHECK: ndarray.broadcast_in_dim %{{.*}} [](%[[S]], %[[S]]) : tensor<f64> -> tensor<?x?xf64>
# CHECK: ndarray.broadcast_in_dim %{{.*}} [](%{{.*}}, %{{.*}}) : tensor<f64> -> tensor<?x?xf64>
# CHECK-NOT: ndarray.assert
# CHECK: ndarray.contract
def square(N: i64) -> f64[m, m]:
    return np.zeros((N, N)) @ np.ones((N, N))

# Tests that two differently named dims are broadcast after a run-time check
# that shows both shapes as NumPy does.
# CHECK-LABEL: func.func @add(
# CHECK: %[[EQ:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i64
# CHECK: ndarray.assert %[[EQ]], "{{.*}}runtime_shape.arr:[[@LINE+3]]:14: operands could not be broadcast together with shapes ({0},) ({1},)"(%{{.*}}, %{{.*}})
# CHECK: ndarray.add %arg0, %arg1 : tensor<?xf64>
def add(x: f64[n], y: f64[m]) -> f64[n]:
    return x + y

# Tests that a named dim against a static size is checked and then static
# (tensor.cast), with the static size in the message.
# CHECK-LABEL: func.func @add3(
# CHECK: ndarray.assert %{{.*}}, "{{.*}}runtime_shape.arr:[[@LINE+4]]:14: operands could not be broadcast together with shapes (3,4) ({0},)"(%{{.*}})
# CHECK: %[[C:.*]] = tensor.cast %arg1 : tensor<?xf64> to tensor<4xf64>
# CHECK: ndarray.broadcast_in_dim %[[C]] [1]
def add3(x: f64[3, 4], y: f64[m]) -> f64[3, 4]:
    return x + y

# Tests the core dims of @ on run-time slices: NumPy's matmul message.
# CHECK-LABEL: func.func @window(
# CHECK: ndarray.assert %{{.*}}, "{{.*}}runtime_shape.arr:[[@LINE+3]]:20: matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size {1} is different from {0})"(%{{.*}}, %{{.*}})
# CHECK: ndarray.contract
def window(x: f64[n], y: f64[m], i: i64) -> f64:
    return x[:i+1] @ y[:i+1]

# Tests np.dot's message for the same mismatch.
# CHECK-LABEL: func.func @dot(
# CHECK: ndarray.assert %{{.*}}, "{{.*}}runtime_shape.arr:[[@LINE+2]]:12: shapes ({1},3) and ({0},) not aligned: 3 (dim 1) != {0} (dim 0)"
def dot(a: f64[r, 3], y: f64[m]) -> f64[r]:
    return np.dot(a, y)

# Tests a store of a run-time slice into a run-time window: checked, then
# stored.
# CHECK-LABEL: func.func @shift(
# CHECK: ndarray.assert %{{.*}}, "{{.*}}runtime_shape.arr:[[@LINE+4]]:6: could not broadcast input array from shape ({0},) into shape ({1},)"
# CHECK: ndarray.update_slice
def shift(x: f64[n], i: i64) -> f64[n]:
    y = x * 2.0
    y[:i] = x[1:i + 1]
    return y

# Tests a result dim that no parameter has (its size is the body's) next to
# one that the parameters give (checked at run time).
# CHECK-LABEL: func.func @pad(
# CHECK: ndarray.assert %{{.*}}, "{{.*}}runtime_shape.arr:[[@LINE+3]]:5: 'pad' returns an array whose dimension 0 has size {0} where its signature declares f64[n, p] with 'n' ({1})"
# CHECK: return %{{.*}} : tensor<?x?xf64>
def pad(x: f64[n], N: i64) -> f64[n, p]:
    return np.zeros((N, x.shape[0] + 2))

# Tests that a caller gets a fresh dim for each call's result-only dims: the
# sum of two calls is checked at run time.
# CHECK-LABEL: func.func @twice(
# CHECK: call @square
# CHECK: call @square
# CHECK: ndarray.assert %{{.*}}, "{{.*}}runtime_shape.arr:[[@LINE+3]]:22: operands could not be broadcast together with shapes ({0},?) ({1},?)"
# CHECK: ndarray.assert %{{.*}}, "{{.*}}runtime_shape.arr:[[@LINE+2]]:22: operands could not be broadcast together with shapes (?,{0}) (?,{1})"
def twice(N: i64) -> f64[q, q]:
    return square(N) + square(N + 1)

# Tests run-time arange, linspace and eye sizes.
# CHECK-LABEL: func.func @ramps(
# CHECK: ndarray.iota 0(%{{.*}}) : tensor<?xi64>
# CHECK: ndarray.assert %{{.*}}, "{{.*}}runtime_shape.arr:[[@LINE+5]]:31: Number of samples, {0}, must be non-negative."
# CHECK: ndarray.iota 0(%{{.*}}) : tensor<?xf64>
# CHECK: ndarray.iota 0(%[[E:.*]], %[[E]]) : tensor<?x?xi64>
def ramps(i: i64, n: i64) -> f64[p]:
    a = np.arange(i, n)
    b = np.linspace(0.0, 1.0, n)
    c = np.eye(n) @ b
    return a * 1.0

# Tests einsum labels whose sizes agree only at run time: NumPy's message
# with the shapes remapped to the iteration order (output, then summed).
# CHECK-LABEL: func.func @contract(
# CHECK: ndarray.assert %{{.*}}, "{{.*}}runtime_shape.arr:[[@LINE+3]]:12: operands could not be broadcast together with remapped shapes [original->remapped]: (r,{0})->(r,newaxis,{0}) ({1},c)->(c,{1})"
# CHECK: ndarray.contract
def contract(a: f64[r, k], b: f64[p, c]) -> f64[r, c]:
    return np.einsum("ij,jk->ik", a, b)

# Tests a run-time shape entry of reshape: checked non-negative, then a size
# of its own.
# CHECK-LABEL: func.func @halves(
# CHECK: ndarray.assert %{{.*}}, "{{.*}}runtime_shape.arr:[[@LINE+3]]:12: negative dimensions are not allowed"
# CHECK: ndarray.reshape %arg0(%{{.*}}) : tensor<?xf64> -> tensor<?x2xf64>
def halves(x: f64[n]) -> f64[h, 2]:
    return np.reshape(x, (x.shape[0] // 2, 2))

# Tests that a one-wide literal slice of a run-time axis is size 1 (it then
# broadcasts against the other axis with no size check), after a run-time
# check that the axis is long enough.
# CHECK-LABEL: func.func @keep_axis(
# CHECK: arith.cmpi sgt, %{{.*}}, %{{.*}} : i64
# CHECK: ndarray.assert %{{.*}}, "{{.*}}runtime_shape.arr:[[@LINE+5]]:16: the slice 1:2 of an axis of size {0} is empty; arrayc types it as size 1 (an axis of size > 1 is needed)"
# CHECK: ndarray.slice %arg0{{.*}} -> tensor<?x1xf64>
# CHECK-NOT: operands could not be broadcast
# CHECK: ndarray.sub %{{.*}} : tensor<?x?xf64>
def keep_axis(pos: f64[n, d]) -> f64[n, n]:
    y = pos[:, 1:2]
    return y.T - y
