// numpy.fft on the GPU through cuFFT: `arrayc_rt_cufft_<kind>_<T>`, the entry
// points `convert-ndarray-to-runtime{cuda=1}` calls, with the arguments of the
// FFTW ones (fft.cpp). cuFFT is loaded with dlopen on the first transform.
//
// The C-contiguous input is viewed as [outer, len, inner] around the axis.
// When len is the length the transform reads it is transformed where it is
// (irfft, whose cuFFT transform overwrites its input, always works on a
// copy); otherwise a pool scratch buffer holds it cropped or zero-padded.
// Plans are made once per (type, length, layout) without their own
// workspace, which comes from the pool at each call; they run on the calling
// thread's current stream. `norm` scales the result with cuBLAS.
//
// What the GPU path does not take -- host memory, a non-contiguous input or
// output, an invalid argument -- goes to the FFTW entry point, which stages
// device buffers through the host and reports the errors.
#include "cuda_libs.h"
#include "internal.h"

#include <cufft.h>

#include <climits>
#include <cmath>
#include <complex>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

using namespace arrayc_rt;
using namespace arrayc_rt::cuda;

namespace {

using Kind = FftKind;

struct CufftApi {
  decltype(&cufftCreate) create = nullptr;
  decltype(&cufftSetAutoAllocation) setAutoAllocation = nullptr;
  decltype(&cufftMakePlanMany) makePlanMany = nullptr;
  decltype(&cufftSetWorkArea) setWorkArea = nullptr;
  decltype(&cufftSetStream) setStream = nullptr;
  decltype(&cufftExecC2C) c2c = nullptr;
  decltype(&cufftExecZ2Z) z2z = nullptr;
  decltype(&cufftExecR2C) r2c = nullptr;
  decltype(&cufftExecD2Z) d2z = nullptr;
  decltype(&cufftExecC2R) c2r = nullptr;
  decltype(&cufftExecZ2D) z2d = nullptr;
  decltype(&cublasSscal_v2) sscal = nullptr;
  decltype(&cublasDscal_v2) dscal = nullptr;
  decltype(&cublasCsscal_v2) csscal = nullptr;
  decltype(&cublasZdscal_v2) zdscal = nullptr;
};

const CufftApi *cufft() {
  static EntryPoints<CufftApi> entries;
  return entries.get([](CufftApi &api, std::string &error) {
    const Cublas *blas = nullptr;
    void *lib = openWithCublas("cuFFT", {"libcufft.so.12", "libcufft.so"}, error, &blas);
    if (!lib)
      return;
    symbol(lib, api.create, "cufftCreate", error);
    symbol(lib, api.setAutoAllocation, "cufftSetAutoAllocation", error);
    symbol(lib, api.makePlanMany, "cufftMakePlanMany", error);
    symbol(lib, api.setWorkArea, "cufftSetWorkArea", error);
    symbol(lib, api.setStream, "cufftSetStream", error);
    symbol(lib, api.c2c, "cufftExecC2C", error);
    symbol(lib, api.z2z, "cufftExecZ2Z", error);
    symbol(lib, api.r2c, "cufftExecR2C", error);
    symbol(lib, api.d2z, "cufftExecD2Z", error);
    symbol(lib, api.c2r, "cufftExecC2R", error);
    symbol(lib, api.z2d, "cufftExecZ2D", error);
    symbol(blas->lib, api.sscal, "cublasSscal_v2", error);
    symbol(blas->lib, api.dscal, "cublasDscal_v2", error);
    symbol(blas->lib, api.csscal, "cublasCsscal_v2", error);
    symbol(blas->lib, api.zdscal, "cublasZdscal_v2", error);
  });
}

using arrayc_rt::cuda::check; // CUDA and cuBLAS statuses
arrayc_rt_status check(cufftResult r, const char *call) {
  return libraryStatus(r == CUFFT_SUCCESS, call, "cuFFT", (int)r);
}

// One transform's geometry: `batch` sequences of the transform's length n,
// `count` times (offsets inStep/outStep elements apart), element strides and
// distances as cuFFT's advanced layout has them.
struct Layout {
  cufftType type;
  int n, batch, istride, idist, ostride, odist;
  bool operator<(const Layout &o) const {
    return std::tie(type, n, batch, istride, idist, ostride, odist) <
           std::tie(o.type, o.n, o.batch, o.istride, o.idist, o.ostride, o.odist);
  }
};

struct Plan {
  cufftHandle handle = 0;
  size_t workBytes = 0;
};

// The cached plan of `l` on the current device (plans are kept for the
// process, as CuPy's cache; a plan belongs to the context it was made in).
arrayc_rt_status plan(const CufftApi &api, const Layout &l, int inLen, int outLen, Plan *out) {
  static std::map<std::pair<int, Layout>, Plan> plans;
  static std::mutex mutex;
  std::lock_guard<std::mutex> g(mutex);
  const std::pair<int, Layout> key(currentDevice(), l);
  if (auto it = plans.find(key); it != plans.end()) {
    *out = it->second;
    return ARRAYC_RT_OK;
  }
  makeContextCurrent();
  Plan p;
  ARRAYC_RT_TRY(check(api.create(&p.handle), "cufftCreate"));
  ARRAYC_RT_TRY(check(api.setAutoAllocation(p.handle, 0), "cufftSetAutoAllocation"));
  int n = l.n, inembed = inLen, onembed = outLen;
  ARRAYC_RT_TRY(check(api.makePlanMany(p.handle, 1, &n, &inembed, l.istride, l.idist, &onembed,
                                       l.ostride, l.odist, l.type, l.batch, &p.workBytes),
                      "cufftMakePlanMany"));
  plans[key] = p;
  *out = p;
  return ARRAYC_RT_OK;
}

template <class Real> struct Transform {
  using C = std::complex<Real>;
  static constexpr bool dbl = sizeof(Real) == 8;
  Kind kind;

  bool realIn() const { return kind == Kind::Rfft; }
  bool realOut() const { return kind == Kind::Irfft; }
  size_t inElt() const { return realIn() ? sizeof(Real) : sizeof(C); }
  size_t outElt() const { return realOut() ? sizeof(Real) : sizeof(C); }

  // Whether the GPU path takes these arguments (else the FFTW path runs).
  bool usable(const Descriptor &in, const Descriptor &out, int64_t axis, int64_t n,
              int32_t norm) const {
    if (in.rank < 1 || out.rank != in.rank || axis < 0 || axis >= in.rank || n < 1 ||
        n > INT_MAX / 2 || norm < 0 || norm > 2 || !in.data || !out.data)
      return false;
    int64_t outLen = kind == Kind::Rfft ? n / 2 + 1 : n;
    int64_t ie = 1, oe = 1;
    for (int64_t d = in.rank - 1; d >= 0; --d) {
      if (out.sizes[d] != (d == axis ? outLen : in.sizes[d]) || in.sizes[d] < 1)
        return false;
      if ((in.sizes[d] > 1 && in.strides[d] != ie) || (out.sizes[d] > 1 && out.strides[d] != oe))
        return false;
      ie *= in.sizes[d];
      oe *= out.sizes[d];
      if (ie > INT_MAX || oe > INT_MAX)
        return false;
    }
    return isDeviceMemory(in.data) && isDeviceMemory(out.data);
  }

  arrayc_rt_status run(const Descriptor &in, const Descriptor &out, int64_t axis, int64_t n,
                       int32_t norm) {
    const CufftApi *api = cufft();
    cublasHandle_t blas = api ? cublasOnStream() : nullptr;
    if (!blas)
      return ARRAYC_RT_ERR_DEVICE;
    CUstream s = stream();
    int64_t outer = 1, inner = 1;
    for (int64_t d = 0; d < axis; ++d)
      outer *= in.sizes[d];
    for (int64_t d = axis + 1; d < in.rank; ++d)
      inner *= in.sizes[d];
    int64_t len = in.sizes[axis], outLen = out.sizes[axis];
    int64_t readLen = kind == Kind::Irfft ? n / 2 + 1 : n; // what the transform reads
    size_t ie = inElt();

    // The transform's input: the caller's, or a cropped/padded copy.
    char *src = in.data;
    DeviceBuffer staged;
    if (len != readLen || kind == Kind::Irfft) {
      staged.allocate(ie * outer * readLen * inner);
      if (readLen > len)
        ARRAYC_RT_TRY(check(cuMemsetD8Async(reinterpret_cast<CUdeviceptr>(staged.get()), 0,
                                            ie * outer * readLen * inner, s),
                            "cuMemsetD8Async"));
      CUDA_MEMCPY2D m = {};
      m.srcMemoryType = m.dstMemoryType = CU_MEMORYTYPE_DEVICE;
      m.srcDevice = reinterpret_cast<CUdeviceptr>(in.data);
      m.srcPitch = ie * len * inner;
      m.dstDevice = reinterpret_cast<CUdeviceptr>(staged.get());
      m.dstPitch = ie * readLen * inner;
      m.WidthInBytes = ie * std::min(len, readLen) * inner;
      m.Height = outer;
      ARRAYC_RT_TRY(check(cuMemcpy2DAsync(&m, s), "cuMemcpy2DAsync"));
      src = staged.get<char>();
      if (kind == Kind::Irfft)
        ARRAYC_RT_TRY(dropImaginary(src, outer, readLen, inner, n, s));
    }

    Layout l;
    l.type = kind == Kind::Rfft    ? (dbl ? CUFFT_D2Z : CUFFT_R2C)
             : kind == Kind::Irfft ? (dbl ? CUFFT_Z2D : CUFFT_C2R)
                                   : (dbl ? CUFFT_Z2Z : CUFFT_C2C);
    l.n = (int)n;
    // Along the innermost axis: all sequences in one batch; else one batch
    // of `inner` interleaved sequences per outer index.
    int64_t count = inner == 1 ? 1 : outer;
    l.batch = (int)(inner == 1 ? outer : inner);
    l.istride = l.ostride = (int)inner;
    l.idist = inner == 1 ? (int)readLen : 1;
    l.odist = inner == 1 ? (int)outLen : 1;
    Plan p;
    ARRAYC_RT_TRY(plan(*api, l, (int)readLen, (int)outLen, &p));
    DeviceBuffer work(p.workBytes);
    ARRAYC_RT_TRY(check(api->setWorkArea(p.handle, work.get()), "cufftSetWorkArea"));
    ARRAYC_RT_TRY(check(api->setStream(p.handle, reinterpret_cast<cudaStream_t>(s)),
                        "cufftSetStream"));
    for (int64_t o = 0; o < count; ++o) {
      char *i = src + ie * o * readLen * inner;
      char *r = out.data + outElt() * o * outLen * inner;
      ARRAYC_RT_TRY(exec(*api, p.handle, i, r));
    }

    // norm: "backward" scales the inverse by 1/n, "forward" the forward
    // transform, "ortho" both by 1/sqrt(n).
    bool inverse = kind == Kind::Ifft || kind == Kind::Irfft;
    double scale = norm == 1 ? 1.0 / std::sqrt((double)n)
                   : (norm == 0) == inverse ? 1.0 / (double)n
                                            : 1.0;
    if (scale != 1.0)
      ARRAYC_RT_TRY(rescale(*api, blas, out.data, outer * outLen * inner, (Real)scale));
    return ARRAYC_RT_OK;
  }

  arrayc_rt_status exec(const CufftApi &api, cufftHandle h, char *i, char *o) {
    switch (kind) {
    case Kind::Fft:
    case Kind::Ifft: {
      int dir = kind == Kind::Fft ? CUFFT_FORWARD : CUFFT_INVERSE;
      if constexpr (dbl)
        return check(api.z2z(h, (cufftDoubleComplex *)i, (cufftDoubleComplex *)o, dir),
                     "cufftExecZ2Z");
      else
        return check(api.c2c(h, (cufftComplex *)i, (cufftComplex *)o, dir), "cufftExecC2C");
    }
    case Kind::Rfft:
      if constexpr (dbl)
        return check(api.d2z(h, (cufftDoubleReal *)i, (cufftDoubleComplex *)o), "cufftExecD2Z");
      else
        return check(api.r2c(h, (cufftReal *)i, (cufftComplex *)o), "cufftExecR2C");
    case Kind::Irfft:
      if constexpr (dbl)
        return check(api.z2d(h, (cufftDoubleComplex *)i, (cufftDoubleReal *)o), "cufftExecZ2D");
      else
        return check(api.c2r(h, (cufftComplex *)i, (cufftReal *)o), "cufftExecC2R");
    }
    return ARRAYC_RT_ERR_INVALID;
  }

  // NumPy's irfft ignores the imaginary parts of the zero-frequency term and,
  // for even n, of the Nyquist term: zeroed in the staged copy.
  arrayc_rt_status dropImaginary(char *p, int64_t outer, int64_t m, int64_t inner, int64_t n,
                                 CUstream s) {
    unsigned words = sizeof(Real) / 4;
    for (int64_t k : {int64_t(0), n / 2}) {
      if (k == n / 2 && (n % 2 != 0 || k == 0 || k >= m))
        continue;
      // Element (o, k, i): imaginary part sizeof(Real) bytes in.
      for (int64_t o = 0; o < (inner == 1 ? 1 : outer); ++o) {
        char *first = p + sizeof(C) * ((o * m + k) * inner) + sizeof(Real);
        size_t pitch = inner == 1 ? sizeof(C) * m : sizeof(C);
        size_t rows = inner == 1 ? outer : inner;
        ARRAYC_RT_TRY(check(cuMemsetD2D32Async(reinterpret_cast<CUdeviceptr>(first), pitch, 0,
                                               words, rows, s),
                            "cuMemsetD2D32Async"));
      }
    }
    return ARRAYC_RT_OK;
  }

  arrayc_rt_status rescale(const CufftApi &api, cublasHandle_t h, char *p, int64_t count,
                           Real scale) {
    const int64_t chunk = INT_MAX / 2;
    for (int64_t at = 0; at < count; at += chunk) {
      int c = (int)std::min(chunk, count - at);
      cublasStatus_t st;
      if (realOut()) {
        Real *x = reinterpret_cast<Real *>(p) + at;
        if constexpr (dbl)
          st = api.dscal(h, c, &scale, x, 1);
        else
          st = api.sscal(h, c, &scale, x, 1);
      } else {
        C *x = reinterpret_cast<C *>(p) + at;
        if constexpr (dbl)
          st = api.zdscal(h, c, &scale, reinterpret_cast<cuDoubleComplex *>(x), 1);
        else
          st = api.csscal(h, c, &scale, reinterpret_cast<cuComplex *>(x), 1);
      }
      ARRAYC_RT_TRY(check(st, "cublas scal"));
    }
    return ARRAYC_RT_OK;
  }
};

// Runs the transform on the GPU when it can (else `host`, the FFTW entry
// point); a failure is reported as "<kind>: <message>" at the location.
template <class Real, class Host>
void runFft(Kind kind, int64_t irank, void *idesc, int64_t orank, void *odesc, int64_t axis,
            int64_t n, int32_t norm, int64_t lrank, void *ldesc, Host host) {
  Transform<Real> t{kind};
  Descriptor in = descriptor(irank, idesc, t.inElt());
  Descriptor out = descriptor(orank, odesc, t.outElt());
  if (!t.usable(in, out, axis, n, norm))
    return host();
  if (t.run(in, out, axis, n, norm) == ARRAYC_RT_OK)
    return;
  std::string msg = std::string(fftKindName(kind)) + ": " + arrayc_rt_last_error();
  arrayc_rt_fatal(memrefString(lrank, ldesc).c_str(), msg.c_str());
}

} // namespace

extern "C" {

#define ARRAYC_RT_DEFINE_CUFFT(NAME, T, REAL, KIND)                                        \
  ARRAYC_RT_API void arrayc_rt_cufft_##NAME##_##T(int64_t irank, void *idesc, int64_t orank, \
                                                  void *odesc, int64_t axis, int64_t n,    \
                                                  int32_t norm, int64_t lrank, void *ldesc) { \
    runFft<REAL>(Kind::KIND, irank, idesc, orank, odesc, axis, n, norm, lrank, ldesc, [&] { \
      arrayc_rt_##NAME##_##T(irank, idesc, orank, odesc, axis, n, norm, lrank, ldesc);     \
    });                                                                                    \
  }
ARRAYC_RT_FOR_EACH_FFT(ARRAYC_RT_DEFINE_CUFFT)
#undef ARRAYC_RT_DEFINE_CUFFT

} // extern "C"
