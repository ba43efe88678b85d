/* arrayc runtime: public C interface.
 *
 * Errors: one code space (arrayc_rt_status, arrayc_rt/status.def, shared
 * with the C API) and one message per thread (arrayc_rt_last_error()):
 *  - the status-returning layer (arrayc_rt_npy_*, arrayc_rt_format_array, ...)
 *    never exits: it returns a status and leaves the message;
 *  - the entry points called by compiled code (arrayc_rt_print_T, _save_T,
 *    _load_T, arrayc_rt_load_shape, arrayc_rt_print_str, arrayc_rt_assert)
 *    return nothing: on error they call arrayc_rt_fatal_status, which inside
 *    a recoverable region (a libarrayc call) leaves the status and message
 *    and ends the call, and elsewhere (an AOT executable, `arrayc run`, a
 *    `--shared` library) flushes stdout, prints
 *    "arrayc: error: <loc>: <message>" to stderr and exits 1.
 *
 * Memrefs arrive as MLIR unranked memrefs (rank, desc) where desc points to
 * { T *allocated; T *aligned; int64_t offset; int64_t sizes[rank];
 *   int64_t strides[rank]; } (offset/strides in elements).
 * Strings (paths, text, locations) are rank-1 i8 memrefs, not NUL-terminated.
 */
#ifndef ARRAYC_RT_RUNTIME_H
#define ARRAYC_RT_RUNTIME_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define ARRAYC_RT_API
#else
#define ARRAYC_RT_API __attribute__((visibility("default")))
#endif

/* Element types: the codes of arrayc_rt/dtypes.def (ARRAYC_RT_F32, ...). */
enum arrayc_rt_dtype {
#define ARRAYC_DTYPE(ID, CXX, CODE, NAME, NUMPY, DESCR, CTYPE, KIND, SIZE)                 \
  ARRAYC_RT_##ID = CODE,
#include "arrayc_rt/dtypes.def"
};

/* Status codes: arrayc_rt/status.def, the one code space of the runtime, the
 * C API (arrayc_status: the same values) and Python. */
typedef enum arrayc_rt_status {
#define ARRAYC_STATUS(ID, CODE, DESCRIPTION) ARRAYC_RT_##ID = CODE,
#include "arrayc_rt/status.def"
} arrayc_rt_status;

/* ---- status layer --------------------------------------------------- */

/* Message of the last failing call on this thread ("" if none). */
ARRAYC_RT_API const char *arrayc_rt_last_error(void);
ARRAYC_RT_API void arrayc_rt_clear_error(void);
/* Size in bytes of one element of dtype, 0 if the code is unknown. */
ARRAYC_RT_API size_t arrayc_rt_dtype_size(int32_t dtype);
/* NumPy name of the dtype ("float32", ...), "?" if unknown. */
ARRAYC_RT_API const char *arrayc_rt_dtype_name(int32_t dtype);

/* Header of a .npy file. shape has `rank` valid entries. */
#define ARRAYC_RT_NPY_MAX_RANK 32
typedef struct arrayc_rt_npy_info {
  int32_t dtype;
  int32_t rank;
  int64_t shape[ARRAYC_RT_NPY_MAX_RANK];
  int32_t fortran_order;
  int32_t version_major;
  int64_t data_offset; /* byte offset of the data in the file */
  int64_t nbytes;      /* byte size of the data */
} arrayc_rt_npy_info;

/* Parses the header of `path` (checks magic, version, header syntax, descr;
 * big-endian descrs are reported as errors). Does not check fortran_order or
 * the file size. */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_npy_read_info(const char *path,
                                                       arrayc_rt_npy_info *info);
/* Full check as done by compiled code before allocating: dtype, rank, static
 * dims (dims[i] == -1: any; on success dims[] receives the file's shape),
 * C order, file large enough. */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_npy_check(const char *path, int32_t dtype,
                                                   int64_t rank, int64_t *dims);
/* Reads the data of `path` into a strided array (sizes/strides in elements;
 * data points at element [0,...,0]). The file's dtype and shape must equal
 * dtype/sizes. Device pointers are handled through the device hooks. */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_npy_read(const char *path, int32_t dtype,
                                                  int64_t rank, const int64_t *sizes,
                                                  const int64_t *strides, void *data);
/* Writes a strided array as .npy v1.0 (v2.0 if the header needs it) through
 * a temporary file in the same directory, renamed on success. */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_npy_write(const char *path, int32_t dtype,
                                                   int64_t rank, const int64_t *sizes,
                                                   const int64_t *strides,
                                                   const void *data);
/* Formats the array like NumPy 2 str(a) (no trailing newline). On success
 * *out is a malloc'ed NUL-terminated string (free with arrayc_rt_free) and
 * *len its length. f16/bf16 are printed with their own shortest round-trip
 * digits (approximation of NumPy's Dragon4 for half). Complex: unsupported. */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_format_array(int32_t dtype, int64_t rank,
                                                      const int64_t *sizes,
                                                      const int64_t *strides,
                                                      const void *data, char **out,
                                                      size_t *len);
ARRAYC_RT_API void arrayc_rt_free(void *p);

/* ---- device memory hooks ------------------------------------------- */
typedef struct arrayc_rt_device_hooks {
  int (*is_device_ptr)(const void *ptr);                       /* 1: device */
  int (*copy_to_host)(void *dst, const void *src, size_t bytes);   /* 0: ok */
  /* 0: ok. May only queue the copy when src came from host_alloc: host_free of
   * src is then ordered after it. */
  int (*copy_to_device)(void *dst, const void *src, size_t bytes);
  int (*synchronize)(void); /* waits for queued device work; 0: ok */
  /* Staging memory for the copies (pinned); NULL members or a NULL result:
   * ordinary host memory. */
  void *(*host_alloc)(size_t bytes);
  void (*host_free)(void *ptr);
} arrayc_rt_device_hooks;
/* NULL (or a struct with NULL members) removes the hooks. The struct is copied. */
ARRAYC_RT_API void arrayc_rt_set_device_hooks(const arrayc_rt_device_hooks *hooks);

/* ---- entry points called by compiled code (exit(1) on error) -------- */
ARRAYC_RT_API void arrayc_rt_init(int argc, char **argv);
/* argv[0] recorded by arrayc_rt_init ("" before). */
ARRAYC_RT_API const char *arrayc_rt_program_name(void);
/* Flushes stdout, prints "arrayc: error: <loc>: <msg>" (loc omitted when
 * empty/NULL), exits 1 -- or, inside a recoverable region (below), ends the
 * region's call instead. */
ARRAYC_RT_API void arrayc_rt_fatal(const char *loc, const char *msg) __attribute__((noreturn));
/* As arrayc_rt_fatal, with the kind of failure a region reports. */
ARRAYC_RT_API void arrayc_rt_fatal_status(arrayc_rt_status status, const char *loc,
                                          const char *msg) __attribute__((noreturn));

/* ---- recoverable regions (a host program's calls into compiled code) --
 * Between arrayc_rt_region_begin and arrayc_rt_region_end on a thread, a
 * fatal error does not exit: it throws a C++ exception (of a type private to
 * the runtime: catch it with `catch (...)`), which unwinds through the
 * compiled code to the caller; the message ("<loc>: <msg>", no prefix) is
 * the thread's last error (arrayc_rt_region_message() returns it too) and
 * the status is kept for arrayc_rt_region_status(). Device memory the region allocated and had not
 * freed when it failed is freed by arrayc_rt_region_end(1), and a recorded
 * (graph) call is dropped. Regions nest; only the outermost one counts. */
ARRAYC_RT_API void arrayc_rt_region_begin(void);
ARRAYC_RT_API void arrayc_rt_region_end(int failed);
ARRAYC_RT_API const char *arrayc_rt_region_message(void);
ARRAYC_RT_API arrayc_rt_status arrayc_rt_region_status(void);
/* For the device runtime: memory the calling thread's region allocated
 * (released by `release(ptr, stream)` if the region fails), memory freed,
 * and what to undo when a region fails. No-ops outside a region. */
ARRAYC_RT_API void arrayc_rt_region_track(void *ptr, void *stream,
                                          void (*release)(void *ptr, void *stream));
ARRAYC_RT_API void arrayc_rt_region_untrack(void *ptr);
ARRAYC_RT_API void arrayc_rt_region_on_failure(void (*hook)(void));
/* The cpu target's heap buffers (MLIR's generic memref allocation functions,
 * use-generic-functions): malloc/aligned_alloc/free that a region tracks. */
ARRAYC_RT_API void *_mlir_memref_to_llvm_alloc(size_t size);
ARRAYC_RT_API void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size);
ARRAYC_RT_API void _mlir_memref_to_llvm_free(void *ptr);
/* The same allocations, located: `loc` ("file:line:col", from
 * arrayc-locate-allocations) is named by the out-of-memory error. */
ARRAYC_RT_API void *arrayc_rt_host_alloc_at(size_t size, const char *loc);
ARRAYC_RT_API void *arrayc_rt_host_aligned_alloc_at(size_t alignment, size_t size,
                                                    const char *loc);

ARRAYC_RT_API void arrayc_rt_print_str(int64_t srank, void *sdesc);
ARRAYC_RT_API void arrayc_rt_assert(bool cond, int64_t mrank, void *mdesc);
/* `--shared`: the descriptors a C caller passes to an exported function,
 * MLIR's {allocated, aligned, offset, sizes[rank], strides[rank]}, one per
 * parameter, checked against `signature` ("f;x:n,3;y:n;s:" -- the function,
 * then each parameter with its dimensions: a name or a static size): none
 * NULL, offset 0, C-order strides, sizes non-negative, equal to a static
 * size, and equal where one name stands for them. Stops the program with an
 * error naming the function and parameter. */
ARRAYC_RT_API void arrayc_rt_check_arguments(const char *signature, void *const *descriptors);
/* As arrayc_rt_assert; "{0}" and "{1}" in the message print v0 and v1. */
ARRAYC_RT_API void arrayc_rt_assert_values(bool cond, int64_t mrank, void *mdesc,
                                           int64_t v0, int64_t v1);
/* Waits for the device work a program queued (kernels run asynchronously on
 * one stream); an error a kernel hit is reported here. Compiled `main`s call
 * it last; a no-op without a device. */
ARRAYC_RT_API void arrayc_rt_sync(void);
ARRAYC_RT_API void arrayc_rt_load_shape(int64_t prank, void *pdesc, int32_t dtype,
                                        int64_t rank, int64_t srank, void *sdesc,
                                        int64_t lrank, void *ldesc);

// time.perf_counter(): monotonic seconds, written into a 0-d f64 memref
// (host or device). Kernels are synchronized per launch, so no device work
// is pending when it runs; the device write is itself synchronous.
ARRAYC_RT_API void arrayc_rt_perf_counter(int64_t rank, void *desc);

#define ARRAYC_RT_DECLARE_TYPED(T)                                                 \
  ARRAYC_RT_API void arrayc_rt_print_##T(int64_t rank, void *desc, int32_t dtype);  \
  ARRAYC_RT_API void arrayc_rt_save_##T(int64_t prank, void *pdesc, int64_t rank,   \
                                        void *desc, int32_t dtype, int64_t lrank,   \
                                        void *ldesc);                               \
  ARRAYC_RT_API void arrayc_rt_load_##T(int64_t prank, void *pdesc, int64_t rank,   \
                                        void *desc, int32_t dtype, int64_t lrank,   \
                                        void *ldesc);
ARRAYC_RT_DECLARE_TYPED(i1)
ARRAYC_RT_DECLARE_TYPED(i8)
ARRAYC_RT_DECLARE_TYPED(i16)
ARRAYC_RT_DECLARE_TYPED(i32)
ARRAYC_RT_DECLARE_TYPED(i64)
ARRAYC_RT_DECLARE_TYPED(f16)
ARRAYC_RT_DECLARE_TYPED(bf16)
ARRAYC_RT_DECLARE_TYPED(f32)
ARRAYC_RT_DECLARE_TYPED(f64)
ARRAYC_RT_DECLARE_TYPED(c64)
ARRAYC_RT_DECLARE_TYPED(c128)
#undef ARRAYC_RT_DECLARE_TYPED

/* numpy.fft along one axis (FFTW3; device buffers are staged through the
 * host). in: the input array (any strides); out: a C-contiguous array the
 * caller allocated with in's shape except along `axis`: n for fft/ifft/irfft,
 * n/2+1 for rfft. The input is cropped or zero-padded along `axis` to n
 * (n/2+1 for irfft) first. norm: 0 "backward", 1 "ortho", 2 "forward".
 * Named by the input storage: fft/ifft/irfft take c64/c128, rfft f32/f64.
 * Errors (n < 1, shape mismatch) exit as the other entry points do. */
#define ARRAYC_RT_DECLARE_FFT_ENTRY(P, NAME, T)                                     \
  ARRAYC_RT_API void P##NAME##_##T(int64_t irank, void *idesc, int64_t orank,          \
                                   void *odesc, int64_t axis, int64_t n, int32_t norm, \
                                   int64_t lrank, void *ldesc);
#define ARRAYC_RT_DECLARE_FFT(P)                                                    \
  ARRAYC_RT_DECLARE_FFT_ENTRY(P, fft, c64)                                          \
  ARRAYC_RT_DECLARE_FFT_ENTRY(P, fft, c128)                                         \
  ARRAYC_RT_DECLARE_FFT_ENTRY(P, ifft, c64)                                         \
  ARRAYC_RT_DECLARE_FFT_ENTRY(P, ifft, c128)                                        \
  ARRAYC_RT_DECLARE_FFT_ENTRY(P, rfft, f32)                                         \
  ARRAYC_RT_DECLARE_FFT_ENTRY(P, rfft, f64)                                         \
  ARRAYC_RT_DECLARE_FFT_ENTRY(P, irfft, c64)                                        \
  ARRAYC_RT_DECLARE_FFT_ENTRY(P, irfft, c128)
ARRAYC_RT_DECLARE_FFT(arrayc_rt_)

/* numpy.linalg through LAPACKE (libarrayc_runtime; runtime/src/linalg.cpp).
 * T is f32, f64, c64 or c128; every array is a memref (rank, desc) holding a
 * stack of matrices (..., M, N); outputs are allocated by the caller with the
 * shapes of ndarray.<op> (s and w in the real type of T). `loc` is the source
 * location. A LinAlgError ("Singular matrix", "Matrix is not positive
 * definite", "SVD did not converge", "Eigenvalues did not converge") or a
 * shape that does not fit prints "arrayc: error: <loc>: linalg.<op>: <msg>"
 * and exits 1. Device buffers are staged through the host. */
#define ARRAYC_RT_DECLARE_LINALG(P, T)                                                          \
  ARRAYC_RT_API void P##det_##T(int64_t ar, void *ad, int64_t orank,          \
                                              void *od, int64_t lr, void *ld);              \
  ARRAYC_RT_API void P##inv_##T(int64_t ar, void *ad, int64_t orank,          \
                                              void *od, int64_t lr, void *ld);              \
  ARRAYC_RT_API void P##cholesky_##T(int64_t ar, void *ad, int64_t orank,     \
                                                   void *od, int32_t upper, int64_t lr,     \
                                                   void *ld);                               \
  ARRAYC_RT_API void P##solve_##T(int64_t ar, void *ad, int64_t br, void *bd, \
                                                int64_t orank, void *od, int64_t lr,        \
                                                void *ld);                                  \
  ARRAYC_RT_API void P##qr_##T(int64_t ar, void *ad, int64_t qr, void *qd,    \
                                             int64_t rr, void *rd, int32_t complete,        \
                                             int64_t lr, void *ld);                         \
  ARRAYC_RT_API void P##svd_##T(int64_t ar, void *ad, int64_t ur, void *ud,   \
                                              int64_t sr, void *sd, int64_t vr, void *vd,   \
                                              int32_t full_matrices, int64_t lr, void *ld); \
  ARRAYC_RT_API void P##svdvals_##T(int64_t ar, void *ad, int64_t sr,         \
                                                  void *sd, int64_t lr, void *ld);          \
  ARRAYC_RT_API void P##eigh_##T(int64_t ar, void *ad, int64_t wr, void *wd,  \
                                               int64_t vr, void *vd, int32_t upper,         \
                                               int64_t lr, void *ld);
ARRAYC_RT_DECLARE_LINALG(arrayc_rt_linalg_, f32)
ARRAYC_RT_DECLARE_LINALG(arrayc_rt_linalg_, f64)
ARRAYC_RT_DECLARE_LINALG(arrayc_rt_linalg_, c64)
ARRAYC_RT_DECLARE_LINALG(arrayc_rt_linalg_, c128)

/* Advanced indexing and sorting (runtime/src/index.cpp), one entry point per
 * storage type T (the element type of src, dest or in); arrays are memrefs
 * (rank, desc), `dtype` the element's code (enum arrayc_rt_dtype), `loc` the
 * source location. Device buffers are staged through the host.
 * compress: out (allocated with the count of true mask elements) = the
 *   elements of src where mask (bool) is true, in C order.
 * scatter: out = dest, then out[idx[k]] = upd[k] in order (last write wins),
 *   or out[idx[k]] += upd[k] with `accumulate` (numpy.add.at); idx is i64,
 *   negative indices wrap; one out-of-range index is an IndexError.
 * sort: each row along the last axis stably sorted (NaN last); argsort: the
 *   i64 permutation that sorts it (kind='stable').
 * A failure prints "arrayc: error: <loc>: <op>: <msg>" and exits 1. */
#define ARRAYC_RT_FOR_EACH_INDEX_STORAGE(X)                                               \
  X(i1) X(i8) X(i16) X(i32) X(i64) X(f16) X(bf16) X(f32) X(f64) X(c64) X(c128)
#define ARRAYC_RT_DECLARE_INDEX(T)                                                         \
  ARRAYC_RT_API void arrayc_rt_compress_##T(int64_t sr, void *sd, int64_t mr, void *md,    \
                                            int64_t orank, void *od, int32_t dtype,        \
                                            int64_t lr, void *ld);                         \
  ARRAYC_RT_API void arrayc_rt_scatter_##T(int64_t dr, void *dd, int64_t ir, void *id,     \
                                           int64_t ur, void *ud, int64_t orank, void *od,  \
                                           int32_t dtype, int32_t accumulate, int64_t lr,  \
                                           void *ld);                                      \
  ARRAYC_RT_API void arrayc_rt_sort_##T(int64_t ir, void *id, int64_t orank, void *od,     \
                                        int32_t dtype, int64_t lr, void *ld);              \
  ARRAYC_RT_API void arrayc_rt_argsort_##T(int64_t ir, void *id, int64_t orank, void *od,  \
                                           int32_t dtype, int64_t lr, void *ld);
ARRAYC_RT_FOR_EACH_INDEX_STORAGE(ARRAYC_RT_DECLARE_INDEX)

/* slogdet (sign, logabsdet), lstsq (gelsd: x, residuals, rank (i32, 0-d), s;
 * use_default: rcond None, eps * max(M, N)) and eig/eigvals (geev; complex
 * w and v), on the host or staged device buffers alike: the cuda target
 * calls these too. */
#define ARRAYC_RT_DECLARE_LINALG_HOST(T)                                                   \
  ARRAYC_RT_API void arrayc_rt_linalg_slogdet_##T(int64_t ar, void *ad, int64_t sr,        \
                                                  void *sd, int64_t gr, void *gd,          \
                                                  int64_t lr, void *ld);                   \
  ARRAYC_RT_API void arrayc_rt_linalg_lstsq_##T(                                           \
      int64_t ar, void *ad, int64_t br, void *bd, int64_t xr, void *xd, int64_t rr,        \
      void *rd, int64_t kr, void *kd, int64_t sr, void *sd, int32_t use_default,           \
      double rcond, int64_t lr, void *ld);                                                 \
  ARRAYC_RT_API void arrayc_rt_linalg_eig_##T(int64_t ar, void *ad, int64_t wr, void *wd,  \
                                              int64_t vr, void *vd, int64_t lr, void *ld); \
  ARRAYC_RT_API void arrayc_rt_linalg_eigvals_##T(int64_t ar, void *ad, int64_t wr,        \
                                                  void *wd, int64_t lr, void *ld);
ARRAYC_RT_DECLARE_LINALG_HOST(f32)
ARRAYC_RT_DECLARE_LINALG_HOST(f64)
ARRAYC_RT_DECLARE_LINALG_HOST(c64)
ARRAYC_RT_DECLARE_LINALG_HOST(c128)
#undef ARRAYC_RT_DECLARE_LINALG_HOST

/* ---- CUDA library (libarrayc_runtime_cuda) ------------------------- */

/* numpy.linalg on device buffers through cuSOLVER (src/cusolver.cpp, loaded
 * with dlopen): the arguments and errors of arrayc_rt_linalg_<op>_<T>. Each
 * matrix is transposed into a column-major scratch copy (cuBLAS geam), factored
 * (getrf+getrs for det/inv/solve, potrf, geqrf+orgqr, gesvdj, syevd/heevd) and
 * transposed back, on the current stream; the factorizations' info values come
 * back once per call. Host memory, layouts that are not row- or column-major
 * and empty matrices go to the LAPACKE entry point. */
ARRAYC_RT_DECLARE_LINALG(arrayc_rt_cusolver_, f32)
ARRAYC_RT_DECLARE_LINALG(arrayc_rt_cusolver_, f64)
ARRAYC_RT_DECLARE_LINALG(arrayc_rt_cusolver_, c64)
ARRAYC_RT_DECLARE_LINALG(arrayc_rt_cusolver_, c128)
#undef ARRAYC_RT_DECLARE_LINALG

/* numpy.fft on device buffers through cuFFT (src/cufft.cpp, loaded with
 * dlopen): the arguments and errors of arrayc_rt_<kind>_<T>, for C-contiguous
 * input and output (else the FFTW entry point). Plans are cached per (type,
 * length, layout), their workspace comes from the pool, and they run on the
 * current stream; norm scales with cuBLAS. */
ARRAYC_RT_DECLARE_FFT(arrayc_rt_cufft_)
#undef ARRAYC_RT_DECLARE_FFT
#undef ARRAYC_RT_DECLARE_FFT_ENTRY

/* Sorting and compaction on device buffers through CUB (src/cub_index.cu),
 * and scatters (src/cuda_scatter.cu): the arguments and errors of
 * arrayc_rt_sort_<T>, arrayc_rt_argsort_<T>, arrayc_rt_compress_<T> and
 * arrayc_rt_scatter_<T>, computed on the current stream with scratch from
 * the pool (cub::DeviceRadixSort, cub::DeviceSelect::Flagged; scatters with
 * atomics, the last write winning for a repeated index). Host memory, ranks
 * above 8, a result that is not C-contiguous and dtypes CUB has no key for
 * go to the host entry point. */
#define ARRAYC_RT_DECLARE_CUB_INDEX(T)                                                     \
  ARRAYC_RT_API void arrayc_rt_cub_compress_##T(int64_t sr, void *sd, int64_t mr, void *md, \
                                                int64_t orank, void *od, int32_t dtype,    \
                                                int64_t lr, void *ld);                     \
  ARRAYC_RT_API void arrayc_rt_cub_sort_##T(int64_t ir, void *id, int64_t orank, void *od, \
                                            int32_t dtype, int64_t lr, void *ld);          \
  ARRAYC_RT_API void arrayc_rt_cub_argsort_##T(int64_t ir, void *id, int64_t orank,        \
                                               void *od, int32_t dtype, int64_t lr,        \
                                               void *ld);                                  \
  ARRAYC_RT_API void arrayc_rt_cub_scatter_##T(int64_t dr, void *dd, int64_t ir, void *id, \
                                               int64_t ur, void *ud, int64_t orank,        \
                                               void *od, int32_t dtype, int32_t accumulate, \
                                               int64_t lr, void *ld);
ARRAYC_RT_FOR_EACH_INDEX_STORAGE(ARRAYC_RT_DECLARE_CUB_INDEX)
#undef ARRAYC_RT_DECLARE_CUB_INDEX

/* Matrix products on device buffers through cuBLAS (src/cublas.cpp; cuBLAS
 * is loaded with dlopen on first use): the arguments of
 * arrayc_rt_blas_gemm_<S>, for plans with row-major or transposed operands
 * and accumulate = 0 (what arrayc-linalg-to-blas emits with cuda=true).
 * Errors (no cuBLAS, a layout it cannot take) print and exit 1. */
#define ARRAYC_RT_DECLARE_CUBLAS_GEMM(S)                                                  \
  ARRAYC_RT_API void arrayc_rt_cublas_gemm_##S(int64_t prank, void *pdesc, int64_t arank,  \
                                               void *adesc, int64_t brank, void *bdesc,    \
                                               int64_t crank, void *cdesc, int32_t accumulate);
ARRAYC_RT_DECLARE_CUBLAS_GEMM(f32)
ARRAYC_RT_DECLARE_CUBLAS_GEMM(f64)
ARRAYC_RT_DECLARE_CUBLAS_GEMM(c64)
ARRAYC_RT_DECLARE_CUBLAS_GEMM(c128)
/* f16/bf16 inputs, f32 result, f32 accumulation (tensor cores). */
ARRAYC_RT_DECLARE_CUBLAS_GEMM(f16f32)
ARRAYC_RT_DECLARE_CUBLAS_GEMM(bf16f32)
/* f16/bf16 inputs and result, f32 accumulation rounded once (tensor cores). */
ARRAYC_RT_DECLARE_CUBLAS_GEMM(f16)
ARRAYC_RT_DECLARE_CUBLAS_GEMM(bf16)
/* f32 storage, TF32 tensor-core products, f32 accumulation (`arrayc --tf32`). */
ARRAYC_RT_DECLARE_CUBLAS_GEMM(tf32)
#undef ARRAYC_RT_DECLARE_CUBLAS_GEMM
/* Number of CUDA devices; 0 when no driver/GPU. Never fails. */
ARRAYC_RT_API int arrayc_rt_cuda_device_count(void);

/* Blocks of `threads_per_block` threads the current device keeps resident at
 * once (multiprocessors x blocks per multiprocessor by threads; registers and
 * shared memory are not counted): one full wave, what compiled reductions size
 * their first stage by. Read from the device on first use and cached; errors
 * (no driver or device) print and exit 1, as a launch would. */
ARRAYC_RT_API int64_t arrayc_rt_gpu_resident_blocks(int64_t threads_per_block);

/* Streams and events (libarrayc_runtime_cuda), CuPy's model: each host thread
 * has a current stream per device on which compiled code queues its kernels,
 * copies, allocations and cuBLAS calls; NULL selects the runtime's default
 * stream (one per device). A stream is made on the current device. Streams made here are blocking (ordered with the legacy
 * default stream, as CuPy's Stream(non_blocking=False)), so reading results
 * on the host waits for them. Destroying a stream waits for its work first.
 * Each returns ARRAYC_RT_OK, or ARRAYC_RT_ERR_DEVICE/_INVALID with
 * arrayc_rt_last_error() naming the CUDA call and its error. */
typedef struct arrayc_rt_stream_t *arrayc_rt_stream;
typedef struct arrayc_rt_event_t *arrayc_rt_event;
/* The calling thread's current device (as cudaSetDevice; 0 by default): what
 * compiled calls, allocations, streams and events of the thread use. Each
 * device has its own context, pool, default stream, loaded kernels and library
 * handles. set_device fails with ARRAYC_RT_ERR_INVALID for a device that does
 * not exist (ARRAYC_RT_ERR_DEVICE without a driver or GPU) and leaves the
 * current device as it was; it is cheap (a thread-local store). */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_set_device(int device);
ARRAYC_RT_API int arrayc_rt_get_device(void);
/* A host's call on a device (libarrayc's contexts): enter makes `device` the
 * current device and saves the thread's current device and CUDA context;
 * exit restores both exactly, so the current device of CuPy or PyTorch on
 * the thread (the driver's current context) is as it was. */
typedef struct arrayc_rt_device_scope {
  int device;
  void *context; /* the CUcontext current before; may be NULL */
} arrayc_rt_device_scope;
ARRAYC_RT_API arrayc_rt_status arrayc_rt_device_scope_enter(int device,
                                                            arrayc_rt_device_scope *saved);
ARRAYC_RT_API void arrayc_rt_device_scope_exit(const arrayc_rt_device_scope *saved);
/* Called by compiled cuda functions at entry, per array argument: fails
 * (ARRAYC_RT_ERR_DEVICE) with "argument <arg> of '<function>': the device where
 * the array resides (<d>) is different from the current device (<e>); ..."
 * (CuPy's words), or "... is host memory ..." for a foreign array. */
ARRAYC_RT_API void arrayc_rt_check_device(int64_t ptr, int64_t arg, int64_t nrank, void *ndesc);

ARRAYC_RT_API arrayc_rt_status arrayc_rt_stream_create(arrayc_rt_stream *stream);
ARRAYC_RT_API arrayc_rt_status arrayc_rt_stream_destroy(arrayc_rt_stream stream);
/* NULL: the default stream. */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_stream_synchronize(arrayc_rt_stream stream);
ARRAYC_RT_API arrayc_rt_status arrayc_rt_set_current_stream(arrayc_rt_stream stream);
/* The calling thread's current stream; NULL when it is the default one. */
ARRAYC_RT_API arrayc_rt_stream arrayc_rt_current_stream(void);
ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_create(arrayc_rt_event *event);
ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_destroy(arrayc_rt_event event);
/* On `stream` (NULL: the current stream). */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_record(arrayc_rt_event event,
                                                      arrayc_rt_stream stream);
ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_synchronize(arrayc_rt_event event);
/* Work queued on `stream` (NULL: the current one) from now on waits for `event`. */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_stream_wait_event(arrayc_rt_stream stream,
                                                           arrayc_rt_event event);
ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_elapsed_ms(arrayc_rt_event start,
                                                          arrayc_rt_event end, float *ms);

/* The current device's memory pool (libarrayc_runtime_cuda; one per device):
 * caching and stream-ordered; compiled code allocates through it. Names follow
 * CuPy's MemoryPool. */
ARRAYC_RT_API size_t arrayc_rt_pool_used_bytes(void);   /* handed out */
ARRAYC_RT_API size_t arrayc_rt_pool_total_bytes(void);  /* handed out + cached */
ARRAYC_RT_API void arrayc_rt_pool_free_all_blocks(void); /* release the cache */
ARRAYC_RT_API void arrayc_rt_pool_set_limit(size_t bytes); /* 0: no limit */
/* The pinned host pool (CuPy's PinnedMemoryPool): page-locked staging memory
 * for the runtime's host<->device copies (printing, saving, loading, the
 * LAPACKE/FFTW fallbacks). Cached and binned as the device pool; a block is
 * reused only after the work queued on the stream it was freed on is done (a
 * copy to the device from it is only queued). */
ARRAYC_RT_API size_t arrayc_rt_pinned_pool_used_bytes(void);
ARRAYC_RT_API size_t arrayc_rt_pinned_pool_total_bytes(void);
ARRAYC_RT_API void arrayc_rt_pinned_pool_free_all_blocks(void);

/* CUDA graphs (src/graphs.cpp): the cuda target's public functions call
 * arrayc_rt_graph_begin after their argument checks and arrayc_rt_graph_end
 * before returning (pass arrayc-cuda-graph-calls). In between, the calling
 * thread records its kernel launches; at the end a sequence of two or more
 * kernels seen before (same kernels, grids, blocks) is replayed as one CUDA
 * graph, only the nodes whose argument values changed being updated; a new
 * sequence is launched kernel by kernel and remembered. Any other device work
 * in the call (copies, library calls, synchronization) first queues what was
 * recorded, in order. Calls nest (the outermost records); graphs are kept per
 * host thread. On by default; ARRAYC_CUDA_GRAPHS=0 in the environment or
 * arrayc_rt_set_graphs_enabled(0) turns replay off (then every launch is
 * issued at once). */
ARRAYC_RT_API void arrayc_rt_graph_begin(void);
ARRAYC_RT_API void arrayc_rt_graph_end(void);

/* The kernel set of the OpenBLAS the cpu target calls ("Haswell",
 * "SkylakeX"...), or NULL when that OpenBLAS does not say (src/threads.cpp).
 * Where Debian's OpenBLAS 0.3.21 falls back to its generic Prescott kernels
 * on a CPU it does not know, the runtime has chosen by the CPU's features at
 * load (unless OPENBLAS_CORETYPE is set). */
ARRAYC_RT_API const char *arrayc_rt_openblas_core(void);

/* NVTX ranges (src/graphs.cpp): the cuda target's public functions and main
 * call arrayc_rt_range_push with their name (an unranked 1-d i8 memref of a
 * NUL-terminated string) on entry and arrayc_rt_range_pop before returning
 * (pass arrayc-nvtx-ranges); no-ops unless a profiler is attached. */
ARRAYC_RT_API void arrayc_rt_range_push(int64_t rank, void *name);
ARRAYC_RT_API void arrayc_rt_range_pop(void);
/* ARRAYC_RT_ERR_INVALID when called between begin and end on this thread. */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_set_graphs_enabled(int enabled);
ARRAYC_RT_API int arrayc_rt_graphs_enabled(void);
typedef struct arrayc_rt_graph_stats {
  uint64_t recorded_calls; /* outermost calls recorded (all threads) */
  uint64_t graphs_built;   /* graphs instantiated */
  uint64_t graph_launches; /* calls replayed as one graph launch */
} arrayc_rt_graph_stats;
ARRAYC_RT_API void arrayc_rt_get_graph_stats(arrayc_rt_graph_stats *stats);

/* ---- threads (runtime/src/threads.cpp) -------------------------- */
/* The threads of the cpu target's parallel loops (the num_threads of the
 * omp.parallel regions arrayc-cpu-threads emits): ARRAYC_NUM_THREADS, a
 * positive integer, else OpenMP's default (every core the process may use,
 * or OMP_NUM_THREADS). Read at the first call; when ARRAYC_NUM_THREADS is
 * set, OpenBLAS gets the same count. A malformed value is a fatal error. */
ARRAYC_RT_API int32_t arrayc_rt_num_threads(void);

/* ---- BLAS (OpenBLAS; runtime/src/blas.cpp) ----------------------- */
/* A (batched) matrix product as arrayc-linalg-to-blas emits it:
 * C[b] = A[b] @ B[b] for every batch element b, plus C's prior value when
 * `accumulate` is nonzero. `plan` (plan_len entries) describes the
 * contraction's loops: plan[0] = L, the loop count; plan[1..L] the role of
 * each loop (0 batch, 1 m, 2 n, 3 k: exactly one k, at most one m and one
 * n, which count as 1 when absent); then, for A, B and C in turn, one entry
 * per dimension: the loop that indexes it, or -1 - c for a constant index c.
 * A indexes m, k and batch loops, B k, n and batch loops, C m, n and every
 * batch loop; sizes must agree. Strides are in elements and may be anything:
 * a matrix GEMM cannot address directly (row-major or transposed with a
 * leading dimension) is packed first. dtype: ARRAYC_RT_F32, _F64, _C64 or
 * _C128. Calls cblas_?gemm once per batch element. */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_blas_gemm(
    int32_t dtype, const int64_t *plan, int64_t plan_len, int64_t arank,
    const int64_t *asizes, const int64_t *astrides, const void *a, int64_t brank,
    const int64_t *bsizes, const int64_t *bstrides, const void *b, int64_t crank,
    const int64_t *csizes, const int64_t *cstrides, void *c, int32_t accumulate);
/* Entry points called by compiled code (exit(1) on error): the plan is a
 * rank-1 i64 memref, A, B and C memrefs of the element type. */
#define ARRAYC_RT_DECLARE_GEMM(S)                                                       \
  ARRAYC_RT_API void arrayc_rt_blas_gemm_##S(int64_t prank, void *pdesc, int64_t arank, \
                                             void *adesc, int64_t brank, void *bdesc,   \
                                             int64_t crank, void *cdesc,                \
                                             int32_t accumulate);
ARRAYC_RT_DECLARE_GEMM(f32)
ARRAYC_RT_DECLARE_GEMM(f64)
ARRAYC_RT_DECLARE_GEMM(c64)
ARRAYC_RT_DECLARE_GEMM(c128)
#undef ARRAYC_RT_DECLARE_GEMM

#ifdef __cplusplus
}
#endif

#endif /* ARRAYC_RT_RUNTIME_H */
