//===- KernelConfig.cpp - which kernel strategy an op or loop gets --------===//
//
// The tests here only look at IR (a probe constant for a combiner's identity
// is built and erased at once): selection happens before, and apart from,
// the lowering.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/KernelConfig.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace arrayc::gpumap {

/// Wide when the kernels divide nothing (one loop, or a reduction with one
/// parallel and one reduction loop: the choice would change nothing);
/// else Narrow or Wide from static sizes, or both kernels behind a
/// run-time check of the iteration count.
static IndexWidth indexWidth(linalg::GenericOp op) {
  unsigned par = op.getNumParallelLoops(), red = op.getNumReductionLoops();
  bool divides = red == 0 ? par > 1 : (par > 1 || red > 1);
  if (!divides)
    return IndexWidth::Wide;
  int64_t total = 1;
  for (int64_t size : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(size))
      return IndexWidth::ByRunTimeCheck;
    if (size > kNarrowMax || (total *= size) > kNarrowMax)
      return IndexWidth::Wide;
  }
  return IndexWidth::Narrow;
}

std::optional<ScanLoop> matchScanLoop(scf::ForOp loop, int64_t blockSize) {
  if (!loop->hasAttr(ndarray::kScanAttrName) || loop.getNumResults() != 0 || blockSize < kWarp ||
      blockSize % kWarp != 0 || !isConstantIntValue(loop.getLowerBound(), 0) ||
      !isConstantIntValue(loop.getStep(), 1))
    return std::nullopt;
  ScanLoop scan;
  for (Operation &o : loop.getBody()->without_terminator()) {
    auto g = dyn_cast<linalg::GenericOp>(o);
    if (!g)
      continue;
    for (OpOperand &operand : g->getOpOperands()) {
      auto sv = operand.get().getDefiningOp<memref::SubViewOp>();
      if (!sv || !loop.isDefinedOutsideOfLoop(sv.getSource()))
        continue;
      std::optional<unsigned> dim = droppedDimOf(sv);
      if (!dim || *dim + 1 != static_cast<unsigned>(sv.getSourceType().getRank()))
        return std::nullopt;
      bool read = g.isDpsInput(&operand);
      Value &slot = read ? scan.input : scan.output;
      if (slot && slot != sv.getSource())
        return std::nullopt;
      slot = sv.getSource();
      if (!read)
        continue;
      // The step folding x[k] into the total: one binary op of x[k].
      Block &body = g.getRegion().front();
      Operation &first = body.front();
      if (body.getOperations().size() != 2 || first.getNumOperands() != 2 ||
          first.getNumResults() != 1 ||
          !llvm::is_contained(first.getOperands(), body.getArgument(operand.getOperandNumber())))
        return std::nullopt;
      scan.combiner = &first;
    }
  }
  if (!scan.input || !scan.output || !scan.combiner ||
      !scanCombinerFits(loop, scan.combiner, scan.input, scan.output))
    return std::nullopt;
  return scan;
}

bool scanCombinerFits(scf::ForOp loop, Operation *combiner, Value input, Value output) {
  Type elt = cast<MemRefType>(output.getType()).getElementType();
  if (cast<MemRefType>(input.getType()).getElementType() != elt ||
      combiner->getResult(0).getType() != elt || !elt.isIntOrFloat())
    return false;
  OpBuilder probe(loop);
  Value id = combinerIdentity(probe, loop.getLoc(), combiner, elt);
  if (!id)
    return false;
  id.getDefiningOp()->erase();
  return true;
}

/// Elements per 16-byte vector access when every array operand of `op` is
/// read or written whole and in order (identity maps, identity layouts,
/// byte-sized or wider elements, no output read in the body), else 0.
static int64_t vectorWidth(linalg::GenericOp op) {
  if (op.getNumLoops() == 0)
    return 0;
  int64_t widest = 0;
  Block &body = op.getRegion().front();
  if (!body.getOps<linalg::IndexOp>().empty())
    return 0; // lanes would need their own indices
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type) {
      if (op.isDpsInit(&operand))
        return 0;
      continue;
    }
    if (!elementBytes(type) || !type.getLayout().isIdentity() ||
        !op.getMatchingIndexingMap(&operand).isIdentity())
      return 0;
    if (op.isDpsInit(&operand) && !body.getArgument(operand.getOperandNumber()).use_empty())
      return 0;
    widest = std::max(widest, elementBytes(type));
  }
  return widest == 0 ? 0 : kVectorBytes / widest;
}

Access accessOf(linalg::GenericOp op, OpOperand &operand) {
  auto type = dyn_cast<MemRefType>(operand.get().getType());
  if (!type)
    return Access::Scalar;
  AffineMap map = op.getMatchingIndexingMap(&operand);
  unsigned loops = map.getNumDims();
  if (!map.isFunctionOfDim(loops - 1))
    return Access::Outer;
  if (!type.getLayout().isIdentity() || !elementBytes(type) || map.getNumResults() == 0)
    return Access::Scalar; // (refused by the caller)
  unsigned first = loops - map.getNumResults();
  for (auto [k, e] : llvm::enumerate(map.getResults())) {
    auto d = dyn_cast<AffineDimExpr>(e);
    if (!d || d.getPosition() != first + k)
      return Access::Scalar;
  }
  return first == 0 ? Access::Streamed : Access::Inner;
}

/// Elements per 16-byte access of the broadcast vector kernel, or 0: an
/// all-parallel generic of rank >= 2 (no linalg.index) whose outputs are
/// written whole and in order and not read, and whose inputs are streamed,
/// read along the innermost dims (identity layout) or not along the
/// innermost loop, at least one of the latter two (else vectorWidth
/// applies). Groups of `width` points then never cross a row of the
/// innermost loop when its size is a multiple of `width` (checked at run
/// time with the alignment).
static int64_t broadcastVectorWidth(linalg::GenericOp op) {
  if (op.getNumLoops() < 2 || op.getNumReductionLoops() != 0 ||
      !op.getRegion().front().getOps<linalg::IndexOp>().empty())
    return 0;
  int64_t widest = 0;
  bool broadcast = false;
  Block &body = op.getRegion().front();
  for (OpOperand &operand : op->getOpOperands()) {
    Access a = accessOf(op, operand);
    if (op.isDpsInit(&operand)) {
      if (a != Access::Streamed || !body.getArgument(operand.getOperandNumber()).use_empty())
        return 0;
    } else if (a == Access::Scalar && isa<MemRefType>(operand.get().getType())) {
      return 0;
    }
    broadcast |= a == Access::Inner || a == Access::Outer;
    if (a == Access::Streamed || a == Access::Inner)
      widest = std::max(widest, elementBytes(cast<MemRefType>(operand.get().getType())));
  }
  return broadcast && widest ? kVectorBytes / widest : 0;
}

/// Elements per 16-byte load for a reduction's first stage: every input a
/// buffer read whole and in order (identity maps over all loops, identity
/// layouts, byte-sized or wider elements), the `numParallel` parallel loops
/// outermost (so each output's reduction domain is one contiguous run of
/// every input), no linalg.index; else 0.
static int64_t reductionVectorWidth(linalg::GenericOp op, unsigned numParallel) {
  auto iters = op.getIteratorTypesArray();
  for (auto [d, it] : llvm::enumerate(iters))
    if ((it == utils::IteratorType::parallel) != (d < numParallel))
      return 0;
  if (!op.getRegion().front().getOps<linalg::IndexOp>().empty())
    return 0;
  int64_t widest = 0;
  for (OpOperand *in : op.getDpsInputOperands()) {
    auto type = dyn_cast<MemRefType>(in->get().getType());
    if (!type)
      continue;
    if (!elementBytes(type) || !type.getLayout().isIdentity() ||
        !op.getMatchingIndexingMap(in).isIdentity())
      return 0;
    widest = std::max(widest, elementBytes(type));
  }
  return widest == 0 ? 0 : kVectorBytes / widest;
}

bool transposedInput(linalg::GenericOp op, OpOperand &operand) {
  auto type = dyn_cast<MemRefType>(operand.get().getType());
  unsigned n = op.getNumLoops();
  if (!type || !type.getLayout().isIdentity() || op.isDpsInit(&operand) ||
      type.getRank() != n)
    return false;
  AffineMap map = op.getMatchingIndexingMap(&operand);
  SmallVector<unsigned> perm;
  for (unsigned d = 0; d < n; ++d)
    perm.push_back(d);
  std::swap(perm[n - 1], perm[n - 2]);
  return map == AffineMap::getPermutationMap(perm, op.getContext());
}

/// True when an all-parallel op of rank >= 2 reads some input transposed
/// and every other buffer operand whole and in order (identity maps and
/// layouts; outputs not read in the body), with no linalg.index and
/// byte-sized or wider elements, and the block holds whole 32-wide rows.
static bool tiledTranspose(linalg::GenericOp op, int64_t blockSize) {
  if (op.getNumLoops() < 2 || blockSize % kTile != 0 || kTile % (blockSize / kTile) != 0 ||
      !op.getRegion().front().getOps<linalg::IndexOp>().empty())
    return false;
  bool any = false;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type)
      continue;
    if (!elementBytes(type))
      return false;
    if (transposedInput(op, operand)) {
      any = true;
      continue;
    }
    if (!type.getLayout().isIdentity() || !op.getMatchingIndexingMap(&operand).isIdentity())
      return false;
    if (op.isDpsInit(&operand) &&
        !op.getRegion().front().getArgument(operand.getOperandNumber()).use_empty())
      return false;
  }
  return any;
}

/// True when the inputs' fastest-varying (last) dimensions are parallel
/// loops (and none is a reduction loop): a reduction along an outer axis
/// (`sum(a, axis=0)`). Neighbouring
/// outputs then sit next to each other in memory, so one thread per output
/// walking the reduced axis reads coalesced rows; a block per output would
/// read one strided element per thread. Inputs that span every loop decide
/// when there are any: a vector broadcast along the outputs (`v` of
/// `X.T @ v`, read along the reduction) is the same element for every
/// thread of a warp, where a block per output would read the whole matrix
/// one strided element per thread (43 us against 11 for X of 16384 x 256).
static bool innermostIsParallel(linalg::GenericOp op) {
  auto iters = op.getIteratorTypesArray();
  auto decide = [&](bool wholeOnly) -> std::optional<bool> {
    bool parallelLast = false, any = false;
    for (OpOperand *in : op.getDpsInputOperands()) {
      auto type = dyn_cast<MemRefType>(in->get().getType());
      if (!type || type.getRank() == 0)
        continue;
      AffineMap map = op.getMatchingIndexingMap(in);
      if (wholeOnly && (map.getNumResults() != op.getNumLoops() || !map.isPermutation()))
        continue;
      any = true;
      auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
      if (!last)
        continue;
      if (iters[last.getPosition()] != utils::IteratorType::parallel)
        return false; // some input is contiguous along the reduction: tree it
      parallelLast = true;
    }
    if (!any)
      return std::nullopt;
    return parallelLast;
  };
  if (std::optional<bool> whole = decide(/*wholeOnly=*/true))
    return *whole;
  return decide(/*wholeOnly=*/false).value_or(false);
}

/// The kind of an arg-reduction and its index output's position, when `op`
/// is one: two outputs, one yielded by a select that ndarray.arg_reduce marks.
static std::optional<std::pair<arrayc::ArgReduceKind, unsigned>>
argReduceOf(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 2 || op.getNumReductionLoops() == 0)
    return std::nullopt;
  Operation *yield = op.getRegion().front().getTerminator();
  for (auto [k, v] : llvm::enumerate(yield->getOperands())) {
    Operation *def = v.getDefiningOp();
    std::optional<arrayc::ArgReduceKind> kind =
        def ? arrayc::ArgReduceKind::markOf(def) : std::nullopt;
    if (!kind)
      continue;
    auto idx = dyn_cast<MemRefType>(op.getDpsInits()[k].getType());
    auto val = dyn_cast<MemRefType>(op.getDpsInits()[1 - k].getType());
    if (!idx || !val || !idx.getElementType().isInteger(64) ||
        !val.getElementType().isIntOrFloat())
      return std::nullopt;
    return std::make_pair(*kind, static_cast<unsigned>(k));
  }
  return std::nullopt;
}

KernelConfig selectKernelConfig(linalg::GenericOp op, int64_t blockSize) {
  KernelConfig config;
  config.indexWidth = indexWidth(op);
  if (op.getNumReductionLoops() == 0) {
    if (tiledTranspose(op, blockSize)) {
      config.strategy = Strategy::Transpose;
      return config;
    }
    config.strategy = Strategy::Elementwise;
    config.vectorWidth = vectorWidth(op);
    if (config.vectorWidth > 1)
      return config;
    if (int64_t bw = broadcastVectorWidth(op); bw > 1) {
      config.strategy = Strategy::BroadcastVector;
      config.vectorWidth = bw;
    }
    return config;
  }
  if (Combiner combiner = matchCombiner(op)) {
    config.combiner = combiner;
    if (innermostIsParallel(op)) {
      config.strategy = Strategy::ThreadPerOutput;
    } else {
      config.strategy = Strategy::BlockReduction;
      config.vectorWidth = reductionVectorWidth(op, op.getNumParallelLoops());
    }
    return config;
  }
  if (auto arg = argReduceOf(op)) {
    config.strategy = Strategy::ArgReduction;
    std::tie(config.argKind, config.argIndexOutput) = *arg;
    return config;
  }
  config.strategy = Strategy::Sequential;
  return config;
}

} // namespace arrayc::gpumap
