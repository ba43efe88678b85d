//===- Toolchain.cpp - what arrayc finds on the machine -------------------===//
#include "Compiler/Toolchain.h"
#include "Compiler/TempFiles.h"
#include "JIT/VectorMath.h"



#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <dlfcn.h>

using namespace llvm;

bool arrayc::toolchain::cudaTargetBuilt() {
#ifdef ARRAYC_ENABLE_CUDA
  return true;
#else
  return false;
#endif
}

std::optional<std::string> arrayc::toolchain::usableGPUArch() {
  if (!cudaTargetBuilt())
    return std::nullopt;
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return std::nullopt;
  using InitFn = int (*)(unsigned);
  using CountFn = int (*)(int *);
  using AttrFn = int (*)(int *, int, int);
  auto init = reinterpret_cast<InitFn>(dlsym(lib, "cuInit"));
  auto count = reinterpret_cast<CountFn>(dlsym(lib, "cuDeviceGetCount"));
  auto attr = reinterpret_cast<AttrFn>(dlsym(lib, "cuDeviceGetAttribute"));
  int n = 0, major = 0, minor = 0;
  // 75/76: CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR/MINOR.
  if (!init || !count || !attr || init(0) != 0 || count(&n) != 0 || n <= 0 ||
      attr(&major, 75, 0) != 0 || attr(&minor, 76, 0) != 0)
    return std::nullopt;
  return "sm_" + std::to_string(major) + std::to_string(minor);
}

std::string arrayc::toolchain::findPtxas(StringRef toolkit) {
  if (!toolkit.empty()) {
    SmallString<256> p(toolkit);
    sys::path::append(p, "bin", "ptxas");
    if (sys::fs::can_execute(p))
      return std::string(p);
  }
  if (auto p = sys::findProgramByName("ptxas"))
    return *p;
  return "";
}

static bool hasRuntime(StringRef dir) {
  SmallString<256> p(dir);
  sys::path::append(p, "libarrayc_runtime.a");
  return sys::fs::exists(p);
}

std::string arrayc::toolchain::thisBinary() {
  // The file holding this code: the arrayc executable, or libarrayc.so in a
  // host program.
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&arrayc::toolchain::thisBinary), &info) &&
      info.dli_fname)
    return info.dli_fname;
  static int anchor;
  return sys::fs::getMainExecutable(nullptr, &anchor);
}

std::string arrayc::toolchain::runtimeLibDir() {
  if (const char *env = std::getenv("ARRAYC_RUNTIME_DIR"); env && *env)
    return env;
  // bin/arrayc -> ../lib; lib/libarrayc.so -> lib.
  SmallString<256> binary(thisBinary());
  sys::fs::make_absolute(binary);
  SmallString<256> dir(sys::path::parent_path(binary));
  if (hasRuntime(dir))
    return std::string(dir);
  dir = sys::path::parent_path(dir);
  sys::path::append(dir, "lib");
  if (hasRuntime(dir))
    return std::string(dir);
  return ARRAYC_BUILD_LIB_DIR;
}

std::vector<std::string> arrayc::toolchain::jitRuntimeLibs(bool cuda, bool mpi) {
  std::string dir = runtimeLibDir();
  // libmvec: the vectorized loops' math functions (JIT/VectorMath.h).
  std::vector<std::string> libs{dir + "/libarrayc_runtime.so", jit::kVectorMathLibrary};
  if (cuda)
    libs.push_back(dir + "/libarrayc_runtime_cuda.so");
  // A mesh: the collectives over NCCL between GPUs (cuda), over MPI (cpu).
  if (mpi)
    libs.push_back(dir + (cuda ? "/libarrayc_runtime_nccl.so" : "/libarrayc_runtime_mpi.so"));
  return libs;
}

Error arrayc::toolchain::linkExecutable(StringRef object, StringRef output, bool cuda,
                                        bool mpi) {
  return link(object, output, cuda, /*shared=*/false, mpi);
}

bool arrayc::toolchain::mpiRuntimeBuilt() { return *ARRAYC_RT_MPI_LINK_LIBRARIES != 0; }

Error arrayc::toolchain::linkSharedLibrary(StringRef object, StringRef output, bool cuda,
                                           bool mpi) {
  return link(object, output, cuda, /*shared=*/true, mpi);
}

Error arrayc::toolchain::link(StringRef object, StringRef output, bool cuda, bool shared,
                              bool mpi) {
  // A mesh on cuda links the NCCL collectives (libarrayc_runtime_nccl.a,
  // built with the cuda target; NCCL is dlopen'ed at run time), not MPI.
  bool nccl = mpi && cuda;
  if (nccl)
    mpi = false;
  if (mpi && !mpiRuntimeBuilt())
    return createStringError("this arrayc was built without MPI (libopenmpi-dev): sharded "
                             "programs (--mesh) cannot be linked");
  auto cxx = *ARRAYC_AOT_LINKER ? sys::findProgramByName(ARRAYC_AOT_LINKER)
                                : sys::findProgramByName("c++");
  if (!cxx && !*ARRAYC_AOT_LINKER)
    cxx = sys::findProgramByName("g++");
  if (!cxx)
    return createStringError("no C++ linker (%s) on PATH to link the executable",
                             *ARRAYC_AOT_LINKER ? ARRAYC_AOT_LINKER : "c++ or g++");
  std::string dir = runtimeLibDir();
  compiler::sweepStaleTemporaries(sys::path::parent_path(output));
  auto tmp = compiler::TempFile::beside(output); // the linker writes it
  if (!tmp)
    return tmp.takeError();
  std::vector<std::string> args{*cxx, object.str(), "-o", tmp->path()};
  if (shared)
    args.push_back("-shared");
  else
    args.push_back(dir + "/libarrayc_rt_main.a");
  if (cuda) {
#ifdef ARRAYC_ENABLE_CUDA
    if (nccl) // before the cuda runtime it calls
      args.push_back(dir + "/libarrayc_runtime_nccl.a");
    args.push_back(dir + "/libarrayc_runtime_cuda.a");
#endif
  }
  if (mpi) // before the runtime it calls
    args.push_back(dir + "/libarrayc_runtime_mpi.a");
  args.push_back(dir + "/libarrayc_runtime.a");
  if (mpi) {
    SmallVector<StringRef> mpiLibs;
    StringRef(ARRAYC_RT_MPI_LINK_LIBRARIES).split(mpiLibs, ',', -1, /*KeepEmpty=*/false);
    for (StringRef lib : mpiLibs)
      args.push_back(lib.str());
  }
  if (cuda) {
#ifdef ARRAYC_ENABLE_CUDA
    args.push_back("-L" ARRAYC_CUDA_STUBS_DIR);
    args.push_back("-lcuda");
    // The CUDA runtime the CUB code calls (runtime/src/cub_index.cu) is
    // inside libarrayc_runtime_cuda.a (runtime/CMakeLists.txt); it needs librt.
    args.push_back("-lrt");
#endif
  }
  // Libraries the runtime calls (LAPACKE, OpenBLAS, FFTW, ...), found at configure time.
  SmallVector<StringRef> systemLibs;
  StringRef(ARRAYC_RT_LINK_LIBRARIES).split(systemLibs, ',', -1, /*KeepEmpty=*/false);
  for (StringRef lib : systemLibs)
    args.push_back(lib.str());
  for (const char *lib : {jit::kVectorMathLinkFlag, "-lm", "-lpthread", "-ldl"})
    args.push_back(lib);
  SmallVector<StringRef> extraFlags;
  StringRef(ARRAYC_AOT_LINK_FLAGS).split(extraFlags, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef flag : extraFlags)
    args.push_back(flag.str());
  SmallVector<StringRef> argRefs(args.begin(), args.end());
  std::string message;
  int rc = sys::ExecuteAndWait(*cxx, argRefs, std::nullopt, {}, 0, 0, &message);
  if (rc != 0)
    return createStringError("linking '%s' failed%s%s", output.str().c_str(),
                             message.empty() ? "" : ": ", message.c_str());
  return tmp->commit(output);
}
