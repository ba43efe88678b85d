//===- ComplexPatterns.cpp - complex-number ops to linalg -----------------===//
//
// `ndarray.real/imag/complex_abs/conj` become parallel `linalg.generic`s on
// `complex.re/im/abs/conj`; the scalar helpers of ComplexPatterns.h serve
// the other patterns (casts, isnan, constants).
//
//===----------------------------------------------------------------------===//

#include "Conversion/NDArrayToLinalg/ComplexPatterns.h"
#include "Conversion/NDArrayToLinalg/TensorBuilders.h"
#include "Conversion/Passes.h"
#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace nd = arrayc::ndarray;

Value arrayc::complexConstant(OpBuilder &b, Location loc, Type t, double re,
                              double im) {
  auto ct = cast<ComplexType>(t);
  auto ft = cast<FloatType>(ct.getElementType());
  auto parts = b.getArrayAttr({b.getFloatAttr(ft, re), b.getFloatAttr(ft, im)});
  return complex::ConstantOp::create(b, loc, ct, parts);
}

Value arrayc::castComplex(
    OpBuilder &b, Location loc, Value v, Type to,
    function_ref<Value(OpBuilder &, Location, Value, Type)> castReal) {
  auto fromC = dyn_cast<ComplexType>(v.getType());
  auto toC = dyn_cast<ComplexType>(to);
  if (fromC && toC) {
    Type part = toC.getElementType();
    Value re = castReal(b, loc, complex::ReOp::create(b, loc, v), part);
    Value im = castReal(b, loc, complex::ImOp::create(b, loc, v), part);
    return complex::CreateOp::create(b, loc, toC, re, im);
  }
  if (toC) {
    Type part = toC.getElementType();
    Value re = castReal(b, loc, v, part);
    Value zero = arith::ConstantOp::create(b, loc, part, b.getFloatAttr(part, 0));
    return complex::CreateOp::create(b, loc, toC, re, zero);
  }
  Value re = complex::ReOp::create(b, loc, v);
  if (!to.isInteger(1))
    return castReal(b, loc, re, to);
  Value im = complex::ImOp::create(b, loc, v);
  Type part = fromC.getElementType();
  Value zero = arith::ConstantOp::create(b, loc, part, b.getFloatAttr(part, 0));
  auto ne = [&](Value x) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, zero);
  };
  return arith::OrIOp::create(b, loc, ne(re), ne(im));
}

Value arrayc::inWideComplex(OpBuilder &b, Location loc, Value z,
                            function_ref<Value(Value)> fn) {
  auto ct = cast<ComplexType>(z.getType());
  if (!ct.getElementType().isF32())
    return fn(z);
  auto parts = [&](Value v, Type to, bool widen) {
    Value re = complex::ReOp::create(b, loc, v), im = complex::ImOp::create(b, loc, v);
    if (widen) {
      re = arith::ExtFOp::create(b, loc, to, re);
      im = arith::ExtFOp::create(b, loc, to, im);
    } else {
      re = arith::TruncFOp::create(b, loc, to, re);
      im = arith::TruncFOp::create(b, loc, to, im);
    }
    return std::make_pair(re, im);
  };
  auto [wr, wi] = parts(z, b.getF64Type(), true);
  Value w = complex::CreateOp::create(b, loc, ComplexType::get(b.getF64Type()), wr, wi);
  auto [nr, ni] = parts(fn(w), b.getF32Type(), false);
  return complex::CreateOp::create(b, loc, ct, nr, ni);
}

Value arrayc::complexClassify(OpBuilder &b, Location loc, StringRef fn, Value z) {
  Value re = complex::ReOp::create(b, loc, z), im = complex::ImOp::create(b, loc, z);
  auto ft = cast<FloatType>(re.getType());
  Value inf = arith::ConstantOp::create(
      b, loc, ft, b.getFloatAttr(ft, APFloat::getInf(ft.getFloatSemantics())));
  auto test = [&](Value x) -> Value {
    if (fn == "isnan")
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
    Value a = math::AbsFOp::create(b, loc, x);
    return arith::CmpFOp::create(b, loc,
                                 fn == "isinf" ? arith::CmpFPredicate::OEQ
                                               : arith::CmpFPredicate::OLT,
                                 a, inf);
  };
  if (fn == "isfinite")
    return arith::AndIOp::create(b, loc, test(re), test(im));
  return arith::OrIOp::create(b, loc, test(re), test(im));
}

namespace {

/// One complex op applied elementwise.
template <typename OpTy, typename ComplexOp>
struct ComplexUnaryPattern : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rw) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    Value init = arrayc::emptyLike(rw, loc, type, op.getInput());
    unsigned rank = type.getRank();
    SmallVector<AffineMap> maps(2, rw.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rw, loc, type, op.getInput(), init, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange a) {
          linalg::YieldOp::create(b, l, Value(ComplexOp::create(b, l, a[0])));
        });
    rw.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void arrayc::populateNDArrayComplexToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ComplexUnaryPattern<nd::RealOp, complex::ReOp>,
               ComplexUnaryPattern<nd::ImagOp, complex::ImOp>,
               ComplexUnaryPattern<nd::ComplexAbsOp, complex::AbsOp>,
               ComplexUnaryPattern<nd::ConjOp, complex::ConjOp>>(
      patterns.getContext());
}
