//===- JIT.h - run and emit compiled LLVM-dialect modules -------*- C++ -*-===//
#ifndef ARRAYC_JIT_JIT_H
#define ARRAYC_JIT_JIT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace arrayc::jit {

/// JIT-compiles `module` (LLVM dialect) with ORC at -O`optLevel`, loading
/// `sharedLibs` for external symbols, and calls `entry()` (no arguments).
llvm::Error runMain(mlir::ModuleOp module, llvm::StringRef entry,
                    const std::vector<std::string> &sharedLibs, unsigned optLevel);

/// Translates `module` to LLVM IR, optimizes it at -O`optLevel` for the host
/// and writes an object file to `path` (atomically: whole or nothing).
llvm::Error emitObject(mlir::ModuleOp module, llvm::StringRef path, unsigned optLevel);

/// Translates and optimizes, then prints LLVM IR text.
llvm::Error emitLLVMIR(mlir::ModuleOp module, llvm::raw_ostream &os, unsigned optLevel);

} // namespace arrayc::jit

#endif // ARRAYC_JIT_JIT_H
