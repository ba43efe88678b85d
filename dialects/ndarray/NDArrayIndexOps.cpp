//===- NDArrayIndexOps.cpp - verifiers of the indexing and sort ops -------===//
//
// The ops are defined in NDArrayIndexOps.td (generated into
// NDArrayOps.cpp.inc). test/Dialect/NDArray/index-invalid.mlir has one case
// per constraint ID.
//
//===----------------------------------------------------------------------===//

#include "ndarray/NDArray.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace arrayc::ndarray;

namespace {
RankedTensorType tensorOf(Value v) { return cast<RankedTensorType>(v.getType()); }

/// Whether two sizes may be equal (one is dynamic, or they are).
bool compatible(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}
} // namespace

LogicalResult CompressOp::verify() {
  RankedTensorType in = tensorOf(getInput()), mask = tensorOf(getMask()),
                   out = tensorOf(getResult());
  if (in.getRank() != 1 || mask.getRank() != 1 || out.getRank() != 1)
    return emitOpError() << "(compress_c1) input, mask and result must be 1-d";
  if (!compatible(in.getDimSize(0), mask.getDimSize(0)))
    return emitOpError() << "(compress_c2) input of size " << in.getDimSize(0)
                         << " and mask of size " << mask.getDimSize(0) << " differ";
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "(compress_c3) result element type " << out.getElementType()
                         << " differs from the input's " << in.getElementType();
  return success();
}

namespace {
/// `tensor.dim` of a compress's result is its `count` (the frontend's count
/// of the true elements): a compress whose result only gave its size (the
/// length of `X[mask]` after its sum read X through the mask) is then dead.
struct DimOfCompress : OpRewritePattern<tensor::DimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::DimOp dim, PatternRewriter &rewriter) const override {
    auto compress = dim.getSource().getDefiningOp<CompressOp>();
    if (!compress)
      return failure();
    rewriter.replaceOp(dim, compress.getCount());
    return success();
  }
};
} // namespace

void CompressOp::getCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *ctx) {
  patterns.add<DimOfCompress>(ctx);
}

LogicalResult GatherOp::verify() {
  RankedTensorType in = tensorOf(getInput()), out = tensorOf(getResult());
  if (getIndices().empty())
    return emitOpError() << "(gather_c1) needs at least one index array";
  RankedTensorType first = tensorOf(getIndices().front());
  for (Value i : getIndices()) {
    RankedTensorType t = tensorOf(i);
    if (!isa<IntegerType>(t.getElementType()) || t.getElementType().isInteger(1))
      return emitOpError() << "(gather_c1) index arrays must have an integer element type, got "
                           << t.getElementType();
    if (t.getShape() != first.getShape())
      return emitOpError() << "(gather_c1) index arrays must have one shape";
  }
  int64_t axis = getAxis(), k = getIndices().size();
  if (axis < 0 || axis + k > in.getRank())
    return emitOpError() << "(gather_c2) " << k << " index arrays from axis " << axis
                         << " do not fit an input of rank " << in.getRank();
  SmallVector<int64_t> want(in.getShape().take_front(axis));
  llvm::append_range(want, first.getShape());
  llvm::append_range(want, in.getShape().drop_front(axis + k));
  if (out.getRank() != static_cast<int64_t>(want.size()))
    return emitOpError() << "(gather_c3) result rank " << out.getRank() << ", expected "
                         << want.size();
  for (auto [w, g] : llvm::zip(want, out.getShape()))
    if (!compatible(w, g))
      return emitOpError() << "(gather_c3) result shape does not match the input and "
                              "index shapes";
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "(gather_c3) result element type " << out.getElementType()
                         << " differs from the input's " << in.getElementType();
  return success();
}

LogicalResult ScatterOp::verify() {
  RankedTensorType dest = tensorOf(getDest()), idx = tensorOf(getIndices()),
                   upd = tensorOf(getUpdates());
  if (dest.getRank() != 1 || idx.getRank() != 1 || upd.getRank() != 1)
    return emitOpError() << "(scatter_c1) dest, indices and updates must be 1-d";
  if (!isa<IntegerType>(idx.getElementType()) || idx.getElementType().isInteger(1))
    return emitOpError() << "(scatter_c1) indices must have an integer element type, got "
                         << idx.getElementType();
  if (!compatible(idx.getDimSize(0), upd.getDimSize(0)))
    return emitOpError() << "(scatter_c1) " << idx.getDimSize(0) << " indices but "
                         << upd.getDimSize(0) << " updates";
  if (upd.getElementType() != dest.getElementType())
    return emitOpError() << "(scatter_c2) updates of " << upd.getElementType()
                         << " into " << dest.getElementType();
  return success();
}

LogicalResult SortOp::verify() {
  RankedTensorType in = tensorOf(getInput()), out = tensorOf(getResult());
  if (in.getRank() < 1 || isa<ComplexType>(in.getElementType()))
    return emitOpError() << "(sort_c1) sorts arrays of rank >= 1 of real numbers, got "
                         << in;
  Type want = getIndices() ? IntegerType::get(getContext(), 64) : in.getElementType();
  if (out.getElementType() != want || out.getRank() != in.getRank())
    return emitOpError() << "(sort_c2) expected a result of rank " << in.getRank()
                         << " and element type " << want << ", got " << out;
  for (auto [a, b] : llvm::zip(in.getShape(), out.getShape()))
    if (!compatible(a, b))
      return emitOpError() << "(sort_c2) the result's shape differs from the input's";
  return success();
}
