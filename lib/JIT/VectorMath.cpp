//===- VectorMath.cpp - host code optimized with SIMD math ----------------===//
#include "JIT/VectorMath.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/SystemLibraries.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

#include <deque>
#include <string>
#include <vector>

namespace {

/// glibc 2.35+'s libmvec functions LLVM's LIBMVEC table lacks (it has sin,
/// cos, tan, exp, log and pow), with their number of arguments.
struct MathFunction {
  const char *name;
  unsigned arity;
};
constexpr MathFunction kExtraFunctions[] = {
    {"acos", 1},  {"acosh", 1}, {"asin", 1},  {"asinh", 1}, {"atan", 1},
    {"atanh", 1}, {"cbrt", 1},  {"cosh", 1},  {"erf", 1},   {"erfc", 1},
    {"exp10", 1}, {"exp2", 1},  {"expm1", 1}, {"log10", 1}, {"log1p", 1},
    {"log2", 1},  {"sinh", 1},  {"tanh", 1},  {"atan2", 2}, {"hypot", 2}};
constexpr const char *kTableFunctions[] = {"sin", "cos", "tan", "exp", "log", "pow"};

/// The extra mappings: for f32 (suffix f, 4 or 8 lanes) and f64 (2 or 4
/// lanes), SSE4 (`b`) and AVX2 (`d`) variants, from the libm name and the
/// LLVM intrinsic's. Strings live as long as the process (VecDesc holds
/// references).
const std::vector<llvm::VecDesc> &extraMappings() {
  static std::deque<std::string> strings;
  static const std::vector<llvm::VecDesc> descs = [] {
    std::vector<llvm::VecDesc> out;
    auto keep = [](std::string s) -> llvm::StringRef { return strings.emplace_back(std::move(s)); };
    for (const MathFunction &f : kExtraFunctions) {
      std::string params(f.arity, 'v');
      for (bool f32 : {true, false}) {
        std::string libm = std::string(f.name) + (f32 ? "f" : "");
        std::string intrinsic = "llvm." + std::string(f.name) + (f32 ? ".f32" : ".f64");
        for (auto [isa, lanes] : {std::pair{'b', f32 ? 4u : 2u}, std::pair{'d', f32 ? 8u : 4u}}) {
          std::string n = std::to_string(lanes);
          llvm::StringRef vector = keep("_ZGV" + std::string(1, isa) + "N" + n + params + "_" + libm);
          llvm::StringRef abi = keep("_ZGV_LLVM_N" + n + params);
          for (const std::string &scalar : {libm, intrinsic})
            out.emplace_back(keep(scalar), vector, llvm::ElementCount::getFixed(lanes),
                             /*Masked=*/false, abi, std::nullopt);
        }
      }
    }
    return out;
  }();
  return descs;
}

/// Declarations of libm functions libmvec vectorizes: no memory access, no
/// unwinding (LLVM assumes they may set errno, which blocks vectorization).
void markMathDeclarations(llvm::Module &module) {
  auto isDoubleMath = [](llvm::StringRef name) {
    for (const MathFunction &f : kExtraFunctions)
      if (name == f.name)
        return true;
    for (const char *f : kTableFunctions)
      if (name == f)
        return true;
    return false;
  };
  // `erf` (double) and `erff` (float) alike.
  auto isMath = [&](llvm::StringRef name) {
    return isDoubleMath(name) || (name.ends_with("f") && isDoubleMath(name.drop_back()));
  };
  for (llvm::Function &fn : module) {
    if (!fn.isDeclaration() || fn.isIntrinsic() || !isMath(fn.getName()))
      continue;
    fn.setDoesNotAccessMemory();
    fn.setDoesNotThrow();
    fn.setWillReturn();
  }
}

} // namespace

llvm::Error arrayc::jit::optimizeHostModule(llvm::Module &module, llvm::TargetMachine &tm,
                                            unsigned optLevel) {
  markMathDeclarations(module);
  llvm::TargetLibraryInfoImpl tlii(module.getTargetTriple(), llvm::VectorLibrary::LIBMVEC);
  tlii.addVectorizableFunctions(extraMappings());

  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder pb(&tm, tuning);
  // Registered first, so the builder's default TargetLibraryAnalysis is not.
  fam.registerPass([&] { return llvm::TargetLibraryAnalysis(tlii); });
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);

  llvm::OptimizationLevel level = optLevel == 0   ? llvm::OptimizationLevel::O0
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager mpm = optLevel == 0 ? pb.buildO0DefaultPipeline(level)
                                              : pb.buildPerModuleDefaultPipeline(level);
  mpm.run(module, mam);
  return llvm::Error::success();
}
