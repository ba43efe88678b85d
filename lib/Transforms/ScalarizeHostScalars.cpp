//===- ScalarizeHostScalars.cpp - 0-d arithmetic on host scalars ----------===//
//
// `i + 1`, `n - 1` and the like reach linalg as 0-d generics over
// `tensor.from_elements` of host values. Left alone, the cuda target runs each
// as a one-thread kernel and copies the result back to the host (a launch and
// a synchronization per loop iteration); here they become the scalar ops
// themselves, on the host, on both targets. A host scalar that a generic of
// any rank reads as a 0-d input becomes a value its body uses.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace arrayc {
#define GEN_PASS_DEF_SCALARIZEHOSTSCALARS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// The splat value of a constant 0-d input of integer or float type, or null.
TypedAttr splatScalar(Value input) {
  DenseElementsAttr dense;
  if (!matchPattern(input, m_Constant(&dense)) || !dense.isSplat() ||
      !dense.getElementType().isIntOrIndexOrFloat())
    return nullptr;
  return dyn_cast<TypedAttr>(dense.getSplatValue<Attribute>());
}


/// The host scalar of an input isHostScalar accepts (constants built at
/// `b`'s insertion point).
Value hostScalar(OpBuilder &b, Value input) {
  if (auto from = input.getDefiningOp<tensor::FromElementsOp>())
    return from.getElements().front();
  return arith::ConstantOp::create(b, input.getLoc(), splatScalar(input));
}

/// Whether `op` is a 0-d computation the host can do once its inputs are
/// host scalars: inputs (without them it is a fill, a reduction's init, which
/// the GPU mapping folds into the reduction's kernel), no read of its init,
/// effect-free `arith` ops only (IEEE-exact on host and device alike).
bool isZeroRankArith(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() != 0 || op.getNumDpsInputs() == 0)
    return false;
  for (BlockArgument out : op.getRegionOutputArgs())
    if (!out.use_empty())
      return false;
  for (Operation &inner : op.getBody()->without_terminator())
    if (!isa<arith::ArithDialect>(inner.getDialect()) || !isMemoryEffectFree(&inner))
      return false;
  return true;
}

struct ScalarizeZeroRankGeneric : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!isZeroRankArith(op))
      return failure();
    Block *body = op.getBody();
    for (OpOperand *in : op.getDpsInputOperands())
      if (!arrayc::isHostScalar(in->get()))
        return failure();
    IRMapping map;
    for (OpOperand *in : op.getDpsInputOperands())
      map.map(op.getMatchingBlockArgument(in), hostScalar(rewriter, in->get()));
    for (Operation &inner : body->without_terminator())
      rewriter.clone(inner, map);
    SmallVector<Value> results;
    for (auto [value, result] :
         llvm::zip(body->getTerminator()->getOperands(), op.getResults()))
      results.push_back(tensor::FromElementsOp::create(rewriter, op.getLoc(), result.getType(),
                                                       map.lookupOrDefault(value)));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// A 0-d generic without inputs that yields a host value (`KH` of
/// `F, C, KH, KW = w.shape`, a Python int put in a 0-d array) becomes that
/// value in `tensor.from_elements` when only inputs read it: it is an
/// operand, not the destination a reduction writes (those fills stay
/// generics, which the GPU mapping folds into the reduction's kernel).
/// Before, `KH // 2` in conv2d's `np.pad` ran as two one-thread kernels and
/// a read back to the host.
struct ScalarizeZeroRankValue : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumLoops() != 0 || op.getNumDpsInputs() != 0 ||
        op.getNumResults() != 1)
      return failure();
    Block *body = op.getBody();
    if (!body->without_terminator().empty() || !op.getRegionOutputArgs()[0].use_empty())
      return failure();
    Value value = body->getTerminator()->getOperand(0);
    if (op.getRegion().isAncestor(value.getParentRegion()) ||
        !value.getType().isIntOrIndexOrFloat())
      return failure();
    for (OpOperand &use : op.getResult(0).getUses()) {
      auto user = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
      if (user && user.isDpsInit(&use))
        return failure();
      if (!user && !isa<tensor::ExtractOp>(use.getOwner()))
        return failure();
    }
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, op.getResult(0).getType(), value);
    return success();
  }
};

/// A 0-d host scalar read by a generic of any rank (`x * alpha`, a roll's
/// offset) becomes a value the body uses directly; the unused input is then
/// erased. As an operand it was a 0-d tensor, which the cuda target
/// materializes in device memory with a one-thread kernel per scalar before
/// the generic can run.
struct InlineHostScalarInputs : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return failure();
    bool changed = false;
    rewriter.setInsertionPoint(op);
    for (OpOperand *in : op.getDpsInputOperands()) {
      BlockArgument arg = op.getMatchingBlockArgument(in);
      if (arg.use_empty() || op.getMatchingIndexingMap(in).getNumResults() != 0 ||
          !arrayc::isHostScalar(in->get()))
        continue;
      Value scalar = hostScalar(rewriter, in->get());
      rewriter.modifyOpInPlace(op, [&] { arg.replaceAllUsesWith(scalar); });
      changed = true;
    }
    return success(changed);
  }
};

/// Whether the 0-d tensor `v` is computed on the host: a host scalar, one
/// of the `assumed` block arguments (the loop-carried values being
/// scalarized together), a 0-d generic of arith ops on such values (which
/// ScalarizeZeroRankGeneric makes scalar code), or an `scf.if` result whose
/// branches both yield such values. Loop flags (`$break`, `$returned`) and
/// Python ints carried by loops are these; a value a kernel computes is not.
bool hostComputable(Value v, const llvm::SmallPtrSetImpl<Value> &assumed,
                    unsigned depth = 0) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || type.getRank() != 0 || depth > 16)
    return false;
  if (arrayc::isHostScalar(v) || assumed.contains(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (auto generic = dyn_cast_or_null<linalg::GenericOp>(def)) {
    if (!isZeroRankArith(generic))
      return false;
    return llvm::all_of(generic.getDpsInputOperands(), [&](OpOperand *in) {
      return hostComputable(in->get(), assumed, depth + 1);
    });
  }
  if (auto select = dyn_cast_or_null<arith::SelectOp>(def))
    return select.getCondition().getType().isInteger(1) &&
           hostComputable(select.getTrueValue(), assumed, depth + 1) &&
           hostComputable(select.getFalseValue(), assumed, depth + 1);
  if (auto ifOp = dyn_cast_or_null<scf::IfOp>(def)) {
    if (ifOp.getElseRegion().empty())
      return false;
    unsigned i = cast<OpResult>(v).getResultNumber();
    return hostComputable(ifOp.thenYield().getOperand(i), assumed, depth + 1) &&
           hostComputable(ifOp.elseYield().getOperand(i), assumed, depth + 1);
  }
  return false;
}

bool isZeroRankTensor(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  return rt && rt.getRank() == 0;
}

/// The host scalar of a 0-d tensor hostComputable accepts, at `b`'s
/// insertion point: `tensor.extract`, which folds once its producer is a
/// `tensor.from_elements`.
Value extractScalar(OpBuilder &b, Value tensor) {
  return tensor::ExtractOp::create(b, tensor.getLoc(), tensor, ValueRange{});
}

/// `values`, those at the `scalar` positions extracted (extractScalar).
llvm::SmallVector<Value> extractScalars(OpBuilder &b, ValueRange values,
                                        llvm::ArrayRef<bool> scalar) {
  llvm::SmallVector<Value> out;
  for (auto [v, s] : llvm::zip_equal(values, scalar))
    out.push_back(s ? extractScalar(b, v) : v);
  return out;
}

/// `types`, the 0-d tensors at the `scalar` positions as their element types:
/// the result types of a region op that carries those as scalars.
llvm::SmallVector<Type> scalarTypes(TypeRange types, llvm::ArrayRef<bool> scalar) {
  llvm::SmallVector<Type> out;
  for (auto [t, s] : llvm::zip_equal(types, scalar))
    out.push_back(s ? cast<RankedTensorType>(t).getElementType() : t);
  return out;
}

/// Replaces `op` by `newOp`, whose results at the `scalar` positions are the
/// scalars of `op`'s 0-d tensor results: those are wrapped back in
/// `tensor.from_elements` for `op`'s users.
void replaceWithScalarResults(PatternRewriter &rewriter, Operation *op, Operation *newOp,
                              llvm::ArrayRef<bool> scalar) {
  rewriter.setInsertionPointAfter(newOp);
  llvm::SmallVector<Value> results;
  for (auto [r, s, n] : llvm::zip_equal(op->getResults(), scalar, newOp->getResults()))
    results.push_back(
        s ? tensor::FromElementsOp::create(rewriter, op->getLoc(), r.getType(), n).getResult()
          : Value(n));
  rewriter.replaceOp(op, results);
}

/// `tensor.extract` of a 0-d `arith.select` on a scalar condition (the
/// canonical form of an `scf.if` choosing between two 0-d tensors) selects
/// between the extracted scalars.
struct ExtractOfScalarSelect : OpRewritePattern<tensor::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::ExtractOp op, PatternRewriter &rewriter) const override {
    auto select = op.getTensor().getDefiningOp<arith::SelectOp>();
    llvm::SmallPtrSet<Value, 1> none;
    // Only host values: two reads of device memory would replace one.
    if (!select || !select.getCondition().getType().isInteger(1) ||
        !isZeroRankTensor(select.getType()) || !hostComputable(select, none))
      return failure();
    Value t = extractScalar(rewriter, select.getTrueValue());
    Value f = extractScalar(rewriter, select.getFalseValue());
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, select.getCondition(), t, f);
    return success();
  }
};

/// A 0-d `arith.select` on a scalar condition between two host scalars is
/// the select of the scalars (`flag = True if c else flag`, canonicalized).
struct ScalarizeHostSelect : OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp op, PatternRewriter &rewriter) const override {
    if (!op.getCondition().getType().isInteger(1) || !isZeroRankTensor(op.getType()) ||
        !arrayc::isHostScalar(op.getTrueValue()) || !arrayc::isHostScalar(op.getFalseValue()))
      return failure();
    Value t = hostScalar(rewriter, op.getTrueValue());
    Value f = hostScalar(rewriter, op.getFalseValue());
    Value r = arith::SelectOp::create(rewriter, op.getLoc(), op.getCondition(), t, f);
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, op.getType(), r);
    return success();
  }
};

/// An `scf.if` result that both branches compute on the host becomes a
/// scalar result (wrapped in `tensor.from_elements` for its users): the
/// cuda target kept it in device memory and read it back at each use.
struct ScalarizeHostIfResults : OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::IfOp op, PatternRewriter &rewriter) const override {
    if (op.getElseRegion().empty())
      return failure();
    llvm::SmallPtrSet<Value, 4> none;
    llvm::SmallVector<bool> scalar;
    bool any = false;
    for (OpResult r : op.getResults()) {
      scalar.push_back(isZeroRankTensor(r.getType()) && hostComputable(r, none));
      any |= scalar.back();
    }
    if (!any)
      return failure();
    auto newOp = scf::IfOp::create(rewriter, op.getLoc(),
                                   scalarTypes(op.getResultTypes(), scalar),
                                   op.getCondition(), /*withElseRegion=*/true);
    for (auto [from, to] : {std::pair{&op.getThenRegion(), &newOp.getThenRegion()},
                            std::pair{&op.getElseRegion(), &newOp.getElseRegion()}}) {
      rewriter.eraseBlock(&to->front());
      rewriter.inlineRegionBefore(*from, *to, to->end());
      auto yield = cast<scf::YieldOp>(to->front().getTerminator());
      rewriter.setInsertionPoint(yield);
      for (auto [i, s] : llvm::enumerate(scalar))
        if (s) {
          Value v = extractScalar(rewriter, yield.getOperand(i));
          rewriter.modifyOpInPlace(yield, [&] { yield.setOperand(i, v); });
        }
    }
    replaceWithScalarResults(rewriter, op, newOp, scalar);
    return success();
  }
};

/// `block`'s arguments at `argOffset + i` for `positions[i]` (0-d tensors)
/// become scalars of their element types, and its terminator's operands at
/// `terminatorOffset + i` for `termPositions[i]` the extracted scalars: the
/// block is moved into a new one in `region`, each such argument wrapped
/// back in `tensor.from_elements`.
void scalarizeBlock(PatternRewriter &rewriter, Block *block, Region &region,
                    llvm::ArrayRef<bool> positions, unsigned argOffset,
                    llvm::ArrayRef<bool> termPositions, unsigned terminatorOffset) {
  llvm::SmallVector<Type> types;
  llvm::SmallVector<Location> locs;
  for (BlockArgument arg : block->getArguments()) {
    unsigned i = arg.getArgNumber();
    bool s = i >= argOffset && positions[i - argOffset];
    types.push_back(s ? cast<RankedTensorType>(arg.getType()).getElementType() : arg.getType());
    locs.push_back(arg.getLoc());
  }
  Block *fresh = rewriter.createBlock(&region, region.end(), types, locs);
  rewriter.setInsertionPointToStart(fresh);
  llvm::SmallVector<Value> repl;
  for (BlockArgument arg : block->getArguments()) {
    unsigned i = arg.getArgNumber();
    bool s = i >= argOffset && positions[i - argOffset];
    repl.push_back(s ? tensor::FromElementsOp::create(rewriter, arg.getLoc(), arg.getType(),
                                                      fresh->getArgument(i))
                           .getResult()
                     : Value(fresh->getArgument(i)));
  }
  rewriter.mergeBlocks(block, fresh, repl);
  Operation *term = fresh->getTerminator();
  rewriter.setInsertionPoint(term);
  for (auto [i, s] : llvm::enumerate(termPositions))
    if (s) {
      Value v = extractScalar(rewriter, term->getOperand(terminatorOffset + i));
      rewriter.modifyOpInPlace(term, [&] { term->setOperand(terminatorOffset + i, v); });
    }
}

/// The values a loop carries that stay host scalars through every
/// iteration (initial value, and each iteration's new value computed on the
/// host from the carried ones): `args[i]` are the block arguments that stand
/// for position i, `next(i)` the values the loop carries to it. Positions
/// are dropped until the assumption holds for all.
llvm::SmallVector<bool>
hostCarried(ValueRange inits, llvm::ArrayRef<llvm::SmallVector<Value, 2>> args,
            llvm::function_ref<llvm::SmallVector<Value>(unsigned)> next) {
  llvm::SmallVector<bool> host;
  for (auto [init, arg] : llvm::zip(inits, args))
    host.push_back(isZeroRankTensor(init.getType()) &&
                   llvm::all_of(arg, [&](Value a) { return a.getType() == init.getType(); }) &&
                   hostComputable(init, llvm::SmallPtrSet<Value, 1>()));
  for (bool changed = true; changed;) {
    changed = false;
    llvm::SmallPtrSet<Value, 8> assumed;
    for (auto [i, h] : llvm::enumerate(host))
      if (h)
        assumed.insert(args[i].begin(), args[i].end());
    for (auto [i, h] : llvm::enumerate(host)) {
      if (!h)
        continue;
      for (Value v : next(i))
        if (!hostComputable(v, assumed)) {
          host[i] = false;
          changed = true;
          break;
        }
    }
  }
  return host;
}

/// A `while` that carries host scalars (its `break`/`return` flags, a Python
/// int counter) carries them as scalars: the condition and the guards then
/// read no device memory. Positions of the before block (inits, the after
/// block's yield) and of the after block (the condition's forwarded values,
/// the results) are chosen apart: canonicalization drops a flag the after
/// block does not read from what the condition forwards.
struct ScalarizeHostWhileCarried : OpRewritePattern<scf::WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::WhileOp op, PatternRewriter &rewriter) const override {
    Block *before = op.getBeforeBody(), *after = op.getAfterBody();
    scf::ConditionOp cond = op.getConditionOp();
    scf::YieldOp yield = op.getYieldOp();
    llvm::SmallVector<bool> inB, inA;
    for (Value init : op.getInits())
      inB.push_back(isZeroRankTensor(init.getType()) &&
                    hostComputable(init, llvm::SmallPtrSet<Value, 1>()));
    for (BlockArgument a : after->getArguments())
      inA.push_back(isZeroRankTensor(a.getType()));
    for (bool changed = true; changed;) {
      changed = false;
      llvm::SmallPtrSet<Value, 8> assumed;
      for (auto [i, h] : llvm::enumerate(inB))
        if (h)
          assumed.insert(before->getArgument(i));
      for (auto [j, h] : llvm::enumerate(inA))
        if (h)
          assumed.insert(after->getArgument(j));
      for (unsigned i = 0; i < inB.size(); ++i)
        if (inB[i] && !hostComputable(yield.getOperand(i), assumed))
          inB[i] = false, changed = true;
      for (unsigned j = 0; j < inA.size(); ++j)
        if (inA[j] && !hostComputable(cond.getArgs()[j], assumed))
          inA[j] = false, changed = true;
    }
    if (!llvm::is_contained(inB, true) && !llvm::is_contained(inA, true))
      return failure();
    auto newOp = scf::WhileOp::create(rewriter, op.getLoc(),
                                      scalarTypes(op.getResultTypes(), inA),
                                      extractScalars(rewriter, op.getInits(), inB));
    scalarizeBlock(rewriter, before, newOp.getBefore(), inB, 0, inA, 1);
    scalarizeBlock(rewriter, after, newOp.getAfter(), inA, 0, inB, 0);
    replaceWithScalarResults(rewriter, op, newOp, inA);
    return success();
  }
};

/// The same for a `for` loop's iter_args (a `continue` flag, a Python int
/// accumulated in the loop).
struct ScalarizeHostForCarried : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::ForOp op, PatternRewriter &rewriter) const override {
    llvm::SmallVector<llvm::SmallVector<Value, 2>> args;
    for (Value a : op.getRegionIterArgs())
      args.push_back({a});
    auto yield = cast<scf::YieldOp>(op.getBody()->getTerminator());
    llvm::SmallVector<bool> host =
        hostCarried(op.getInitArgs(), args, [&](unsigned i) -> llvm::SmallVector<Value> {
          return {yield.getOperand(i)};
        });
    if (!llvm::is_contained(host, true))
      return failure();
    auto newOp = scf::ForOp::create(rewriter, op.getLoc(), op.getLowerBound(),
                                    op.getUpperBound(), op.getStep(),
                                    extractScalars(rewriter, op.getInitArgs(), host));
    newOp->setAttrs(op->getAttrs());
    rewriter.eraseBlock(newOp.getBody());
    scalarizeBlock(rewriter, op.getBody(), newOp.getRegion(), host, 1, host, 0);
    replaceWithScalarResults(rewriter, op, newOp, host);
    return success();
  }
};

/// The outermost host loop around `op` that `source` (which dominates `op`)
/// is defined outside of, climbing through scf loops and branches only (a
/// read in a kernel's body stays there); null if none.
Operation *outermostInvariantLoop(Operation *op, Value source) {
  // The walk stops at the op whose region defines the source: every loop
  // below it is after the source's definition.
  Operation *definedIn = source.getParentRegion()->getParentOp();
  Operation *loop = nullptr;
  for (Operation *p = op->getParentOp(); p && p != definedIn; p = p->getParentOp()) {
    if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp>(p))
      break;
    if (isa<scf::ForOp, scf::WhileOp>(p))
      loop = p;
  }
  return loop;
}

/// A read of a 0-d array defined outside the host loops around it moves
/// before the outermost of them, out of `scf.if`s too (a 0-d read has no
/// out-of-bounds case): the cuda target copied such a device scalar to the
/// host (a copy and a synchronization) every iteration; now once.
struct HoistInvariantScalarRead : OpRewritePattern<tensor::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractOp extract,
                                PatternRewriter &rewriter) const override {
    if (extract.getTensor().getType().getRank() != 0)
      return failure();
    Operation *loop = outermostInvariantLoop(extract, extract.getTensor());
    if (!loop)
      return rewriter.notifyMatchFailure(extract, "not in a host loop");
    rewriter.moveOpBefore(extract, loop);
    return success();
  }
};

/// A 0-d computation in a host loop on 0-d arrays defined outside it (`it <
/// maxiter` on a scalar argument in device memory) reads those arrays once,
/// before the outermost such loop, as host scalars; ScalarizeZeroRankGeneric
/// then makes it host arithmetic. On the cuda target it was a one-thread
/// kernel, a copy back and a synchronization every iteration of power
/// iteration's `while`.
struct HoistInvariantZeroRankInputs : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!isZeroRankArith(op))
      return failure();
    // Every input a host scalar already or hoisted: only then does the
    // computation leave the device.
    SmallVector<std::pair<OpOperand *, Operation *>> hoisted;
    for (OpOperand *in : op.getDpsInputOperands()) {
      if (arrayc::isHostScalar(in->get()))
        continue;
      Operation *loop = isa<RankedTensorType>(in->get().getType())
                            ? outermostInvariantLoop(op, in->get())
                            : nullptr;
      if (!loop)
        return rewriter.notifyMatchFailure(op, "an input computed in the loop");
      hoisted.emplace_back(in, loop);
    }
    if (hoisted.empty())
      return failure();
    for (auto [in, loop] : hoisted) {
      rewriter.setInsertionPoint(loop);
      Value scalar = tensor::ExtractOp::create(rewriter, op.getLoc(), in->get(), ValueRange{});
      rewriter.setInsertionPoint(op);
      Value host = tensor::FromElementsOp::create(rewriter, op.getLoc(), in->get().getType(),
                                                  scalar);
      rewriter.modifyOpInPlace(op, [&] { in->set(host); });
    }
    return success();
  }
};

struct ScalarizeHostScalarsPass
    : arrayc::impl::ScalarizeHostScalarsBase<ScalarizeHostScalarsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arrayc::populateScalarizeHostScalarsPatterns(patterns);
    tensor::FromElementsOp::getCanonicalizationPatterns(patterns, &getContext());
    tensor::ExtractOp::getCanonicalizationPatterns(patterns, &getContext());
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

bool arrayc::isHostScalar(Value input) {
  return input.getDefiningOp<tensor::FromElementsOp>() || splatScalar(input);
}

void arrayc::populateScalarizeHostScalarsPatterns(RewritePatternSet &patterns) {
  patterns.add<ScalarizeZeroRankGeneric, ScalarizeZeroRankValue, InlineHostScalarInputs,
               ScalarizeHostIfResults, ScalarizeHostWhileCarried, ScalarizeHostForCarried, ExtractOfScalarSelect,
               ScalarizeHostSelect, HoistInvariantScalarRead,
               HoistInvariantZeroRankInputs>(
      patterns.getContext());
}
