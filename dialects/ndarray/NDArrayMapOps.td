//===- NDArrayMapOps.td - user scalar functions over arrays -*- tablegen -*-===//
//
// `ndarray.map`: a scalar function written by the user (`@arrayc.vectorize`)
// applied to every element of its (already broadcast) operands. The region
// is scalar code (arith, math, scf); it lowers to the body of one parallel
// `linalg.generic`, so fusion and the GPU mapping treat it as any other
// elementwise op. `ndarray.custom_reduce`: a user's binary combine function
// (`@arrayc.reduction`) folded over axes from an identity; it lowers to one
// `linalg.generic` with reduction loops. Included from NDArrayOps.td.
//
//===----------------------------------------------------------------------===//
#ifndef NDARRAY_MAP_OPS_TD
#define NDARRAY_MAP_OPS_TD

def NDArray_MapOp : NDArray_Op<"map", [Pure]> {
  let summary = "a scalar function applied elementwise";
  let description = [{
    Applies the region, a scalar function of one element of each operand, at
    every index of the operands (NumPy's `np.vectorize`, a ufunc written by
    the user). Broadcasting is explicit: every operand and result has the
    same shape. The region's block takes one scalar per operand and yields
    one scalar per result; it may branch and loop (`scf.if`, `scf.for`,
    `scf.while`) but reads no memory.

    Constraint `map_c1`: there is at least one result, and every operand and
    result has the shape of the first result.
    Constraint `map_c2`: the block takes one argument per operand, of its
    element type.
    Constraint `map_c3`: `ndarray.yield` yields one value per result, of its
    element type.
    Constraint `map_c4`: the element types are bool, signed integers or
    floats (no unsigned integers and no complex numbers).

    ```mlir
    %r = ndarray.map(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> {
    ^bb0(%a: f32, %b: f32):
      %c = arith.cmpf ogt, %a, %b : f32
      %m = arith.select %c, %a, %b : f32
      ndarray.yield %m : f32
    }
    ```
  }];
  let arguments = (ins Variadic<NDArray_Tensor>:$inputs);
  let results = (outs Variadic<NDArray_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat =
      "`(` $inputs `)` attr-dict `:` functional-type($inputs, $results) $body";
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def NDArray_CustomReduceOp : NDArray_Op<"custom_reduce", [Pure]> {
  let summary = "a user's combine function folded over axes from an identity";
  let description = [{
    Reduces `input` over `axes` with the region, a binary combine function
    `f(acc, elem)` written by the user (`@arrayc.reduction`, CuPy's
    ReductionKernel, Numba's `@reduce`): each output element is
    `f(...f(f(identity, x0), x1)..., xn)` over the elements of its reduced
    slice; an empty slice gives `identity`. `f` is assumed associative with
    `identity` as its identity (the compiler may combine partial results in
    any grouping, as CuPy and Numba do). With `keepdims` the reduced axes stay
    as size-1 dimensions; empty `axes` applies `f(identity, x)` elementwise.

    Constraints:
    - `custom_reduce_c1`: axes are in range, strictly increasing.
    - `custom_reduce_c2`: the result shape is the input shape without (or,
      with `keepdims`, with 1 in place of) the reduced axes.
    - `custom_reduce_c3`: input, result and `identity` have one element type:
      bool, a signed integer or a float.
    - `custom_reduce_c4`: the block takes (acc, elem) of that type and
      `ndarray.yield`s one value of it.

    ```mlir
    %m = ndarray.custom_reduce %x [1] identity(0.0 : f32) : tensor<?x?xf32> -> tensor<?xf32> {
    ^bb0(%acc: f32, %e: f32):
      %a = math.absf %e : f32
      %m = arith.maxnumf %acc, %a : f32
      ndarray.yield %m : f32
    }
    ```
  }];
  let arguments = (ins NDArray_Tensor:$input, DenseI64ArrayAttr:$axes,
                       TypedAttrInterface:$identity, UnitAttr:$keepdims);
  let results = (outs NDArray_Tensor:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $input $axes (`keepdims` $keepdims^)? `identity` `(` $identity `)` attr-dict
    `:` type($input) `->` type($result) $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def NDArray_YieldOp : NDArray_Op<"yield", [Pure, Terminator,
    ParentOneOf<["MapOp", "CustomReduceOp"]>]> {
  let summary = "the scalar results of an `ndarray.map` or `ndarray.custom_reduce` body";
  let description = [{
    Ends the body of `ndarray.map` with one scalar per result, or that of
    `ndarray.custom_reduce` with the combined value.

    ```mlir
    ndarray.yield %v : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

#endif // NDARRAY_MAP_OPS_TD
