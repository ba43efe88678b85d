//===- FuzzCommon.h - what both fuzz targets share ----------------*- C++ -*-===//
#ifndef ARRAYC_FUZZ_FUZZCOMMON_H
#define ARRAYC_FUZZ_FUZZCOMMON_H

#include "Pipelines/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstddef>
#include <cstdint>

namespace arrayc::fuzz {

/// A context with every arrayc dialect, no threads, and its diagnostics (the
/// expected answer to most inputs) swallowed.
struct QuietContext {
  static const mlir::DialectRegistry &registry() {
    static mlir::DialectRegistry *r = [] {
      auto *reg = new mlir::DialectRegistry;
      registerAllDialects(*reg);
      return reg;
    }();
    return *r;
  }
  mlir::MLIRContext context{registry(), mlir::MLIRContext::Threading::DISABLED};
  mlir::ScopedDiagnosticHandler quiet{&context,
                                      [](mlir::Diagnostic &) { return mlir::success(); }};
};

/// The input as the main buffer of `sourceMgr`, named `name`: a copy ending
/// in NUL, since MLIR's lexers (and arrayc's) read up to one.
inline void addInput(llvm::SourceMgr &sourceMgr, const uint8_t *data, size_t size,
                     const char *name) {
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size), name),
      llvm::SMLoc());
}

} // namespace arrayc::fuzz

#endif // ARRAYC_FUZZ_FUZZCOMMON_H
