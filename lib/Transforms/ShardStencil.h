//===- ShardStencil.h - stencils split by rows, with halo exchanges -*- C++ -*-===//
//
// What arrayc-shard-functions does with a call that MLIR 22's partitioner
// cannot split because the function slices its split arguments (a stencil:
// `u[:-2, 1:-1] + u[2:, 1:-1]`, `v[1:-1, 1:-1] = ...`) or loops over sweeps:
// MLIR's partitioner has no sharding rule for tensor.extract_slice,
// insert_slice or scf.for. ShardStencil.cpp proves that the function is
// local along the split dimension (every row of every result depends only on
// rows of the inputs within a fixed distance, the halo, in the same way at
// every offset) and runs it on this process's rows plus the halo rows of its
// neighbours, exchanging the halos (shard.update_halo) before each loop
// iteration that reads them. Private to lib/Transforms: only
// ShardFunctions.cpp includes it.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_SHARDSTENCIL_H
#define ARRAYC_TRANSFORMS_SHARDSTENCIL_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace arrayc {

/// A function's copy that runs on this process's rows and halos.
struct StencilCopy {
  mlir::func::FuncOp fn;
  int64_t axis = 0;      ///< the mesh axis that splits the rows
  int64_t processes = 1; ///< processes along it
  int64_t rows = 0;      ///< the split dimension's global size
  int64_t halo = 0;      ///< rows exchanged with each neighbour
  llvm::SmallVector<unsigned> splitArgs;
  unsigned exchanges = 0; ///< shard.update_halo ops (each in a loop)
  unsigned gathers = 0;   ///< results gathered
};

/// The copy of `fn` for a call with argument types `types` (static) whose
/// arguments `splitArgs` are split along dimension 0 over mesh axis `axis`
/// of `processes` processes, or a null `fn` with `why` set when `fn` is not
/// provably local along that dimension (the reason names the operation;
/// empty when the split arguments are not rows of one size that divides).
/// `fold` canonicalizes a function, its errors in the string.
StencilCopy partitionStencil(mlir::func::FuncOp fn, llvm::ArrayRef<mlir::Type> types,
                             llvm::ArrayRef<unsigned> splitArgs, int64_t axis,
                             int64_t processes,
                             llvm::function_ref<bool(mlir::func::FuncOp, std::string &)> fold,
                             std::string &why);

/// Replaces `call` (of the function `copy` was made from, with `operands` of
/// static types) by a call of the copy on this process's rows and halos of
/// the split arguments: rows [r * b - lo, (r + 1) * b + hi) of each, lo and
/// hi the halo where the process has a neighbour on that side, else 0; the
/// ops made are located at `loc`.
void callStencilCopy(mlir::func::CallOp call, mlir::Location loc,
                     llvm::ArrayRef<mlir::Value> operands,
                     const StencilCopy &copy);

} // namespace arrayc

#endif // ARRAYC_TRANSFORMS_SHARDSTENCIL_H
