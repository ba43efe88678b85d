//===- ShardPrepare.h - a copy made ready for MLIR's partitioner -*- C++ -*-===//
//
// What arrayc-shard-functions does to a specialized copy of a function
// before MLIR 22's partitioner sees it, and the checks that keep a call
// replicated when the partitioner would get it wrong (ShardPrepare.cpp).
// Private to lib/Transforms: only ShardFunctions.cpp includes it.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_SHARDPREPARE_H
#define ARRAYC_TRANSFORMS_SHARDPREPARE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

namespace arrayc {

/// `x[:, None, :]`: an expand_shape that only inserts unit dimensions, which
/// the partitioner has no rule for. A generic that broadcasts it (reading the
/// unit dimensions at constant 0) reads its source instead, through the map
/// without those results; other users get a linalg.generic copying the
/// source through a projection of the result's loops. Either is sharded like
/// any elementwise op. Other expand_shapes stay, and keep the call replicated.
void expandShapesAsGenerics(mlir::func::FuncOp fn);

/// A broadcast written as its own generic (`cc[None, :]` becomes a generic
/// copying a vector into an n x k tensor): the partitioner shards it by its
/// input, replicated, so a split reader gets an all_slice of a whole n x k
/// tensor computed on every process, and the tensor.empty it shares with
/// split ops an all_gather. Each generic reading it reads its source
/// instead, through the composed map (what expandShapesAsGenerics does for
/// `x[:, None]`). Only broadcasts: one input read in loop order through a
/// projected permutation with fewer results than loops, the body yielding it;
/// only into readers with another input covering every loop.
void broadcastsIntoReaders(mlir::func::FuncOp fn);

/// Why `fn`'s body cannot be partitioned correctly ("" when it can): shapes
/// not static, element types the collectives do not carry, ops without a
/// sharding rule, reductions the partitioner gets wrong, arrays read inside
/// a body. An op reading linalg.index is marked with the loop dimensions
/// that must stay whole (checked by wholeDimsProblem after partitioning).
std::string bodyProblem(mlir::func::FuncOp fn);

/// The ops of `fn` that bodyProblem marked.
unsigned countWholeDimsMarks(mlir::func::FuncOp fn);

/// After partitioning: why a marked op lost part of a dimension that had to
/// stay whole ("" when none did); `marked` ops were marked before. The marks
/// are removed.
std::string wholeDimsProblem(mlir::func::FuncOp fn, unsigned marked);

} // namespace arrayc

#endif // ARRAYC_TRANSFORMS_SHARDPREPARE_H
