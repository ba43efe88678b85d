# RUN: arrayc --emit=ndarray %s | FileCheck %s
"""A module docstring."""
import numpy

# Tests comments, docstrings, `\` and implicit line joining, hex, exponent and
# underscore literals, augmented and annotated assignment, and pass.
# CHECK-LABEL: func.func @lexing(
# CHECK: ndarray.constant dense<1.600000e+01> : tensor<f64>
# CHECK: ndarray.constant dense<1.000000e-05> : tensor<f64>
# CHECK: ndarray.constant dense<2.500000e+02> : tensor<f64>
# CHECK: ndarray.sub
# CHECK: ndarray.add %{{.*}}, %arg0
# CHECK: ndarray.constant dense<1.000000e+03> : tensor<f64>
# CHECK: ndarray.constant dense<2.000000e+00> : tensor<f64>
# CHECK: ndarray.mul
# CHECK: %[[P:.*]] = ndarray.pow
# CHECK: return %[[P]] : tensor<?xf64>
def lexing(x: f64[n]) -> f64[n]:
    """Function docstring."""
    y = x * 0x10 + 1e-5 \
        - 2.5E+2
    z = (y +
         x)  # implicit joining
    pass
    z += 1_000
    z *= 2
    w: f64[n] = z ** 0.5
    return w

# Tests string escapes and end=''.
# CHECK-LABEL: func.func @arrayc_main() {
# CHECK: ndarray.print ["tab\09here", " ", "q\22uote"]
def main():
    print('tab\there', "q\"uote", end='')
