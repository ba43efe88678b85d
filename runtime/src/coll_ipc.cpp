// Device buffers of the other processes of one host (coll_ipc.h).
#include "coll_ipc.h"

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>

namespace arrayc_rt::coll {

uint64_t hostIdentity() {
  static const uint64_t id = [] {
    char name[256] = {};
    gethostname(name, sizeof name - 1);
    std::string boot;
    std::ifstream("/proc/sys/kernel/random/boot_id") >> boot;
    return static_cast<uint64_t>(std::hash<std::string>()(std::string(name) + "/" + boot));
  }();
  return id;
}

IpcRecord exportBuffer(const void *p) {
  IpcRecord record{};
  record.host = hostIdentity();
  CUdeviceptr base = 0;
  size_t size = 0;
  auto ptr = reinterpret_cast<CUdeviceptr>(p);
  if (cuMemGetAddressRange(&base, &size, ptr) != CUDA_SUCCESS ||
      cuIpcGetMemHandle(&record.handle, base) != CUDA_SUCCESS)
    return record;
  record.offset = ptr - base;
  record.exported = 1;
  return record;
}

char *IpcMappings::map(const IpcRecord &record) {
  if (!record.exported || record.host != hostIdentity())
    return nullptr;
  auto same = [&](const Mapping &m) {
    return std::memcmp(&m.handle, &record.handle, sizeof record.handle) == 0;
  };
  auto it = std::find_if(mappings_.begin(), mappings_.end(), same);
  if (it == mappings_.end()) {
    // Room first: a mapping not used since beginUse has no copy in flight.
    if (mappings_.size() >= kMaxMappings) {
      auto old = std::min_element(mappings_.begin(), mappings_.end(),
                                  [](const Mapping &a, const Mapping &b) {
                                    return a.epoch < b.epoch;
                                  });
      if (old->epoch < epoch_) {
        cuIpcCloseMemHandle(old->base);
        mappings_.erase(old);
      }
    }
    CUdeviceptr base = 0;
    if (cuIpcOpenMemHandle(&base, record.handle, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS) !=
        CUDA_SUCCESS)
      return nullptr;
    it = mappings_.insert(mappings_.end(), Mapping{record.handle, base, epoch_});
  }
  it->epoch = epoch_;
  return reinterpret_cast<char *>(it->base + record.offset);
}

void IpcMappings::clear() {
  for (const Mapping &m : mappings_)
    cuIpcCloseMemHandle(m.base);
  mappings_.clear();
}

} // namespace arrayc_rt::coll
