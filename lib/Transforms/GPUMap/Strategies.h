//===- Strategies.h - the GPU mapping's lowerings, one file each -*- C++ -*-===//
//
// Each function lowers one op (or loop, or row group) the way KernelConfig
// chose, in place of it, with the builders of KernelBuilder.h. The files:
//
//   Elementwise.cpp          Strategy::Elementwise (and the scalar fallback)
//   BroadcastVector.cpp      Strategy::BroadcastVector
//   Transpose.cpp            Strategy::Transpose
//   Reduction.cpp            ThreadPerOutput, BlockReduction, ArgReduction
//   Sequential.cpp           Strategy::Sequential
//   Scan.cpp                 scan loops (matchScanLoop; outer axes: lowerOuterScan)
//   LoopSinking.cpp          host loops of elementwise steps into one kernel
//   ScalarLoops.cpp          host loops of scalar steps (and reductions) on one thread (block)
//   RowGroups.cpp            row groups (chosen there, over a block of ops)
//   ReductionNeighbours.cpp  a reduction's fill and epilogue folded into it
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_GPUMAP_STRATEGIES_H
#define ARRAYC_TRANSFORMS_GPUMAP_STRATEGIES_H

#include "Transforms/ArgReduce.h"
#include "Transforms/GPUMap/KernelBuilder.h"

namespace arrayc::gpumap {

struct KernelConfig;
struct ScanLoop;

/// Strategy::Elementwise; `width` > 1: 16-byte accesses behind a run-time
/// alignment check.
void lowerElementwise(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                      ArrayRef<Value> sizes, int64_t width);
/// Grid-stride loop over the `total` points of an all-parallel op, one
/// element per thread per step: the vector strategies' fallback.
void emitScalarParallel(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                        ArrayRef<Value> sizes, Value total);
void lowerBroadcastVector(const MapContext &ctx, OpBuilder &b, Location loc,
                          linalg::GenericOp op, ArrayRef<Value> sizes, int64_t width);
void lowerTranspose(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                    ArrayRef<Value> sizes);
/// Strategy::ThreadPerOutput or Strategy::BlockReduction, as `config` says.
void lowerReduction(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                    ArrayRef<Value> sizes, const KernelConfig &config);
void lowerArgReduction(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                       ArrayRef<Value> sizes, ArgReduceKind kind, unsigned idxOut);
void lowerSequential(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                     ArrayRef<Value> sizes);

/// The parallel scan of `loop` (matchScanLoop's `scan`); the loop itself
/// stays, behind a run-time check, for short rows.
void lowerScan(const MapContext &ctx, scf::ForOp loop, const ScanLoop &scan);
/// The chunked scan of `loop` when it scans along an outer axis (each step
/// a whole row: `M.cumsum(axis=0)`), returning true; the loop itself stays,
/// behind a run-time check, when one chunk would do. Else false.
bool lowerOuterScan(const MapContext &ctx, scf::ForOp loop);
/// Runs `loop` (a host loop of elementwise steps) inside one kernel when
/// every point of its steps' space owns its elements in every step; leaves
/// it unchanged otherwise.
void sinkLoopIntoKernel(const MapContext &ctx, scf::ForOp loop);
/// Runs each outermost host loop of `fn` whose steps are all scalar (0-d
/// generics, loads, stores, checks, index arithmetic) as one kernel of one
/// thread, and one whose steps are scalar and whole reductions (small enough,
/// checked before it) as one kernel of one block; checks inside them are
/// reported after the kernel.
void runScalarLoopsOnDevice(const MapContext &ctx, func::FuncOp fn);

/// Splits `block` into maximal row groups (at least two generics, one of
/// them a reduction). Between members only ops without memory effects
/// and allocations may sit: the group runs where its last member was.
void formRowGroups(Block &block, SmallVectorImpl<SmallVector<linalg::GenericOp>> &groups);
/// One kernel for `group` (one block per row), behind a run-time check
/// that sends small or mismatched row counts to clones of the members
/// (mapped later one by one); erases the members.
void lowerRowGroup(const MapContext &ctx, SmallVectorImpl<linalg::GenericOp> &group);

/// Folds the fill of reduction `op`'s output and, for a full reduction, a
/// following 0-d epilogue into its kernels, recording both in `folds`.
void foldIntoReduction(linalg::GenericOp op, FoldedNeighbours &folds);
/// Stores combine(total, output's old value, or the folded fill's value)
/// at `outIdx`, then the folded epilogue's outputs from it, if any.
void storeReductionResult(const MapContext &ctx, OpBuilder &kb, Location loc,
                          linalg::GenericOp op, const Combiner &combiner, Value total,
                          ArrayRef<Value> outIdx);

} // namespace arrayc::gpumap

#endif // ARRAYC_TRANSFORMS_GPUMAP_STRATEGIES_H
