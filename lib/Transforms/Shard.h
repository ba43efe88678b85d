//===- Shard.h - sharded functions over a mesh of processes -----*- C++ -*-===//
//
// The passes of `arrayc --mesh=N --shard=FUNC:ARG=DIM` (docs/distributed.md):
//
//  arrayc-shard-functions  (tensor level, before inlining) the named
//      function's calls with static shapes get a copy of the function
//      annotated with the inputs' shardings and partitioned by MLIR's
//      sharding-propagation + shard-partition, called on this process's
//      blocks of the (global, replicated) arguments; its results come back
//      replicated. Pre-checks keep the partitioner away from what MLIR 22
//      gets wrong (uneven splits, linalg.index, unknown reduction combiners,
//      ops without a sharding rule): those calls stay replicated.
//  arrayc-shard-to-runtime  (tensor level, before bufferization) shard
//      collectives and process indices as calls of the runtime's
//      arrayc_rt_coll_* (runtime/include/arrayc_rt/coll.h) on fresh buffers.
//
// Declared by hand (not in Passes.td) so that adding them does not rebuild
// every pass.
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_SHARD_H
#define ARRAYC_TRANSFORMS_SHARD_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arrayc {

/// The mesh's name in the module (`shard.grid @arrayc_mesh`).
inline constexpr llvm::StringLiteral kMeshSymbol = "arrayc_mesh";

/// A mesh spelled `4` or `2x2` (processes along each axis); nullopt with
/// `error` set when malformed.
std::optional<llvm::SmallVector<int64_t>> parseMesh(llvm::StringRef text, std::string &error);

/// One `FUNC:ARG=DIM[/AXIS[+AXIS...]]`: argument ARG (0-based) of FUNC split
/// along its dimension DIM over the mesh's axes AXIS (default: axis 0; with
/// several, the first is major).
struct ShardSpec {
  std::string function;
  unsigned argument = 0;
  int64_t dim = 0;
  llvm::SmallVector<int16_t> axes{0};
};
std::optional<ShardSpec> parseShardSpec(llvm::StringRef text, std::string &error);

struct ShardFunctionsOptions {
  std::string mesh;                ///< "4", "2x2"
  std::vector<std::string> shards; ///< "FUNC:ARG=DIM" each
  bool verbose = false;            ///< what is split or replicated, and why, to stderr
};
std::unique_ptr<mlir::Pass> createShardFunctions(const ShardFunctionsOptions &options = {});
/// `gemm`: a matrix product gathered along its rows becomes one call of the
/// runtime's product-and-gather (its BLAS, at the element type's precision):
/// off without BLAS or with --tf32.
std::unique_ptr<mlir::Pass> createShardToRuntime(bool gemm = true);

/// The patterns of arrayc-shard-to-runtime (shard.all_reduce, all_gather,
/// all_slice, update_halo, process_linear_index/process_multi_index; with
/// `gemm`, a product gathered along its rows) on the mesh of shape `mesh`.
void populateShardToRuntimePatterns(mlir::RewritePatternSet &patterns,
                                    llvm::ArrayRef<int64_t> mesh, bool gemm = true);

/// Whether `init` is a fill of the constant `want`: linalg.fill, or the
/// generic that linalg-generalize-named-ops makes of it (both passes use it:
/// an arg-reduction's identity inits, a reduction's neutral element).
bool filledWith(mlir::Value init, mlir::Attribute want);
/// The suffix of the private function an exported function's body moves
/// into (its public name calls it, so the call is split like one in a
/// program).
inline constexpr llvm::StringLiteral kEntrySuffix = "__entry";
/// `fn`'s name as the program wrote it (without kEntrySuffix).
std::string shownName(mlir::func::FuncOp fn);

/// A private copy of `fn` after it, named `fn`'s name + `suffix` (made
/// unique), whose arguments have `types` (casts to the old types at its
/// entry, for the folds to propagate). The results keep their types.
mlir::func::FuncOp copyWithArgumentTypes(mlir::func::FuncOp fn, llvm::StringRef suffix,
                                         llvm::ArrayRef<mlir::Type> types);

/// `call` replaced by a call of `callee` on `args` (each cast to `callee`'s
/// argument type where it differs), its results cast back to `call`'s.
void replaceCall(mlir::func::CallOp call, mlir::func::FuncOp callee,
                 llvm::ArrayRef<mlir::Value> args, mlir::Location loc);

/// Element types the runtime's collectives carry (f32, f64, integers of 1 to
/// 64 bits, index).
bool collectiveElement(mlir::Type t);
/// Registers both passes (arrayc-opt).
void registerShardPasses();

} // namespace arrayc

#endif // ARRAYC_TRANSFORMS_SHARD_H
