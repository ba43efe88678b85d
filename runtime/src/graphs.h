//===- graphs.h - replaying a compiled function's launches as a CUDA graph ===//
//
// Compiled cuda functions bracket their bodies with arrayc_rt_graph_begin and
// arrayc_rt_graph_end (arrayc-cuda-graph-calls). Between the two, the calling
// thread records its kernel launches instead of issuing them, and holds back
// the pool frees of the call (so no block a recorded kernel uses can be handed
// out, or released to the driver, before that kernel is queued). At the end:
//  - the first time a sequence of launches (kernels, grids, blocks, shared
//    memory) is seen, it is launched as it was recorded, kernel by kernel;
//  - the second time, it becomes a CUDA graph (a chain of kernel nodes,
//    instantiated once), launched with one cuGraphLaunch;
//  - from then on the graph is replayed, after updating only the nodes whose
//    argument values changed (cuGraphExecKernelNodeSetParams).
// Anything else that touches the device during a recorded call (a copy, a
// memset, a library call, a synchronization, another stream) first launches
// what was recorded, in order, and the rest of the call runs as usual, so
// the order of device work is always the order of the program.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_RT_GRAPHS_H
#define ARRAYC_RT_GRAPHS_H

#include <cuda.h>

#include <cstddef>

namespace arrayc_rt::graphs {

/// Records `function`'s launch when the calling thread is recording for
/// `stream`; false when the caller must launch it itself (not recording,
/// another stream, or `extra` arguments).
bool recordLaunch(CUfunction function, const unsigned grid[3], const unsigned block[3],
                  unsigned smem, CUstream stream, void **params, size_t paramCount,
                  void **extra);
/// Whether the calling thread is recording a call.
bool recording();
/// Holds back the free of a `bytes`-byte block until the recorded launches
/// are queued; false when not recording (the caller frees now).
bool deferFree(void *ptr, size_t bytes, CUstream stream);
/// Queues what the calling thread has recorded, kernel by kernel, then the
/// held-back frees; the rest of the call is not recorded. A no-op when not
/// recording. Called before any other device work of a recorded call.
void flush();
/// Graphs hold kernels of loaded modules: drop every thread's graphs.
void forgetModules();
/// The calling thread's call failed (a recoverable region, runtime.h): drops
/// what it recorded, releases the frees it held back, leaves every call.
void abandon();

} // namespace arrayc_rt::graphs

namespace arrayc_rt::cuda {
/// Prints "arrayc: error: CUDA: <call>: <name>: <text> (<what>)" and exits 1
/// (arrayc_rt_fatal_status: inside a recoverable region, ends its call).
[[noreturn]] void fail(const char *call, CUresult r, const char *what);
/// Returns `ptr` to the device pool, its last use queued on `stream` (cuda.cpp).
void poolFree(void *ptr, CUstream stream);
} // namespace arrayc_rt::cuda

#endif // ARRAYC_RT_GRAPHS_H
