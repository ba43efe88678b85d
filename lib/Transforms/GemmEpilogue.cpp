//===- GemmEpilogue.cpp - products with a cuBLASLt epilogue ---------------===//
//
// On the cuda target, `np.maximum(x @ W + b, 0.0)` reaches arrayc-linalg-to-
// blas as a zero fill, the product generic and an elementwise generic that
// reads the product (fused by arrayc-fuse-elementwise: bias add and ReLU in
// one body). The plain path makes that a cuBLAS call and a kernel that reads
// the product back; here the three become one cuBLASLt matmul whose epilogue
// computes the elementwise part before the product is stored:
//
//   D = relu(alpha * (A @ B) + bias)      (each part optional)
//
// as `arrayc_rt_cublas_lt_gemm_<T>(plan, A, B, D, bias, alpha, flags)`
// (runtime/src/cublaslt.cpp; flags: 1 bias, 2 ReLU). What is matched, and
// why (anything else keeps the GEMM call and the kernel):
//  - the product: f32 (also with --tf32) or f64, one matrix (an m, an n and a
//    k loop, no batch loops), C indexed (m, n) so that n is its contiguous
//    dimension, identity layouts, a zero fill of C before it (beta = 0);
//  - the next op after it (past allocations and ops without memory effects)
//    is an all-parallel 2-d generic whose inputs are C (identity map) and at
//    most one buffer of C's element type indexed by constants then the n
//    loop (a vector `b`, or a row `p[1]`), last stride 1, the bias; or,
//    without such an input, a bias the body loads itself from such a row
//    (`memref.load %p[%c1, linalg.index 1]`, as fusion leaves `x @ W +
//    p[1]`). cuBLASLt adds one bias element per row of its column-major D,
//    which is per column of arrayc's row-major C (cublas.cpp computes C as
//    the column-major C^T = B^T A^T); a row is passed as a subview. A vector
//    indexed by m (`x @ W + b[:, None]`) is a different broadcast and is not
//    matched;
//  - its output (identity map, old value unused) is C itself, in place
//    (later readers of C read the result, as before), or a new allocation of
//    C's type when nothing reads C after the product (C's buffer then goes
//    when nothing reads it at all);
//  - its body is exactly, in this order: an optional scale `c * s` or
//    `s * c` by a value s from outside the body or a constant (cuBLASLt's
//    alpha), an optional `+ bias` (either operand order), an optional ReLU:
//    NumPy's `np.maximum(v, 0.0)` as the frontend lowers it (`select(v > 0
//    or isnan(v), v, +0)`) or `arith.maximumf(v, +0)`; and at least one of
//    the three. GELU is not matched: no frontend formula lowers to cuBLASLt's
//    tanh approximation exactly.
// A NaN reaching the ReLU (from a NaN or an infinity in the inputs) stays a
// NaN, as NumPy's maximum keeps it: so cuBLASLt's ReLU did on the H100 (CUDA
// 13.0), though its documentation does not promise it (docs/runtime.md).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Buffers.h"
#include "Transforms/Gemm.h"
#include "Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace arrayc::gemm;

namespace {

/// The epilogue flags the runtime reads (cublaslt.cpp).
enum EpilogueFlags : int32_t { kBias = 1, kRelu = 2 };

bool isPosZero(Value v) { return matchPattern(v, m_PosZeroFloat()); }

/// What the body of an epilogue generic computes from the product's element.
struct Epilogue {
  Value alpha;   // the scale, or null (1)
  bool bias = false;
  /// A bias read in the body from a row of a buffer outside the generic
  /// (`b[i, j]` for the n loop j, the other indices from outside), as
  /// fusion leaves a slice `x @ w + p[0]`; null for a bias input.
  memref::LoadOp biasLoad;
  bool relu = false;
};

/// `v` with a ReLU peeled off: `v` itself when it is not one.
Value peelRelu(Value v, SmallPtrSetImpl<Operation *> &ops, bool &relu) {
  if (auto max = v.getDefiningOp<arith::MaximumFOp>()) {
    for (auto [x, zero] : {std::pair(max.getLhs(), max.getRhs()),
                           std::pair(max.getRhs(), max.getLhs())})
      if (isPosZero(zero)) {
        ops.insert(max);
        relu = true;
        return x;
      }
    return v;
  }
  // np.maximum(x, 0.0): select(x > 0 || isnan(x), x, 0).
  auto select = v.getDefiningOp<arith::SelectOp>();
  if (!select || !isPosZero(select.getFalseValue()))
    return v;
  Value x = select.getTrueValue();
  auto orOp = select.getCondition().getDefiningOp<arith::OrIOp>();
  if (!orOp)
    return v;
  auto gt = orOp.getLhs().getDefiningOp<arith::CmpFOp>();
  auto nan = orOp.getRhs().getDefiningOp<arith::CmpFOp>();
  if (gt && gt.getPredicate() == arith::CmpFPredicate::UNO)
    std::swap(gt, nan);
  if (!gt || !nan || gt.getPredicate() != arith::CmpFPredicate::OGT || gt.getLhs() != x ||
      !isPosZero(gt.getRhs()) || nan.getPredicate() != arith::CmpFPredicate::UNO ||
      nan.getLhs() != x || nan.getRhs() != x)
    return v;
  ops.insert({select, orOp, gt, nan});
  relu = true;
  return x;
}

/// Whether `v` is `memref.load %buf[i..., linalg.index 1]` in `body` from a
/// buffer of `elt` outside it whose last dimension has stride 1, the other
/// indices from outside the body: the n-th element of a row of %buf.
memref::LoadOp rowLoad(Value v, Block &body, Type elt) {
  auto load = v.getDefiningOp<memref::LoadOp>();
  if (!load || load->getBlock() != &body)
    return nullptr;
  MemRefType type = load.getMemRefType();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (type.getElementType() != elt || type.getRank() < 1 ||
      failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1 ||
      load.getMemRef().getParentRegion() == body.getParent())
    return nullptr;
  ValueRange idx = load.getIndices();
  auto last = idx.back().getDefiningOp<linalg::IndexOp>();
  if (!last || last.getDim() != 1 || last->getBlock() != &body)
    return nullptr;
  for (Value i : idx.drop_back())
    if (i.getParentRegion() == body.getParent())
      return nullptr;
  return load;
}

/// The epilogue of a generic body computing from `product` (the product's
/// block argument) and `bias` (the bias vector's, or null: then a bias may
/// be a row of a buffer the body loads), or failure when the body computes
/// anything else.
FailureOr<Epilogue> matchBody(Block &body, Value product, Value bias, Type elt) {
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (yield.getNumOperands() != 1)
    return failure();
  Epilogue e;
  SmallPtrSet<Operation *, 8> ops;
  Value v = peelRelu(yield.getValues()[0], ops, e.relu);
  if (auto add = v.getDefiningOp<arith::AddFOp>()) {
    for (auto [x, y] : {std::pair(add.getLhs(), add.getRhs()),
                        std::pair(add.getRhs(), add.getLhs())}) {
      memref::LoadOp load = bias ? nullptr : rowLoad(y, body, elt);
      if ((bias && y == bias) || load) {
        ops.insert(add);
        if (load)
          ops.insert({load, load.getIndices().back().getDefiningOp()});
        e.bias = true;
        e.biasLoad = load;
        v = x;
        break;
      }
    }
  }
  if (auto mul = v.getDefiningOp<arith::MulFOp>()) {
    // A value from outside the generic (it dominates the call that
    // replaces it) or a constant of the body (moved out with it).
    auto outside = [&](Value s) {
      return s.getParentRegion() != body.getParent() || matchPattern(s, m_Constant());
    };
    for (auto [x, s] : {std::pair(mul.getLhs(), mul.getRhs()),
                        std::pair(mul.getRhs(), mul.getLhs())})
      if (x == product && s != product && outside(s)) {
        ops.insert(mul);
        e.alpha = s;
        v = x;
        break;
      }
  }
  if (v != product || (bias && !e.bias) || !(e.bias || e.relu || e.alpha))
    return failure();
  // Nothing else in the body but constants.
  for (Operation &op : body.without_terminator())
    if (!ops.contains(&op) && !matchPattern(&op, m_Constant()))
      return failure();
  return e;
}

/// The generic right after `op` (past allocations and ops without memory
/// effects), if any.
linalg::GenericOp nextGeneric(Operation *op) {
  Operation *next = op->getNextNode();
  while (next && (isa<memref::AllocOp, memref::AllocaOp>(next) || isMemoryEffectFree(next)))
    next = next->getNextNode();
  return dyn_cast_or_null<linalg::GenericOp>(next);
}

/// Whether `map` reads a row of a buffer along the n loop: constants, then
/// d1 (`p[1]` broadcast over the rows of C), and `type`'s last stride is 1.
bool isRowMap(AffineMap map, MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (map.getNumResults() == 0 || failed(type.getStridesAndOffset(strides, offset)) ||
      strides.back() != 1)
    return false;
  for (AffineExpr e : map.getResults().drop_back())
    if (!isa<AffineConstantExpr>(e))
      return false;
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  return last && last.getPosition() == 1;
}

bool identityLayout(Value v) {
  auto t = dyn_cast<MemRefType>(v.getType());
  return t && t.getLayout().isIdentity();
}

struct ProductWithEpilogue : OpRewritePattern<linalg::GenericOp> {
  ProductWithEpilogue(MLIRContext *ctx, bool tf32)
      : OpRewritePattern(ctx, /*benefit=*/2), tf32(tf32) {}
  bool tf32;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    std::string suffix;
    FailureOr<GemmMatch> match = matchGemm(op, /*widened=*/false, suffix);
    if (failed(match) || (suffix != "f32" && suffix != "f64"))
      return rewriter.notifyMatchFailure(op, "not an f32/f64 GEMM");
    // One matrix: m, n and k loops, C indexed (m, n).
    ArrayRef<int64_t> roles = match->roles;
    AffineMap cMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
    if (roles.size() != 3 || !llvm::is_contained(roles, M) || !llvm::is_contained(roles, N) ||
        cMap.getNumResults() != 2 ||
        roles[cast<AffineDimExpr>(cMap.getResult(0)).getPosition()] != M ||
        roles[cast<AffineDimExpr>(cMap.getResult(1)).getPosition()] != N)
      return rewriter.notifyMatchFailure(op, "not one product with n contiguous in C");
    Value a = op.getDpsInputs()[0], b = op.getDpsInputs()[1], c = op.getDpsInits()[0];
    Operation *fill = findZeroFill(op, c);
    if (!fill || !identityLayout(a) || !identityLayout(b) || !identityLayout(c))
      return rewriter.notifyMatchFailure(op, "cuBLASLt takes identity layouts and beta = 0");
    Type elt = cast<MemRefType>(c.getType()).getElementType();
    // Zeros read before the product stay (beta = 0 overwrites them).
    bool keepFill = zerosReadBefore(fill, op);

    linalg::GenericOp epi = nextGeneric(op);
    if (!epi || !epi.hasPureBufferSemantics() || epi.getNumLoops() != 2 ||
        epi.getNumReductionLoops() != 0 || epi.getNumDpsInits() != 1 ||
        !epi.getRegion().hasOneBlock())
      return rewriter.notifyMatchFailure(op, "no elementwise generic right after");
    AffineMap identity = AffineMap::getMultiDimIdentityMap(2, getContext());
    OpOperand *productUse = nullptr, *biasUse = nullptr;
    for (OpOperand *in : epi.getDpsInputOperands()) {
      AffineMap map = epi.getMatchingIndexingMap(in);
      auto type = dyn_cast<MemRefType>(in->get().getType());
      if (in->get() == c && map == identity && !productUse)
        productUse = in;
      else if (type && type.getElementType() == elt && isRowMap(map, type) && !biasUse)
        biasUse = in;
      else
        return rewriter.notifyMatchFailure(epi, "an input other than the product and a bias");
    }
    OpOperand *init = epi.getDpsInitOperand(0);
    Value dst = init->get();
    if (!productUse || epi.getMatchingIndexingMap(init) != identity ||
        dst.getType() != c.getType() || !epi.getMatchingBlockArgument(init).use_empty())
      return rewriter.notifyMatchFailure(epi, "not an epilogue of the product into its shape");
    Value bias = biasUse ? biasUse->get() : Value();
    // A new buffer for the result (never an operand: the call writes it
    // while reading A, B and the bias), and C read by nothing else.
    if (dst != c && (!dst.getDefiningOp<memref::AllocOp>() ||
                     llvm::is_contained({a, b, bias}, dst)))
      return rewriter.notifyMatchFailure(epi, "the epilogue writes a buffer it may read");
    if (bias && arrayc::baseBuffer(bias) == arrayc::baseBuffer(c))
      return rewriter.notifyMatchFailure(epi, "the bias is a view of the product");
    // Written in place, C may be read later (it then holds the epilogue's
    // result, as before); into another buffer, C goes and nothing may read it.
    if (dst != c && !llvm::all_of(c.getUsers(), [&](Operation *user) {
          if (user == op || user == epi || isa<memref::DeallocOp>(user))
            return true;
          // Before the product (the copies of a shared zero buffer), it
          // sees what it saw before.
          Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*user);
          return ancestor && ancestor->isBeforeInBlock(op);
        }))
      return rewriter.notifyMatchFailure(op, "the product is read elsewhere");
    FailureOr<Epilogue> e = matchBody(epi.getRegion().front(),
                                      epi.getMatchingBlockArgument(productUse),
                                      biasUse ? epi.getMatchingBlockArgument(biasUse) : Value(),
                                      elt);
    if (failed(e))
      return rewriter.notifyMatchFailure(epi, "the body is not bias/scale/ReLU");
    if (e->biasLoad) {
      Value rows = e->biasLoad.getMemRef();
      if (llvm::is_contained({c, dst}, rows) ||
          arrayc::baseBuffer(rows) == arrayc::baseBuffer(c) ||
          arrayc::baseBuffer(rows) == arrayc::baseBuffer(dst))
        return rewriter.notifyMatchFailure(epi, "the bias is a view of the result");
    }

    if (tf32 && suffix == "f32")
      suffix = "tf32";
    auto module = op->getParentOfType<ModuleOp>();
    std::string name = "arrayc_rt_cublas_lt_gemm_" + suffix;
    auto callee = module.lookupSymbol<func::FuncOp>(name);
    if (!callee) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      auto plan = UnrankedMemRefType::get(rewriter.getI64Type(), 0);
      auto mem = UnrankedMemRefType::get(elt, 0);
      callee = func::FuncOp::create(
          rewriter, module.getLoc(), name,
          rewriter.getFunctionType({plan, mem, mem, mem, mem, elt, rewriter.getI32Type()}, {}));
      callee.setPrivate();
    }

    Location loc = epi.getLoc();
    rewriter.setInsertionPoint(epi);
    // The scale: a constant of the body moves out with the call.
    Value alpha = e->alpha;
    if (!alpha) {
      alpha = arith::ConstantOp::create(rewriter, loc, rewriter.getFloatAttr(elt, 1.0));
    } else if (alpha.getParentRegion() == &epi.getRegion()) {
      alpha = rewriter.clone(*alpha.getDefiningOp())->getResult(0);
    }
    // A bias that is a row of a buffer (an input indexed by constants then
    // the n loop, or a load in the body): that row, as a vector of n.
    SmallVector<OpFoldResult> offsets;
    Value rows;
    if (e->biasLoad) {
      rows = e->biasLoad.getMemRef();
      for (Value i : e->biasLoad.getIndices().drop_back())
        offsets.push_back(i);
    } else if (bias && (cast<MemRefType>(bias.getType()).getRank() != 1 ||
                        !identityLayout(bias))) {
      rows = bias;
      for (AffineExpr i : epi.getMatchingIndexingMap(biasUse).getResults().drop_back())
        offsets.push_back(rewriter.getIndexAttr(cast<AffineConstantExpr>(i).getValue()));
    }
    if (rows) {
      auto rowsType = cast<MemRefType>(rows.getType());
      int64_t rank = rowsType.getRank();
      SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
      offsets.push_back(rewriter.getIndexAttr(0));
      sizes.assign(rank - 1, rewriter.getIndexAttr(1));
      auto cType = cast<MemRefType>(c.getType());
      sizes.push_back(cType.isDynamicDim(1)
                          ? OpFoldResult(memref::DimOp::create(rewriter, loc, dst, 1).getResult())
                          : OpFoldResult(rewriter.getIndexAttr(cType.getDimSize(1))));
      auto vecType = memref::SubViewOp::inferRankReducedResultType(
          {cType.getDimSize(1)}, rowsType, offsets, sizes, strides);
      bias = memref::SubViewOp::create(rewriter, loc, cast<MemRefType>(vecType), rows, offsets,
                                       sizes, strides);
    }
    Value flags = arith::ConstantOp::create(
        rewriter, loc,
        rewriter.getI32IntegerAttr((e->bias ? kBias : 0) | (e->relu ? kRelu : 0)));
    auto scope = memref::AllocaScopeOp::create(rewriter, loc, TypeRange{});
    rewriter.createBlock(&scope.getBodyRegion());
    // Without a bias the runtime ignores that operand: D is passed.
    SmallVector<Value> args =
        planAndOperands(rewriter, loc, match->plan, ValueRange{a, b, dst, bias ? bias : dst});
    args.push_back(alpha);
    args.push_back(flags);
    func::CallOp::create(rewriter, loc, callee, args);
    memref::AllocaScopeReturnOp::create(rewriter, loc, ValueRange{});

    rewriter.eraseOp(epi);
    rewriter.eraseOp(op);
    if (!keepFill)
      eraseZeroFill(rewriter, fill);
    // The product's own buffer, when the epilogue wrote another one: now
    // unused but for its release.
    if (dst != c)
      if (auto alloc = c.getDefiningOp<memref::AllocOp>();
          alloc && llvm::all_of(c.getUsers(),
                                [](Operation *u) { return isa<memref::DeallocOp>(u); })) {
        for (Operation *u : llvm::make_early_inc_range(c.getUsers()))
          rewriter.eraseOp(u);
        rewriter.eraseOp(alloc);
      }
    return success();
  }
};

} // namespace

void arrayc::populateGemmEpiloguePatterns(RewritePatternSet &patterns, bool tf32) {
  patterns.add<ProductWithEpilogue>(patterns.getContext(), tf32);
}
