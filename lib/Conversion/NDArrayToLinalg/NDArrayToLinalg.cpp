//===- NDArrayToLinalg.cpp - ndarray compute ops to linalg ----------------===//
//
// Elementwise ops, broadcasts and casts become parallel `linalg.generic`s on
// tensors; reductions become `linalg.fill` + `linalg.reduce`.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"
#include "Conversion/NDArrayToLinalg/ComplexPatterns.h"
#include "Conversion/NDArrayToLinalg/IntegerSemantics.h"
#include "Conversion/NDArrayToLinalg/ScalarOps.h"
#include "Conversion/NDArrayToLinalg/TensorBuilders.h"
#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/Transforms/DialectConversion.h"

namespace arrayc {
#define GEN_PASS_DEF_CONVERTNDARRAYTOLINALG
#include "Conversion/Passes.h.inc"
} // namespace arrayc

using namespace mlir;
using namespace arrayc;
namespace nd = arrayc::ndarray;

namespace {

//===----------------------------------------------------------------------===//
// Scalar helpers
//===----------------------------------------------------------------------===//

bool isFloat(Type t) { return isa<FloatType>(t); }
bool isBool(Type t) { return t.isInteger(1); }
bool isComplex(Type t) { return isa<ComplexType>(t); }

Value constantOf(OpBuilder &b, Location loc, Type t, double fv, int64_t iv) {
  if (isComplex(t))
    return complexConstant(b, loc, t, fv, 0);
  if (auto ft = dyn_cast<FloatType>(t))
    return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(ft, fv));
  return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, iv));
}

/// Integer division with NumPy's results where C's are undefined: x / 0 is 0
/// and INT_MIN / -1 wraps (NumPy warns; we must not trap).
Value safeIntDiv(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Type t = lhs.getType();
  if (isUnsignedInt(t))
    return unsignedDivRem(b, loc, lhs, rhs, /*rem=*/false);
  Value zero = constantOf(b, loc, t, 0, 0), one = constantOf(b, loc, t, 0, 1);
  Value minusOne = constantOf(b, loc, t, 0, -1);
  Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  Value isMinusOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, minusOne);
  Value unsafe = arith::OrIOp::create(b, loc, isZero, isMinusOne);
  Value safeRhs = arith::SelectOp::create(b, loc, unsafe, one, rhs);
  Value q = arith::DivSIOp::create(b, loc, lhs, safeRhs);
  Value neg = arith::SubIOp::create(b, loc, zero, lhs);
  Value special = arith::SelectOp::create(b, loc, isZero, zero, neg);
  return arith::SelectOp::create(b, loc, unsafe, special, q);
}

using arrayc::scalar::intPow;

/// Float to unsigned as NumPy does on x86: through i64, so -1.0 -> 255 for
/// u8; u64 takes values from 2^63 up unsigned.
Value floatToUnsigned(OpBuilder &b, Location loc, Value v, Type to) {
  Type i64 = b.getI64Type();
  Value viaSigned = arith::FPToSIOp::create(b, loc, i64, v);
  if (to.getIntOrFloatBitWidth() < 64)
    return arith::TruncIOp::create(b, loc, to, viaSigned);
  Value big = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, v,
                                    constantOf(b, loc, v.getType(), 0x1p63, 0));
  Value viaUnsigned = arith::FPToUIOp::create(b, loc, to, v);
  // i64 -> u64 keeps the bits (the pass erases signedness afterwards).
  return arith::SelectOp::create(b, loc, big, viaUnsigned, viaSigned);
}

/// NumPy `astype` for the dialect's element types. Integers of one width but
/// different signedness share their bits: the value is reused as is (the
/// pass erases signedness afterwards, so the types then agree).
Value castScalar(OpBuilder &b, Location loc, Value v, Type to) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (isComplex(from) || isComplex(to))
    return castComplex(b, loc, v, to, castScalar);
  if (isBool(to)) {
    if (isFloat(from))
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v,
                                   constantOf(b, loc, from, 0, 0));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v,
                                 constantOf(b, loc, from, 0, 0));
  }
  if (isFloat(from) && isFloat(to)) {
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, to, v);
    if (from.getIntOrFloatBitWidth() > to.getIntOrFloatBitWidth())
      return arith::TruncFOp::create(b, loc, to, v);
    // f16 <-> bf16: through f32.
    Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), v);
    return arith::TruncFOp::create(b, loc, to, wide);
  }
  if (isFloat(to))
    return isUnsignedInt(from) ? Value(arith::UIToFPOp::create(b, loc, to, v))
                               : Value(arith::SIToFPOp::create(b, loc, to, v));
  if (isFloat(from))
    return to.isUnsignedInteger() ? floatToUnsigned(b, loc, v, to)
                                  : Value(arith::FPToSIOp::create(b, loc, to, v));
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (fw < tw)
    return isUnsignedInt(from) ? Value(arith::ExtUIOp::create(b, loc, to, v))
                               : Value(arith::ExtSIOp::create(b, loc, to, v));
  if (fw == tw)
    return v;
  return arith::TruncIOp::create(b, loc, to, v);
}

//===----------------------------------------------------------------------===//
// Tensor helpers
//===----------------------------------------------------------------------===//


using ScalarFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// A parallel `linalg.generic` over the result's index space.
Value buildElementwise(OpBuilder &b, Location loc, RankedTensorType resultType,
                       ValueRange inputs, ArrayRef<AffineMap> inputMaps,
                       Value init, ScalarFn fn) {
  unsigned rank = resultType.getRank();
  SmallVector<AffineMap> maps(inputMaps.begin(), inputMaps.end());
  maps.push_back(b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, resultType, inputs, init, maps, iters,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Value r = fn(nb, l, args.drop_back());
        linalg::YieldOp::create(nb, l, r);
      });
  return generic.getResult(0);
}

Value elementwise(OpBuilder &b, Location loc, Operation *op, ScalarFn fn) {
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  Value init = emptyLike(b, loc, resultType, op->getOperand(0));
  SmallVector<AffineMap> maps(op->getNumOperands(),
                              b.getMultiDimIdentityMap(resultType.getRank()));
  return buildElementwise(b, loc, resultType, op->getOperands(), maps, init, fn);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

template <typename OpTy>
struct ElementwisePattern : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  virtual Value scalar(OpBuilder &b, Location loc, OpTy op, ValueRange args) const = 0;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    Value r = elementwise(rewriter, op.getLoc(), op,
                          [&](OpBuilder &b, Location l, ValueRange args) {
                            return scalar(b, l, op, args);
                          });
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// Binary ops with one float, one integer and (optionally) one bool form, an
/// unsigned integer form where it differs from the signed one, and (optionally)
/// a complex form.
template <typename OpTy, typename FOp, typename IOp, typename BOp = void,
          typename UOp = IOp, typename COp = void>
struct SimpleBinaryPattern : ElementwisePattern<OpTy> {
  using ElementwisePattern<OpTy>::ElementwisePattern;
  Value scalar(OpBuilder &b, Location loc, OpTy, ValueRange a) const override {
    Type t = a[0].getType();
    if constexpr (!std::is_same_v<COp, void>)
      if (isComplex(t))
        return COp::create(b, loc, a[0], a[1]);
    if (isFloat(t))
      return FOp::create(b, loc, a[0], a[1]);
    if constexpr (!std::is_same_v<BOp, void>)
      if (isBool(t))
        return BOp::create(b, loc, a[0], a[1]);
    if (t.isUnsignedInteger())
      return UOp::create(b, loc, a[0], a[1]);
    return IOp::create(b, loc, a[0], a[1]);
  }
};

using AddPattern = SimpleBinaryPattern<nd::AddOp, arith::AddFOp, arith::AddIOp,
                                       arith::OrIOp, arith::AddIOp, complex::AddOp>;
using SubPattern = SimpleBinaryPattern<nd::SubOp, arith::SubFOp, arith::SubIOp,
                                       arith::XOrIOp, arith::SubIOp, complex::SubOp>;
using MulPattern = SimpleBinaryPattern<nd::MulOp, arith::MulFOp, arith::MulIOp,
                                       arith::AndIOp, arith::MulIOp, complex::MulOp>;
/// maximum/minimum: NumPy's for floats (floatMaxMin: signed zeros, NaN).
template <typename OpTy, bool isMax>
struct MaxMinPattern : ElementwisePattern<OpTy> {
  using ElementwisePattern<OpTy>::ElementwisePattern;
  Value scalar(OpBuilder &b, Location loc, OpTy, ValueRange a) const override {
    if (isFloat(a[0].getType()))
      return floatMaxMin(b, loc, a[0], a[1], isMax);
    return intMaxMin(b, loc, a[0], a[1], isMax); // bool: or / and
  }
};
using MaxPattern = MaxMinPattern<nd::MaxOp, true>;
using MinPattern = MaxMinPattern<nd::MinOp, false>;

struct DivPattern : ElementwisePattern<nd::DivOp> {
  using ElementwisePattern::ElementwisePattern;
  Value scalar(OpBuilder &b, Location loc, nd::DivOp, ValueRange a) const override {
    if (isComplex(a[0].getType()))
      return complex::DivOp::create(b, loc, a[0], a[1]);
    if (isFloat(a[0].getType()))
      return arith::DivFOp::create(b, loc, a[0], a[1]);
    return safeIntDiv(b, loc, a[0], a[1]);
  }
};

struct PowPattern : ElementwisePattern<nd::PowOp> {
  using ElementwisePattern::ElementwisePattern;
  Value scalar(OpBuilder &b, Location loc, nd::PowOp, ValueRange a) const override {
    if (isComplex(a[0].getType()))
      return complex::PowOp::create(b, loc, a[0], a[1]);
    if (isFloat(a[0].getType()))
      return math::PowFOp::create(b, loc, a[0], a[1]);
    return intPow(b, loc, a[0], a[1]);
  }
};

struct ComparePattern : ElementwisePattern<nd::CompareOp> {
  using ElementwisePattern::ElementwisePattern;
  Value scalar(OpBuilder &b, Location loc, nd::CompareOp op,
               ValueRange a) const override {
    using P = nd::ComparePredicate;
    if (isComplex(a[0].getType())) { // only eq/ne (compare_c3)
      if (op.getPredicate() == P::eq)
        return complex::EqualOp::create(b, loc, a[0], a[1]);
      return complex::NotEqualOp::create(b, loc, a[0], a[1]);
    }
    if (isFloat(a[0].getType())) {
      arith::CmpFPredicate p;
      switch (op.getPredicate()) {
      case P::eq: p = arith::CmpFPredicate::OEQ; break;
      case P::ne: p = arith::CmpFPredicate::UNE; break;
      case P::lt: p = arith::CmpFPredicate::OLT; break;
      case P::le: p = arith::CmpFPredicate::OLE; break;
      case P::gt: p = arith::CmpFPredicate::OGT; break;
      case P::ge: p = arith::CmpFPredicate::OGE; break;
      }
      return arith::CmpFOp::create(b, loc, p, a[0], a[1]);
    }
    arith::CmpIPredicate p;
    switch (op.getPredicate()) {
    case P::eq: p = arith::CmpIPredicate::eq; break;
    case P::ne: p = arith::CmpIPredicate::ne; break;
    case P::lt: p = arith::CmpIPredicate::slt; break;
    case P::le: p = arith::CmpIPredicate::sle; break;
    case P::gt: p = arith::CmpIPredicate::sgt; break;
    case P::ge: p = arith::CmpIPredicate::sge; break;
    }
    return arith::CmpIOp::create(b, loc, orderPredicate(a[0].getType(), p), a[0], a[1]);
  }
};

template <typename OpTy, typename MathOp, typename ComplexOp>
struct FloatUnaryPattern : ElementwisePattern<OpTy> {
  using ElementwisePattern<OpTy>::ElementwisePattern;
  Value scalar(OpBuilder &b, Location loc, OpTy, ValueRange a) const override {
    if (isComplex(a[0].getType()))
      return inWideComplex(b, loc, a[0],
                           [&](Value z) { return ComplexOp::create(b, loc, z); });
    return MathOp::create(b, loc, a[0]);
  }
};

struct NegPattern : ElementwisePattern<nd::NegOp> {
  using ElementwisePattern::ElementwisePattern;
  Value scalar(OpBuilder &b, Location loc, nd::NegOp, ValueRange a) const override {
    Type t = a[0].getType();
    if (isComplex(t))
      return complex::NegOp::create(b, loc, a[0]);
    if (isFloat(t))
      return arith::NegFOp::create(b, loc, a[0]);
    if (isBool(t)) // NumPy rejects -bool; the frontend never emits it.
      return a[0];
    return arith::SubIOp::create(b, loc, constantOf(b, loc, t, 0, 0), a[0]);
  }
};

struct AbsPattern : ElementwisePattern<nd::AbsOp> {
  using ElementwisePattern::ElementwisePattern;
  Value scalar(OpBuilder &b, Location loc, nd::AbsOp, ValueRange a) const override {
    Type t = a[0].getType();
    if (isFloat(t))
      return math::AbsFOp::create(b, loc, a[0]);
    if (isUnsignedInt(t)) // bool and unsigned: |x| = x
      return a[0];
    // |x| = x < 0 ? -x : x (wrapping for INT_MIN, as NumPy); spelled out
    // because math.absi has no lowering on every path we take.
    Value zero = constantOf(b, loc, t, 0, 0);
    Value neg = arith::SubIOp::create(b, loc, zero, a[0]);
    Value isNeg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, a[0], zero);
    return arith::SelectOp::create(b, loc, isNeg, neg, a[0]);
  }
};

struct CastPattern : ElementwisePattern<nd::CastOp> {
  using ElementwisePattern::ElementwisePattern;
  Value scalar(OpBuilder &b, Location loc, nd::CastOp op, ValueRange a) const override {
    return castScalar(b, loc, a[0], op.getType().getElementType());
  }
};

struct ConstantPattern : OpRewritePattern<nd::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::ConstantOp op, PatternRewriter &rewriter) const override {
    auto attr = dyn_cast<TypedAttr>(op.getValue());
    if (!attr)
      return failure();
    auto type = cast<RankedTensorType>(op.getType());
    if (isComplex(type.getElementType())) {
      // A complex splat (the frontend's only complex constants) becomes a
      // fill: dense complex globals have no LLVM lowering.
      auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
      if (!splat || !type.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "non-splat complex constant");
      auto v = splat.getSplatValue<std::complex<APFloat>>();
      Value c = complexConstant(rewriter, op.getLoc(), type.getElementType(),
                                v.real().convertToDouble(),
                                v.imag().convertToDouble());
      Value empty = tensor::EmptyOp::create(rewriter, op.getLoc(), type.getShape(),
                                            type.getElementType());
      rewriter.replaceOp(op, linalg::FillOp::create(rewriter, op.getLoc(), c, empty)
                                 .getResult(0));
      return success();
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, attr);
    return success();
  }
};

struct BroadcastInDimPattern : OpRewritePattern<nd::BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto in = cast<RankedTensorType>(op.getInput().getType());
    auto out = op.getType();
    // Input dim i reads result dim broadcast_dimensions[i], or index 0 when it
    // is a static 1 stretched over a larger (or dynamic) result dim.
    SmallVector<AffineExpr> exprs;
    for (auto [i, d] : llvm::enumerate(op.getBroadcastDimensions())) {
      bool stretched = in.getDimSize(i) == 1 && out.getDimSize(d) != 1;
      exprs.push_back(stretched ? rewriter.getAffineConstantExpr(0)
                                : rewriter.getAffineDimExpr(d));
    }
    AffineMap map = AffineMap::get(out.getRank(), 0, exprs, rewriter.getContext());
    Value init = tensor::EmptyOp::create(rewriter, loc, out.getShape(),
                                         out.getElementType(), op.getDynamicDims());
    Value r = buildElementwise(rewriter, loc, out, op.getInput(), map, init,
                               [](OpBuilder &, Location, ValueRange a) { return a[0]; });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct ReducePattern : OpRewritePattern<nd::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  static Value identity(OpBuilder &b, Location loc, nd::ReduceKind kind, Type t) {
    auto ft = dyn_cast<FloatType>(t);
    switch (kind) {
    case nd::ReduceKind::sum:
      return constantOf(b, loc, t, 0, 0);
    case nd::ReduceKind::prod:
      return constantOf(b, loc, t, 1, 1);
    case nd::ReduceKind::max:
      if (ft)
        return arith::ConstantOp::create(
            b, loc, t, b.getFloatAttr(ft, APFloat::getInf(ft.getFloatSemantics(), true)));
      return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, intExtreme(t, false)));
    case nd::ReduceKind::min:
      if (ft)
        return arith::ConstantOp::create(
            b, loc, t, b.getFloatAttr(ft, APFloat::getInf(ft.getFloatSemantics(), false)));
      return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, intExtreme(t, true)));
    }
    llvm_unreachable("reduce kind");
  }

  static Value combine(OpBuilder &b, Location loc, nd::ReduceKind kind, Value x, Value acc) {
    Type t = x.getType();
    bool f = isFloat(t), bl = isBool(t);
    if (isComplex(t)) // sum or prod (reduce_c4)
      return kind == nd::ReduceKind::sum
                 ? Value(complex::AddOp::create(b, loc, x, acc))
                 : Value(complex::MulOp::create(b, loc, x, acc));
    switch (kind) {
    case nd::ReduceKind::sum:
      return f ? Value(arith::AddFOp::create(b, loc, x, acc))
               : bl ? Value(arith::OrIOp::create(b, loc, x, acc))
                    : Value(arith::AddIOp::create(b, loc, x, acc));
    case nd::ReduceKind::prod:
      return f ? Value(arith::MulFOp::create(b, loc, x, acc))
               : bl ? Value(arith::AndIOp::create(b, loc, x, acc))
                    : Value(arith::MulIOp::create(b, loc, x, acc));
    case nd::ReduceKind::max:
      return f ? Value(arith::MaximumFOp::create(b, loc, x, acc))
               : bl ? Value(arith::OrIOp::create(b, loc, x, acc))
                    : intMaxMin(b, loc, x, acc, /*max=*/true);
    case nd::ReduceKind::min:
      return f ? Value(arith::MinimumFOp::create(b, loc, x, acc))
               : bl ? Value(arith::AndIOp::create(b, loc, x, acc))
                    : intMaxMin(b, loc, x, acc, /*max=*/false);
    }
    llvm_unreachable("reduce kind");
  }

  /// The type sums and products accumulate in: a wider float than the data
  /// (f16/bf16 -> f32, f32 -> f64), so long reductions keep NumPy's accuracy
  /// (NumPy sums pairwise); the widening cast fuses into the reduction.
  static Type accumulatorType(nd::ReduceKind kind, Type elt, Builder &b) {
    if (kind != nd::ReduceKind::sum && kind != nd::ReduceKind::prod)
      return elt;
    if (elt.isF16() || elt.isBF16())
      return b.getF32Type();
    if (elt.isF32())
      return b.getF64Type();
    if (auto c = dyn_cast<ComplexType>(elt); c && c.getElementType().isF32())
      return ComplexType::get(b.getF64Type());
    return elt;
  }

  /// max/min of an empty dynamic axis has no identity: a run-time error, as
  /// NumPy raises ValueError.
  static void checkNotEmpty(PatternRewriter &rewriter, nd::ReduceOp op) {
    if (op.getKind() != nd::ReduceKind::max && op.getKind() != nd::ReduceKind::min)
      return;
    Location loc = op.getLoc();
    auto in = cast<RankedTensorType>(op.getInput().getType());
    Value count;
    for (int64_t a : op.getAxes()) {
      if (!in.isDynamicDim(a))
        continue; // static zero sizes are rejected by the verifier
      Value d = tensor::DimOp::create(rewriter, loc, op.getInput(), a);
      count = count ? arith::MulIOp::create(rewriter, loc, count, d).getResult() : d;
    }
    if (!count)
      return;
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value ok = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, count, zero);
    std::string where = arrayc::locationPrefix(loc);
    nd::AssertOp::create(rewriter, loc, ok,
                         rewriter.getStringAttr(
                             where + "zero-size array to reduction operation " +
                             (op.getKind() == nd::ReduceKind::max ? "maximum" : "minimum") +
                             " which has no identity"));
  }

  LogicalResult matchAndRewrite(nd::ReduceOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto in = cast<RankedTensorType>(op.getInput().getType());
    Type dataType = in.getElementType();
    Type elt = accumulatorType(op.getKind(), dataType, rewriter);
    ArrayRef<int64_t> axes = op.getAxes();
    checkNotEmpty(rewriter, op);
    Value input = op.getInput();
    if (elt != dataType) {
      auto wide = RankedTensorType::get(in.getShape(), elt);
      SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(in.getRank())};
      input = buildElementwise(rewriter, loc, wide, input, maps,
                               emptyLike(rewriter, loc, wide, input),
                               [&](OpBuilder &b, Location l, ValueRange a) {
                                 return castScalar(b, l, a[0], elt);
                               });
    }
    // The reduced shape, without keepdims.
    SmallVector<int64_t> shape;
    SmallVector<Value> dyn;
    for (int64_t d = 0; d < in.getRank(); ++d) {
      if (llvm::is_contained(axes, d))
        continue;
      shape.push_back(in.getDimSize(d));
      if (in.isDynamicDim(d))
        dyn.push_back(tensor::DimOp::create(rewriter, loc, op.getInput(), d));
    }
    auto reducedType = RankedTensorType::get(shape, elt);
    Value empty = tensor::EmptyOp::create(rewriter, loc, shape, elt, dyn);
    Value init = identity(rewriter, loc, op.getKind(), elt);
    Value filled = linalg::FillOp::create(rewriter, loc, init, empty).getResult(0);
    auto kind = op.getKind();
    auto reduce = linalg::ReduceOp::create(
        rewriter, loc, input, filled, axes,
        [&](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(b, l, combine(b, l, kind, args[0], args[1]));
        });
    Value result = reduce.getResult(0);
    if (elt != dataType) {
      auto narrow = RankedTensorType::get(reducedType.getShape(), dataType);
      SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(narrow.getRank())};
      result = buildElementwise(rewriter, loc, narrow, result, maps,
                                emptyLike(rewriter, loc, narrow, result),
                                [&](OpBuilder &b, Location l, ValueRange a) {
                                  return castScalar(b, l, a[0], dataType);
                                });
    }
    if (op.getKeepdims()) {
      auto outType = op.getType();
      result = expandKeepdims(rewriter, loc, result, op.getInput(), axes, outType);
    }
    (void)reducedType;
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Signedness erasure
//===----------------------------------------------------------------------===//

/// The host ops that convert-ndarray-to-runtime lowers after this pass: they
/// keep unsigned element types, which select the runtime's dtype codes (sort:
/// unsigned order, not signed).
bool isHostOp(Operation *op) {
  return isa<nd::PrintOp, nd::SaveOp, nd::LoadOp, nd::SortOp>(op);
}

/// arith and everything after this pass compute on signless integers: once
/// the patterns have picked the unsigned ops from the `uiN` element types,
/// every `uiN` becomes `iN` (results, block arguments, function types,
/// constants). The host ops keep theirs, bridged by
/// `builtin.unrealized_conversion_cast`s that fold away after
/// convert-ndarray-to-runtime.
void eraseSignedness(ModuleOp module) {
  AttrTypeReplacer replacer;
  replacer.addReplacement([](IntegerType t) -> std::optional<Type> {
    if (!t.isUnsigned())
      return std::nullopt;
    return IntegerType::get(t.getContext(), t.getWidth());
  });
  // Dense constants do not expose their type as a sub-element: same bits,
  // signless element type.
  replacer.addReplacement([](DenseIntElementsAttr a) -> std::optional<Attribute> {
    auto t = dyn_cast<IntegerType>(a.getElementType());
    if (!t || !t.isUnsigned())
      return std::nullopt;
    return a.bitcast(IntegerType::get(t.getContext(), t.getWidth()));
  });
  auto erased = [&](Type t) { return replacer.replace(t); };
  SmallVector<Operation *> hostOps;
  module.walk([&](Operation *op) {
    if (isHostOp(op))
      hostOps.push_back(op);
  });
  DenseSet<Operation *> keep(hostOps.begin(), hostOps.end());
  OpBuilder b(module.getContext());
  // Operands first: a load printed directly still has its unsigned type.
  for (Operation *op : hostOps)
    for (OpOperand &use : op->getOpOperands()) {
      Type t = use.get().getType();
      if (erased(t) == t)
        continue;
      b.setInsertionPoint(op);
      auto bridge = UnrealizedConversionCastOp::create(b, op->getLoc(), t, use.get());
      keep.insert(bridge);
      use.set(bridge.getResult(0));
    }
  for (Operation *op : hostOps)
    for (OpResult r : op->getResults()) {
      if (erased(r.getType()) == r.getType())
        continue;
      b.setInsertionPointAfter(op);
      auto bridge = UnrealizedConversionCastOp::create(b, op->getLoc(),
                                                       erased(r.getType()), r);
      r.replaceAllUsesExcept(bridge.getResult(0), bridge);
    }
  module.walk([&](Operation *op) {
    if (!keep.contains(op))
      replacer.replaceElementsIn(op, /*replaceAttrs=*/true, /*replaceLocs=*/false,
                                 /*replaceTypes=*/true);
  });
}

struct ConvertNDArrayToLinalgPass
    : arrayc::impl::ConvertNDArrayToLinalgBase<ConvertNDArrayToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ConversionTarget target(*ctx);
    target.addLegalDialect<linalg::LinalgDialect, tensor::TensorDialect,
                           arith::ArithDialect, math::MathDialect, scf::SCFDialect,
                           complex::ComplexDialect>();
    target.addIllegalDialect<nd::NDArrayDialect>();
    // Host ops are lowered by convert-ndarray-to-runtime.
    target.addLegalOp<nd::LoadOp, nd::SaveOp, nd::PrintOp, nd::AssertOp,
                      nd::PerfCounterOp, nd::FFTOp>();
    // numpy.linalg ops become LAPACKE calls there too (LinalgCalls.cpp).
    target.addLegalOp<nd::DetOp, nd::InvOp, nd::CholeskyOp, nd::SolveOp, nd::QROp,
                      nd::SVDOp, nd::SVDValsOp, nd::EighOp, nd::SlogdetOp, nd::LstsqOp,
                      nd::EigOp, nd::EigvalsOp>();
    // So do the indexing ops of data-dependent results (IndexCalls.cpp).
    target.addLegalOp<nd::CompressOp, nd::ScatterOp, nd::SortOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(ctx);
    populateNDArrayToLinalgConversionPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      return signalPassFailure();
    eraseSignedness(getOperation());
  }
};

} // namespace

void arrayc::populateNDArrayToLinalgConversionPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<AddPattern, SubPattern, MulPattern, MaxPattern, MinPattern, DivPattern,
               PowPattern, ComparePattern, NegPattern, AbsPattern, CastPattern,
               ConstantPattern, BroadcastInDimPattern, ReducePattern,
               FloatUnaryPattern<nd::SqrtOp, math::SqrtOp, complex::SqrtOp>,
               FloatUnaryPattern<nd::ExpOp, math::ExpOp, complex::ExpOp>,
               FloatUnaryPattern<nd::LogOp, math::LogOp, complex::LogOp>,
               FloatUnaryPattern<nd::SinOp, math::SinOp, complex::SinOp>,
               FloatUnaryPattern<nd::CosOp, math::CosOp, complex::CosOp>,
               FloatUnaryPattern<nd::TanhOp, math::TanhOp, complex::TanhOp>>(ctx);
  populateNDArrayBuiltinToLinalgPatterns(patterns);
  populateNDArrayArithToLinalgPatterns(patterns);
  populateNDArrayShapeToLinalgPatterns(patterns);
  populateNDArrayComplexToLinalgPatterns(patterns);
  populateNDArrayIndexToLinalgPatterns(patterns);
  populateNDArrayMapToLinalgPatterns(patterns);
}
