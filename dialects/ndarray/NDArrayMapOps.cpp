//===- NDArrayMapOps.cpp - verifiers of ndarray.map and custom_reduce -----===//
//
// Ops defined in NDArrayMapOps.td (generated into NDArrayOps.cpp.inc).
// test/Dialect/NDArray/map-invalid.mlir has one case per constraint ID.
//
//===----------------------------------------------------------------------===//

#include "ndarray/NDArray.h"

using namespace mlir;
using namespace arrayc::ndarray;

/// `map_c4`: the element types the scalar body computes on.
static bool isMapElement(Type t) {
  if (auto it = dyn_cast<IntegerType>(t))
    return it.isSignless();
  return isa<FloatType>(t);
}

LogicalResult MapOp::verify() {
  if (getResults().empty())
    return emitOpError() << "(map_c1) needs at least one result";
  auto first = cast<RankedTensorType>(getResult(0).getType());
  for (Value v : llvm::concat<Value>(getInputs(), getResults())) {
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getShape() != first.getShape())
      return emitOpError() << "(map_c1) every operand and result must have the "
                              "shape of the first result, "
                           << first << ", got " << t;
    if (!isMapElement(t.getElementType()))
      return emitOpError() << "(map_c4) element type " << t.getElementType()
                           << " is not bool, a signed integer or a float";
  }
  return success();
}

LogicalResult MapOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError() << "(map_c2) the body takes " << body.getNumArguments()
                         << " arguments for " << getInputs().size() << " operands";
  for (auto [arg, in] : llvm::zip(body.getArguments(), getInputs())) {
    Type want = cast<RankedTensorType>(in.getType()).getElementType();
    if (arg.getType() != want)
      return emitOpError() << "(map_c2) body argument #" << arg.getArgNumber()
                           << " must be " << want << ", got " << arg.getType();
  }
  auto yield = body.empty() ? YieldOp() : dyn_cast<YieldOp>(&body.back());
  if (!yield)
    return emitOpError() << "(map_c3) the body must end in ndarray.yield";
  if (yield.getValues().size() != getResults().size())
    return emitOpError() << "(map_c3) the body yields " << yield.getValues().size()
                         << " values for " << getResults().size() << " results";
  for (auto [i, v, r] : llvm::enumerate(yield.getValues(), getResults())) {
    Type want = cast<RankedTensorType>(r.getType()).getElementType();
    if (v.getType() != want)
      return emitOpError() << "(map_c3) yielded value #" << i << " must be "
                           << want << ", got " << v.getType();
  }
  return success();
}

LogicalResult CustomReduceOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto out = cast<RankedTensorType>(getResult().getType());
  if (failed(detail::verifyReducedShape(*this, "custom_reduce", in, out, getAxes(),
                                        getKeepdims())))
    return failure();
  Type elt = in.getElementType();
  if (out.getElementType() != elt || getIdentity().getType() != elt)
    return emitOpError() << "(custom_reduce_c3) input, result and identity must have one "
                            "element type, got "
                         << elt << ", " << out.getElementType() << " and "
                         << getIdentity().getType();
  if (!isMapElement(elt))
    return emitOpError() << "(custom_reduce_c3) element type " << elt
                         << " is not bool, a signed integer or a float";
  return success();
}

LogicalResult CustomReduceOp::verifyRegions() {
  Type elt = cast<RankedTensorType>(getInput().getType()).getElementType();
  Block &body = getBody().front();
  if (body.getNumArguments() != 2 ||
      llvm::any_of(body.getArgumentTypes(), [&](Type t) { return t != elt; }))
    return emitOpError() << "(custom_reduce_c4) the body takes (acc, elem) of type " << elt;
  auto yield = body.empty() ? YieldOp() : dyn_cast<YieldOp>(&body.back());
  if (!yield || yield.getValues().size() != 1 || yield.getValues()[0].getType() != elt)
    return emitOpError() << "(custom_reduce_c4) the body must yield one value of type "
                         << elt;
  return success();
}
