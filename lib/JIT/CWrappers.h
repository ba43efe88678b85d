//===- CWrappers.h - the C ABI of exported functions ------------*- C++ -*-===//
#ifndef ARRAYC_JIT_CWRAPPERS_H
#define ARRAYC_JIT_CWRAPPERS_H

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

namespace arrayc::jit {

/// Finishes the C wrappers func-to-llvm emitted for exported functions
/// (`_mlir_ciface_arrayc_fn_f`, Transforms/Symbols.h):
///  - each takes the user's name, `_mlir_ciface_f` (the `--shared` header's);
///  - each descriptor it reads (an argument's {allocated, aligned, offset,
///    sizes, strides}, filled by a C caller) first goes through
///    `arrayc_rt_check_c_order`: not NULL, offset 0, C-order strides. The
///    compiled code reads sizes only; the sizes themselves are checked at
///    the function's entry (the frontend's checkArgumentSizes).
llvm::Error finishCWrappers(llvm::Module &module);

} // namespace arrayc::jit

#endif // ARRAYC_JIT_CWRAPPERS_H
