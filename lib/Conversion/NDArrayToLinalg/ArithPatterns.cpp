//===- ArithPatterns.cpp - `//`, `%`, bitwise and shift ops to linalg -----===//
//
// Each op becomes a parallel `linalg.generic` on tensors whose body computes
// NumPy's result with arith/math ops. Integer division never reaches
// `arith.divsi`/`remsi` with a divisor of 0 or -1 (UB / trap): those cases
// are selected explicitly (x // 0 == x % 0 == 0, INT_MIN // -1 wraps).
// Shifts by a negative amount or by >= the bit width give NumPy's values
// instead of LLVM's poison.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"
#include "Conversion/NDArrayToLinalg/IntegerSemantics.h"
#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace nd = arrayc::ndarray;

namespace {

using CmpI = arith::CmpIPredicate;
using CmpF = arith::CmpFPredicate;

Value cst(OpBuilder &b, Location l, Type t, double fv, int64_t iv) {
  if (auto ft = dyn_cast<FloatType>(t))
    return arith::ConstantOp::create(b, l, t, b.getFloatAttr(ft, fv));
  return arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, iv));
}

Value cmpi(OpBuilder &b, Location l, CmpI p, Value x, Value y) {
  return arith::CmpIOp::create(b, l, p, x, y);
}
Value cmpf(OpBuilder &b, Location l, CmpF p, Value x, Value y) {
  return arith::CmpFOp::create(b, l, p, x, y);
}
Value sel(OpBuilder &b, Location l, Value c, Value x, Value y) {
  return arith::SelectOp::create(b, l, c, x, y);
}

/// Integer `//` and `%` with NumPy's results (sign of the divisor).
Value intDivMod(OpBuilder &b, Location l, Value x, Value y, bool wantMod) {
  Type t = x.getType();
  if (t.isUnsignedInteger()) // floor division is plain division
    return arrayc::unsignedDivRem(b, l, x, y, wantMod);
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
Value signedZero(OpBuilder &b, Location l, Value v) {
  Type t = v.getType();
  Type it = b.getIntegerType(t.getIntOrFloatBitWidth());
  Value bits = arith::BitcastOp::create(b, l, it, v);
  Value neg = cmpi(b, l, CmpI::slt, bits, cst(b, l, it, 0, 0));
  return sel(b, l, neg, cst(b, l, t, -0.0, 0), cst(b, l, t, 0.0, 0));
}

/// Float `//` and `%` as NumPy's npy_divmod / npy_floor_divide /
/// npy_remainder. f16 and bf16 compute in f32 (as NumPy's half loops do).
Value floatDivMod(OpBuilder &b, Location l, Value x, Value y, bool wantMod) {
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

/// NumPy's shifts: out-of-range amounts (negative or >= width) give 0, or -1
/// for `>>` of a negative value. `>>` of an unsigned value is logical.
Value shift(OpBuilder &b, Location l, Value x, Value y, bool left) {
  Type t = x.getType();
  unsigned width = t.getIntOrFloatBitWidth();
  Value zero = cst(b, l, t, 0, 0);
  Value inRange = cmpi(b, l, CmpI::ult, y, cst(b, l, t, 0, width));
  Value safeY = sel(b, l, inRange, y, zero);
  if (left) {
    Value s = arith::ShLIOp::create(b, l, x, safeY);
    return sel(b, l, inRange, s, zero);
  }
  if (t.isUnsignedInteger())
    return sel(b, l, inRange, arith::ShRUIOp::create(b, l, x, safeY), zero);
  Value s = arith::ShRSIOp::create(b, l, x, safeY);
  Value xNeg = cmpi(b, l, CmpI::slt, x, zero);
  Value out = sel(b, l, xNeg, cst(b, l, t, 0, -1), zero);
  return sel(b, l, inRange, s, out);
}

using ScalarFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// A parallel `linalg.generic` with identity maps over the op's operands.
Value elementwise(OpBuilder &b, Location loc, Operation *op, ScalarFn fn) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (type.isDynamicDim(d))
      dyn.push_back(tensor::DimOp::create(b, loc, op->getOperand(0), d));
  Value init = tensor::EmptyOp::create(b, loc, type.getShape(),
                                       type.getElementType(), dyn);
  unsigned rank = type.getRank();
  SmallVector<AffineMap> maps(op->getNumOperands() + 1,
                              b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, type, op->getOperands(), init, maps, iters,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        linalg::YieldOp::create(nb, l, fn(nb, l, args.drop_back()));
      });
  return generic.getResult(0);
}

template <typename OpTy>
struct ArithPattern : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    Value r = elementwise(rewriter, op.getLoc(), op,
                          [&](OpBuilder &b, Location l, ValueRange a) {
                            return scalar(b, l, a);
                          });
    rewriter.replaceOp(op, r);
    return success();
  }
  static Value scalar(OpBuilder &b, Location l, ValueRange a) {
    bool fl = isa<FloatType>(a[0].getType());
    if constexpr (std::is_same_v<OpTy, nd::FloorDivOp>)
      return fl ? floatDivMod(b, l, a[0], a[1], false)
                : intDivMod(b, l, a[0], a[1], false);
    else if constexpr (std::is_same_v<OpTy, nd::ModOp>)
      return fl ? floatDivMod(b, l, a[0], a[1], true)
                : intDivMod(b, l, a[0], a[1], true);
    else if constexpr (std::is_same_v<OpTy, nd::BitAndOp>)
      return arith::AndIOp::create(b, l, a[0], a[1]);
    else if constexpr (std::is_same_v<OpTy, nd::BitOrOp>)
      return arith::OrIOp::create(b, l, a[0], a[1]);
    else if constexpr (std::is_same_v<OpTy, nd::BitXorOp>)
      return arith::XOrIOp::create(b, l, a[0], a[1]);
    else if constexpr (std::is_same_v<OpTy, nd::ShlOp>)
      return shift(b, l, a[0], a[1], true);
    else if constexpr (std::is_same_v<OpTy, nd::ShrOp>)
      return shift(b, l, a[0], a[1], false);
    else // BitNotOp: xor with all ones (logical not for i1).
      return arith::XOrIOp::create(b, l, a[0], cst(b, l, a[0].getType(), 0, -1));
  }
};

} // namespace

void arrayc::populateNDArrayArithToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ArithPattern<nd::FloorDivOp>, ArithPattern<nd::ModOp>,
               ArithPattern<nd::BitAndOp>, ArithPattern<nd::BitOrOp>,
               ArithPattern<nd::BitXorOp>, ArithPattern<nd::ShlOp>,
               ArithPattern<nd::ShrOp>, ArithPattern<nd::BitNotOp>>(
      patterns.getContext());
}
