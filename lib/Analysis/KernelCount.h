//===- KernelCount.h - kernels and library calls one call runs --*- C++ -*-===//
//
// What one call of a compiled function runs, counted on buffer-level IR
// after `arrayc-gpu-kernel-pipeline` (kernel launches, cuBLAS/cuSOLVER/cuFFT
// calls) or after bufferization (linalg ops: the CPU target's loop nests,
// and OpenBLAS/LAPACKE/FFTW calls). `arrayc --stats` prints it;
// `arrayc-cuda-graph-calls` decides from it which functions to record.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_ANALYSIS_KERNELCOUNT_H
#define ARRAYC_ANALYSIS_KERNELCOUNT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Region.h"

namespace arrayc {

struct KernelCount {
  /// Kernel launches (gpu.launch_func) or loop nests (linalg ops) along the
  /// costliest path: `scf.if` branches are alternatives, loop bodies count
  /// once.
  unsigned kernels = 0;
  /// Library calls (cuBLAS, cuSOLVER, cuFFT, OpenBLAS, LAPACKE, FFTW) on it.
  unsigned libraryCalls = 0;
  /// Some of them may run more than once per call: in a loop, in
  /// unstructured control flow, or in a function called more than once.
  bool repeated = false;

  unsigned total() const { return kernels + libraryCalls; }
};

/// Which branch of an `scf.if` a count follows.
enum class CountPath {
  Costliest, ///< the branch with more kernels and calls
  Likely,    ///< the branch kLikelyBranchAttr names (large, non-empty
             ///< inputs), else the costliest
};

/// Counts `region`; calls of other functions of `module` add their bodies'
/// counts (a recursive call counts as repeated).
KernelCount countKernels(mlir::Region &region, mlir::ModuleOp module,
                         CountPath path = CountPath::Costliest);

/// Whether `callee` is a runtime entry point that runs a library routine.
bool isLibraryCall(llvm::StringRef callee);

} // namespace arrayc

#endif // ARRAYC_ANALYSIS_KERNELCOUNT_H
