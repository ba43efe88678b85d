//===- Symbols.h - the symbols compiled programs define ---------*- C++ -*-===//
//
// User functions live in their own namespace of symbols, so no `def` can
// take the name of a function the generated code or the runtime calls (libm's
// `sin`, `fmod`, cblas_*, LAPACKE_*, fftw_*, cu*, mgpu*, arrayc_rt_*...):
//
//   def f   ->  arrayc_fn_f            (arrayc-mangle-function-names)
//   main    ->  arrayc_main            (the frontend; the runtime's main calls it)
//   export  ->  _mlir_ciface_f         (C wrapper; the `--shared` header)
//               _arrayc_packed_f       (packed arguments; the C API, JIT)
//
// The runtime defines no `_mlir_ciface_<identifier>` symbol of its own.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_SYMBOLS_H
#define ARRAYC_TRANSFORMS_SYMBOLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

namespace arrayc {

/// The prefix of every user function's symbol.
inline constexpr llvm::StringLiteral kUserFunctionPrefix = "arrayc_fn_";
/// The symbol of the program's `main`.
inline constexpr llvm::StringLiteral kMainSymbol = "arrayc_main";
/// The body of a sharded program's main (arrayc-shard-to-runtime), called by
/// main after it has joined the job.
inline constexpr llvm::StringLiteral kMainBodySymbol = "arrayc_main_sharded";
/// The prefix MLIR gives C wrappers (`llvm.emit_c_interface`).
inline constexpr llvm::StringLiteral kCInterfacePrefix = "_mlir_ciface_";

/// The host function upstream's deallocation lowering emits for a
/// `bufferization.dealloc` of several buffers: it compares base pointers held
/// in index arrays, on the host, and never runs on the device.
inline constexpr llvm::StringLiteral kDeallocHelperSymbol = "dealloc_helper";

inline bool isDeallocHelper(mlir::func::FuncOp fn) {
  return fn && fn.getSymName() == kDeallocHelperSymbol;
}

/// The symbol of user function `name` in compiled code.
inline std::string userFunctionSymbol(llvm::StringRef name) {
  return (kUserFunctionPrefix + name).str();
}

/// The user's name of function symbol `symbol` (`main` for arrayc_main);
/// other symbols unchanged.
inline llvm::StringRef userFunctionName(llvm::StringRef symbol) {
  if (symbol == kMainSymbol || symbol == kMainBodySymbol)
    return "main";
  symbol.consume_front(kUserFunctionPrefix);
  return symbol;
}

/// A call of the runtime's checks (convert-ndarray-to-runtime's lowering of
/// ndarray.assert): `arrayc_rt_assert(cond, message)` and
/// `arrayc_rt_assert_values(cond, message, value, value)`, which end the call
/// with the message when `cond` is false and do nothing otherwise.
inline bool isRuntimeCheck(mlir::Operation *op) {
  auto call = llvm::dyn_cast<mlir::func::CallOp>(op);
  return call && (call.getCallee() == "arrayc_rt_assert" ||
                  call.getCallee() == "arrayc_rt_assert_values");
}

/// A function a host program can call: a public definition other than main.
inline bool isExportedFunction(mlir::func::FuncOp fn) {
  return fn.isPublic() && !fn.isExternal() && fn.getSymName() != kMainSymbol;
}

} // namespace arrayc

#endif // ARRAYC_TRANSFORMS_SYMBOLS_H
