// Device buffers of the other processes of one host, through CUDA IPC: the
// NCCL backend (coll_nccl.cpp) writes its rows of a gathered matrix product
// straight into every other GPU's result with copy engines while cuBLAS
// computes the next rows (Backend::computeAndGatherRows), so the exchange
// takes no SMs from the product. docs/distributed.md.
#ifndef ARRAYC_RT_COLL_IPC_H
#define ARRAYC_RT_COLL_IPC_H

#include <cuda.h>

#include <cstdint>
#include <vector>

namespace arrayc_rt::coll {

/// What a process tells the others of its group about one of its device
/// buffers so that they can write into it (exchanged as bytes).
struct IpcRecord {
  CUipcMemHandle handle; // of the allocation holding the buffer
  uint64_t offset;       // of the buffer in that allocation
  uint64_t host;         // hostIdentity() of the exporting process
  int32_t exported;      // 0: the buffer cannot be shared (handle unset)
  int32_t reserved;
};

/// Which machine (and boot of it) this process runs on: processes with the
/// same value may share device memory through CUDA IPC.
uint64_t hostIdentity();

/// The record of device buffer `p` (of the current context): `exported` 0
/// where CUDA cannot export its allocation (memory of a stream-ordered pool
/// or managed memory, for instance).
IpcRecord exportBuffer(const void *p);

/// Other processes' buffers mapped into this one, kept across calls (a
/// caching pool hands the same blocks out call after call): a mapping is
/// opened once per allocation and closed when the cache is full and it was
/// not used since the last `beginUse`.
class IpcMappings {
public:
  /// Starts a use of mappings: those mapped before it may be closed from
  /// now on (the caller has waited for every copy into them).
  void beginUse() { ++epoch_; }
  /// `record`'s buffer, as this process addresses it, or null where it
  /// cannot be mapped (another host, not exported, or CUDA refuses).
  char *map(const IpcRecord &record);
  /// Closes every mapping (the current context must still be alive; at the
  /// process's exit the mappings go with it).
  void clear();

private:
  struct Mapping {
    CUipcMemHandle handle;
    CUdeviceptr base;
    uint64_t epoch;
  };
  /// At most this many allocations stay mapped (each keeps the peer's
  /// memory alive until closed here).
  static constexpr size_t kMaxMappings = 16;
  std::vector<Mapping> mappings_;
  uint64_t epoch_ = 0;
};

} // namespace arrayc_rt::coll

#endif // ARRAYC_RT_COLL_IPC_H
