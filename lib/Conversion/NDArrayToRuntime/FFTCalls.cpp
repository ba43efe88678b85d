//===- FFTCalls.cpp - ndarray.fft to arrayc_rt_fft calls ------------------===//
//
// `ndarray.fft` becomes a call of arrayc_rt_<kind>_<T> (runtime/src/fft.cpp,
// FFTW on the CPU) on unranked memrefs: the input as it is, and an output
// the compiled code allocates (C-contiguous, the input's shape with the
// transformed axis resized). The transform length n is computed here when
// the op leaves it to the input's size, so the runtime always gets it.
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

struct FFTPattern : OpRewritePattern<nd::FFTOp> {
  FFTPattern(MLIRContext *ctx, bool cuda)
      : OpRewritePattern(ctx), prefix(cuda ? "arrayc_rt_cufft_" : "arrayc_rt_") {}
  LogicalResult matchAndRewrite(nd::FFTOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    auto inType = cast<RankedTensorType>(op.getInput().getType());
    auto outType = cast<RankedTensorType>(op.getType());
    int64_t axis = op.getAxisIndex();
    nd::FFTKind kind = op.getKind();
    Type i64 = rewriter.getI64Type();

    // n: given (as a constant or a run-time value), or the input's length
    // (2 * (m - 1) for irfft).
    Value n = op.getDynamicLength();
    if (n) {
      // (the runtime rejects n < 1; the allocation below stays valid)
    } else if (op.getN() >= 1) {
      n = arith::ConstantIndexOp::create(rewriter, loc, op.getN());
    } else {
      n = tensor::DimOp::create(rewriter, loc, op.getInput(), axis);
      if (kind == nd::FFTKind::irfft) {
        Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
        Value two = arith::ConstantIndexOp::create(rewriter, loc, 2);
        n = arith::MulIOp::create(rewriter, loc, two,
                                  arith::SubIOp::create(rewriter, loc, n, one));
      }
    }

    // The output's dynamic sizes; along the axis n (n / 2 + 1 for rfft), at
    // least 0 so that the allocation is valid when the runtime rejects n.
    SmallVector<Value> dyn;
    for (int64_t d = 0; d < outType.getRank(); ++d) {
      if (!outType.isDynamicDim(d))
        continue;
      if (d != axis) {
        dyn.push_back(tensor::DimOp::create(rewriter, loc, op.getInput(), d));
        continue;
      }
      Value size = n;
      if (kind == nd::FFTKind::rfft) {
        Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
        Value two = arith::ConstantIndexOp::create(rewriter, loc, 2);
        size = arith::AddIOp::create(rewriter, loc,
                                     arith::DivSIOp::create(rewriter, loc, n, two), one);
      }
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      dyn.push_back(arith::MaxSIOp::create(rewriter, loc, size, zero));
    }
    auto bufType = MemRefType::get(outType.getShape(), outType.getElementType());
    Value buf = memref::AllocOp::create(rewriter, loc, bufType, dyn);

    Type inElt = inType.getElementType(), outElt = outType.getElementType();
    Type i8u = unranked(rewriter.getI8Type());
    std::string name = (prefix + nd::stringifyFFTKind(kind) + "_" +
                        storageSuffix(inElt))
                           .str();
    auto f = declare(rewriter, module, name,
                     {unranked(inElt), unranked(outElt), i64, i64, rewriter.getI32Type(), i8u});
    Value in = tensorAsUnranked(rewriter, loc, op.getInput());
    Value out = memref::CastOp::create(rewriter, loc, unranked(outElt), buf);
    Value axisV = arith::ConstantOp::create(rewriter, loc, rewriter.getI64IntegerAttr(axis));
    Value nV = arith::IndexCastOp::create(rewriter, loc, i64, n);
    Value norm = i32(rewriter, loc, static_cast<int32_t>(op.getNorm()));
    Value where = stringValue(rewriter, loc, module, locationText(loc));
    func::CallOp::create(rewriter, loc, f, ValueRange{in, out, axisV, nV, norm, where});
    rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(op, outType, buf,
                                                           /*restrict=*/true,
                                                           /*writable=*/true);
    return success();
  }

  std::string prefix; // of the entry point's name
};

} // namespace

void arrayc::populateFFTToRuntimeCallPatterns(RewritePatternSet &patterns, bool cuda) {
  patterns.add<FFTPattern>(patterns.getContext(), cuda);
}
