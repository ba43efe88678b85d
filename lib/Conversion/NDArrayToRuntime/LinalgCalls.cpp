//===- LinalgCalls.cpp - numpy.linalg ops to LAPACKE/cuSOLVER calls -------===//
//
// Each op becomes one call `arrayc_rt_linalg_<op>_<T>(inputs..., outputs...,
// flags..., location)` (runtime/src/linalg.cpp, LAPACKE), or on the cuda
// target `arrayc_rt_cusolver_<op>_<T>` (runtime/src/cusolver.cpp; slogdet, lstsq
// and eig have no cuSOLVER twin and call LAPACKE on both targets). The outputs are allocated
// here, as `load` allocates its buffer, sized from the input's dimensions,
// and come back as tensors through `bufferization.to_tensor`; the runtime
// checks the dynamic shapes the verifier could not.
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

/// Collects the operands of one runtime call, allocating its outputs.
class LinalgCall {
public:
  LinalgCall(PatternRewriter &rewriter, Operation *op, StringRef prefix)
      : rw(rewriter), loc(op->getLoc()), module(op->getParentOfType<ModuleOp>()),
        prefix(prefix) {}

  /// Dimension `d` of `tensor` as an index.
  Value dim(Value tensor, int64_t d) {
    auto t = cast<RankedTensorType>(tensor.getType());
    if (!t.isDynamicDim(d))
      return arith::ConstantIndexOp::create(rw, loc, t.getDimSize(d));
    return tensor::DimOp::create(rw, loc, tensor, d);
  }
  /// The leading (batch) dimensions of a stack of matrices.
  SmallVector<Value> batch(Value tensor) {
    SmallVector<Value> dims;
    int64_t rank = cast<RankedTensorType>(tensor.getType()).getRank();
    for (int64_t d = 0; d + 2 < rank; ++d)
      dims.push_back(dim(tensor, d));
    return dims;
  }
  Value min(Value a, Value b) { return arith::MinSIOp::create(rw, loc, a, b); }

  void input(Value tensor) { args.push_back(tensorAsUnranked(rw, loc, tensor)); }
  /// A fresh buffer of `type` whose dimensions are `dims` (all of them; the
  /// dynamic ones size the allocation).
  void output(Type type, ArrayRef<Value> dims) {
    auto tt = cast<RankedTensorType>(type);
    SmallVector<Value> dyn;
    for (int64_t d = 0; d < tt.getRank(); ++d)
      if (tt.isDynamicDim(d))
        dyn.push_back(dims[d]);
    auto mt = MemRefType::get(tt.getShape(), tt.getElementType());
    Value buf = memref::AllocOp::create(rw, loc, mt, dyn);
    buffers.push_back({buf, tt});
    args.push_back(memref::CastOp::create(rw, loc, unranked(tt.getElementType()), buf));
  }
  void flag(bool v) { args.push_back(i32(rw, loc, v)); }
  void real(double v) {
    args.push_back(arith::ConstantOp::create(rw, loc, rw.getF64FloatAttr(v)));
  }

  /// Calls `<prefix><name>_<T>` and replaces `op` by the outputs.
  void emit(Operation *op, StringRef name, Type elt) { rw.replaceOp(op, call(name, elt)); }

  /// Calls `<prefix><name>_<T>`; returns the outputs as tensors.
  SmallVector<Value> call(StringRef name, Type elt) {
    args.push_back(stringValue(rw, loc, module, locationText(loc)));
    SmallVector<Type> types;
    for (Value a : args)
      types.push_back(a.getType());
    std::string fn = (prefix + name + "_" + storageSuffix(elt)).str();
    func::CallOp::create(rw, loc, declare(rw, module, fn, types), args);
    SmallVector<Value> results;
    for (auto [buf, type] : buffers)
      results.push_back(bufferization::ToTensorOp::create(rw, loc, type, buf,
                                                          /*restrict=*/true,
                                                          /*writable=*/true));
    return results;
  }

private:
  PatternRewriter &rw;
  Location loc;
  ModuleOp module;
  StringRef prefix;
  SmallVector<Value> args;
  SmallVector<std::pair<Value, RankedTensorType>> buffers;
};

Type eltOf(Value v) { return cast<RankedTensorType>(v.getType()).getElementType(); }
int64_t rankOf(Value v) { return cast<RankedTensorType>(v.getType()).getRank(); }

/// `batch ++ tail`.
SmallVector<Value> concat(SmallVector<Value> batch, std::initializer_list<Value> tail) {
  batch.append(tail.begin(), tail.end());
  return batch;
}

/// A pattern emitting calls of the entry points named `<prefix><op>_<T>`.
template <class Op> struct LinalgPattern : OpRewritePattern<Op> {
  LinalgPattern(MLIRContext *ctx, StringRef prefix) : OpRewritePattern<Op>(ctx), prefix(prefix) {}
  std::string prefix;
};

struct DetPattern : LinalgPattern<nd::DetOp> {
  using LinalgPattern::LinalgPattern;
  LogicalResult matchAndRewrite(nd::DetOp op, PatternRewriter &rewriter) const override {
    LinalgCall c(rewriter, op, prefix);
    c.input(op.getInput());
    c.output(op.getType(), c.batch(op.getInput()));
    c.emit(op, "det", eltOf(op.getInput()));
    return success();
  }
};

/// inv and cholesky: the result has the input's shape.
template <class Op> struct SameShapePattern : LinalgPattern<Op> {
  SameShapePattern(MLIRContext *ctx, StringRef prefix, StringRef name)
      : LinalgPattern<Op>(ctx, prefix), name(name) {}
  LogicalResult matchAndRewrite(Op op, PatternRewriter &rewriter) const override {
    LinalgCall c(rewriter, op, this->prefix);
    Value in = op.getInput();
    c.input(in);
    Value m = c.dim(in, rankOf(in) - 2);
    c.output(op.getType(), concat(c.batch(in), {m, m}));
    if constexpr (std::is_same_v<Op, nd::CholeskyOp>)
      c.flag(op.getUpper());
    c.emit(op, name, eltOf(in));
    return success();
  }
  std::string name;
};

struct SolvePattern : LinalgPattern<nd::SolveOp> {
  using LinalgPattern::LinalgPattern;
  LogicalResult matchAndRewrite(nd::SolveOp op, PatternRewriter &rewriter) const override {
    LinalgCall c(rewriter, op, prefix);
    c.input(op.getA());
    c.input(op.getB());
    // The result is b's shape, with a's row count.
    Value b = op.getB();
    SmallVector<Value> dims = c.batch(op.getA());
    dims.push_back(c.dim(op.getA(), rankOf(op.getA()) - 2));
    if (rankOf(b) == rankOf(op.getA()))
      dims.push_back(c.dim(b, rankOf(b) - 1));
    c.output(op.getType(), dims);
    c.emit(op, "solve", eltOf(b));
    return success();
  }
};

struct QRPattern : LinalgPattern<nd::QROp> {
  using LinalgPattern::LinalgPattern;
  LogicalResult matchAndRewrite(nd::QROp op, PatternRewriter &rewriter) const override {
    LinalgCall c(rewriter, op, prefix);
    Value in = op.getInput();
    c.input(in);
    Value m = c.dim(in, rankOf(in) - 2), n = c.dim(in, rankOf(in) - 1);
    bool complete = op.getMode() == nd::QRMode::complete;
    Value k = complete ? m : c.min(m, n);
    c.output(op.getQ().getType(), concat(c.batch(in), {m, k}));
    c.output(op.getR().getType(), concat(c.batch(in), {k, n}));
    c.flag(complete);
    c.emit(op, "qr", eltOf(in));
    return success();
  }
};

struct SVDPattern : LinalgPattern<nd::SVDOp> {
  using LinalgPattern::LinalgPattern;
  LogicalResult matchAndRewrite(nd::SVDOp op, PatternRewriter &rewriter) const override {
    LinalgCall c(rewriter, op, prefix);
    Value in = op.getInput();
    c.input(in);
    Value m = c.dim(in, rankOf(in) - 2), n = c.dim(in, rankOf(in) - 1), k = c.min(m, n);
    bool full = op.getFullMatrices();
    c.output(op.getU().getType(), concat(c.batch(in), {m, full ? m : k}));
    c.output(op.getS().getType(), concat(c.batch(in), {k}));
    c.output(op.getVh().getType(), concat(c.batch(in), {full ? n : k, n}));
    c.flag(full);
    c.emit(op, "svd", eltOf(in));
    return success();
  }
};

struct SVDValsPattern : LinalgPattern<nd::SVDValsOp> {
  using LinalgPattern::LinalgPattern;
  LogicalResult matchAndRewrite(nd::SVDValsOp op, PatternRewriter &rewriter) const override {
    LinalgCall c(rewriter, op, prefix);
    Value in = op.getInput();
    c.input(in);
    Value k = c.min(c.dim(in, rankOf(in) - 2), c.dim(in, rankOf(in) - 1));
    c.output(op.getType(), concat(c.batch(in), {k}));
    c.emit(op, "svdvals", eltOf(in));
    return success();
  }
};

struct EighPattern : LinalgPattern<nd::EighOp> {
  using LinalgPattern::LinalgPattern;
  LogicalResult matchAndRewrite(nd::EighOp op, PatternRewriter &rewriter) const override {
    LinalgCall c(rewriter, op, prefix);
    Value in = op.getInput();
    c.input(in);
    Value m = c.dim(in, rankOf(in) - 2);
    c.output(op.getW().getType(), concat(c.batch(in), {m}));
    c.output(op.getV().getType(), concat(c.batch(in), {m, m}));
    c.flag(op.getUpper());
    c.emit(op, "eigh", eltOf(in));
    return success();
  }
};

struct SlogdetPattern : LinalgPattern<nd::SlogdetOp> {
  using LinalgPattern::LinalgPattern;
  LogicalResult matchAndRewrite(nd::SlogdetOp op, PatternRewriter &rewriter) const override {
    LinalgCall c(rewriter, op, prefix);
    Value in = op.getInput();
    c.input(in);
    c.output(op.getSign().getType(), c.batch(in));
    c.output(op.getLogabsdet().getType(), c.batch(in));
    c.emit(op, "slogdet", eltOf(in));
    return success();
  }
};

/// The residuals are computed into a buffer of their largest size (K when
/// M > N, else 0) and cut to 0 after the call unless rank == N.
struct LstsqPattern : LinalgPattern<nd::LstsqOp> {
  using LinalgPattern::LinalgPattern;
  LogicalResult matchAndRewrite(nd::LstsqOp op, PatternRewriter &rewriter) const override {
    LinalgCall c(rewriter, op, prefix);
    Location loc = op.getLoc();
    Value a = op.getA(), b = op.getB();
    c.input(a);
    c.input(b);
    Value m = c.dim(a, 0), n = c.dim(a, 1);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value k = rankOf(b) == 2 ? c.dim(b, 1) : one;
    Value tall = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sgt, m, n);
    Value most = arith::SelectOp::create(rewriter, loc, tall, k, zero);
    c.output(op.getX().getType(), rankOf(b) == 2 ? SmallVector<Value>{n, k}
                                                 : SmallVector<Value>{n});
    c.output(op.getResiduals().getType(), {most});
    c.output(op.getRank().getType(), {});
    c.output(op.getS().getType(), {c.min(m, n)});
    std::optional<APFloat> rcond = op.getRcond();
    c.flag(!rcond);
    c.real(rcond ? rcond->convertToDouble() : 0.0);
    SmallVector<Value> r = c.call("lstsq", eltOf(a));
    Value rank = tensor::ExtractOp::create(rewriter, loc, r[2], ValueRange{});
    Value full = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq,
        arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), rank), n);
    Value size = arith::SelectOp::create(rewriter, loc, full, most, zero);
    r[1] = tensor::ExtractSliceOp::create(
        rewriter, loc, cast<RankedTensorType>(op.getResiduals().getType()), r[1],
        ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0)}, ArrayRef<OpFoldResult>{size},
        ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// eig and eigvals (`v` absent).
template <class Op> struct EigPattern : LinalgPattern<Op> {
  using LinalgPattern<Op>::LinalgPattern;
  LogicalResult matchAndRewrite(Op op, PatternRewriter &rewriter) const override {
    LinalgCall c(rewriter, op, this->prefix);
    Value in = op.getInput();
    c.input(in);
    Value m = c.dim(in, rankOf(in) - 2);
    c.output(op.getW().getType(), concat(c.batch(in), {m}));
    if constexpr (std::is_same_v<Op, nd::EigOp>) {
      c.output(op.getV().getType(), concat(c.batch(in), {m, m}));
      c.emit(op, "eig", eltOf(in));
    } else {
      c.emit(op, "eigvals", eltOf(in));
    }
    return success();
  }
};

} // namespace

void arrayc::populateNDArrayLinalgToRuntimePatterns(RewritePatternSet &patterns, bool cuda) {
  MLIRContext *ctx = patterns.getContext();
  StringRef prefix = cuda ? "arrayc_rt_cusolver_" : "arrayc_rt_linalg_";
  patterns.add<DetPattern, SolvePattern, QRPattern, SVDPattern, SVDValsPattern, EighPattern>(
      ctx, prefix);
  patterns.add<SameShapePattern<nd::InvOp>>(ctx, prefix, "inv");
  patterns.add<SameShapePattern<nd::CholeskyOp>>(ctx, prefix, "cholesky");
  // No cuSOLVER twins (yet): LAPACKE on both targets, device buffers staged
  // through the host by linalg.cpp.
  patterns.add<SlogdetPattern, LstsqPattern, EigPattern<nd::EigOp>,
               EigPattern<nd::EigvalsOp>>(ctx, "arrayc_rt_linalg_");
}
