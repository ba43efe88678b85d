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
// cuda_scatter.cu); nothing is staged through the host. On the cpu a
// scatter into a 1-d array is a loop of inserts instead (ScatterLoopPattern).
//
//===----------------------------------------------------------------------===//

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"
#include "Conversion/Passes.h"
#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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

/// cpu: a scatter into a 1-d array as a loop of `tensor.insert`s into the
/// destination, each index wrapped (negative from the end) and checked. A
/// destination that is dead after the scatter (an array assigned through
/// `a[idx] = v`, a loop-carried array) is then updated in place by
/// bufferization: a few elements written, not a copy of the whole array as
/// the runtime call's fresh output costs (lu_factor's row swaps: 2n
/// elements, not n^2, per step). The order is the runtime's: the last write
/// of a repeated index wins, `accumulate` adds each (bool: or).
struct ScatterLoopPattern : OpRewritePattern<nd::ScatterOp> {
  ScatterLoopPattern(MLIRContext *ctx) : OpRewritePattern(ctx, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(nd::ScatterOp op, PatternRewriter &rewriter) const override {
    auto destT = cast<RankedTensorType>(op.getDest().getType());
    auto idxT = cast<RankedTensorType>(op.getIndices().getType());
    auto updT = cast<RankedTensorType>(op.getUpdates().getType());
    if (destT.getRank() != 1 || idxT.getRank() != 1 || updT.getRank() != 1 ||
        !idxT.getElementType().isSignlessInteger(64))
      return rewriter.notifyMatchFailure(op, "1-d destination, i64 indices and updates");
    Location loc = op.getLoc();
    Value dest = storageTensor(rewriter, loc, op.getDest());
    Value upd = storageTensor(rewriter, loc, op.getUpdates());
    Value idx = op.getIndices();
    Type elt = cast<RankedTensorType>(dest.getType()).getElementType();
    bool accumulate = op.getAccumulate();
    if (accumulate && !isa<FloatType, IntegerType, ComplexType>(elt))
      return rewriter.notifyMatchFailure(op, "add.at of this element type");
    std::string text = locationText(loc);
    std::string message =
        (text.empty() ? "" : text + ": ") + "index {0} is out of bounds for axis 0 with size {1}";
    Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value count = tensor::DimOp::create(rewriter, loc, idx, 0);
    Value n = arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(),
                                         tensor::DimOp::create(rewriter, loc, dest, 0));
    auto loop = scf::ForOp::create(
        rewriter, loc, c0, count, c1, ValueRange{dest},
        [&](OpBuilder &b, Location l, Value k, ValueRange iter) {
          Value i = tensor::ExtractOp::create(b, l, idx, k);
          Value zero = arith::ConstantIntOp::create(b, l, 0, 64);
          Value negative = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, i, zero);
          Value wrapped = arith::SelectOp::create(
              b, l, negative, arith::AddIOp::create(b, l, i, n), i);
          Value inside = arith::AndIOp::create(
              b, l, arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, wrapped, zero),
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, wrapped, n));
          nd::AssertOp::create(b, l, inside, b.getStringAttr(message), ValueRange{i, n});
          Value at = arith::IndexCastOp::create(b, l, b.getIndexType(), wrapped);
          Value v = tensor::ExtractOp::create(b, l, upd, k);
          if (accumulate) {
            Value old = tensor::ExtractOp::create(b, l, iter[0], at);
            if (isa<ComplexType>(elt))
              v = complex::AddOp::create(b, l, old, v);
            else if (isa<FloatType>(elt))
              v = arith::AddFOp::create(b, l, old, v);
            else if (elt.isInteger(1))
              v = arith::OrIOp::create(b, l, old, v);
            else
              v = arith::AddIOp::create(b, l, old, v);
          }
          scf::YieldOp::create(b, l, tensor::InsertOp::create(b, l, v, iter[0], at).getResult());
        });
    Value r = loop.getResult(0);
    if (r.getType() != op.getType())
      r = UnrealizedConversionCastOp::create(rewriter, loc, op.getType(), r).getResult(0);
    rewriter.replaceOp(op, r);
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
  if (!cuda)
    patterns.add<ScatterLoopPattern>(patterns.getContext());
}
