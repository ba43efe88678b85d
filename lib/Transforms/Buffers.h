//===- Buffers.h - what a memref value is a view of -------------*- C++ -*-===//
//
// The passes that reason about buffers after bufferization (GPU mapping,
// device buffers, BLAS calls) ask the same question: which allocation,
// global or argument is this memref a view of?
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_BUFFERS_H
#define ARRAYC_TRANSFORMS_BUFFERS_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace arrayc {

/// The buffer under every view (subview, reshape, reinterpret_cast...) and
/// memref.cast of `v`: an allocation's result, a global's, a block argument
/// or the result of an op that makes a new buffer.
inline mlir::Value baseBuffer(mlir::Value v) {
  while (mlir::Operation *def = v.getDefiningOp()) {
    if (auto view = llvm::dyn_cast<mlir::ViewLikeOpInterface>(def))
      v = view.getViewSource();
    else if (auto cast = llvm::dyn_cast<mlir::memref::CastOp>(def))
      v = cast.getSource();
    else
      break;
  }
  return v;
}

/// Whether `v` is a view of a buffer made by one of `Ops`.
template <typename... Ops> bool isViewOf(mlir::Value v) {
  mlir::Operation *def = baseBuffer(v).getDefiningOp();
  return def && llvm::isa<Ops...>(def);
}

} // namespace arrayc

#endif // ARRAYC_TRANSFORMS_BUFFERS_H
