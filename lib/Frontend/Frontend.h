//===- Frontend.h - .arr source to ndarray IR -------------------*- C++ -*-===//
//
// The public entry point of the frontend: lexer -> parser -> type/shape
// checking and lowering (MLIRGen) -> verified `ndarray` module.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_FRONTEND_FRONTEND_H
#define ARRAYC_FRONTEND_FRONTEND_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

#include "Frontend/ImportOptions.h"
#include "Frontend/Signature.h"

#include <vector>

namespace arrayc::frontend {

/// Parses, checks and lowers the main buffer of `sourceMgr` (its identifier is
/// the file name) into a new module. Errors are emitted with mlir::emitError
/// on FileLineColLoc locations (1-based line and column of the offending
/// token), so the caller's mlir::SourceMgrDiagnosticHandler prints
/// `file:line:col: error: msg`, the line and a caret. Returns null after the
/// first error; never crashes or asserts on any input. `signatures`, when
/// given, receives the exported functions' signatures.
mlir::OwningOpRef<mlir::ModuleOp>
importArr(llvm::SourceMgr &sourceMgr, mlir::MLIRContext &context,
          std::vector<FunctionSignature> *signatures = nullptr,
          const ImportOptions &options = {});

/// Lists every name the frontend lowers, one per line as
/// `<module>\t<name>\t<group>`: NumPy's functions (`numpy`, and
/// `numpy.linalg`, `numpy.fft`, `numpy.random`), Python's (`python`) and the
/// attributes and methods of arrays (`ndarray`). `arrayc builtins` prints it;
/// docs/numpy-compatibility.md is generated from it.
void printBuiltins(llvm::raw_ostream &os);

} // namespace arrayc::frontend

#endif // ARRAYC_FRONTEND_FRONTEND_H
