//===- JIT.h - run and emit compiled LLVM-dialect modules -------*- C++ -*-===//
#ifndef ARRAYC_JIT_JIT_H
#define ARRAYC_JIT_JIT_H

#include "Frontend/Signature.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace arrayc::jit {

/// Translates `module` (whose exported functions have `signatures`: their C
/// wrappers check a caller's descriptors, CWrappers.h) to LLVM IR, optimizes
/// it at -O`optLevel` for the host and writes an object file to `os`.
llvm::Error emitObject(mlir::ModuleOp module, const std::vector<FunctionSignature> &signatures,
                       llvm::raw_pwrite_stream &os, unsigned optLevel);

/// Translates and optimizes, then prints LLVM IR text.
llvm::Error emitLLVMIR(mlir::ModuleOp module, const std::vector<FunctionSignature> &signatures,
                       llvm::raw_ostream &os, unsigned optLevel);

/// Translates `module` to LLVM IR for the host and emits a relocatable ELF
/// object in memory, ready for `LoadedObject` (no linker needed):
///  - each exported function (`signatures`; symbol `arrayc_fn_<name>`,
///    Transforms/Symbols.h) gets `_arrayc_packed_<name>(void **args)`:
///    args[i] points to the i-th LLVM-level argument (a memref argument is
///    its expanded fields: allocated, aligned, offset, sizes, strides, each 8
///    bytes), args[n] to storage for the result (a struct of such fields);
///  - the module's global constructors/destructors (the gpu.binary kernel
///    loads) become `_arrayc_init()` / `_arrayc_fini()`, which the loader
///    calls (ORC runs no .init_array of an object it links).
llvm::Expected<std::string> compileToObject(mlir::ModuleOp module,
                                            const std::vector<FunctionSignature> &signatures,
                                            unsigned optLevel);

/// Loads shared libraries into the process, globally (their symbols resolve
/// JIT-linked code), each once; thread-safe.
llvm::Error loadSharedLibraries(const std::vector<std::string> &libs);

/// An object from `compileToObject`, linked in memory with ORC into this
/// process: symbols resolve against the process and `sharedLibs`
/// (loadSharedLibraries). Construction runs `_arrayc_init`, destruction
/// `_arrayc_fini`. Lookups are thread-safe after construction.
class LoadedObject {
public:
  static llvm::Expected<std::unique_ptr<LoadedObject>>
  load(llvm::StringRef object, const std::vector<std::string> &sharedLibs);
  ~LoadedObject();
  /// The address of `name`, or null.
  void *lookup(llvm::StringRef name);

private:
  struct Impl;
  explicit LoadedObject(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace arrayc::jit

#endif // ARRAYC_JIT_JIT_H
