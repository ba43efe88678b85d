//===- LoopCombiner.cpp - the combine step of a reduction loop ------------===//
#include "LoopCombiner.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/APFloat.h"

using namespace mlir;

namespace arrayc {

Value LoopCombiner::apply(OpBuilder &b, Value x, Value y) const {
  IRMapping map;
  map.map(acc, x);
  map.map(elem, y);
  for (Operation *op : ops)
    b.clone(*op, map);
  return map.lookup(result);
}

namespace {

/// The other operand of a two-operand `op` one of whose operands is `acc`.
Value otherOperand(Operation *op, Value acc) {
  if (op->getNumOperands() != 2)
    return {};
  if (op->getOperand(0) == acc && op->getOperand(1) != acc)
    return op->getOperand(1);
  if (op->getOperand(1) == acc && op->getOperand(0) != acc)
    return op->getOperand(0);
  return {};
}

/// One op of known identity; float add and mul only when reassociable or
/// in a scan.
std::optional<LoopCombiner> singleOp(Operation *op, Value acc, bool scan) {
  if (isa<arith::AddFOp, arith::MulFOp>(op)) {
    auto fm = cast<arith::ArithFastMathInterface>(op);
    if (!scan && !arith::bitEnumContainsAll(fm.getFastMathFlagsAttr().getValue(),
                                            arith::FastMathFlags::reassoc))
      return std::nullopt;
  } else if (!isa<arith::AddIOp, arith::MulIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp,
                  arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp,
                  arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
                  arith::MinNumFOp>(op)) {
    return std::nullopt;
  }
  Value elem = otherOperand(op, acc);
  std::optional<TypedAttr> identity = arith::getNeutralElement(op);
  if (!elem || !identity || !*identity)
    return std::nullopt;
  // -0.0, not getNeutralElement's +0.0: a sum of -0.0 stays -0.0.
  if (auto type = dyn_cast<FloatType>(elem.getType()); type && isa<arith::AddFOp>(op))
    identity = FloatAttr::get(type, llvm::APFloat::getZero(type.getFloatSemantics(), true));
  return LoopCombiner{{op}, acc, elem, op->getResult(0), *identity};
}

/// select(cmpf(ogt|olt, acc, elem) | cmpf(uno, acc, acc), acc, elem).
std::optional<LoopCombiner> numpyMaxMin(arith::SelectOp select, Value acc) {
  Value elem = select.getFalseValue();
  auto either = select.getCondition().getDefiningOp<arith::OrIOp>();
  if (select.getTrueValue() != acc || elem == acc || !either)
    return std::nullopt;
  auto strict = either.getLhs().getDefiningOp<arith::CmpFOp>();
  auto nan = either.getRhs().getDefiningOp<arith::CmpFOp>();
  if (!strict || !nan || strict.getLhs() != acc || strict.getRhs() != elem ||
      nan.getPredicate() != arith::CmpFPredicate::UNO || nan.getLhs() != acc ||
      nan.getRhs() != acc)
    return std::nullopt;
  bool max = strict.getPredicate() == arith::CmpFPredicate::OGT;
  if (!max && strict.getPredicate() != arith::CmpFPredicate::OLT)
    return std::nullopt;
  auto type = cast<FloatType>(acc.getType());
  auto inf = llvm::APFloat::getInf(type.getFloatSemantics(), /*Negative=*/max);
  return LoopCombiner{{strict, nan, either, select}, acc, elem, select.getResult(),
                      FloatAttr::get(type, inf)};
}

} // namespace

std::optional<LoopCombiner> matchLoopCombiner(scf::ForOp loop, bool stored) {
  if (loop.getNumRegionIterArgs() != 1)
    return std::nullopt;
  Block *body = loop.getBody();
  Value acc = loop.getRegionIterArgs()[0];
  Value yielded = body->getTerminator()->getOperand(0);
  for (OpOperand &use : yielded.getUses()) {
    auto store = dyn_cast<memref::StoreOp>(use.getOwner());
    if (use.getOwner() != body->getTerminator() &&
        !(stored && store && store.getValueToStore() == yielded))
      return std::nullopt;
  }
  // A reduction over more dimensions: the accumulator goes through the
  // inner loop only.
  if (!stored && acc.hasOneUse()) {
    if (auto inner = dyn_cast<scf::ForOp>(acc.use_begin()->getOwner())) {
      if (inner->getBlock() != body || inner.getNumRegionIterArgs() != 1 ||
          inner.getInitArgs()[0] != acc || yielded != inner.getResult(0))
        return std::nullopt;
      return matchLoopCombiner(inner);
    }
  }
  Operation *root = yielded.getDefiningOp();
  if (!root || root->getBlock() != body)
    return std::nullopt;
  std::optional<LoopCombiner> combiner;
  if (auto select = dyn_cast<arith::SelectOp>(root))
    combiner = numpyMaxMin(select, acc);
  else
    combiner = singleOp(root, acc, stored);
  if (!combiner)
    return std::nullopt;
  // The accumulator is read by the combiner only, its intermediate values
  // stay inside it, and the element does not come out of it.
  auto inside = [&](Operation *op) { return llvm::is_contained(combiner->ops, op); };
  if (!llvm::all_of(acc.getUsers(), inside) || inside(combiner->elem.getDefiningOp()))
    return std::nullopt;
  for (Operation *op : combiner->ops)
    if (op != root && !llvm::all_of(op->getUsers(), inside))
      return std::nullopt;
  return combiner;
}

} // namespace arrayc
