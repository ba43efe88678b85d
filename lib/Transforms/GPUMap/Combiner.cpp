//===- Combiner.cpp - how a reduction's partial results combine -----------===//
//
// The single-op combiners and their identities, and the recognition of a
// user's combine function from the marks convert-ndarray-to-linalg puts on
// its ops (MapPatterns.cpp). A mark lost to a rewrite only costs speed: the
// function is recognized only when all its marks are there, else the
// reduction takes Strategy::Sequential.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/Combiner.h"

#include "ndarray/NDArray.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/TypeSwitch.h"

namespace arrayc::gpumap {
namespace nd = arrayc::ndarray;

/// Identity of a one-op combiner, or null when it is not one we know.
static Value opIdentity(OpBuilder &b, Location loc, Operation *combiner, Type t) {
  auto intAttr = [&](APInt v) -> Value {
    return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v));
  };
  auto floatAttr = [&](APFloat v) -> Value {
    return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, v));
  };
  unsigned w = t.getIntOrFloatBitWidth();
  const llvm::fltSemantics *sem =
      isa<FloatType>(t) ? &cast<FloatType>(t).getFloatSemantics() : nullptr;
  return TypeSwitch<Operation *, Value>(combiner)
      .Case<arith::AddFOp>([&](auto) { return floatAttr(APFloat::getZero(*sem, true)); })
      .Case<arith::MulFOp>([&](auto) { return floatAttr(APFloat::getOne(*sem)); })
      .Case<arith::MaximumFOp, arith::MaxNumFOp>(
          [&](auto) { return floatAttr(APFloat::getInf(*sem, true)); })
      .Case<arith::MinimumFOp, arith::MinNumFOp>(
          [&](auto) { return floatAttr(APFloat::getInf(*sem, false)); })
      .Case<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(
          [&](auto) { return intAttr(APInt::getZero(w)); })
      .Case<arith::MulIOp>([&](auto) { return intAttr(APInt(w, 1)); })
      .Case<arith::AndIOp, arith::MinUIOp>([&](auto) { return intAttr(APInt::getAllOnes(w)); })
      .Case<arith::MaxSIOp>([&](auto) { return intAttr(APInt::getSignedMinValue(w)); })
      .Case<arith::MinSIOp>([&](auto) { return intAttr(APInt::getSignedMaxValue(w)); })
      .Default([](Operation *) { return Value(); });
}

Operation *reductionCombiner(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1)
    return nullptr;
  SmallVector<Operation *, 4> combiners;
  if (!matchReduction(op.getRegionOutputArgs(), 0, combiners) || combiners.size() != 1)
    return nullptr;
  Operation *combiner = combiners.front();
  if (combiner->getNumOperands() != 2 || combiner->getNumResults() != 1)
    return nullptr;
  auto outType = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!outType || !outType.getElementType().isIntOrFloat())
    return nullptr;
  OpBuilder probe(op);
  Value id = opIdentity(probe, op.getLoc(), combiner, outType.getElementType());
  if (!id)
    return nullptr;
  id.getDefiningOp()->erase();
  return combiner;
}

/// Whether `user` is one of `ops` or nested in one.
static bool within(Operation *user, const llvm::SmallPtrSetImpl<Operation *> &ops) {
  for (Operation *o = user; o; o = o->getParentOp())
    if (ops.contains(o))
      return true;
  return false;
}

std::optional<Combiner> Combiner::ofMarkedFunction(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumReductionLoops() == 0)
    return std::nullopt;
  Block &body = op.getRegion().front();
  Value acc = op.getRegionOutputArgs()[0];
  if (!acc.getType().isIntOrFloat())
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  Value result = yield.getValues()[0];
  Operation *root = result.getDefiningOp();
  auto identity = root ? root->getAttrOfType<TypedAttr>(nd::kCombinerIdentityAttrName)
                       : TypedAttr();
  if (!identity || root->getBlock() != &body || identity.getType() != acc.getType() ||
      result.getType() != acc.getType())
    return std::nullopt;
  // Every mark of the function present once, in order.
  Combiner c;
  int64_t count = -1;
  for (Operation &o : body.without_terminator()) {
    auto place = o.getAttrOfType<DenseI64ArrayAttr>(nd::kCombinerAttrName);
    if (!place)
      continue;
    if ((count >= 0 && place[1] != count) ||
        place[0] != static_cast<int64_t>(c.ops.size()))
      return std::nullopt;
    count = place[1];
    c.ops.push_back(&o);
  }
  if (static_cast<int64_t>(c.ops.size()) != count)
    return std::nullopt;
  llvm::SmallPtrSet<Operation *, 8> mine(c.ops.begin(), c.ops.end());
  // The accumulator and the function's values feed the function only (and
  // the yield): the rest of the body does not depend on the accumulator.
  auto feedsFunctionOnly = [&](Value v) {
    return llvm::all_of(v.getUsers(), [&](Operation *u) {
      return u == yield.getOperation() || within(u, mine);
    });
  };
  if (!feedsFunctionOnly(acc))
    return std::nullopt;
  for (Operation *o : c.ops)
    if (!llvm::all_of(o->getResults(), feedsFunctionOnly))
      return std::nullopt;
  // What the function reads from outside itself: the accumulator, values
  // defined before the generic, constants of the body, and one more value,
  // the element.
  for (Operation *o : c.ops) {
    llvm::SetVector<Value> reads(o->getOperands().begin(), o->getOperands().end());
    getUsedValuesDefinedAbove(o->getRegions(), reads);
    for (Value v : reads) {
      Operation *def = v.getDefiningOp();
      if (v == acc || (def && mine.contains(def)) ||
          !op.getRegion().isAncestor(v.getParentRegion()))
        continue;
      if (def && def->getBlock() == &body && def->hasTrait<OpTrait::ConstantLike>()) {
        if (!llvm::is_contained(c.constants, def))
          c.constants.push_back(def);
        continue;
      }
      if (c.elem && c.elem != v)
        return std::nullopt;
      c.elem = v;
    }
  }
  if (!c.elem || c.elem.getType() != acc.getType())
    return std::nullopt;
  c.acc = acc;
  c.result = result;
  c.identityValue = identity;
  return c;
}

Value Combiner::identity(OpBuilder &b, Location loc, Type t) const {
  if (single)
    return opIdentity(b, loc, single, t);
  if (!result || identityValue.getType() != t)
    return Value();
  return arith::ConstantOp::create(b, loc, identityValue);
}

Value Combiner::apply(OpBuilder &b, Value x, Value y) const {
  IRMapping m;
  if (single) {
    m.map(single->getOperand(0), x);
    m.map(single->getOperand(1), y);
    return b.clone(*single, m)->getResult(0);
  }
  m.map(acc, x);
  m.map(elem, y);
  for (Operation *o : constants)
    b.clone(*o, m);
  for (Operation *o : ops)
    b.clone(*o, m);
  return m.lookup(result);
}

Value combinerIdentity(OpBuilder &b, Location loc, const Combiner &combiner, Type t) {
  return combiner.identity(b, loc, t);
}

Value combine(OpBuilder &b, const Combiner &combiner, Value x, Value y) {
  return combiner.apply(b, x, y);
}

Combiner matchCombiner(linalg::GenericOp op) {
  if (Operation *single = reductionCombiner(op))
    return Combiner(single);
  if (std::optional<Combiner> fn = Combiner::ofMarkedFunction(op))
    return *fn;
  return Combiner();
}

} // namespace arrayc::gpumap
