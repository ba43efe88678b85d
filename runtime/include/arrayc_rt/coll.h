/*===- coll.h - collectives of sharded programs (C ABI) -----------------===*
 *
 * What programs compiled with a mesh (`arrayc --mesh=N --shard=...`,
 * docs/distributed.md) call: the process's place in the mesh and the
 * collectives that `arrayc-shard-to-runtime` lowers MLIR's shard.all_reduce and
 * shard.all_gather to, and a halo exchange between the neighbours of a chain of
 * processes (the data movement of a halo update: each process's edge rows to
 * the previous and the next). One C ABI over backends (runtime/src/coll.cpp,
 * coll_backend.h): MPI between CPU processes started by `mpirun`
 * (libarrayc_runtime_mpi, built when CMake finds MPI), NCCL between GPUs, one
 * process per GPU started by `arrayc launch` (libarrayc_runtime_nccl, built
 * with the cuda target; arrays are then device buffers).
 *
 * Arrays travel as MLIR unranked memrefs (rank, descriptor), contiguous with
 * an identity layout; `where` is the program's source location (an unranked
 * i8 memref, "" when unknown). Every failure ends the process with a message
 * that names the rank and the location, and every other process of the job
 * with it (MPI_Abort; under NCCL the launcher ends them), never a hang.
 *===----------------------------------------------------------------------===*/
#ifndef ARRAYC_RT_COLL_H
#define ARRAYC_RT_COLL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define ARRAYC_RT_COLL_API __attribute__((visibility("default")))
#else
#define ARRAYC_RT_COLL_API
#endif

/* The reduction of an all-reduce (shard.ReductionKind's order). */
enum arrayc_rt_coll_op {
  ARRAYC_RT_COLL_SUM = 0,
  ARRAYC_RT_COLL_PROD = 1,
  ARRAYC_RT_COLL_MIN = 2,
  ARRAYC_RT_COLL_MAX = 3,
  ARRAYC_RT_COLL_BAND = 4,
  ARRAYC_RT_COLL_BOR = 5,
  ARRAYC_RT_COLL_BXOR = 6,
};

/* The element kind of an all-reduce's array (with its width in bits). */
enum arrayc_rt_coll_kind {
  ARRAYC_RT_COLL_FLOAT = 0,
  ARRAYC_RT_COLL_SIGNED = 1,
  ARRAYC_RT_COLL_UNSIGNED = 2, /* also bool (1 bit, stored in a byte) */
};

/* Joins the job (MPI_Init_thread; NCCL: the GPU of the local rank and the
 * communicator) at the first call and checks that it has `mesh_size`
 * processes. A program's main calls it first and
 * arrayc_rt_coll_finalize last; functions called through a library join at
 * their first collective and leave at exit. */
ARRAYC_RT_COLL_API void arrayc_rt_coll_init(int64_t mesh_size, int64_t wrank, void *wdesc);
ARRAYC_RT_COLL_API void arrayc_rt_coll_finalize(void);
/* This process's linear index in the mesh (its rank). */
ARRAYC_RT_COLL_API int64_t arrayc_rt_coll_rank(int64_t mesh_size, int64_t wrank, void *wdesc);
/* The number of processes of the job (0 before init). */
ARRAYC_RT_COLL_API int64_t arrayc_rt_coll_size(void);
/* The backend's name: "mpi" or "nccl". */
ARRAYC_RT_COLL_API const char *arrayc_rt_coll_backend(void);

/* The group of processes a collective runs among (the mesh axes it is
 * over): `group` 0 is every process; another id names the same group
 * structure on every process (the compiler derives it from the axes), whose
 * communicator is made once (MPI_Comm_split of the world by `color`, this
 * process's place along the other axes, ordered by `key`, its place along
 * the collective's axes) and cached; `group_size` processes take part. */

/* `buf` (in place) reduced elementwise over the group's processes with `op`. */
ARRAYC_RT_COLL_API void arrayc_rt_coll_all_reduce(int64_t rank, void *desc, int32_t kind,
                                                  int32_t bits, int32_t op, int64_t mesh_size,
                                                  int64_t group, int64_t color, int64_t key,
                                                  int64_t group_size, int64_t wrank,
                                                  void *wdesc);
/* The group's blocks `in` concatenated along `axis` into `out` (whose `axis`
 * dimension is group_size times in's), in key order. */
ARRAYC_RT_COLL_API void arrayc_rt_coll_all_gather(int64_t irank, void *idesc, int64_t orank,
                                                  void *odesc, int32_t elt_bytes, int64_t axis,
                                                  int64_t mesh_size, int64_t group,
                                                  int64_t color, int64_t key,
                                                  int64_t group_size, int64_t wrank,
                                                  void *wdesc);

/* A halo exchange along a chain: the group's processes in key order (group
 * 0: every process in rank order), each with a previous (key - 1) and a next
 * (key + 1) process except at the ends. `lo_send` goes to the previous
 * process, which receives it in its `hi_recv`; `hi_send` goes to the next,
 * which receives it in its `lo_recv`. At the chain's ends the buffers
 * towards the missing neighbour have 0 elements (their sizes come from the
 * memrefs; a non-empty buffer towards a missing neighbour, or sizes that
 * differ from the neighbour's, are errors where the backend can see them).
 * A receive buffer overlaps no other buffer (the send buffers may overlap). */
ARRAYC_RT_COLL_API void arrayc_rt_coll_exchange_halo(int64_t lsrank, void *lsdesc,
                                                     int64_t hsrank, void *hsdesc,
                                                     int64_t lrrank, void *lrdesc,
                                                     int64_t hrrank, void *hrdesc,
                                                     int32_t elt_bytes, int64_t mesh_size,
                                                     int64_t group, int64_t color, int64_t key,
                                                     int64_t group_size, int64_t wrank,
                                                     void *wdesc);

/* A matrix product with its rows split, gathered: `a` (m x k) @ `b` (k x n)
 * is this process's block of `out` (group_size * m x n; rows key * m on, key
 * as for all_gather), and every process's block is gathered into `out`, as
 * arrayc_rt_coll_all_gather along axis 0 of the products would. Row-major
 * f32 (`bits` 32) or f64 matrices (a and b may be blocks of wider ones: their
 * rows contiguous, evenly spaced; out of identity layout). The product is the
 * runtime's (BLAS for mpi, cuBLAS for nccl: arrayc_rt_(cu)blas_gemm_<T>),
 * written straight into `out`, which is then gathered in place; on GPUs with
 * $ARRAYC_GEMM_GATHER_PART_BYTES set, computed in parts of rows of about
 * that size, each sent to the other processes on a stream of its own while
 * the next is computed. Typed entry points:
 * arrayc_rt_coll_gemm_all_gather_f32, ..._f64 (without `bits`). */
ARRAYC_RT_COLL_API void arrayc_rt_coll_gemm_all_gather(int32_t bits, int64_t arank, void *adesc,
                                                       int64_t brank, void *bdesc,
                                                       int64_t orank, void *odesc,
                                                       int64_t mesh_size, int64_t group,
                                                       int64_t color, int64_t key,
                                                       int64_t group_size, int64_t wrank,
                                                       void *wdesc);
#define ARRAYC_RT_COLL_GEMM_TYPED(T)                                                        \
  ARRAYC_RT_COLL_API void arrayc_rt_coll_gemm_all_gather_##T(                               \
      int64_t arank, void *adesc, int64_t brank, void *bdesc, int64_t orank, void *odesc,   \
      int64_t mesh_size, int64_t group, int64_t color, int64_t key, int64_t group_size,     \
      int64_t wrank, void *wdesc);
ARRAYC_RT_COLL_GEMM_TYPED(f32)
ARRAYC_RT_COLL_GEMM_TYPED(f64)
#undef ARRAYC_RT_COLL_GEMM_TYPED

/* The entry points compiled programs call: one per element type (a module
 * declares each symbol with one memref type), same ABI as the three above:
 * arrayc_rt_coll_all_reduce_f64, ..._all_gather_i32, ..._exchange_halo_f32,
 * ... for f32 f64 i1 i8 i16 i32 i64 ui8 ui16 ui32 ui64 index. */
#define ARRAYC_RT_COLL_TYPED(T)                                                             \
  ARRAYC_RT_COLL_API void arrayc_rt_coll_all_reduce_##T(                                    \
      int64_t rank, void *desc, int32_t kind, int32_t bits, int32_t op, int64_t mesh_size,  \
      int64_t group, int64_t color, int64_t key, int64_t group_size, int64_t wrank,         \
      void *wdesc);                                                                         \
  ARRAYC_RT_COLL_API void arrayc_rt_coll_all_gather_##T(                                    \
      int64_t irank, void *idesc, int64_t orank, void *odesc, int32_t elt_bytes,            \
      int64_t axis, int64_t mesh_size, int64_t group, int64_t color, int64_t key,           \
      int64_t group_size, int64_t wrank, void *wdesc);                                      \
  ARRAYC_RT_COLL_API void arrayc_rt_coll_exchange_halo_##T(                                 \
      int64_t lsrank, void *lsdesc, int64_t hsrank, void *hsdesc, int64_t lrrank,           \
      void *lrdesc, int64_t hrrank, void *hrdesc, int32_t elt_bytes, int64_t mesh_size,     \
      int64_t group, int64_t color, int64_t key, int64_t group_size, int64_t wrank,         \
      void *wdesc);
#define ARRAYC_RT_COLL_TYPES(X) X(f32) X(f64) X(i1) X(i8) X(i16) X(i32) X(i64) X(ui8) X(ui16) X(ui32) X(ui64) X(index)
ARRAYC_RT_COLL_TYPES(ARRAYC_RT_COLL_TYPED)
#undef ARRAYC_RT_COLL_TYPED

#ifdef __cplusplus
}
#endif

#endif /* ARRAYC_RT_COLL_H */
