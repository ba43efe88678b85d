//===- ScalarOps.h - NumPy's `//`, `%` and `**` on scalars -------*- C++ -*-===//
//
// The scalar bodies of NumPy's floor division, remainder and integer power,
// shared by the ndarray.floordiv/mod/pow lowerings (ArithPatterns.cpp,
// NDArrayToLinalg.cpp) and the scalar code of
// `@vectorize` functions (lib/Frontend/GenVectorize.cpp). Integer division
// never reaches `arith.divsi`/`remsi` with a divisor of 0 or -1 (UB / trap):
// those cases are selected explicitly (x // 0 == x % 0 == 0, INT_MIN // -1
// wraps).
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_CONVERSION_NDARRAYTOLINALG_SCALAROPS_H
#define ARRAYC_CONVERSION_NDARRAYTOLINALG_SCALAROPS_H

#include "Conversion/NDArrayToLinalg/IntegerSemantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace arrayc::scalar {

using mlir::dyn_cast;
using mlir::FloatType;
using mlir::Location;
using mlir::OpBuilder;
using mlir::Type;
using mlir::Value;
using mlir::ValueRange;
namespace arith = mlir::arith;
namespace math = mlir::math;
using CmpI = arith::CmpIPredicate;
using CmpF = arith::CmpFPredicate;

inline Value cst(OpBuilder &b, Location l, Type t, double fv, int64_t iv) {
  if (auto ft = dyn_cast<FloatType>(t))
    return arith::ConstantOp::create(b, l, t, b.getFloatAttr(ft, fv));
  return arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, iv));
}

inline Value cmpi(OpBuilder &b, Location l, CmpI p, Value x, Value y) {
  return arith::CmpIOp::create(b, l, p, x, y);
}
inline Value cmpf(OpBuilder &b, Location l, CmpF p, Value x, Value y) {
  return arith::CmpFOp::create(b, l, p, x, y);
}
inline Value sel(OpBuilder &b, Location l, Value c, Value x, Value y) {
  return arith::SelectOp::create(b, l, c, x, y);
}

/// Integer `//` and `%` with NumPy's results (sign of the divisor).
inline Value intDivMod(OpBuilder &b, Location l, Value x, Value y, bool wantMod) {
  Type t = x.getType();
  if (t.isUnsignedInteger()) // floor division is plain division
    return unsignedDivRem(b, l, x, y, wantMod);
  Value zero = cst(b, l, t, 0, 0), one = cst(b, l, t, 0, 1),
        minusOne = cst(b, l, t, 0, -1);
  Value yZero = cmpi(b, l, CmpI::eq, y, zero);
  Value yMinusOne = cmpi(b, l, CmpI::eq, y, minusOne);
  Value unsafe = arith::OrIOp::create(b, l, yZero, yMinusOne);
  Value safeY = sel(b, l, unsafe, one, y);
  Value q = arith::DivSIOp::create(b, l, x, safeY);
  Value r = arith::RemSIOp::create(b, l, x, safeY);
  // Adjust when the remainder is nonzero and its sign differs from y's.
  Value rNonZero = cmpi(b, l, CmpI::ne, r, zero);
  Value rNeg = cmpi(b, l, CmpI::slt, r, zero);
  Value yNeg = cmpi(b, l, CmpI::slt, y, zero);
  Value signsDiffer = arith::XOrIOp::create(b, l, rNeg, yNeg);
  Value adjust = arith::AndIOp::create(b, l, rNonZero, signsDiffer);
  if (wantMod) {
    Value rAdj = sel(b, l, adjust, arith::AddIOp::create(b, l, r, y), r);
    return sel(b, l, unsafe, zero, rAdj);
  }
  Value qAdj = sel(b, l, adjust, arith::SubIOp::create(b, l, q, one), q);
  Value negX = arith::SubIOp::create(b, l, zero, x); // x // -1 wraps.
  Value special = sel(b, l, yZero, zero, negX);
  return sel(b, l, unsafe, special, qAdj);
}

/// copysign(0, v) without math.copysign (not lowered on every target): the
/// sign bit through a bitcast.
inline Value signedZero(OpBuilder &b, Location l, Value v) {
  Type t = v.getType();
  Type it = b.getIntegerType(t.getIntOrFloatBitWidth());
  Value bits = arith::BitcastOp::create(b, l, it, v);
  Value neg = cmpi(b, l, CmpI::slt, bits, cst(b, l, it, 0, 0));
  return sel(b, l, neg, cst(b, l, t, -0.0, 0), cst(b, l, t, 0.0, 0));
}

/// Float `//` and `%` as NumPy's npy_divmod / npy_floor_divide /
/// npy_remainder. f16 and bf16 compute in f32 (as NumPy's half loops do).
inline Value floatDivMod(OpBuilder &b, Location l, Value x, Value y, bool wantMod) {
  Type orig = x.getType();
  bool narrow = orig.getIntOrFloatBitWidth() < 32;
  if (narrow) {
    x = arith::ExtFOp::create(b, l, b.getF32Type(), x);
    y = arith::ExtFOp::create(b, l, b.getF32Type(), y);
  }
  Type t = x.getType();
  Value zero = cst(b, l, t, 0, 0), one = cst(b, l, t, 1, 0),
        half = cst(b, l, t, 0.5, 0);
  Value mod = arith::RemFOp::create(b, l, x, y); // C fmod.
  Value yZero = cmpf(b, l, CmpF::OEQ, y, zero);
  Value div = arith::DivFOp::create(b, l, arith::SubFOp::create(b, l, x, mod), y);
  Value modNonZero = cmpf(b, l, CmpF::UNE, mod, zero);
  Value yNeg = cmpf(b, l, CmpF::OLT, y, zero);
  Value modNeg = cmpf(b, l, CmpF::OLT, mod, zero);
  Value fix = arith::AndIOp::create(
      b, l, modNonZero, arith::XOrIOp::create(b, l, yNeg, modNeg));
  Value modFixed = sel(b, l, fix, arith::AddFOp::create(b, l, mod, y), mod);
  Value divFixed = sel(b, l, fix, arith::SubFOp::create(b, l, div, one), div);
  Value result;
  if (wantMod) {
    // A zero remainder takes the divisor's sign; fmod(x, 0) is nan.
    Value sz = signedZero(b, l, y);
    Value m = sel(b, l, modNonZero, modFixed, sz);
    result = sel(b, l, yZero, mod, m);
  } else {
    Value divNonZero = cmpf(b, l, CmpF::UNE, divFixed, zero);
    Value fl = math::FloorOp::create(b, l, divFixed);
    Value bump = cmpf(b, l, CmpF::OGT, arith::SubFOp::create(b, l, divFixed, fl),
                      half);
    Value rounded = sel(b, l, bump, arith::AddFOp::create(b, l, fl, one), fl);
    Value q = arith::DivFOp::create(b, l, x, y);
    Value sz = signedZero(b, l, q);
    Value d = sel(b, l, divNonZero, rounded, sz);
    result = sel(b, l, yZero, q, d);
  }
  if (narrow)
    result = arith::TruncFOp::create(b, l, orig, result);
  return result;
}

/// Integer power by squaring over the exponent's bits. A negative exponent
/// gives 0 (NumPy raises for integer arrays; documented in docs/language.md).
inline Value intPow(OpBuilder &b, Location loc, Value base, Value exp) {
  Type t = base.getType();
  unsigned width = t.getIntOrFloatBitWidth();
  Value zero = cst(b, loc, t, 0, 0), one = cst(b, loc, t, 0, 1);
  Value lb = arith::ConstantIndexOp::create(b, loc, 0);
  Value ub = arith::ConstantIndexOp::create(b, loc, width - 1);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = mlir::scf::ForOp::create(
      b, loc, lb, ub, step, ValueRange{one, base, exp},
      [&](OpBuilder &nb, Location l, Value, ValueRange iter) {
        Value acc = iter[0], sq = iter[1], e = iter[2];
        Value bit = arith::AndIOp::create(nb, l, e, one);
        Value odd = arith::CmpIOp::create(nb, l, arith::CmpIPredicate::ne, bit, zero);
        Value mul = arith::MulIOp::create(nb, l, acc, sq);
        Value nacc = arith::SelectOp::create(nb, l, odd, mul, acc);
        Value nsq = arith::MulIOp::create(nb, l, sq, sq);
        Value ne = arith::ShRUIOp::create(nb, l, e, one);
        mlir::scf::YieldOp::create(nb, l, ValueRange{nacc, nsq, ne});
      });
  if (isUnsignedInt(t))
    return loop.getResult(0);
  Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, exp, zero);
  return arith::SelectOp::create(b, loc, negative, zero, loop.getResult(0));
}

} // namespace arrayc::scalar

#endif // ARRAYC_CONVERSION_NDARRAYTOLINALG_SCALAROPS_H
