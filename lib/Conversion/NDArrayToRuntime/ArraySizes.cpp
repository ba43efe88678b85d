//===- ArraySizes.cpp - run-time checks of array sizes in bytes ------------===//
//
// Sizes known only at run time -- array sizes the program combines in an
// outer product, a reshape, a tile -- can make an array whose size in bytes
// overflows 64 bits: a wrapped allocation the kernels would write past. This
// pass checks each allocation's size before it is made (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Conversion/NDArrayToLinalg/TensorBuilders.h"
#include "Conversion/Passes.h"
#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallBitVector.h"

namespace arrayc {
#define GEN_PASS_DEF_CHECKARRAYSIZES
#include "Conversion/Passes.h.inc"
} // namespace arrayc

using namespace mlir;
namespace nd = arrayc::ndarray;

namespace {

/// Bytes of one element of `t` (bool: 1).
uint64_t elementBytes(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return 2 * elementBytes(c.getElementType());
  return t.isIntOrFloat() ? std::max(1u, t.getIntOrFloatBitWidth() / 8) : 8;
}

/// Bytes of `t`'s element times its static sizes (a zero size counts as 1),
/// leaving out the dims `skip` sets; UINT64_MAX when that overflows.
uint64_t staticBytes(RankedTensorType t, const llvm::SmallBitVector *skip = nullptr) {
  uint64_t bytes = elementBytes(t.getElementType());
  for (auto [k, d] : llvm::enumerate(t.getShape()))
    if (!ShapedType::isDynamic(d) && !(skip && skip->test(k)) &&
        __builtin_mul_overflow(bytes, (uint64_t)std::max<int64_t>(d, 1), &bytes))
      return UINT64_MAX;
  return bytes;
}

/// Whether `e`'s size fits because a tensor that exists already is at least
/// as large: its run-time sizes are distinct dims of that one tensor (a
/// reduction's result, an elementwise one) and its static part is no
/// larger than the rest of that tensor's static part. (A tensor's nonzero
/// dims times its element size fit in int64, NumPy's rule and ours.)
bool boundedByExisting(tensor::EmptyOp e) {
  Value source;
  llvm::SmallBitVector used;
  for (Value v : e.getDynamicSizes()) {
    auto dim = v.getDefiningOp<tensor::DimOp>();
    std::optional<int64_t> index = dim ? dim.getConstantIndex() : std::nullopt;
    if (!index || (source && dim.getSource() != source))
      return false;
    source = dim.getSource();
    auto st = dyn_cast<RankedTensorType>(source.getType());
    if (!st || *index < 0 || *index >= st.getRank())
      return false;
    if (used.empty())
      used.resize(st.getRank());
    if (used.test(*index))
      return false;
    used.set(*index);
  }
  auto st = cast<RankedTensorType>(source.getType());
  uint64_t mine = staticBytes(e.getType()), theirs = staticBytes(st, &used);
  // A function's argument is in memory (far below 2^59 bytes): 16 times its
  // size still fits.
  auto arg = dyn_cast<BlockArgument>(source);
  bool inMemory = arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  return mine <= theirs || (inMemory && theirs <= UINT64_MAX / 16 && mine <= 16 * theirs);
}

/// Sizes known only at run time -- array sizes the program combines in an
/// outer product, a reshape, a tile -- can make an array whose size in bytes
/// overflows 64 bits: a wrapped allocation the kernels would write past.
/// For each tensor.empty with run-time sizes (unless boundedByExisting) an
/// assert checks that its nonzero sizes times the element size fit in int64,
/// as NumPy raises "array is too big". It goes where its sizes are known
/// (usually the function's entry), not between the kernels around the
/// tensor.empty, which would split their fusion on the cuda target. Static
/// shapes are checked by the frontend.
void checkRunTimeSizes(ModuleOp module) {
  module.walk([](tensor::EmptyOp e) {
    RankedTensorType type = e.getType();
    if (e.getDynamicSizes().empty() || boundedByExisting(e))
      return;
    uint64_t bytes = staticBytes(type);
    if (bytes == UINT64_MAX)
      return; // cannot happen: the frontend rejects it
    // Right after the last of its sizes defined in e's block, else at the
    // block's start.
    Block *block = e->getBlock();
    Operation *after = nullptr;
    for (Value v : e.getDynamicSizes()) {
      Operation *def = v.getDefiningOp();
      Operation *inBlock = def ? block->findAncestorOpInBlock(*def) : nullptr;
      if (inBlock && (!after || after->isBeforeInBlock(inBlock)))
        after = inBlock;
    }
    OpBuilder b(e->getContext());
    if (after)
      b.setInsertionPointAfter(after);
    else
      b.setInsertionPointToStart(block);
    Location loc = e.getLoc();
    Type i64 = b.getI64Type(), i1 = b.getI1Type();
    Value acc = arith::ConstantIntOp::create(b, loc, i64, (int64_t)bytes);
    Value c0 = arith::ConstantIntOp::create(b, loc, i64, 0);
    Value c1 = arith::ConstantIntOp::create(b, loc, i64, 1);
    Value over = arith::ConstantIntOp::create(b, loc, i1, 0);
    for (Value d : e.getDynamicSizes()) {
      Value di = arith::IndexCastOp::create(b, loc, i64, d);
      di = arith::MaxUIOp::create(b, loc, di, c1); // a zero size counts as 1
      auto m = arith::MulUIExtendedOp::create(b, loc, acc, di);
      over = arith::OrIOp::create(b, loc, over,
                                  arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                                        m.getHigh(), c0));
      acc = m.getLow();
    }
    over = arith::OrIOp::create(
        b, loc, over, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, acc, c0));
    Value fits = arith::XOrIOp::create(b, loc, over, arith::ConstantIntOp::create(b, loc, i1, 1));
    std::string shape;
    llvm::raw_string_ostream os(shape);
    llvm::interleaveComma(type.getShape(), os, [&](int64_t d) {
      if (ShapedType::isDynamic(d))
        os << "?";
      else
        os << d;
    });
    nd::AssertOp::create(b, loc, fits,
                         b.getStringAttr(arrayc::locationPrefix(loc) + "an array of shape (" + shape +
                                         ") is too large: its size in bytes overflows 64 bits"));
  });
}

struct CheckArraySizesPass : arrayc::impl::CheckArraySizesBase<CheckArraySizesPass> {
  void runOnOperation() override { checkRunTimeSizes(getOperation()); }
};

} // namespace
