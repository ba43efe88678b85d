//===- KernelConfig.h - which kernel strategy an op or loop gets -*- C++ -*-===//
//
// The one place arrayc-gpu-map-linalg decides how a buffer-level
// linalg.generic (or a scan's scf.for) runs on the GPU: selectKernelConfig
// looks at the op alone (no IR is built) and returns the strategy with its
// parameters; the strategies' files (Strategies.h) only lower. Row groups
// are chosen over a block of ops, not one op: formRowGroups (RowGroups.cpp)
// picks them before any single op is mapped.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_GPUMAP_KERNELCONFIG_H
#define ARRAYC_TRANSFORMS_GPUMAP_KERNELCONFIG_H

#include "Transforms/ArgReduce.h"
#include "Transforms/GPUMap/KernelBuilder.h"

namespace arrayc::gpumap {

/// How a kernel computes coordinates from a linear index: in 64 bits, in 32
/// (every point count fits kNarrowMax), or both kernels behind a run-time
/// check of the point count (dynamic sizes).
enum class IndexWidth { Wide, Narrow, ByRunTimeCheck };

enum class Strategy {
  /// All-parallel, every buffer whole and in order: a grid-stride loop, with
  /// vectorWidth > 1 16-byte accesses behind an alignment check
  /// (Elementwise.cpp).
  Elementwise,
  /// All-parallel with operands broadcast along rows or columns: 16-byte
  /// accesses of the streamed ones, the others once per group
  /// (BroadcastVector.cpp).
  BroadcastVector,
  /// All-parallel reading an input with its last two dims swapped: shared
  /// memory tiles (Transpose.cpp).
  Transpose,
  /// A reduction along an outer axis: one thread per output (Reduction.cpp).
  ThreadPerOutput,
  /// A reduction with a known combiner: blocks per output slice, a
  /// one-kernel combine of the partials (Reduction.cpp).
  BlockReduction,
  /// argmax/argmin (ArgReduce.h): blocks per slice of (value, index) pairs
  /// (Reduction.cpp).
  ArgReduction,
  /// Anything else: one thread per output point, sequential over the
  /// reduction loops (Sequential.cpp).
  Sequential,
};

struct KernelConfig {
  Strategy strategy = Strategy::Sequential;
  IndexWidth indexWidth = IndexWidth::Wide;
  /// Elements per 16-byte access (Elementwise, BroadcastVector,
  /// BlockReduction's first stage); <= 1: scalar accesses only.
  int64_t vectorWidth = 0;
  /// The reduction's combiner (ThreadPerOutput, BlockReduction).
  Combiner combiner;
  /// ArgReduction: its kind and which output holds the index.
  ArgReduceKind argKind;
  unsigned argIndexOutput = 0;
};

/// The strategy of a buffer-level generic not in a row group.
KernelConfig selectKernelConfig(linalg::GenericOp op, int64_t blockSize);

/// A scan loop's input and output buffers and the op combining an element
/// into the running total.
struct ScanLoop {
  Value input, output;
  Operation *combiner = nullptr;
};

/// The scan of `loop` when it is a scan (marked ndarray.scan, a verified
/// attribute of the ndarray dialect: NDArrayDialect.td)
/// from 0 in steps of 1 along the innermost axis of one input and one
/// output, with a combiner whose identity we know, and the block holds whole
/// warps; else nothing.
std::optional<ScanLoop> matchScanLoop(scf::ForOp loop, int64_t blockSize);
/// Whether a scan from `input` into `output` with `combiner` (one binary
/// op) can run in parallel: one integer or float element type throughout
/// and a combiner whose identity we know.
bool scanCombinerFits(scf::ForOp loop, Operation *combiner, Value input, Value output);

/// How an all-parallel generic's operand is read by the broadcast vector
/// kernel (broadcastVectorWidth): whole and in order, along the innermost
/// dims only (the same for every outer point: `b[j]` of `a[i, j] + b[j]`),
/// or not along the innermost loop (one value for a whole group: `a[i]`).
enum class Access { Streamed, Inner, Outer, Scalar };
Access accessOf(linalg::GenericOp op, OpOperand &operand);

/// An input read with its last two dimensions swapped relative to the
/// loops (a.T, np.swapaxes(a, -1, -2)): map (d0, ..., dn-2, dn-1) ->
/// (d0, ..., dn-1, dn-2), identity layout.
bool transposedInput(linalg::GenericOp op, OpOperand &operand);

} // namespace arrayc::gpumap

#endif // ARRAYC_TRANSFORMS_GPUMAP_KERNELCONFIG_H
