//===- KernelCount.cpp - kernels and library calls one call runs ----------===//

#include "Analysis/KernelCount.h"
#include "Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace arrayc {

bool isLibraryCall(StringRef callee) {
  if (!callee.consume_front("arrayc_rt_"))
    return false;
  for (StringRef prefix : {"cublas_", "cusolver_", "cufft_", "blas_", "linalg_", "fft", "ifft",
                           "rfft", "irfft"})
    if (callee.starts_with(prefix))
      return true;
  return false;
}

namespace {
struct Counter {
  ModuleOp module;
  CountPath path;
  llvm::SmallPtrSet<Operation *, 8> active; // functions being counted

  static void add(KernelCount &into, const KernelCount &c) {
    into.kernels += c.kernels;
    into.libraryCalls += c.libraryCalls;
    into.repeated |= c.repeated;
  }
  static KernelCount repeatedIfAny(KernelCount c) {
    c.repeated |= c.total() != 0;
    return c;
  }

  KernelCount count(Operation &op) {
    KernelCount c;
    if (isa<gpu::LaunchFuncOp, linalg::LinalgOp>(op)) {
      c.kernels = 1;
      return c;
    }
    if (isa<gpu::GPUModuleOp>(op))
      return c;
    if (auto call = dyn_cast<func::CallOp>(op)) {
      if (isLibraryCall(call.getCallee())) {
        c.libraryCalls = 1;
        return c;
      }
      auto fn = module.lookupSymbol<func::FuncOp>(call.getCallee());
      if (!fn || fn.isExternal())
        return c;
      if (!active.insert(fn).second) { // recursion: any number of times
        c.kernels = 1;
        c.repeated = true;
        return c;
      }
      c = count(fn.getBody());
      active.erase(fn);
      return c;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      KernelCount a = count(ifOp.getThenRegion()), b = count(ifOp.getElseRegion());
      if (auto hint = ifOp->getAttrOfType<BoolAttr>(kLikelyBranchAttr);
          hint && path == CountPath::Likely)
        return hint.getValue() ? a : b;
      return a.total() >= b.total() ? a : b;
    }
    for (Region &r : op.getRegions())
      add(c, count(r));
    if (isa<LoopLikeOpInterface>(op))
      return repeatedIfAny(c);
    return c;
  }

  KernelCount count(Region &region) {
    KernelCount c;
    for (Block &block : region)
      for (Operation &op : block)
        add(c, count(op));
    // Unstructured control flow (several blocks): a block may run again.
    return region.getBlocks().size() > 1 ? repeatedIfAny(c) : c;
  }
};
} // namespace

KernelCount countKernels(Region &region, ModuleOp module, CountPath path) {
  return Counter{module, path, {}}.count(region);
}

} // namespace arrayc
