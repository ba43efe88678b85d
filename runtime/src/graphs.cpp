//===- graphs.cpp - replaying a compiled function's launches as a CUDA graph =//
//
// See graphs.h for the scheme. Everything here is per host thread: a thread
// records its own calls and keeps its own graphs, so no lock is taken on the
// call path, and one graph is never updated by two threads at once.
//
//===----------------------------------------------------------------------===//
#include "graphs.h"

#include "arrayc_rt/runtime.h"
#include "cuda_libs.h"
#include "internal.h"

#include <nvtx3/nvToolsExt.h> // header-only: no-ops unless a profiler injects itself

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

namespace {

using arrayc_rt::cuda::fail;

bool enabledFromEnvironment() {
  const char *e = std::getenv("ARRAYC_CUDA_GRAPHS");
  return !(e && std::strcmp(e, "0") == 0);
}
std::atomic<bool> gEnabled{enabledFromEnvironment()};
std::atomic<uint64_t> gGeneration{0}; // bumped when a module is unloaded
std::atomic<uint64_t> gRecordedCalls{0}, gGraphsBuilt{0}, gGraphLaunches{0};

// One kernel gains nothing from a graph: its launch is the graph's launch.
constexpr size_t kMinKernels = 2;
constexpr size_t kMaxGraphsPerThread = 64;
// Frees held back beyond this many bytes end the recording (and release
// them): a long call with large temporaries must not grow its footprint.
constexpr size_t kMaxHeldBytes = size_t(256) << 20;

struct Launch {
  CUfunction function;
  unsigned grid[3], block[3], smem;
  size_t firstParam, paramCount; // into Recording::params
  size_t byteBegin, byteEnd;     // its argument values in Recording::bytes

  bool sameShape(const Launch &o) const {
    return function == o.function && std::memcmp(grid, o.grid, sizeof grid) == 0 &&
           std::memcmp(block, o.block, sizeof block) == 0 && smem == o.smem &&
           paramCount == o.paramCount;
  }
};

struct Recording {
  CUstream stream = nullptr;
  std::vector<Launch> launches;
  std::vector<size_t> params; // each argument's offset in bytes
  std::vector<char> bytes;
  std::vector<std::pair<void *, CUstream>> frees;
  size_t heldBytes = 0;

  void clear() {
    stream = nullptr;
    launches.clear();
    params.clear();
    bytes.clear();
    frees.clear();
    heldBytes = 0;
  }
  // The cuLaunchKernel argument array of launch `l` (pointers into bytes).
  std::vector<void *> arguments(const Launch &l) {
    std::vector<void *> args(l.paramCount);
    for (size_t i = 0; i < l.paramCount; ++i)
      args[i] = bytes.data() + params[l.firstParam + i];
    return args;
  }
};

struct Graph {
  std::vector<Launch> shape;
  std::vector<char> bytes; // the argument values its nodes hold now
  CUgraph graph = nullptr;
  CUgraphExec exec = nullptr;
  std::vector<CUgraphNode> nodes;
  bool failed = false; // could not be instantiated: launched kernel by kernel
};

struct ThreadState {
  int depth = 0;
  bool recording = false;
  Recording rec;
  uint64_t generation = 0;
  // Keyed by the hash of the launch shapes; the shape itself is compared.
  std::unordered_map<uint64_t, std::unique_ptr<Graph>> graphs;
  std::unordered_map<CUfunction, std::vector<size_t>> paramSizes;

  // Graphs of a finished thread are left to the driver (the context releases
  // them): at process exit the driver may already be gone.
  ~ThreadState() {
    for (auto &entry : graphs)
      (void)entry.second.release();
  }
};
thread_local ThreadState tState;

void dropGraphs(ThreadState &t) {
  for (auto &entry : t.graphs) {
    Graph &g = *entry.second;
    if (g.exec)
      (void)cuGraphExecDestroy(g.exec);
    if (g.graph)
      (void)cuGraphDestroy(g.graph);
  }
  t.graphs.clear();
}

const std::vector<size_t> &paramSizes(ThreadState &t, CUfunction f, size_t count) {
  std::vector<size_t> &sizes = t.paramSizes[f];
  if (sizes.size() != count) {
    sizes.assign(count, 0);
    for (size_t i = 0; i < count; ++i) {
      size_t offset = 0;
      CUresult r = cuFuncGetParamInfo(f, i, &offset, &sizes[i]);
      if (r != CUDA_SUCCESS)
        fail("cuFuncGetParamInfo", r, "reading a kernel's argument sizes");
    }
  }
  return sizes;
}

void launchEager(Recording &rec) {
  for (const Launch &l : rec.launches) {
    std::vector<void *> args = rec.arguments(l);
    CUresult r = cuLaunchKernel(l.function, l.grid[0], l.grid[1], l.grid[2], l.block[0],
                                l.block[1], l.block[2], l.smem, rec.stream, args.data(), nullptr);
    if (r != CUDA_SUCCESS) {
      char what[160];
      std::snprintf(what, sizeof what, "grid (%u, %u, %u), block (%u, %u, %u), %u bytes shared",
                    l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1], l.block[2], l.smem);
      fail("cuLaunchKernel", r, what);
    }
  }
}

CUDA_KERNEL_NODE_PARAMS nodeParams(const Launch &l, void **args) {
  CUDA_KERNEL_NODE_PARAMS p;
  std::memset(&p, 0, sizeof p);
  p.func = l.function;
  p.gridDimX = l.grid[0];
  p.gridDimY = l.grid[1];
  p.gridDimZ = l.grid[2];
  p.blockDimX = l.block[0];
  p.blockDimY = l.block[1];
  p.blockDimZ = l.block[2];
  p.sharedMemBytes = l.smem;
  p.kernelParams = args;
  return p;
}

// A chain of kernel nodes in the recorded order, instantiated. False (and
// nothing kept) when the driver refuses.
bool build(Graph &g, Recording &rec) {
  if (cuGraphCreate(&g.graph, 0) != CUDA_SUCCESS)
    return false;
  CUgraphNode prev = nullptr;
  for (const Launch &l : rec.launches) {
    std::vector<void *> args = rec.arguments(l);
    CUDA_KERNEL_NODE_PARAMS p = nodeParams(l, args.data());
    CUgraphNode node = nullptr;
    if (cuGraphAddKernelNode(&node, g.graph, prev ? &prev : nullptr, prev ? 1 : 0, &p) !=
        CUDA_SUCCESS)
      break;
    g.nodes.push_back(node);
    prev = node;
  }
  if (g.nodes.size() != rec.launches.size() ||
      cuGraphInstantiate(&g.exec, g.graph, 0) != CUDA_SUCCESS) {
    (void)cuGraphDestroy(g.graph);
    g.graph = nullptr;
    g.exec = nullptr;
    g.nodes.clear();
    return false;
  }
  g.bytes = rec.bytes;
  gGraphsBuilt.fetch_add(1, std::memory_order_relaxed);
  return true;
}

// Brings the graph's nodes to this call's argument values, then launches it.
void replay(Graph &g, Recording &rec) {
  for (size_t i = 0; i < rec.launches.size(); ++i) {
    const Launch &l = rec.launches[i];
    const Launch &old = g.shape[i];
    size_t n = l.byteEnd - l.byteBegin;
    if (n == old.byteEnd - old.byteBegin &&
        std::memcmp(rec.bytes.data() + l.byteBegin, g.bytes.data() + old.byteBegin, n) == 0)
      continue;
    std::vector<void *> args = rec.arguments(l);
    CUDA_KERNEL_NODE_PARAMS p = nodeParams(l, args.data());
    if (CUresult r = cuGraphExecKernelNodeSetParams(g.exec, g.nodes[i], &p); r != CUDA_SUCCESS)
      fail("cuGraphExecKernelNodeSetParams", r, "updating a replayed call's arguments");
  }
  g.bytes = rec.bytes;
  g.shape = rec.launches;
  // An NVTX range per replay: Nsight Systems shows the launch on the CPU
  // row and ties it to the graph's kernels.
  nvtxRangePushA("arrayc: CUDA graph replay");
  CUresult launched = cuGraphLaunch(g.exec, rec.stream);
  nvtxRangePop();
  if (launched != CUDA_SUCCESS)
    fail("cuGraphLaunch", launched, "replaying a compiled function's kernels");
  gGraphLaunches.fetch_add(1, std::memory_order_relaxed);
}

uint64_t shapeHash(const std::vector<Launch> &launches) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  for (const Launch &l : launches) {
    mix(reinterpret_cast<uintptr_t>(l.function));
    for (unsigned d : l.grid)
      mix(d);
    for (unsigned d : l.block)
      mix(d);
    mix(l.smem);
    mix(l.paramCount);
  }
  return h;
}

bool sameShape(const std::vector<Launch> &a, const std::vector<Launch> &b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!a[i].sameShape(b[i]))
      return false;
  return true;
}

void releaseFrees(Recording &rec) {
  for (auto [ptr, stream] : rec.frees)
    arrayc_rt::cuda::poolFree(ptr, stream);
  rec.frees.clear();
  rec.heldBytes = 0;
}

// The end of a recorded call: its kernels go out as a graph or one by one.
void finish(ThreadState &t) {
  Recording &rec = t.rec;
  arrayc_rt::cuda::makeContextCurrent();
  gRecordedCalls.fetch_add(1, std::memory_order_relaxed);
  if (rec.launches.size() < kMinKernels) {
    launchEager(rec);
  } else {
    uint64_t key = shapeHash(rec.launches);
    auto it = t.graphs.find(key);
    if (it == t.graphs.end() || !sameShape(it->second->shape, rec.launches)) {
      // First sight of this sequence: launched as recorded; a graph if it recurs.
      if (it != t.graphs.end()) {
        Graph &old = *it->second;
        if (old.exec)
          (void)cuGraphExecDestroy(old.exec);
        if (old.graph)
          (void)cuGraphDestroy(old.graph);
        t.graphs.erase(it);
      } else if (t.graphs.size() >= kMaxGraphsPerThread) {
        dropGraphs(t);
      }
      auto g = std::make_unique<Graph>();
      g->shape = rec.launches;
      t.graphs.emplace(key, std::move(g));
      launchEager(rec);
    } else {
      Graph &g = *it->second;
      if (!g.failed && !g.exec && !build(g, rec))
        g.failed = true;
      if (g.failed)
        launchEager(rec);
      else
        replay(g, rec);
    }
  }
  releaseFrees(rec);
  rec.clear();
}

} // namespace

namespace arrayc_rt::graphs {

bool recordLaunch(CUfunction function, const unsigned grid[3], const unsigned block[3],
                  unsigned smem, CUstream stream, void **params, size_t paramCount,
                  void **extra) {
  ThreadState &t = tState;
  if (!t.recording)
    return false;
  if (extra || (!t.rec.launches.empty() && stream != t.rec.stream)) {
    flush();
    return false;
  }
  Recording &rec = t.rec;
  rec.stream = stream;
  const std::vector<size_t> &sizes = paramSizes(t, function, paramCount);
  Launch l;
  l.function = function;
  std::memcpy(l.grid, grid, sizeof l.grid);
  std::memcpy(l.block, block, sizeof l.block);
  l.smem = smem;
  l.firstParam = rec.params.size();
  l.paramCount = paramCount;
  l.byteBegin = rec.bytes.size();
  for (size_t i = 0; i < paramCount; ++i) {
    size_t offset = (rec.bytes.size() + 7) & ~size_t(7);
    rec.bytes.resize(offset + sizes[i]);
    std::memcpy(rec.bytes.data() + offset, params[i], sizes[i]);
    rec.params.push_back(offset);
  }
  l.byteEnd = rec.bytes.size();
  rec.launches.push_back(l);
  return true;
}

bool recording() { return tState.recording; }

bool deferFree(void *ptr, size_t bytes, CUstream stream) {
  ThreadState &t = tState;
  if (!t.recording)
    return false;
  t.rec.frees.emplace_back(ptr, stream);
  t.rec.heldBytes += bytes;
  if (t.rec.heldBytes > kMaxHeldBytes)
    flush();
  return true;
}

void flush() {
  ThreadState &t = tState;
  if (!t.recording)
    return;
  t.recording = false;
  arrayc_rt::cuda::makeContextCurrent();
  launchEager(t.rec);
  releaseFrees(t.rec);
  t.rec.clear();
}

void forgetModules() { gGeneration.fetch_add(1, std::memory_order_acq_rel); }

void abandon() {
  ThreadState &t = tState;
  t.depth = 0;
  if (!t.recording)
    return;
  t.recording = false;
  arrayc_rt::cuda::makeContextCurrent();
  releaseFrees(t.rec); // the recorded kernels are never queued
  t.rec.clear();
}

} // namespace arrayc_rt::graphs

extern "C" {

// A compiled call's NVTX range (pass arrayc-nvtx-ranges): `name` is a 1-d
// memref of the NUL-terminated function name.
ARRAYC_RT_API void arrayc_rt_range_push(int64_t /*rank*/, void *name) {
  struct Text {
    char *allocated, *aligned;
    int64_t offset, size, stride;
  };
  const Text *t = static_cast<const Text *>(name);
  nvtxRangePushA(t->aligned + t->offset);
}

ARRAYC_RT_API void arrayc_rt_range_pop(void) { nvtxRangePop(); }

ARRAYC_RT_API void arrayc_rt_graph_begin(void) {
  ThreadState &t = tState;
  if (t.depth++ > 0 || !gEnabled.load(std::memory_order_relaxed))
    return;
  uint64_t generation = gGeneration.load(std::memory_order_acquire);
  if (t.generation != generation) {
    arrayc_rt::cuda::makeContextCurrent();
    dropGraphs(t);
    t.paramSizes.clear();
    t.generation = generation;
  }
  t.rec.clear();
  t.recording = true;
}

ARRAYC_RT_API void arrayc_rt_graph_end(void) {
  ThreadState &t = tState;
  if (t.depth == 0 || --t.depth > 0 || !t.recording)
    return;
  t.recording = false;
  finish(t);
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_set_graphs_enabled(int enabled) {
  if (tState.depth > 0)
    return arrayc_rt::setError(ARRAYC_RT_ERR_INVALID,
                               "arrayc_rt_set_graphs_enabled: called inside a compiled call");
  gEnabled.store(enabled != 0, std::memory_order_relaxed);
  return ARRAYC_RT_OK;
}

ARRAYC_RT_API int arrayc_rt_graphs_enabled(void) {
  return gEnabled.load(std::memory_order_relaxed) ? 1 : 0;
}

ARRAYC_RT_API void arrayc_rt_get_graph_stats(arrayc_rt_graph_stats *stats) {
  if (!stats)
    return;
  stats->recorded_calls = gRecordedCalls.load(std::memory_order_relaxed);
  stats->graphs_built = gGraphsBuilt.load(std::memory_order_relaxed);
  stats->graph_launches = gGraphLaunches.load(std::memory_order_relaxed);
}

} // extern "C"
