//===- Toolchain.h - what arrayc finds on the machine -----------*- C++ -*-===//
#ifndef ARRAYC_COMPILER_TOOLCHAIN_H
#define ARRAYC_COMPILER_TOOLCHAIN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace arrayc::toolchain {

/// True when this arrayc was built with the cuda target.
bool cudaTargetBuilt();
/// The compute capability of device 0 as `sm_XY`, when a CUDA driver loads
/// and sees a GPU (checked with dlopen, so arrayc never needs libcuda).
std::optional<std::string> usableGPUArch();
/// ptxas in the toolkit or on PATH, or "".
std::string findPtxas(llvm::StringRef toolkit);
/// The path of the binary holding this code (arrayc, or libarrayc.so).
std::string thisBinary();
/// The folder holding libarrayc_runtime*: $ARRAYC_RUNTIME_DIR, else the
/// folder of libarrayc.so, or ../lib beside the arrayc executable, else the
/// build tree's.
std::string runtimeLibDir();
/// Shared libraries the JIT loads for `cuda` (or cpu) programs.
/// With `mpi` (a sharded program) the collectives' runtime too: on cpu
/// libarrayc_runtime_mpi.so (which brings libmpi), on cuda
/// libarrayc_runtime_nccl.so (which loads NCCL when the program starts).
std::vector<std::string> jitRuntimeLibs(bool cuda, bool mpi = false);
/// Links `object` with the static runtime into the executable `output`,
/// written to a temporary name and renamed (no half-written output).
/// With `mpi` (a program compiled with a mesh) the collectives' runtime:
/// on cpu libarrayc_runtime_mpi.a and libmpi (an error where arrayc was built
/// without MPI), on cuda libarrayc_runtime_nccl.a (NCCL is loaded at run time).
llvm::Error linkExecutable(llvm::StringRef object, llvm::StringRef output, bool cuda,
                           bool mpi = false);
/// The same into a shared library (the runtime is linked in: static, PIC;
/// with `mpi`, the collectives' runtime too).
llvm::Error linkSharedLibrary(llvm::StringRef object, llvm::StringRef output, bool cuda,
                              bool mpi = false);
llvm::Error link(llvm::StringRef object, llvm::StringRef output, bool cuda, bool shared,
                 bool mpi = false);
/// Whether this arrayc was built with the MPI runtime (libarrayc_runtime_mpi).
bool mpiRuntimeBuilt();

} // namespace arrayc::toolchain

#endif // ARRAYC_COMPILER_TOOLCHAIN_H
