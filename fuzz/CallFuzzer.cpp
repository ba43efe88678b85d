//===- CallFuzzer.cpp - random descriptors through arrayc_call ------------===//
//
// Each input fills the argument descriptors of a call to one of a few
// compiled functions field by field (rank, dtype, device, sizes, strides,
// data), as a C caller may, and calls arrayc_call on the cpu target.
// An independent model with 128-bit arithmetic says which descriptors the API
// must refuse; the fuzzer traps when one of those is accepted. A descriptor
// the model accepts is passed only when the memory it addresses lies inside
// the fuzzer's buffer (the promise the C API cannot check), so any read
// outside it -- by the argument checks, the staging copy or compiled code --
// is an AddressSanitizer error.
//
//===----------------------------------------------------------------------===//
#include "arrayc/arrayc.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace {

constexpr const char *kSource = R"(import numpy as np

def sqdiff(x: f32[n], y: f32[n]) -> f32[n]:
    return (x - y) ** 2

def colstats(x: f64[n, 4]) -> (f64[4], f64):
    return np.sum(x, axis=0), np.max(x)

def saxpy(a: f32, x: f32[n], y: f32[n]) -> f32[n]:
    return a * x + y

def count(k: i64[m, n, p]) -> i64:
    return np.sum(k)
)";
constexpr const char *kFunctions[] = {"sqdiff", "colstats", "saxpy", "count"};
constexpr int kNumFunctions = 4;
constexpr size_t kBufferBytes = size_t(1) << 20;
alignas(64) char buffer[kBufferBytes];

// The context and module live as long as the process.
arrayc_context ctx;
arrayc_module mod;
arrayc_function functions[kNumFunctions];

bool setUp() {
  arrayc_context_options o;
  arrayc_context_options_init(&o);
  o.target = ARRAYC_TARGET_CPU;
  if (arrayc_context_create(&o, &ctx) != ARRAYC_OK ||
      arrayc_compile(ctx, kSource, std::strlen(kSource), nullptr, &mod) != ARRAYC_OK)
    std::abort();
  for (int i = 0; i < kNumFunctions; ++i)
    if (arrayc_module_lookup(mod, kFunctions[i], &functions[i]) != ARRAYC_OK)
      std::abort();
  for (size_t i = 0; i < kBufferBytes; ++i)
    buffer[i] = static_cast<char>(i * 37);
  return true;
}

int64_t elementSize(int32_t dtype) {
  static const int64_t sizes[] = {1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 2, 4, 8, 8, 16};
  return dtype >= 0 && dtype <= 14 ? sizes[dtype] : 0;
}

/// The model: whether the API must accept the descriptor's fields (not
/// whether it fits the function's signature), and if so whether the bytes it
/// addresses lie in `buffer` (and it has at most the buffer's size).
struct Verdict {
  bool valid = false, inBuffer = false;
};

Verdict judge(const arrayc_array &a) {
  using i128 = __int128;
  Verdict v;
  int64_t es = elementSize(a.dtype);
  if (a.rank < 0 || a.rank > ARRAYC_MAX_RANK || !es || a.device != -1)
    return v; // device >= 0: a cpu context refuses device arrays
  i128 elements = 1, lo = 0, hi = 0;
  for (int d = 0; d < a.rank; ++d) {
    if (a.shape[d] < 0)
      return v;
    elements *= a.shape[d];
    if (elements > INT64_MAX)
      return v;
  }
  if (elements * es > INT64_MAX)
    return v;
  if (elements == 0) {
    // Left out: an empty array with a huge other size ([0, 2^40]); the
    // compiled loops run through the outer sizes (docs/reliability.md).
    v.valid = true;
    v.inBuffer = true;
    for (int d = 0; d < a.rank; ++d)
      v.inBuffer &= a.shape[d] <= (int64_t(1) << 16);
    return v;
  }
  if (!a.data)
    return v;
  for (int d = 0; d < a.rank; ++d) {
    i128 span = i128(a.shape[d] - 1) * a.strides[d];
    (span < 0 ? lo : hi) += span;
  }
  i128 base = static_cast<i128>(reinterpret_cast<uintptr_t>(a.data));
  i128 first = base + lo * es, end = base + (hi + 1) * es;
  if (lo * es < INT64_MIN || (hi + 1) * es > INT64_MAX || first < 0 ||
      end > static_cast<i128>(UINTPTR_MAX))
    return v;
  v.valid = true;
  i128 begin = static_cast<i128>(reinterpret_cast<uintptr_t>(buffer));
  // Zero strides address few bytes for many elements: calls that would copy
  // more than the buffer's size are left out too (time, not correctness).
  v.inBuffer = first >= begin && end <= begin + i128(kBufferBytes) &&
               elements * es <= i128(kBufferBytes);
  return v;
}

template <typename T> T smallOrAny(FuzzedDataProvider &in, T lo, T hi) {
  return in.ConsumeBool() ? in.ConsumeIntegralInRange<T>(lo, hi) : in.ConsumeIntegral<T>();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static bool ready = setUp();
  (void)ready;
  FuzzedDataProvider in(data, size);
  arrayc_function fn = functions[in.ConsumeIntegralInRange(0, kNumFunctions - 1)];
  int32_t nargs = in.ConsumeIntegralInRange(0, 4);
  int32_t nresults = in.ConsumeIntegralInRange(0, 3);
  arrayc_array args[4], results[3];
  bool mustFail = false;
  for (int32_t i = 0; i < nargs; ++i) {
    arrayc_array &a = args[i];
    std::memset(&a, 0, sizeof(a));
    a.rank = smallOrAny<int32_t>(in, 0, 3);
    a.dtype = smallOrAny<int32_t>(in, 0, 15);
    a.device = in.ConsumeBool() ? -1 : in.ConsumeIntegral<int32_t>();
    for (int d = 0; d < ARRAYC_MAX_RANK; ++d) {
      a.shape[d] = smallOrAny<int64_t>(in, 0, 9);
      a.strides[d] = smallOrAny<int64_t>(in, -12, 12);
    }
    if (in.ConsumeBool()) // C order, as arrayc_array_init gives
      for (int64_t d = int64_t(a.rank) - 1, stride = 1; d >= 0 && d < ARRAYC_MAX_RANK; --d) {
        a.strides[d] = stride;
        stride = static_cast<int64_t>(static_cast<uint64_t>(stride) *
                                      static_cast<uint64_t>(a.shape[d])); // may wrap
      }
    size_t offset = in.ConsumeIntegralInRange<size_t>(0, kBufferBytes / 16) * 16;
    a.data = in.ConsumeBool() ? static_cast<void *>(buffer + offset)
             : in.ConsumeBool() ? nullptr
                                : reinterpret_cast<void *>(in.ConsumeIntegral<uintptr_t>());
    Verdict v = judge(a);
    if (v.valid && !v.inBuffer)
      return 0; // fields the API accepts, memory the fuzzer does not have
    mustFail |= !v.valid;
  }
  arrayc_status status = arrayc_call(fn, args, nargs, results, nresults);
  if (status == ARRAYC_OK) {
    if (mustFail)
      __builtin_trap(); // accepted a descriptor the model refuses
    for (int32_t i = 0; i < nresults; ++i)
      arrayc_array_release(&results[i]);
  }
  return 0;
}
