//===- NDArrayComplexOps.td - complex-number ndarray ops ---*- tablegen -*-===//
//
// The parts of complex arrays: `numpy.real`, `numpy.imag`, `numpy.abs` of a
// complex array (real results) and `numpy.conj`. Included from NDArrayOps.td.
// The arithmetic ops (`add`, `mul`, `sqrt`, ...) take complex element types
// directly and lower to the `complex` dialect.
//
//===----------------------------------------------------------------------===//
#ifndef NDARRAY_COMPLEX_OPS_TD
#define NDARRAY_COMPLEX_OPS_TD

def NDArray_ComplexTensor : RankedTensorOf<[Complex<F32>, Complex<F64>]>;

class NDArray_ComplexToRealOp<string mnemonic, string what>
    : NDArray_Op<mnemonic, [Pure]> {
  let summary = "elementwise " # what # " of a complex array";
  let description = [{
    The }] # what # [{ of every element, in the float type of the parts
    (`complex<f32>` gives `f32`).

    Constraint `}] # mnemonic # [{_c1`: the result has the operand's shape
    and the element type of its parts.

    ```mlir
    %r = ndarray.}] # mnemonic # [{ %z : tensor<?xcomplex<f32>> -> tensor<?xf32>
    ```
  }];
  let arguments = (ins NDArray_ComplexTensor:$input);
  let results = (outs NDArray_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def NDArray_RealOp : NDArray_ComplexToRealOp<"real", "real part">;
def NDArray_ImagOp : NDArray_ComplexToRealOp<"imag", "imaginary part">;
def NDArray_ComplexAbsOp : NDArray_ComplexToRealOp<"complex_abs",
    "absolute value (`hypot(re, im)`, without overflow)">;

def NDArray_ConjOp : NDArray_Op<"conj", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise complex conjugate";
  let description = [{
    `numpy.conjugate` of a complex array: `re - im*j`. (The frontend gives
    the array itself for real arrays.)

    ```mlir
    %c = ndarray.conj %z : tensor<?xcomplex<f64>>
    ```
  }];
  let arguments = (ins NDArray_ComplexTensor:$input);
  let results = (outs NDArray_ComplexTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
}

#endif // NDARRAY_COMPLEX_OPS_TD
