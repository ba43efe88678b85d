//===- NDArrayDialect.td - the ndarray dialect -------------*- tablegen -*-===//
#ifndef NDARRAY_DIALECT_TD
#define NDARRAY_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def NDArray_Dialect : Dialect {
  let name = "ndarray";
  let cppNamespace = "::arrayc::ndarray";
  let summary = "NumPy-style array operations on ranked tensors with value semantics";
  let description = [{
    The `ndarray` dialect is the first IR of arrayc. The frontend lowers `.arr`
    source into it; `convert-ndarray-to-linalg` and `convert-ndarray-to-runtime`
    lower it further. Values are builtin ranked tensors with static or dynamic
    dimensions; a scalar is a 0-d tensor. Broadcasting is explicit: elementwise
    ops require operands of one type, and the frontend inserts
    `ndarray.broadcast_in_dim` where NumPy broadcasts implicitly.

    Constraints on ops carry IDs (`add_c1`, `broadcast_in_dim_c2`, ...) that the
    verifier names in its messages and the `invalid.mlir` tests are named after.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // `ndarray.scan`, `ndarray.arg_reduce` and `ndarray.combiner` (below) mark ops of lower
  // dialects; the dialect checks them wherever they appear.
  let hasOperationAttrVerify = 1;
  // `ndarray.written_arg` (below) marks a function's results.
  let hasRegionResultAttrVerify = 1;
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def NDArray_ReduceKind : I32EnumAttr<"ReduceKind", "reduction combiner", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"prod", 1>,
    I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"min", 3>]> {
  let cppNamespace = "::arrayc::ndarray";
  let genSpecializedAttr = 0;
}
def NDArray_ReduceKindAttr : EnumAttr<NDArray_Dialect, NDArray_ReduceKind, "reduce_kind">;

def NDArray_ComparePredicate : I32EnumAttr<"ComparePredicate", "comparison", [
    I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>, I32EnumAttrCase<"lt", 2>,
    I32EnumAttrCase<"le", 3>, I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]> {
  let cppNamespace = "::arrayc::ndarray";
  let genSpecializedAttr = 0;
}
def NDArray_ComparePredicateAttr
    : EnumAttr<NDArray_Dialect, NDArray_ComparePredicate, "predicate">;

// Discardable attributes that convert-ndarray-to-linalg puts on the loops and
// ops it lowers scans and arg-reductions to, so that arrayc-gpu-map-linalg
// recognizes them after bufferization and fusion (which keep a generic's
// body and a loop's attributes). NDArrayDialect::verifyOperationAttribute
// rejects a malformed one; a pass that drops one only costs speed (the
// mapping then takes the generic strategies, which are correct for any
// loop or generic).
//
//   ndarray.scan        unit, on an scf.for: step k combines x[..., k, ...]
//                       into a running total (one binary op) and writes
//                       it to out[..., k, ...]
//   ndarray.arg_reduce  #ndarray<arg_reduce max|min|umax|umin>, on the
//                       arith.select (i64) that yields an arg-reduction's new
//                       index: the order its values are compared in
//   ndarray.combiner    array<i64: k, n>, on each of the n ops of a user's
//                       combine function (ndarray.custom_reduce) cloned into
//                       a reduction's body, k its place in the function
//   ndarray.combiner_identity  the function's identity (an integer or float
//                       constant), on the op defining its result
def NDArray_ArgReduceKind : I32EnumAttr<"ArgReduceKind", "arg-reduction order", [
    I32EnumAttrCase<"max", 0>, I32EnumAttrCase<"min", 1>,
    I32EnumAttrCase<"umax", 2>, I32EnumAttrCase<"umin", 3>]> {
  let cppNamespace = "::arrayc::ndarray";
  let genSpecializedAttr = 0;
}
def NDArray_ArgReduceKindAttr
    : EnumAttr<NDArray_Dialect, NDArray_ArgReduceKind, "arg_reduce"> {
  let summary = "which element an arg-reduction keeps: the largest or smallest, "
                "integers ordered as signed or unsigned (`u`)";
}

#endif // NDARRAY_DIALECT_TD
