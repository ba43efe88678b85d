//===- NDArrayShapeOps.td - ndarray indexing and shape ops -*- tablegen -*-===//
//
// Included from NDArrayOps.td. Verifiers live in NDArrayShapeOps.cpp; the
// lowering in lib/Conversion/NDArrayToLinalg/ShapePatterns.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef NDARRAY_SHAPE_OPS_TD
#define NDARRAY_SHAPE_OPS_TD

def NDArray_SliceOp : NDArray_Op<"slice", [Pure, AttrSizedOperandSegments]> {
  let summary = "strided slice (a copy): result[i] = source[start + step * i]";
  let description = [{
    Reads a strided window of `source`: result index `i` along dimension `d`
    reads source index `starts[d] + steps[d] * i[d]`. Steps are static and
    nonzero (negative steps read backwards); starts and sizes are static or
    dynamic (`?` markers in the static lists, one SSA index each, in order).
    There is no clamping: the frontend computes Python's clamped bounds.
    The result is a new array (value semantics), never a view.

    Constraints:
    - `slice_c1`: starts, sizes and steps have one entry per source dim, and
      the result has the source's rank and element type.
    - `slice_c2`: every step is nonzero.
    - `slice_c3`: one SSA value per dynamic start and per dynamic size.
    - `slice_c4`: each result dim equals its size (static), or is dynamic
      when the size is dynamic.
    - `slice_c5`: with a static source dim, static start and size > 0, the
      first and last index read are within the dim.

    ```mlir
    %r = ndarray.slice %x [%n1] [%n] [-1] : tensor<?xf32> -> tensor<?xf32>
    %s = ndarray.slice %y [1, 0] [3, 4] [1, 2] : tensor<5x8xf32> -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$source, Variadic<Index>:$starts,
                       Variadic<Index>:$sizes, DenseI64ArrayAttr:$static_starts,
                       DenseI64ArrayAttr:$static_sizes, DenseI64ArrayAttr:$steps);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $source custom<DynamicIndexList>($starts, $static_starts)
    custom<DynamicIndexList>($sizes, $static_sizes) $steps
    attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
}

def NDArray_UpdateSliceOp : NDArray_Op<"update_slice",
    [Pure, AttrSizedOperandSegments, AllTypesMatch<["dest", "result"]>]> {
  let summary = "a copy of `dest` with a strided window replaced by `update`";
  let description = [{
    The value form of `dest[window] = update`: the result equals `dest`
    except at source index `starts[d] + steps[d] * i[d]`, which holds
    `update[i]`. `update` has the window's shape and `dest`'s element type
    (the frontend broadcasts and casts first).

    Constraints:
    - `update_slice_c1`: starts, sizes and steps have one entry per dest dim;
      update has dest's rank; the result has dest's type.
    - `update_slice_c2`: every step is nonzero.
    - `update_slice_c3`: one SSA value per dynamic start and per dynamic size.
    - `update_slice_c4`: each static update dim equals its static size.
    - `update_slice_c5`: update and dest element types match.

    ```mlir
    %r = ndarray.update_slice %v, %u [1, 1] [%a, %b] [1, 1]
        : tensor<?x?xf32>, tensor<?x?xf32>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$dest, NDArray_Tensor:$update,
                       Variadic<Index>:$starts, Variadic<Index>:$sizes,
                       DenseI64ArrayAttr:$static_starts,
                       DenseI64ArrayAttr:$static_sizes, DenseI64ArrayAttr:$steps);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $dest `,` $update custom<DynamicIndexList>($starts, $static_starts)
    custom<DynamicIndexList>($sizes, $static_sizes) $steps
    attr-dict `:` type($dest) `,` type($update)
  }];
  let hasVerifier = 1;
}

def NDArray_TransposeOp : NDArray_Op<"transpose", [Pure]> {
  let summary = "permutes dimensions (a copy)";
  let description = [{
    `result` dim `k` is `input` dim `permutation[k]` (numpy.transpose's
    `axes`).

    Constraints:
    - `transpose_c1`: `permutation` is a permutation of `0 .. rank-1`.
    - `transpose_c2`: result dim `k` equals input dim `permutation[k]`, and
      the element types match.

    ```mlir
    %t = ndarray.transpose %x [1, 0] : tensor<?x3xf32> -> tensor<3x?xf32>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = "$input $permutation attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  // Identity permutations fold away; a transpose of a transpose is one.
  let hasFolder = 1;
}

def NDArray_ReshapeOp : NDArray_Op<"reshape", [Pure]> {
  let summary = "C-order reshape (same elements, new shape)";
  let description = [{
    Reinterprets `input` in row-major order with the result's shape.
    `dynamic_dims` holds one index per dynamic result dim. When a size is
    dynamic the element counts are checked at run time.

    Constraints:
    - `reshape_c1`: one `dynamic_dims` value per dynamic result dim.
    - `reshape_c2`: element types match.
    - `reshape_c3`: when both shapes are static, element counts match.

    ```mlir
    %r = ndarray.reshape %x (%n) : tensor<2x?xf32> -> tensor<?x2xf32>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$input, Variadic<Index>:$dynamic_dims);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $input (`(` $dynamic_dims^ `)`)? attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
  // A reshape to its own static type folds away; a reshape of a statically
  // checked reshape reads the inner input.
  let hasFolder = 1;
}

def NDArray_ConcatenateOp : NDArray_Op<"concatenate", [Pure]> {
  let summary = "joins arrays along an existing axis";
  let description = [{
    numpy.concatenate: the inputs follow each other along `axis`.

    Constraints:
    - `concatenate_c1`: at least one input; all inputs and the result have
      one rank and element type; `axis` is in range.
    - `concatenate_c2`: dims other than `axis` agree (static sizes equal;
      a dynamic dim matches anything and is checked by the frontend).
    - `concatenate_c3`: the result's `axis` dim is the sum of the inputs'
      (or dynamic when any is dynamic).

    ```mlir
    %c = ndarray.concatenate %a, %b axis 0 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
    ```
  }];
  let arguments = (ins Variadic<NDArray_Tensor>:$inputs, I64Attr:$axis);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $inputs `axis` $axis attr-dict `:` `(` type($inputs) `)` `->` type($result)
  }];
  let hasVerifier = 1;
}

def NDArray_DimOp : NDArray_Op<"dim", [Pure]> {
  let summary = "the size of one dimension, as an i64 scalar";
  let description = [{
    `x.shape[axis]` as a 0-d i64 array.

    `dim_c1`: `axis` is within the input's rank.

    ```mlir
    %n = ndarray.dim %x 0 : tensor<?xf32> -> tensor<i64>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$input, I64Attr:$axis);
  let results = (outs RankedTensorOf<[I64]>:$result);
  let assemblyFormat = "$input $axis attr-dict `:` type($input) `->` type($result)";
  let builders = [OpBuilder<(ins "::mlir::Value":$input, "int64_t":$axis), [{
    build($_builder, $_state,
          ::mlir::RankedTensorType::get({}, $_builder.getI64Type()), input,
          $_builder.getI64IntegerAttr(axis));
  }]>];
  let hasVerifier = 1;
}

#endif // NDARRAY_SHAPE_OPS_TD
