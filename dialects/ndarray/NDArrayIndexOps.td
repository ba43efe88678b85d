//===- NDArrayIndexOps.td - advanced indexing and sorting --*- tablegen -*-===//
//
// NumPy's advanced indexing (boolean masks, integer index arrays) and
// sorting. Included from NDArrayOps.td. `gather` lowers to a linalg.generic
// (convert-ndarray-to-linalg, IndexPatterns.cpp); `compress`, `scatter` and
// `sort` become runtime calls (convert-ndarray-to-runtime, IndexCalls.cpp;
// runtime/src/index.cpp), whose results have data-dependent contents or
// sizes. Run-time bounds checks are emitted by the frontend before these ops
// (ndarray.assert), so the ops assume their indices are in range.
//
//===----------------------------------------------------------------------===//
#ifndef NDARRAY_INDEX_OPS_TD
#define NDARRAY_INDEX_OPS_TD

def NDArray_CompressOp : NDArray_Op<"compress", [Pure]> {
  let summary = "the elements where a mask is true (x[mask]), in order";
  let description = [{
    `numpy.compress(mask, input)` on 1-d operands: the elements of `input`
    whose `mask` element is true, in order. `count` is the number of true
    elements (the frontend counts them first), so the result's size is known
    before the op runs.

    Constraints:
    - `compress_c1`: input, mask and result are 1-d; the mask is `i1`.
    - `compress_c2`: input and mask have the same size where both are static.
    - `compress_c3`: input and result have the same element type.

    ```mlir
    %r = ndarray.compress %x, %m, %n : tensor<?xf32>, tensor<?xi1> -> tensor<?xf32>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$input, NDArray_BoolTensor:$mask, Index:$count);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $input `,` $mask `,` $count attr-dict `:` type($input) `,` type($mask) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def NDArray_GatherOp : NDArray_Op<"gather", [Pure]> {
  let summary = "integer-array indexing of consecutive axes (a copy)";
  let description = [{
    `input[:, ..., i0, i1, ..., :]` with integer index arrays `indices`
    (one per indexed axis, all of one shape, broadcast by the frontend) for
    the axes `axis, axis + 1, ...`: the result's shape is
    `input.shape[:axis] + indices.shape + input.shape[axis + k:]`
    (NumPy's rule for adjacent advanced indices). Negative indices count
    from the end; indices must be in range (the frontend checks them).

    Constraints:
    - `gather_c1`: at least one index array, all with one shape and an
      integer element type.
    - `gather_c2`: `axis + len(indices)` is at most the input's rank.
    - `gather_c3`: the result's rank and static sizes follow the rule above;
      it has the input's element type.

    ```mlir
    %r = ndarray.gather %x[%i] axis 0 : tensor<?xf32>, tensor<5xi64> -> tensor<5xf32>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$input, Variadic<NDArray_Tensor>:$indices,
                       I64Attr:$axis);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $input `[` $indices `]` `axis` $axis attr-dict `:` type($input) `,` type($indices) `->` type($result)
  }];
  let hasVerifier = 1;
}

def NDArray_ScatterOp : NDArray_Op<"scatter", [Pure,
    AllTypesMatch<["dest", "result"]>]> {
  let summary = "a copy of dest with elements at integer indices replaced or accumulated";
  let description = [{
    `dest[i] = updates` (`accumulate` unset) or `numpy.add.at(dest, i,
    updates)` (`accumulate` set) along axis 0 of a 1-d `dest`: for each k in
    order, `dest[indices[k]]` becomes `updates[k]` (the last write wins for a
    repeated index) or `dest[indices[k]] + updates[k]` (repeated indices
    accumulate). Negative indices count from the end; indices must be in
    range (the frontend checks them).

    Constraints:
    - `scatter_c1`: dest is 1-d; indices and updates are 1-d of one size
      where static; indices are integers.
    - `scatter_c2`: updates have dest's element type.

    ```mlir
    %r = ndarray.scatter %x[%i] = %v accumulate : tensor<?xf32>, tensor<?xi64>, tensor<?xf32>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$dest, NDArray_Tensor:$indices,
                       NDArray_Tensor:$updates, UnitAttr:$accumulate);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $dest `[` $indices `]` `=` $updates (`accumulate` $accumulate^)? attr-dict `:` type($dest) `,` type($indices) `,` type($updates)
  }];
  let hasVerifier = 1;
}

def NDArray_SortOp : NDArray_Op<"sort", [Pure]> {
  let summary = "stable sort along the last axis: values or indices";
  let description = [{
    `numpy.sort(input, axis=-1)` (result of input's type) or
    `numpy.argsort(input, axis=-1, kind='stable')` (`indices` set; an i64
    result of input's shape) of each row along the last axis. NaNs sort to
    the end, as in NumPy; equal keys keep their order (stable).

    Constraints:
    - `sort_c1`: the input has rank >= 1 and is not complex.
    - `sort_c2`: the result has the input's shape, and its element type
      (i64 with `indices`).

    ```mlir
    %r = ndarray.sort %x indices : tensor<?xf32> -> tensor<?xi64>
    ```
  }];
  let arguments = (ins NDArray_Tensor:$input, UnitAttr:$indices);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $input (`indices` $indices^)? attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // NDARRAY_INDEX_OPS_TD
