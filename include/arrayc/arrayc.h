/* arrayc: the embedding C API (libarrayc).
 *
 * A host program compiles `.arr` source at run time and calls its exported
 * functions on its own arrays:
 *
 *   arrayc_context ctx;  arrayc_module mod;  arrayc_function fn;
 *   arrayc_context_create(NULL, &ctx);                 // cuda if a GPU is usable
 *   arrayc_compile(ctx, src, strlen(src), NULL, &mod);   // cached (memory + disk)
 *   arrayc_module_lookup(mod, "sqdiff", &fn);
 *   arrayc_array args[2], out;  ... arrayc_array_init(&args[0], x, ARRAYC_F32, 1, &n, NULL, -1);
 *   arrayc_call(fn, args, 2, &out, 1);                   // out: owned by the caller
 *   arrayc_array_release(&out);
 *
 * Errors: every call that can fail returns an arrayc_status; the message
 * (compile errors: each `name:line:col: error: ...` with the source line and
 * a caret) is kept per thread and returned by arrayc_last_error(). Nothing
 * here exits, throws or aborts on bad input; a failure inside compiled code
 * ends the call with an error status, not the process: a failing `assert`, a
 * bad `np.load` or a linalg error is ARRAYC_ERR_RUNTIME (never ARRAYC_ERR_ASSERT),
 * out of memory ARRAYC_ERR_NOMEM, a CUDA failure ARRAYC_ERR_DEVICE, and the
 * memory the call had allocated is freed. (Only here: in `arrayc run`, an AOT
 * executable or a `--shared` library the same failure prints the error and
 * exits the process with status 1.)
 *
 * Threads: every function may be called from any thread at once. Contexts,
 * modules and functions are shared freely; a module stays valid while any
 * handle to it (or a function of it in use) is live. Calls on the cuda target
 * run on the context's stream (or the runtime's default stream).
 */
#ifndef ARRAYC_ARRAYC_H
#define ARRAYC_ARRAYC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ARRAYC_API __attribute__((visibility("default")))
#define ARRAYC_MAX_RANK 16

/* Status codes: the runtime's code space (arrayc_rt/status.def), written out
 * so this header stands alone; libarrayc's build and test/python/tables.test
 * check them against it. This API returns OK .. ERR_RUNTIME; the codes after
 * it are the runtime's status layer's (a failure of compiled code reaches a
 * caller as ERR_RUNTIME, ERR_NOMEM or ERR_DEVICE). */
typedef enum arrayc_status {
  ARRAYC_OK = 0,
  ARRAYC_ERR_COMPILE = 1,   /* the source has errors (located diagnostics) */
  ARRAYC_ERR_NOT_FOUND = 2, /* no such function or file */
  ARRAYC_ERR_ARGUMENT = 3,  /* a call's arrays do not fit the signature */
  ARRAYC_ERR_DEVICE = 4,    /* no usable GPU, or a CUDA failure */
  ARRAYC_ERR_INVALID = 5,   /* a NULL handle, bad option, ... */
  ARRAYC_ERR_NOMEM = 6,     /* out of memory (the device pool's limit included) */
  ARRAYC_ERR_RUNTIME = 7,   /* the compiled code failed: an assert, a bad .npy file,
                               a linalg error; the call has no results */
  ARRAYC_ERR_IO = 8,        /* runtime: open/read/write/rename failed */
  ARRAYC_ERR_FORMAT = 9,    /* runtime: a malformed or truncated .npy file */
  ARRAYC_ERR_DTYPE = 10,    /* runtime: a dtype mismatch or an unsupported dtype */
  ARRAYC_ERR_SHAPE = 11,    /* runtime: a rank or dimension mismatch */
  ARRAYC_ERR_ASSERT = 12    /* runtime status layer only: an assertion failed
                               (this API reports a failed assert as ERR_RUNTIME) */
} arrayc_status;

typedef enum arrayc_target {
  ARRAYC_TARGET_AUTO = 0, /* cuda when a GPU is usable, else cpu */
  ARRAYC_TARGET_CPU = 1,
  ARRAYC_TARGET_CUDA = 2
} arrayc_target;

/* Element types: the codes of the runtime's dtype table (arrayc_rt/dtypes.def),
 * written out so this header stands alone; libarrayc's build and
 * test/python/tables.test check them against the table. */
typedef enum arrayc_dtype {
  ARRAYC_BOOL = 0, ARRAYC_I8 = 1, ARRAYC_I16 = 2, ARRAYC_I32 = 3, ARRAYC_I64 = 4,
  ARRAYC_U8 = 5, ARRAYC_U16 = 6, ARRAYC_U32 = 7, ARRAYC_U64 = 8, ARRAYC_F16 = 9,
  ARRAYC_BF16 = 10, ARRAYC_F32 = 11, ARRAYC_F64 = 12, ARRAYC_C64 = 13, ARRAYC_C128 = 14
} arrayc_dtype;

typedef struct arrayc_context_t *arrayc_context;
typedef struct arrayc_module_t *arrayc_module;
typedef const struct arrayc_function_t *arrayc_function; /* borrowed from its module */

typedef struct arrayc_context_options {
  int32_t target;        /* arrayc_target */
  int32_t device;        /* cuda device ordinal (0): every operation of the
                            context runs with it as the runtime's current
                            device; ARRAYC_ERR_DEVICE if it does not exist */
  void *stream;          /* an arrayc_rt_stream for calls; NULL: the default stream */
  int32_t cache;         /* 1: memory + disk cache, 0: none, -1: the environment's
                            (ARRAYC_CACHE=0 turns it off; default on) */
  const char *cache_dir; /* NULL: ARRAYC_CACHE_DIR, else $XDG_CACHE_HOME/arrayc,
                            else ~/.cache/arrayc */
  int32_t verbose;       /* 1: print cache keys, hits and misses to stderr;
                            -1: the environment's (ARRAYC_VERBOSE=1) */
  int32_t own_stream;    /* cuda, 1: the context makes its own stream (ordered
                            after the default stream's work, as CuPy's blocking
                            streams) and destroys it with the context */
  uint64_t pool_limit;   /* cuda: cap on the device's memory pool in bytes (one
                            pool per device, shared by its contexts); 0: leave it */
} arrayc_context_options;

typedef struct arrayc_compile_options {
  const char *name;      /* the source's name in diagnostics ("<source>") */
  const char *gpu_arch;  /* "sm_90"...; NULL: the device's */
  int32_t opt_level;     /* LLVM -O level (2) */
  int32_t fusion;        /* 1 */
  int32_t blas;          /* 1: matrix products through cuBLAS/OpenBLAS */
  int32_t tf32;          /* 0; cuda only */
  int32_t graphs;        /* 1; cuda: replay recurring kernels as CUDA graphs */
  const char *precision; /* NULL/"": as written; "f16" or "bf16": --fp16/--bf16 */
  const char *gpu_format; /* cuda kernels: "isa" (PTX, compiled by the driver when
                             loaded; the default: the fastest cold compile), "bin"
                             (cubin, by ptxas), "fatbin" (cubin + PTX) */
  const char *mesh;       /* NULL/"": one process; "4", "2x2": the exported
                             functions run SPMD over a mesh of processes (MPI on
                             cpu, NCCL on cuda; docs/distributed.md), the module
                             joining the job at its first sharded call */
  const char *shard;      /* with mesh: "FUNC:ARG=DIM[/AXIS],...", arrayc's --shard
                             values separated by commas; results come back whole
                             (replicated) on every process. A failing collective
                             ends the process and the job */
} arrayc_compile_options;

/* A parameter or result of an exported function. */
typedef struct arrayc_value_info {
  const char *name; /* parameter name; "" for results */
  int32_t dtype;
  int32_t rank;     /* 0: a scalar */
  int64_t dims[ARRAYC_MAX_RANK];            /* static size, or -1 */
  const char *dim_names[ARRAYC_MAX_RANK];   /* the name of a -1 dim, else "" */
  int32_t written;  /* parameters: 1 when the function writes to it (the caller's
                       array is updated in place, as NumPy's is); 0 for results */
} arrayc_value_info;

/* An array: a view of the caller's memory, or (owner != NULL) memory arrayc
 * allocated for a result, which arrayc_array_release frees. */
typedef struct arrayc_array {
  void *data;       /* element [0, ..., 0] */
  int32_t dtype;
  int32_t rank;
  int64_t shape[ARRAYC_MAX_RANK];
  int64_t strides[ARRAYC_MAX_RANK]; /* in elements */
  int32_t device;   /* -1: host memory; else the cuda device holding it (a call
                       or copy of a context on another device refuses it with
                       ARRAYC_ERR_DEVICE) */
  void *owner;      /* NULL for views */
} arrayc_array;

ARRAYC_API const char *arrayc_version(void);
/* The message of the last failing call on this thread ("" if none). */
ARRAYC_API const char *arrayc_last_error(void);

ARRAYC_API void arrayc_context_options_init(arrayc_context_options *options);
ARRAYC_API void arrayc_compile_options_init(arrayc_compile_options *options);

/* options may be NULL (defaults). */
ARRAYC_API arrayc_status arrayc_context_create(const arrayc_context_options *options,
                                               arrayc_context *out);
ARRAYC_API void arrayc_context_release(arrayc_context context);
ARRAYC_API arrayc_target arrayc_context_target(arrayc_context context);
/* The stream calls run on (an arrayc_rt_stream; NULL: the default stream). */
ARRAYC_API void *arrayc_context_stream(arrayc_context context);
/* The cuda device of the context's calls, arrays and pool; -1 on cpu. */
ARRAYC_API int32_t arrayc_context_device(arrayc_context context);
/* The number of CUDA devices (contexts may use devices 0 .. count-1); 0 when
 * arrayc was built without CUDA or no driver or GPU is usable. */
ARRAYC_API int32_t arrayc_cuda_device_count(void);
/* cuda: the bytes the memory pool of the context's device has handed out and
 * holds in its cache (each device has its own pool);
 * trim returns the cached blocks to the driver. cpu: zeros, a no-op. */
ARRAYC_API arrayc_status arrayc_context_pool_usage(arrayc_context context, uint64_t *used,
                                                   uint64_t *cached);
ARRAYC_API arrayc_status arrayc_context_pool_trim(arrayc_context context);
/* cuda: caps the pool at `bytes` (0: no cap); past it an allocation first
 * returns cached blocks to the driver, then fails. cpu: a no-op. */
ARRAYC_API arrayc_status arrayc_context_pool_set_limit(arrayc_context context, uint64_t bytes);

/* Streams of the context's device (cuda; arrayc_rt_streams): blocking
 * streams, ordered after the default stream's work. On cpu, create gives
 * NULL and the others do nothing. */
ARRAYC_API arrayc_status arrayc_stream_create(arrayc_context context, void **out);
ARRAYC_API arrayc_status arrayc_stream_destroy(arrayc_context context, void *stream);
ARRAYC_API arrayc_status arrayc_stream_synchronize(arrayc_context context, void *stream);
/* Waits for the work queued on the context's stream. */
ARRAYC_API arrayc_status arrayc_context_synchronize(arrayc_context context);
/* The CUstream a stream stands for (NULL: the context's stream, or the
 * runtime's default stream; that one is a blocking stream of its own, not the
 * legacy default stream), for other libraries (__cuda_array_interface__'s
 * "stream"). cpu: ARRAYC_ERR_DEVICE. */
ARRAYC_API arrayc_status arrayc_stream_handle(arrayc_context context, void *stream,
                                              uintptr_t *out);

/* Events (cuda; CUDA events of the context's device), as CuPy's
 * cupy.cuda.Event. On the cpu target arrayc_event_create fails with
 * ARRAYC_ERR_DEVICE. Timing events (no ARRAYC_EVENT_DISABLE_TIMING) give the
 * milliseconds between two recorded events. */
typedef struct arrayc_event_t *arrayc_event;
#define ARRAYC_EVENT_BLOCKING_SYNC 1u  /* synchronize sleeps instead of spinning */
#define ARRAYC_EVENT_DISABLE_TIMING 2u /* no timestamps: cheaper for ordering only */
ARRAYC_API arrayc_status arrayc_event_create(arrayc_context context, uint32_t flags,
                                             arrayc_event *out);
/* NULL is a no-op. Destroying a recorded event its work has not reached is
 * allowed (the driver releases it when the work completes). */
ARRAYC_API arrayc_status arrayc_event_destroy(arrayc_event event);
/* Records the event after the work queued so far on `stream` (an
 * arrayc_stream_create stream; NULL: the context's stream). */
ARRAYC_API arrayc_status arrayc_event_record(arrayc_event event, void *stream);
/* Waits until the work before the event's last record has finished. */
ARRAYC_API arrayc_status arrayc_event_synchronize(arrayc_event event);
/* *done = 1 when that work has finished (or the event was never recorded), else 0. */
ARRAYC_API arrayc_status arrayc_event_query(arrayc_event event, int32_t *done);
/* Milliseconds from `start` to `end` (both recorded and finished, timing events). */
ARRAYC_API arrayc_status arrayc_event_elapsed_ms(arrayc_event start, arrayc_event end,
                                                 float *ms);
/* Work queued on `stream` from now on waits for the event's last record.
 * `stream`: an arrayc stream, or any CUstream of the event's device (another
 * library's; CU_STREAM_LEGACY = 1 and CU_STREAM_PER_THREAD = 2 included);
 * NULL: the event's context's stream. */
ARRAYC_API arrayc_status arrayc_stream_wait_event(void *stream, arrayc_event event);

/* NVTX ranges (Nsight Systems' NVTX row): push opens a range named `message`
 * on this thread, pop closes the innermost. Every arrayc_call/arrayc_call_on
 * is a range named by its function and every arrayc_compile one named
 * "arrayc_compile"; the cuda runtime marks each CUDA graph replay
 * ("arrayc: CUDA graph replay"). They cost nothing unless a profiler injects
 * itself; in a libarrayc built without NVTX's header (no CUDA toolkit) they do
 * nothing, and arrayc_nvtx_available() returns 0 (else 1). */
ARRAYC_API void arrayc_range_push(const char *message);
ARRAYC_API void arrayc_range_pop(void);
ARRAYC_API int32_t arrayc_nvtx_available(void);

ARRAYC_API arrayc_status arrayc_compile(arrayc_context context, const char *source,
                                        size_t length, const arrayc_compile_options *options,
                                        arrayc_module *out);
ARRAYC_API arrayc_status arrayc_compile_file(arrayc_context context, const char *path,
                                             const arrayc_compile_options *options,
                                             arrayc_module *out);
ARRAYC_API void arrayc_module_release(arrayc_module module);
ARRAYC_API int32_t arrayc_module_num_functions(arrayc_module module);
ARRAYC_API arrayc_function arrayc_module_function(arrayc_module module, int32_t index);
ARRAYC_API arrayc_status arrayc_module_lookup(arrayc_module module, const char *name,
                                              arrayc_function *out);

ARRAYC_API const char *arrayc_function_name(arrayc_function fn);
ARRAYC_API int32_t arrayc_function_num_params(arrayc_function fn);
ARRAYC_API int32_t arrayc_function_num_results(arrayc_function fn);
ARRAYC_API arrayc_status arrayc_function_param(arrayc_function fn, int32_t index,
                                               arrayc_value_info *out);
ARRAYC_API arrayc_status arrayc_function_result(arrayc_function fn, int32_t index,
                                                arrayc_value_info *out);

/* strides NULL: C order. A scalar is rank 0 (shape and strides unused). */
ARRAYC_API void arrayc_array_init(arrayc_array *array, void *data, int32_t dtype,
                                  int32_t rank, const int64_t *shape,
                                  const int64_t *strides, int32_t device);
/* The number of elements; -1 when the rank is outside [0, ARRAYC_MAX_RANK], a
 * size is negative or the product overflows. */
ARRAYC_API int64_t arrayc_array_size(const arrayc_array *array);
/* Frees what arrayc allocated (owner != NULL) and clears the struct. */
ARRAYC_API void arrayc_array_release(arrayc_array *array);
/* A C-order copy in host memory, or on the context's device (waits for it). */
ARRAYC_API arrayc_status arrayc_array_to_host(arrayc_context context, const arrayc_array *src,
                                              arrayc_array *dst);
ARRAYC_API arrayc_status arrayc_array_to_device(arrayc_context context,
                                                const arrayc_array *src, arrayc_array *dst);

/* Calls fn: args must match its parameters (dtype, rank, static sizes, one
 * size per dimension name); host arrays are staged to the device on the
 * cuda target, and any strides are accepted for host arrays (device arrays
 * must be C-contiguous). Every field of every argument is checked (rank,
 * dtype, device, sizes, and that the bytes shape and strides address from
 * data lie in the address space): a bad one is ARRAYC_ERR_ARGUMENT.
 * results[0..nresults) receive owned arrays (on the context's device for
 * cuda); on an error they are left cleared.
 * Parameters the function writes (arrayc_value_info.written) update the
 * caller's array in place: an argument passed through a copy (a strided host
 * array, or a host array staged to the device) is copied back into it, in
 * its strides, before the call returns. An argument of a written parameter
 * must not share memory with any other argument (ARRAYC_ERR_ARGUMENT);
 * arguments of read-only parameters may. */
ARRAYC_API arrayc_status arrayc_call(arrayc_function fn, const arrayc_array *args,
                                     int32_t nargs, arrayc_array *results, int32_t nresults);
/* As arrayc_call, on `stream` (from arrayc_stream_create; NULL: the
 * context's stream). */
ARRAYC_API arrayc_status arrayc_call_on(arrayc_function fn, void *stream,
                                        const arrayc_array *args, int32_t nargs,
                                        arrayc_array *results, int32_t nresults);

#ifdef __cplusplus
}
#endif

#endif /* ARRAYC_ARRAYC_H */
