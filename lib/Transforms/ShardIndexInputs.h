//===- ShardIndexInputs.h - index values out of reductions ------*- C++ -*-===//
//
// Rewrites that arrayc-shard-functions applies to a specialized copy before
// MLIR's partitioner sees it (ShardIndexInputs.cpp). Private to
// lib/Transforms: only ShardFunctions.cpp includes it.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_SHARDINDEXINPUTS_H
#define ARRAYC_TRANSFORMS_SHARDINDEXINPUTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

namespace arrayc {

/// In every reduction generic of `fn` whose body computes with linalg.index
/// (argmin's C-order index: linalg.index, index constants, index_cast), the
/// computation from the indices up to its first non-index value is moved to
/// a generic of its own over the indexed loop dimensions (an iota: `tensor<K
/// x i64>`), read by the reduction as one more input, so that no index value
/// is left in the reduction for MLIR 22's partitioner (ShardIndexInputs.cpp
/// says what it crashes on). The iota generic keeps linalg.index, so
/// ShardFunctions' whole-dimension check still refuses a split of the
/// indexed dimensions. Returns whether anything changed.
bool moveIndexValuesToInputs(mlir::func::FuncOp fn);

/// Every argmin/argmax generic of `fn` (two results, its index select marked
/// ndarray.arg_reduce, the value result unused, its inits the identity and
/// 0, its index an input after moveIndexValuesToInputs) becomes two
/// single-result reductions, which MLIR 22's partitioner splits (it crashes
/// on a reduction with two results): the best value (minimumf/maximumf,
/// minsi/maxsi), then the smallest index whose element equals it (a NaN
/// matching a NaN: NumPy's first NaN), INT64_MAX elsewhere, combined by
/// minsi. Unsigned and bool elements are left (their min/max has no signless
/// collective). Returns whether anything changed.
bool splitArgReductions(mlir::func::FuncOp fn);

/// After partitioning: each pair splitArgReductions made whose reduced
/// dimensions stayed whole (the best value read by the first-index reduction
/// alone, no all-reduce between them) becomes one two-result arg-reduction
/// again, as the frontend writes it (an iota input computed in the body by
/// linalg.index), so that each process reads its elements once, not twice.
/// Returns whether anything changed.
bool joinArgReductions(mlir::func::FuncOp fn);

/// Constants a reduction's body reads from outside it (canonicalization
/// hoists them out of linalg bodies) are cloned into the body: MLIR 22's
/// partitioner crashes on a reduction reading a value from outside its body
/// when it splits the reduced dimension, and keeps constants in the body.
void sinkConstantsIntoReductions(mlir::func::FuncOp fn);

/// Why a reduction of `fn` must not reach MLIR 22's partitioner ("" when
/// none): its body reads a value defined outside it other than a constant
/// (a segfault when the reduced dimension is split), uses an accumulator
/// more than once (an abort finding the combiner), or still computes with
/// index values (kept away: an earlier bisection saw a segfault). A note for
/// the call that stays replicated.
std::string reductionBodyProblem(mlir::func::FuncOp fn);

} // namespace arrayc

#endif // ARRAYC_TRANSFORMS_SHARDINDEXINPUTS_H
