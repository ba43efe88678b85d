# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Calls between functions of the file: any order of definition, named dims
# unified per call, tuple results.

# Tests a call before the callee's definition, literal dims filling a callee's
# named dim (tensor.cast at the boundary), tuple unpacking and scalar results.
# CHECK-LABEL: func.func @arrayc_main() {
# CHECK: %[[A:.*]] = ndarray.load "a.npy" : tensor<4xf32>
# CHECK: %[[B:.*]] = ndarray.load "b.npy" : tensor<?xf32>
# CHECK: %[[AC:.*]] = tensor.cast %[[A]] : tensor<4xf32> to tensor<?xf32>
# CHECK: %[[R:.*]]:2 = call @stats(%[[AC]]) : (tensor<?xf32>) -> (tensor<f32>, tensor<?xf32>)
# CHECK: %[[D:.*]] = tensor.cast %[[R]]#1 : tensor<?xf32> to tensor<4xf32>
# CHECK: %[[TWO:.*]] = ndarray.constant dense<2.000000e+00> : tensor<f32>
# CHECK: %[[SC:.*]] = call @scale(%[[B]], %[[TWO]]) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
# CHECK: ndarray.print %[[SC]], %[[R]]#0, %[[D]] [0, " ", 1, " ", 2, "\0A"]
def main():
    a: f32[4] = np.load("a.npy")
    b: f32[k] = np.load("b.npy")
    c, d = stats(a)
    print(scale(b, 2.0), c, d)

# Tests a function with a tuple result.
# CHECK-LABEL: func.func @stats(
# CHECK-SAME: %arg0: tensor<?xf32>) -> (tensor<f32>, tensor<?xf32>)
# CHECK: %[[S:.*]] = ndarray.reduce sum %arg0 [0]
# CHECK: %[[M:.*]] = call @mean_like(%arg0) : (tensor<?xf32>) -> tensor<f32>
# CHECK: %[[D:.*]] = ndarray.sub
# CHECK: return %[[S]], %[[D]] : tensor<f32>, tensor<?xf32>
def stats(v: f32[n]) -> (f32, f32[n]):
    return sum(v), v - mean_like(v)

# CHECK-LABEL: func.func @mean_like(
def mean_like(v: f32[n]) -> f32:
    return max(v)

# CHECK-LABEL: func.func @scale(
def scale(v: f32[n], s: f32) -> f32[n]:
    return v * s

# Tests keyword arguments and a weak literal argument for a scalar parameter.
# CHECK-LABEL: func.func @kw(
# CHECK: %[[C:.*]] = ndarray.constant dense<3.000000e+00> : tensor<f32>
# CHECK: call @scale(%arg0, %[[C]])
def kw(v: f32[n]) -> f32[n]:
    return scale(s=3, v=v)
