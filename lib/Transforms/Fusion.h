//===- Fusion.h - what one fused kernel may take -----------------*- C++ -*-===//
//
// The limits that fusion (arrayc-fuse-elementwise) and sibling merging
// (arrayc-merge-siblings) share: a fused generic becomes one GPU kernel, whose
// parameters have a size limit.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_FUSION_H
#define ARRAYC_TRANSFORMS_FUSION_H

#include "mlir/IR/Operation.h"

namespace arrayc {

/// A fused op becomes one GPU kernel (one loop nest on the cpu), and a CUDA
/// kernel's parameters must fit 4,352 bytes (PTX ISA < 8.1): fusion stops
/// where the fused op's operands would pass kMaxDescriptorBytes, leaving room
/// for the sizes and counts the mapping adds. 373 arrays summed in one
/// expression used to fuse into a kernel that ptxas refused.
inline constexpr int64_t kMaxDescriptorBytes = 3072;

/// The bytes of the kernel parameters the operands of `ops` take as memref
/// descriptors (allocated and aligned pointers, offset, sizes and strides:
/// 3 + 2 * rank words; a scalar one word), counting a value once and not
/// counting `except`.
int64_t descriptorBytes(llvm::ArrayRef<mlir::Operation *> ops, mlir::Value except = {});

} // namespace arrayc

#endif // ARRAYC_TRANSFORMS_FUSION_H
