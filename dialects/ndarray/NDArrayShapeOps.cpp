//===- NDArrayShapeOps.cpp - verifiers of indexing and shape ops ----------===//
//
// Constraint IDs are those of NDArrayShapeOps.td; test/Dialect/NDArray/
// shape-invalid.mlir has one case per ID.
//
//===----------------------------------------------------------------------===//

#include "ndarray/NDArray.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/Sequence.h"

using namespace mlir;
using namespace arrayc::ndarray;

namespace {
std::string typeStr(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

/// Shared checks of slice and update_slice: the window over `source`.
LogicalResult verifyWindow(Operation *op, StringRef name, RankedTensorType src,
                           ArrayRef<int64_t> starts, ArrayRef<int64_t> sizes,
                           ArrayRef<int64_t> steps, size_t nDynStarts,
                           size_t nDynSizes) {
  int64_t rank = src.getRank();
  if ((int64_t)starts.size() != rank || (int64_t)sizes.size() != rank ||
      (int64_t)steps.size() != rank)
    return op->emitOpError() << "(" << name << "_c1) starts, sizes and steps need "
                             << rank << " entries each";
  for (int64_t s : steps)
    if (s == 0)
      return op->emitOpError() << "(" << name << "_c2) steps must be nonzero";
  if ((size_t)llvm::count(starts, ShapedType::kDynamic) != nDynStarts ||
      (size_t)llvm::count(sizes, ShapedType::kDynamic) != nDynSizes)
    return op->emitOpError() << "(" << name
                             << "_c3) expected one value per dynamic start and size";
  for (int64_t s : sizes)
    if (s != ShapedType::kDynamic && s < 0)
      return op->emitOpError() << "(" << name << "_c4) sizes must be >= 0";
  return success();
}
} // namespace

LogicalResult SliceOp::verify() {
  auto src = cast<RankedTensorType>(getSource().getType());
  auto out = cast<RankedTensorType>(getResult().getType());
  if (failed(verifyWindow(*this, "slice", src, getStaticStarts(), getStaticSizes(),
                          getSteps(), getStarts().size(), getSizes().size())))
    return failure();
  if (out.getRank() != src.getRank() || out.getElementType() != src.getElementType())
    return emitOpError() << "(slice_c1) result " << typeStr(out)
                         << " must have the rank and element type of "
                         << typeStr(src);
  for (int64_t d = 0; d < src.getRank(); ++d) {
    int64_t size = getStaticSizes()[d];
    if (size != out.getDimSize(d))
      return emitOpError() << "(slice_c4) result dim " << d << " must be "
                           << (size == ShapedType::kDynamic ? std::string("?")
                                                            : std::to_string(size))
                           << ", got " << typeStr(out);
    int64_t start = getStaticStarts()[d], n = src.getDimSize(d);
    if (size > 0 && start != ShapedType::kDynamic && n != ShapedType::kDynamic) {
      int64_t last = start + getSteps()[d] * (size - 1);
      if (start < 0 || start >= n || last < 0 || last >= n)
        return emitOpError() << "(slice_c5) dim " << d << " reads indices "
                             << start << " to " << last << " of a dim of size " << n;
    }
  }
  return success();
}

LogicalResult UpdateSliceOp::verify() {
  auto dst = cast<RankedTensorType>(getDest().getType());
  auto upd = cast<RankedTensorType>(getUpdate().getType());
  if (failed(verifyWindow(*this, "update_slice", dst, getStaticStarts(),
                          getStaticSizes(), getSteps(), getStarts().size(),
                          getSizes().size())))
    return failure();
  if (upd.getRank() != dst.getRank())
    return emitOpError() << "(update_slice_c1) update " << typeStr(upd)
                         << " must have the rank of " << typeStr(dst);
  for (int64_t d = 0; d < dst.getRank(); ++d) {
    int64_t size = getStaticSizes()[d];
    if (size != ShapedType::kDynamic && !upd.isDynamicDim(d) &&
        upd.getDimSize(d) != size)
      return emitOpError() << "(update_slice_c4) update dim " << d << " must be "
                           << size << ", got " << typeStr(upd);
  }
  if (upd.getElementType() != dst.getElementType())
    return emitOpError() << "(update_slice_c5) element types differ: "
                         << typeStr(upd) << " vs " << typeStr(dst);
  return success();
}

LogicalResult TransposeOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto out = cast<RankedTensorType>(getResult().getType());
  ArrayRef<int64_t> perm = getPermutation();
  SmallVector<bool> seen(in.getRank(), false);
  bool ok = (int64_t)perm.size() == in.getRank();
  for (int64_t p : perm) {
    if (!ok || p < 0 || p >= in.getRank() || seen[p]) {
      ok = false;
      break;
    }
    seen[p] = true;
  }
  if (!ok)
    return emitOpError() << "(transpose_c1) permutation must be a permutation "
                            "of 0.."
                         << in.getRank() - 1;
  bool match = out.getRank() == in.getRank() &&
               out.getElementType() == in.getElementType();
  for (int64_t k = 0; match && k < out.getRank(); ++k)
    match = out.getDimSize(k) == in.getDimSize(perm[k]);
  if (!match)
    return emitOpError() << "(transpose_c2) result " << typeStr(out)
                         << " is not the permuted " << typeStr(in);
  return success();
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  ArrayRef<int64_t> perm = getPermutation();
  if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())) &&
      getInput().getType() == getType())
    return getInput();
  // Result dim k is inner's dim perm[k], which is x's dim inner[perm[k]].
  if (auto inner = getInput().getDefiningOp<TransposeOp>()) {
    SmallVector<int64_t> composed;
    for (int64_t p : perm)
      composed.push_back(inner.getPermutation()[p]);
    getInputMutable().assign(inner.getInput());
    setPermutation(composed);
    return getResult();
  }
  return {};
}

OpFoldResult ReshapeOp::fold(FoldAdaptor) {
  auto out = cast<RankedTensorType>(getType());
  if (getInput().getType() == out && out.hasStaticShape())
    return getInput();
  // Only a static inner reshape: its element count was checked when verified,
  // a dynamic one carries a run-time check that must stay.
  if (auto inner = getInput().getDefiningOp<ReshapeOp>()) {
    if (cast<RankedTensorType>(inner.getType()).hasStaticShape() &&
        cast<RankedTensorType>(inner.getInput().getType()).hasStaticShape()) {
      getInputMutable().assign(inner.getInput());
      return getResult();
    }
  }
  return {};
}

LogicalResult ReshapeOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto out = cast<RankedTensorType>(getResult().getType());
  if ((int64_t)getDynamicDims().size() != out.getNumDynamicDims())
    return emitOpError() << "(reshape_c1) expected " << out.getNumDynamicDims()
                         << " dynamic dim values";
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "(reshape_c2) element types differ";
  if (in.hasStaticShape() && out.hasStaticShape() &&
      in.getNumElements() != out.getNumElements())
    return emitOpError() << "(reshape_c3) cannot reshape " << typeStr(in)
                         << " into " << typeStr(out);
  return success();
}

LogicalResult ConcatenateOp::verify() {
  auto out = cast<RankedTensorType>(getResult().getType());
  int64_t axis = (int64_t)getAxis();
  if (getInputs().empty() || axis < 0 || axis >= out.getRank())
    return emitOpError() << "(concatenate_c1) needs inputs and an axis within "
                            "the rank";
  int64_t total = 0;
  for (Value v : getInputs()) {
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getRank() != out.getRank() || t.getElementType() != out.getElementType())
      return emitOpError() << "(concatenate_c1) input " << typeStr(t)
                           << " differs in rank or element type from "
                           << typeStr(out);
    for (int64_t d = 0; d < out.getRank(); ++d)
      if (d != axis && !t.isDynamicDim(d) && !out.isDynamicDim(d) &&
          t.getDimSize(d) != out.getDimSize(d))
        return emitOpError() << "(concatenate_c2) dim " << d << " of input "
                             << typeStr(t) << " differs from the result's";
    if (t.isDynamicDim(axis) || total == ShapedType::kDynamic)
      total = ShapedType::kDynamic;
    else
      total += t.getDimSize(axis);
  }
  if (total != ShapedType::kDynamic && out.getDimSize(axis) != total)
    return emitOpError() << "(concatenate_c3) result dim " << axis
                         << " must be " << total;
  if (total == ShapedType::kDynamic && !out.isDynamicDim(axis))
    return emitOpError() << "(concatenate_c3) result dim " << axis
                         << " must be dynamic";
  return success();
}

LogicalResult DimOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  if ((int64_t)getAxis() < 0 || (int64_t)getAxis() >= in.getRank())
    return emitOpError() << "(dim_c1) axis " << getAxis()
                         << " is out of range for " << typeStr(in);
  if (cast<RankedTensorType>(getResult().getType()).getRank() != 0)
    return emitOpError() << "(dim_c1) result must be a 0-d i64 tensor";
  return success();
}
