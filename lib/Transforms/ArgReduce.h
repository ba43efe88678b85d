//===- ArgReduce.h - argmax/argmin's (value, index) combine -----*- C++ -*-===//
//
// An arg-reduction (np.argmax / np.argmin) is a linalg.generic with two
// outputs, (best value, its index), whose body folds each element into them.
// convert-ndarray-to-linalg marks it with ndarray.arg_reduce (a verified
// attribute of the ndarray dialect, see NDArrayDialect.td); its combine picks
// the better value and, among equal ones, the smaller index (a NaN beats any
// number, the first NaN wins). That is the maximum of a total order, so any
// split of the reduction domain combined in any order gives NumPy's answer:
// arrayc-gpu-map-linalg folds slices in parallel and combines their partials
// with the same function.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_ARGREDUCE_H
#define ARRAYC_TRANSFORMS_ARGREDUCE_H

#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <utility>

namespace arrayc {

/// Which element an arg-reduction keeps: the largest (`max`) or smallest,
/// its integers ordered as unsigned or signed.
struct ArgReduceKind {
  bool max = true, isUnsigned = false;

  /// The mark of the arg-reduction's index select: ndarray.arg_reduce =
  /// #ndarray<arg_reduce max|min|umax|umin>. It sits on the `arith.select`
  /// that gives the new index (an i64 into the reduced axes in C order; the
  /// generic's other output is the value), in the body, not on the generic,
  /// because fusion and the unit-dimension folds rebuild the generic
  /// (dropping its attributes) but clone its body.
  void mark(mlir::Operation *select) const {
    using ndarray::ArgReduceKind;
    ArgReduceKind k = max ? (isUnsigned ? ArgReduceKind::umax : ArgReduceKind::max)
                          : (isUnsigned ? ArgReduceKind::umin : ArgReduceKind::min);
    select->setAttr(ndarray::kArgReduceAttrName,
                    ndarray::ArgReduceKindAttr::get(select->getContext(), k));
  }
  /// The kind `op` is marked with, if any.
  static std::optional<ArgReduceKind> markOf(mlir::Operation *op) {
    auto attr = op->getAttrOfType<ndarray::ArgReduceKindAttr>(ndarray::kArgReduceAttrName);
    if (!attr)
      return std::nullopt;
    ndarray::ArgReduceKind k = attr.getValue();
    return ArgReduceKind{k == ndarray::ArgReduceKind::max || k == ndarray::ArgReduceKind::umax,
                         k == ndarray::ArgReduceKind::umax || k == ndarray::ArgReduceKind::umin};
  }
};

/// The combine of (x, xi) into (acc, accIdx): x replaces acc when it is
/// better, or equal with a smaller index. Returns the new (value, index).
inline std::pair<mlir::Value, mlir::Value>
argReduceCombine(mlir::OpBuilder &b, mlir::Location l, ArgReduceKind kind, mlir::Value x,
                 mlir::Value xi, mlir::Value acc, mlir::Value accIdx) {
  namespace arith = mlir::arith;
  mlir::Value better, same;
  if (mlir::isa<mlir::FloatType>(x.getType())) {
    mlir::Value cmp = arith::CmpFOp::create(
        b, l, kind.max ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT, x, acc);
    mlir::Value xn = arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
    mlir::Value an = arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, acc, acc);
    mlir::Value t = arith::ConstantIntOp::create(b, l, b.getI1Type(), 1);
    mlir::Value notAn = arith::XOrIOp::create(b, l, an, t);
    better = arith::OrIOp::create(b, l, cmp, arith::AndIOp::create(b, l, xn, notAn));
    mlir::Value eq = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, x, acc);
    same = arith::OrIOp::create(b, l, eq, arith::AndIOp::create(b, l, xn, an));
  } else {
    using P = arith::CmpIPredicate;
    P p = kind.max ? (kind.isUnsigned ? P::ugt : P::sgt) : (kind.isUnsigned ? P::ult : P::slt);
    better = arith::CmpIOp::create(b, l, p, x, acc);
    same = arith::CmpIOp::create(b, l, P::eq, x, acc);
  }
  mlir::Value earlier = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, xi, accIdx);
  mlir::Value take =
      arith::OrIOp::create(b, l, better, arith::AndIOp::create(b, l, same, earlier));
  return {arith::SelectOp::create(b, l, take, x, acc),
          arith::SelectOp::create(b, l, take, xi, accIdx)};
}

/// The value no element loses to: -inf / +inf, or the smallest / largest
/// integer (index 0 goes with it).
inline mlir::Value argReduceIdentity(mlir::OpBuilder &b, mlir::Location l, ArgReduceKind kind,
                                     mlir::Type t) {
  if (auto ft = mlir::dyn_cast<mlir::FloatType>(t))
    return mlir::arith::ConstantOp::create(
        b, l, t, b.getFloatAttr(ft, llvm::APFloat::getInf(ft.getFloatSemantics(), kind.max)));
  unsigned w = t.getIntOrFloatBitWidth();
  llvm::APInt v = kind.isUnsigned
                      ? (kind.max ? llvm::APInt::getMinValue(w) : llvm::APInt::getMaxValue(w))
                      : (kind.max ? llvm::APInt::getSignedMinValue(w)
                                  : llvm::APInt::getSignedMaxValue(w));
  return mlir::arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, v));
}

} // namespace arrayc

#endif // ARRAYC_TRANSFORMS_ARGREDUCE_H
