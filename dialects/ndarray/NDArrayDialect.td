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

#endif // NDARRAY_DIALECT_TD
