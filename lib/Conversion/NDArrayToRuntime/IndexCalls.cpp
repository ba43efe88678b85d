//===- IndexCalls.cpp - compress, scatter and sort to runtime calls -------===//
//
// The indexing ops whose results depend on the data in ways a parallel loop
// cannot express (compaction, scatter with repeated indices, sorting) become
// one call each of runtime/src/index.cpp: `arrayc_rt_compress_<T>`,
// `arrayc_rt_scatter_<T>`, `arrayc_rt_sort_<T>`, `arrayc_rt_argsort_<T>` (T
// the storage of the data's element type) on unranked memrefs and the
// element's dtype code. The output is allocated here (compress: of the
// count the op carries) and comes back through `bufferization.to_tensor`.
// On the cuda target each calls its device twin `arrayc_rt_cub_<op>_<T>`
// (same arguments): sort, argsort and compress through CUB
// (runtime/src/cub_index.cu), scatter with atomics (runtime/src/
// cuda_scatter.cu); nothing is staged through the host.
//
//===----------------------------------------------------------------------===//

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"
#include "Conversion/Passes.h"
#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace arrayc;
using namespace arrayc::rtcall;
namespace nd = arrayc::ndarray;

namespace {

/// The operands of one call: inputs as they are, one output allocated here.
class IndexCall {
public:
  IndexCall(PatternRewriter &rewriter, Operation *op)
      : rw(rewriter), loc(op->getLoc()), module(op->getParentOfType<ModuleOp>()) {}

  void input(Value tensor) { args.push_back(tensorAsUnranked(rw, loc, tensor)); }
  /// The result buffer of `type`; `dyn` are its dynamic sizes.
  void output(RankedTensorType type, ValueRange dyn) {
    Type elt = storageType(type.getElementType());
    out = memref::AllocOp::create(rw, loc, MemRefType::get(type.getShape(), elt), dyn);
    outType = type;
    args.push_back(memref::CastOp::create(rw, loc, unranked(elt), out));
  }
  void flag(int32_t v) { args.push_back(i32(rw, loc, v)); }

  /// Calls `<name>_<T>`, T the storage suffix of `elt`.
  void emit(Operation *op, StringRef name, Type elt) {
    args.push_back(stringValue(rw, loc, module, locationText(loc)));
    SmallVector<Type> types;
    for (Value a : args)
      types.push_back(a.getType());
    std::string fn = (name + "_" + storageSuffix(storageType(elt))).str();
    func::CallOp::create(rw, loc, declare(rw, module, fn, types), args);
    Value r = bufferization::ToTensorOp::create(
        rw, loc, outType.clone(storageType(outType.getElementType())), out,
        /*restrict=*/true, /*writable=*/true);
    if (r.getType() != outType)
      r = UnrealizedConversionCastOp::create(rw, loc, outType, r).getResult(0);
    rw.replaceOp(op, r);
  }

  /// The dynamic sizes of `like`'s type, read from `like` (its signless
  /// storage, so that no unsigned tensor outlives the pass).
  SmallVector<Value> dynSizes(Value like) {
    like = storageTensor(rw, loc, like);
    SmallVector<Value> dyn;
    auto t = cast<RankedTensorType>(like.getType());
    for (int64_t d = 0; d < t.getRank(); ++d)
      if (t.isDynamicDim(d))
        dyn.push_back(tensor::DimOp::create(rw, loc, like, d));
    return dyn;
  }

private:
  PatternRewriter &rw;
  Location loc;
  ModuleOp module;
  SmallVector<Value> args;
  Value out;
  RankedTensorType outType;
};

Type eltOf(Value v) { return cast<RankedTensorType>(v.getType()).getElementType(); }

/// The entry point of `op` for the target: `arrayc_rt_<op>` on the host,
/// `arrayc_rt_cub_<op>` (on the device) for cuda.
std::string entryName(StringRef op, bool cuda) {
  return ((cuda ? "arrayc_rt_cub_" : "arrayc_rt_") + op).str();
}

struct CompressPattern : OpRewritePattern<nd::CompressOp> {
  CompressPattern(MLIRContext *ctx, bool cuda) : OpRewritePattern(ctx), cuda(cuda) {}
  bool cuda;
  LogicalResult matchAndRewrite(nd::CompressOp op, PatternRewriter &rewriter) const override {
    IndexCall c(rewriter, op);
    c.input(op.getInput());
    c.input(op.getMask());
    auto type = cast<RankedTensorType>(op.getType());
    SmallVector<Value> dyn;
    if (type.isDynamicDim(0))
      dyn.push_back(op.getCount());
    c.output(type, dyn);
    c.flag(dtypeCode(eltOf(op.getInput())));
    c.emit(op, entryName("compress", cuda), eltOf(op.getInput()));
    return success();
  }
};

struct ScatterPattern : OpRewritePattern<nd::ScatterOp> {
  ScatterPattern(MLIRContext *ctx, bool cuda) : OpRewritePattern(ctx), cuda(cuda) {}
  bool cuda;
  LogicalResult matchAndRewrite(nd::ScatterOp op, PatternRewriter &rewriter) const override {
    if (!eltOf(op.getIndices()).isSignlessInteger(64))
      return rewriter.notifyMatchFailure(op, "the runtime takes i64 indices");
    IndexCall c(rewriter, op);
    c.input(op.getDest());
    c.input(op.getIndices());
    c.input(op.getUpdates());
    c.output(cast<RankedTensorType>(op.getType()), c.dynSizes(op.getDest()));
    c.flag(dtypeCode(eltOf(op.getDest())));
    c.flag(op.getAccumulate());
    c.emit(op, entryName("scatter", cuda), eltOf(op.getDest()));
    return success();
  }
};

struct SortPattern : OpRewritePattern<nd::SortOp> {
  SortPattern(MLIRContext *ctx, bool cuda) : OpRewritePattern(ctx), cuda(cuda) {}
  bool cuda;
  LogicalResult matchAndRewrite(nd::SortOp op, PatternRewriter &rewriter) const override {
    IndexCall c(rewriter, op);
    c.input(op.getInput());
    c.output(cast<RankedTensorType>(op.getType()), c.dynSizes(op.getInput()));
    c.flag(dtypeCode(eltOf(op.getInput())));
    c.emit(op, entryName(op.getIndices() ? "argsort" : "sort", cuda), eltOf(op.getInput()));
    return success();
  }
};

} // namespace

void arrayc::populateIndexToRuntimeCallPatterns(RewritePatternSet &patterns, bool cuda) {
  patterns.add<CompressPattern, ScatterPattern, SortPattern>(patterns.getContext(), cuda);
}
