//===- MLIRGen.h - checked lowering of the AST to ndarray IR ----*- C++ -*-===//
#ifndef ARRAYC_FRONTEND_MLIRGEN_H
#define ARRAYC_FRONTEND_MLIRGEN_H

#include "Frontend/AST.h"
#include "Frontend/ImportOptions.h"
#include "Frontend/Signature.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace arrayc::frontend {

/// Checks types and shapes of `module` and lowers it to `func` + `ndarray`
/// ops. `fileName` goes into locations and run-time check messages. Emits
/// the first error with mlir::emitError and returns null. When `signatures`
/// is given, it receives the exported functions' signatures (not main's).
mlir::OwningOpRef<mlir::ModuleOp>
genModule(const Module &module, llvm::StringRef fileName, mlir::MLIRContext &context,
          std::vector<FunctionSignature> *signatures = nullptr,
          const ImportOptions &options = {});

} // namespace arrayc::frontend

#endif // ARRAYC_FRONTEND_MLIRGEN_H
