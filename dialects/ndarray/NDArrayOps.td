//===- NDArrayOps.td - ndarray operations ------------------*- tablegen -*-===//
#ifndef NDARRAY_OPS_TD
#define NDARRAY_OPS_TD

include "NDArrayDialect.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

class NDArray_Op<string mnemonic, list<Trait> traits = []>
    : Op<NDArray_Dialect, mnemonic, traits>;

// Element types the dialect computes on: bool (i1), signless integers (the
// signed dtypes), unsigned integers (ui8..ui64), floats, complex numbers of
// f32 and f64.
def NDArray_Element : AnyTypeOf<[I1, I8, I16, I32, I64, UI8, UI16, UI32, UI64,
                                 F16, BF16, F32, F64, Complex<F32>, Complex<F64>]>;
def NDArray_Tensor : RankedTensorOf<[NDArray_Element]>;
def NDArray_FloatTensor : RankedTensorOf<[F16, BF16, F32, F64]>;
def NDArray_BoolTensor : RankedTensorOf<[I1]>;

//===----------------------------------------------------------------------===//
// Constants and casts
//===----------------------------------------------------------------------===//

def NDArray_ConstantOp : NDArray_Op<"constant", [ConstantLike, Pure,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "a constant array";
  let description = [{
    Materializes a dense constant. A scalar is a 0-d tensor.

    ```mlir
    %c = ndarray.constant dense<2.0> : tensor<f32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

def NDArray_CastOp : NDArray_Op<"cast", [Pure]> {
  let summary = "element type conversion";
  let description = [{
    Converts every element to the result's element type with NumPy's
    `astype` rules for signed and unsigned integers, floats and bool: float
    to integer truncates toward zero (to an unsigned type through i64, as
    NumPy on x86), unsigned integers widen with zeros, anything to bool is
    `!= 0`.

    Constraint `cast_c1`: operand and result have the same shape.

    ```mlir
    %d = ndarray.cast %x : tensor<?xf32> to tensor<?xf64>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$input);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise operations
//===----------------------------------------------------------------------===//

class NDArray_BinaryOp<string mnemonic, list<Trait> traits = []>
    : NDArray_Op<mnemonic, !listconcat(traits, [Pure])> {
  let arguments = (ins NDArray_Tensor:$lhs, NDArray_Tensor:$rhs);
  let results = (outs NDArray_Tensor:$result);
  // One type when all agree (the verified form), else `(lhs, rhs) -> result`
  // so that the verifier, not the parser, reports a mismatch.
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<BinaryTypes>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
}

def NDArray_AddOp : NDArray_BinaryOp<"add", [Commutative]> {
  let summary = "elementwise addition";
  let description = [{
    `lhs + rhs`, elementwise; integers wrap; complex numbers add by parts.
    Operands and result have one type
    (`add_c1`): the frontend broadcasts and promotes first.

    ```mlir
    %z = ndarray.add %x, %y : tensor<?xf32>
    ```
  }];
  let hasFolder = 1;
}
def NDArray_SubOp : NDArray_BinaryOp<"sub"> {
  let summary = "elementwise subtraction";
  let description = [{
    `lhs - rhs`, elementwise (`sub_c1`: one type).

    ```mlir
    %z = ndarray.sub %x, %y : tensor<4x?xf32>
    ```
  }];
  let hasFolder = 1;
}
def NDArray_MulOp : NDArray_BinaryOp<"mul", [Commutative]> {
  let summary = "elementwise multiplication";
  let description = [{
    `lhs * rhs`, elementwise (`mul_c1`: one type). For bool it is logical and.

    ```mlir
    %z = ndarray.mul %x, %y : tensor<?xf32>
    ```
  }];
  let hasFolder = 1;
}
def NDArray_DivOp : NDArray_BinaryOp<"div"> {
  let summary = "elementwise division";
  let description = [{
    `lhs / rhs`: IEEE division for floats, truncating division for integers
    (`div_c1`: one type; `div_c2`: not bool). The frontend gives Python's `/`
    (true division) by casting integers to float first.

    ```mlir
    %z = ndarray.div %x, %y : tensor<?xf64>
    ```
  }];
}
def NDArray_MaxOp : NDArray_BinaryOp<"max", [Commutative]> {
  let summary = "elementwise maximum (NaN-propagating, like numpy.maximum)";
  let description = [{
    `numpy.maximum`: a NaN in either operand gives NaN (`max_c1`: one type;
    `max_c2`: not complex).

    ```mlir
    %z = ndarray.max %x, %y : tensor<?xf32>
    ```
  }];
}
def NDArray_MinOp : NDArray_BinaryOp<"min", [Commutative]> {
  let summary = "elementwise minimum (NaN-propagating, like numpy.minimum)";
  let description = [{
    `numpy.minimum`: a NaN in either operand gives NaN (`min_c1`: one type;
    `min_c2`: not complex).

    ```mlir
    %z = ndarray.min %x, %y : tensor<?xf32>
    ```
  }];
}
def NDArray_PowOp : NDArray_BinaryOp<"pow"> {
  let summary = "elementwise power";
  let description = [{
    `lhs ** rhs`: `powf` for floats, integer power by squaring for integers
    (`pow_c1`: one type; `pow_c2`: not bool).

    ```mlir
    %z = ndarray.pow %x, %y : tensor<?xf32>
    ```
  }];
  // NumPy's fast paths for a splat exponent (also through a broadcast): x ** 1
  // folds to x; x ** 2 becomes x * x, x ** 0.5 sqrt(x) for floats (what NumPy
  // computes for them).
  let hasFolder = 1;
  let hasCanonicalizeMethod = 1;
}

def NDArray_CompareOp : NDArray_Op<"compare", [Pure]> {
  let summary = "elementwise comparison, giving bool";
  let description = [{
    Compares elementwise with `predicate` (eq ne lt le gt ge). Floats compare
    ordered (NaN compares unequal to everything, `ne` is true), integers signed,
    complex numbers by both parts. `compare_c1`: lhs and rhs have one type;
    `compare_c2`: the result has their shape and element type `i1`;
    `compare_c3`: complex operands only with `eq` and `ne`.

    ```mlir
    %m = ndarray.compare lt, %x, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xi1>
    ```
  }];
  let arguments = (ins NDArray_ComparePredicateAttr:$predicate,
                       NDArray_Tensor:$lhs, NDArray_Tensor:$rhs);
  let results = (outs NDArray_BoolTensor:$result);
  let assemblyFormat = [{
    $predicate `,` $lhs `,` $rhs attr-dict `:` custom<BinaryTypes>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
}

class NDArray_UnaryOp<string mnemonic, string what, bit floatOnly = 1>
    : NDArray_Op<mnemonic, [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise " # what;
  let description = [{
    Applies the function elementwise. }] # !if(floatOnly,
    "`" # mnemonic # "_c1`: the element type is a float or complex (the frontend casts integers to float first, as NumPy does).",
    "Any numeric element type.") # [{

    ```mlir
    %y = ndarray.}] # mnemonic # [{ %x : tensor<?xf32>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$input);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
  let hasVerifier = floatOnly;
}

def NDArray_NegOp : NDArray_UnaryOp<"neg", "negation", 0> { let hasFolder = 1; }
def NDArray_AbsOp : NDArray_UnaryOp<"abs", "absolute value", 0> {
  // abs_c1: not complex (its absolute value is real: ndarray.complex_abs).
  let hasVerifier = 1;
}
def NDArray_SqrtOp : NDArray_UnaryOp<"sqrt", "square root">;
def NDArray_ExpOp : NDArray_UnaryOp<"exp", "exponential">;
def NDArray_LogOp : NDArray_UnaryOp<"log", "natural logarithm">;
def NDArray_SinOp : NDArray_UnaryOp<"sin", "sine">;
def NDArray_CosOp : NDArray_UnaryOp<"cos", "cosine">;
def NDArray_TanhOp : NDArray_UnaryOp<"tanh", "hyperbolic tangent">;

//===----------------------------------------------------------------------===//
// Shape operations
//===----------------------------------------------------------------------===//

def NDArray_BroadcastInDimOp : NDArray_Op<"broadcast_in_dim", [Pure]> {
  let summary = "NumPy broadcasting, made explicit";
  let description = [{
    Broadcasts `input` to the result shape. `broadcast_dimensions[i]` is the
    result dimension that input dimension `i` maps to; an input dimension of
    static size 1 may stretch to any size. `dynamic_dims` holds one index per
    dynamic result dimension, in order (as `tensor.empty` does).

    Constraints:
    - `broadcast_in_dim_c1`: `broadcast_dimensions` has one entry per input dim.
    - `broadcast_in_dim_c2`: entries are strictly increasing and in range.
    - `broadcast_in_dim_c3`: each input dim is 1 or equals its result dim.
    - `broadcast_in_dim_c4`: one `dynamic_dims` value per dynamic result dim.
    - `broadcast_in_dim_c5`: input and result element types match.

    ```mlir
    %b = ndarray.broadcast_in_dim %row [1] (%m) : tensor<?xf32> -> tensor<?x?xf32>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$input, DenseI64ArrayAttr:$broadcast_dimensions,
                       Variadic<Index>:$dynamic_dims);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $input $broadcast_dimensions (`(` $dynamic_dims^ `)`)? attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def NDArray_ReduceOp : NDArray_Op<"reduce", [Pure]> {
  let summary = "reduction over a list of axes";
  let description = [{
    Reduces `input` over `axes` with `kind` (sum, prod, max, min). max and min
    propagate NaN as NumPy does; integer sums wrap. With `keepdims` the reduced
    axes stay as size-1 dimensions. An empty `axes` list reduces nothing and is
    folded away.

    Constraints:
    - `reduce_c1`: axes are in range, strictly increasing.
    - `reduce_c2`: the result shape is the input shape without (or, with
      `keepdims`, with 1 in place of) the reduced axes.
    - `reduce_c3`: input and result element types match; `max`/`min` are not
      allowed on an empty axis of static size 0.
    - `reduce_c4`: `max`/`min` are not allowed on complex numbers.

    ```mlir
    %s = ndarray.reduce sum %x [1] : tensor<?x?xf32> -> tensor<?xf32>
    %k = ndarray.reduce max %x [1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
    ```
  }];
  let arguments = (ins NDArray_ReduceKindAttr:$kind, NDArray_Tensor:$input,
                       DenseI64ArrayAttr:$axes, UnitAttr:$keepdims);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $kind $input $axes (`keepdims` $keepdims^)? attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Host operations (programs: `def main()`)
//===----------------------------------------------------------------------===//

def NDArray_LoadOp : NDArray_Op<"load", [MemoryEffects<[MemRead, MemAlloc]>]> {
  let summary = "reads a `.npy` file";
  let description = [{
    Reads a NumPy `.npy` file (little-endian, C order). The file's dtype and
    rank must match the result type, and its static dimensions must match;
    otherwise the program stops with an error naming the file and `loc`.

    ```mlir
    %x = ndarray.load "x.npy" : tensor<?xf32>
    ```
  }];
  let arguments = (ins StrAttr:$path);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = "$path attr-dict `:` type($result)";
}

def NDArray_SaveOp : NDArray_Op<"save", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "writes a `.npy` file";
  let description = [{
    Writes `input` as a NumPy `.npy` file (version 1.0, little-endian, C
    order). The file appears whole or not at all: it is written to a temporary
    name and renamed.

    ```mlir
    ndarray.save "out.npy", %x : tensor<?xf32>
    ```
  }];
  let arguments = (ins StrAttr:$path, NDArray_Tensor:$input);
  let assemblyFormat = "$path `,` $input attr-dict `:` type($input)";
}

def NDArray_PrintOp : NDArray_Op<"print", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "prints text and arrays to stdout as NumPy's `str` does";
  let description = [{
    `format` is a list of pieces printed in order: a string attribute is
    printed as is; an integer attribute `i` prints operand `i` as NumPy's
    `str()` would. Separators and the final newline are explicit pieces.

    `print_c1`: every integer piece names an operand.

    ```mlir
    ndarray.print %s ["sum:", " ", 0, "\0A"] : tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<NDArray_Tensor>:$inputs, ArrayAttr:$format);
  let assemblyFormat = "($inputs^)? $format attr-dict (`:` type($inputs)^)?";
  let hasVerifier = 1;
}

def NDArray_AssertOp : NDArray_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "a run-time check";
  let description = [{
    Stops the program with `message` (which carries the source location) when
    `condition` is false: `assert` statements, and the checks that named
    dimensions agree at run time. Up to two i64 `values` are printed in the
    message in place of `{0}` and `{1}` (an index and a size, say).

    Constraints:
    - `assert_c1`: at most two values.
    - `assert_c2`: with values, every `{k}` in the message names one (k < #values);
      without values the message is printed verbatim (a user's `assert` text).

    ```mlir
    ndarray.assert %ok, "prog.arr:3:5: dimension 'n' of y.npy differs from x.npy"
    ndarray.assert %in, "prog.arr:4:7: index {0} is out of bounds for axis 0 with size {1}" (%i, %n)
    ```
  }];
  let arguments = (ins I1:$condition, StrAttr:$message, Variadic<I64>:$values);
  let assemblyFormat = "$condition `,` $message (`(` $values^ `)`)? attr-dict";
  let builders = [
    OpBuilder<(ins "::mlir::Value":$condition, "::mlir::StringAttr":$message), [{
      build($_builder, $_state, condition, message, ::mlir::ValueRange{});
    }]>
  ];
  let hasVerifier = 1;
}

include "NDArrayBuiltinOps.td"
include "NDArrayArithOps.td"
include "NDArrayShapeOps.td"
include "NDArrayComplexOps.td"
include "NDArrayFFTOps.td"
include "NDArrayLinalgOps.td"
include "NDArrayIndexOps.td"
include "NDArrayMapOps.td"

#endif // NDARRAY_OPS_TD
