//===- IntegerSemantics.h - signed vs unsigned integer scalar ops -*- C++ -*-===//
//
// The ndarray dialect keeps the signedness of its integer dtypes in the
// element type: `i8`..`i64` (signless) are NumPy's signed integers,
// `ui8`..`ui64` its unsigned ones, `i1` is bool. The patterns build the
// scalar bodies of their `linalg.generic`s on those element types and pick
// the signed or unsigned arith op from them here; the pass then erases the
// signedness (see NDArrayToLinalg.cpp). Bool orders as unsigned 0 < 1.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_CONVERSION_NDARRAYTOLINALG_INTEGERSEMANTICS_H
#define ARRAYC_CONVERSION_NDARRAYTOLINALG_INTEGERSEMANTICS_H

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace arrayc {

/// Whether integer ordering, division and widening of `t` are unsigned.
inline bool isUnsignedInt(mlir::Type t) {
  return t.isUnsignedInteger() || t.isInteger(1);
}

/// The ordering predicate `signedPred` (slt, sle, sgt, sge) for values of
/// integer type `t`: its unsigned twin for unsigned types.
inline mlir::arith::CmpIPredicate orderPredicate(mlir::Type t,
                                                 mlir::arith::CmpIPredicate signedPred) {
  using P = mlir::arith::CmpIPredicate;
  if (!isUnsignedInt(t))
    return signedPred;
  switch (signedPred) {
  case P::slt: return P::ult;
  case P::sle: return P::ule;
  case P::sgt: return P::ugt;
  case P::sge: return P::uge;
  default: return signedPred;
  }
}

/// max(x, y) or min(x, y) of two integers of type `t`.
inline mlir::Value intMaxMin(mlir::OpBuilder &b, mlir::Location l, mlir::Value x,
                             mlir::Value y, bool max) {
  namespace arith = mlir::arith;
  if (isUnsignedInt(x.getType()))
    return max ? mlir::Value(arith::MaxUIOp::create(b, l, x, y))
               : mlir::Value(arith::MinUIOp::create(b, l, x, y));
  return max ? mlir::Value(arith::MaxSIOp::create(b, l, x, y))
             : mlir::Value(arith::MinSIOp::create(b, l, x, y));
}

/// NumPy's maximum(x, y) (`max`) or minimum(x, y) of two floats: NaN when
/// either is NaN, else x only where it is strictly greater (smaller), so a
/// tie of +0.0 and -0.0 gives y, as NumPy's loops do (arith.maximumf would
/// give +0.0, arith.minimumf -0.0).
inline mlir::Value floatMaxMin(mlir::OpBuilder &b, mlir::Location l, mlir::Value x,
                               mlir::Value y, bool max) {
  namespace arith = mlir::arith;
  using P = arith::CmpFPredicate;
  mlir::Value strict = arith::CmpFOp::create(b, l, max ? P::OGT : P::OLT, x, y);
  mlir::Value nan = arith::CmpFOp::create(b, l, P::UNO, x, x);
  return arith::SelectOp::create(b, l, arith::OrIOp::create(b, l, strict, nan), x, y);
}

/// NumPy's fmax(x, y) (`max`) or fmin(x, y) of two floats: the other when
/// one is NaN, else x only where it is strictly greater (smaller): a tie of
/// +0.0 and -0.0 gives y (arith.maxnumf leaves it unspecified).
inline mlir::Value floatFMaxFMin(mlir::OpBuilder &b, mlir::Location l, mlir::Value x,
                                 mlir::Value y, bool max) {
  namespace arith = mlir::arith;
  using P = arith::CmpFPredicate;
  mlir::Value strict = arith::CmpFOp::create(b, l, max ? P::OGT : P::OLT, x, y);
  mlir::Value nan = arith::CmpFOp::create(b, l, P::UNO, y, y);
  return arith::SelectOp::create(b, l, arith::OrIOp::create(b, l, strict, nan), x, y);
}

/// The smallest (`!max`) or largest (`max`) value of integer type `t`.
inline llvm::APInt intExtreme(mlir::Type t, bool max) {
  unsigned w = t.getIntOrFloatBitWidth();
  if (isUnsignedInt(t))
    return max ? llvm::APInt::getMaxValue(w) : llvm::APInt::getMinValue(w);
  return max ? llvm::APInt::getSignedMaxValue(w) : llvm::APInt::getSignedMinValue(w);
}

/// Unsigned x / y and x % y with NumPy's result 0 for a zero divisor (NumPy
/// warns; arith.divui/remui by 0 is undefined behaviour).
inline mlir::Value unsignedDivRem(mlir::OpBuilder &b, mlir::Location l,
                                  mlir::Value x, mlir::Value y, bool rem) {
  namespace arith = mlir::arith;
  mlir::Type t = x.getType();
  mlir::Value zero = arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, 0));
  mlir::Value one = arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, 1));
  mlir::Value yZero = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, y, zero);
  mlir::Value safeY = arith::SelectOp::create(b, l, yZero, one, y);
  mlir::Value r = rem ? mlir::Value(arith::RemUIOp::create(b, l, x, safeY))
                      : mlir::Value(arith::DivUIOp::create(b, l, x, safeY));
  return arith::SelectOp::create(b, l, yZero, zero, r);
}

} // namespace arrayc

#endif // ARRAYC_CONVERSION_NDARRAYTOLINALG_INTEGERSEMANTICS_H
