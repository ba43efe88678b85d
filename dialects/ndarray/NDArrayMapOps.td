//===- NDArrayMapOps.td - user scalar functions over arrays -*- tablegen -*-===//
//
// `ndarray.map`: a scalar function written by the user (`@arrayc.vectorize`)
// applied to every element of its (already broadcast) operands. The region
// is scalar code (arith, math, scf); it lowers to the body of one parallel
// `linalg.generic`, so fusion and the GPU mapping treat it as any other
// elementwise op. Included from NDArrayOps.td.
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

def NDArray_YieldOp : NDArray_Op<"yield", [Pure, Terminator,
    HasParent<"MapOp">]> {
  let summary = "the scalar results of an `ndarray.map` body";
  let description = [{
    Ends the body of `ndarray.map` with one scalar per result.

    ```mlir
    ndarray.yield %v : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

#endif // NDARRAY_MAP_OPS_TD
