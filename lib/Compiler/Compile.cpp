//===- Compile.cpp - source to a loadable artifact ------------------------===//
#include "Compiler/Compile.h"

#include "Compiler/Toolchain.h"
#include "Frontend/Frontend.h"
#include "JIT/JIT.h"
#include "Pipelines/InitAll.h"
#include "arrayc_rt/dtypes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"

#include <chrono>
#include <mutex>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

using namespace mlir;
using namespace arrayc;

llvm::Expected<std::unique_ptr<PipelineOptions>>
compiler::pipelineOptions(const Options &options) {
  if (options.cuda && !toolchain::cudaTargetBuilt())
    return llvm::createStringError("this arrayc was built without CUDA: only the cpu "
                                   "target is available");
  if (!options.cuda && options.tf32)
    return llvm::createStringError("tf32 needs the cuda target (the CPU has no TF32 "
                                   "arithmetic)");
  if (!options.precision.empty() && options.precision != "f16" && options.precision != "bf16")
    return llvm::createStringError("precision must be \"\", \"f16\" or \"bf16\", not \"%s\"",
                                   options.precision.c_str());
  auto p = std::make_unique<PipelineOptions>();
  p->mesh = options.mesh;
  p->shard = options.shard;
  p->shardVerbose = options.shardVerbose;
  p->precision = options.precision;
  p->fusion = options.fusion;
  p->blas = options.blas;
  p->tf32 = options.tf32;
  p->graphs = options.graphs;
  p->recompute = options.cuda;
  p->gpuLibraries = options.cuda;
  p->gpuArch = options.gpuArch;
  p->cudaToolkit = defaultCudaToolkit().str();
  bool ptxas = !toolchain::findPtxas(p->cudaToolkit).empty();
  if (options.gpuFormat.empty())
    p->gpuFormat = ptxas ? "fatbin" : "isa";
  else if (options.gpuFormat != "isa" && options.gpuFormat != "bin" &&
           options.gpuFormat != "fatbin")
    return llvm::createStringError("the GPU kernel format must be isa (PTX), bin (cubin) or "
                                   "fatbin (cubin + PTX), not \"%s\"",
                                   options.gpuFormat.c_str());
  else if (options.gpuFormat != "isa" && !ptxas)
    return llvm::createStringError("GPU kernel format %s needs ptxas (CUDA toolkit) and "
                                   "none was found",
                                   options.gpuFormat.c_str());
  else
    p->gpuFormat = options.gpuFormat;
  return p;
}

compiler::Options compiler::withJITDefaults(Options options) {
  // Cubins when ptxas is there: ptxas runs on the compile's threads, where
  // PTX left the driver to compile every kernel at module load, one module
  // after another (H100, bench/compile/apps.py: first calls median 1.50 ->
  // 0.79 s, worst 3.8 -> 1.6 s).
  if (options.cuda && options.gpuFormat.empty())
    options.gpuFormat = toolchain::findPtxas(defaultCudaToolkit()).empty() ? "isa" : "bin";
  return options;
}

std::vector<compiler::Stage> compiler::pipelineStages(bool cuda, Stop stop) {
  std::vector<Stage> stages{{"linalg", buildLinalgPipeline, false}};
  if (stop == Stop::Linalg)
    return stages;
  stages.push_back({"buffers", buildBufferizePipeline, false});
  if (cuda)
    stages.push_back({"kernels", buildGPUKernelPipeline, false});
  if (stop == Stop::Kernels && cuda)
    return stages;
  stages.push_back(
      {"llvm", cuda ? buildCUDALoweringPipeline : buildCPULoweringPipeline, true});
  return stages;
}

void compiler::buildPipelines(PassManager &pm, PassManager &lowering, bool cuda,
                              const PipelineOptions &options, Stop stop) {
  for (const Stage &stage : pipelineStages(cuda, stop))
    stage.build(stage.lowering ? lowering : pm, options);
}

std::string compiler::dumpDirectory(const Debug *debug) {
  if (debug && !debug->dumpDir.empty())
    return debug->dumpDir;
  const char *env = std::getenv("ARRAYC_DUMP_DIR");
  return env ? env : "";
}

namespace {
/// The files of one compile under a dump directory (Compile.h, `compile`).
class StageDump {
public:
  /// A dump into `root` (""): none) for the compile of `source` as `name`.
  static llvm::Expected<StageDump> open(llvm::StringRef root, llvm::StringRef source,
                                        llvm::StringRef name, const compiler::Options &options) {
    StageDump dump;
    if (root.empty())
      return dump;
    std::string key = (source + llvm::Twine('\0') + name + llvm::Twine('\0') +
                       options.gpuArch + options.precision + options.gpuFormat +
                       llvm::Twine(options.optLevel) + llvm::Twine(options.fusion) +
                       llvm::Twine(options.blas) + llvm::Twine(options.tf32) +
                       llvm::Twine(options.graphs) + options.mesh +
                       llvm::join(options.shard, ","))
                          .str();
    llvm::SmallString<256> dir(root);
    llvm::StringRef stem = llvm::sys::path::stem(name);
    llvm::sys::path::append(dir, (stem.empty() ? llvm::StringRef("source") : stem) + "-" +
                                     (options.cuda ? "cuda" : "cpu") + "-" +
                                     llvm::utohexstr(llvm::xxh3_64bits(key), /*LowerCase=*/true));
    if (std::error_code ec = llvm::sys::fs::create_directories(dir))
      return llvm::createStringError(ec, "ARRAYC_DUMP_DIR: cannot create '%s': %s",
                                     dir.c_str(), ec.message().c_str());
    dump.dir = std::string(dir);
    return dump;
  }

  explicit operator bool() const { return !dir.empty(); }

  /// Writes `file` whole (through a temporary) with `fn`.
  llvm::Error write(const llvm::Twine &file, llvm::function_ref<void(llvm::raw_ostream &)> fn) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, file);
    return llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
      fn(os);
      return llvm::Error::success();
    });
  }

  /// The module as the next numbered stage file `<n>-<stage>.mlir`.
  llvm::Error module(ModuleOp module, llvm::StringRef stage) {
    return write(llvm::Twine(next++) + "-" + stage + ".mlir",
                 [&](llvm::raw_ostream &os) { module->print(os); });
  }

  /// The cuda kernels of `module` (gpu.binary objects) as they are loaded.
  llvm::Error kernels(ModuleOp module, llvm::StringRef format) {
    llvm::Error err = llvm::Error::success();
    unsigned n = next++;
    module->walk([&](gpu::BinaryOp binary) {
      for (Attribute attr : binary.getObjects())
        if (auto object = dyn_cast<gpu::ObjectAttr>(attr); object && !err)
          err = write(llvm::Twine(n) + "-" + binary.getName() + "." +
                          (format == "isa" ? "ptx" : format == "bin" ? "cubin" : "fatbin"),
                      [&](llvm::raw_ostream &os) { os << object.getObject().getValue(); });
    });
    return err;
  }

  unsigned next = 0;
  std::string dir;
};
} // namespace

/// The threads every compile of the process shares (made on first use,
/// leaked: they may still be parked at exit). A process forked after a
/// compile (Python's multiprocessing) has the pool but not its threads: it
/// makes its own.
static llvm::ThreadPoolInterface &compilePool() {
  static std::mutex mutex;
  static llvm::ThreadPoolInterface *pool = nullptr;
  static ::pid_t owner = 0;
  std::lock_guard<std::mutex> lock(mutex);
  if (!pool || owner != ::getpid()) {
    pool = new llvm::DefaultThreadPool(llvm::hardware_concurrency());
    owner = ::getpid();
  }
  return *pool;
}

llvm::Expected<std::unique_ptr<compiler::Artifact>>
compiler::compile(llvm::StringRef source, llvm::StringRef name, const Options &options,
                  const Debug *debug) {
  auto pipeline = pipelineOptions(options);
  if (!pipeline)
    return pipeline.takeError();
  auto dump = StageDump::open(dumpDirectory(debug), source, name, options);
  if (!dump)
    return dump.takeError();
  if (*dump)
    if (auto err = dump->write("0-source.arr", [&](llvm::raw_ostream &os) { os << source; }))
      return err;
  dump->next = 1;
  auto last = std::chrono::steady_clock::now();
  std::string phases;
  auto phase = [&](const char *name) {
    auto now = std::chrono::steady_clock::now();
    phases += (phases.empty() ? "" : ", ") + std::string(name) + " " +
              std::to_string(static_cast<int>(
                  std::chrono::duration<double, std::milli>(now - last).count() + 0.5));
    last = now;
  };

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, name),
                               llvm::SMLoc());
  DialectRegistry registry;
  registerAllDialects(registry);
  // No thread pool per compile (hosts compile from many threads), but one
  // pool for every compile of the process: the passes on each gpu.module and
  // func.func, and the kernels' NVPTX code generation
  // (arrayc-serialize-gpu-modules), run on it. Serial, k-means' kernels took
  // 1.9 s of its 3.2 s compile on the build machine.
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.setThreadPool(compilePool());
  // Dialects load as the frontend and the passes need them (loading all of
  // them costs ~8 ms per compile).
  std::string diagnostics;
  llvm::raw_string_ostream diagOS(diagnostics);
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagOS);
  phase("context");

  auto artifact = std::make_unique<Artifact>();
  OwningOpRef<ModuleOp> module =
      frontend::importArr(sourceMgr, context, &artifact->functions,
                          {options.typeLoadsFromFiles, &artifact->filesTyped});
  auto failure = [&](llvm::StringRef fallback) {
    std::string text = diagnostics.empty() ? fallback.str() : diagnostics;
    while (!text.empty() && text.back() == '\n')
      text.pop_back();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), text);
  };
  if (!module)
    return failure(name.str() + ": compilation failed");
  artifact->hasMain = module->lookupSymbol("arrayc_main") != nullptr;
  phase("frontend");

  auto passFailure = [&] {
    return failure("compilation of '" + name.str() +
                   "' failed (internal error: please report it with the source)");
  };
  auto configure = [&](PassManager &pm) {
    return debug && debug->configure ? debug->configure(pm) : success();
  };
  if (*dump) {
    // One pass manager per stage, each stage's module written after it.
    if (auto err = dump->module(*module, "ndarray"))
      return err;
    for (const Stage &stage : pipelineStages(options.cuda, Stop::LLVM)) {
      PassManager pm(&context);
      stage.build(pm, **pipeline);
      if (failed(configure(pm)))
        return llvm::createStringError("bad pass manager options");
      if (failed(pm.run(*module)))
        return passFailure();
      if (auto err = dump->module(*module, stage.name))
        return err;
    }
    if (auto err = dump->write(llvm::Twine(dump->next++) + "-host.ll", [&](llvm::raw_ostream &os) {
          if (auto err = jit::emitLLVMIR(*module, artifact->functions, os, options.optLevel))
            os << "; " << llvm::toString(std::move(err)) << "\n";
        }))
      return err;
    if (options.cuda)
      if (auto err = dump->kernels(*module, (*pipeline)->gpuFormat.getValue()))
        return err;
  } else {
    PassManager pm(&context), lowering(&context);
    buildPipelines(pm, lowering, options.cuda, **pipeline, Stop::LLVM);
    if (failed(configure(pm)) || failed(configure(lowering)))
      return llvm::createStringError("bad pass manager options");
    if (failed(pm.run(*module)) || failed(lowering.run(*module)))
      return passFailure();
  }
  phase("passes");
  auto object = jit::compileToObject(*module, artifact->functions, options.optLevel);
  if (!object)
    return object.takeError();
  artifact->object = std::move(*object);
  phase("llvm");
  artifact->phases = phases + " ms";
  return artifact;
}

//===----------------------------------------------------------------------===//
// Serialization: little-endian fixed-width integers and length-prefixed
// strings; every read is bounds-checked. The payload starts with its format
// version: an entry written in another layout is unreadable (recompiled),
// never misread.
//===----------------------------------------------------------------------===//

namespace {
/// "arrayc" and the layout's number (2: a parameter's `written` flag after
/// its dimensions). The layout before had no version word and began with the
/// function count, which is far below this value.
constexpr uint64_t kFormatVersion = 0x6172726179630000ull | 2;

struct Writer {
  std::string out;
  void u64(uint64_t v) { out.append(reinterpret_cast<const char *>(&v), 8); }
  void str(llvm::StringRef s) {
    u64(s.size());
    out.append(s.data(), s.size());
  }
  void value(const ValueSignature &v) {
    str(v.name);
    u64(static_cast<uint64_t>(v.dtype));
    u64(v.dims.size());
    for (size_t i = 0; i < v.dims.size(); ++i) {
      u64(static_cast<uint64_t>(v.dims[i]));
      str(v.names[i]);
    }
    u64(v.written);
  }
};

struct Reader {
  llvm::StringRef in;
  bool ok = true;
  uint64_t u64() {
    uint64_t v = 0;
    if (in.size() < 8) {
      ok = false;
      return 0;
    }
    std::memcpy(&v, in.data(), 8);
    in = in.drop_front(8);
    return v;
  }
  std::string str() {
    uint64_t n = u64();
    if (!ok || n > in.size()) {
      ok = false;
      return {};
    }
    std::string s = in.take_front(n).str();
    in = in.drop_front(n);
    return s;
  }
  /// A count, bounded so a damaged length cannot allocate gigabytes.
  uint64_t count() {
    uint64_t n = u64();
    if (n > in.size())
      ok = false;
    return ok ? n : 0;
  }
  ValueSignature value() {
    ValueSignature v;
    v.name = str();
    uint64_t dtype = u64();
    // A damaged entry's dtype would index the dtype table out of bounds.
    if (dtype >= ARRAYC_RT_NUM_DTYPES)
      ok = false;
    v.dtype = static_cast<int32_t>(dtype);
    uint64_t rank = count();
    for (uint64_t i = 0; ok && i < rank; ++i) {
      v.dims.push_back(static_cast<int64_t>(u64()));
      v.names.push_back(str());
    }
    uint64_t written = u64();
    if (written > 1)
      ok = false;
    v.written = written != 0;
    return v;
  }
};
} // namespace

std::string compiler::serialize(const Artifact &artifact) {
  Writer w;
  w.u64(kFormatVersion);
  w.u64(artifact.functions.size());
  for (const FunctionSignature &fn : artifact.functions) {
    w.str(fn.name);
    w.u64(fn.params.size());
    for (const ValueSignature &v : fn.params)
      w.value(v);
    w.u64(fn.results.size());
    for (const ValueSignature &v : fn.results)
      w.value(v);
  }
  w.u64(artifact.hasMain);
  w.str(artifact.object);
  return std::move(w.out);
}

bool compiler::deserialize(llvm::StringRef bytes, Artifact &artifact) {
  Reader r{bytes};
  if (r.u64() != kFormatVersion)
    return false;
  uint64_t n = r.count();
  for (uint64_t i = 0; r.ok && i < n; ++i) {
    FunctionSignature fn;
    fn.name = r.str();
    uint64_t params = r.count();
    for (uint64_t j = 0; r.ok && j < params; ++j)
      fn.params.push_back(r.value());
    uint64_t results = r.count();
    for (uint64_t j = 0; r.ok && j < results; ++j)
      fn.results.push_back(r.value());
    artifact.functions.push_back(std::move(fn));
  }
  artifact.hasMain = r.u64() != 0;
  artifact.object = r.str();
  return r.ok && r.in.empty();
}
