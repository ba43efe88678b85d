//===- Tuning.h - the GPU mapping's tuning constants ------------*- C++ -*-===//
//
// Every number the strategies of arrayc-gpu-map-linalg are tuned by, with
// why it has its value. The block size and the grid cap are pass options
// (`block-size`, `max-blocks`: MapContext); these are not, because the
// kernels' shapes (shuffle widths, tile layouts) are built around them.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_GPUMAP_TUNING_H
#define ARRAYC_TRANSFORMS_GPUMAP_TUNING_H

#include <cstdint>
#include <limits>

namespace arrayc::gpumap {

/// Threads of a warp: the width of the shuffles block reductions and scans
/// use (NVIDIA's warp size on every architecture we target).
inline constexpr int64_t kWarp = 32;

/// Bytes of one vector access (ld/st.global.v4.f32 and its kin): the widest
/// load a thread issues, so a vector kernel moves 16 / element-bytes elements
/// per access. Buffers are checked for this alignment at run time.
inline constexpr int64_t kVectorBytes = 16;

/// Largest point count whose coordinates a kernel computes in 32 bits: any
/// coordinate and linear index of such a space fits an i32, and a 64-bit
/// division is several times the instructions of a 32-bit one.
inline constexpr int64_t kNarrowMax = std::numeric_limits<int32_t>::max();

/// Independent accumulators of a thread's strided fold (block reductions,
/// arg-reductions): four loads in flight per thread hide DRAM latency
/// without spilling registers.
inline constexpr int64_t kAccumulators = 4;

/// Slices (blocks) per output of a block reduction: at least this many
/// points per thread (fewer would make the pass over the partials dominate),
/// at most kMaxSlices slices (the last block folds the partials with its
/// block's threads, so 4096 is 16 steps at 256 threads).
inline constexpr int64_t kMinPointsPerThread = 16;
/// The same for bodies with two or more transcendental functions or
/// divisions per point: compute, not the pass over the partials, bounds them.
inline constexpr int64_t kCostlyPointsPerThread = 2;
inline constexpr int64_t kMaxSlices = 4096;
/// Partials of one output are padded to a multiple of this many elements so
/// that no two outputs' partials share a cache line: the last block reads
/// only lines nobody else read in the kernel (no stale L1 copies).
inline constexpr int64_t kPartialPad = 128;

/// Elements a thread scans per tile (a tile is kScanItems * block-size
/// elements): all its loads are issued before the first is used, enough to
/// keep a scan bandwidth-bound.
inline constexpr int64_t kScanItems = 16;
/// Rows shorter than this keep the scan's loop, a thread per row: a warp
/// per row would leave most of its lanes idle.
inline constexpr int64_t kScanMinLength = 32;

/// Rows below this take the per-op kernels instead of a row group (one block
/// per row would not fill the GPU; those kernels split a row over several
/// blocks).
inline constexpr int64_t kMinRows = 512;

/// Row groups whose reduced rows have fewer points than this take the
/// per-op kernels instead: a block or a warp per row of a few points
/// leaves most of its threads idle, where the per-op reduction kernels run
/// a thread per output.
inline constexpr int64_t kMinRowPoints = 32;

/// Rows of at most this many points run a row group's kernel with a warp
/// per row (blockSize / 32 rows a block, at most 32 points a lane), and the
/// reductions and arg-reductions of 32 or more such rows with a group of
/// lanes per row (kLanePoints). The row group's
/// reductions are shuffles alone and its members are separated by a warp
/// barrier, where a block per row would spend two block barriers per
/// reduction on a row of a few points per thread (softmax over 448
/// columns: 1.8 ms against a 0.55 ms floor).
inline constexpr int64_t kWarpRowMax = 1024;

/// Points a lane folds in the reductions' lane-group kernels: rows of R
/// points take the power of two of lanes, at most a warp, nearest above
/// R / kLanePoints (rows of 64: 8 lanes each, 4 rows a warp).
inline constexpr int64_t kLanePoints = 8;

/// Shared memory a row group's kernel sets aside for staged rows (a static
/// buffer: 8192 f32; with the reductions' scratch, 6 blocks of 256 threads
/// fit on an SM of 228 KiB). Static, not dynamic, shared memory: NVPTX
/// demotes the upstream lowering's zero-sized `__dynamic_shmem__` global
/// to a one-byte static variable, which other static buffers would overlap.
inline constexpr int64_t kMaxStageBytes = 32 * 1024;

/// Side of a transpose's shared-memory tile: a warp reads one tile row (32
/// consecutive elements, coalesced) and the 32x33 padding puts a tile column
/// in 32 distinct banks.
inline constexpr int64_t kTile = 32;

/// Threads of the one block a host loop of scalar steps and whole
/// reductions runs on (ScalarLoops.cpp): a reduction of a few thousand
/// points is then a few loads per thread, all in flight at once, and one
/// block-wide combine.
inline constexpr int64_t kBlockLoopThreads = 1024;

/// The most points a reduction of such a loop may have (bounded before the
/// loop by its inputs' sizes) for the loop to run on one block; above it
/// the loop stays on the host, its reductions on the whole GPU (one block
/// moves ~100 GB/s, so 64 Ki points of f64 take ~5 us there).
inline constexpr int64_t kBlockLoopMaxPoints = 1 << 16;

} // namespace arrayc::gpumap

#endif // ARRAYC_TRANSFORMS_GPUMAP_TUNING_H
