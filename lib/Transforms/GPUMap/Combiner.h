//===- Combiner.h - how a reduction's partial results combine ---*- C++ -*-===//
//
// A reduction can be split across threads and blocks when we know how two
// partial results combine and which value combines with nothing. Combiner
// is that knowledge, passed by value: either one op of the generic's body
// (arith.addf, arith.maxnumf, ...) whose identity its kind gives, or a
// user's combine function (ndarray.custom_reduce, `@arrayc.reduction`):
// the body's ops marked `ndarray.combiner`, applied to (acc, elem), with
// the identity marked on the op giving its result (NDArrayDialect.td). A
// producer fused in front of the function (`absmax(x * y)`) stays in the
// body, which every strategy still runs per element; only partial results
// go through the function, cloned with (acc, elem) bound to them.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_GPUMAP_COMBINER_H
#define ARRAYC_TRANSFORMS_GPUMAP_COMBINER_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace arrayc::gpumap {
using namespace mlir;

class Combiner {
public:
  Combiner() = default;
  /// One op combining its two operands (null: none).
  Combiner(Operation *op) : single(op) {}

  /// The user's combine function marked in `op`'s body (single output, its
  /// marks complete and the accumulator read by them only), else nothing.
  static std::optional<Combiner> ofMarkedFunction(linalg::GenericOp op);

  explicit operator bool() const { return single || result; }
  /// The op of a one-op combiner; null for a function.
  Operation *singleOp() const { return single; }

  /// The identity as a constant of type `t`, or null when it is not known.
  Value identity(OpBuilder &b, Location loc, Type t) const;
  /// The combiner applied to (x, y) at `b`'s insertion point.
  Value apply(OpBuilder &b, Value x, Value y) const;

private:
  Operation *single = nullptr;
  /// A function: its ops in order, the constants of the body they read,
  /// the values bound to its two parameters, its result and identity.
  SmallVector<Operation *> ops, constants;
  Value acc, elem, result;
  TypedAttr identityValue;
};

/// Identity of a reduction combiner, or null when it is not one we know.
Value combinerIdentity(OpBuilder &b, Location loc, const Combiner &combiner, Type t);

/// `combiner` applied to (a, b), keeping its operations and attributes.
Value combine(OpBuilder &b, const Combiner &combiner, Value x, Value y);

/// The single-op combiner of a single-output reduction whose identity we
/// know (so it can be split across threads), else null.
Operation *reductionCombiner(linalg::GenericOp op);

/// The combiner of a single-output reduction that can be split across
/// threads: a single op (reductionCombiner) or a user's marked combine
/// function; else an empty Combiner.
Combiner matchCombiner(linalg::GenericOp op);

} // namespace arrayc::gpumap

#endif // ARRAYC_TRANSFORMS_GPUMAP_COMBINER_H
