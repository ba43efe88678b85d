//===- GenRandom.h - numpy.random Generators --------------------*- C++ -*-===//
//
// What other units need to know of a `np.random.default_rng()` Generator
// (GenBuiltinRandom.cpp): how to recognize one among values, to name it in
// diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_FRONTEND_GENRANDOM_H
#define ARRAYC_FRONTEND_GENRANDOM_H

#include "Frontend/Gen.h"

namespace arrayc::frontend::gen {

/// The methods of a Generator, as ModuleFunctions.def's module name.
inline constexpr llvm::StringLiteral kGeneratorModule = "random.Generator";

/// Whether `v` is a Generator made by `np.random.default_rng`.
bool isGeneratorVal(const Val &v);

/// A Generator in a diagnostic, with where arrayc lets one be used.
std::string describeGenerator();

} // namespace arrayc::frontend::gen

#endif // ARRAYC_FRONTEND_GENRANDOM_H
