#include <chrono>
#include <cstring>
// Entry points called by compiled code: thin exit-on-error wrappers.
#include "internal.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace arrayc_rt;

namespace {

[[noreturn]] void fail(const std::string &loc) {
  arrayc_rt_fatal(loc.c_str(), arrayc_rt_last_error());
}

void checkStorage(int32_t dtype, size_t elemSize, const char *what, const std::string &loc) {
  if (arrayc_rt_dtype_size(dtype) != elemSize) {
    setError(ARRAYC_RT_ERR_INVALID, "%s: dtype code %d does not match the %zu-byte element storage",
             what, dtype, elemSize);
    fail(loc);
  }
}

void printImpl(int64_t rank, void *desc, int32_t dtype, size_t es) {
  checkStorage(dtype, es, "print", "");
  MemrefView v = viewMemref(rank, desc, es);
  char *out = nullptr;
  size_t len = 0;
  if (arrayc_rt_format_array(dtype, v.rank, v.sizes.data(), v.strides.data(), v.aligned, &out,
                             &len) != ARRAYC_RT_OK)
    fail("");
  fwrite(out, 1, len, stdout);
  free(out);
}

void saveImpl(int64_t prank, void *pdesc, int64_t rank, void *desc, int32_t dtype, int64_t lrank,
              void *ldesc, size_t es) {
  std::string loc = memrefString(lrank, ldesc);
  checkStorage(dtype, es, "save", loc);
  std::string path = memrefString(prank, pdesc);
  // numpy.save: ".npy is appended to the file name if it does not already
  // have one" (np.save("out", x) writes out.npy).
  if (path.size() < 4 || path.compare(path.size() - 4, 4, ".npy") != 0)
    path += ".npy";
  MemrefView v = viewMemref(rank, desc, es);
  if (arrayc_rt_npy_write(path.c_str(), dtype, v.rank, v.sizes.data(), v.strides.data(),
                          v.aligned) != ARRAYC_RT_OK)
    fail(loc);
}

void loadImpl(int64_t prank, void *pdesc, int64_t rank, void *desc, int32_t dtype, int64_t lrank,
              void *ldesc, size_t es) {
  std::string loc = memrefString(lrank, ldesc);
  checkStorage(dtype, es, "load", loc);
  std::string path = memrefString(prank, pdesc);
  MemrefView v = viewMemref(rank, desc, es);
  if (arrayc_rt_npy_read(path.c_str(), dtype, v.rank, v.sizes.data(), v.strides.data(),
                         v.aligned) != ARRAYC_RT_OK)
    fail(loc);
}

} // namespace

extern "C" {

void arrayc_rt_load_shape(int64_t prank, void *pdesc, int32_t dtype, int64_t rank, int64_t srank,
                          void *sdesc, int64_t lrank, void *ldesc) {
  std::string loc = memrefString(lrank, ldesc);
  std::string path = memrefString(prank, pdesc);
  MemrefView s = viewMemref(srank, sdesc, sizeof(int64_t));
  if (srank != 1 || !s.aligned || s.sizes[0] < rank || rank < 0 || rank > ARRAYC_RT_NPY_MAX_RANK) {
    setError(ARRAYC_RT_ERR_INVALID, "%s: invalid shape buffer for rank %lld", path.c_str(),
             (long long)rank);
    fail(loc);
  }
  int64_t *base = reinterpret_cast<int64_t *>(s.aligned);
  std::vector<int64_t> dims((size_t)rank);
  for (int64_t i = 0; i < rank; ++i) dims[i] = base[i * s.strides[0]];
  if (arrayc_rt_npy_check(path.c_str(), dtype, rank, dims.data()) != ARRAYC_RT_OK) fail(loc);
  for (int64_t i = 0; i < rank; ++i) base[i * s.strides[0]] = dims[i];
}

#define ARRAYC_RT_DEFINE_TYPED(T, SIZE)                                                    \
  void arrayc_rt_print_##T(int64_t rank, void *desc, int32_t dtype) {                      \
    printImpl(rank, desc, dtype, SIZE);                                                    \
  }                                                                                        \
  void arrayc_rt_save_##T(int64_t prank, void *pdesc, int64_t rank, void *desc,            \
                          int32_t dtype, int64_t lrank, void *ldesc) {                     \
    saveImpl(prank, pdesc, rank, desc, dtype, lrank, ldesc, SIZE);                         \
  }                                                                                        \
  void arrayc_rt_load_##T(int64_t prank, void *pdesc, int64_t rank, void *desc,            \
                          int32_t dtype, int64_t lrank, void *ldesc) {                     \
    loadImpl(prank, pdesc, rank, desc, dtype, lrank, ldesc, SIZE);                         \
  }

ARRAYC_RT_DEFINE_TYPED(i1, 1)
ARRAYC_RT_DEFINE_TYPED(i8, 1)
ARRAYC_RT_DEFINE_TYPED(i16, 2)
ARRAYC_RT_DEFINE_TYPED(i32, 4)
ARRAYC_RT_DEFINE_TYPED(i64, 8)
ARRAYC_RT_DEFINE_TYPED(f16, 2)
ARRAYC_RT_DEFINE_TYPED(bf16, 2)
ARRAYC_RT_DEFINE_TYPED(f32, 4)
ARRAYC_RT_DEFINE_TYPED(f64, 8)
ARRAYC_RT_DEFINE_TYPED(c64, 8)
ARRAYC_RT_DEFINE_TYPED(c128, 16)

void arrayc_rt_perf_counter(int64_t rank, void *desc) {
  // On the cuda target kernels are queued, not finished, when the host gets
  // here: wait for the device first (the device hook; nothing on cpu), so the
  // clock times the work, not its launches (test/runtime/perf-counter-waits.test).
  arrayc_rt_sync();
  double t = std::chrono::duration<double>(
                 std::chrono::steady_clock::now().time_since_epoch())
                 .count();
  MemrefView v = viewMemref(rank, desc, sizeof(double));
  if (!v.aligned)
    return;
  if (isDevicePtr(v.aligned))
    copyToDevice(v.aligned, &t, sizeof t);
  else
    std::memcpy(v.aligned, &t, sizeof t);
}

} // extern "C"
