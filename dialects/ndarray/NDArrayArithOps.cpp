//===- NDArrayArithOps.cpp - verifiers of the integer/bitwise ops ---------===//
//
// Ops defined in NDArrayArithOps.td (generated into NDArrayOps.cpp.inc).
// test/Dialect/NDArray/arith-invalid.mlir has one case per constraint ID.
//
//===----------------------------------------------------------------------===//

#include "ndarray/NDArray.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace arrayc::ndarray;

static std::string typeStr(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

/// `<op>_c1`: one type for operands and result.
static LogicalResult verifyOneType(Operation *op) {
  Type lhs = op->getOperand(0).getType(), rhs = op->getOperand(1).getType(),
       res = op->getResult(0).getType();
  if (lhs != rhs || lhs != res)
    return op->emitOpError()
           << "(" << op->getName().stripDialect()
           << "_c1) operands and result must have one type, got "
           << typeStr(lhs) << ", " << typeStr(rhs) << " -> " << typeStr(res);
  return success();
}

enum class Allowed { NotBool, IntOrBool, IntOnly };

static LogicalResult verifyElement(Operation *op, Allowed allowed,
                                   llvm::StringRef id) {
  Type e = getElementTypeOrSelf(op->getResult(0).getType());
  bool isBool = e.isInteger(1), isFloat = isa<FloatType, ComplexType>(e);
  switch (allowed) {
  case Allowed::NotBool:
    if (isBool || isa<ComplexType>(e))
      return op->emitOpError() << "(" << id << ") is not defined on "
                               << (isBool ? "bool" : "complex numbers");
    break;
  case Allowed::IntOrBool:
    if (isFloat)
      return op->emitOpError()
             << "(" << id << ") needs a bool or integer element type, got "
             << typeStr(e);
    break;
  case Allowed::IntOnly:
    if (isFloat || isBool)
      return op->emitOpError()
             << "(" << id << ") needs an integer element type, got "
             << typeStr(e);
    break;
  }
  return success();
}

static LogicalResult verifyBin(Operation *op, Allowed allowed) {
  if (failed(verifyOneType(op)))
    return failure();
  std::string id = (op->getName().stripDialect() + "_c2").str();
  return verifyElement(op, allowed, id);
}

LogicalResult FloorDivOp::verify() { return verifyBin(*this, Allowed::NotBool); }
LogicalResult ModOp::verify() { return verifyBin(*this, Allowed::NotBool); }
LogicalResult BitAndOp::verify() { return verifyBin(*this, Allowed::IntOrBool); }
LogicalResult BitOrOp::verify() { return verifyBin(*this, Allowed::IntOrBool); }
LogicalResult BitXorOp::verify() { return verifyBin(*this, Allowed::IntOrBool); }
LogicalResult ShlOp::verify() { return verifyBin(*this, Allowed::IntOnly); }
LogicalResult ShrOp::verify() { return verifyBin(*this, Allowed::IntOnly); }
LogicalResult BitNotOp::verify() {
  return verifyElement(*this, Allowed::IntOrBool, "bitnot_c1");
}
