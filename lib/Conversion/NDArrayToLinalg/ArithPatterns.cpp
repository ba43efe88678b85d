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
#include "Conversion/NDArrayToLinalg/ScalarOps.h"
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

using arrayc::scalar::cmpf;
using arrayc::scalar::cmpi;
using arrayc::scalar::cst;
using arrayc::scalar::floatDivMod;
using arrayc::scalar::intDivMod;
using arrayc::scalar::sel;

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
