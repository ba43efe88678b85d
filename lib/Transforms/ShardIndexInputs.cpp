//===- ShardIndexInputs.cpp - index values out of reductions -------------===//
//
// What arrayc-shard-functions does to a specialized copy so that MLIR 22's
// partitioner can split an argmin/argmax along its other dimensions
// (ShardIndexInputs.h, docs/distributed.md). Found with mlir-opt alone
// (`--sharding-propagation --shard-partition`, LLVM 22.1.8, a 64x8 input
// split along dimension 0 or 1, reductions over dimension 1):
//
//  - a reduction with two results (argmin's value and index) segfaults in
//    shardShapedType, whether its index comes from linalg.index or from an
//    i64 input;
//  - a reduction whose body reads a value defined outside it (a scalar
//    argument, or a constant, which canonicalization hoists out of bodies)
//    segfaults when the reduced dimension is split; the same constant inside
//    the body partitions;
//  - a reduction whose body uses its accumulator twice (`c ? i : acc`, then
//    minsi with acc) aborts when the reduced dimension is split;
//  - a non-splat dense constant input (an iota written as a literal) makes
//    the partitioner fail without a message; tensor.generate has no sharding
//    rule. A parallel linalg.generic computing the iota is partitioned.
//
// Single-result reductions computing with index values (linalg.index,
// `arith.constant 1 : index` + index_cast) split along a parallel dimension
// partitioned here; an earlier bisection reported a segfault for them,
// likely the two-result one. The index computation is moved to an iota input
// anyway (the reduction then holds no index value), and a reduction that
// still computes with index values is kept from the partitioner.
//
//===----------------------------------------------------------------------===//
#include "Transforms/ShardIndexInputs.h"
#include "Transforms/Shard.h"

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"
#include "Transforms/ArgReduce.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

#include <limits>

using namespace mlir;

namespace arrayc {

namespace {

/// The ops of `body` that `v` is computed from, in body order; false when it
/// reads an output (an accumulator) or an op with regions.
bool bodySlice(Block *body, unsigned numInputs, Value v, llvm::SetVector<Operation *> &slice) {
  SmallVector<Value> work{v};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!work.empty()) {
    Value w = work.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(w)) {
      if (arg.getOwner() == body && arg.getArgNumber() >= numInputs)
        return false;
      continue;
    }
    Operation *def = w.getDefiningOp();
    if (def->getBlock() != body || !seen.insert(def).second)
      continue;
    if (def->getNumRegions() != 0)
      return false;
    llvm::append_range(work, def->getOperands());
  }
  SmallVector<Operation *> ordered(seen.begin(), seen.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  slice.insert(ordered.begin(), ordered.end());
  return true;
}

/// One reduction: see moveIndexValuesToInputs.
bool moveIndexValues(linalg::GenericOp op) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic))
    return false;
  Block *body = op.getBlock();
  // The ops computed from linalg.index alone (with constants and values
  // defined outside the generic), in body order.
  llvm::SetVector<Operation *> derived;
  auto free = [&](Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return arg.getOwner() != body;
    Operation *def = v.getDefiningOp();
    return derived.contains(def) || def->getBlock() != body ||
           def->hasTrait<OpTrait::ConstantLike>();
  };
  for (Operation &inner : body->without_terminator()) {
    if (isa<linalg::IndexOp>(inner)) {
      derived.insert(&inner);
      continue;
    }
    if (inner.getNumRegions() != 0 || inner.getNumOperands() == 0 || !isMemoryEffectFree(&inner))
      continue;
    bool fromIndex = llvm::any_of(inner.getOperands(), [&](Value v) {
      Operation *def = v.getDefiningOp();
      return def && derived.contains(def);
    });
    if (fromIndex && llvm::all_of(inner.getOperands(), free))
      derived.insert(&inner);
  }
  // Where the index computation meets the data: its values used by other
  // ops. Each must be an integer or float (an index-typed one stays; the
  // caller's check then refuses the reduction).
  SmallVector<Value> frontier;
  for (Operation *d : derived)
    for (Value r : d->getResults())
      if (llvm::any_of(r.getUsers(), [&](Operation *u) { return !derived.contains(u); })) {
        if (!r.getType().isIntOrFloat())
          return false;
        frontier.push_back(r);
      }
  if (frontier.empty())
    return false;

  OpBuilder b(op);
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  unsigned numLoops = op.getNumLoops();
  SmallVector<Value> inputs(op.getDpsInputs());
  SmallVector<AffineMap> maps;
  for (OpOperand *in : op.getDpsInputOperands())
    maps.push_back(op.getMatchingIndexingMap(in));
  for (Value f : frontier) {
    llvm::SetVector<Operation *> slice;
    bodySlice(body, op.getNumDpsInputs(), f, slice);
    SmallVector<int64_t> dims;
    for (Operation *s : slice)
      if (auto index = dyn_cast<linalg::IndexOp>(s))
        dims.push_back(index.getDim());
    llvm::sort(dims);
    dims.erase(std::unique(dims.begin(), dims.end()), dims.end());
    SmallVector<int64_t> shape;
    SmallVector<AffineExpr> reads;
    for (int64_t d : dims) {
      shape.push_back(ranges[d]);
      reads.push_back(getAffineDimExpr(d, ctx));
    }
    Value init = tensor::EmptyOp::create(b, loc, shape, f.getType());
    auto iota = linalg::GenericOp::create(
        b, loc, TypeRange{init.getType()}, ValueRange{}, ValueRange{init},
        ArrayRef<AffineMap>{AffineMap::getMultiDimIdentityMap(dims.size(), ctx)},
        SmallVector<utils::IteratorType>(dims.size(), utils::IteratorType::parallel),
        [&](OpBuilder &nb, Location nl, ValueRange) {
          IRMapping map;
          for (Operation *s : slice) {
            if (auto index = dyn_cast<linalg::IndexOp>(s)) {
              int64_t at = llvm::find(dims, index.getDim()) - dims.begin();
              map.map(index.getResult(), linalg::IndexOp::create(nb, nl, at).getResult());
              continue;
            }
            nb.clone(*s, map);
          }
          linalg::YieldOp::create(nb, nl, map.lookup(f));
        });
    inputs.push_back(iota.getResult(0));
    maps.push_back(AffineMap::get(numLoops, 0, reads, ctx));
  }
  for (OpOperand &out : op.getDpsInitsMutable())
    maps.push_back(op.getMatchingIndexingMap(&out));
  auto moved = linalg::GenericOp::create(b, loc, op->getResultTypes(), inputs, op.getDpsInits(),
                                         maps, op.getIteratorTypesArray());
  moved->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  moved.getRegion().takeBody(op.getRegion());
  Block *movedBody = moved.getBlock();
  for (auto [k, f] : llvm::enumerate(frontier)) {
    BlockArgument arg =
        movedBody->insertArgument(op.getNumDpsInputs() + k, f.getType(), f.getLoc());
    f.replaceAllUsesWith(arg);
  }
  for (Operation *d : llvm::reverse(derived))
    if (d->use_empty())
      d->erase();
  op->replaceAllUsesWith(moved->getResults());
  op.erase();
  return true;
}

/// The identity an arg-reduction's value init must hold (ArgReduce.h's
/// argReduceIdentity), as an attribute.
TypedAttr argIdentity(ArgReduceKind kind, Type t) {
  Builder b(t.getContext());
  if (auto ft = dyn_cast<FloatType>(t))
    return b.getFloatAttr(ft, APFloat::getInf(ft.getFloatSemantics(), kind.max));
  unsigned w = t.getIntOrFloatBitWidth();
  return b.getIntegerAttr(t, kind.max ? APInt::getSignedMinValue(w) : APInt::getSignedMaxValue(w));
}

/// The mark of the combine (minsi) of splitArgReduction's first-index
/// reduction: the arg-reduction's kind.
constexpr llvm::StringLiteral kFirstIndexAttr = "arrayc.first_index";

/// A fill of `like`'s shape with `value`, written as
/// linalg-generalize-named-ops writes a fill (a named linalg.fill here,
/// after that pass, would stay a host op on a device buffer on cuda).
Value filledLike(OpBuilder &b, Location loc, Value like, TypedAttr value) {
  auto type = cast<RankedTensorType>(like.getType());
  Value empty =
      tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, like), value.getType());
  Value scalar = arith::ConstantOp::create(b, loc, value);
  int64_t rank = type.getRank();
  return linalg::GenericOp::create(
             b, loc, TypeRange{empty.getType()}, ValueRange{scalar}, ValueRange{empty},
             ArrayRef<AffineMap>{AffineMap::get(rank, 0, {}, b.getContext()),
                                 AffineMap::getMultiDimIdentityMap(rank, b.getContext())},
             SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
             [](OpBuilder &nb, Location nl, ValueRange args) {
               linalg::YieldOp::create(nb, nl, args[0]);
             })
      .getResult(0);
}

/// One argmin/argmax: see splitArgReductions.
bool splitArgReduction(linalg::GenericOp op) {
  if (op->getNumResults() != 2 || op.getNumReductionLoops() == 0 || op.getNumDpsInits() != 2)
    return false;
  Block *body = op.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  std::optional<ArgReduceKind> kind;
  unsigned idxOut = 0;
  for (unsigned k = 0; k < 2; ++k)
    if (Operation *def = yield.getOperand(k).getDefiningOp())
      if (auto marked = ArgReduceKind::markOf(def)) {
        kind = marked;
        idxOut = k;
      }
  if (!kind || kind->isUnsigned)
    return false;
  unsigned valOut = 1 - idxOut, numInputs = op.getNumDpsInputs();
  auto nv = yield.getOperand(valOut).getDefiningOp<arith::SelectOp>();
  auto ni = yield.getOperand(idxOut).getDefiningOp<arith::SelectOp>();
  if (!nv || !ni || nv.getFalseValue() != body->getArgument(numInputs + valOut) ||
      ni.getFalseValue() != body->getArgument(numInputs + idxOut))
    return false;
  Value x = nv.getTrueValue(), xi = ni.getTrueValue();
  Type elt = x.getType();
  Type i64 = IntegerType::get(op.getContext(), 64);
  bool isFloat = isa<FloatType>(elt);
  if (!(isFloat || (isa<IntegerType>(elt) && elt.getIntOrFloatBitWidth() > 1)) || xi.getType() != i64)
    return false;
  // Only the index is used (np.argmin); the value would differ from the
  // original's in the sign of a zero (minimumf orders -0 before +0).
  if (!op->getResult(valOut).use_empty())
    return false;
  Value valInit = op.getDpsInits()[valOut], idxInit = op.getDpsInits()[idxOut];
  auto idxType = dyn_cast<RankedTensorType>(idxInit.getType());
  if (!idxType || !idxType.hasStaticShape() || !filledWith(valInit, argIdentity(*kind, elt)) ||
      !filledWith(idxInit, IntegerAttr::get(i64, 0)))
    return false;
  llvm::SetVector<Operation *> sliceX, sliceBoth;
  if (!bodySlice(body, numInputs, x, sliceX) || !bodySlice(body, numInputs, x, sliceBoth) ||
      !bodySlice(body, numInputs, xi, sliceBoth))
    return false;
  SmallVector<Operation *> both(sliceBoth.begin(), sliceBoth.end());
  llvm::sort(both, [](Operation *a, Operation *c) { return a->isBeforeInBlock(c); });

  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<AffineMap> inMaps(maps.begin(), maps.begin() + numInputs);
  AffineMap valMap = maps[numInputs + valOut], idxMap = maps[numInputs + idxOut];
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  auto cloneInto = [&](OpBuilder &nb, ValueRange args, ArrayRef<Operation *> ops, IRMapping &map) {
    for (unsigned i = 0; i < numInputs; ++i)
      map.map(body->getArgument(i), args[i]);
    for (Operation *s : ops)
      nb.clone(*s, map);
  };

  // The best value.
  SmallVector<AffineMap> valMaps(inMaps);
  valMaps.push_back(valMap);
  auto best = linalg::GenericOp::create(
      b, loc, TypeRange{valInit.getType()}, op.getDpsInputs(), ValueRange{valInit}, valMaps, iters,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        IRMapping map;
        cloneInto(nb, args, sliceX.getArrayRef(), map);
        Value v = map.lookupOrDefault(x), acc = args[numInputs];
        Value r;
        if (isFloat)
          r = kind->max ? Value(arith::MaximumFOp::create(nb, nl, v, acc))
                        : Value(arith::MinimumFOp::create(nb, nl, v, acc));
        else
          r = kind->max ? Value(arith::MaxSIOp::create(nb, nl, v, acc))
                        : Value(arith::MinSIOp::create(nb, nl, v, acc));
        linalg::YieldOp::create(nb, nl, r);
      });

  // The first index holding it (a NaN matching a NaN).
  Value idxStart =
      filledLike(b, loc, idxInit, b.getI64IntegerAttr(std::numeric_limits<int64_t>::max()));
  SmallVector<Value> idxInputs(op.getDpsInputs());
  idxInputs.push_back(best.getResult(0));
  SmallVector<AffineMap> idxMaps(inMaps);
  idxMaps.push_back(valMap);
  idxMaps.push_back(idxMap);
  auto first = linalg::GenericOp::create(
      b, loc, TypeRange{idxType}, idxInputs, ValueRange{idxStart}, idxMaps, iters,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        IRMapping map;
        cloneInto(nb, args, both, map);
        Value v = map.lookupOrDefault(x), vi = map.lookupOrDefault(xi);
        Value m = args[numInputs], acc = args[numInputs + 1];
        Value match;
        if (isFloat) {
          using P = arith::CmpFPredicate;
          Value eq = arith::CmpFOp::create(nb, nl, P::OEQ, v, m);
          Value vNaN = arith::CmpFOp::create(nb, nl, P::UNO, v, v);
          Value mNaN = arith::CmpFOp::create(nb, nl, P::UNO, m, m);
          match = arith::OrIOp::create(nb, nl, eq, arith::AndIOp::create(nb, nl, vNaN, mNaN));
        } else {
          match = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, v, m);
        }
        // Not `match ? vi : acc`: a body using its accumulator twice aborts
        // the partitioner when it splits the reduced dimension.
        Value big = arith::ConstantIntOp::create(nb, nl, i64, std::numeric_limits<int64_t>::max());
        Value candidate = arith::SelectOp::create(nb, nl, match, vi, big);
        auto combine = arith::MinSIOp::create(nb, nl, candidate, acc);
        // What joinArgReductions finds after partitioning (a mark in the
        // body survives the generic being rebuilt).
        auto marked = kind->max ? ndarray::ArgReduceKind::max : ndarray::ArgReduceKind::min;
        combine->setAttr(kFirstIndexAttr, b.getAttr<ndarray::ArgReduceKindAttr>(marked));
        linalg::YieldOp::create(nb, nl, Value(combine));
      });
  op->getResult(idxOut).replaceAllUsesWith(first.getResult(0));
  op.erase();
  return true;
}

/// An input of `op` computed from loop indices alone (moveIndexValues's
/// iota: a generic with no inputs and one output, no block argument read),
/// which `op` reads through a projected permutation: its body can be cloned
/// into `op`'s with its linalg.index dims renamed.
linalg::GenericOp iotaProducer(linalg::GenericOp op, OpOperand *in) {
  auto iota = in->get().getDefiningOp<linalg::GenericOp>();
  if (!iota || iota.getNumDpsInputs() != 0 || iota->getNumResults() != 1 ||
      iota.getNumReductionLoops() != 0 || !op.getMatchingIndexingMap(in).isProjectedPermutation() ||
      !iota.getMatchingIndexingMap(iota.getDpsInitOperand(0)).isIdentity() ||
      !iota.getBlock()->getArgument(0).use_empty())
    return {};
  for (Operation &inner : iota.getBlock()->without_terminator())
    if (inner.getNumRegions() != 0 || !isMemoryEffectFree(&inner))
      return {};
  return iota;
}

/// One first-index reduction: see joinArgReductions.
bool joinArgReduction(linalg::GenericOp first) {
  if (first->getNumResults() != 1 || first.getNumDpsInits() != 1)
    return false;
  Block *body = first.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto combine = yield.getOperand(0).getDefiningOp<arith::MinSIOp>();
  auto mark =
      combine ? combine->getAttrOfType<ndarray::ArgReduceKindAttr>(kFirstIndexAttr) : nullptr;
  if (!mark)
    return false;
  unsigned numInputs = first.getNumDpsInputs();
  BlockArgument acc = body->getArgument(numInputs);
  auto select = combine.getLhs().getDefiningOp<arith::SelectOp>();
  if (!select || combine.getRhs() != acc)
    return false;
  // match = (v == m) [| (isnan(v) & isnan(m))]: v the element, m the block
  // argument of the best value's input.
  Value match = select.getCondition(), v, m;
  if (auto any = match.getDefiningOp<arith::OrIOp>())
    match = any.getLhs();
  if (auto eq = match.getDefiningOp<arith::CmpFOp>();
      eq && eq.getPredicate() == arith::CmpFPredicate::OEQ)
    std::tie(v, m) = std::pair(eq.getLhs(), eq.getRhs());
  else if (auto eq = match.getDefiningOp<arith::CmpIOp>();
           eq && eq.getPredicate() == arith::CmpIPredicate::eq)
    std::tie(v, m) = std::pair(eq.getLhs(), eq.getRhs());
  auto mArg = dyn_cast_if_present<BlockArgument>(m);
  if (!mArg || mArg.getOwner() != body || mArg.getArgNumber() >= numInputs)
    return false;
  unsigned bestInput = mArg.getArgNumber();
  // The best value reduced locally: its one reader is this reduction (a
  // reduction over a split dimension goes through an all-reduce first).
  auto best = first.getDpsInputs()[bestInput].getDefiningOp<linalg::GenericOp>();
  if (!best || best->getNumResults() != 1 || !best->getResult(0).hasOneUse() ||
      best.getIteratorTypesArray() != first.getIteratorTypesArray())
    return false;
  Value vi = select.getTrueValue();
  llvm::SetVector<Operation *> slice;
  if (!bodySlice(body, numInputs, v, slice) || !bodySlice(body, numInputs, vi, slice))
    return false;
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered, [](Operation *a, Operation *c) { return a->isBeforeInBlock(c); });

  OpBuilder b(first);
  Location loc = first.getLoc();
  ArgReduceKind kind{mark.getValue() == ndarray::ArgReduceKind::max, false};
  Value idxInit = first.getDpsInits()[0];
  Value valStart = filledLike(b, loc, idxInit, argIdentity(kind, v.getType()));
  Value idxStart = filledLike(b, loc, idxInit, b.getI64IntegerAttr(0));
  // The inputs but the best value; an iota input is computed in the body
  // again (as the frontend writes argmin: linalg.index).
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<std::pair<unsigned, linalg::GenericOp>> iotas;
  for (OpOperand *in : first.getDpsInputOperands()) {
    unsigned k = in->getOperandNumber();
    if (k == bestInput)
      continue;
    if (linalg::GenericOp iota = iotaProducer(first, in)) {
      iotas.push_back({k, iota});
      continue;
    }
    inputs.push_back(in->get());
    maps.push_back(first.getMatchingIndexingMap(in));
  }
  AffineMap outMap = first.getMatchingIndexingMap(first.getDpsInitOperand(0));
  maps.append({outMap, outMap});
  auto joined = linalg::GenericOp::create(
      b, loc, TypeRange{valStart.getType(), idxInit.getType()}, inputs,
      ValueRange{valStart, idxStart}, maps, first.getIteratorTypesArray(),
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        IRMapping map;
        unsigned next = 0;
        for (unsigned k = 0; k < numInputs; ++k)
          if (k != bestInput && !llvm::is_contained(llvm::make_first_range(iotas), k))
            map.map(body->getArgument(k), args[next++]);
        for (auto [k, iota] : iotas) {
          AffineMap read = first.getMatchingIndexingMap(first.getDpsInputOperand(k));
          IRMapping inner;
          for (Operation &op : iota.getBlock()->without_terminator()) {
            if (auto index = dyn_cast<linalg::IndexOp>(op)) {
              inner.map(index.getResult(),
                        linalg::IndexOp::create(nb, nl, read.getDimPosition(index.getDim())));
              continue;
            }
            nb.clone(op, inner);
          }
          map.map(body->getArgument(k),
                  inner.lookupOrDefault(iota.getBlock()->getTerminator()->getOperand(0)));
        }
        for (Operation *op : ordered)
          nb.clone(*op, map);
        auto [val, idx] = argReduceCombine(nb, nl, kind, map.lookupOrDefault(v),
                                           map.lookupOrDefault(vi), args[next], args[next + 1]);
        kind.mark(idx.getDefiningOp());
        linalg::YieldOp::create(nb, nl, ValueRange{val, idx});
      });
  first->getResult(0).replaceAllUsesWith(joined.getResult(1));
  first.erase();
  best.erase();
  return true;
}

/// `rewrite` applied to each linalg.generic of `fn` (collected first: it may
/// replace them); whether any changed.
bool eachGeneric(func::FuncOp fn, bool (*rewrite)(linalg::GenericOp)) {
  SmallVector<linalg::GenericOp> ops;
  fn.walk([&](linalg::GenericOp op) { ops.push_back(op); });
  bool changed = false;
  for (linalg::GenericOp op : ops)
    changed |= rewrite(op);
  return changed;
}

} // namespace

bool moveIndexValuesToInputs(func::FuncOp fn) {
  SmallVector<linalg::GenericOp> ops;
  fn.walk([&](linalg::GenericOp op) {
    if (op.getNumReductionLoops() > 0 && op.hasIndexSemantics())
      ops.push_back(op);
  });
  bool changed = false;
  for (linalg::GenericOp op : ops)
    changed |= moveIndexValues(op);
  return changed;
}

bool splitArgReductions(func::FuncOp fn) { return eachGeneric(fn, splitArgReduction); }

bool joinArgReductions(func::FuncOp fn) {
  if (!eachGeneric(fn, joinArgReduction))
    return false;
  // The ops only the joined pairs read (their inits, the iotas).
  IRRewriter rewriter(fn.getContext());
  (void)runRegionDCE(rewriter, fn.getBody());
  return true;
}

void sinkConstantsIntoReductions(func::FuncOp fn) {
  fn.walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() == 0)
      return;
    Block *body = op.getBlock();
    llvm::SmallDenseMap<Value, Value> sunk;
    op->walk([&](Operation *inner) {
      if (inner == op.getOperation())
        return; // its own operands are the partitioner's
      for (OpOperand &use : inner->getOpOperands()) {
        Operation *def = use.get().getDefiningOp();
        if (!def || op->isAncestor(def) || !def->hasTrait<OpTrait::ConstantLike>())
          continue;
        Value &copy = sunk[use.get()];
        if (!copy) {
          OpBuilder b = OpBuilder::atBlockBegin(body);
          copy = b.clone(*def)->getResult(cast<OpResult>(use.get()).getResultNumber());
        }
        use.set(copy);
      }
    });
  });
}

std::string reductionBodyProblem(func::FuncOp fn) {
  std::string problem;
  fn.walk([&](linalg::LinalgOp op) {
    if (!problem.empty() || op.getNumReductionLoops() == 0)
      return;
    std::string what;
    op->walk([&](Operation *inner) {
      if (!what.empty() || inner == op.getOperation())
        return;
      auto isIndex = [](Value v) { return v.getType().isIndex(); };
      if (llvm::any_of(inner->getResults(), isIndex) || llvm::any_of(inner->getOperands(), isIndex))
        what = "computing with index values ('" + inner->getName().getStringRef().str() +
               "' in its body), which arrayc keeps from MLIR 22's partitioner";
      else if (llvm::any_of(inner->getOperands(), [&](Value v) {
                 Operation *def = v.getDefiningOp();
                 bool inside = def ? op->isAncestor(def)
                                   : op->isAncestor(cast<BlockArgument>(v).getOwner()->getParentOp());
                 return !inside && !(def && def->hasTrait<OpTrait::ConstantLike>());
               }))
        what = "reading a value defined outside its body ('" +
               inner->getName().getStringRef().str() +
               "' uses it), which MLIR 22's partitioner crashes on when it splits the reduced "
               "dimension";
    });
    if (what.empty())
      for (BlockArgument arg : op.getBlock()->getArguments())
        if (arg.getType().isIndex())
          what = "computing with index values (an index argument), which arrayc keeps from "
                 "MLIR 22's partitioner";
    // The partitioner finds the combiner from the accumulator's one use; a
    // second use (`c ? x : acc` before the combine) aborts it.
    if (what.empty())
      for (OpOperand &out : op.getDpsInitsMutable())
        if (!op.getMatchingBlockArgument(&out).hasOneUse())
          what = "using its accumulator more than once, which MLIR 22's partitioner aborts on "
                 "when it splits the reduced dimension";
    if (!what.empty())
      problem = "'" + op->getName().getStringRef().str() + "' at " +
                rtcall::locationText(op->getLoc()) + " is a reduction " + what;
  });
  return problem;
}

bool filledWith(Value init, Attribute want) {
  std::optional<Value> value;
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    value = fill.getInputs()[0];
  else if (auto generic = init.getDefiningOp<linalg::GenericOp>())
    value = linalg::isaFillOpInterface(generic);
  Attribute got;
  return value && matchPattern(*value, m_Constant(&got)) && got == want;
}

} // namespace arrayc
