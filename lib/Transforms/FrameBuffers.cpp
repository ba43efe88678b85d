//===- FrameBuffers.cpp - small host temporaries in the function's frame --===//
//
// See Passes.td (arrayc-frame-buffers).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

namespace arrayc {
#define GEN_PASS_DEF_FRAMEBUFFERS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

struct FrameBuffersPass : arrayc::impl::FrameBuffersBase<FrameBuffersPass> {
  using FrameBuffersBase::FrameBuffersBase;

  /// The dealloc of `alloc` in its own block, when the buffer may live in
  /// the frame.
  memref::DeallocOp frameable(memref::AllocOp alloc) const {
    MemRefType type = alloc.getType();
    if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
        !type.getElementType().isIntOrIndexOrFloat() ||
        alloc->getParentOfType<omp::ParallelOp>())
      return {};
    if (type.getNumElements() > maxBytes) // (and no overflow below)
      return {};
    Type elem = type.getElementType();
    int64_t bits = type.getNumElements() * (elem.isIndex() ? 64 : elem.getIntOrFloatBitWidth());
    if (bits > maxBytes * 8)
      return {};
    memref::DeallocOp dealloc;
    for (Operation *user : alloc->getUsers()) {
      auto d = dyn_cast<memref::DeallocOp>(user);
      if (!d)
        continue;
      if (dealloc || d->getBlock() != alloc->getBlock())
        return {};
      dealloc = d;
    }
    return dealloc;
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    SmallVector<std::pair<memref::AllocOp, memref::DeallocOp>> moves;
    func.walk([&](memref::AllocOp alloc) {
      if (memref::DeallocOp dealloc = frameable(alloc))
        moves.push_back({alloc, dealloc});
    });
    OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
    for (auto [alloc, dealloc] : moves) {
      auto frame = memref::AllocaOp::create(b, alloc.getLoc(), alloc.getType(),
                                            alloc.getAlignmentAttr());
      alloc.replaceAllUsesWith(frame.getResult());
      dealloc.erase();
      alloc.erase();
    }
  }
};

} // namespace
