//===- ShardPrepare.cpp - a copy made ready for MLIR's partitioner --------===//
//
// What arrayc-shard-functions does to a specialized copy before MLIR 22's
// partitioner sees it, and the checks before and after it
// (ShardPrepare.h, docs/distributed.md "What is split, and what runs
// replicated").
//
//===----------------------------------------------------------------------===//
#include "Transforms/ShardPrepare.h"
#include "Transforms/Shard.h"

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace arrayc {

namespace {

bool hasStaticTensors(TypeRange types) {
  for (Type t : types)
    if (auto rt = dyn_cast<RankedTensorType>(t); rt && !rt.hasStaticShape())
      return false;
    else if (isa<UnrankedTensorType>(t))
      return false;
  return true;
}


/// Why the partitioner should not see `generic`'s reduction ("" when fine):
/// each output's yielded value must combine that output's block argument
/// with an add/mul/min/max/and/or/xor that the partitioner maps to a
/// collective of the same meaning (no unsigned min/max: the collective's
/// type is signless; no maxnumf: "generic" reductions do not lower).
std::string reductionProblem(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() == 0)
    return "";
  if (op->getNumResults() != 1)
    return "a reduction with several results";
  Block *body = op.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  Value acc = body->getArgument(body->getNumArguments() - 1);
  Operation *comb = yield.getOperand(0).getDefiningOp();
  if (!comb || comb->getNumOperands() != 2 ||
      (comb->getOperand(0) != acc && comb->getOperand(1) != acc))
    return "a reduction whose combiner is not a binary operation on its accumulator";
  if (isa<arith::AddFOp, arith::AddIOp, arith::MulFOp, arith::MulIOp, arith::MinimumFOp,
          arith::MaximumFOp, arith::MinSIOp, arith::MaxSIOp, arith::AndIOp, arith::OrIOp,
          arith::XOrIOp>(comb))
    return "";
  return ("a reduction combined by '" + comb->getName().getStringRef() +
          "', which MLIR's partitioner cannot turn into a collective")
      .str();
}

} // namespace

void expandShapesAsGenerics(func::FuncOp fn) {
  SmallVector<tensor::ExpandShapeOp> ops;
  fn.walk([&](tensor::ExpandShapeOp op) { ops.push_back(op); });
  for (tensor::ExpandShapeOp op : ops) {
    RankedTensorType src = op.getSrcType(), dst = op.getResultType();
    if (!src.hasStaticShape() || !dst.hasStaticShape())
      continue;
    // For each source dimension, the one result dimension it becomes; the
    // group's other dimensions must be 1 (`inserted`).
    SmallVector<int64_t> kept;
    llvm::SmallDenseSet<int64_t> inserted;
    bool unitsOnly = true;
    for (auto [j, group] : llvm::enumerate(op.getReassociationIndices())) {
      std::optional<int64_t> at;
      for (int64_t d : group)
        if (dst.getDimSize(d) != 1) {
          if (at)
            unitsOnly = false;
          at = d;
        }
      if (!at)
        at = group.front(); // a unit source dimension
      if (dst.getDimSize(*at) != src.getDimSize(j))
        unitsOnly = false;
      kept.push_back(*at);
      for (int64_t d : group)
        if (d != *at)
          inserted.insert(d);
    }
    if (!unitsOnly)
      continue;
    // Broadcasting readers: drop the inserted dimensions from their maps.
    for (OpOperand &use : llvm::make_early_inc_range(op->getUses())) {
      auto generic = dyn_cast<linalg::GenericOp>(use.getOwner());
      if (!generic || !generic.isDpsInput(&use))
        continue;
      AffineMap map = generic.getMatchingIndexingMap(&use);
      bool zeros = llvm::all_of(inserted, [&](int64_t d) {
        auto c = dyn_cast<AffineConstantExpr>(map.getResult(d));
        return c && c.getValue() == 0;
      });
      if (!zeros)
        continue;
      SmallVector<AffineExpr> reads;
      for (int64_t d : kept)
        reads.push_back(map.getResult(d));
      SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
      maps[use.getOperandNumber()] =
          AffineMap::get(map.getNumDims(), map.getNumSymbols(), reads, op.getContext());
      use.set(op.getSrc());
      generic.setIndexingMapsAttr(OpBuilder(op).getAffineMapArrayAttr(maps));
    }
    if (op->use_empty()) {
      op.erase();
      continue;
    }
    OpBuilder b(op);
    Location loc = op.getLoc();
    int64_t rank = dst.getRank();
    SmallVector<AffineExpr> reads;
    for (int64_t d : kept)
      reads.push_back(getAffineDimExpr(d, op.getContext()));
    auto readMap = AffineMap::get(rank, 0, reads, op.getContext());
    auto writeMap = AffineMap::getMultiDimIdentityMap(rank, op.getContext());
    Value init = tensor::EmptyOp::create(b, loc, dst.getShape(), dst.getElementType());
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{dst}, ValueRange{op.getSrc()}, ValueRange{init},
        ArrayRef<AffineMap>{readMap, writeMap},
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [](OpBuilder &nb, Location nloc, ValueRange args) {
          linalg::YieldOp::create(nb, nloc, args[0]);
        });
    op.replaceAllUsesWith(generic.getResult(0));
    op.erase();
  }
}

void broadcastsIntoReaders(func::FuncOp fn) {
  SmallVector<linalg::GenericOp> ops;
  fn.walk([&](linalg::GenericOp op) { ops.push_back(op); });
  for (linalg::GenericOp op : ops) {
    if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
        op.getNumParallelLoops() != op.getNumLoops() || !op.hasPureTensorSemantics())
      continue;
    OpOperand *in = op.getDpsInputOperand(0);
    if (!isa<RankedTensorType>(in->get().getType()))
      continue;
    AffineMap inMap = op.getMatchingIndexingMap(in);
    AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
    auto yield = cast<linalg::YieldOp>(op.getBlock()->getTerminator());
    if (!outMap.isIdentity() || !inMap.isProjectedPermutation() ||
        inMap.getNumResults() >= inMap.getNumDims() || yield.getOperand(0) != op.getBlock()->getArgument(0))
      continue;
    bool ordered = true;
    for (unsigned r = 1; r < inMap.getNumResults(); ++r)
      ordered &= cast<AffineDimExpr>(inMap.getResult(r - 1)).getPosition() <
                 cast<AffineDimExpr>(inMap.getResult(r)).getPosition();
    if (!ordered)
      continue;
    for (OpOperand &use : llvm::make_early_inc_range(op->getResult(0).getUses())) {
      auto reader = dyn_cast<linalg::GenericOp>(use.getOwner());
      if (!reader || !reader.isDpsInput(&use))
        continue;
      // Only where another input covers every loop (`cc[None, :] - 2 * xc`):
      // a generic reading nothing but broadcasts' sources
      // (`lab[:, None] == iota[None, :]`) crashes the partitioner
      // (shardShapedType).
      bool covered = llvm::any_of(reader.getDpsInputOperands(), [&](OpOperand *other) {
        return other != &use && reader.getMatchingIndexingMap(other).isPermutation();
      });
      if (!covered)
        continue;
      SmallVector<AffineMap> maps = reader.getIndexingMapsArray();
      maps[use.getOperandNumber()] = inMap.compose(reader.getMatchingIndexingMap(&use));
      use.set(in->get());
      reader.setIndexingMapsAttr(OpBuilder(reader).getAffineMapArrayAttr(maps));
    }
    if (op->use_empty())
      op.erase();
  }
}

namespace {

/// The attributes of an op that is partitioned correctly only while some of
/// its loop dimensions stay whole: those dimensions, their sizes, and what
/// goes wrong otherwise.
constexpr llvm::StringLiteral kWholeDims = "arrayc.whole_dims";
constexpr llvm::StringLiteral kWholeSizes = "arrayc.whole_sizes";
constexpr llvm::StringLiteral kWholeWhy = "arrayc.whole_why";

/// The loop dimensions `op`'s body reads with linalg.index.
SmallVector<int64_t> indexedDims(linalg::LinalgOp op) {
  SmallVector<int64_t> dims;
  op->walk([&](linalg::IndexOp index) { dims.push_back(index.getDim()); });
  llvm::sort(dims);
  dims.erase(std::unique(dims.begin(), dims.end()), dims.end());
  return dims;
}

void markWholeDims(linalg::LinalgOp op, ArrayRef<int64_t> dims, const std::string &why) {
  Builder b(op->getContext());
  SmallVector<int64_t> ranges = op.getStaticLoopRanges(), sizes;
  for (int64_t d : dims)
    sizes.push_back(ranges[d]);
  op->setAttr(kWholeDims, b.getDenseI64ArrayAttr(dims));
  op->setAttr(kWholeSizes, b.getDenseI64ArrayAttr(sizes));
  op->setAttr(kWholeWhy, b.getStringAttr(why));
}

} // namespace

unsigned countWholeDimsMarks(func::FuncOp fn) {
  unsigned marked = 0;
  fn.walk([&](linalg::LinalgOp op) { marked += op->hasAttr(kWholeDims); });
  return marked;
}

std::string wholeDimsProblem(func::FuncOp fn, unsigned marked) {
  std::string problem;
  unsigned seen = 0;
  fn.walk([&](linalg::LinalgOp op) {
    auto dims = op->getAttrOfType<DenseI64ArrayAttr>(kWholeDims);
    if (!dims)
      return;
    ++seen;
    auto sizes = op->getAttrOfType<DenseI64ArrayAttr>(kWholeSizes);
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    for (auto [d, size] : llvm::zip(dims.asArrayRef(), sizes.asArrayRef()))
      if (problem.empty() && (d >= static_cast<int64_t>(ranges.size()) || ranges[d] != size))
        problem = op->getAttrOfType<StringAttr>(kWholeWhy).str();
    op->removeAttr(kWholeDims);
    op->removeAttr(kWholeSizes);
    op->removeAttr(kWholeWhy);
  });
  if (problem.empty() && seen != marked)
    problem = "the partitioner rewrote an operation that reads linalg.index";
  return problem;
}

std::string bodyProblem(func::FuncOp fn) {
  for (Operation &op : fn.front()) {
    std::string where = rtcall::locationText(op.getLoc());
    if (!hasStaticTensors(op.getOperandTypes()) || !hasStaticTensors(op.getResultTypes()))
      return "'" + op.getName().getStringRef().str() + "' at " + where +
             " has an array whose shape is not known at compile time";
    for (Type t : llvm::concat<const Type>(op.getOperandTypes(), op.getResultTypes()))
      if (auto st = dyn_cast<ShapedType>(t); st && !collectiveElement(st.getElementType())) {
        std::string ty;
        llvm::raw_string_ostream ts(ty);
        ts << st.getElementType();
        return "'" + op.getName().getStringRef().str() + "' at " + where + " works on " + ty +
               " elements, which the collectives do not carry yet";
      }
    if (isa<func::ReturnOp, arith::ConstantOp, tensor::EmptyOp>(op))
      continue;
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp)
      return "'" + op.getName().getStringRef().str() + "' at " + where +
             " has no sharding rule in MLIR's partitioner";
    // A unit dimension broadcast (`keepdims=True`, or `[:, None]` stored
    // before use): a map reading index 0, which the partitioner's sharding
    // options do not cover.
    if (llvm::any_of(linalgOp.getIndexingMapsArray(), [](AffineMap m) {
          return llvm::any_of(m.getResults(), [](AffineExpr e) { return isa<AffineConstantExpr>(e); });
        }))
      return "'" + op.getName().getStringRef().str() + "' at " + where +
             " broadcasts a unit dimension (keepdims, or an array made with None), which MLIR's "
             "partitioner has no sharding rule for";
    // MLIR 22's partitioner crashes on a reduction with several results
    // (argmin's value and index), even along a dimension it does not split;
    // reductionProblem would only say "several results".
    if (linalgOp.getNumReductionLoops() > 0 && op.getNumResults() > 1)
      return "'" + op.getName().getStringRef().str() + "' at " + where +
             " is a reduction with several results (argmin, argmax), which MLIR 22's "
             "partitioner cannot split";
    // Correct only where the dimensions involved stay whole: checked after
    // partitioning (wholeDimsProblem).
    if (linalgOp.hasIndexSemantics())
      markWholeDims(linalgOp, indexedDims(linalgOp),
                    "'" + op.getName().getStringRef().str() + "' at " + where +
                        " reads linalg.index along a split dimension, which the partitioner "
                        "does not offset by the block");
    // An unknown combiner aborts the partitioner even along a whole
    // dimension: no deferring.
    if (std::string r = reductionProblem(linalgOp); !r.empty())
      return r + " at " + where;
    // An array read inside the body (a gather: `tensor.extract %t[%i]`) is
    // not partitioned with the op: a split one would be read at global
    // indices in its local block.
    bool captures = false;
    op.walk([&](Operation *inner) {
      if (inner == &op)
        return; // its own operands are what the partitioner sees
      for (Value v : inner->getOperands())
        if (isa<ShapedType>(v.getType()) && !op.isAncestor(v.getParentRegion()->getParentOp()))
          captures = true;
    });
    if (captures)
      return "'" + op.getName().getStringRef().str() + "' at " + where +
             " reads an array inside its body (indexing by values)";
  }
  return "";
}

} // namespace arrayc
