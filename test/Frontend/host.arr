# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Host-side builtins in main: load (with run-time checks of named dims),
# save and print.
import numpy as np

# Tests load/save/print lowering and the check that two loads agree on 'n'.
# CHECK-LABEL: func.func @arrayc_main() {
# CHECK: %[[X:.*]] = ndarray.load "x.npy" : tensor<?x3xf32>
# CHECK: %[[Y:.*]] = ndarray.load "y.npy" : tensor<?xf32>
# CHECK: %[[DX:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3xf32>
# CHECK: %[[DY:.*]] = tensor.dim %[[Y]], %{{.*}} : tensor<?xf32>
# CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[DX]], %[[DY]] : index
# CHECK: ndarray.assert %[[EQ]], "{{.*}}host.arr:27:17: dimension 'n' of 'y.npy' does not match 'x.npy'"
# CHECK: %[[S:.*]] = ndarray.reduce sum %[[X]] [0, 1] : tensor<?x3xf32> -> tensor<f32>
# CHECK: ndarray.print %[[S]] [0, "\0A"] : tensor<f32>
# CHECK: ndarray.print %[[X]], %[[Y]] ["x:", ", ", 0, ", ", "y:", ", ", 1, "!\0A"] : tensor<?x3xf32>, tensor<?xf32>
# CHECK: %[[I:.*]] = ndarray.constant dense<1> : tensor<i64>
# CHECK: %[[F:.*]] = ndarray.constant dense<2.500000e+00> : tensor<f64>
# CHECK: ndarray.print %[[I]], %[[F]] [0, " ", 1, " ", "True", " ", "None", "\0A"] : tensor<i64>, tensor<f64>
# CHECK: ndarray.print ["\0A"]
# CHECK: %[[M:.*]] = ndarray.mul %[[X]], %{{.*}} : tensor<?x3xf32>
# CHECK: ndarray.save "out.npy", %[[M]] : tensor<?x3xf32>
# CHECK: ndarray.save "s.npy", %[[S]] : tensor<f32>
# CHECK: return
def main():
    x: f32[n, 3] = np.load("x.npy")
    y: f32[n] = np.load('y.npy')
    s = sum(x)
    print(s)
    print("x:", x, "y:", y, sep=", ", end="!\n")
    print(1, 2.5, True, None)
    print()
    np.save("out.npy", x * 2)
    save("s.npy", s)
