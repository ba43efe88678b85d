//===- ShapePatterns.cpp - indexing and shape ops to linalg ---------------===//
//
// slice, update_slice, transpose, concatenate and dim become parallel
// linalg.generic ops on tensors (so both targets run them as kernels);
// reshape becomes tensor.collapse_shape + tensor.expand_shape.
//
// A slice with static starts reads its source through an affine map
// (`start + step * d`, negative steps included); dynamic starts, updates and
// concatenations compute source indices from linalg.index in the body and
// read with tensor.extract (device code on the cuda target).
//
//===----------------------------------------------------------------------===//

#include "Conversion/NDArrayToLinalg/TensorBuilders.h"
#include "Conversion/Passes.h"
#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace arrayc;
namespace nd = arrayc::ndarray;

namespace {

Value cIdx(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// Mixed static/dynamic list to values.
SmallVector<Value> mixed(OpBuilder &b, Location loc, ArrayRef<int64_t> stat,
                         ValueRange dyn) {
  SmallVector<Value> out;
  size_t k = 0;
  for (int64_t s : stat)
    out.push_back(s == ShapedType::kDynamic ? dyn[k++] : cIdx(b, loc, s));
  return out;
}


/// A generic with no inputs over `type`; `fn` computes the element from the
/// index values.
Value indexGeneric(OpBuilder &b, Location loc, RankedTensorType type,
                   ValueRange dynSizes, ValueRange inputs, ArrayRef<AffineMap> inMaps,
                   function_ref<Value(OpBuilder &, Location, ValueRange idx,
                                      ValueRange args)> fn) {
  Value init = tensor::EmptyOp::create(b, loc, type.getShape(),
                                       type.getElementType(), dynSizes);
  unsigned rank = type.getRank();
  SmallVector<AffineMap> maps(inMaps.begin(), inMaps.end());
  maps.push_back(b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  auto g = linalg::GenericOp::create(
      b, loc, type, inputs, init, maps, iters,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        SmallVector<Value> idx;
        for (unsigned d = 0; d < rank; ++d)
          idx.push_back(linalg::IndexOp::create(nb, l, d));
        linalg::YieldOp::create(nb, l, fn(nb, l, idx, args.drop_back()));
      });
  return g.getResult(0);
}

SmallVector<Value> dynDimsOf(OpBuilder &b, Location loc, Value v) {
  SmallVector<Value> out;
  auto t = cast<RankedTensorType>(v.getType());
  for (int64_t d = 0; d < t.getRank(); ++d)
    if (t.isDynamicDim(d))
      out.push_back(tensor::DimOp::create(b, loc, v, d));
  return out;
}

struct SlicePattern : OpRewritePattern<nd::SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::SliceOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto out = op.getType();
    ArrayRef<int64_t> steps = op.getSteps();
    Value r;
    if (llvm::is_contained(op.getStaticSizes(), 0)) {
      // Nothing is read (and an affine read map would not verify).
      rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, out.getShape(),
                                                   out.getElementType(), op.getSizes());
      return success();
    }
    // The affine form needs every pure `d` read to cover the whole source
    // dim (linalg infers loop bounds from any operand): a size-1 window reads
    // the constant start; start 0 / step 1 must be the full static dim.
    auto srcT = cast<RankedTensorType>(op.getSource().getType());
    bool affine = !llvm::is_contained(op.getStaticStarts(), ShapedType::kDynamic);
    size_t dynSize = 0;
    for (int64_t d = 0; affine && d < srcT.getRank(); ++d) {
      int64_t size = op.getStaticSizes()[d];
      bool full = size == srcT.getDimSize(d);
      if (size == ShapedType::kDynamic) {
        // A dynamic size is the whole dim when it is `tensor.dim` of the source.
        auto dim = op.getSizes()[dynSize++].getDefiningOp<tensor::DimOp>();
        std::optional<int64_t> at = dim ? dim.getConstantIndex() : std::nullopt;
        full = dim && dim.getSource() == op.getSource() && at && *at == d;
      }
      if (op.getStaticStarts()[d] == 0 && steps[d] == 1 && size != 1 && !full)
        affine = false;
    }
    if (affine) {
      SmallVector<AffineExpr> exprs;
      for (auto [d, s] : llvm::enumerate(op.getStaticStarts()))
        exprs.push_back(op.getStaticSizes()[d] == 1
                            ? rewriter.getAffineConstantExpr(s)
                            : rewriter.getAffineConstantExpr(s) +
                                  rewriter.getAffineDimExpr(d) * steps[d]);
      AffineMap map = AffineMap::get(out.getRank(), 0, exprs, rewriter.getContext());
      r = indexGeneric(rewriter, loc, out, op.getSizes(), op.getSource(), map,
                       [](OpBuilder &, Location, ValueRange, ValueRange a) {
                         return a[0];
                       });
    } else {
      SmallVector<Value> starts =
          mixed(rewriter, loc, op.getStaticStarts(), op.getStarts());
      Value src = op.getSource();
      r = indexGeneric(rewriter, loc, out, op.getSizes(), {}, {},
                       [&](OpBuilder &b, Location l, ValueRange idx, ValueRange) {
                         SmallVector<Value> at;
                         for (auto [d, i] : llvm::enumerate(idx)) {
                           Value m = arith::MulIOp::create(b, l, i, cIdx(b, l, steps[d]));
                           at.push_back(arith::AddIOp::create(b, l, starts[d], m));
                         }
                         return tensor::ExtractOp::create(b, l, src, at).getResult();
                       });
    }
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct UpdateSlicePattern : OpRewritePattern<nd::UpdateSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::UpdateSliceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getDest().getType());
    if (llvm::is_contained(op.getStaticSizes(), 0)) { // An empty window.
      rewriter.replaceOp(op, op.getDest());
      return success();
    }
    ArrayRef<int64_t> steps = op.getSteps();
    Value update = op.getUpdate();
    // Forward windows are a tensor.insert_slice: bufferized in place, the
    // update costs the window's size (`L[j, j] = s` in a loop over j is
    // O(1) per iteration, not a pass over all of L).
    if (llvm::all_of(steps, [](int64_t s) { return s > 0; })) {
      SmallVector<OpFoldResult> offsets =
          getMixedValues(op.getStaticStarts(), op.getStarts(), rewriter);
      SmallVector<OpFoldResult> sizes =
          getMixedValues(op.getStaticSizes(), op.getSizes(), rewriter);
      SmallVector<OpFoldResult> strides = getAsIndexOpFoldResult(rewriter.getContext(), steps);
      RankedTensorType window = tensor::ExtractSliceOp::inferResultType(type, sizes);
      if (update.getType() != window)
        update = tensor::CastOp::create(rewriter, loc, window, update);
      rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(op, update, op.getDest(), offsets,
                                                         sizes, strides);
      return success();
    }
    // Backward windows (a negative step): a generic over the whole result.
    SmallVector<Value> starts = mixed(rewriter, loc, op.getStaticStarts(), op.getStarts());
    SmallVector<Value> sizes = mixed(rewriter, loc, op.getStaticSizes(), op.getSizes());
    Value r = indexGeneric(
        rewriter, loc, type, dynDimsOf(rewriter, loc, op.getDest()), op.getDest(),
        rewriter.getMultiDimIdentityMap(type.getRank()),
        [&](OpBuilder &b, Location l, ValueRange idx, ValueRange args) {
          Value inside = arith::ConstantIntOp::create(b, l, 1, 1);
          SmallVector<Value> at;
          Value zero = cIdx(b, l, 0);
          for (auto [d, i] : llvm::enumerate(idx)) {
            Value step = cIdx(b, l, steps[d]);
            Value diff = arith::SubIOp::create(b, l, i, starts[d]);
            Value k = arith::FloorDivSIOp::create(b, l, diff, step);
            Value back = arith::MulIOp::create(b, l, k, step);
            Value exact = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, back, diff);
            Value ge = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, k, zero);
            Value lt = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, k, sizes[d]);
            inside = arith::AndIOp::create(b, l, inside, exact);
            inside = arith::AndIOp::create(b, l, inside, ge);
            inside = arith::AndIOp::create(b, l, inside, lt);
            at.push_back(k);
          }
          auto ifOp = scf::IfOp::create(
              b, l, inside,
              [&](OpBuilder &tb, Location tl) {
                Value v = tensor::ExtractOp::create(tb, tl, update, at);
                scf::YieldOp::create(tb, tl, v);
              },
              [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, args[0]); });
          return ifOp.getResult(0);
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct TransposePattern : OpRewritePattern<nd::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::TransposeOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto out = op.getType();
    ArrayRef<int64_t> perm = op.getPermutation();
    SmallVector<AffineExpr> exprs(perm.size());
    for (auto [k, p] : llvm::enumerate(perm))
      exprs[p] = rewriter.getAffineDimExpr(k);
    AffineMap map = AffineMap::get(out.getRank(), 0, exprs, rewriter.getContext());
    SmallVector<Value> dyn;
    for (int64_t k = 0; k < out.getRank(); ++k)
      if (out.isDynamicDim(k))
        dyn.push_back(tensor::DimOp::create(rewriter, loc, op.getInput(), perm[k]));
    Value r = indexGeneric(rewriter, loc, out, dyn, op.getInput(), map,
                           [](OpBuilder &, Location, ValueRange, ValueRange a) {
                             return a[0];
                           });
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// Reassociation groups mapping `from` onto `core` (its non-unit dims, in
/// order): each group holds one core dim and the unit dims around it.
std::optional<SmallVector<ReassociationIndices>> unitGroups(RankedTensorType from,
                                                            ArrayRef<int64_t> core) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  size_t k = 0;
  for (int64_t d = 0; d < from.getRank(); ++d) {
    pending.push_back(d);
    if (from.getDimSize(d) == 1)
      continue;
    if (k >= core.size() || from.getDimSize(d) != core[k])
      return std::nullopt;
    groups.push_back(pending);
    pending.clear();
    ++k;
  }
  if (k != core.size())
    return std::nullopt;
  if (!pending.empty()) {
    if (groups.empty())
      return core.empty() ? std::optional(groups) : std::nullopt;
    groups.back().append(pending.begin(), pending.end());
  }
  return groups;
}

Value unitReshape(OpBuilder &b, Location loc, Value in, RankedTensorType out,
                  ValueRange outDyn) {
  auto inT = cast<RankedTensorType>(in.getType());
  SmallVector<int64_t> coreIn, coreOut;
  for (int64_t s : inT.getShape())
    if (s != 1)
      coreIn.push_back(s);
  for (int64_t s : out.getShape())
    if (s != 1)
      coreOut.push_back(s);
  if (coreIn != coreOut)
    return {};
  auto g1 = unitGroups(inT, coreIn), g2 = unitGroups(out, coreOut);
  if (!g1 || !g2)
    return {};
  // Dynamic core dims must be provably the same: each dynamic result size is
  // `tensor.dim` of the input at the matching dim.
  SmallVector<int64_t> inCoreDims;
  for (int64_t d = 0; d < inT.getRank(); ++d)
    if (inT.getDimSize(d) != 1)
      inCoreDims.push_back(d);
  size_t k0 = 0, c = 0;
  for (int64_t d = 0; d < out.getRank(); ++d) {
    if (out.getDimSize(d) == 1)
      continue;
    if (out.isDynamicDim(d)) {
      auto dimOp = outDyn[k0++].getDefiningOp<tensor::DimOp>();
      std::optional<int64_t> at = dimOp ? dimOp.getConstantIndex() : std::nullopt;
      if (!dimOp || dimOp.getSource() != in || !at || *at != inCoreDims[c])
        return {};
    }
    ++c;
  }
  auto coreT = RankedTensorType::get(coreIn, out.getElementType());
  Value core = in;
  if (coreT != inT)
    core = tensor::CollapseShapeOp::create(b, loc, coreT, in, *g1);
  if (coreT == out)
    return core;
  SmallVector<OpFoldResult> shape;
  size_t k = 0;
  for (int64_t d = 0; d < out.getRank(); ++d)
    shape.push_back(out.isDynamicDim(d) ? OpFoldResult(outDyn[k++])
                                        : OpFoldResult(b.getIndexAttr(out.getDimSize(d))));
  return tensor::ExpandShapeOp::create(b, loc, out, core, *g2, shape);
}

struct ReshapePattern : OpRewritePattern<nd::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::ReshapeOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value in = op.getInput();
    auto inT = cast<RankedTensorType>(in.getType());
    auto out = op.getType();
    Type elt = out.getElementType();
    // Run-time check of the element counts when a size is dynamic.
    if (!inT.hasStaticShape() || !out.hasStaticShape()) {
      Value a = cIdx(rewriter, loc, 1), c = cIdx(rewriter, loc, 1);
      for (int64_t d = 0; d < inT.getRank(); ++d)
        a = arith::MulIOp::create(rewriter, loc, a,
                                  tensor::DimOp::create(rewriter, loc, in, d));
      SmallVector<Value> outSizes =
          mixed(rewriter, loc, out.getShape(), op.getDynamicDims());
      for (Value v : outSizes)
        c = arith::MulIOp::create(rewriter, loc, c, v);
      Value ok = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, a, c);
      nd::AssertOp::create(rewriter, loc, ok,
                           rewriter.getStringAttr(arrayc::locationPrefix(loc) +
                                                  "cannot reshape: the number of "
                                                  "elements differs"));
    }
    // Only unit dims inserted or removed: one collapse and one expand whose
    // groups each hold at most one non-unit dim.
    if (Value r = unitReshape(rewriter, loc, in, out, op.getDynamicDims())) {
      rewriter.replaceOp(op, r);
      return success();
    }
    // To 1-d.
    int64_t count = inT.hasStaticShape() ? inT.getNumElements() : ShapedType::kDynamic;
    auto flatT = RankedTensorType::get({count}, elt);
    Value flat;
    if (inT.getRank() == 0) {
      flat = tensor::ExpandShapeOp::create(rewriter, loc, flatT, in,
                                           ArrayRef<ReassociationIndices>{},
                                           ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
    } else if (inT.getRank() == 1) {
      flat = in;
    } else {
      ReassociationIndices all;
      for (int64_t d = 0; d < inT.getRank(); ++d)
        all.push_back(d);
      flat = tensor::CollapseShapeOp::create(rewriter, loc, flatT, in,
                                             ArrayRef<ReassociationIndices>{all});
    }
    // From 1-d.
    int64_t outCount = out.hasStaticShape() ? out.getNumElements() : ShapedType::kDynamic;
    auto flatOutT = RankedTensorType::get({outCount}, elt);
    if (flat.getType() != flatOutT)
      flat = tensor::CastOp::create(rewriter, loc, flatOutT, flat);
    Value r;
    if (out.getRank() == 0) {
      r = tensor::CollapseShapeOp::create(rewriter, loc, out, flat,
                                          ArrayRef<ReassociationIndices>{});
    } else if (out.getRank() == 1) {
      r = flat.getType() == out ? flat : tensor::CastOp::create(rewriter, loc, out, flat);
    } else {
      // One expand group, dynamic sizes included (a view, no copy).
      ReassociationIndices all;
      SmallVector<OpFoldResult> shape;
      size_t k = 0;
      for (int64_t d = 0; d < out.getRank(); ++d) {
        all.push_back(d);
        if (out.isDynamicDim(d))
          shape.push_back(op.getDynamicDims()[k++]);
        else
          shape.push_back(rewriter.getIndexAttr(out.getDimSize(d)));
      }
      r = tensor::ExpandShapeOp::create(rewriter, loc, out, flat,
                                        ArrayRef<ReassociationIndices>{all}, shape);
    }
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct ConcatenatePattern : OpRewritePattern<nd::ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto out = op.getType();
    int64_t axis = op.getAxis();
    SmallVector<Value> offsets; // offsets[k]: where input k starts
    Value off = cIdx(rewriter, loc, 0);
    for (Value v : op.getInputs()) {
      offsets.push_back(off);
      off = arith::AddIOp::create(rewriter, loc, off,
                                  tensor::DimOp::create(rewriter, loc, v, axis));
    }
    Value total = off;
    SmallVector<Value> dyn;
    Value first = op.getInputs()[0];
    for (int64_t d = 0; d < out.getRank(); ++d) {
      if (!out.isDynamicDim(d))
        continue;
      if (d == axis) {
        dyn.push_back(total);
        continue;
      }
      // Take the size from an input whose dim is static if any, else the first.
      dyn.push_back(tensor::DimOp::create(rewriter, loc, first, d));
    }
    SmallVector<Value> inputs(op.getInputs());
    Value r = indexGeneric(
        rewriter, loc, out, dyn, {}, {},
        [&](OpBuilder &b, Location l, ValueRange idx, ValueRange) {
          std::function<Value(OpBuilder &, size_t)> pick = [&](OpBuilder &nb,
                                                               size_t k) -> Value {
            SmallVector<Value> at(idx.begin(), idx.end());
            at[axis] = arith::SubIOp::create(nb, l, idx[axis], offsets[k]);
            if (k + 1 == inputs.size())
              return tensor::ExtractOp::create(nb, l, inputs[k], at);
            Value here = arith::CmpIOp::create(nb, l, arith::CmpIPredicate::slt,
                                               idx[axis], offsets[k + 1]);
            auto ifOp = scf::IfOp::create(
                nb, l, here,
                [&](OpBuilder &tb, Location tl) {
                  scf::YieldOp::create(tb, tl,
                                       tensor::ExtractOp::create(tb, tl, inputs[k], at)
                                           .getResult());
                },
                [&](OpBuilder &eb, Location el) {
                  scf::YieldOp::create(eb, el, pick(eb, k + 1));
                });
            return ifOp.getResult(0);
          };
          return pick(b, 0);
        });
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct DimPattern : OpRewritePattern<nd::DimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::DimOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value d = tensor::DimOp::create(rewriter, loc, op.getInput(), op.getAxis());
    Value i = arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), d);
    Value r = indexGeneric(rewriter, loc, op.getType(), {}, {}, {},
                           [&](OpBuilder &, Location, ValueRange, ValueRange) { return i; });
    rewriter.replaceOp(op, r);
    return success();
  }
};

} // namespace

void arrayc::populateNDArrayShapeToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<SlicePattern, UpdateSlicePattern, TransposePattern, ReshapePattern,
               ConcatenatePattern, DimPattern>(patterns.getContext());
}
