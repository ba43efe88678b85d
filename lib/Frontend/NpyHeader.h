//===- NpyHeader.h - the dtype and rank of a .npy file ----------*- C++ -*-===//
//
// What `arrayc run` reads of a file an unannotated `np.load` names when
// compiling: only the header (dtype and rank); the sizes stay run-time dims,
// and the runtime's loader (runtime/src/npy.cpp) reads and checks the data.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_FRONTEND_NPYHEADER_H
#define ARRAYC_FRONTEND_NPYHEADER_H

#include "Frontend/Sema.h"

#include "llvm/Support/Error.h"

namespace arrayc::frontend {

struct NpyHeader {
  DType dtype;
  unsigned rank;
};

/// The header of the .npy file at `path` (format 1.0 to 3.0, a descr of
/// arrayc_rt/dtypes.def in little-endian or byte order '|'/'='), or an error
/// saying why not (unreadable, not .npy, big-endian, an unknown dtype).
llvm::Expected<NpyHeader> readNpyHeader(llvm::StringRef path);

} // namespace arrayc::frontend

#endif // ARRAYC_FRONTEND_NPYHEADER_H
