//===- LoopCombiner.h - the combine step of a reduction loop ----*- C++ -*-===//
//
// A sequential `scf.for` reduction -- one iter_arg `acc`, each iteration
// yielding C(acc, elem) where `elem` does not depend on `acc` -- can be
// split into chunks that run on several threads when C is associative and
// has an identity: each chunk folds from the identity, and the partial
// results combine in chunk order. LoopCombiner is that C, found in the loops
// the cpu pipeline makes from linalg reductions (convert-linalg-to-parallel-
// loops, then arrayc-register-accumulators):
//
//   - one op of known identity (arith::getNeutralElement): integer add, mul,
//     and, or, xor, max and min, float max and min, and float add and mul
//     only when marked `reassoc` (arrayc-reassociate-sums: NumPy sums
//     pairwise, not in order) or in a scan (cumsum, cumprod: NumPy's runs in
//     order, ours in chunks, as on the GPU);
//   - NumPy's max/min of floats after arrayc-numpy-reduction-ties,
//     select(cmpf(ogt|olt, acc, elem) | cmpf(uno, acc, acc), acc, elem):
//     the first maximum (or NaN) in order, associative, identity -inf/+inf.
//
// A reduction over several dimensions is a nest of such loops, the outer
// accumulator threaded through the inner loop's; its combiner is the
// innermost loop's. (The GPU's Combiner, GPUMap/Combiner.h, is the same
// knowledge at the linalg level, before loops exist.)
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_LOOPCOMBINER_H
#define ARRAYC_TRANSFORMS_LOOPCOMBINER_H

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>

namespace arrayc {

struct LoopCombiner {
  /// The combine step's ops, in order, reading `acc`, `elem` and each other.
  llvm::SmallVector<mlir::Operation *> ops;
  mlir::Value acc, elem, result;
  mlir::TypedAttr identity;

  /// C(x, y) at `b`'s insertion point: the ops cloned with (acc, elem) bound
  /// to (x, y).
  mlir::Value apply(mlir::OpBuilder &b, mlir::Value x, mlir::Value y) const;
};

/// The combiner of `loop` when it is a reduction of one iter_arg that may be
/// split into chunks, else nothing. With `stored`, the running value may also
/// be stored to memory (a scan).
std::optional<LoopCombiner> matchLoopCombiner(mlir::scf::ForOp loop, bool stored = false);

} // namespace arrayc

#endif // ARRAYC_TRANSFORMS_LOOPCOMBINER_H
