//===- CopiesToLinalg.cpp - memref.copy as linalg.copy --------------------===//
//
// Bufferization expresses copies as memref.copy. On the CPU a copy between
// strided buffers (a subview, e.g. the slice a scan step writes) lowers to a
// call of `memrefCopy` from MLIR's C runner utils, which arrayc does not link;
// on the GPU every copy must become a kernel. Both are served by rewriting
// the copy into a linalg.copy, which the later stages lower like any other
// linalg op (loops on the CPU, a grid-stride kernel on the GPU).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Utils/Utils.h"

namespace arrayc {
#define GEN_PASS_DEF_COPIESTOLINALG
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {
bool isContiguous(Value v) {
  auto t = dyn_cast<MemRefType>(v.getType());
  return t && t.getLayout().isIdentity();
}

struct CopiesToLinalgPass : arrayc::impl::CopiesToLinalgBase<CopiesToLinalgPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp op) {
      if (!stridedOnly || !isContiguous(op.getSource()) || !isContiguous(op.getTarget()))
        copies.push_back(op);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder b(copy);
      linalg::makeMemRefCopyOp(b, copy.getLoc(), copy.getSource(), copy.getTarget());
      copy.erase();
    }
  }
};
} // namespace
