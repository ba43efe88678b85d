//===- BuiltinPatterns.cpp - the builtin ops to linalg --------------------===//
//
// Lowers the ops of NDArrayBuiltinOps.td to linalg.generic on tensors, so
// they run on CPU and (through arrayc-gpu-map-linalg) on the GPU:
// - iota, unary_math, binary_math, select, random: parallel generics;
// - argreduce: a generic with two outputs (value, index) reducing the axes;
// - scan: an scf.for over the axis carrying the running total (O(size));
// - contract: a generic with reduction iterators for the summed indices.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"
#include "Conversion/NDArrayToLinalg/ComplexPatterns.h"
#include "Conversion/NDArrayToLinalg/TensorBuilders.h"
#include "Transforms/ArgReduce.h"
#include "Transforms/Passes.h"
#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringSwitch.h"

#include "Conversion/NDArrayToLinalg/IntegerSemantics.h"

#include <cmath>

using namespace mlir;
namespace nd = arrayc::ndarray;
using arrayc::emptyLike;
using arrayc::expandKeepdims;

namespace {

bool isF(Type t) { return isa<FloatType>(t); }
bool isB(Type t) { return t.isInteger(1); }
bool isC(Type t) { return isa<ComplexType>(t); }

Value cst(OpBuilder &b, Location loc, Type t, double fv, int64_t iv) {
  if (isC(t))
    return arrayc::complexConstant(b, loc, t, fv, 0);
  if (auto ft = dyn_cast<FloatType>(t))
    return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(ft, fv));
  if (isa<IndexType>(t))
    return arith::ConstantIndexOp::create(b, loc, iv);
  return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, iv));
}

Value toBool(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  if (isB(t))
    return v;
  if (isC(t))
    return arith::OrIOp::create(b, loc, toBool(b, loc, complex::ReOp::create(b, loc, v)),
                                toBool(b, loc, complex::ImOp::create(b, loc, v)));
  if (isF(t))
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v, cst(b, loc, t, 0, 0));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, cst(b, loc, t, 0, 0));
}

/// An i64 value converted to element type `to` (iota).
Value fromI64(OpBuilder &b, Location loc, Value v, Type to) {
  if (isF(to))
    return arith::SIToFPOp::create(b, loc, to, v);
  if (isB(to))
    return toBool(b, loc, v);
  if (to.getIntOrFloatBitWidth() < 64)
    return arith::TruncIOp::create(b, loc, to, v);
  return v;
}

/// Sizes of every dimension of `v` (index values).
SmallVector<OpFoldResult> sizesOf(OpBuilder &b, Location loc, Value v) {
  auto t = cast<RankedTensorType>(v.getType());
  SmallVector<OpFoldResult> r;
  for (int64_t d = 0; d < t.getRank(); ++d)
    r.push_back(t.isDynamicDim(d) ? OpFoldResult(tensor::DimOp::create(b, loc, v, d).getResult())
                                  : OpFoldResult(b.getIndexAttr(t.getDimSize(d))));
  return r;
}

Value emptyOf(OpBuilder &b, Location loc, RankedTensorType t, ValueRange dyn) {
  return tensor::EmptyOp::create(b, loc, t.getShape(), t.getElementType(), dyn);
}


using BodyFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// A parallel generic with identity maps for every input.
Value parallel(OpBuilder &b, Location loc, RankedTensorType rt, ValueRange inputs,
               ArrayRef<AffineMap> inMaps, Value init, BodyFn fn) {
  unsigned rank = rt.getRank();
  SmallVector<AffineMap> maps(inMaps.begin(), inMaps.end());
  maps.push_back(b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> it(rank, utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, rt, inputs, init, maps, it,
             [&](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(nb, l, fn(nb, l, args.drop_back()));
             })
      .getResult(0);
}

Value elementwise(OpBuilder &b, Location loc, Operation *op, ValueRange inputs, BodyFn fn) {
  auto rt = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<AffineMap> maps(inputs.size(), b.getMultiDimIdentityMap(rt.getRank()));
  return parallel(b, loc, rt, inputs, maps, emptyLike(b, loc, rt, inputs[0]), fn);
}

/// Runs `fn` in f32 for f16/bf16 (libm and libdevice lack half versions).
Value inWide(OpBuilder &b, Location loc, Value x,
             function_ref<Value(Value)> fn) {
  Type t = x.getType();
  if (!t.isF16() && !t.isBF16())
    return fn(x);
  Value w = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
  return arith::TruncFOp::create(b, loc, t, fn(w));
}

//===----------------------------------------------------------------------===//

struct IotaPattern : OpRewritePattern<nd::IotaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::IotaOp op, PatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto rt = op.getType();
    int64_t dim = op.getDimension();
    Value init = emptyOf(rw, loc, rt, op.getDynamicDims());
    Value r = parallel(rw, loc, rt, {}, {}, init, [&](OpBuilder &b, Location l, ValueRange) {
      Value i = linalg::IndexOp::create(b, l, dim);
      Value i64 = arith::IndexCastOp::create(b, l, b.getI64Type(), i);
      return fromI64(b, l, i64, rt.getElementType());
    });
    rw.replaceOp(op, r);
    return success();
  }
};

/// The unary ufuncs defined on complex numbers (the verifier admits no other).
Value complexUnaryScalar(OpBuilder &b, Location l, StringRef fn, Value x) {
  auto wide = [&](auto make) { return arrayc::inWideComplex(b, l, x, make); };
  if (fn == "tan")
    return wide([&](Value z) -> Value { return complex::TanOp::create(b, l, z); });
  if (fn == "log1p")
    return wide([&](Value z) -> Value { return complex::Log1pOp::create(b, l, z); });
  if (fn == "expm1")
    return wide([&](Value z) -> Value { return complex::Expm1Op::create(b, l, z); });
  if (fn == "isnan" || fn == "isinf" || fn == "isfinite")
    return arrayc::complexClassify(b, l, fn, x);
  if (fn == "logical_not")
    return arith::XOrIOp::create(b, l, toBool(b, l, x), cst(b, l, b.getI1Type(), 0, 1));
  if (fn == "square")
    return complex::MulOp::create(b, l, x, x);
  if (fn == "sign") // NumPy 2: z / |z|, 0 for 0
    return complex::SignOp::create(b, l, x);
  assert(fn == "reciprocal" && "unary_math_c3 admits no other complex fn");
  return complex::DivOp::create(b, l, cst(b, l, x.getType(), 1, 1), x);
}

Value unaryScalar(OpBuilder &b, Location l, StringRef fn, Value x, Type outElt) {
  Type t = x.getType();
  if (isC(t))
    return complexUnaryScalar(b, l, fn, x);
  auto wide = [&](auto make) { return inWide(b, l, x, make); };
#define MATH(NAME, OP)                                                          \
  if (fn == NAME)                                                               \
    return wide([&](Value v) -> Value { return math::OP::create(b, l, v); });
  MATH("floor", FloorOp) MATH("ceil", CeilOp)
  MATH("trunc", TruncOp) // on GPUs through arrayc-gpu-legalize-math
  MATH("rint", RoundEvenOp) MATH("tan", TanOp) MATH("arcsin", AsinOp)
  MATH("arccos", AcosOp) MATH("arctan", AtanOp) MATH("sinh", SinhOp)
  MATH("cosh", CoshOp) MATH("arcsinh", AsinhOp) MATH("arccosh", AcoshOp)
  MATH("arctanh", AtanhOp) MATH("log1p", Log1pOp) MATH("expm1", ExpM1Op)
  MATH("log2", Log2Op) MATH("log10", Log10Op) MATH("exp2", Exp2Op)
#undef MATH
  if (fn == "isnan" || fn == "isinf" || fn == "isfinite") {
    if (!isF(t))
      return cst(b, l, b.getI1Type(), 0, fn == "isfinite" ? 1 : 0);
    if (fn == "isnan")
      return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
    Value a = math::AbsFOp::create(b, l, x);
    auto ft = cast<FloatType>(t);
    Value inf = arith::ConstantOp::create(
        b, l, t, b.getFloatAttr(ft, APFloat::getInf(ft.getFloatSemantics())));
    return arith::CmpFOp::create(b, l, fn == "isinf" ? arith::CmpFPredicate::OEQ
                                                     : arith::CmpFPredicate::OLT,
                                 a, inf);
  }
  if (fn == "logical_not")
    return arith::XOrIOp::create(b, l, toBool(b, l, x), cst(b, l, b.getI1Type(), 0, 1));
  if (fn == "square") {
    if (isF(t))
      return arith::MulFOp::create(b, l, x, x);
    if (isB(t))
      return x;
    return arith::MulIOp::create(b, l, x, x);
  }
  if (fn == "sign") {
    if (isB(t))
      return x;
    Value zero = cst(b, l, t, 0, 0), one = cst(b, l, t, 1, 1), m1 = cst(b, l, t, -1, -1);
    if (isF(t)) {
      Value gt = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, x, zero);
      Value lt = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, x, zero);
      Value eq = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, x, zero);
      // +-0 -> 0.0; NaN stays NaN.
      Value r = arith::SelectOp::create(b, l, eq, zero, x);
      r = arith::SelectOp::create(b, l, lt, m1, r);
      return arith::SelectOp::create(b, l, gt, one, r);
    }
    Value gt = arith::CmpIOp::create(
        b, l, arrayc::orderPredicate(t, arith::CmpIPredicate::sgt), x, zero);
    Value lt = arith::CmpIOp::create(
        b, l, arrayc::orderPredicate(t, arith::CmpIPredicate::slt), x, zero);
    Value r = arith::SelectOp::create(b, l, lt, m1, zero);
    return arith::SelectOp::create(b, l, gt, one, r);
  }
  // reciprocal
  if (isF(t))
    return arith::DivFOp::create(b, l, cst(b, l, t, 1, 1), x);
  if (isB(t))
    return x;
  // Integer 1/x truncates (0 for |x| > 1); 1/0 gives INT_MIN as NumPy does
  // on x86 (where it warns), and 0 for unsigned integers.
  if (t.isUnsignedInteger())
    return arrayc::unsignedDivRem(b, l, cst(b, l, t, 1, 1), x, /*rem=*/false);
  Value zero = cst(b, l, t, 0, 0);
  Value isZero = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, x, zero);
  Value safe = arith::SelectOp::create(b, l, isZero, cst(b, l, t, 1, 1), x);
  Value q = arith::DivSIOp::create(b, l, cst(b, l, t, 1, 1), safe);
  Value minv = arith::ConstantOp::create(
      b, l, t, b.getIntegerAttr(t, APInt::getSignedMinValue(t.getIntOrFloatBitWidth())));
  return arith::SelectOp::create(b, l, isZero, minv, q);
  (void)outElt;
}

struct UnaryMathPattern : OpRewritePattern<nd::UnaryMathOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::UnaryMathOp op, PatternRewriter &rw) const override {
    StringRef fn = op.getFn();
    Type outElt = op.getType().getElementType();
    Value r = elementwise(rw, op.getLoc(), op, op.getInput(),
                          [&](OpBuilder &b, Location l, ValueRange a) {
                            return unaryScalar(b, l, fn, a[0], outElt);
                          });
    rw.replaceOp(op, r);
    return success();
  }
};

Value hypot(OpBuilder &b, Location l, Value x, Value y) {
  Type t = x.getType();
  Value ax = math::AbsFOp::create(b, l, x), ay = math::AbsFOp::create(b, l, y);
  Value m = arith::MaximumFOp::create(b, l, ax, ay);
  Value n = arith::MinimumFOp::create(b, l, ax, ay);
  Value zero = cst(b, l, t, 0, 0), one = cst(b, l, t, 1, 1);
  Value q = arith::DivFOp::create(b, l, n, m);
  Value s = math::SqrtOp::create(b, l, arith::AddFOp::create(b, l, one,
                                                             arith::MulFOp::create(b, l, q, q)));
  Value r = arith::MulFOp::create(b, l, m, s);
  Value isZero = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, m, zero);
  r = arith::SelectOp::create(b, l, isZero, zero, r);
  // hypot(inf, nan) is inf.
  auto ft = cast<FloatType>(t);
  Value inf = arith::ConstantOp::create(b, l, t, b.getFloatAttr(ft, APFloat::getInf(ft.getFloatSemantics())));
  Value xi = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, ax, inf);
  Value yi = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, ay, inf);
  Value anyInf = arith::OrIOp::create(b, l, xi, yi);
  return arith::SelectOp::create(b, l, anyInf, inf, r);
}

struct BinaryMathPattern : OpRewritePattern<nd::BinaryMathOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::BinaryMathOp op, PatternRewriter &rw) const override {
    StringRef fn = op.getFn();
    Value r = elementwise(
        rw, op.getLoc(), op, {op.getLhs(), op.getRhs()},
        [&](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value x = a[0], y = a[1];
          Type t = x.getType();
          if (fn == "arctan2" || fn == "hypot") {
            auto compute = [&](Value xx, Value yy) -> Value {
              return fn == "hypot" ? hypot(b, l, xx, yy)
                                   : Value(math::Atan2Op::create(b, l, xx, yy));
            };
            if (t.isF16() || t.isBF16()) {
              Value wx = arith::ExtFOp::create(b, l, b.getF32Type(), x);
              Value wy = arith::ExtFOp::create(b, l, b.getF32Type(), y);
              return arith::TruncFOp::create(b, l, t, compute(wx, wy));
            }
            return compute(x, y);
          }
          if (fn == "fmax" || fn == "fmin") {
            bool mx = fn == "fmax";
            if (isF(t))
              return arrayc::floatFMaxFMin(b, l, x, y, mx);
            if (isB(t))
              return mx ? Value(arith::OrIOp::create(b, l, x, y))
                        : Value(arith::AndIOp::create(b, l, x, y));
            return arrayc::intMaxMin(b, l, x, y, mx);
          }
          Value bx = toBool(b, l, x), by = toBool(b, l, y);
          if (fn == "logical_and")
            return arith::AndIOp::create(b, l, bx, by);
          if (fn == "logical_or")
            return arith::OrIOp::create(b, l, bx, by);
          return arith::XOrIOp::create(b, l, bx, by);
        });
    rw.replaceOp(op, r);
    return success();
  }
};

struct SelectPattern : OpRewritePattern<nd::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::SelectOp op, PatternRewriter &rw) const override {
    Value r = elementwise(rw, op.getLoc(), op,
                          {op.getCondition(), op.getTrueValue(), op.getFalseValue()},
                          [&](OpBuilder &b, Location l, ValueRange a) -> Value {
                            return arith::SelectOp::create(b, l, a[0], a[1], a[2]);
                          });
    rw.replaceOp(op, r);
    return success();
  }
};



struct ArgReducePattern : OpRewritePattern<nd::ArgReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::ArgReduceOp op, PatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Value input = op.getInput();
    auto in = cast<RankedTensorType>(input.getType());
    Type elt = in.getElementType();
    bool isMax = op.getKind() == nd::ReduceKind::max;
    arrayc::ArgReduceKind kind{isMax, arrayc::isUnsignedInt(elt)};
    ArrayRef<int64_t> axes = op.getAxes();
    SmallVector<OpFoldResult> sizes = sizesOf(rw, loc, input);
    // An empty dynamic axis: NumPy raises.
    Value count;
    for (int64_t a : axes)
      if (in.isDynamicDim(a)) {
        Value d = getValueOrCreateConstantIndexOp(rw, loc, sizes[a]);
        count = count ? arith::MulIOp::create(rw, loc, count, d).getResult() : d;
      }
    if (count) {
      Value ok = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::ne, count,
                                       cst(rw, loc, rw.getIndexType(), 0, 0));
      nd::AssertOp::create(rw, loc, ok,
                           rw.getStringAttr(arrayc::locationPrefix(loc) + "attempt to get " +
                                            (isMax ? "argmax" : "argmin") +
                                            " of an empty sequence"));
    }
    SmallVector<int64_t> shape;
    SmallVector<Value> dyn;
    SmallVector<AffineExpr> outExprs;
    SmallVector<utils::IteratorType> iters;
    for (int64_t d = 0; d < in.getRank(); ++d) {
      bool red = llvm::is_contained(axes, d);
      iters.push_back(red ? utils::IteratorType::reduction : utils::IteratorType::parallel);
      if (red)
        continue;
      shape.push_back(in.getDimSize(d));
      outExprs.push_back(rw.getAffineDimExpr(d));
      if (in.isDynamicDim(d))
        dyn.push_back(getValueOrCreateConstantIndexOp(rw, loc, sizes[d]));
    }
    auto valType = RankedTensorType::get(shape, elt);
    auto idxType = RankedTensorType::get(shape, rw.getI64Type());
    Value valInit = linalg::FillOp::create(rw, loc, arrayc::argReduceIdentity(rw, loc, kind, elt),
                                           emptyOf(rw, loc, valType, dyn))
                        .getResult(0);
    Value idxInit = linalg::FillOp::create(rw, loc, cst(rw, loc, rw.getI64Type(), 0, 0),
                                           emptyOf(rw, loc, idxType, dyn))
                        .getResult(0);
    SmallVector<Value> axisSizes;
    for (int64_t a : axes)
      axisSizes.push_back(getValueOrCreateConstantIndexOp(rw, loc, sizes[a]));
    AffineMap outMap = AffineMap::get(in.getRank(), 0, outExprs, rw.getContext());
    SmallVector<AffineMap> maps{rw.getMultiDimIdentityMap(in.getRank()), outMap, outMap};
    auto generic = linalg::GenericOp::create(
        rw, loc, TypeRange{valType, idxType}, input, ValueRange{valInit, idxInit}, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = args[0], acc = args[1], accIdx = args[2];
          // C-order linear index within the reduced axes.
          Value lin = cst(b, l, b.getIndexType(), 0, 0);
          for (auto [k, a] : llvm::enumerate(axes)) {
            Value i = linalg::IndexOp::create(b, l, a);
            lin = arith::MulIOp::create(b, l, lin, axisSizes[k]);
            lin = arith::AddIOp::create(b, l, lin, i);
          }
          Value li = arith::IndexCastOp::create(b, l, b.getI64Type(), lin);
          auto [nv, ni] = arrayc::argReduceCombine(b, l, kind, x, li, acc, accIdx);
          kind.mark(ni.getDefiningOp());
          linalg::YieldOp::create(b, l, ValueRange{nv, ni});
        });
    Value r = generic.getResult(1);
    if (op.getKeepdims())
      r = expandKeepdims(rw, loc, r, input, axes, op.getType());
    rw.replaceOp(op, r);
    return success();
  }
};

Value combine(OpBuilder &b, Location l, bool sum, Value x, Value acc) {
  Type t = x.getType();
  if (isC(t))
    return sum ? Value(complex::AddOp::create(b, l, x, acc))
               : Value(complex::MulOp::create(b, l, x, acc));
  if (isF(t))
    return sum ? Value(arith::AddFOp::create(b, l, x, acc)) : Value(arith::MulFOp::create(b, l, x, acc));
  if (isB(t))
    return sum ? Value(arith::OrIOp::create(b, l, x, acc)) : Value(arith::AndIOp::create(b, l, x, acc));
  return sum ? Value(arith::AddIOp::create(b, l, x, acc)) : Value(arith::MulIOp::create(b, l, x, acc));
}

/// A scan is a loop over the scanned axis carrying the running total of the
/// other dimensions: step k reads the slice x[..., k, ...], combines it with
/// the total (one elementwise generic) and inserts the new total at k. Work
/// is O(size) and each step is data-parallel over the other dimensions.
struct ScanPattern : OpRewritePattern<nd::ScanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::ScanOp op, PatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Value input = op.getInput();
    auto rt = op.getType();
    int64_t rank = rt.getRank(), axis = op.getAxis();
    bool sum = op.getKind() == nd::ReduceKind::sum;
    Type elt = rt.getElementType();

    // The slice type: the shape without `axis`, and its dynamic sizes.
    SmallVector<int64_t> sliceShape;
    SmallVector<Value> sliceDyn;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == axis)
        continue;
      sliceShape.push_back(rt.getDimSize(d));
      if (rt.isDynamicDim(d))
        sliceDyn.push_back(tensor::DimOp::create(rw, loc, input, d));
    }
    auto sliceType = RankedTensorType::get(sliceShape, elt);
    Value total0 = linalg::FillOp::create(
                       rw, loc, cst(rw, loc, elt, sum ? 0 : 1, sum ? 0 : 1),
                       tensor::EmptyOp::create(rw, loc, sliceShape, elt, sliceDyn).getResult())
                       .getResult(0);
    Value out0 = emptyLike(rw, loc, rt, input);

    Value zero = arith::ConstantIndexOp::create(rw, loc, 0);
    Value one = arith::ConstantIndexOp::create(rw, loc, 1);
    Value n = tensor::DimOp::create(rw, loc, input, axis);
    auto loop = scf::ForOp::create(
        rw, loc, zero, n, one, ValueRange{out0, total0},
        [&](OpBuilder &b, Location l, Value k, ValueRange iter) {
          // Offsets/sizes/strides of the slice at position k along `axis`.
          SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
          SmallVector<OpFoldResult> sizes, strides(rank, b.getIndexAttr(1));
          offsets[axis] = k;
          for (int64_t d = 0; d < rank; ++d)
            sizes.push_back(d == axis ? OpFoldResult(b.getIndexAttr(1))
                                      : tensor::getMixedSize(b, l, input, d));
          Value x = tensor::ExtractSliceOp::create(b, l, sliceType, input, offsets, sizes,
                                                   strides);
          // One generic writes the new total both to the carried total and
          // straight into out's slice k, so bufferization needs no copy.
          Value outSlice = tensor::ExtractSliceOp::create(b, l, sliceType, iter[0], offsets,
                                                          sizes, strides);
          unsigned r = sliceShape.size();
          AffineMap id = b.getMultiDimIdentityMap(r);
          SmallVector<utils::IteratorType> par(r, utils::IteratorType::parallel);
          auto step = linalg::GenericOp::create(
              b, l, TypeRange{sliceType, sliceType}, ValueRange{x},
              ValueRange{iter[1], outSlice}, SmallVector<AffineMap>{id, id, id}, par,
              [&](OpBuilder &bb, Location ll, ValueRange a) {
                Value c = combine(bb, ll, sum, a[0], a[1]);
                linalg::YieldOp::create(bb, ll, ValueRange{c, c});
              });
          Value total = step.getResult(0);
          Value out = tensor::InsertSliceOp::create(b, l, step.getResult(1), iter[0], offsets,
                                                    sizes, strides);
          scf::YieldOp::create(b, l, ValueRange{out, total});
        });
    // Marks the loop as a scan for targets with a parallel scan of their own
    // (arrayc-gpu-map-linalg); others run it as it is.
    loop->setAttr(arrayc::ndarray::kScanAttrName, rw.getUnitAttr());
    rw.replaceOp(op, loop.getResult(0));
    return success();
  }
};

struct ContractPattern : OpRewritePattern<nd::ContractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::ContractOp op, PatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto rt = op.getType();
    Type elt = rt.getElementType();
    Type acc = (elt.isF16() || elt.isBF16()) ? rw.getF32Type() : elt;
    SmallVector<AffineMap> maps;
    for (Attribute a : op.getIndexingMaps())
      maps.push_back(cast<AffineMapAttr>(a).getValue());
    AffineMap outMap = maps.back();
    unsigned nd = outMap.getNumDims();
    // Output sizes from an input that indexes the same loop dimension.
    SmallVector<Value> dyn;
    for (int64_t r = 0; r < rt.getRank(); ++r) {
      if (!rt.isDynamicDim(r))
        continue;
      unsigned loopDim = cast<AffineDimExpr>(outMap.getResult(r)).getPosition();
      Value size;
      for (auto [i, v] : llvm::enumerate(op.getInputs())) {
        for (auto [k, e] : llvm::enumerate(maps[i].getResults()))
          if (cast<AffineDimExpr>(e).getPosition() == loopDim) {
            size = tensor::DimOp::create(rw, loc, v, k);
            break;
          }
        if (size)
          break;
      }
      dyn.push_back(size);
    }
    auto accType = RankedTensorType::get(rt.getShape(), acc);
    Value init = linalg::FillOp::create(rw, loc, cst(rw, loc, acc, 0, 0),
                                        emptyOf(rw, loc, accType, dyn))
                     .getResult(0);
    SmallVector<utils::IteratorType> iters(nd, utils::IteratorType::reduction);
    for (AffineExpr e : outMap.getResults())
      iters[cast<AffineDimExpr>(e).getPosition()] = utils::IteratorType::parallel;
    bool hasReduction = llvm::is_contained(iters, utils::IteratorType::reduction);
    auto generic = linalg::GenericOp::create(
        rw, loc, accType, op.getInputs(), init, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange a) {
          Value p;
          for (Value v : a.drop_back()) {
            if (v.getType() != acc)
              v = arith::ExtFOp::create(b, l, acc, v);
            p = p ? combine(b, l, /*sum=*/false, v, p) : v;
          }
          // Without summed indices the product is the result (keeps -0.0,
          // as NumPy's outer does).
          linalg::YieldOp::create(
              b, l, ValueRange{hasReduction ? combine(b, l, true, p, a.back()) : p});
        });
    Value r = generic.getResult(0);
    if (acc != elt) {
      SmallVector<AffineMap> m{rw.getMultiDimIdentityMap(rt.getRank())};
      r = parallel(rw, loc, rt, r, m, emptyLike(rw, loc, rt, r),
                   [&](OpBuilder &b, Location l, ValueRange a) -> Value {
                     return arith::TruncFOp::create(b, l, elt, a[0]);
                   });
    }
    rw.replaceOp(op, r);
    return success();
  }
};

/// Philox4x32-10 of counter `c` and key `k` (i32 values).
void philox(OpBuilder &b, Location l, Value c[4], Value k[2]) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value m0 = cst(b, l, i64, 0, 0xD2511F53), m1 = cst(b, l, i64, 0, 0xCD9E8D57);
  Value w0 = cst(b, l, i32, 0, (int32_t)0x9E3779B9), w1 = cst(b, l, i32, 0, (int32_t)0xBB67AE85);
  Value s32 = cst(b, l, i64, 0, 32);
  Value k0 = k[0], k1 = k[1];
  auto mulhilo = [&](Value m, Value x, Value &hi, Value &lo) {
    Value p = arith::MulIOp::create(b, l, m, arith::ExtUIOp::create(b, l, i64, x));
    lo = arith::TruncIOp::create(b, l, i32, p);
    hi = arith::TruncIOp::create(b, l, i32, arith::ShRUIOp::create(b, l, p, s32));
  };
  for (int r = 0; r < 10; ++r) {
    Value hi0, lo0, hi1, lo1;
    mulhilo(m0, c[0], hi0, lo0);
    mulhilo(m1, c[2], hi1, lo1);
    Value n0 = arith::XOrIOp::create(b, l, arith::XOrIOp::create(b, l, hi1, c[1]), k0);
    Value n2 = arith::XOrIOp::create(b, l, arith::XOrIOp::create(b, l, hi0, c[3]), k1);
    c[0] = n0;
    c[1] = lo1;
    c[2] = n2;
    c[3] = lo0;
    k0 = arith::AddIOp::create(b, l, k0, w0);
    k1 = arith::AddIOp::create(b, l, k1, w1);
  }
}

struct RandomPattern : OpRewritePattern<nd::RandomOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::RandomOp op, PatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto rt = op.getType();
    int64_t rank = rt.getRank();
    bool normal = op.getDistribution() == "normal";
    Value init = emptyOf(rw, loc, rt, op.getDynamicDims());
    SmallVector<Value> sizes;
    {
      unsigned dyn = 0;
      for (int64_t d = 0; d < rank; ++d)
        sizes.push_back(rt.isDynamicDim(d) ? op.getDynamicDims()[dyn++]
                                           : cst(rw, loc, rw.getIndexType(), 0, rt.getDimSize(d)));
    }
    AffineMap scalarMap = AffineMap::get(rank, 0, {}, rw.getContext());
    SmallVector<AffineMap> maps{scalarMap, scalarMap};
    Type elt = rt.getElementType();
    Value r = parallel(
        rw, loc, rt, {op.getSeed(), op.getCounter()}, maps, init,
        [&](OpBuilder &b, Location l, ValueRange a) -> Value {
          Type i32 = b.getI32Type(), i64 = b.getI64Type(), f64 = b.getF64Type();
          Value lin = cst(b, l, b.getIndexType(), 0, 0);
          for (int64_t d = 0; d < rank; ++d) {
            lin = arith::MulIOp::create(b, l, lin, sizes[d]);
            lin = arith::AddIOp::create(b, l, lin, linalg::IndexOp::create(b, l, d));
          }
          Value li = arith::IndexCastOp::create(b, l, i64, lin);
          Value s32 = cst(b, l, i64, 0, 32);
          auto lo = [&](Value v) -> Value { return arith::TruncIOp::create(b, l, i32, v); };
          auto hi = [&](Value v) -> Value {
            return arith::TruncIOp::create(b, l, i32, arith::ShRUIOp::create(b, l, v, s32));
          };
          Value c[4] = {lo(li), hi(li), lo(a[1]), hi(a[1])};
          Value k[2] = {lo(a[0]), hi(a[0])};
          philox(b, l, c, k);
          // 53-bit uniform in [0, 1) from two words.
          auto u53 = [&](Value x, Value y) -> Value {
            Value a27 = arith::ShRUIOp::create(b, l, arith::ExtUIOp::create(b, l, i64, x),
                                               cst(b, l, i64, 0, 5));
            Value b26 = arith::ShRUIOp::create(b, l, arith::ExtUIOp::create(b, l, i64, y),
                                               cst(b, l, i64, 0, 6));
            Value bits = arith::OrIOp::create(
                b, l, arith::ShLIOp::create(b, l, a27, cst(b, l, i64, 0, 26)), b26);
            Value f = arith::UIToFPOp::create(b, l, f64, bits);
            return arith::MulFOp::create(b, l, f, cst(b, l, f64, std::ldexp(1.0, -53), 0));
          };
          Value u = u53(c[0], c[1]);
          Value v = u;
          if (normal) {
            // Box-Muller: u1 in (0, 1].
            Value u1 = arith::SubFOp::create(b, l, cst(b, l, f64, 1, 0), u);
            Value u2 = u53(c[2], c[3]);
            Value rad = math::SqrtOp::create(
                b, l, arith::MulFOp::create(b, l, cst(b, l, f64, -2, 0),
                                            math::LogOp::create(b, l, u1)));
            Value th = arith::MulFOp::create(b, l, cst(b, l, f64, 2 * M_PI, 0), u2);
            v = arith::MulFOp::create(b, l, rad, math::CosOp::create(b, l, th));
          }
          if (elt.isF64())
            return v;
          if (!normal) {
            // f32 uniform from 24 bits so it stays < 1 after rounding.
            Value w = arith::ShRUIOp::create(b, l, c[0], cst(b, l, i32, 0, 8));
            Value f = arith::UIToFPOp::create(b, l, elt, w);
            return arith::MulFOp::create(b, l, f, cst(b, l, elt, std::ldexp(1.0, -24), 0));
          }
          return arith::TruncFOp::create(b, l, elt, v);
        });
    rw.replaceOp(op, r);
    return success();
  }
};

} // namespace

void arrayc::populateNDArrayBuiltinToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<IotaPattern, UnaryMathPattern, BinaryMathPattern, SelectPattern,
               ArgReducePattern, ScanPattern, ContractPattern, RandomPattern>(
      patterns.getContext());
}
