//===- ExpandLargeConstants.cpp - large splats as run-time fills ----------===//
//
// A splat tensor constant above a size limit becomes tensor.empty +
// linalg.fill, so that bufferization gives it a buffer filled at run time
// instead of a global holding every element (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace arrayc {
#define GEN_PASS_DEF_EXPANDLARGECONSTANTS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {
/// Bytes of a statically shaped tensor of int/float elements, or nullopt
/// when that cannot be known or overflows.
std::optional<int64_t> byteSize(RankedTensorType type) {
  if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  int64_t bits = type.getElementType().getIntOrFloatBitWidth();
  int64_t bytes = std::max<int64_t>(1, bits / 8);
  for (int64_t d : type.getShape())
    if (d && bytes > std::numeric_limits<int64_t>::max() / d)
      return std::nullopt;
    else
      bytes *= d;
  return bytes;
}

/// tensor.empty + a fill (as a linalg.generic) in place of `op` when it is a splat of more
/// than `maxBytes` (or of a size that overflows).
void expandIfLarge(arith::ConstantOp op, int64_t maxBytes) {
  auto type = dyn_cast<RankedTensorType>(op.getType());
  auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
  if (!type || !splat)
    return;
  std::optional<int64_t> bytes = byteSize(type);
  if (bytes && *bytes <= maxBytes)
    return;
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value element =
      arith::ConstantOp::create(b, loc, cast<TypedAttr>(splat.getSplatValue<Attribute>()));
  Value empty = tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  // A generic yielding the element, as the frontend's fills are: fusion
  // and the GPU mapping see only generics by now.
  SmallVector<utils::IteratorType> parallel(type.getRank(), utils::IteratorType::parallel);
  auto fill = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{}, ValueRange{empty},
      ArrayRef<AffineMap>{b.getMultiDimIdentityMap(type.getRank())}, parallel,
      [&](OpBuilder &nb, Location nl, ValueRange) {
        linalg::YieldOp::create(nb, nl, element);
      });
  op.replaceAllUsesWith(fill.getResult(0));
  op.erase();
}

struct ExpandLargeConstantsPass
    : arrayc::impl::ExpandLargeConstantsBase<ExpandLargeConstantsPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<arith::ConstantOp> constants;
    getOperation()->walk([&](arith::ConstantOp op) { constants.push_back(op); });
    for (arith::ConstantOp op : constants)
      expandIfLarge(op, maxBytes);
  }
};
} // namespace
