//===- Compile.h - source to a loadable artifact, cached --------*- C++ -*-===//
//
// The one compile path of `arrayc run` and the embedding API (libarrayc):
// `.arr` source -> frontend -> the library pipelines -> a host object with
// packed entry points (JIT.h), plus the exported functions' signatures. The
// result is an `Artifact`, which the compile cache (Cache.h) stores.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_COMPILER_COMPILE_H
#define ARRAYC_COMPILER_COMPILE_H

#include "Frontend/Signature.h"
#include "Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace arrayc::compiler {

/// What the user chooses; everything that changes the generated code.
struct Options {
  bool cuda = false;
  std::string gpuArch = "sm_90";
  unsigned optLevel = 2;
  bool fusion = true, blas = true, tf32 = false, graphs = true;
  std::string precision; ///< "", "f16" or "bf16".
  /// cuda kernels as "isa" (PTX: the driver compiles it when loading),
  /// "bin" (cubin, by ptxas) or "fatbin" (cubin + PTX); "": fatbin when
  /// ptxas is found, else isa.
  std::string gpuFormat;
  /// Sharded functions (docs/distributed.md): the mesh ("" for none) and
  /// the `FUNC:ARG=DIM` splits; `shardVerbose` prints what is split or
  /// replicated (it does not change the code: not part of the cache key).
  std::string mesh;
  std::vector<std::string> shard;
  bool shardVerbose = false;
  /// The program runs right after the compile, here (`arrayc run`): type an
  /// unannotated np.load from the file's header (frontend::ImportOptions).
  bool typeLoadsFromFiles = false;
};

/// `options` as a JIT compile uses them: cuda kernels as PTX that the driver
/// compiles while loading them ("isa"), unless a format was chosen. On the
/// H100 machine this took sqdiff's cold compile from 97-119 ms (cubin + PTX:
/// a ptxas and a fatbinary process per kernel module) to 75 ms; the driver
/// caches what it compiled (~/.nv/ComputeCache). docs/performance.md.
Options withJITDefaults(Options options);

/// The library pipeline options for `options` on this machine (kernels as
/// cubin+PTX when ptxas is found, else PTX), or an error for bad choices.
llvm::Expected<std::unique_ptr<PipelineOptions>> pipelineOptions(const Options &options);

/// Where the pipeline stops.
enum class Stop { Linalg, Kernels, LLVM };

/// One stage of the compile pipeline: "linalg", "buffers", "kernels" (cuda)
/// and "llvm" (the lowering to the LLVM dialect), in order.
struct Stage {
  const char *name;
  void (*build)(mlir::OpPassManager &pm, const PipelineOptions &options);
  bool lowering; ///< After the point where `--kernel-stats` counts.
};
/// The stages a compile for `cuda` runs down to `stop`.
std::vector<Stage> pipelineStages(bool cuda, Stop stop);

/// Fills `pm` up to the kernels (cuda) or buffers (cpu), where
/// `--kernel-stats` counts, and `lowering` with the rest, down to `stop`.
void buildPipelines(mlir::PassManager &pm, mlir::PassManager &lowering, bool cuda,
                    const PipelineOptions &options, Stop stop);

/// Debugging aids of one compile; they do not change the generated code (and
/// are not part of the cache key), but a compile that uses them is never
/// served from the cache.
struct Debug {
  /// Applied to each pass manager before it runs (`arrayc --mlir-timing`,
  /// `--mlir-print-ir-after-all`, ...).
  std::function<mlir::LogicalResult(mlir::PassManager &)> configure;
  /// A directory that receives every stage of the compile ("": the
  /// ARRAYC_DUMP_DIR environment variable's value, if any).
  std::string dumpDir;
};

/// Where a compile with `debug` (may be null) dumps its stages: `dumpDir`,
/// else ARRAYC_DUMP_DIR, else "" (no dump).
std::string dumpDirectory(const Debug *debug);

struct Artifact {
  std::vector<FunctionSignature> functions; ///< Exported, in source order.
  bool hasMain = false;                     ///< `arrayc_main` is defined.
  std::string object;                       ///< ELF object (jit::compileToObject).
  /// The .npy files whose headers typed a load: the object depends on them,
  /// so it is never cached. Not serialized.
  std::vector<std::string> filesTyped;
  /// Where a fresh compile spent its time ("context 3, frontend 1, ...", ms);
  /// not serialized.
  std::string phases;
};

/// Compiles `source` (diagnostics name it `name`). A source error is the
/// error's message: every located diagnostic with its line and caret.
/// With a dump directory (`dumpDirectory`), the compile writes into its
/// subdirectory `<name's stem>-<target>-<hash>/` the source, the module after
/// the frontend and after each stage, the host's optimized LLVM IR and the
/// cuda kernels (PTX, cubin or fatbin); a failed stage leaves the files
/// before it.
llvm::Expected<std::unique_ptr<Artifact>> compile(llvm::StringRef source,
                                                  llvm::StringRef name,
                                                  const Options &options,
                                                  const Debug *debug = nullptr);

/// The artifact as bytes and back (false: malformed).
std::string serialize(const Artifact &artifact);
bool deserialize(llvm::StringRef bytes, Artifact &artifact);

} // namespace arrayc::compiler

#endif // ARRAYC_COMPILER_COMPILE_H
