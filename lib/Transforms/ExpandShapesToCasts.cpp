//===- ExpandShapesToCasts.cpp - expand_shape as reinterpret_cast ---------===//
//
// `expand-strided-metadata` (MLIR 22) crashes on a memref.expand_shape that
// splits one dimension into several dynamic ones. On a contiguous buffer such
// an expand_shape is a reinterpret_cast: the output sizes with row-major
// strides at offset 0 (Passes.td).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace arrayc {
#define GEN_PASS_DEF_EXPANDSHAPESTOCASTS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// Whether some group of `op` has two or more dynamic output sizes.
bool splitsIntoDynamicSizes(memref::ExpandShapeOp op) {
  ArrayRef<int64_t> shape = op.getResultType().getShape();
  for (const ReassociationIndices &group : op.getReassociationIndices())
    if (llvm::count_if(group, [&](int64_t d) { return ShapedType::isDynamic(shape[d]); }) > 1)
      return true;
  return false;
}

void rewrite(memref::ExpandShapeOp op) {
  OpBuilder b(op);
  Location l = op.getLoc();
  SmallVector<OpFoldResult> sizes = op.getMixedOutputShape();
  SmallVector<OpFoldResult> strides(sizes.size());
  OpFoldResult stride = b.getIndexAttr(1);
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    strides[d] = stride;
    if (d == 0)
      break;
    std::optional<int64_t> s = getConstantIntValue(stride), n = getConstantIntValue(sizes[d]);
    if (s && n)
      stride = b.getIndexAttr(*s * *n);
    else if (s == 1)
      stride = sizes[d];
    else
      stride = arith::MulIOp::create(b, l, getValueOrCreateConstantIndexOp(b, l, stride),
                                     getValueOrCreateConstantIndexOp(b, l, sizes[d]))
                   .getResult();
  }
  Value cast = memref::ReinterpretCastOp::create(b, l, op.getResultType(), op.getSrc(),
                                                 b.getIndexAttr(0), sizes, strides);
  op.replaceAllUsesWith(cast);
  op.erase();
}

struct ExpandShapesToCastsPass
    : arrayc::impl::ExpandShapesToCastsBase<ExpandShapesToCastsPass> {
  void runOnOperation() override {
    SmallVector<memref::ExpandShapeOp> ops;
    getOperation().walk([&](memref::ExpandShapeOp op) {
      if (op.getSrcType().getLayout().isIdentity() &&
          op.getResultType().getLayout().isIdentity() && splitsIntoDynamicSizes(op))
        ops.push_back(op);
    });
    for (memref::ExpandShapeOp op : ops)
      rewrite(op);
  }
};

} // namespace
