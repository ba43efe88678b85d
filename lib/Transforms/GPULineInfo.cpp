//===- GPULineInfo.cpp - line tables for the CUDA kernels ------------------===//
//
// What `nvcc -lineinfo` gives a kernel: its instructions mapped to source
// lines (PTX `.file`/`.loc`, ptxas's line table in the cubin), which Nsight
// Compute and compute-sanitizer show, with no change to the code (no -G).
//
// The kernels' ops keep the frontend's locations (the .arr file or the
// Python source, line:column); this pass gives each llvm.func of a
// gpu.module a DISubprogram in a compile unit of emission kind
// DebugDirectivesOnly, which the LLVM translation needs to turn those
// locations into DILocations, and from which NVPTX emits `.loc` and `.file`
// directives but no DWARF sections (as nvcc -lineinfo). Upstream's
// ensure-debug-info-scope-on-llvm-func does the same on a builtin.module
// (every function of the program, host code included); this one runs on a
// gpu.module alone, so the host code is compiled as before (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/Pass.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace arrayc {
#define GEN_PASS_DEF_GPULINEINFO
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// The first file:line:col inside `loc` (through fused, name and call-site
/// locations: a call site's callee location comes first, the line inside an
/// inlined helper).
FileLineColLoc firstFileLoc(Location loc) {
  FileLineColLoc found;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      found = f;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

struct GPULineInfoPass : arrayc::impl::GPULineInfoBase<GPULineInfoPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    gpu::GPUModuleOp module = getOperation();
    DenseMap<StringAttr, LLVM::DIFileAttr> files;
    auto fileFor = [&](StringAttr name) {
      LLVM::DIFileAttr &file = files[name];
      if (!file) {
        // A relative name is the compiler's working directory's, as the
        // frontend read it.
        SmallString<256> dir;
        StringRef path = name.getValue();
        if (!llvm::sys::path::is_absolute(path) && !llvm::sys::fs::current_path(dir))
          llvm::sys::path::append(dir, llvm::sys::path::parent_path(path));
        else
          dir = llvm::sys::path::parent_path(path);
        file = LLVM::DIFileAttr::get(ctx, llvm::sys::path::filename(path), dir);
      }
      return file;
    };
    LLVM::DICompileUnitAttr unit;
    auto type = LLVM::DISubroutineTypeAttr::get(ctx, llvm::dwarf::DW_CC_normal, {});
    for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
      if (func.isExternal() || isa<FusedLocWith<LLVM::DISubprogramAttr>>(func.getLoc()))
        continue;
      // The function's own location, else its first op's with a file.
      FileLineColLoc at = firstFileLoc(func.getLoc());
      if (!at)
        func.walk([&](Operation *op) {
          at = firstFileLoc(op->getLoc());
          return at ? WalkResult::interrupt() : WalkResult::advance();
        });
      if (!at)
        continue; // nothing to map
      LLVM::DIFileAttr file = fileFor(at.getFilename());
      if (!unit)
        unit = LLVM::DICompileUnitAttr::get(
            DistinctAttr::create(UnitAttr::get(ctx)), llvm::dwarf::DW_LANG_C, file,
            StringAttr::get(ctx, "arrayc"), /*isOptimized=*/true,
            LLVM::DIEmissionKind::DebugDirectivesOnly);
      auto subprogram = LLVM::DISubprogramAttr::get(
          ctx, DistinctAttr::create(UnitAttr::get(ctx)), unit, file, func.getNameAttr(),
          func.getNameAttr(), file, at.getLine(), at.getLine(),
          LLVM::DISubprogramFlags::Definition | LLVM::DISubprogramFlags::Optimized, type,
          /*retainedNodes=*/{}, /*annotations=*/{});
      func->setLoc(FusedLoc::get(ctx, {func.getLoc()}, subprogram));
    }
  }
};

} // namespace
