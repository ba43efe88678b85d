//===- CWrappers.h - the C ABI of exported functions ------------*- C++ -*-===//
#ifndef ARRAYC_JIT_CWRAPPERS_H
#define ARRAYC_JIT_CWRAPPERS_H

#include "Frontend/Signature.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

namespace arrayc::jit {

/// Finishes the C wrappers func-to-llvm emitted for exported functions
/// (`_mlir_ciface_arrayc_fn_f`, Transforms/Symbols.h):
///  - each takes the user's name, `_mlir_ciface_f` (the `--shared` header's);
///  - its parameters' descriptors ({allocated, aligned, offset, sizes,
///    strides}, filled by a C caller) first go through
///    `arrayc_rt_check_arguments` with the signature from `signatures`: not
///    NULL, offset 0, C-order strides, sizes that fit the signature's.
/// A wrapper whose function has no signature is an internal error.
llvm::Error finishCWrappers(llvm::Module &module,
                            const std::vector<FunctionSignature> &signatures);

} // namespace arrayc::jit

#endif // ARRAYC_JIT_CWRAPPERS_H
