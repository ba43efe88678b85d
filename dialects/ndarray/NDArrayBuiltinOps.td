//===- NDArrayBuiltinOps.td - ops behind the NumPy builtins -*- tablegen -*-===//
//
// Creation (iota), the extra ufuncs (unary_math, binary_math, select), the
// index reductions and scans, contractions (einsum/matmul) and the
// counter-based random generator. Included from NDArrayOps.td.
//
//===----------------------------------------------------------------------===//
#ifndef NDARRAY_BUILTIN_OPS_TD
#define NDARRAY_BUILTIN_OPS_TD

def NDArray_IotaOp : NDArray_Op<"iota", [Pure]> {
  let summary = "the index along one dimension";
  let description = [{
    Every element is its index along `dimension`, converted to the result's
    element type (`arange`, `linspace`, `eye`). `dynamic_dims` holds one index
    per dynamic result dimension, in order.

    Constraints:
    - `iota_c1`: `dimension` is in range of the result's rank.
    - `iota_c2`: one `dynamic_dims` value per dynamic result dimension.

    ```mlir
    %i = ndarray.iota 0 (%n) : tensor<?xi64>
    ```
  }];
  let arguments = (ins I64Attr:$dimension, Variadic<Index>:$dynamic_dims);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $dimension (`(` $dynamic_dims^ `)`)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def NDArray_UnaryMathOp : NDArray_Op<"unary_math", [Pure]> {
  let summary = "an elementwise unary function named by `fn`";
  let description = [{
    Applies the NumPy ufunc `fn` elementwise. Float functions (`floor ceil
    trunc rint tan arcsin arccos arctan sinh cosh arcsinh arccosh arctanh
    log1p expm1 log2 log10 exp2`) need a float operand (`tan log1p expm1`
    also take complex) and give its type;
    predicates (`isnan isinf isfinite logical_not`) give bool; `square sign
    reciprocal` take any number and give its type.

    Constraints:
    - `unary_math_c1`: `fn` is one of the functions above.
    - `unary_math_c2`: operand and result have the same shape.
    - `unary_math_c3`: the element types fit `fn` (float in, same out; bool
      out for predicates; same type for `square sign reciprocal`).

    ```mlir
    %y = ndarray.unary_math "floor" %x : tensor<?xf32> -> tensor<?xf32>
    %m = ndarray.unary_math "isnan" %x : tensor<?xf32> -> tensor<?xi1>
    ```
  }];
  let arguments = (ins StrAttr:$fn, NDArray_Tensor:$input);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = "$fn $input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def NDArray_BinaryMathOp : NDArray_Op<"binary_math", [Pure]> {
  let summary = "an elementwise binary function named by `fn`";
  let description = [{
    Applies the NumPy ufunc `fn` elementwise: `arctan2 hypot` (float operands,
    same result type), `fmax fmin` (NaN-ignoring, any number), `logical_and
    logical_or logical_xor` (any operands, bool result).

    Constraints:
    - `binary_math_c1`: `fn` is one of the functions above.
    - `binary_math_c2`: both operands have one type, the result their shape.
    - `binary_math_c3`: the element types fit `fn` (`fmax fmin` not on
      complex numbers).

    ```mlir
    %z = ndarray.binary_math "hypot" %x, %y : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
    ```
  }];
  let arguments = (ins StrAttr:$fn, NDArray_Tensor:$lhs, NDArray_Tensor:$rhs);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $fn $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def NDArray_SelectOp : NDArray_Op<"select", [Pure,
    AllTypesMatch<["true_value", "false_value", "result"]>]> {
  let summary = "elementwise choice (numpy.where with three arguments)";
  let description = [{
    `condition ? true_value : false_value`, elementwise. The frontend
    broadcasts and promotes first.

    Constraints:
    - `select_c1`: the condition has element type `i1` and the result's shape.
    - `select_c2`: both values and the result have one type (checked by the
      op's AllTypesMatch trait, so the message is the trait's).

    ```mlir
    %r = ndarray.select %c, %a, %b : tensor<?xi1>, tensor<?xf32>
    ```
  }];
  let arguments = (ins NDArray_BoolTensor:$condition, NDArray_Tensor:$true_value,
                       NDArray_Tensor:$false_value);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $condition `,` $true_value `,` $false_value attr-dict `:` type($condition) `,` type($result)
  }];
  let hasVerifier = 1;
}

def NDArray_ArgReduceOp : NDArray_Op<"argreduce", [Pure]> {
  let summary = "index of the maximum or minimum over a list of axes";
  let description = [{
    `numpy.argmax`/`argmin`: the C-order linear index, within the reduced
    axes, of the first maximum (`kind` max) or minimum (`kind` min). A NaN
    counts as the extreme (the first NaN wins), as in NumPy. Reducing every
    axis gives the flat index (`axis=None`). The result is i64.

    Constraints:
    - `argreduce_c1`: `kind` is `max` or `min`.
    - `argreduce_c2`: axes are non-empty, in range and strictly increasing; no
      reduced axis has static size 0.
    - `argreduce_c3`: the result has element type i64 and the input shape
      without (with `keepdims`: 1 in place of) the reduced axes.
    - `argreduce_c4`: the input is not complex (complex numbers are not ordered).

    ```mlir
    %i = ndarray.argreduce max %x [1] : tensor<?x?xf32> -> tensor<?xi64>
    ```
  }];
  let arguments = (ins NDArray_ReduceKindAttr:$kind, NDArray_Tensor:$input,
                       DenseI64ArrayAttr:$axes, UnitAttr:$keepdims);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $kind $input $axes (`keepdims` $keepdims^)? attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

def NDArray_ScanOp : NDArray_Op<"scan", [Pure]> {
  let summary = "inclusive prefix sum or product along one axis";
  let description = [{
    `numpy.cumsum` (`kind` sum) and `cumprod` (`kind` prod) along `axis`.

    Constraints:
    - `scan_c1`: `kind` is `sum` or `prod`.
    - `scan_c2`: `axis` is in range.
    - `scan_c3`: input and result have one type.

    ```mlir
    %c = ndarray.scan sum %x 0 : tensor<?xf32> -> tensor<?xf32>
    ```
  }];
  let arguments = (ins NDArray_ReduceKindAttr:$kind, NDArray_Tensor:$input,
                       I64Attr:$axis);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = "$kind $input $axis attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def NDArray_ContractOp : NDArray_Op<"contract", [Pure]> {
  let summary = "einsum: sum of products over indexing maps";
  let description = [{
    `result[out] = sum over the other loop indices of prod_i inputs[i][map_i]`.
    `indexing_maps` has one map per input and then one for the result, all
    over the same loop dimensions; loop dimensions that the result's map does
    not name are summed. A repeated index in an input map reads a diagonal.
    For bool, the sum is `or` and the product `and` (as NumPy's matmul).

    Constraints:
    - `contract_c1`: one map per input plus one for the result, all with the
      same number of dimensions and no symbols.
    - `contract_c2`: each map has as many results as its operand's rank; maps
      are made of plain dimensions.
    - `contract_c3`: the result map names distinct dimensions; every loop
      dimension appears in some input map.
    - `contract_c4`: all element types match.
    - `contract_c5`: static sizes of one loop dimension agree.

    ```mlir
    %c = ndarray.contract %a, %b {indexing_maps = [
           affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
           affine_map<(i, j, k) -> (i, j)>]}
         : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    ```
  }];
  let arguments = (ins Variadic<NDArray_Tensor>:$inputs, ArrayAttr:$indexing_maps);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = "$inputs attr-dict `:` functional-type($inputs, $result)";
  let hasVerifier = 1;
}

def NDArray_RandomOp : NDArray_Op<"random", [Pure]> {
  let summary = "counter-based random numbers (Philox4x32-10)";
  let description = [{
    Element `i` (C-order linear index) is computed from Philox4x32-10 with key
    `seed` and counter `(i_lo, i_hi, counter_lo, counter_hi)`, so CPU and GPU
    give the same numbers. `distribution` is `uniform` ([0, 1), 53 random bits)
    or `normal` (standard normal, Box-Muller). The host threads `seed` and
    `counter` (one counter per call) through the program.

    Constraints:
    - `random_c1`: `distribution` is `uniform` or `normal`.
    - `random_c2`: `seed` and `counter` are 0-d i64 tensors.
    - `random_c3`: the result element type is f32 or f64.
    - `random_c4`: one `dynamic_dims` value per dynamic result dimension.

    ```mlir
    %r = ndarray.random "normal" %seed, %ctr (%n) : tensor<i64>, tensor<i64> -> tensor<?xf64>
    ```
  }];
  let arguments = (ins StrAttr:$distribution, RankedTensorOf<[I64]>:$seed,
                       RankedTensorOf<[I64]>:$counter, Variadic<Index>:$dynamic_dims);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $distribution $seed `,` $counter (`(` $dynamic_dims^ `)`)? attr-dict `:` type($seed) `,` type($counter) `->` type($result)
  }];
  let hasVerifier = 1;
}

def NDArray_PerfCounterOp : NDArray_Op<"perf_counter",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "time.perf_counter(): monotonic seconds (host op)";
  let description = [{
    Reads a monotonic clock, in seconds, as a 0-d f64 tensor. A host op
    (lowered by convert-ndarray-to-runtime to `arrayc_rt_perf_counter`); on
    the GPU no device work is pending when it runs (kernels synchronize per
    launch), so the time includes all earlier work.

    ```mlir
    %t = ndarray.perf_counter : tensor<f64>
    ```
  }];
  let results = (outs 0DTensorOf<[F64]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

#endif // NDARRAY_BUILTIN_OPS_TD
