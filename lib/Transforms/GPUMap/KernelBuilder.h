//===- KernelBuilder.h - IR building blocks of the GPU mapping --*- C++ -*-===//
//
// What every strategy of arrayc-gpu-map-linalg builds kernels from: index
// arithmetic, a generic's body cloned at a loop point, launches and
// grid-stride loops, reduction combiners (Combiner.h), flat views and 16-byte vector
// accesses, block-wide reductions, and the runtime calls the kernels need.
// MapContext carries the pass's parameters to them explicitly.
//
// Everything lives in arrayc::gpumap, a namespace private to lib/Transforms
// (this header is not installed), which uses namespace mlir like the code
// of MLIR itself.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_GPUMAP_KERNELBUILDER_H
#define ARRAYC_TRANSFORMS_GPUMAP_KERNELBUILDER_H

#include "Transforms/Buffers.h"
#include "Transforms/GPUMap/Combiner.h"
#include "Transforms/GPUMap/Tuning.h"
#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Alignment.h"

#include <optional>
#include <utility>

namespace arrayc::gpumap {
using namespace mlir;

/// A reduction's neighbours folded into its kernels (foldIntoReduction):
/// filled before any kernel is built, read when a reduction's result is
/// stored (storeReductionResult) and when the pass erases the ops.
struct FoldedNeighbours {
  /// The value a fill of the reduction's output wrote (its kernel stores
  /// combine(total, value) without reading the output); absent: it reads it.
  DenseMap<Operation *, Value> initValues;
  /// A full reduction's 0-d epilogue, computed by its stage 2 from the total.
  DenseMap<Operation *, linalg::GenericOp> epilogues;
  DenseSet<Operation *> epilogueOf;
};

/// The parameters every kernel builder reads, passed explicitly. The pass
/// makes one per run; narrowIndex differs per kernel, so a kernel built
/// with 32-bit divisions gets its own copy (withNarrowIndex) rather than a
/// flag toggled around the call.
struct MapContext {
  /// Where runtime functions the kernels call are declared on first use.
  ModuleOp module;
  /// Threads per block (`block-size`) and the grid cap of grid-stride
  /// kernels (`max-blocks`).
  int64_t blockSize = 256;
  int64_t maxBlocks = 65536;
  /// Divisions of a kernel's index arithmetic in 32 bits (KernelConfig's
  /// IndexWidth).
  bool narrowIndex = false;
  const FoldedNeighbours *folds = nullptr;

  MapContext withNarrowIndex(bool narrow) const {
    MapContext c = *this;
    c.narrowIndex = narrow;
    return c;
  }
};

//===----------------------------------------------------------------------===//
// Index arithmetic, bodies, launches, combiners, vectors.
//===----------------------------------------------------------------------===//

/// Marks `ifOp`'s branch that large, non-empty inputs take (kLikelyBranchAttr).
scf::IfOp likely(scf::IfOp ifOp, bool thenBranch);

Value cIndex(OpBuilder &b, Location loc, int64_t v);

Value product(OpBuilder &b, Location loc, ArrayRef<Value> values);

Value ceilDiv(OpBuilder &b, Location loc, Value a, Value d);

/// Splits a linear index into coordinates over `sizes`, the last fastest.
/// With `narrow` the divisions are 32-bit (the caller knows every value
/// fits): a 64-bit division is several times the instructions of a 32-bit
/// one on the GPU.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<Value> sizes, bool narrow = false);

/// The operand indices that `map` gives for the loop point `ivs`.
SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                            ArrayRef<Value> ivs);

/// Clones the body of `op` with its input block arguments bound to `inputs`
/// and its output ones to `outs` (unbound when empty: the body must not read
/// them), linalg.index d bound to ivs[d]; returns the yielded values.
SmallVector<Value> cloneBody(OpBuilder &b, linalg::GenericOp op, ValueRange inputs,
                             ValueRange outs, ArrayRef<Value> ivs = {});

/// Clones the body of `op` at loop point `ivs`. Input operands are loaded;
/// output block arguments read `outValues` when given, else memory (when the
/// body reads them). Returns the yielded values.
SmallVector<Value> emitBody(OpBuilder &b, Location loc, linalg::GenericOp op,
                            ArrayRef<Value> ivs, ArrayRef<Value> outValues = {});

void storeOutputs(OpBuilder &b, Location loc, linalg::GenericOp op,
                  ArrayRef<Value> ivs, ArrayRef<Value> values);

/// A 1-d launch of `grid` x `block` threads (behind `if (guard)`), with
/// `workgroup` shared buffers; `fn` fills the kernel body.
void emitLaunch(OpBuilder &b, Location loc, Value guard, Value grid, int64_t block,
                TypeRange workgroup,
                function_ref<void(OpBuilder &, gpu::LaunchOp)> fn);

/// The launch's global thread index and the grid-stride step of its loops.
std::pair<Value, Value> gridStride(OpBuilder &kb, Location loc, gpu::LaunchOp l);

/// Folds `accumulate(r, acc)` over r = start, start + step, ... < count into
/// `init` (combined once, whatever it holds): kAccumulators independent
/// accumulators over r, r+step, ..., so each thread has kAccumulators loads in
/// flight (the chain through one accumulator would otherwise serialize them),
/// combined at the end, then a remainder loop from the first r the main loop
/// did not take.
Value emitStridedAccumulate(OpBuilder &kb, Location loc, const Combiner &combiner, Value init,
                            Value start, Value count, Value step,
                            function_ref<Value(OpBuilder &, Value, Value)> accumulate);

/// True (an i1) when every buffer among `values` is 16-byte aligned.
Value allAligned16(OpBuilder &b, Location loc, ValueRange values);

/// A flat 1-d view of the contiguous (identity-layout) buffer `v`; `v`
/// itself when it is not a buffer of rank 2 or more.
Value flatView(OpBuilder &b, Location loc, Value v);

/// Flat 1-d views of `op`'s (contiguous, identity-layout) buffer operands;
/// other operands as they are.
SmallVector<Value> flatViews(OpBuilder &b, Location loc, linalg::GenericOp op);

/// Bytes per element of the buffer type `type` when its elements are
/// integers or floats of a whole number of bytes (vector and tile accesses
/// need that), else 0.
int64_t elementBytes(MemRefType type);

/// Alignment of `width` elements of `elt` at a multiple of `width` in a
/// 16-byte aligned buffer.
llvm::MaybeAlign vectorAlign(Type elt, int64_t width);

/// Loads of `width` elements at `base` (a multiple of `width`) of each buffer
/// input of `op`, 16 bytes for the widest element type (null for scalar
/// inputs).
SmallVector<Value> loadVectors(OpBuilder &b, Location loc, linalg::GenericOp op,
                               ArrayRef<Value> flat, Value base, int64_t width);

/// The inputs' values in lane `lane` of `vectors` (scalar inputs as they are).
SmallVector<Value> laneValues(OpBuilder &b, Location loc, ArrayRef<Value> vectors,
                              ArrayRef<Value> flat, int64_t lane);

/// Stores output k's lane values `values[k]` as one 16-byte vector at `at` of
/// the flat buffer `outs[k]`.
void storeLaneVectors(OpBuilder &kb, Location loc, ArrayRef<Value> outs,
                      ArrayRef<SmallVector<Value>> values, Value at, int64_t width);

/// A grid-stride loop from `gid` in steps of `stride` over `groups` groups of
/// `w` points, the builder left inside it; returns the group's first point.
Value enterGroupLoop(OpBuilder &kb, Location loc, Value gid, Value stride, Value groups,
                     Value w);

/// An scf.if on `cond` without an else branch; a builder at the start of
/// its then branch.
OpBuilder ifThen(OpBuilder &b, Location loc, Value cond);

/// The loops of a generic split into parallel and reduction ones, with
/// their sizes; point() puts the two halves of a loop point back in order.
struct LoopSplit {
  SmallVector<unsigned> parDims, redDims;
  SmallVector<Value> parSizes, redSizes;
  SmallVector<Value> point(ArrayRef<Value> parIvs, ArrayRef<Value> redIvs) const;
};
LoopSplit splitLoops(linalg::GenericOp op, ArrayRef<Value> sizes);

/// The point count of an all-parallel iteration space and whether it is
/// non-empty (the guard of its launches).
struct ParallelSpace {
  Value total, zero, nonEmpty;
};
ParallelSpace parallelSpace(OpBuilder &b, Location loc, ArrayRef<Value> sizes);

//===----------------------------------------------------------------------===//
// Views, launch geometry, block-wide combines, runtime calls.
//===----------------------------------------------------------------------===//

/// Whether `sv` is a subview that drops exactly one dim (size 1) of its
/// source and keeps the others from offset 0 with unit strides: point p
/// of it is element (p with k inserted) of the source.
std::optional<unsigned> droppedDimOf(memref::SubViewOp sv);

/// Blocks of `blockSize` threads the device keeps resident (one wave), read
/// at run time: a call of the runtime's arrayc_rt_gpu_resident_blocks,
/// declared in the module on first use.
/// Blocks (slices) per output of a reduction of P outputs over R points
/// each: P * S about one wave of resident blocks (read from the device at
/// run time) when outputs are few, at least `minPoints` points per thread,
/// and S <= 4096 for the pass over the partials.
Value slicesPerOutput(const MapContext &ctx, OpBuilder &b, Location loc, Value P, Value R,
                      int64_t minPoints = kMinPointsPerThread);

/// The least points per thread for `op`'s slices (slicesPerOutput): fewer
/// when its body computes transcendental functions or divisions.
int64_t minPointsPerThread(linalg::GenericOp op);

Value residentBlocks(const MapContext &ctx, OpBuilder &b, Location loc);

/// `n` zeroed i32 counters on the current stream, from the runtime
/// (`arrayc_rt.gpu_counters`, declared in the module on first use with a C
/// interface: the runtime fills a memref descriptor). The '.' keeps its C
/// wrapper, `_mlir_ciface_arrayc_rt.gpu_counters`, out of the names
/// exported functions' wrappers take (Transforms/Symbols.h).
Value runtimeCounters(const MapContext &ctx, OpBuilder &b, Location loc, Value n);

/// One thread per point of [0, count): a launch of 256-thread blocks (grid
/// capped at max-blocks, nothing launched when count is 0) running a
/// grid-stride loop; `body` builds the work at point `iv`.
void emitGridStrideLoop(const MapContext &ctx, OpBuilder &b, Location loc, Value count,
                        function_ref<void(OpBuilder &, Value)> body);

/// Blocks for a grid-stride loop over `groups` (at least one, at most
/// max-blocks).
Value groupGrid(const MapContext &ctx, OpBuilder &b, Location loc, Value groups);

/// A launch of at most maxBlocks blocks, block b taking jobs b, b + grid,
/// ... < `jobs` (each block's trip count is the same for all its threads,
/// so `body` may use barriers).
void emitBlockPerJob(const MapContext &ctx, OpBuilder &b, Location loc, Value guard, Value jobs,
                     TypeRange workgroup,
                     function_ref<void(OpBuilder &, gpu::LaunchOp, Value)> body);

/// `gpu.shuffle` (`mode`) of any integer or float scalar: floats as
/// integers of their width, narrower than 32 bits widened, 64 bits as two
/// 32-bit halves.
Value emitShuffle(OpBuilder &kb, Location loc, Value v, int64_t offset, int64_t width,
                         gpu::ShuffleMode mode);

/// Tree-combines `value` of every thread of the block through `smem`; the
/// result is valid in thread 0. For block sizes that are not whole warps.
Value emitBlockReduceTree(const MapContext &ctx, OpBuilder &kb, Location loc, const Combiner &combiner,
                          Value smem, Value tid, Value value);

/// Combines `value` of the 32 lanes of each warp by xor shuffles; the
/// result is valid in every lane.
Value emitWarpReduce(OpBuilder &kb, Location loc, const Combiner &combiner, Value value);

/// Combines `value` of every thread of the block; the result is valid in
/// thread 0. Each warp combines its 32 values with xor shuffles, lane 0
/// of each warp leaves its result in smem[warp], and warp 0 combines those
/// the same way: two barriers in all (the first keeps the previous
/// reduction's reads of `smem` ahead of this one's writes).
Value emitBlockReduce(const MapContext &ctx, OpBuilder &kb, Location loc, const Combiner &combiner,
                      Value smem, Value tid, Value value);

} // namespace arrayc::gpumap

#endif // ARRAYC_TRANSFORMS_GPUMAP_KERNELBUILDER_H
