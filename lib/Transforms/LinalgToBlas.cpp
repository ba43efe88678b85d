//===- LinalgToBlas.cpp - buffer-level contractions as GEMM calls ---------===//
//
// convert-ndarray-to-linalg emits matmul/dot/einsum as a zero fill of the
// result followed by a multiply-add `linalg.generic`. On the CPU those become
// scalar loops; this pass replaces each one that is a (batched) matrix product
// of f32/f64/c64/c128 with a call of `arrayc_rt_blas_gemm_<T>` (runtime/src/
// blas.cpp), which loops over the batch and calls OpenBLAS's cblas_?gemm.
//
// What is matched, and why (anything else stays on loops):
//  - two inputs, one output, all of one element type: no fused casts;
//  - a body of exactly `mul(in0, in1)`, `add(mul, out)`, `yield`: a fused
//    prologue (negation, ...) or epilogue would be lost in a GEMM call;
//  - indexing maps whose results are loop dimensions or constants (a size-1
//    broadcast dimension), each loop at most once per operand; the output
//    map a permutation of the parallel loops;
//  - exactly one reduction loop (one contracted dim), at most one loop that
//    only A and C index (GEMM's m) and one that only B and C index (n): the
//    others (batch loops) index C. A vector operand gives m or n = 1;
//  - static strides that give each operand a row-major or transposed matrix
//    (GEMM's lda/trans); dynamic strides are decided by the runtime, which
//    packs a matrix GEMM cannot address.
// A zero fill of the output that precedes the product (only side-effect-free
// ops, allocations, generics and copies on other buffers between) is folded
// into beta = 0; so is a copy of a zero buffer (bufferization shares one among
// products of one shape); without one the call accumulates (beta = 1), as the
// generic does. On cuda, a product followed by a bias/scale/ReLU epilogue
// becomes one cuBLASLt call instead (GemmEpilogue.cpp).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Buffers.h"
#include "Transforms/Gemm.h"
#include "Transforms/Passes.h"

#include "mlir/Interfaces/ViewLikeInterface.h"

#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace arrayc {
#define GEN_PASS_DEF_LINALGTOBLAS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;
using namespace arrayc::gemm;

namespace {

/// "f32", "f64", "c64", "c128", or "" for element types GEMM does not take.
StringRef gemmSuffix(Type t) {
  if (t.isF32())
    return "f32";
  if (t.isF64())
    return "f64";
  if (auto c = dyn_cast<ComplexType>(t)) {
    if (c.getElementType().isF32())
      return "c64";
    if (c.getElementType().isF64())
      return "c128";
  }
  return "";
}

/// mul then add of the element type, nothing else (isContractionBody also
/// accepts unary ops on the way, which a GEMM call would drop).
bool isPlainMulAdd(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != 3)
    return false;
  return linalg::detail::isContractionBody(body, [](Operation *mul, Operation *add) {
    return (isa<arith::MulFOp>(mul) && isa<arith::AddFOp>(add)) ||
           (isa<complex::MulOp>(mul) && isa<complex::AddOp>(add));
  });
}

/// extf(in0) and extf(in1) to f32, then mul and add in f32: the body of an
/// f16/bf16 product accumulated in f32 (cuBLAS's GemmEx computes it so).
bool isWidenedMulAdd(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != 5 || body.getNumArguments() != 3)
    return false;
  auto it = body.begin();
  auto e0 = dyn_cast<arith::ExtFOp>(*it++);
  auto e1 = dyn_cast<arith::ExtFOp>(*it++);
  auto mul = dyn_cast<arith::MulFOp>(*it++);
  auto add = dyn_cast<arith::AddFOp>(*it++);
  auto yield = dyn_cast<linalg::YieldOp>(*it);
  if (!e0 || !e1 || !mul || !add || !yield || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != add.getResult())
    return false;
  Value a = body.getArgument(0), b = body.getArgument(1), acc = body.getArgument(2);
  bool ins = (e0.getIn() == a && e1.getIn() == b) || (e0.getIn() == b && e1.getIn() == a);
  bool mulOk = (mul.getLhs() == e0 && mul.getRhs() == e1) ||
               (mul.getLhs() == e1 && mul.getRhs() == e0);
  bool addOk = (add.getLhs() == mul.getResult() && add.getRhs() == acc) ||
               (add.getRhs() == mul.getResult() && add.getLhs() == acc);
  return ins && mulOk && addOk && acc.getType().isF32();
}

bool isPositiveZero(Value v) {
  if (matchPattern(v, m_PosZeroFloat()))
    return true;
  auto c = v.getDefiningOp<complex::ConstantOp>();
  if (!c)
    return false;
  return llvm::all_of(c.getValue(), [](Attribute a) {
    auto f = dyn_cast<FloatAttr>(a);
    return f && f.getValue().isPosZero();
  });
}

/// Whether `buffer` is an allocation that only ops naming it (or a view of
/// it) can touch: its views and casts are used by linalg ops, copies, loads,
/// stores, deallocations and calls (which never keep a memref), never turned
/// into a pointer or anything else that could let it escape.
bool neverEscapes(Value buffer) {
  if (!buffer.getDefiningOp<memref::AllocOp>())
    return false;
  SmallVector<Value> work{buffer};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(user); view && view.getViewSource() == v)
        work.push_back(view->getResult(0));
      else if (auto cast = dyn_cast<memref::CastOp>(user))
        work.push_back(cast.getResult());
      else if (!isa<linalg::LinalgOp, memref::CopyOp, memref::LoadOp, memref::StoreOp,
                     memref::DeallocOp, CallOpInterface>(user))
        return false;
    }
  }
  return true;
}

/// Whether `op` (a call, an op with regions) can neither read nor write
/// `base`: an allocation that does not escape, that no operand of `op` or of
/// the ops inside it is a view of.
bool cannotReach(Operation *op, Value base) {
  if (!neverEscapes(base))
    return false;
  WalkResult r = op->walk([&](Operation *inner) {
    return llvm::any_of(inner->getOperands(),
                        [&](Value v) { return arrayc::baseBuffer(v) == base; })
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return !r.wasInterrupted();
}

} // namespace

/// The op that sets every element of `buffer` to +0 before `op`, if any: a
/// linalg.fill, or its generalized form (an all-parallel generic with no
/// inputs yielding a value defined outside it), with only allocations, ops
/// without memory effects and generics on other buffers in between (the
/// roundings of `arrayc-mixed-precision` sit there). Or a `memref.copy` into
/// `buffer` of a buffer that is +0 there: bufferization gives products of one
/// shape one zero-filled buffer and copies it into each product's own; copies
/// that only read the buffer are passed over too, and so are calls (a save,
/// a print) and other ops that do not name the buffer, an allocation that
/// does not escape.
Operation *arrayc::gemm::findZeroFill(Operation *op, Value buffer) {
  for (Operation *p = op->getPrevNode(); p; p = p->getPrevNode()) {
    if (auto g = dyn_cast<linalg::GenericOp>(p);
        g && llvm::none_of(g->getOperands(), [&](Value v) {
          return arrayc::baseBuffer(v) == arrayc::baseBuffer(buffer);
        }))
      continue;
    if (auto fill = dyn_cast<linalg::FillOp>(p)) {
      if (fill.getOutputs()[0] == buffer && isPositiveZero(fill.getInputs()[0]))
        return p;
      return nullptr;
    }
    if (auto g = dyn_cast<linalg::GenericOp>(p)) {
      // linalg.fill generalized: no buffer inputs (a scalar one when fusion,
      // which folds it into the body, is off), the whole output, +0 yielded.
      if (g.getNumDpsInits() != 1 || g.getDpsInits()[0] != buffer ||
          !g.getMatchingIndexingMap(g.getDpsInitOperand(0)).isIdentity() ||
          g.getNumReductionLoops() != 0 ||
          llvm::any_of(g.getDpsInputs(), [](Value v) { return isa<ShapedType>(v.getType()); }))
        return nullptr;
      auto yield = cast<linalg::YieldOp>(g.getRegion().front().getTerminator());
      Value yielded = yield.getValues()[0];
      if (auto arg = dyn_cast<BlockArgument>(yielded);
          arg && arg.getOwner() == &g.getRegion().front() && arg.getArgNumber() < g.getNumDpsInputs())
        yielded = g.getDpsInputs()[arg.getArgNumber()];
      if (g.getRegion().front().getOperations().size() != 1 || !isPositiveZero(yielded))
        return nullptr;
      return p;
    }
    if (cannotReach(p, arrayc::baseBuffer(buffer)))
      continue; // a call (print, save), an earlier GEMM call's scope
    if (auto copy = dyn_cast<memref::CopyOp>(p)) {
      if (arrayc::baseBuffer(copy.getTarget()) != arrayc::baseBuffer(buffer))
        continue; // it writes another buffer
      if (copy.getTarget() == buffer && copy.getSource().getType() == buffer.getType() &&
          findZeroFill(copy, copy.getSource()))
        return p;
      return nullptr;
    }
    if (!isMemoryEffectFree(p) && !isa<memref::AllocOp, memref::AllocaOp>(p))
      return nullptr;
  }
  return nullptr;
}

bool arrayc::gemm::zerosReadBefore(Operation *fill, Operation *product) {
  auto copy = dyn_cast<memref::CopyOp>(fill);
  Value buffer = copy ? copy.getTarget() : cast<linalg::LinalgOp>(fill).getDpsInits()[0];
  Block *block = product->getBlock();
  return llvm::any_of(buffer.getUsers(), [&](Operation *user) {
    if (user == fill || user == product)
      return false;
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    return !ancestor || (fill->isBeforeInBlock(ancestor) && ancestor->isBeforeInBlock(product));
  });
}

void arrayc::gemm::eraseZeroFill(RewriterBase &rewriter, Operation *fill) {
  auto copy = dyn_cast<memref::CopyOp>(fill);
  rewriter.eraseOp(fill);
  if (!copy)
    return;
  // The zero buffer copied from, when nothing reads it any more.
  Value zeros = copy.getSource();
  auto alloc = zeros.getDefiningOp<memref::AllocOp>();
  if (!alloc || !llvm::all_of(zeros.getUsers(), [&](Operation *user) {
        if (isa<memref::DeallocOp>(user))
          return true;
        auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
        return linalgOp && isa<linalg::FillOp, linalg::GenericOp>(user) &&
               linalgOp.getNumDpsInits() == 1 && linalgOp.getDpsInits()[0] == zeros &&
               llvm::none_of(linalgOp.getDpsInputs(),
                             [](Value v) { return isa<ShapedType>(v.getType()); });
      }))
    return;
  for (Operation *user : llvm::make_early_inc_range(zeros.getUsers()))
    rewriter.eraseOp(user);
  rewriter.eraseOp(alloc);
}

/// An identity layout, or a view at an offset of a contiguous row-major
/// buffer of its static shape (`A[r0:r1]`, the block of rows a sharded call
/// slices): cuBLAS's entry points read the offset from the descriptor
/// (runtime/src/cublas.cpp), so it is the same matrix.
static bool contiguousLayout(MemRefType type) {
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!type.hasStaticShape() || failed(type.getStridesAndOffset(strides, offset)))
    return false;
  int64_t expected = 1;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    if (strides[d] != expected)
      return false;
    expected *= type.getDimSize(d);
  }
  return true;
}

/// Whether nothing but the product `op`, its zero fill, `reader` and
/// deallocations uses `buffer`.
bool arrayc::gemm::onlyProductUses(Operation *op, Value buffer, Operation *reader) {
  return llvm::all_of(buffer.getUsers(), [&](Operation *user) {
    return user == op || user == reader || isa<memref::DeallocOp>(user) ||
           (isa<linalg::GenericOp, linalg::FillOp, memref::CopyOp>(user) &&
            user == findZeroFill(op, buffer));
  });
}

namespace {

/// The generic right after `op` (past allocations and ops without memory
/// effects) that only rounds the f32 product `buffer` to f16/bf16 in a
/// buffer of the same shape, when nothing else but `op`, its zero fill and
/// deallocations uses `buffer`; else null. cuBLAS can then write the rounded
/// product directly.
linalg::GenericOp findRounding(Operation *op, Value buffer) {
  Operation *next = op->getNextNode();
  while (next && (isa<memref::AllocOp, memref::AllocaOp>(next) || isMemoryEffectFree(next)))
    next = next->getNextNode();
  auto g = dyn_cast_or_null<linalg::GenericOp>(next);
  if (!g || g.getNumDpsInputs() != 1 || g.getNumDpsInits() != 1 ||
      g.getDpsInputs()[0] != buffer || g.getNumReductionLoops() != 0 ||
      !llvm::all_of(g.getIndexingMapsArray(), [](AffineMap m) { return m.isIdentity(); }))
    return nullptr;
  auto outType = cast<MemRefType>(g.getDpsInits()[0].getType());
  if (!(outType.getElementType().isF16() || outType.getElementType().isBF16()) ||
      !outType.getLayout().isIdentity())
    return nullptr;
  Block &body = g.getRegion().front();
  auto trunc = dyn_cast<arith::TruncFOp>(body.front());
  if (body.getOperations().size() != 2 || !trunc || trunc.getIn() != body.getArgument(0) ||
      body.getTerminator()->getOperand(0) != trunc.getResult())
    return nullptr;
  return onlyProductUses(op, buffer, g) ? g : nullptr;
}

/// The elementwise generic after `op` in its block that reads the f32
/// product `buffer` in order and uses it only through
/// `truncf` to `elt` (f16/bf16), when nothing else but `op`, its zero fill
/// and deallocations uses `buffer`: an epilogue fused with the rounding (the
/// seed's pairwise distance, `sqrt(a - 2*q@p.T + b)` of f16). cuBLAS can
/// then write the rounded product to a buffer of `elt` that the epilogue
/// reads instead: half the bytes written and read back.
linalg::GenericOp findRoundingEpilogue(Operation *op, Value buffer, Type elt) {
  // The first generic after `op` in its block that reads `buffer` (ops in
  // between touch neither buffer: the checks of every user below).
  linalg::GenericOp g;
  for (Operation *next = op->getNextNode(); next && !g; next = next->getNextNode())
    if (auto generic = dyn_cast<linalg::GenericOp>(next);
        generic && llvm::is_contained(generic->getOperands(), buffer))
      g = generic;
  if (!g || g.getNumReductionLoops() != 0 || g.getNumDpsInits() == 0)
    return nullptr;
  auto type = cast<MemRefType>(buffer.getType());
  OpOperand *use = nullptr;
  for (OpOperand *in : g.getDpsInputOperands()) {
    if (in->get() != buffer)
      continue;
    if (use || !g.getMatchingIndexingMap(in).isIdentity() ||
        g.getNumLoops() != unsigned(type.getRank()))
      return nullptr;
    use = in;
  }
  if (!use || llvm::is_contained(g.getDpsInits(), buffer))
    return nullptr;
  BlockArgument arg = g.getMatchingBlockArgument(use);
  if (arg.use_empty())
    return nullptr;
  for (Operation *user : arg.getUsers()) {
    auto trunc = dyn_cast<arith::TruncFOp>(user);
    if (!trunc || trunc.getType() != elt)
      return nullptr;
  }
  return onlyProductUses(op, buffer, g) ? g : nullptr;
}

/// Whether an operand whose matrix has row/column strides `rs`/`cs` (element
/// units, kDynamic if unknown) can be passed to GEMM without packing: one of
/// them 1 and the other at least the extent it steps over. Sizes are unknown
/// here, so a known stride other than 1 on both sides is refused.
bool staticallyAddressable(int64_t rs, int64_t cs) {
  if (ShapedType::isDynamic(rs) || ShapedType::isDynamic(cs))
    return true;
  return rs == 1 || cs == 1 || rs == 0 || cs == 0;
}

} // namespace

/// With `widened`, also f16/bf16 inputs with an f32 result and body
/// (isWidenedMulAdd); `suffix` names the entry point's types.
FailureOr<GemmMatch> arrayc::gemm::matchGemm(linalg::GenericOp op, bool widened,
                                             std::string &suffix) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !op.getRegion().hasOneBlock())
    return failure();
  SmallVector<Value> operands{op.getDpsInputs()[0], op.getDpsInputs()[1],
                              op.getDpsInits()[0]};
  SmallVector<Type> elts;
  for (Value v : operands) {
    auto t = dyn_cast<MemRefType>(v.getType());
    if (!t)
      return failure();
    elts.push_back(t.getElementType());
  }
  if (elts[0] == elts[1] && elts[1] == elts[2] && !gemmSuffix(elts[0]).empty() &&
      isPlainMulAdd(op)) {
    suffix = gemmSuffix(elts[0]).str();
  } else if (widened && elts[0] == elts[1] && (elts[0].isF16() || elts[0].isBF16()) &&
             elts[2].isF32() && isWidenedMulAdd(op)) {
    suffix = elts[0].isF16() ? "f16f32" : "bf16f32";
  } else {
    return failure();
  }
  // The result must not be read through an input.
  if (operands[2] == operands[0] || operands[2] == operands[1])
    return failure();

  unsigned nloops = op.getNumLoops();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  // in[o][l]: operand o indexes loop l.
  SmallVector<SmallVector<bool>> in(3, SmallVector<bool>(nloops, false));
  GemmMatch match;
  match.plan.push_back(nloops);
  SmallVector<int64_t> entries;
  for (unsigned o = 0; o < 3; ++o) {
    for (AffineExpr e : maps[o].getResults()) {
      if (auto d = dyn_cast<AffineDimExpr>(e)) {
        if (in[o][d.getPosition()])
          return failure(); // a diagonal ('ii')
        in[o][d.getPosition()] = true;
        entries.push_back(d.getPosition());
      } else if (auto c = dyn_cast<AffineConstantExpr>(e); c && c.getValue() >= 0 && o < 2) {
        entries.push_back(-1 - c.getValue());
      } else {
        return failure(); // strided (d0 * 2) or computed indices
      }
    }
  }
  // Classify loops like linalg::inferContractionDims (batch: A, B and C;
  // m: A and C; n: B and C; k: A and B), which refuses vectors (m or n
  // empty) and constant indices, both of which a GEMM call serves.
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  SmallVector<unsigned> ms, ns, ks;
  match.roles.assign(nloops, Batch);
  for (unsigned l = 0; l < nloops; ++l) {
    bool a = in[0][l], b = in[1][l], c = in[2][l];
    bool reduction = iters[l] == utils::IteratorType::reduction;
    if (reduction != !c)
      return failure();
    if (a && b && !c)
      ks.push_back(l);
    else if (a && c && !b)
      ms.push_back(l);
    else if (b && c && !a)
      ns.push_back(l);
    else if (!(a && b && c))
      return failure(); // a loop only one operand (or none) indexes
  }
  if (ks.size() != 1)
    return failure();
  // Extra m/n loops (a batch dimension one side broadcasts) are batch loops;
  // GEMM's m and n are the ones innermost in C, but never a loop of static
  // size 1 where another candidate is longer: reshape propagation turns
  // `h @ w` with w of shape (k, 1) into a product whose unit loop and row loop
  // both index only A and C, and the unit loop as m made a batch of n GEMMs of
  // one row each (4096 cuBLAS calls per product in the MLP benchmark).
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  auto innermostInC = [&](ArrayRef<unsigned> loops) -> int64_t {
    int64_t best = -1, bestPos = -1;
    bool bestUnit = true;
    for (auto [pos, e] : llvm::enumerate(maps[2].getResults())) {
      unsigned l = cast<AffineDimExpr>(e).getPosition();
      if (!llvm::is_contained(loops, l))
        continue;
      bool unit = ranges[l] == 1;
      if (best < 0 || (bestUnit && !unit) || (unit == bestUnit && (int64_t)pos > bestPos)) {
        bestPos = pos;
        best = l;
        bestUnit = unit;
      }
    }
    return best;
  };
  int64_t m = innermostInC(ms), n = innermostInC(ns), k = ks[0];
  if (m >= 0)
    match.roles[m] = M;
  if (n >= 0)
    match.roles[n] = N;
  match.roles[k] = K;

  // Static layouts GEMM cannot address stay on loops.
  for (unsigned o = 0; o < 3; ++o) {
    auto t = cast<MemRefType>(operands[o].getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(t.getStridesAndOffset(strides, offset)))
      return failure();
    auto strideOf = [&](int64_t loop) -> int64_t {
      if (loop < 0)
        return 0;
      for (auto [r, e] : llvm::enumerate(maps[o].getResults()))
        if (auto d = dyn_cast<AffineDimExpr>(e); d && d.getPosition() == loop)
          return strides[r];
      return 0;
    };
    int64_t rows = o == 1 ? k : m, cols = o == 0 ? k : n;
    if (!staticallyAddressable(strideOf(rows), strideOf(cols)))
      return failure();
  }
  match.plan.append(match.roles.begin(), match.roles.end());
  match.plan.append(entries.begin(), entries.end());
  return match;
}

SmallVector<Value> arrayc::gemm::planAndOperands(OpBuilder &b, Location loc,
                                                 ArrayRef<int64_t> plan, ValueRange operands) {
  auto planType = MemRefType::get({(int64_t)plan.size()}, b.getI64Type());
  Value slot = memref::AllocaOp::create(b, loc, planType);
  for (auto [i, v] : llvm::enumerate(plan)) {
    Value c = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
    Value idx = arith::ConstantIndexOp::create(b, loc, i);
    memref::StoreOp::create(b, loc, c, slot, ValueRange{idx});
  }
  SmallVector<Value> args;
  args.push_back(
      memref::CastOp::create(b, loc, UnrankedMemRefType::get(b.getI64Type(), 0), slot));
  for (Value v : operands)
    args.push_back(memref::CastOp::create(
        b, loc, UnrankedMemRefType::get(cast<MemRefType>(v.getType()).getElementType(), 0), v));
  return args;
}

namespace {

func::FuncOp declareGemm(PatternRewriter &rewriter, ModuleOp module, Type inElt, Type outElt,
                         StringRef suffix, bool cuda) {
  std::string name = (cuda ? "arrayc_rt_cublas_gemm_" : "arrayc_rt_blas_gemm_") + suffix.str();
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  auto plan = UnrankedMemRefType::get(rewriter.getI64Type(), 0);
  auto in = UnrankedMemRefType::get(inElt, 0), out = UnrankedMemRefType::get(outElt, 0);
  auto f = func::FuncOp::create(
      rewriter, module.getLoc(), name,
      rewriter.getFunctionType({plan, in, in, out, rewriter.getI32Type()}, {}));
  f.setPrivate();
  return f;
}

struct GenericToGemm : OpRewritePattern<linalg::GenericOp> {
  GenericToGemm(MLIRContext *ctx, bool cuda, bool tf32)
      : OpRewritePattern(ctx), cuda(cuda), tf32(tf32) {}
  /// cuBLAS on device buffers: only identity layouts and beta = 0.
  bool cuda;
  /// f32 products on the TF32 tensor cores (with cuda).
  bool tf32;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    std::string suffix;
    FailureOr<GemmMatch> match = matchGemm(op, /*widened=*/cuda, suffix);
    if (failed(match))
      return rewriter.notifyMatchFailure(op, "not a GEMM-shaped contraction");
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return failure();
    Value out = op.getDpsInits()[0];
    Type elt = cast<MemRefType>(out.getType()).getElementType();
    Type inElt = cast<MemRefType>(op.getDpsInputs()[0].getType()).getElementType();
    Operation *fill = findZeroFill(op, out);
    // Zeros read before the product stay (beta = 0 overwrites them).
    bool keepFill = fill && zerosReadBefore(fill, op);
    if (cuda && (!fill || !llvm::all_of(op->getOperands(), [](Value v) {
                   return contiguousLayout(cast<MemRefType>(v.getType()));
                 })))
      return rewriter.notifyMatchFailure(op, "cuBLAS takes identity layouts and beta = 0");
    if (cuda && tf32 && suffix == "f32")
      suffix = "tf32";
    // An f16/bf16 product rounded right after: cuBLAS writes the rounded
    // result (f32 accumulation, one rounding, as before) in place of the f32
    // one, and the rounding pass goes.
    // Or rounded inside a fused epilogue: cuBLAS writes the rounded product
    // to a new buffer of the input type, which the epilogue reads in place of
    // the f32 one (its truncf ops go).
    linalg::GenericOp rounding, epilogue;
    bool halves = cuda && (suffix == "f16f32" || suffix == "bf16f32");
    if (halves && (rounding = findRounding(op, out))) {
      out = rounding.getDpsInits()[0];
      elt = inElt;
      suffix = suffix.substr(0, suffix.size() - 3);
      rewriter.setInsertionPoint(rounding);
    } else if (halves && (epilogue = findRoundingEpilogue(op, out, inElt))) {
      auto type = cast<MemRefType>(out.getType());
      // The product's sizes (from its allocation: a dim of it would keep
      // the f32 buffer alive).
      SmallVector<Value> dynSizes;
      if (auto alloc = out.getDefiningOp<memref::AllocOp>())
        dynSizes.append(alloc.getDynamicSizes().begin(), alloc.getDynamicSizes().end());
      else
        for (int64_t d = 0; d < type.getRank(); ++d)
          if (type.isDynamicDim(d))
            dynSizes.push_back(memref::DimOp::create(rewriter, op.getLoc(), out, d));
      Value rounded = memref::AllocOp::create(
          rewriter, op.getLoc(), MemRefType::get(type.getShape(), inElt), dynSizes);
      Value product = out;
      out = rounded;
      elt = inElt;
      suffix = suffix.substr(0, suffix.size() - 3);
      rewriter.modifyOpInPlace(epilogue, [&] {
        for (OpOperand *in : epilogue.getDpsInputOperands())
          if (in->get() == product) {
            BlockArgument arg = epilogue.getMatchingBlockArgument(in);
            in->set(rounded);
            arg.setType(inElt);
            for (Operation *trunc : llvm::make_early_inc_range(arg.getUsers())) {
              trunc->getResult(0).replaceAllUsesWith(arg);
              trunc->erase();
            }
          }
      });
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointAfter(epilogue);
      memref::DeallocOp::create(rewriter, op.getLoc(), rounded);
    }
    func::FuncOp callee = declareGemm(rewriter, module, inElt, elt, suffix, cuda);

    Location loc = op.getLoc();
    // The descriptors passed by pointer are stack slots: the scope releases
    // them, so a product in a loop does not grow the stack.
    auto scope = memref::AllocaScopeOp::create(rewriter, loc, TypeRange{});
    Block *body = rewriter.createBlock(&scope.getBodyRegion());
    rewriter.setInsertionPointToStart(body);
    SmallVector<Value> args = planAndOperands(
        rewriter, loc, match->plan, ValueRange{op.getDpsInputs()[0], op.getDpsInputs()[1], out});
    args.push_back(arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getI32IntegerAttr(fill ? 0 : 1)));
    func::CallOp::create(rewriter, loc, callee, args);
    memref::AllocaScopeReturnOp::create(rewriter, loc, ValueRange{});
    if (fill && !keepFill)
      eraseZeroFill(rewriter, fill);
    if (rounding || epilogue) {
      Value product = op.getDpsInits()[0];
      if (rounding)
        rewriter.eraseOp(rounding);
      rewriter.eraseOp(op);
      // The f32 product's buffer, now unused but for its release.
      if (auto alloc = product.getDefiningOp<memref::AllocOp>();
          alloc && llvm::all_of(product.getUsers(),
                                [](Operation *u) { return isa<memref::DeallocOp>(u); })) {
        for (Operation *u : llvm::make_early_inc_range(product.getUsers()))
          rewriter.eraseOp(u);
        rewriter.eraseOp(alloc);
      }
      return success();
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// A product operand that is a permuted copy (`b = p.T` materialized by an
/// all-parallel generic whose body only yields its input, into a buffer
/// nothing else uses) reads the copy's source instead, through the composed
/// map: the GEMM call then takes the source transposed, and the copy (a
/// kernel on the GPU, a loop nest on the CPU) and its buffer go. Only when
/// nothing between the copy and the product may write the source, and only
/// for products that become GEMM calls.
struct FoldPermutedCopyIntoProduct : OpRewritePattern<linalg::GenericOp> {
  FoldPermutedCopyIntoProduct(MLIRContext *ctx, bool cuda)
      : OpRewritePattern(ctx, /*benefit=*/2), cuda(cuda) {}
  bool cuda;

  /// The copy that fills `buffer` (an allocation) and that `op` reads, if
  /// `buffer` has no other users but deallocations.
  static linalg::GenericOp permutedCopy(linalg::GenericOp op, Value buffer) {
    if (!buffer.getDefiningOp<memref::AllocOp>())
      return nullptr;
    linalg::GenericOp copy;
    for (Operation *user : buffer.getUsers()) {
      if (user == op || isa<memref::DeallocOp>(user))
        continue;
      auto g = dyn_cast<linalg::GenericOp>(user);
      if (copy || !g)
        return nullptr;
      copy = g;
    }
    if (!copy || copy->getBlock() != op->getBlock() || !copy->isBeforeInBlock(op) ||
        copy.getNumDpsInputs() != 1 || copy.getNumDpsInits() != 1 ||
        copy.getDpsInits()[0] != buffer || copy.getNumReductionLoops() != 0 ||
        !copy.getMatchingIndexingMap(copy.getDpsInitOperand(0)).isIdentity() ||
        !copy.getMatchingIndexingMap(copy.getDpsInputOperand(0)).isPermutation())
      return nullptr;
    Block &body = copy.getRegion().front();
    if (body.getOperations().size() != 1 ||
        body.getTerminator()->getOperand(0) != body.getArgument(0))
      return nullptr;
    Value source = copy.getDpsInputs()[0];
    auto type = dyn_cast<MemRefType>(source.getType());
    if (!type || !type.getLayout().isIdentity())
      return nullptr;
    // Nothing in between may write the source (calls and unknown effects
    // count as writes).
    for (Operation *p = copy->getNextNode(); p != op; p = p->getNextNode()) {
      if (isMemoryEffectFree(p) || isa<memref::AllocOp, memref::DeallocOp>(p))
        continue;
      auto g = dyn_cast<linalg::LinalgOp>(p);
      if (!g || llvm::any_of(g.getDpsInits(), [&](Value v) {
            return arrayc::baseBuffer(v) == arrayc::baseBuffer(source);
          }))
        return nullptr;
    }
    return copy;
  }

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    std::string suffix;
    if (failed(matchGemm(op, /*widened=*/cuda, suffix)) ||
        (cuda && !findZeroFill(op, op.getDpsInits()[0])))
      return rewriter.notifyMatchFailure(op, "not a product that becomes a GEMM call");
    for (OpOperand *in : op.getDpsInputOperands()) {
      linalg::GenericOp copy = permutedCopy(op, in->get());
      if (!copy)
        continue;
      Value buffer = in->get();
      AffineMap sourceMap = copy.getMatchingIndexingMap(copy.getDpsInputOperand(0));
      SmallVector<AffineMap> maps = op.getIndexingMapsArray();
      maps[in->getOperandNumber()] = sourceMap.compose(maps[in->getOperandNumber()]);
      rewriter.modifyOpInPlace(op, [&] {
        in->set(copy.getDpsInputs()[0]);
        op.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
      });
      rewriter.eraseOp(copy);
      for (Operation *user : llvm::make_early_inc_range(buffer.getUsers()))
        rewriter.eraseOp(user);
      rewriter.eraseOp(buffer.getDefiningOp());
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no operand is a permuted copy");
  }
};

struct LinalgToBlasPass : arrayc::impl::LinalgToBlasBase<LinalgToBlasPass> {
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arrayc::populateLinalgToBlasPatterns(patterns, cuda, tf32);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace

void arrayc::populateLinalgToBlasPatterns(RewritePatternSet &patterns, bool cuda,
                                          bool tf32) {
  patterns.add<GenericToGemm>(patterns.getContext(), cuda, tf32);
  // cuda: a product with a bias/scale/ReLU epilogue as one cuBLASLt call
  // (GemmEpilogue.cpp), tried before the plain GEMM call.
  if (cuda)
    populateGemmEpiloguePatterns(patterns, tf32);
  // CPU only: on the H100, cuBLAS took 0.272 ms for the pairwise distance's
  // 10000x10000x784 f16 product with p transposed in the call, against
  // 0.250 + 0.014 for the copy then the untransposed call (00:55 UTC run,
  // docs/performance.md); OpenBLAS packs either layout the same way.
  if (!cuda)
    patterns.add<FoldPermutedCopyIntoProduct>(patterns.getContext(), cuda);
}
