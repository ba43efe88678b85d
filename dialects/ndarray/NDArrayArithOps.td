//===- NDArrayArithOps.td - integer/bitwise ndarray ops ----*- tablegen -*-===//
//
// Python's `//`, `%`, `&`, `|`, `^`, `~`, `<<`, `>>` on arrays. Included from
// NDArrayOps.td (which defines NDArray_BinaryOp and the tensor constraints).
//
//===----------------------------------------------------------------------===//
#ifndef NDARRAY_ARITH_OPS_TD
#define NDARRAY_ARITH_OPS_TD

def NDArray_FloorDivOp : NDArray_BinaryOp<"floordiv"> {
  let summary = "elementwise floor division (Python `//`)";
  let description = [{
    `numpy.floor_divide`: rounds the quotient toward negative infinity.
    Integers: `x // 0` is 0 and `INT_MIN // -1` wraps, as NumPy does (NumPy
    also warns); unsigned integers (`ui8`..`ui64`) divide unsigned. Floats:
    `floor(x / y)` computed as NumPy does (through `fmod`), so `x // 0.0` is
    `±inf` or `nan`.

    Constraints:
    - `floordiv_c1`: operands and result have one type.
    - `floordiv_c2`: the element type is not bool or complex.

    ```mlir
    %q = ndarray.floordiv %x, %y : tensor<?xi32>
    ```
  }];
}

def NDArray_ModOp : NDArray_BinaryOp<"mod"> {
  let summary = "elementwise modulo (Python `%`)";
  let description = [{
    `numpy.remainder`: the result has the sign of the divisor (`lhs - (lhs //
    rhs) * rhs`). Integers: `x % 0` is 0 (NumPy warns). Floats: `x % 0.0` is
    `nan`; a zero result takes the sign of the divisor.

    Constraints:
    - `mod_c1`: operands and result have one type.
    - `mod_c2`: the element type is not bool or complex.

    ```mlir
    %r = ndarray.mod %x, %y : tensor<?xf64>
    ```
  }];
}

class NDArray_BitwiseBinaryOp<string mnemonic, string what, list<Trait> traits = []>
    : NDArray_BinaryOp<mnemonic, traits> {
  let summary = "elementwise bitwise " # what;
  let description = [{
    Bitwise }] # what # [{ of integers; for bool the logical operation.

    Constraints:
    - `}] # mnemonic # [{_c1`: operands and result have one type.
    - `}] # mnemonic # [{_c2`: the element type is bool or an integer (not a float or complex).

    ```mlir
    %z = ndarray.}] # mnemonic # [{ %x, %y : tensor<?xi32>
    ```
  }];
}

def NDArray_BitAndOp : NDArray_BitwiseBinaryOp<"bitand", "and (`&`)", [Commutative]>;
def NDArray_BitOrOp : NDArray_BitwiseBinaryOp<"bitor", "or (`|`)", [Commutative]>;
def NDArray_BitXorOp : NDArray_BitwiseBinaryOp<"bitxor", "exclusive or (`^`)", [Commutative]>;

class NDArray_ShiftOp<string mnemonic, string what>
    : NDArray_BinaryOp<mnemonic> {
  let summary = "elementwise " # what;
  let description = [{
    `numpy.}] # !if(!eq(mnemonic, "shl"), "left_shift", "right_shift") # [{`
    on signed and unsigned integers. A shift by a negative amount or by at
    least the bit width gives what NumPy gives: 0 for `<<`; for `>>` 0, or -1
    when the shifted value is negative (an arithmetic shift; `>>` of an
    unsigned value is logical).

    Constraints:
    - `}] # mnemonic # [{_c1`: operands and result have one type.
    - `}] # mnemonic # [{_c2`: the element type is an integer (not bool, not a float).

    ```mlir
    %z = ndarray.}] # mnemonic # [{ %x, %y : tensor<?xi8>
    ```
  }];
}

def NDArray_ShlOp : NDArray_ShiftOp<"shl", "left shift (`<<`)">;
def NDArray_ShrOp : NDArray_ShiftOp<"shr", "arithmetic right shift (`>>`)">;

def NDArray_BitNotOp : NDArray_Op<"bitnot", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise bitwise not (`~`)";
  let description = [{
    `numpy.invert`: `~x` on integers (`-x - 1`), logical not on bool.

    Constraint `bitnot_c1`: the element type is bool or an integer (not a
    float or complex).

    ```mlir
    %y = ndarray.bitnot %m : tensor<?xi1>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$input);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
  let hasVerifier = 1;
}

#endif // NDARRAY_ARITH_OPS_TD
