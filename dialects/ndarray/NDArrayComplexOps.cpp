//===- NDArrayComplexOps.cpp - verifiers of the complex-number ops --------===//
//
// Ops defined in NDArrayComplexOps.td (generated into NDArrayOps.cpp.inc).
// test/Dialect/NDArray/complex-invalid.mlir has one case per constraint ID.
//
//===----------------------------------------------------------------------===//

#include "ndarray/NDArray.h"

using namespace mlir;
using namespace arrayc::ndarray;

/// `<op>_c1`: the result is the operand's shape in the parts' float type.
static LogicalResult verifyComplexToReal(Operation *op) {
  auto in = cast<RankedTensorType>(op->getOperand(0).getType());
  auto out = cast<RankedTensorType>(op->getResult(0).getType());
  Type part = cast<ComplexType>(in.getElementType()).getElementType();
  if (in.getShape() != out.getShape() || out.getElementType() != part)
    return op->emitOpError()
           << "(" << op->getName().stripDialect() << "_c1) result must be "
           << RankedTensorType::get(in.getShape(), part) << ", got " << out;
  return success();
}

LogicalResult RealOp::verify() { return verifyComplexToReal(*this); }
LogicalResult ImagOp::verify() { return verifyComplexToReal(*this); }
LogicalResult ComplexAbsOp::verify() { return verifyComplexToReal(*this); }
