//===- Driver.cpp - the arrayc compiler driver ----------------------------===//
#include "Driver/Driver.h"

#include "Analysis/KernelCount.h"
#include "Compiler/Cache.h"
#include "Compiler/Compile.h"
#include "Compiler/Header.h"
#include "Compiler/TempFiles.h"
#include "Compiler/Toolchain.h"
#include "Frontend/Frontend.h"
#include "JIT/JIT.h"
#include "Pipelines/InitAll.h"
#include "Pipelines/Pipelines.h"
#include "Transforms/Shard.h"
#include "Transforms/Symbols.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

using namespace mlir;
using namespace arrayc::toolchain;
using arrayc::compiler::sweepStaleTemporaries;
using arrayc::compiler::TempFile;
namespace cl = llvm::cl;

namespace {

enum class Emit { NDArray, Linalg, GPU, LLVM, PTX, Obj, Exe };
enum class Target { Auto, CPU, CUDA };

int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "arrayc") << message << "\n";
  return 1;
}

int failWith(llvm::Error err) {
  std::string text = llvm::toString(std::move(err));
  return fail(text);
}

/// Writes `path` ("-" is stdout) with `fn`, whole or not at all: through a
/// temporary beside it (TempFiles.h), whose stale siblings go first.
int writeOutput(llvm::StringRef path, llvm::function_ref<void(llvm::raw_pwrite_stream &)> fn) {
  if (path == "-") {
    std::string error;
    auto out = openOutputFile(path, &error);
    if (!out)
      return fail(error);
    fn(out->os());
    out->os().flush();
    if (out->os().has_error())
      return fail("error writing '" + path + "'");
    out->keep();
    return 0;
  }
  sweepStaleTemporaries(llvm::sys::path::parent_path(path));
  auto tmp = TempFile::beside(path);
  if (!tmp)
    return failWith(tmp.takeError());
  fn(tmp->os());
  if (auto err = tmp->commit(path))
    return failWith(std::move(err));
  return 0;
}

/// `arrayc --kernel-stats`: per function, what one call runs (KernelCount.h)
/// along the path large inputs take, and at most along any path.
void printStats(ModuleOp module, bool kernels, bool tensors) {
  auto &os = llvm::errs();
  os << "arrayc: per call ("
     << (kernels   ? "cuda kernels"
         : tensors ? "linalg ops on tensors"
                   : "cpu: linalg ops, each a loop nest or a BLAS call")
     << "; large inputs, then at most for any input):\n";
  const char *unit = kernels ? "kernel" : "loop nest";
  auto plural = [](unsigned n, StringRef word) {
    return std::to_string(n) + " " + word.str() + (n == 1 ? "" : "s");
  };
  for (auto fn : module.getOps<func::FuncOp>()) {
    if (!arrayc::isExportedFunction(fn) && fn.getSymName() != arrayc::kMainSymbol)
      continue;
    auto likely = arrayc::countKernels(fn.getBody(), module, arrayc::CountPath::Likely);
    auto most = arrayc::countKernels(fn.getBody(), module, arrayc::CountPath::Costliest);
    os << "  " << arrayc::userFunctionName(fn.getSymName()) << ": "
       << plural(likely.kernels, unit);
    if (likely.libraryCalls)
      os << ", " << plural(likely.libraryCalls, "library call");
    if (likely.repeated)
      os << " (some once per loop iteration)";
    if (most.kernels != likely.kernels || most.libraryCalls != likely.libraryCalls)
      os << "; at most " << plural(most.kernels, unit) << ", "
         << plural(most.libraryCalls, "library call");
    os << "\n";
  }
}

/// `arrayc cache info|clear`.
int cacheCommand(int argc, char **argv) {
  llvm::StringRef what = argc > 2 ? llvm::StringRef(argv[2]) : "";
  if (argc != 3 || (what != "info" && what != "clear"))
    return fail("usage: arrayc cache info|clear (the compile cache of `arrayc run` and "
                "libarrayc; ARRAYC_CACHE_DIR overrides where it is)");
  arrayc::compiler::CacheSettings settings = arrayc::compiler::defaultCacheSettings();
  if (settings.dir.empty())
    return fail("no cache directory: set ARRAYC_CACHE_DIR, XDG_CACHE_HOME or HOME");
  arrayc::compiler::DiskCache cache(settings);
  if (what == "clear") {
    if (auto err = cache.clear())
      return failWith(std::move(err));
    llvm::outs() << "arrayc: cache " << settings.dir << " cleared\n";
    return 0;
  }
  auto info = cache.info();
  if (!info)
    return failWith(info.takeError());
  llvm::outs() << "directory: " << settings.dir << "\n"
               << "enabled: " << (settings.enabled ? "yes" : "no (ARRAYC_CACHE=0)") << "\n"
               << "entries: " << info->entries << "\n"
               << "size: " << info->bytes << " bytes\n"
               << "limit: " << settings.maxBytes << " bytes\n";
  return 0;
}

/// `arrayc run`: compile through the cache, link in memory, call main.
int runProgram(llvm::StringRef input, const arrayc::compiler::Options &options, bool verbose,
               const arrayc::compiler::Debug &debug) {
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(input, /*IsText=*/true);
  if (!file)
    return fail("cannot open '" + input + "': " + file.getError().message());
  auto artifact = arrayc::compiler::compileCached(
      (*file)->getBuffer(), input, arrayc::compiler::withJITDefaults(options), arrayc::compiler::defaultCacheSettings(),
      verbose ? &llvm::errs() : nullptr, nullptr, &debug);
  if (!artifact) {
    llvm::errs() << llvm::toString(artifact.takeError()) << "\n";
    return 1;
  }
  if (!(*artifact)->hasMain)
    return fail(input + ": no `def main():` to run; use --emit=obj for a library of its "
                        "functions");
  std::fflush(stdout);
  auto loaded = arrayc::jit::LoadedObject::load(
      (*artifact)->object, jitRuntimeLibs(options.cuda, /*mpi=*/!options.mesh.empty()));
  if (!loaded)
    return failWith(loaded.takeError());
  auto entry = reinterpret_cast<void (*)()>((*loaded)->lookup("arrayc_main"));
  if (!entry)
    return fail("internal error: the compiled program has no entry point");
  entry();
  std::fflush(stdout);
  return 0;
}

/// `arrayc --verify-diagnostics [--split-input-file]`: each part of the
/// source through the frontend and, unless `frontendOnly`, the pipeline down
/// to the kernels (cuda) or buffers (cpu); 0 when the diagnostics are exactly
/// those its `expected-*` comments name.
int checkDiagnostics(std::unique_ptr<llvm::MemoryBuffer> file, bool split, bool frontendOnly,
                     bool cuda, const arrayc::PipelineOptions &options,
                     const arrayc::compiler::Debug &debug) {
  auto check = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                   const llvm::MemoryBufferRef &, llvm::raw_ostream &) -> LogicalResult {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(chunk), llvm::SMLoc());
    DialectRegistry registry;
    arrayc::registerAllDialects(registry);
    MLIRContext context(registry);
    context.loadAllAvailableDialects();
    SourceMgrDiagnosticVerifierHandler handler(sourceMgr, &context);
    std::vector<arrayc::FunctionSignature> signatures;
    OwningOpRef<ModuleOp> module = arrayc::frontend::importArr(sourceMgr, context, &signatures);
    if (module && !frontendOnly) {
      PassManager pm(&context), unused(&context);
      arrayc::compiler::buildPipelines(pm, unused, cuda, options,
                                       arrayc::compiler::Stop::Kernels);
      if (debug.configure && failed(debug.configure(pm)))
        return failure();
      (void)pm.run(*module); // its diagnostics are what is checked
    }
    return handler.verify();
  };
  return failed(splitAndProcessBuffer(std::move(file), check, llvm::nulls(),
                                      split ? "# -----" : "", ""))
             ? 1
             : 0;
}

} // namespace

int arrayc::driver::main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  if (argc > 1 && llvm::StringRef(argv[1]) == "cache")
    return cacheCommand(argc, argv);
  // `arrayc launch -np N PROGRAM ...`: N ranks of a sharded cuda program.
  if (argc > 1 && llvm::StringRef(argv[1]) == "launch")
    return launchCommand(argc, argv);
  // `arrayc builtins`: every NumPy/Python name the frontend lowers
  // (docs/numpy-compatibility.md is generated from it).
  if (argc == 2 && llvm::StringRef(argv[1]) == "builtins") {
    arrayc::frontend::printBuiltins(llvm::outs());
    return 0;
  }

  static cl::OptionCategory category("arrayc options");
  static cl::opt<std::string> input(cl::Positional, cl::desc("<file.arr>"), cl::Required,
                                    cl::cat(category));
  static cl::opt<std::string> output("o", cl::desc("Output file (default: the input's "
                                                   "name without .arr, or stdout for --emit "
                                                   "of IR)"),
                                     cl::value_desc("file"), cl::cat(category));
  static cl::opt<Target> target(
      "target", cl::desc("Code generation target"), cl::init(Target::Auto),
      cl::values(clEnumValN(Target::CPU, "cpu", "host CPU loops"),
                 clEnumValN(Target::CUDA, "cuda", "NVIDIA GPU kernels (default when a GPU is usable)")),
      cl::cat(category));
  static cl::opt<Emit> emit(
      "emit", cl::desc("What to produce (default: an executable, or run for `arrayc run`)"),
      cl::init(Emit::Exe),
      cl::values(clEnumValN(Emit::NDArray, "ndarray", "ndarray dialect from the frontend"),
                 clEnumValN(Emit::Linalg, "linalg", "linalg on tensors, fused"),
                 clEnumValN(Emit::GPU, "gpu", "gpu dialect kernels, outlined (cuda)"),
                 clEnumValN(Emit::LLVM, "llvm", "LLVM IR of the host code"),
                 clEnumValN(Emit::PTX, "ptx", "PTX of the kernels (cuda)"),
                 clEnumValN(Emit::Obj, "obj", "an object file"),
                 clEnumValN(Emit::Exe, "exe", "an executable (needs `def main():`)")),
      cl::cat(category));
  static cl::opt<std::string> gpuArch("gpu-arch",
                                      cl::desc("CUDA chip (default: the GPU's, else sm_90)"),
                                      cl::cat(category));
  static cl::opt<std::string> gpuFormat(
      "gpu-format",
      cl::desc("cuda kernels as isa (PTX, compiled by the driver at load: the default "
               "without ptxas), bin (cubin: the default of `arrayc run` when ptxas is found) "
               "or fatbin (cubin + PTX: the default ahead of time when ptxas is found)"),
      cl::value_desc("isa|bin|fatbin"), cl::cat(category));
  static cl::opt<bool> noFusion("no-fusion", cl::desc("One kernel/loop nest per operation"),
                                cl::cat(category));
  static cl::opt<bool> noBlas("no-blas",
                              cl::desc("Matrix products as loops (CPU) or kernels (cuda), not OpenBLAS/cuBLAS GEMM"),
                              cl::cat(category));
  static cl::opt<bool> tf32("tf32",
                            cl::desc("cuda: f32 matrix products on the TF32 tensor cores (as "
                                     "CuPy's CUPY_TF32=1, PyTorch's allow_tf32)"),
                            cl::cat(category));
  static cl::opt<bool> fp16("fp16",
                            cl::desc("Mixed precision: f32 matrix products on f16 operands "
                                     "(f32 accumulation) and f32 intermediates stored in f16; "
                                     "arguments, results and reductions stay f32"),
                            cl::cat(category));
  static cl::opt<bool> bf16("bf16", cl::desc("As --fp16, with bf16 (f32's range, 8-bit mantissa)"),
                            cl::cat(category));
  static cl::opt<std::string> mesh(
      "mesh",
      cl::desc("Sharded functions (with --shard): the processes the program runs on, "
               "along each mesh axis (4, 2x2; their product: `mpirun -np` on cpu, "
               "`arrayc launch -np`, one per GPU, on cuda); docs/distributed.md"),
      cl::value_desc("N[xM...]"), cl::cat(category));
  static cl::list<std::string> shardSpecs(
      "shard",
      cl::desc("With --mesh: argument ARG (from 0) of function FUNC split along its "
               "dimension DIM over mesh axis AXIS (default 0); repeatable"),
      cl::value_desc("FUNC:ARG=DIM[/AXIS]"), cl::cat(category));
  static cl::opt<bool> noGraphs("no-graphs",
                                cl::desc("cuda: launch every kernel at once, never replaying a "
                                         "function's recurring kernels as a CUDA graph"),
                                cl::cat(category));
  static cl::opt<unsigned> optLevel("O", cl::desc("LLVM optimization level"), cl::init(2),
                                    cl::Prefix, cl::cat(category));
  static cl::opt<bool> shared("shared",
                              cl::desc("Build a shared library of the exported functions "
                                       "(default lib<name>.so) and its C header"),
                              cl::cat(category));
  static cl::opt<std::string> header("header",
                                     cl::desc("With --shared: where to write the C header "
                                              "(default: the library's name with .h)"),
                                     cl::value_desc("file"), cl::cat(category));
  static cl::opt<bool> verbose("verbose", cl::desc("Print the stages and tools used"),
                               cl::cat(category));
  static cl::opt<bool> stats("kernel-stats",
                             cl::desc("Print the kernels (cuda) or loop nests (cpu) and library "
                                      "calls each function runs per call, to stderr"),
                             cl::cat(category));

  static cl::opt<bool> verifyDiagnostics(
      "verify-diagnostics",
      cl::desc("Check that the errors and warnings of the source are those its "
               "`# expected-error {{...}}` comments name (as mlir-opt's)"),
      cl::cat(category));
  static cl::opt<bool> splitInputFile(
      "split-input-file",
      cl::desc("Compile each part of the source between `# -----` lines on its own"),
      cl::cat(category));

  // MLIR's context, printing, pass-manager and timing flags (--mlir-timing,
  // --mlir-print-ir-after-all, --mlir-disable-threading, ...) work, for
  // `arrayc run` too, but stay out of --help (docs/environment.md lists them).
  arrayc::registerAllPasses(); // pass names for --mlir-print-ir-after=...
  mlir::registerMLIRContextCLOptions();
  mlir::registerAsmPrinterCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  cl::HideUnrelatedOptions(category);

  // `arrayc run FILE` is `arrayc FILE` that JIT-runs instead of writing;
  // `run` is the first argument that is neither an option nor its value.
  std::vector<char *> args(argv, argv + argc);
  bool runMode = false;
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (arg == "--")
      break;
    if (!arg.starts_with("-") || arg == "-") {
      if ((runMode = arg == "run"))
        args.erase(args.begin() + i);
      break;
    }
    llvm::StringRef name = arg.ltrim('-');
    if (name.contains('='))
      continue;
    auto &registered = cl::getRegisteredOptions();
    auto it = registered.find(name);
    if (it != registered.end() && it->second->getValueExpectedFlag() == cl::ValueRequired)
      ++i; // `-o run`: the option's value
  }
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "arrayc " << ARRAYC_VERSION << " (MLIR/LLVM " << LLVM_VERSION_STRING
       << "; targets: cpu" << (cudaTargetBuilt() ? ", cuda" : "") << ")\n";
  });
  cl::ParseCommandLineOptions(static_cast<int>(args.size()), args.data(),
                              "arrayc: compile NumPy-style .arr programs for CPUs and "
                              "NVIDIA GPUs\n\n"
                              "  arrayc prog.arr -o prog     ahead of time: an executable\n"
                              "  arrayc run prog.arr         JIT: compile and run now\n"
                              "  arrayc --emit=ptx prog.arr  print a stage\n");

  // MLIR's flags for every pass manager of this compile, timing in one tree
  // printed at exit.
  bool mlirFlags = llvm::any_of(cl::getRegisteredOptions(), [](const auto &entry) {
    return entry.first.starts_with("mlir-") && entry.second->getNumOccurrences();
  });
  DefaultTimingManager timing;
  applyDefaultTimingManagerCLOptions(timing);
  TimingScope rootTiming = timing.getRootScope();
  arrayc::compiler::Debug debug;
  if (mlirFlags)
    debug.configure = [&](PassManager &pm) -> LogicalResult {
      if (failed(applyPassManagerCLOptions(pm)))
        return failure();
      if (timing.isEnabled())
        pm.enableTiming(rootTiming);
      return success();
    };

  // Target and GPU architecture.
  std::optional<std::string> deviceArch = usableGPUArch();
  bool cuda = target == Target::CUDA || (target == Target::Auto && deviceArch.has_value());
  if (cuda && !cudaTargetBuilt())
    return fail("this arrayc was built without CUDA: only --target=cpu is available");
  if (!cuda && (emit == Emit::GPU || emit == Emit::PTX))
    return fail("--emit=gpu and --emit=ptx need --target=cuda");
  if (!cuda && tf32)
    return fail("--tf32 needs --target=cuda (the CPU has no TF32 arithmetic)");

  if (fp16 && bf16)
    return fail("--fp16 and --bf16 exclude each other");
  arrayc::compiler::Options compileOptions;
  compileOptions.cuda = cuda;
  compileOptions.gpuArch = !gpuArch.empty() ? gpuArch.getValue()
                                            : deviceArch.value_or(std::string("sm_90"));
  compileOptions.optLevel = optLevel;
  compileOptions.fusion = !noFusion;
  compileOptions.blas = !noBlas;
  compileOptions.tf32 = tf32;
  compileOptions.graphs = !noGraphs;
  compileOptions.precision = fp16 ? "f16" : bf16 ? "bf16" : "";
  compileOptions.gpuFormat = gpuFormat;
  if (runMode) {
    compileOptions = arrayc::compiler::withJITDefaults(compileOptions);
    compileOptions.typeLoadsFromFiles = true;
  }
  auto pipelineOrError = arrayc::compiler::pipelineOptions(compileOptions);
  if (!pipelineOrError)
    return failWith(pipelineOrError.takeError());
  arrayc::PipelineOptions &pipelineOptions = **pipelineOrError;
  std::string ptxas = findPtxas(pipelineOptions.cudaToolkit);
  if (emit == Emit::PTX)
    pipelineOptions.gpuFormat = "isa";
  if (verbose)
    llvm::errs() << "arrayc: target " << (cuda ? "cuda " + pipelineOptions.gpuArch : "cpu")
                 << (cuda ? ", kernels as " + pipelineOptions.gpuFormat.getValue() : "")
                 << (ptxas.empty() ? "" : ", ptxas " + ptxas) << "\n";
  if (!mesh.empty() || !shardSpecs.empty()) {
    // Sharded functions (docs/distributed.md): executables started by mpirun
    // (cpu) or `arrayc launch` (cuda, NCCL); the option syntax is checked
    // here, the names by the pass (arrayc-shard-functions).
    std::string error;
    if (mesh.empty() || shardSpecs.empty())
      return fail("--mesh and --shard go together: a mesh, and the function arguments "
                  "split over it");
    if (!arrayc::parseMesh(mesh, error))
      return fail("--mesh: " + error);
    for (const std::string &spec : shardSpecs)
      if (!arrayc::parseShardSpec(spec, error))
        return fail("--shard: " + error);
    // A library on the cpu target links the MPI collectives; its host
    // program runs under mpirun and joins the job at the first collective.
    // On cuda a library's first device buffers would come before the join
    // picks each rank's GPU.
    if (shared && cuda)
      return fail("--mesh: --shared libraries take a mesh on the cpu target only yet: on "
                  "cuda build an executable (-o) or use `arrayc run`, started with "
                  "`arrayc launch`");
    // cuda: the NCCL runtime (libarrayc_runtime_nccl, built with the cuda
    // target; NCCL itself is loaded at run time), one process per GPU.
    if (runMode && !cuda && !arrayc::toolchain::mpiRuntimeBuilt())
      return fail("--mesh: this arrayc was built without MPI (libopenmpi-dev): no runtime "
                  "for sharded programs on the cpu target");
    compileOptions.mesh = mesh.getValue();
    compileOptions.shard = std::vector<std::string>(shardSpecs.begin(), shardSpecs.end());
    compileOptions.shardVerbose = verbose.getValue();
    pipelineOptions.mesh = mesh.getValue();
    pipelineOptions.shard = std::vector<std::string>(shardSpecs.begin(), shardSpecs.end());
    pipelineOptions.shardVerbose = verbose.getValue();
  }
  if (verifyDiagnostics && runMode)
    return fail("--verify-diagnostics checks a compile: it does not combine with `run`");
  if (splitInputFile && !verifyDiagnostics)
    return fail("--split-input-file needs --verify-diagnostics");
  if (runMode && !stats)
    return runProgram(input, compileOptions, verbose, debug);

  // Source.
  std::string error;
  auto file = openInputFile(input, &error);
  if (!file)
    return fail(error);
  if (verifyDiagnostics)
    return checkDiagnostics(std::move(file), splitInputFile, emit == Emit::NDArray, cuda,
                            pipelineOptions, debug);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());

  DialectRegistry registry;
  arrayc::registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  std::vector<arrayc::FunctionSignature> signatures;
  OwningOpRef<ModuleOp> module = arrayc::frontend::importArr(sourceMgr, context, &signatures,
                                                                 {runMode});
  if (!module)
    return 1;

  if (shared && (runMode || emit != Emit::Exe))
    return fail("--shared builds a library: it does not combine with `run` or --emit");
  if (!shared && !header.empty())
    return fail("--header needs --shared");
  bool hasMain = module->lookupSymbol("arrayc_main") != nullptr;
  if (!shared && (runMode || emit == Emit::Exe) && !hasMain)
    return fail(input + ": no `def main():` to " + (runMode ? "run" : "build an executable from") +
                "; use --emit=obj for a library of its functions");

  std::string outPath = output;
  if (outPath.empty()) {
    if (emit == Emit::Exe || emit == Emit::Obj) {
      llvm::SmallString<256> stem(llvm::sys::path::filename(input.getValue()));
      llvm::sys::path::replace_extension(stem, emit == Emit::Obj ? ".o" : shared ? ".so" : "");
      outPath = (shared ? "lib" : "") + std::string(stem);
    } else {
      outPath = "-";
    }
  }
  auto printModule = [&] {
    return writeOutput(outPath, [&](llvm::raw_ostream &os) { module->print(os); });
  };
  if (!runMode && emit == Emit::NDArray)
    return printModule();

  // Two runs: up to the kernels (cuda) or buffers (cpu), where --stats
  // counts, then the lowering.
  PassManager pm(&context), lowering(&context);
  if (debug.configure && (failed(debug.configure(pm)) || failed(debug.configure(lowering))))
    return fail("bad pass manager options");
  bool stopAtLinalg = !runMode && emit == Emit::Linalg;
  arrayc::compiler::buildPipelines(pm, lowering, cuda, pipelineOptions,
                                   stopAtLinalg ? arrayc::compiler::Stop::Linalg
                                   : !runMode && emit == Emit::GPU
                                       ? arrayc::compiler::Stop::Kernels
                                       : arrayc::compiler::Stop::LLVM);
  if (verbose) {
    llvm::errs() << "arrayc: pipeline: ";
    pm.printAsTextualPipeline(llvm::errs());
    if (!lowering.empty()) {
      llvm::errs() << ",";
      lowering.printAsTextualPipeline(llvm::errs());
    }
    llvm::errs() << "\n";
  }
  auto internalError = [&] {
    return fail("compilation of '" + input +
                "' failed (internal error: please report it with the source)");
  };
  if (failed(pm.run(*module)))
    return internalError();
  if (stats)
    printStats(*module, cuda && !stopAtLinalg, stopAtLinalg);
  // `arrayc run --kernel-stats`: the counts came from this compile; the
  // program runs through the cache as without them.
  if (runMode)
    return runProgram(input, compileOptions, verbose, debug);
  if (failed(lowering.run(*module)))
    return internalError();
  switch (emit) {
  case Emit::NDArray:
  case Emit::Linalg:
  case Emit::GPU:
    return printModule();
  case Emit::PTX:
    return writeOutput(outPath, [&](llvm::raw_ostream &os) {
      module->walk([&](gpu::BinaryOp binary) {
        for (Attribute attr : binary.getObjects())
          if (auto object = dyn_cast<gpu::ObjectAttr>(attr))
            os << "// kernel module " << binary.getName() << " for " << object.getTarget()
               << "\n"
               << object.getObject().getValue() << "\n";
      });
    });
  case Emit::LLVM: {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (auto err = arrayc::jit::emitLLVMIR(*module, signatures, os, optLevel))
      return failWith(std::move(err));
    return writeOutput(outPath, [&](llvm::raw_ostream &out) { out << text; });
  }
  case Emit::Obj: {
    llvm::Error err = llvm::Error::success();
    if (int rc = writeOutput(outPath, [&](llvm::raw_pwrite_stream &os) {
          err = arrayc::jit::emitObject(*module, signatures, os, optLevel);
        }))
      return rc;
    if (err) { // writeOutput has renamed the file: remove it
      llvm::sys::fs::remove(outPath);
      return failWith(std::move(err));
    }
    return 0;
  }
  case Emit::Exe: {
    llvm::SmallString<256> tempDir;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, tempDir);
    sweepStaleTemporaries(tempDir);
    auto object = TempFile::inTempDir("arrayc", ".o");
    if (!object)
      return failWith(object.takeError());
    if (auto err = arrayc::jit::emitObject(*module, signatures, object->os(), optLevel))
      return failWith(std::move(err));
    if (auto err = object->close())
      return failWith(std::move(err));
    if (!shared) {
      if (auto err = linkExecutable(object->path(), outPath, cuda, !mesh.empty()))
        return failWith(std::move(err));
      return 0;
    }
    std::string headerPath = header;
    if (headerPath.empty()) {
      llvm::SmallString<256> h(outPath);
      llvm::sys::path::replace_extension(h, ".h");
      headerPath = std::string(h);
    }
    if (auto err = linkSharedLibrary(object->path(), outPath, cuda, !mesh.empty()))
      return failWith(std::move(err));
    std::string text = arrayc::compiler::cHeader(signatures, input, outPath, cuda);
    if (int rc = writeOutput(headerPath, [&](llvm::raw_ostream &os) { os << text; })) {
      llvm::sys::fs::remove(outPath); // both or neither
      return rc;
    }
    return 0;
  }
  }
  return 0;
}
