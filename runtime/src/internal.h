// Internal helpers shared by the runtime's translation units.
#ifndef ARRAYC_RT_INTERNAL_H
#define ARRAYC_RT_INTERNAL_H

#include "arrayc_rt/dtypes.h"
#include "arrayc_rt/runtime.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace arrayc_rt {

class CachingPool;
// The cpu target's cache of large host buffers (host_memory.cpp), or nullptr
// when it is off (ARRAYC_HOST_POOL=0, AddressSanitizer).
CachingPool *hostPool();

// The cpu target's thread count (threads.cpp): ARRAYC_NUM_THREADS, else
// OpenMP's default; read once, and given to OpenBLAS too when set.
int32_t numThreads();

/// OpenBLAS's kernel set ("Haswell", "SkylakeX"...; null when OpenBLAS does
/// not say), and its reselection by the CPU's features (threads.cpp): done
/// at load when OpenBLAS fell back to its generic Prescott kernels; the core
/// chosen, or null when nothing changed.
const char *openBLASCoreName();
const char *reselectOpenBLASKernels(bool onlyFromFallback);

// Sets the thread-local error message and returns st. Exported from
// libarrayc_runtime for libarrayc_runtime_cuda (one error slot for both).
__attribute__((visibility("default"))) arrayc_rt_status setError(arrayc_rt_status st,
                                                                 const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

// Returns the status of `expr` from the enclosing function unless it is OK.
#define ARRAYC_RT_TRY(expr)                                                                \
  do {                                                                                     \
    arrayc_rt_status st_ = (expr);                                                         \
    if (st_ != ARRAYC_RT_OK)                                                               \
      return st_;                                                                          \
  } while (0)

// Calls f(T{}) with the C++ type of a real dtype (bool, integers, floats);
// false for the others. `Bool` is the type bool arrays are read as (CUB
// sorts them as uint8_t).
template <class Bool = bool, class F> bool withRealType(int32_t dtype, F f) {
  switch (dtype) {
  case ARRAYC_RT_BOOL: f(Bool{}); return true;
  case ARRAYC_RT_I8: f(int8_t{}); return true;
  case ARRAYC_RT_I16: f(int16_t{}); return true;
  case ARRAYC_RT_I32: f(int32_t{}); return true;
  case ARRAYC_RT_I64: f(int64_t{}); return true;
  case ARRAYC_RT_U8: f(uint8_t{}); return true;
  case ARRAYC_RT_U16: f(uint16_t{}); return true;
  case ARRAYC_RT_U32: f(uint32_t{}); return true;
  case ARRAYC_RT_U64: f(uint64_t{}); return true;
  case ARRAYC_RT_F32: f(float{}); return true;
  case ARRAYC_RT_F64: f(double{}); return true;
  default: return false;
  }
}

// The numpy.fft transforms (fft.cpp, cufft.cpp) and their names in messages.
enum class FftKind { Fft, Ifft, Rfft, Irfft };
inline const char *fftKindName(FftKind k) {
  switch (k) {
  case FftKind::Fft: return "fft";
  case FftKind::Ifft: return "ifft";
  case FftKind::Rfft: return "rfft";
  case FftKind::Irfft: return "irfft";
  }
  return "?";
}

// The numpy.fft entry points (fft.cpp, cufft.cpp): X(name, storage, real type, kind).
#define ARRAYC_RT_FOR_EACH_FFT(X)                                                          \
  X(fft, c64, float, Fft)                                                                  \
  X(fft, c128, double, Fft)                                                                \
  X(ifft, c64, float, Ifft)                                                                \
  X(ifft, c128, double, Ifft)                                                              \
  X(rfft, f32, float, Rfft)                                                                \
  X(rfft, f64, double, Rfft)                                                               \
  X(irfft, c64, float, Irfft)                                                              \
  X(irfft, c128, double, Irfft)

// A ranked view of an MLIR memref descriptor.
struct MemrefView {
  char *aligned = nullptr; // points at element 0 (aligned + offset applied)
  int64_t rank = 0;
  std::vector<int64_t> sizes, strides;
};
MemrefView viewMemref(int64_t rank, void *desc, size_t elemSize);
// Rank-1 i8 memref -> std::string (handles device memory through the hooks).
// Exported for libarrayc_runtime_cuda's error locations.
__attribute__((visibility("default"))) std::string memrefString(int64_t rank, void *desc);

// Total element count; false on overflow or negative size.
bool numElements(int64_t rank, const int64_t *sizes, int64_t *out);

// Host staging for possibly-device strided data.
// Copies the extent spanned by sizes/strides to host when data is device memory.
class HostStage {
public:
  HostStage() = default;
  HostStage(const HostStage &) = delete;
  HostStage &operator=(const HostStage &) = delete;
  ~HostStage(); // returns pinned staging memory
  // After init, hostBase() points at element 0 in host memory.
  arrayc_rt_status init(const void *data, int64_t rank, const int64_t *sizes,
                        const int64_t *strides, size_t elemSize, bool readBack);
  char *hostBase() const { return base_; }
  bool isDevice() const { return device_; }
  // Writes the host copy back to the device (when device).
  arrayc_rt_status writeBack();

private:
  std::vector<char> buf_; // the staging copy, unless pinned_ holds it
  void *pinned_ = nullptr;
  char *host_ = nullptr;   // the staging copy's start
  char *base_ = nullptr;
  char *devStart_ = nullptr;
  size_t bytes_ = 0;
  bool device_ = false;
};

bool isDevicePtr(const void *p);
int copyToHost(void *dst, const void *src, size_t bytes);
int copyToDevice(void *dst, const void *src, size_t bytes);

// Calls f(char *elem) for every element in C order.
template <typename F>
void forEachElement(char *base, int64_t rank, const int64_t *sizes,
                    const int64_t *strides, size_t elemSize, F f) {
  for (int64_t i = 0; i < rank; ++i)
    if (sizes[i] <= 0) return;
  if (rank == 0) { f(base); return; }
  std::vector<int64_t> idx(rank, 0);
  char *p = base;
  while (true) {
    f(p);
    int64_t d = rank - 1;
    while (d >= 0) {
      ++idx[d];
      p += strides[d] * (int64_t)elemSize;
      if (idx[d] < sizes[d]) break;
      p -= strides[d] * (int64_t)elemSize * sizes[d];
      idx[d] = 0;
      --d;
    }
    if (d < 0) return;
  }
}

std::string formatArray(int32_t dtype, int64_t rank, const int64_t *sizes,
                        const int64_t *strides, const char *hostData);

} // namespace arrayc_rt

#endif
