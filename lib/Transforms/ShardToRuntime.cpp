//===- ShardToRuntime.cpp - arrayc-shard-to-runtime -----------------------===//
//
// Shard collectives as calls of the runtime's arrayc_rt_coll_* (Shard.h,
// runtime/include/arrayc_rt/coll.h), at the tensor level before
// bufferization, as the host ops of convert-ndarray-to-runtime are: the
// input is copied into a fresh buffer, reduced or gathered by the call, and
// read back with bufferization.to_tensor (restrict). Bufferization,
// ownership-based deallocation and the cpu lowering then see ordinary calls
// on memrefs. (MLIR's ShardToMPI + MPIToLLVM are not used: in 22.1.8 they
// link against misnamed OpenMPI symbols, load communicators as i32, lack
// all_gather and carry no memory effects for the deallocation.)
//
// Then the program's main joins the job first (arrayc_rt_coll_init: the
// process count must be the mesh's) and leaves it last
// (arrayc_rt_coll_finalize), and the mesh symbol goes.
//===----------------------------------------------------------------------===//
#include "Transforms/Shard.h"
#include "Transforms/Symbols.h"

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace arrayc {
namespace {

/// Declares `name(args) -> (results)` once. The collectives are declared
/// per element type (`arrayc_rt_coll_all_reduce_f64`): one symbol has one
/// type in a module, though the C entry points share one ABI.
func::FuncOp declareFn(OpBuilder &b, ModuleOp module, const Twine &nameTwine, TypeRange args,
                       TypeRange results) {
  std::string name = nameTwine.str();
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto f = func::FuncOp::create(b, module.getLoc(), name, b.getFunctionType(args, results));
  f.setPrivate();
  return f;
}

Value i64(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
}

/// `tensor` copied into a fresh buffer of identity layout.
Value freshCopy(PatternRewriter &rw, Location loc, Value tensor) {
  auto tt = cast<RankedTensorType>(tensor.getType());
  auto layout = StridedLayoutAttr::get(rw.getContext(), ShapedType::kDynamic,
                                       SmallVector<int64_t>(tt.getRank(), ShapedType::kDynamic));
  Value src = bufferization::ToBufferOp::create(
      rw, loc, MemRefType::get(tt.getShape(), tt.getElementType(), layout), tensor,
      /*readOnly=*/true);
  Value buf = memref::AllocOp::create(rw, loc, MemRefType::get(tt.getShape(), tt.getElementType()));
  memref::CopyOp::create(rw, loc, src, buf);
  return buf;
}

Value unrankedOf(PatternRewriter &rw, Location loc, Value buf) {
  auto mt = cast<MemRefType>(buf.getType());
  return memref::CastOp::create(rw, loc, UnrankedMemRefType::get(mt.getElementType(), 0), buf);
}

Value where(PatternRewriter &rw, Location loc, ModuleOp module) {
  return rtcall::stringValue(rw, loc, module, rtcall::locationText(loc));
}

/// The grid is 1-D and `axes` covers it (the only communicator so far).
LogicalResult checkAxes(Operation *op, FlatSymbolRefAttr grid, ArrayRef<int16_t> axes,
                        int64_t meshSize, PatternRewriter &rw) {
  auto gridOp = SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(op, grid);
  if (!gridOp || gridOp.getShape().size() != 1 || gridOp.getShape()[0] != meshSize)
    return rw.notifyMatchFailure(op, "not on the 1-D mesh");
  if (!axes.empty() && !(axes.size() == 1 && axes[0] == 0))
    return rw.notifyMatchFailure(op, "not over the whole mesh");
  return success();
}

struct Rank {
  int64_t meshSize;
  Value emit(PatternRewriter &rw, Location loc, ModuleOp module) const {
    Value w = where(rw, loc, module);
    auto f = declareFn(rw, module, "arrayc_rt_coll_rank", {rw.getI64Type(), w.getType()},
                       {rw.getI64Type()});
    Value r = func::CallOp::create(rw, loc, f, ValueRange{i64(rw, loc, meshSize), w}).getResult(0);
    return arith::IndexCastOp::create(rw, loc, rw.getIndexType(), r);
  }
};

struct LinearIndexPattern : OpRewritePattern<shard::ProcessLinearIndexOp> {
  LinearIndexPattern(MLIRContext *ctx, int64_t meshSize)
      : OpRewritePattern(ctx), meshSize(meshSize) {}
  LogicalResult matchAndRewrite(shard::ProcessLinearIndexOp op,
                                PatternRewriter &rw) const override {
    if (failed(checkAxes(op, op.getGridAttr(), {}, meshSize, rw)))
      return failure();
    rw.replaceOp(op, Rank{meshSize}.emit(rw, op.getLoc(), op->getParentOfType<ModuleOp>()));
    return success();
  }
  int64_t meshSize;
};

struct MultiIndexPattern : OpRewritePattern<shard::ProcessMultiIndexOp> {
  MultiIndexPattern(MLIRContext *ctx, int64_t meshSize)
      : OpRewritePattern(ctx), meshSize(meshSize) {}
  LogicalResult matchAndRewrite(shard::ProcessMultiIndexOp op,
                                PatternRewriter &rw) const override {
    if (op->getNumResults() != 1 || failed(checkAxes(op, op.getGridAttr(), op.getAxes(), meshSize, rw)))
      return failure();
    rw.replaceOp(op, Rank{meshSize}.emit(rw, op.getLoc(), op->getParentOfType<ModuleOp>()));
    return success();
  }
  int64_t meshSize;
};

struct AllReducePattern : OpRewritePattern<shard::AllReduceOp> {
  AllReducePattern(MLIRContext *ctx, int64_t meshSize)
      : OpRewritePattern(ctx), meshSize(meshSize) {}
  LogicalResult matchAndRewrite(shard::AllReduceOp op, PatternRewriter &rw) const override {
    auto in = dyn_cast<RankedTensorType>(op.getInput().getType());
    auto out = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!in || !out || !in.hasStaticShape() || in != out)
      return rw.notifyMatchFailure(op, "not a static tensor reduced into its own type");
    if (failed(checkAxes(op, op.getGridAttr(), op.getGridAxes(), meshSize, rw)))
      return failure();
    int32_t code;
    switch (op.getReduction()) {
    case shard::ReductionKind::Sum: code = 0; break;
    case shard::ReductionKind::Product: code = 1; break;
    case shard::ReductionKind::Min: code = 2; break;
    case shard::ReductionKind::Max: code = 3; break;
    case shard::ReductionKind::BitwiseAnd: code = 4; break;
    case shard::ReductionKind::BitwiseOr: code = 5; break;
    case shard::ReductionKind::BitwiseXor: code = 6; break;
    default: return rw.notifyMatchFailure(op, "reduction without a runtime collective");
    }
    Type elt = in.getElementType();
    int32_t kind, bits;
    if (auto f = dyn_cast<FloatType>(elt)) {
      kind = 0;
      bits = f.getWidth();
    } else if (auto i = dyn_cast<IntegerType>(elt)) {
      kind = i.getWidth() == 1 || i.isUnsigned() ? 2 : 1;
      bits = i.getWidth();
    } else if (isa<IndexType>(elt)) {
      kind = 1;
      bits = 64;
    } else {
      return rw.notifyMatchFailure(op, "element type without a runtime collective");
    }
    Location loc = op.getLoc();
    ModuleOp module = op->getParentOfType<ModuleOp>();
    Value buf = freshCopy(rw, loc, op.getInput());
    Value u = unrankedOf(rw, loc, buf);
    Value w = where(rw, loc, module);
    auto i32 = [&](int32_t v) { return rtcall::i32(rw, loc, v); };
    SmallVector<Value> args{u, i32(kind), i32(bits), i32(code), i64(rw, loc, meshSize), w};
    auto f = declareFn(rw, module, "arrayc_rt_coll_all_reduce_" + rtcall::storageSuffix(elt),
                       ValueRange(args).getTypes(), {});
    func::CallOp::create(rw, loc, f, args);
    rw.replaceOpWithNewOp<bufferization::ToTensorOp>(op, out, buf, /*restrict=*/true,
                                                     /*writable=*/true);
    return success();
  }
  int64_t meshSize;
};

struct AllGatherPattern : OpRewritePattern<shard::AllGatherOp> {
  AllGatherPattern(MLIRContext *ctx, int64_t meshSize)
      : OpRewritePattern(ctx), meshSize(meshSize) {}
  LogicalResult matchAndRewrite(shard::AllGatherOp op, PatternRewriter &rw) const override {
    auto in = dyn_cast<RankedTensorType>(op.getInput().getType());
    auto out = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!in || !out || !in.hasStaticShape() || !out.hasStaticShape() ||
        in.getElementType() != out.getElementType())
      return rw.notifyMatchFailure(op, "not static tensors of one element type");
    if (failed(checkAxes(op, op.getGridAttr(), op.getGridAxes(), meshSize, rw)))
      return failure();
    Type elt = in.getElementType();
    int64_t bytes = elt.isIntOrFloat() ? std::max<int64_t>(1, elt.getIntOrFloatBitWidth() / 8)
                                       : isa<IndexType>(elt) ? 8 : 0;
    if (!bytes)
      return rw.notifyMatchFailure(op, "element type without a runtime collective");
    Location loc = op.getLoc();
    ModuleOp module = op->getParentOfType<ModuleOp>();
    Value inBuf = freshCopy(rw, loc, op.getInput());
    Value outBuf = memref::AllocOp::create(rw, loc, MemRefType::get(out.getShape(), elt));
    Value w = where(rw, loc, module);
    SmallVector<Value> args{unrankedOf(rw, loc, inBuf), unrankedOf(rw, loc, outBuf),
                            rtcall::i32(rw, loc, static_cast<int32_t>(bytes)),
                            i64(rw, loc, op.getGatherAxis().getSExtValue()),
                            i64(rw, loc, meshSize), w};
    auto f = declareFn(rw, module, "arrayc_rt_coll_all_gather_" + rtcall::storageSuffix(elt),
                       ValueRange(args).getTypes(), {});
    func::CallOp::create(rw, loc, f, args);
    rw.replaceOpWithNewOp<bufferization::ToTensorOp>(op, out, outBuf, /*restrict=*/true,
                                                     /*writable=*/true);
    return success();
  }
  int64_t meshSize;
};

/// A replicated tensor's block on this process (resharding a replicated
/// operand to a split one: no communication).
struct AllSlicePattern : OpRewritePattern<shard::AllSliceOp> {
  AllSlicePattern(MLIRContext *ctx, int64_t meshSize)
      : OpRewritePattern(ctx), meshSize(meshSize) {}
  LogicalResult matchAndRewrite(shard::AllSliceOp op, PatternRewriter &rw) const override {
    auto in = dyn_cast<RankedTensorType>(op.getInput().getType());
    auto out = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!in || !out || !in.hasStaticShape() || !out.hasStaticShape())
      return rw.notifyMatchFailure(op, "not static tensors");
    if (failed(checkAxes(op, op.getGridAttr(), op.getGridAxes(), meshSize, rw)))
      return failure();
    int64_t d = op.getSliceAxis().getSExtValue();
    Location loc = op.getLoc();
    Value rank = Rank{meshSize}.emit(rw, loc, op->getParentOfType<ModuleOp>());
    Value block = arith::ConstantIndexOp::create(rw, loc, out.getDimSize(d));
    SmallVector<OpFoldResult> offsets(in.getRank(), rw.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes, strides(in.getRank(), rw.getIndexAttr(1));
    for (int64_t k = 0; k < in.getRank(); ++k)
      sizes.push_back(rw.getIndexAttr(out.getDimSize(k)));
    offsets[d] = arith::MulIOp::create(rw, loc, rank, block).getResult();
    rw.replaceOpWithNewOp<tensor::ExtractSliceOp>(op, out, op.getInput(), offsets, sizes,
                                                  strides);
    return success();
  }
  int64_t meshSize;
};

struct ShardToRuntimePass : PassWrapper<ShardToRuntimePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ShardToRuntimePass)

  StringRef getArgument() const final { return "arrayc-shard-to-runtime"; }
  StringRef getDescription() const final {
    return "Shard collectives and process indices as calls of the runtime's arrayc_rt_coll_*";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<bufferization::BufferizationDialect, memref::MemRefDialect,
                    arith::ArithDialect, func::FuncDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto grid = module.lookupSymbol<shard::GridOp>(kMeshSymbol);
    if (!grid)
      return; // nothing sharded
    if (grid.getShape().size() != 1) {
      grid.emitError("only 1-D meshes are implemented");
      return signalPassFailure();
    }
    int64_t meshSize = grid.getShape()[0];
    RewritePatternSet patterns(&getContext());
    populateShardToRuntimePatterns(patterns, meshSize);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();
    // Sharding annotations the partitioner left unused.
    SmallVector<Operation *> dead;
    module.walk([&](shard::ShardingOp op) {
      if (op->use_empty())
        dead.push_back(op);
    });
    for (Operation *op : dead)
      op->erase();
    bool failedAny = false;
    module.walk([&](Operation *op) {
      if (isa<shard::ShardDialect>(op->getDialect()) && !isa<shard::GridOp>(op)) {
        op->emitError() << "'" << op->getName()
                        << "' has no lowering to the runtime's collectives yet";
        failedAny = true;
      }
    });
    if (failedAny)
      return signalPassFailure();
    grid.erase();

    // The program's main joins the job first and leaves it last.
    if (auto main = module.lookupSymbol<func::FuncOp>(kMainSymbol); main && !main.isExternal()) {
      OpBuilder b(&getContext());
      b.setInsertionPointToStart(&main.front());
      Location loc = main.getLoc();
      Value w = rtcall::stringValue(b, loc, module, rtcall::locationText(loc));
      auto init = declareFn(b, module, "arrayc_rt_coll_init", {b.getI64Type(), w.getType()}, {});
      func::CallOp::create(b, loc, init, ValueRange{i64(b, loc, meshSize), w});
      auto fin = declareFn(b, module, "arrayc_rt_coll_finalize", {}, {});
      main.walk([&](func::ReturnOp ret) {
        b.setInsertionPoint(ret);
        func::CallOp::create(b, ret.getLoc(), fin, ValueRange{});
      });
    }
  }
};

} // namespace

void populateShardToRuntimePatterns(RewritePatternSet &patterns, int64_t meshSize) {
  patterns.add<LinearIndexPattern, MultiIndexPattern, AllReducePattern, AllGatherPattern,
               AllSlicePattern>(
      patterns.getContext(), meshSize);
}

std::unique_ptr<Pass> createShardToRuntime() { return std::make_unique<ShardToRuntimePass>(); }

} // namespace arrayc
