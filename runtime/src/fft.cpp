// numpy.fft on the CPU through FFTW3: the arrayc_rt_fft_* entry points.
//
// Each call transforms one axis of an N-d array (the other axes are a batch):
// the input is staged into a contiguous host buffer, cropped or zero-padded
// to the transform length along the axis (the output itself for the
// complex-to-complex transforms, which then run in place), transformed by a
// cached FFTW plan executed on these buffers (new-array execution), and
// scaled for `norm`. Device buffers (the cuda target) are copied to the host
// and back through the device hooks: host-staged until cuFFT lands.
#include "internal.h"

#include <fftw3.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

using namespace arrayc_rt;

namespace {

using Kind = FftKind;

/// FFTW's API in one precision, so the transform code is written once.
template <typename Real> struct Fftw;
template <> struct Fftw<double> {
  using Plan = fftw_plan;
  using Cpx = fftw_complex;
  static Plan c2c(int hr, const fftw_iodim64 *h, const fftw_iodim64 *d, Cpx *i, Cpx *o, int sign,
                  unsigned f) {
    return fftw_plan_guru64_dft(1, d, hr, h, i, o, sign, f);
  }
  static Plan r2c(int hr, const fftw_iodim64 *h, const fftw_iodim64 *d, double *i, Cpx *o,
                  unsigned f) {
    return fftw_plan_guru64_dft_r2c(1, d, hr, h, i, o, f);
  }
  static Plan c2r(int hr, const fftw_iodim64 *h, const fftw_iodim64 *d, Cpx *i, double *o,
                  unsigned f) {
    return fftw_plan_guru64_dft_c2r(1, d, hr, h, i, o, f);
  }
  static void execC2C(Plan p, Cpx *i, Cpx *o) { fftw_execute_dft(p, i, o); }
  static void execR2C(Plan p, double *i, Cpx *o) { fftw_execute_dft_r2c(p, i, o); }
  static void execC2R(Plan p, Cpx *i, double *o) { fftw_execute_dft_c2r(p, i, o); }
};
template <> struct Fftw<float> {
  using Plan = fftwf_plan;
  using Cpx = fftwf_complex;
  static Plan c2c(int hr, const fftw_iodim64 *h, const fftw_iodim64 *d, Cpx *i, Cpx *o, int sign,
                  unsigned f) {
    return fftwf_plan_guru64_dft(1, d, hr, h, i, o, sign, f);
  }
  static Plan r2c(int hr, const fftw_iodim64 *h, const fftw_iodim64 *d, float *i, Cpx *o,
                  unsigned f) {
    return fftwf_plan_guru64_dft_r2c(1, d, hr, h, i, o, f);
  }
  static Plan c2r(int hr, const fftw_iodim64 *h, const fftw_iodim64 *d, Cpx *i, float *o,
                  unsigned f) {
    return fftwf_plan_guru64_dft_c2r(1, d, hr, h, i, o, f);
  }
  static void execC2C(Plan p, Cpx *i, Cpx *o) { fftwf_execute_dft(p, i, o); }
  static void execR2C(Plan p, float *i, Cpx *o) { fftwf_execute_dft_r2c(p, i, o); }
  static void execC2R(Plan p, Cpx *i, float *o) { fftwf_execute_dft_c2r(p, i, o); }
};

/// What a plan depends on: kind, precision, the transform length and batch
/// over C-contiguous buffers of the given shape, in place or not. (Plans are
/// made with FFTW_UNALIGNED, so they run on buffers of any alignment.)
using PlanKey = std::tuple<int, int, int64_t, std::vector<int64_t>, int64_t, bool>;

std::mutex gPlanMutex; // FFTW's planner is not thread-safe; execution is.
std::map<PlanKey, void *> gPlans;

/// C-order strides of `sizes`, in elements.
std::vector<int64_t> contiguousStrides(const std::vector<int64_t> &sizes) {
  std::vector<int64_t> st(sizes.size());
  int64_t s = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    st[d] = s;
    s *= sizes[d];
  }
  return st;
}

/// Copies the overlap of a strided source and a C-contiguous destination of
/// possibly different sizes; the rest of the destination is zero (NumPy's
/// crop/pad to `n`).
void copyCropPad(const char *src, const std::vector<int64_t> &srcSizes,
                 const std::vector<int64_t> &srcStrides, char *dst,
                 const std::vector<int64_t> &dstSizes, size_t es) {
  int64_t total = 1;
  for (int64_t s : dstSizes) total *= s;
  std::vector<int64_t> common(srcSizes.size());
  bool same = true;
  for (size_t d = 0; d < srcSizes.size(); ++d) {
    common[d] = std::min(srcSizes[d], dstSizes[d]);
    same = same && common[d] == dstSizes[d];
  }
  if (!same) std::memset(dst, 0, (size_t)total * es);
  std::vector<int64_t> dstStrides = contiguousStrides(dstSizes);
  // Walk the common region: source by its strides, destination by its own.
  int64_t rank = (int64_t)common.size();
  for (int64_t s : common)
    if (s <= 0) return;
  std::vector<int64_t> idx((size_t)rank, 0);
  while (true) {
    int64_t so = 0, dO = 0;
    for (int64_t d = 0; d < rank; ++d) {
      so += idx[d] * srcStrides[d];
      dO += idx[d] * dstStrides[d];
    }
    std::memcpy(dst + dO * (int64_t)es, src + so * (int64_t)es, es);
    int64_t d = rank - 1;
    while (d >= 0 && ++idx[d] == common[d]) idx[d--] = 0;
    if (d < 0) return;
  }
}

template <typename Real> struct Transform {
  using F = Fftw<Real>;
  using Cpx = typename F::Cpx;
  using C = std::complex<Real>;

  Kind kind;
  std::string loc;

  [[noreturn]] void fail(const char *fmt, long long a = 0, long long b = 0) {
    char msg[512];
    snprintf(msg, sizeof msg, fmt, a, b);
    std::string text = std::string(fftKindName(kind)) + ": " + msg;
    arrayc_rt_fatal(loc.c_str(), text.c_str());
  }
  /// Fails with the message a status-layer helper left.
  [[noreturn]] void failLastError() {
    std::string text = std::string(fftKindName(kind)) + ": " + arrayc_rt_last_error();
    arrayc_rt_fatal(loc.c_str(), text.c_str());
  }

  /// The plan over C-contiguous buffers of shapes inSizes/outSizes
  /// (transform along `axis`, length n), made once and cached.
  void *plan(const std::vector<int64_t> &inSizes, const std::vector<int64_t> &outSizes,
             int64_t axis, int64_t n, bool inPlace, void *in, void *out) {
    PlanKey key{(int)kind, (int)sizeof(Real), n, inSizes, axis, inPlace};
    std::lock_guard<std::mutex> g(gPlanMutex);
    auto it = gPlans.find(key);
    if (it != gPlans.end()) return it->second;
    std::vector<int64_t> is = contiguousStrides(inSizes), os = contiguousStrides(outSizes);
    fftw_iodim64 dim{n, is[axis], os[axis]};
    std::vector<fftw_iodim64> batch;
    for (size_t d = 0; d < inSizes.size(); ++d)
      if ((int64_t)d != axis) batch.push_back({inSizes[d], is[d], os[d]});
    // ESTIMATE: planning never touches the buffers; UNALIGNED: the plan runs
    // on whatever buffers later calls bring.
    unsigned flags = FFTW_ESTIMATE | FFTW_UNALIGNED;
    typename F::Plan p = nullptr;
    int hr = (int)batch.size();
    const fftw_iodim64 *h = batch.empty() ? nullptr : batch.data();
    switch (kind) {
    case Kind::Fft:
    case Kind::Ifft:
      p = F::c2c(hr, h, &dim, (Cpx *)in, (Cpx *)out,
                 kind == Kind::Fft ? FFTW_FORWARD : FFTW_BACKWARD, flags);
      break;
    case Kind::Rfft:
      p = F::r2c(hr, h, &dim, (Real *)in, (Cpx *)out, flags);
      break;
    case Kind::Irfft:
      p = F::c2r(hr, h, &dim, (Cpx *)in, (Real *)out, flags);
      break;
    }
    if (!p) fail("FFTW could not plan a transform of length %lld", n);
    gPlans[key] = (void *)p;
    return (void *)p;
  }

  void run(int64_t irank, void *idesc, int64_t orank, void *odesc, int64_t axis, int64_t n,
           int32_t norm) {
    bool realIn = kind == Kind::Rfft, realOut = kind == Kind::Irfft;
    size_t ies = realIn ? sizeof(Real) : sizeof(C), oes = realOut ? sizeof(Real) : sizeof(C);
    MemrefView iv = viewMemref(irank, idesc, ies), ov = viewMemref(orank, odesc, oes);
    if (irank < 1 || orank != irank || axis < 0 || axis >= irank)
      fail("invalid arguments (rank %lld, axis %lld)", irank, axis);
    if (n < 1) fail("Invalid number of FFT data points (%lld) specified.", n);
    if (norm < 0 || norm > 2) fail("invalid norm code %lld", norm);
    // The output's shape must be the input's with the transformed axis
    // replaced (the compiled code allocates it from the same sizes).
    int64_t outLen = kind == Kind::Rfft ? n / 2 + 1 : n;
    for (int64_t d = 0; d < irank; ++d)
      if (ov.sizes[d] != (d == axis ? outLen : iv.sizes[d]))
        fail("output size %lld along axis %lld does not match the transform", ov.sizes[d], d);
    int64_t outCount;
    if (!numElements(orank, ov.sizes.data(), &outCount)) fail("invalid output shape");
    if (outCount == 0) return; // an empty batch

    HostStage inStage, outStage;
    if (inStage.init(iv.aligned, irank, iv.sizes.data(), iv.strides.data(), ies, true) !=
            ARRAYC_RT_OK ||
        outStage.init(ov.aligned, orank, ov.sizes.data(), ov.strides.data(), oes, false) !=
            ARRAYC_RT_OK)
      failLastError();
    char *out = outStage.hostBase();
    std::vector<int64_t> contiguous = contiguousStrides(ov.sizes);
    for (int64_t d = 0; d < orank; ++d)
      if (ov.strides[d] != contiguous[d] && ov.sizes[d] > 1)
        fail("the output buffer is not contiguous (axis %lld)", d);

    // Stage the input cropped/padded to the length the transform reads.
    std::vector<int64_t> stageSizes = iv.sizes;
    stageSizes[axis] = kind == Kind::Irfft ? n / 2 + 1 : n;
    if (kind == Kind::Fft || kind == Kind::Ifft) {
      copyCropPad(inStage.hostBase(), iv.sizes, iv.strides, out, stageSizes, ies);
      F::execC2C((typename F::Plan)plan(stageSizes, ov.sizes, axis, n, true, out, out),
                 (Cpx *)out, (Cpx *)out);
    } else {
      int64_t count;
      numElements(irank, stageSizes.data(), &count);
      std::vector<char> scratch;
      try {
        scratch.resize((size_t)count * ies);
      } catch (...) {
        fail("cannot allocate %lld bytes of scratch memory", (long long)(count * (int64_t)ies));
      }
      copyCropPad(inStage.hostBase(), iv.sizes, iv.strides, scratch.data(), stageSizes, ies);
      if (kind == Kind::Rfft) {
        F::execR2C((typename F::Plan)plan(stageSizes, ov.sizes, axis, n, false,
                                          scratch.data(), out),
                   (Real *)scratch.data(), (Cpx *)out);
      } else {
        // NumPy ignores the imaginary parts of the zero-frequency term and,
        // for even n, of the Nyquist term: make that explicit for FFTW.
        std::vector<int64_t> st = contiguousStrides(stageSizes);
        C *z = reinterpret_cast<C *>(scratch.data());
        int64_t m = stageSizes[axis];
        for (int64_t i = 0; i < count; ++i) {
          int64_t k = (i / st[axis]) % m;
          if (k == 0 || (n % 2 == 0 && k == n / 2)) z[i].imag(0);
        }
        F::execC2R((typename F::Plan)plan(stageSizes, ov.sizes, axis, n, false,
                                          scratch.data(), out),
                   (Cpx *)scratch.data(), (Real *)out);
      }
    }

    // norm: "backward" scales the inverse by 1/n, "forward" the forward
    // transform, "ortho" both by 1/sqrt(n).
    bool inverse = kind == Kind::Ifft || kind == Kind::Irfft;
    double scale = norm == 1 ? 1.0 / std::sqrt((double)n)
                   : (norm == 0) == inverse ? 1.0 / (double)n
                                            : 1.0;
    if (scale != 1.0) {
      Real s = (Real)scale;
      if (realOut)
        for (Real *p = (Real *)out, *e = p + outCount; p != e; ++p) *p *= s;
      else
        for (C *p = (C *)out, *e = p + outCount; p != e; ++p) *p *= s;
    }
    if (outStage.writeBack() != ARRAYC_RT_OK) failLastError();
  }
};

template <typename Real>
void runFft(Kind kind, int64_t irank, void *idesc, int64_t orank, void *odesc, int64_t axis,
            int64_t n, int32_t norm, int64_t lrank, void *ldesc) {
  Transform<Real> t{kind, memrefString(lrank, ldesc)};
  t.run(irank, idesc, orank, odesc, axis, n, norm);
}

} // namespace

extern "C" {

#define ARRAYC_RT_DEFINE_FFT(NAME, T, REAL, KIND)                                         \
  void arrayc_rt_##NAME##_##T(int64_t irank, void *idesc, int64_t orank, void *odesc,     \
                              int64_t axis, int64_t n, int32_t norm, int64_t lrank,       \
                              void *ldesc) {                                              \
    runFft<REAL>(Kind::KIND, irank, idesc, orank, odesc, axis, n, norm, lrank, ldesc);    \
  }
ARRAYC_RT_FOR_EACH_FFT(ARRAYC_RT_DEFINE_FFT)
#undef ARRAYC_RT_DEFINE_FFT

} // extern "C"
