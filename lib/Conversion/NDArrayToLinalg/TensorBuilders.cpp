//===- TensorBuilders.cpp - tensor helpers shared by the patterns ---------===//
#include "Conversion/NDArrayToLinalg/TensorBuilders.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

std::string arrayc::locationPrefix(Location loc) {
  if (auto fl = dyn_cast<FileLineColLoc>(loc))
    return (fl.getFilename().getValue() + ":" + Twine(fl.getLine()) + ":" +
            Twine(fl.getColumn()) + ": ")
        .str();
  return "";
}

Value arrayc::emptyLike(OpBuilder &b, Location loc, RankedTensorType type, Value like) {
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (type.isDynamicDim(d))
      dyn.push_back(tensor::DimOp::create(b, loc, like, d));
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(), dyn);
}

Value arrayc::expandKeepdims(OpBuilder &b, Location loc, Value v, Value input,
                     ArrayRef<int64_t> axes, RankedTensorType outType) {
  auto in = cast<RankedTensorType>(input.getType());
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (int64_t d = 0; d < in.getRank(); ++d) {
    pending.push_back(d);
    if (!llvm::is_contained(axes, d)) {
      groups.push_back(pending);
      pending.clear();
    }
  }
  if (!pending.empty() && !groups.empty())
    groups.back().append(pending.begin(), pending.end());
  SmallVector<OpFoldResult> outShape;
  for (int64_t d = 0; d < in.getRank(); ++d) {
    if (llvm::is_contained(axes, d))
      outShape.push_back(b.getIndexAttr(1));
    else if (in.isDynamicDim(d))
      outShape.push_back(tensor::DimOp::create(b, loc, input, d).getResult());
    else
      outShape.push_back(b.getIndexAttr(in.getDimSize(d)));
  }
  return tensor::ExpandShapeOp::create(b, loc, outType, v, groups, outShape);
}
