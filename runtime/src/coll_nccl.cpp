// The NCCL backend of the collectives (coll_backend.h): one process per GPU
// on one host, started by `arrayc launch -np N` (or torchrun, or mpirun; no
// MPI is needed), in libarrayc_runtime_nccl with the C ABI of coll.cpp.
// docs/distributed.md.
//
// - The job: rank, size and local rank from the launcher's environment
//   (ARRAYC_RANK/ARRAYC_WORLD_SIZE/ARRAYC_LOCAL_RANK, OpenMPI's
//   OMPI_COMM_WORLD_*, torchrun's RANK/WORLD_SIZE/LOCAL_RANK); each process
//   makes GPU <local rank> its current device.
// - NCCL is dlopen'ed (libnccl.so.2: $ARRAYC_NCCL_LIBRARY, the loader's path,
//   then the nvidia/nccl/lib folder of Python's nvidia-nccl-cu* package, as
//   CuPy and PyTorch find it); its few types and entry points are declared
//   here (no NCCL headers at build time).
// - The NCCL unique id travels through a rendezvous directory on the host:
//   rank 0 writes it (temporary file + rename), the others poll for it with a
//   timeout (coll_job.cpp, with the environment's rank and size: no CUDA
//   there, tested by runtime/test/coll_job_test.cpp). With
//   ARRAYC_RENDEZVOUS_ADDR=HOST:PORT (ranks on several hosts) it goes over
//   TCP instead: rank 0 listens on PORT, the others connect to HOST:PORT.
// - Collectives run on the arrays' device buffers, on the runtime's current
//   stream of the current device (the stream compiled kernels queue on), so
//   they are ordered with the kernels before and after them without a host
//   wait. Host buffers (an output the compiler left on the host) are staged.
#include "coll_backend.h"
#include "coll_ipc.h"
#include "coll_job.h"

#include "arrayc_rt/coll.h"
#include "arrayc_rt/runtime.h"

#include <cuda.h>
#include <dlfcn.h>
#include <glob.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

// From libarrayc_runtime_cuda (cuda.cpp).
extern "C" {
ARRAYC_RT_API void *arrayc_rt_cuda_library_stream(void);
ARRAYC_RT_API void *mgpuMemAlloc(uint64_t sizeBytes, CUstream stream, bool isHostShared);
ARRAYC_RT_API void mgpuMemFree(void *ptr, CUstream stream);
}

namespace arrayc_rt::coll {
namespace {

// NCCL's C API, as nccl.h (2.18 and later) declares it: only what is used.
using ncclResult_t = int;
constexpr ncclResult_t ncclSuccess = 0;
using ncclComm_t = struct ncclComm *;
struct ncclUniqueId {
  char internal[128];
};
enum ncclDataType_t {
  ncclInt8 = 0,
  ncclUint8 = 1,
  ncclInt32 = 2,
  ncclUint32 = 3,
  ncclInt64 = 4,
  ncclUint64 = 5,
  ncclFloat32 = 7,
  ncclFloat64 = 8,
};
enum ncclRedOp_t { ncclSum = 0, ncclProd = 1, ncclMax = 2, ncclMin = 3 };

struct Nccl {
  void *lib = nullptr;
  std::string path;
  ncclResult_t (*getVersion)(int *) = nullptr;
  ncclResult_t (*getUniqueId)(ncclUniqueId *) = nullptr;
  ncclResult_t (*commInitRank)(ncclComm_t *, int, ncclUniqueId, int) = nullptr;
  ncclResult_t (*commSplit)(ncclComm_t, int, int, ncclComm_t *, void *) = nullptr;
  ncclResult_t (*commDestroy)(ncclComm_t) = nullptr;
  ncclResult_t (*allReduce)(const void *, void *, size_t, ncclDataType_t, ncclRedOp_t,
                            ncclComm_t, CUstream) = nullptr;
  ncclResult_t (*allGather)(const void *, void *, size_t, ncclDataType_t, ncclComm_t,
                            CUstream) = nullptr;
  ncclResult_t (*commCount)(const ncclComm_t, int *) = nullptr;
  ncclResult_t (*commUserRank)(const ncclComm_t, int *) = nullptr;
  ncclResult_t (*groupStart)() = nullptr;
  ncclResult_t (*groupEnd)() = nullptr;
  ncclResult_t (*send)(const void *, size_t, ncclDataType_t, int, ncclComm_t,
                       CUstream) = nullptr;
  ncclResult_t (*recv)(void *, size_t, ncclDataType_t, int, ncclComm_t, CUstream) = nullptr;
  const char *(*getErrorString)(ncclResult_t) = nullptr;
};

/// The folders where Python's nvidia-nccl-cu* wheel may have put NCCL
/// (site-packages/nvidia/nccl/lib): PYTHONPATH, a virtual or conda
/// environment, the user's and the system's site-packages.
std::vector<std::string> pythonNcclDirs() {
  std::vector<std::string> patterns;
  if (const char *pp = std::getenv("PYTHONPATH")) {
    std::string s = pp;
    size_t start = 0;
    while (start <= s.size()) {
      size_t end = s.find(':', start);
      std::string dir = s.substr(start, end == std::string::npos ? end : end - start);
      if (!dir.empty())
        patterns.push_back(dir + "/nvidia/nccl/lib");
      if (end == std::string::npos)
        break;
      start = end + 1;
    }
  }
  for (const char *env : {"VIRTUAL_ENV", "CONDA_PREFIX"})
    if (const char *prefix = std::getenv(env); prefix && *prefix)
      patterns.push_back(std::string(prefix) + "/lib/python3*/site-packages/nvidia/nccl/lib");
  if (const char *home = std::getenv("HOME"); home && *home)
    patterns.push_back(std::string(home) + "/.local/lib/python3*/site-packages/nvidia/nccl/lib");
  for (const char *prefix : {"/usr/local/lib", "/usr/lib", "/opt/conda/lib"})
    for (const char *kind : {"site-packages", "dist-packages"})
      patterns.push_back(std::string(prefix) + "/python3*/" + kind + "/nvidia/nccl/lib");
  patterns.push_back("/usr/lib/python3/dist-packages/nvidia/nccl/lib");
  std::vector<std::string> dirs;
  for (const std::string &pattern : patterns) {
    glob_t g{};
    if (glob(pattern.c_str(), 0, nullptr, &g) == 0)
      for (size_t i = 0; i < g.gl_pathc; ++i)
        dirs.push_back(g.gl_pathv[i]);
    globfree(&g);
  }
  return dirs;
}

/// Where `python3` imports nvidia.nccl from (the last resort: an interpreter
/// whose site-packages are elsewhere); "" when it cannot.
std::string pythonImportDir() {
  FILE *p = popen("python3 -c 'import os, nvidia.nccl as m; "
                  "print(os.path.dirname(m.__file__) if m.__file__ else list(m.__path__)[0])'"
                  " 2>/dev/null",
                  "r");
  if (!p)
    return "";
  char line[4096] = {};
  std::string dir = fgets(line, sizeof line, p) ? line : "";
  pclose(p);
  while (!dir.empty() && (dir.back() == '\n' || dir.back() == '\r'))
    dir.pop_back();
  return dir.empty() ? dir : dir + "/lib";
}

/// Loads NCCL once; null with `error` saying what was tried.
const Nccl *nccl(std::string &error) {
  static Nccl api;
  static std::string loadError;
  static bool tried = false;
  if (tried) {
    error = loadError;
    return api.lib ? &api : nullptr;
  }
  tried = true;
  std::vector<std::string> candidates;
  const char *forced = std::getenv("ARRAYC_NCCL_LIBRARY");
  if (forced && *forced) {
    candidates.push_back(forced);
  } else {
    candidates.push_back("libnccl.so.2");
    for (const std::string &dir : pythonNcclDirs())
      candidates.push_back(dir + "/libnccl.so.2");
  }
  std::string tried_;
  auto attempt = [&](const std::string &path) {
    if ((api.lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL))) {
      api.path = path;
      return true;
    }
    const char *why = dlerror();
    tried_ += "\n  " + path + (why ? std::string(": ") + why : "");
    return false;
  };
  bool ok = false;
  for (const std::string &c : candidates)
    if ((ok = attempt(c)))
      break;
  if (!ok && !(forced && *forced)) {
    std::string dir = pythonImportDir();
    if (!dir.empty())
      ok = attempt(dir + "/libnccl.so.2");
    else
      tried_ += "\n  python3 -c 'import nvidia.nccl': not importable";
  }
  if (!ok) {
    loadError = std::string("cannot load NCCL (libnccl.so.2); tried:") + tried_ +
                "\n  set ARRAYC_NCCL_LIBRARY to libnccl.so.2 (pip's nvidia-nccl-cu12 puts it "
                "in site-packages/nvidia/nccl/lib)";
    error = loadError;
    return nullptr;
  }
  std::string missing;
  auto sym = [&](auto &fn, const char *name) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(api.lib, name));
    if (!fn && missing.empty())
      missing = name;
  };
  sym(api.getVersion, "ncclGetVersion");
  sym(api.getUniqueId, "ncclGetUniqueId");
  sym(api.commInitRank, "ncclCommInitRank");
  sym(api.commDestroy, "ncclCommDestroy");
  sym(api.allReduce, "ncclAllReduce");
  sym(api.allGather, "ncclAllGather");
  sym(api.getErrorString, "ncclGetErrorString");
  sym(api.commCount, "ncclCommCount");
  sym(api.commUserRank, "ncclCommUserRank");
  sym(api.groupStart, "ncclGroupStart");
  sym(api.groupEnd, "ncclGroupEnd");
  // ncclCommSplit (NCCL 2.18): only the collectives over some axes of an N-D
  // mesh need it; checked at their first use.
  api.commSplit = reinterpret_cast<decltype(api.commSplit)>(dlsym(api.lib, "ncclCommSplit"));
  // ncclSend/ncclRecv (NCCL 2.7): only halo exchanges need them.
  api.send = reinterpret_cast<decltype(api.send)>(dlsym(api.lib, "ncclSend"));
  api.recv = reinterpret_cast<decltype(api.recv)>(dlsym(api.lib, "ncclRecv"));
  if (!missing.empty()) {
    loadError = api.path + " has no " + missing + " (not NCCL 2?)";
    api.lib = nullptr;
    error = loadError;
    return nullptr;
  }
  return &api;
}

class NCCLBackend final : public Backend {
public:
  const char *name() const override { return "nccl"; }
  const char *launchHint() const override { return "arrayc launch -np"; }

  bool init(std::string &error) override {
    Job job;
    if (!jobFromEnvironment(job, error))
      return false;
    rank_ = job.rank;
    size_ = job.size;
    local_ = job.localRank;
    return true;
  }

  bool connect(std::string &error) override {
    int64_t local = local_;
    int devices = arrayc_rt_cuda_device_count();
    if (local >= devices) {
      error = "local rank " + std::to_string(local) + " uses GPU " +
              std::to_string(local) + ", but this machine has " + std::to_string(devices) +
              " GPU" + (devices == 1 ? "" : "s") +
              " (start at most as many processes per host as GPUs)";
      return false;
    }
    if (arrayc_rt_set_device(static_cast<int>(local)) != ARRAYC_RT_OK) {
      error = "cannot use GPU " + std::to_string(local) + ": " + arrayc_rt_last_error();
      return false;
    }
    const Nccl *api = nccl(error);
    if (!api)
      return false;
    api_ = api;
    CUstream s = stream(); // makes the device's context current for NCCL's cudart
    (void)s;
    ncclUniqueId id{};
    if (size_ == 1) {
      if (!check(api_->getUniqueId(&id), "ncclGetUniqueId", error))
        return false;
    } else if (!rendezvous(id, error)) {
      return false;
    }
    if (!check(api_->commInitRank(&world_, static_cast<int>(size_), id, static_cast<int>(rank_)),
               "ncclCommInitRank", error))
      return false;
    // Every rank has read the id once ncclCommInitRank returns.
    if (rank_ == 0 && !idFile_.empty()) {
      unlink(idFile_.c_str());
      if (madeDir_)
        rmdir(dir_.c_str());
    }
    return true;
  }

  void finalize() override {
    if (!api_ || !world_)
      return;
    cuStreamSynchronize(stream());
    for (CUstream cs : copyStreams_) {
      cuStreamSynchronize(cs);
      cuStreamDestroy(cs);
    }
    copyStreams_.clear();
    mappings_.clear();
    if (ready_) {
      cuEventDestroy(ready_);
      ready_ = nullptr;
    }
    for (auto &[id, comm] : comms_)
      api_->commDestroy(comm);
    comms_.clear();
    api_->commDestroy(world_);
    world_ = nullptr;
  }

  // A library's process (a Python script) exits: its CUDA context may be
  // released already ("driver shutting down" from ncclCommDestroy); the
  // communicators go with the process.
  void finalizeAtExit() override {}

  int64_t rank() const override { return rank_; }
  int64_t size() const override { return size_; }

  // No NCCL call here (a peer may be gone, and ncclCommAbort may wait on
  // it): the process ends; the launcher (arrayc launch, torchrun, mpirun)
  // sees the failed rank and ends the others.
  [[noreturn]] void abortAll(int code) override { std::_Exit(code); }

  bool allReduce(const Group &group, void *buf, int64_t count, int32_t kind, int32_t bits,
                 int32_t op, std::string &error) override {
    ncclComm_t comm;
    if (!communicator(group, comm, error))
      return false;
    int64_t eltBytes = bits == 1 ? 1 : bits / 8;
    size_t bytes = static_cast<size_t>(count * eltBytes);
    CUstream s = stream();
    Staged data(buf, bytes, s, /*copyIn=*/true);
    if (!data.ok(error))
      return false;
    ncclDataType_t type;
    ncclRedOp_t rop;
    if (native(kind, bits, op, type, rop)) {
      if (!check(api_->allReduce(data.device, data.device, static_cast<size_t>(count), type, rop,
                                 comm, s),
                 "ncclAllReduce", error))
        return false;
    } else if (!reduceOnHost(comm, data.device, count, eltBytes, kind, bits, op, group.size,
                             error)) {
      return false;
    }
    return data.copyOut(error);
  }

  bool allGather(const Group &group, const char *in, int64_t block, int64_t outer, char *out,
                 std::string &error) override {
    ncclComm_t comm;
    if (!communicator(group, comm, error))
      return false;
    CUstream s = stream();
    size_t total = static_cast<size_t>(block * group.size);
    Staged src(const_cast<char *>(in), static_cast<size_t>(block), s, /*copyIn=*/true);
    if (!src.ok(error))
      return false;
    bool outOnDevice = isDevice(out);
    // Gathered straight into `out` when it is the device result already.
    char *gathered = outOnDevice && outer == 1 ? out : nullptr;
    void *scratch = nullptr;
    if (!gathered) {
      scratch = mgpuMemAlloc(total ? total : 1, s, false);
      gathered = static_cast<char *>(scratch);
    }
    bool ok = check(api_->allGather(src.device, gathered, static_cast<size_t>(block), ncclInt8,
                                    comm, s),
                    "ncclAllGather", error);
    if (ok && !outOnDevice) {
      std::vector<char> host(total);
      ok = cu(cuMemcpyDtoHAsync(host.data(), reinterpret_cast<CUdeviceptr>(gathered), total, s),
              "cuMemcpyDtoHAsync", error) &&
           cu(cuStreamSynchronize(s), "cuStreamSynchronize", error);
      if (ok)
        interleaveRows(host.data(), block, outer, group.size, out);
    } else if (ok && outer > 1) {
      // out row o = row o of each rank's block, rank after rank: one 2-D
      // copy per rank (rows of `inner` bytes, pitch block/outer there and
      // group.size * inner here).
      int64_t inner = block / outer;
      for (int64_t r = 0; ok && r < group.size; ++r) {
        CUDA_MEMCPY2D c{};
        c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
        c.srcDevice = reinterpret_cast<CUdeviceptr>(gathered + r * block);
        c.srcPitch = static_cast<size_t>(inner);
        c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
        c.dstDevice = reinterpret_cast<CUdeviceptr>(out + r * inner);
        c.dstPitch = static_cast<size_t>(inner * group.size);
        c.WidthInBytes = static_cast<size_t>(inner);
        c.Height = static_cast<size_t>(outer);
        ok = cu(cuMemcpy2DAsync(&c, s), "cuMemcpy2DAsync", error);
      }
    }
    if (scratch)
      mgpuMemFree(scratch, s);
    return ok;
  }

  // The ranks' sizes are not compared (NCCL cannot see the peer's): a send
  // and a receive of different sizes between neighbours is a wrong program.
  bool exchangeHalo(const Group &group, const char *loSend, int64_t loSendBytes,
                    const char *hiSend, int64_t hiSendBytes, char *loRecv, int64_t loRecvBytes,
                    char *hiRecv, int64_t hiRecvBytes, std::string &error) override {
    ncclComm_t comm;
    if (!communicator(group, comm, error))
      return false;
    if (!api_->send || !api_->recv) {
      error = api_->path + " has no ncclSend/ncclRecv (NCCL 2.7 or later is needed for halo "
                           "exchanges)";
      return false;
    }
    int me = 0, n = 0;
    if (!check(api_->commUserRank(comm, &me), "ncclCommUserRank", error) ||
        !check(api_->commCount(comm, &n), "ncclCommCount", error))
      return false;
    if (n != group.size) {
      error = "a collective's group has " + std::to_string(n) + " processes, not " +
              std::to_string(group.size);
      return false;
    }
    bool hasPrev = me > 0, hasNext = me + 1 < n;
    if (!haloEndsEmpty(hasPrev, hasNext, loSendBytes, hiSendBytes, loRecvBytes, hiRecvBytes,
                       error))
      return false;
    CUstream s = stream();
    // Host buffers staged through device copies, as the other collectives'
    // (empty ones are not touched: their pointer may be anything).
    std::optional<Staged> ls, hs, lr, hr;
    auto stage = [&](std::optional<Staged> &staged, const char *p, int64_t bytes, bool in) {
      if (bytes)
        staged.emplace(const_cast<char *>(p), static_cast<size_t>(bytes), s, in);
      return !staged || staged->ok(error);
    };
    if (!stage(ls, loSend, loSendBytes, true) || !stage(hs, hiSend, hiSendBytes, true) ||
        !stage(lr, loRecv, loRecvBytes, false) || !stage(hr, hiRecv, hiRecvBytes, false))
      return false;
    // One group: every send and receive is posted before any waits, so the
    // chain cannot deadlock; zero-byte ones are left out on both sides.
    if (!check(api_->groupStart(), "ncclGroupStart", error))
      return false;
    bool ok = true;
    if (ls)
      ok = check(api_->send(ls->device, ls->bytes, ncclUint8, me - 1, comm, s), "ncclSend",
                 error);
    if (ok && lr)
      ok = check(api_->recv(lr->device, lr->bytes, ncclUint8, me - 1, comm, s), "ncclRecv",
                 error);
    if (ok && hs)
      ok = check(api_->send(hs->device, hs->bytes, ncclUint8, me + 1, comm, s), "ncclSend",
                 error);
    if (ok && hr)
      ok = check(api_->recv(hr->device, hr->bytes, ncclUint8, me + 1, comm, s), "ncclRecv",
                 error);
    // Closed after a failed post too (NCCL's group state is per thread); the
    // first failure's message is kept.
    std::string endError;
    if (!check(api_->groupEnd(), "ncclGroupEnd", endError) && ok) {
      error = endError;
      ok = false;
    }
    return ok && (!lr || lr->copyOut(error)) && (!hr || hr->copyOut(error));
  }

  void gemm(int32_t bits, void *plan, void *a, void *b, void *c) override {
    (bits == 64 ? arrayc_rt_cublas_gemm_f64 : arrayc_rt_cublas_gemm_f32)(1, plan, 2, a, 2, b, 2,
                                                                          c, /*accumulate=*/0);
  }

  // In parts of rows of about $ARRAYC_GEMM_GATHER_PART_BYTES (default
  // kPartBytes): each part is computed on the library stream, then copied by
  // copy engines into every other process's result (mapped through CUDA IPC,
  // coll_ipc.h) on a stream per peer, while the next part is computed; the
  // library stream waits for those copies, then a one-word all-reduce tells
  // each process that the others' copies into its result are done. One
  // part, or results some process cannot map (other hosts, memory CUDA
  // cannot export): the whole block, then NCCL's all-gather in place.
  // NCCL's own send/receive per part was measured slower on 4 H100s (its
  // kernels take SMs beside cuBLAS's; docs/distributed.md).
  bool computeAndGatherRows(const Group &group, int64_t me, int64_t blockRows, int64_t rowBytes,
                            char *out, const RowsFn &compute, std::string &error) override {
    int64_t partBytes = kPartBytes;
    if (const char *e = std::getenv("ARRAYC_GEMM_GATHER_PART_BYTES"); e && *e) {
      char *end = nullptr;
      long long v = std::strtoll(e, &end, 10);
      if (*end || v <= 0) {
        error = std::string("ARRAYC_GEMM_GATHER_PART_BYTES='") + e +
                "' is not a positive number of bytes";
        return false;
      }
      partBytes = v;
    }
    ncclComm_t comm;
    if (!communicator(group, comm, error))
      return false;
    int mine = 0, n = 0;
    if (!check(api_->commUserRank(comm, &mine), "ncclCommUserRank", error) ||
        !check(api_->commCount(comm, &n), "ncclCommCount", error))
      return false;
    if (mine != me || n != group.size) {
      error = "product and all-gather: process " + std::to_string(mine) + " of " +
              std::to_string(n) + " in its group, not " + std::to_string(me) + " of " +
              std::to_string(group.size);
      return false;
    }
    CUstream s = stream();
    if (!isDevice(out)) {
      error = "product and all-gather: the result is not in device memory";
      return false;
    }
    int64_t blockBytes = blockRows * rowBytes;
    int64_t parts = std::clamp<int64_t>(blockBytes / partBytes, 1, kMaxParts);
    std::vector<char *> peers;
    if (parts > 1 && n > 1 && !peerResults(comm, n, static_cast<int>(me), out, peers, error))
      return false;
    if (peers.empty()) {
      compute(0, blockRows);
      return check(api_->allGather(out + me * blockBytes, out, static_cast<size_t>(blockBytes),
                                   ncclInt8, comm, s),
                   "ncclAllGather", error);
    }
    if (!ready_ && !cu(cuEventCreate(&ready_, CU_EVENT_DISABLE_TIMING), "cuEventCreate", error))
      return false;
    while (copyStreams_.size() < static_cast<size_t>(n)) {
      CUstream cs = nullptr;
      if (!cu(cuStreamCreate(&cs, CU_STREAM_NON_BLOCKING), "cuStreamCreate", error))
        return false;
      copyStreams_.push_back(cs);
    }
    int64_t partRows = (blockRows + parts - 1) / parts;
    for (int64_t first = 0; first < blockRows; first += partRows) {
      int64_t rows = std::min(partRows, blockRows - first);
      compute(first, rows);
      // Each peer's stream waits for this part (the event's state when
      // waited on), then copies it to that peer's result.
      if (!cu(cuEventRecord(ready_, s), "cuEventRecord", error))
        return false;
      int64_t at = (me * blockRows + first) * rowBytes;
      for (int p = 0; p < n; ++p)
        if (p != me &&
            (!cu(cuStreamWaitEvent(copyStreams_[p], ready_, 0), "cuStreamWaitEvent", error) ||
             !cu(cuMemcpyDtoDAsync(reinterpret_cast<CUdeviceptr>(peers[p] + at),
                                   reinterpret_cast<CUdeviceptr>(out + at),
                                   static_cast<size_t>(rows * rowBytes), copyStreams_[p]),
                 "cuMemcpyDtoDAsync", error)))
          return false;
    }
    for (int p = 0; p < n; ++p)
      if (p != me && (!cu(cuEventRecord(ready_, copyStreams_[p]), "cuEventRecord", error) ||
                      !cu(cuStreamWaitEvent(s, ready_, 0), "cuStreamWaitEvent", error)))
        return false;
    // Every process's copies are done once each has reached this all-reduce.
    auto *word = static_cast<int32_t *>(mgpuMemAlloc(sizeof(int32_t), s, false));
    bool ok = cu(cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(word), 0, 1, s), "cuMemsetD32Async",
                 error) &&
              check(api_->allReduce(word, word, 1, ncclInt32, ncclMax, comm, s),
                    "ncclAllReduce", error);
    mgpuMemFree(word, s);
    return ok;
  }

private:
  /// The default part size of computeAndGatherRows, and the most parts (the
  /// last part's copies are what the product does not hide).
  static constexpr int64_t kPartBytes = 32ll << 20;
  static constexpr int64_t kMaxParts = 16;
  /// computeAndGatherRows's: a part is computed; a stream per peer's copies.
  CUevent ready_ = nullptr;
  std::vector<CUstream> copyStreams_;
  IpcMappings mappings_;

  /// Every process's `out` as this one addresses it (`peers[me]` is `out`):
  /// the records exchanged with an all-gather, each mapped, and kept only
  /// where every process mapped every other's (an all-reduce of a flag), else
  /// `peers` is left empty. Waits for the library stream: the others' results
  /// are written from now on only once every process has reached this call.
  bool peerResults(ncclComm_t comm, int n, int me, char *out, std::vector<char *> &peers,
                   std::string &error) {
    CUstream s = stream();
    std::vector<IpcRecord> records(static_cast<size_t>(n));
    records[me] = exportBuffer(out);
    size_t bytes = sizeof(IpcRecord) * records.size();
    char *dev = static_cast<char *>(mgpuMemAlloc(bytes + sizeof(int32_t), s, false));
    auto at = [&](size_t offset) { return reinterpret_cast<CUdeviceptr>(dev + offset); };
    CUdeviceptr flagDev = at(bytes);
    bool ok =
        cu(cuMemcpyHtoDAsync(at(me * sizeof(IpcRecord)), &records[me], sizeof(IpcRecord), s),
           "cuMemcpyHtoDAsync", error) &&
        check(api_->allGather(dev + me * sizeof(IpcRecord), dev, sizeof(IpcRecord), ncclInt8,
                              comm, s),
              "ncclAllGather", error) &&
        cu(cuMemcpyDtoHAsync(records.data(), at(0), bytes, s), "cuMemcpyDtoHAsync", error) &&
        cu(cuStreamSynchronize(s), "cuStreamSynchronize", error);
    std::vector<char *> mapped(static_cast<size_t>(n), out);
    int32_t all = 1;
    if (ok) {
      // The previous call's copies are done (the stream waited for them).
      mappings_.beginUse();
      for (int p = 0; p < n; ++p)
        if (p != me && !(mapped[p] = mappings_.map(records[p])))
          all = 0;
      ok = cu(cuMemcpyHtoDAsync(reinterpret_cast<CUdeviceptr>(flagDev), &all, sizeof all, s),
              "cuMemcpyHtoDAsync", error) &&
           check(api_->allReduce(reinterpret_cast<void *>(flagDev),
                                 reinterpret_cast<void *>(flagDev), 1, ncclInt32, ncclMin, comm,
                                 s),
                 "ncclAllReduce", error) &&
           cu(cuMemcpyDtoHAsync(&all, flagDev, sizeof all, s), "cuMemcpyDtoHAsync", error) &&
           cu(cuStreamSynchronize(s), "cuStreamSynchronize", error);
    }
    mgpuMemFree(dev, s);
    if (ok && all)
      peers = std::move(mapped);
    return ok;
  }

  /// A buffer on the device: `ptr` itself, or a device copy of host memory
  /// (copied in, and back out by copyOut).
  struct Staged {
    Staged(void *ptr, size_t bytes, CUstream s, bool copyIn) : host(ptr), bytes(bytes), s(s) {
      if (isDevice(ptr)) {
        device = ptr;
        return;
      }
      device = owned = mgpuMemAlloc(bytes ? bytes : 1, s, false);
      if (copyIn && bytes)
        result = cuMemcpyHtoDAsync(reinterpret_cast<CUdeviceptr>(device), ptr, bytes, s);
    }
    ~Staged() {
      if (owned)
        mgpuMemFree(owned, s);
    }
    bool ok(std::string &error) const { return cu(result, "cuMemcpyHtoDAsync", error); }
    bool copyOut(std::string &error) {
      if (!owned || !bytes)
        return true;
      return cu(cuMemcpyDtoHAsync(host, reinterpret_cast<CUdeviceptr>(device), bytes, s),
                "cuMemcpyDtoHAsync", error) &&
             cu(cuStreamSynchronize(s), "cuStreamSynchronize", error);
    }
    void *host, *device = nullptr, *owned = nullptr;
    size_t bytes;
    CUstream s;
    CUresult result = CUDA_SUCCESS;
  };

  static bool isDevice(const void *p) {
    unsigned type = 0;
    return cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                 reinterpret_cast<CUdeviceptr>(p)) == CUDA_SUCCESS &&
           (type == CU_MEMORYTYPE_DEVICE || type == CU_MEMORYTYPE_UNIFIED);
  }

  static CUstream stream() { return static_cast<CUstream>(arrayc_rt_cuda_library_stream()); }

  static bool cu(CUresult r, const char *call, std::string &error) {
    if (r == CUDA_SUCCESS)
      return true;
    const char *text = nullptr;
    cuGetErrorString(r, &text);
    error = std::string(call) + " failed: " + (text ? text : "unknown error");
    return false;
  }

  bool check(ncclResult_t r, const char *call, std::string &error) const {
    if (r == ncclSuccess)
      return true;
    error = std::string(call) + " failed: " + api_->getErrorString(r) + " (NCCL " +
            std::to_string(r) + ", " + api_->path + ")";
    return false;
  }

  /// The NCCL type and operation of an all-reduce NCCL does itself: false
  /// for 16-bit integers and bitwise operations NCCL lacks (reduceOnHost).
  static bool native(int32_t kind, int32_t bits, int32_t op, ncclDataType_t &type,
                     ncclRedOp_t &rop) {
    Elem elem;
    if (!elemOf(kind, bits, elem))
      return false;
    // No 16-bit integers in NCCL.
    const std::optional<ncclDataType_t> types[kNumElems] = {
        ncclFloat32, ncclFloat64,                          // float
        ncclInt8,    std::nullopt, ncclInt32,  ncclInt64,  // signed
        ncclUint8,   std::nullopt, ncclUint32, ncclUint64, // unsigned
    };
    std::optional<ncclDataType_t> t = elemEntry(types, elem);
    // On bools (0 or 1) `and` is the minimum and `or` the maximum; NCCL has
    // no other bitwise operation.
    if (isBitwise(op) && bits != 1)
      return false;
    const std::optional<ncclRedOp_t> ops[kNumOps] = {ncclSum, ncclProd, ncclMin, ncclMax,
                                                     ncclMin, ncclMax,  std::nullopt};
    std::optional<ncclRedOp_t> r = opEntry(ops, op, std::optional<ncclRedOp_t>());
    if (!t || !r)
      return false;
    type = *t;
    rop = *r;
    return true;
  }

  template <class T>
  static bool reduceTyped(std::vector<char> &all, int64_t count, int64_t n, int32_t op) {
    auto *v = reinterpret_cast<T *>(all.data());
    for (int64_t r = 1; r < n; ++r)
      for (int64_t i = 0; i < count; ++i) {
        T &acc = v[i];
        T x = v[r * count + i];
        switch (op) {
        case ARRAYC_RT_COLL_SUM: acc = static_cast<T>(acc + x); break;
        case ARRAYC_RT_COLL_PROD: acc = static_cast<T>(acc * x); break;
        case ARRAYC_RT_COLL_MIN: acc = x < acc ? x : acc; break;
        case ARRAYC_RT_COLL_MAX: acc = x > acc ? x : acc; break;
        default:
          if constexpr (std::is_integral_v<T>) {
            if (op == ARRAYC_RT_COLL_BAND)
              acc = static_cast<T>(acc & x);
            else if (op == ARRAYC_RT_COLL_BOR)
              acc = static_cast<T>(acc | x);
            else if (op == ARRAYC_RT_COLL_BXOR)
              acc = static_cast<T>(acc ^ x);
            else
              return false;
          } else {
            return false;
          }
        }
      }
    return true;
  }

  /// An all-reduce NCCL has no operation or type for: every block gathered
  /// (ncclAllGather), combined on the host in rank order, copied back into
  /// `dev` (stream-ordered, waited for).
  bool reduceOnHost(ncclComm_t comm, void *dev, int64_t count, int64_t eltBytes, int32_t kind,
                    int32_t bits, int32_t op, int64_t n, std::string &error) {
    CUstream s = stream();
    size_t bytes = static_cast<size_t>(count * eltBytes);
    size_t total = bytes * static_cast<size_t>(n);
    void *gathered = mgpuMemAlloc(total ? total : 1, s, false);
    std::vector<char> all(total);
    bool ok = check(api_->allGather(dev, gathered, bytes, ncclInt8, comm, s), "ncclAllGather",
                    error) &&
              cu(cuMemcpyDtoHAsync(all.data(), reinterpret_cast<CUdeviceptr>(gathered),
                                   all.size(), s),
                 "cuMemcpyDtoHAsync", error) &&
              cu(cuStreamSynchronize(s), "cuStreamSynchronize", error);
    mgpuMemFree(gathered, s);
    if (!ok)
      return false;
    bool known = false;
    Elem elem;
    if (elemOf(kind, bits, elem))
      visitElem(elem, [&](auto zero) {
        known = reduceTyped<decltype(zero)>(all, count, n, op);
      });
    if (!known) {
      error = "all-reduce of an unsupported element type or operation (kind " +
              std::to_string(kind) + ", " + std::to_string(bits) + " bits, operation " +
              std::to_string(op) + ")";
      return false;
    }
    return cu(cuMemcpyHtoDAsync(reinterpret_cast<CUdeviceptr>(dev), all.data(), bytes, s),
              "cuMemcpyHtoDAsync", error) &&
           cu(cuStreamSynchronize(s), "cuStreamSynchronize", error);
  }

  /// The world, or the group's communicator, split at its first use (every
  /// process reaches the same collectives in the same order) and kept.
  bool communicator(const Group &group, ncclComm_t &comm, std::string &error) {
    if (group.id == 0) {
      comm = world_;
      return true;
    }
    auto it = comms_.find(group.id);
    if (it == comms_.end()) {
      if (!api_->commSplit) {
        error = api_->path + " has no ncclCommSplit (NCCL 2.18 or later is needed for "
                             "collectives over some axes of a mesh)";
        return false;
      }
      ncclComm_t split = nullptr;
      if (!check(api_->commSplit(world_, static_cast<int>(group.color),
                                 static_cast<int>(group.key), &split, nullptr),
                 "ncclCommSplit", error))
        return false;
      it = comms_.emplace(group.id, split).first;
    }
    comm = it->second;
    return true;
  }

  /// Rank 0 publishes the NCCL unique id, the others wait for it
  /// (coll_job.h): over TCP when ARRAYC_RENDEZVOUS_ADDR is set (ranks on
  /// several hosts), else in the rendezvous directory (one host).
  bool rendezvous(ncclUniqueId &id, std::string &error) {
    if (std::string addr = rendezvousAddr(); !addr.empty()) {
      if (rank_ == 0)
        return check(api_->getUniqueId(&id), "ncclGetUniqueId", error) &&
               serveTcp(addr, size_ - 1, &id, sizeof id, rendezvousTimeout(), error);
      return fetchTcp(addr, rank_, &id, sizeof id, rendezvousTimeout(), error);
    }
    if (!rendezvousDir(dir_, error))
      return false;
    idFile_ = dir_ + "/nccl-id";
    if (rank_ == 0)
      return check(api_->getUniqueId(&id), "ncclGetUniqueId", error) &&
             publishFile(dir_, "nccl-id", &id, sizeof id, madeDir_, error);
    return awaitFile(dir_, "nccl-id", &id, sizeof id, rendezvousTimeout(), error);
  }

  const Nccl *api_ = nullptr;
  int64_t rank_ = 0, size_ = 1, local_ = 0;
  ncclComm_t world_ = nullptr;
  std::map<int64_t, ncclComm_t> comms_;
  std::string dir_, idFile_;
  bool madeDir_ = false;
};

} // namespace

Backend &collMakeBackend() {
  static NCCLBackend backend;
  return backend;
}

} // namespace arrayc_rt::coll
