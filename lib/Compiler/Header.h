//===- Header.h - the C header of an AOT shared library --------*- C++ -*-===//
#ifndef ARRAYC_COMPILER_HEADER_H
#define ARRAYC_COMPILER_HEADER_H

#include "Frontend/Signature.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace arrayc::compiler {

/// A C header declaring the C interface (`_mlir_ciface_<name>`) of each
/// exported function of a library built by `arrayc --shared`, with the
/// memref descriptor structs it takes and each function's `.arr` signature.
std::string cHeader(const std::vector<FunctionSignature> &functions, llvm::StringRef source,
                    llvm::StringRef library, bool cuda);

} // namespace arrayc::compiler

#endif // ARRAYC_COMPILER_HEADER_H
