//===- IndexPatterns.cpp - integer-array indexing to linalg ---------------===//
//
// `ndarray.gather` becomes one parallel linalg.generic over the result: the
// index arrays are its inputs and the body reads the source with
// `tensor.extract` (a gather both targets run as an elementwise loop or
// kernel). The other ops of NDArrayIndexOps.td are runtime calls
// (NDArrayToRuntime/IndexCalls.cpp).
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"
#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace arrayc;
namespace nd = arrayc::ndarray;

namespace {

struct GatherPattern : OpConversionPattern<nd::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(nd::GatherOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    ValueRange indices = adaptor.getIndices();
    for (Value i : indices)
      if (!cast<RankedTensorType>(i.getType()).getElementType().isSignlessInteger())
        return rewriter.notifyMatchFailure(op, "index arrays must be signless integers");
    auto inType = cast<RankedTensorType>(input.getType());
    auto outType = cast<RankedTensorType>(op.getType());
    auto idxType = cast<RankedTensorType>(indices.front().getType());
    int64_t axis = op.getAxis(), k = indices.size(), r = idxType.getRank();
    int64_t rank = outType.getRank();

    // Result dim d comes from input dim d (d < axis), index dim d - axis, or
    // input dim d - r + k.
    auto sizeOf = [&](int64_t d) -> Value {
      if (d < axis)
        return tensor::DimOp::create(rewriter, loc, input, d);
      if (d < axis + r)
        return tensor::DimOp::create(rewriter, loc, indices.front(), d - axis);
      return tensor::DimOp::create(rewriter, loc, input, d - r + k);
    };
    SmallVector<Value> dyn;
    for (int64_t d = 0; d < rank; ++d)
      if (outType.isDynamicDim(d))
        dyn.push_back(sizeOf(d));
    Value init = tensor::EmptyOp::create(rewriter, loc, outType.getShape(),
                                         outType.getElementType(), dyn);
    // The sizes of the indexed axes, for wrapping negative indices.
    SmallVector<Value> axisSizes;
    for (int64_t j = 0; j < k; ++j)
      axisSizes.push_back(tensor::DimOp::create(rewriter, loc, input, axis + j));

    SmallVector<AffineExpr> idxExprs;
    for (int64_t j = 0; j < r; ++j)
      idxExprs.push_back(rewriter.getAffineDimExpr(axis + j));
    AffineMap idxMap = AffineMap::get(rank, 0, idxExprs, rewriter.getContext());
    SmallVector<AffineMap> maps(k, idxMap);
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);

    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{outType}, indices, ValueRange{init}, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> at;
          for (int64_t d = 0; d < axis; ++d)
            at.push_back(linalg::IndexOp::create(b, l, d));
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          for (int64_t j = 0; j < k; ++j) {
            Value i = arith::IndexCastOp::create(b, l, b.getIndexType(), args[j]);
            Value neg = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, i, zero);
            Value wrapped = arith::AddIOp::create(b, l, i, axisSizes[j]);
            at.push_back(arith::SelectOp::create(b, l, neg, wrapped, i));
          }
          for (int64_t d = axis + r; d < rank; ++d)
            at.push_back(linalg::IndexOp::create(b, l, d));
          Value v = tensor::ExtractOp::create(b, l, input, at);
          linalg::YieldOp::create(b, l, v);
        });
    (void)inType;
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void arrayc::populateNDArrayIndexToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<GatherPattern>(patterns.getContext());
}
