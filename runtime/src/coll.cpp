// Collectives of sharded programs (include/arrayc_rt/coll.h): the C ABI that
// compiled programs call, over the library's backend (coll_backend.h): MPI
// (coll_mpi.cpp, libarrayc_runtime_mpi) for CPU processes under mpirun, NCCL
// (coll_nccl.cpp, libarrayc_runtime_nccl) for one process per GPU.
// docs/distributed.md.
#include "arrayc_rt/coll.h"

#include "coll_backend.h"
#include "gemm_plan.h"
#include "internal.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace arrayc_rt::coll;

namespace {

/// A contiguous array of an unranked memref descriptor (identity layout).
struct Block {
  char *data = nullptr;
  std::vector<int64_t> sizes;
  int64_t elements() const {
    int64_t n = 1;
    for (int64_t s : sizes)
      n *= s;
    return n;
  }
};

Block blockOf(int64_t rank, void *desc, int64_t eltBytes) {
  // {allocated, aligned, offset, sizes[rank], strides[rank]}
  auto *d = static_cast<char *>(desc);
  char *aligned;
  std::memcpy(&aligned, d + sizeof(void *), sizeof(void *));
  int64_t offset;
  std::memcpy(&offset, d + 2 * sizeof(void *), sizeof(int64_t));
  Block b;
  b.data = aligned + offset * eltBytes;
  b.sizes.resize(static_cast<size_t>(rank));
  if (rank)
    std::memcpy(b.sizes.data(), d + 2 * sizeof(void *) + sizeof(int64_t),
                sizeof(int64_t) * static_cast<size_t>(rank));
  return b;
}

/// A rank-2 memref descriptor as compiled code passes it (MLIR's
/// StridedMemRefType<T, 2>), and a rank-1 one.
struct Matrix {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
  /// Rows of contiguous elements, evenly spaced (a block of a wider matrix).
  bool rowMajor() const {
    return (sizes[1] <= 1 || strides[1] == 1) && (sizes[0] <= 1 || strides[0] >= sizes[1]);
  }
  /// Rows [first, first + count).
  Matrix rows(int64_t first, int64_t count) const {
    Matrix r = *this;
    r.offset += first * strides[0];
    r.sizes[0] = count;
    return r;
  }
};
struct Matrix1 {
  void *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
};

Matrix matrixOf(void *desc) {
  Matrix m;
  std::memcpy(&m, desc, sizeof m);
  return m;
}

Backend *gBackend = nullptr;
bool gInitialized = false;
bool gFinalized = false;
/// Joined by the program's main, which leaves with arrayc_rt_coll_finalize:
/// an exit without it is a failure (arrayc_rt_fatal's exit(1)) and aborts the job.
bool gJoinedByMain = false;

/// Ends every process of the job with `rank r/n: where: message`.
[[noreturn]] __attribute__((format(printf, 2, 3))) void fail(const std::string &where,
                                                             const char *fmt, ...) {
  va_list ap, again;
  va_start(ap, fmt);
  va_copy(again, ap);
  int n = vsnprintf(nullptr, 0, fmt, ap);
  va_end(ap);
  std::vector<char> text(static_cast<size_t>(n > 0 ? n : 0) + 1);
  vsnprintf(text.data(), text.size(), fmt, again);
  va_end(again);
  const char *msg = text.data();
  fflush(stdout);
  if (gBackend && gInitialized)
    fprintf(stderr, "arrayc: error: rank %lld of %lld: %s%s%s\n",
            static_cast<long long>(gBackend->rank()), static_cast<long long>(gBackend->size()),
            where.c_str(), where.empty() ? "" : ": ", msg);
  else
    fprintf(stderr, "arrayc: error: %s%s%s\n", where.c_str(), where.empty() ? "" : ": ", msg);
  fflush(stderr);
  if (gBackend && gInitialized)
    gBackend->abortAll(1);
  std::_Exit(1);
}

/// glibc's on_exit handler (it gets the exit status, which atexit's does not).
void atExit(int status, void *) {
  if (!gInitialized || gFinalized)
    return;
  if (gJoinedByMain || status != 0) {
    // main did not reach its end, or a library's host (a Python process
    // whose sharded call raised) exits with an error: the process is failing
    // (its message is out); end the others now rather than leave them
    // waiting in a collective (MPI_Finalize would wait for them).
    fflush(stdout);
    fflush(stderr);
    gBackend->abortAll(status ? status : 1);
  }
  // A library joined (no main): it leaves as the process ends.
  gFinalized = true;
  gBackend->finalizeAtExit();
}

/// Fault injection for the tests (docs/environment.md): rank
/// $ARRAYC_COLL_FAIL_RANK fails at its first collective through the
/// runtime's ordinary error path (arrayc_rt_fatal: message, exit(1)), while
/// the others wait in that collective.
void injectedFault(const std::string &where) {
  const char *f = std::getenv("ARRAYC_COLL_FAIL_RANK");
  if (!f || !*f || std::atoll(f) != gBackend->rank())
    return;
  std::string msg = "rank " + std::to_string(gBackend->rank()) + " of " +
                    std::to_string(gBackend->size()) +
                    ": failure injected by ARRAYC_COLL_FAIL_RANK";
  arrayc_rt_fatal(where.c_str(), msg.c_str());
}

std::string whereOf(int64_t wrank, void *wdesc) {
  return wdesc ? arrayc_rt::memrefString(wrank, wdesc) : std::string();
}

void ensureInit(int64_t meshSize, const std::string &where) {
  if (gFinalized)
    fail(where, "a collective after the program left the mesh");
  if (!gInitialized) {
    gBackend = &collMakeBackend();
    std::string error;
    if (!gBackend->init(error))
      fail(where, "cannot join the %s job: %s", gBackend->name(), error.c_str());
    gInitialized = true;
    on_exit(atExit, nullptr);
    if (gBackend->size() != meshSize)
      fail(where,
           "the program was compiled for a mesh of %lld processes but runs on %lld "
           "(start it with `%s %lld`)",
           static_cast<long long>(meshSize), static_cast<long long>(gBackend->size()),
           gBackend->launchHint(), static_cast<long long>(meshSize));
    std::string connectError;
    if (!gBackend->connect(connectError))
      fail(where, "cannot join the %s job: %s", gBackend->name(), connectError.c_str());
  } else if (gBackend->size() != meshSize) {
    fail(where, "a collective over a mesh of %lld processes in a job of %lld",
         static_cast<long long>(meshSize), static_cast<long long>(gBackend->size()));
  }
}

} // namespace

extern "C" {

void arrayc_rt_coll_init(int64_t meshSize, int64_t wrank, void *wdesc) {
  gJoinedByMain = !gInitialized || gJoinedByMain;
  ensureInit(meshSize, whereOf(wrank, wdesc));
}

void arrayc_rt_coll_finalize(void) {
  if (!gInitialized || gFinalized)
    return;
  fflush(stdout);
  gFinalized = true;
  gBackend->finalize();
}

int64_t arrayc_rt_coll_rank(int64_t meshSize, int64_t wrank, void *wdesc) {
  ensureInit(meshSize, whereOf(wrank, wdesc));
  return gBackend->rank();
}

int64_t arrayc_rt_coll_size(void) { return gInitialized ? gBackend->size() : 0; }

const char *arrayc_rt_coll_backend(void) { return collMakeBackend().name(); }

void arrayc_rt_coll_all_reduce(int64_t rank, void *desc, int32_t kind, int32_t bits, int32_t op,
                               int64_t meshSize, int64_t group, int64_t color, int64_t key,
                               int64_t groupSize, int64_t wrank, void *wdesc) {
  std::string where = whereOf(wrank, wdesc);
  ensureInit(meshSize, where);
  injectedFault(where);
  int64_t eltBytes = bits == 1 ? 1 : bits / 8;
  Block b = blockOf(rank, desc, eltBytes);
  std::string error;
  if (!gBackend->allReduce(Group{group, color, key, groupSize}, b.data, b.elements(), kind, bits,
                           op, error))
    fail(where, "%s", error.c_str());
}

void arrayc_rt_coll_all_gather(int64_t irank, void *idesc, int64_t orank, void *odesc,
                               int32_t eltBytes, int64_t axis, int64_t meshSize, int64_t group,
                               int64_t color, int64_t key, int64_t groupSize, int64_t wrank,
                               void *wdesc) {
  std::string where = whereOf(wrank, wdesc);
  ensureInit(meshSize, where);
  injectedFault(where);
  Block in = blockOf(irank, idesc, eltBytes);
  Block out = blockOf(orank, odesc, eltBytes);
  if (irank != orank || axis < 0 || axis >= irank ||
      out.sizes[static_cast<size_t>(axis)] != in.sizes[static_cast<size_t>(axis)] * groupSize)
    fail(where, "all-gather: the output's shape is not the input's gathered along axis %lld",
         static_cast<long long>(axis));
  int64_t outer = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= in.sizes[static_cast<size_t>(d)];
  std::string error;
  if (!gBackend->allGather(Group{group, color, key, groupSize}, in.data,
                           in.elements() * eltBytes, outer, out.data, error))
    fail(where, "%s", error.c_str());
}

void arrayc_rt_coll_gemm_all_gather(int32_t bits, int64_t arank, void *adesc, int64_t brank,
                                    void *bdesc, int64_t orank, void *odesc, int64_t meshSize,
                                    int64_t group, int64_t color, int64_t key,
                                    int64_t groupSize, int64_t wrank, void *wdesc) {
  std::string where = whereOf(wrank, wdesc);
  ensureInit(meshSize, where);
  injectedFault(where);
  if (bits != 32 && bits != 64)
    fail(where, "product and all-gather: %d-bit elements (f32 or f64 only)", bits);
  if (arank != 2 || brank != 2 || orank != 2)
    fail(where, "product and all-gather: operands of rank %lld, %lld, %lld (matrices only)",
         static_cast<long long>(arank), static_cast<long long>(brank),
         static_cast<long long>(orank));
  Matrix a = matrixOf(adesc), b = matrixOf(bdesc), o = matrixOf(odesc);
  int64_t m = a.sizes[0], k = a.sizes[1], n = b.sizes[1];
  if (b.sizes[0] != k || o.sizes[0] != m * groupSize || o.sizes[1] != n)
    fail(where,
         "product and all-gather: %lldx%lld @ %lldx%lld gathered over %lld processes is not "
         "%lldx%lld",
         static_cast<long long>(m), static_cast<long long>(k),
         static_cast<long long>(b.sizes[0]), static_cast<long long>(n),
         static_cast<long long>(groupSize), static_cast<long long>(o.sizes[0]),
         static_cast<long long>(o.sizes[1]));
  if (!a.rowMajor() || !b.rowMajor() || !o.rowMajor())
    fail(where, "product and all-gather: an operand's rows are not contiguous");
  // This process's place in the group (key: its place along the group's
  // axes; the world: its rank).
  int64_t me = group == 0 ? gBackend->rank() : key;
  // The plan arrayc-linalg-to-blas writes for C[i, j] += A[i, l] B[l, j]
  // (gemm_plan.h): 3 loops, their roles, then each operand's loop per
  // dimension: A (i, l), B (l, j), C (i, j).
  using namespace arrayc_rt::gemm;
  int64_t planData[10] = {3, M, N, K, 0, 2, 2, 1, 0, 1};
  Matrix1 plan{planData, planData, 0, {10}, {1}};
  int64_t eltBytes = bits / 8;
  auto compute = [&](int64_t first, int64_t rows) {
    Matrix ap = a.rows(first, rows), cp = o.rows(me * m + first, rows);
    gBackend->gemm(bits, &plan, &ap, &b, &cp);
  };
  std::string error;
  if (!gBackend->computeAndGatherRows(Group{group, color, key, groupSize}, me, m,
                                      n * eltBytes,
                                      static_cast<char *>(o.aligned) + o.offset * eltBytes,
                                      compute, error))
    fail(where, "%s", error.c_str());
}

void arrayc_rt_coll_exchange_halo(int64_t lsrank, void *lsdesc, int64_t hsrank, void *hsdesc,
                                  int64_t lrrank, void *lrdesc, int64_t hrrank, void *hrdesc,
                                  int32_t eltBytes, int64_t meshSize, int64_t group,
                                  int64_t color, int64_t key, int64_t groupSize, int64_t wrank,
                                  void *wdesc) {
  std::string where = whereOf(wrank, wdesc);
  ensureInit(meshSize, where);
  injectedFault(where);
  Block loSend = blockOf(lsrank, lsdesc, eltBytes);
  Block hiSend = blockOf(hsrank, hsdesc, eltBytes);
  Block loRecv = blockOf(lrrank, lrdesc, eltBytes);
  Block hiRecv = blockOf(hrrank, hrdesc, eltBytes);
  std::string error;
  if (!gBackend->exchangeHalo(Group{group, color, key, groupSize}, loSend.data,
                              loSend.elements() * eltBytes, hiSend.data,
                              hiSend.elements() * eltBytes, loRecv.data,
                              loRecv.elements() * eltBytes, hiRecv.data,
                              hiRecv.elements() * eltBytes, error))
    fail(where, "%s", error.c_str());
}

#define ARRAYC_RT_COLL_DEFINE(T)                                                            \
  void arrayc_rt_coll_all_reduce_##T(int64_t rank, void *desc, int32_t kind, int32_t bits,   \
                                     int32_t op, int64_t meshSize, int64_t group,            \
                                     int64_t color, int64_t key, int64_t groupSize,          \
                                     int64_t wrank, void *wdesc) {                           \
    arrayc_rt_coll_all_reduce(rank, desc, kind, bits, op, meshSize, group, color, key,       \
                              groupSize, wrank, wdesc);                                      \
  }                                                                                          \
  void arrayc_rt_coll_all_gather_##T(int64_t irank, void *idesc, int64_t orank, void *odesc, \
                                     int32_t eltBytes, int64_t axis, int64_t meshSize,       \
                                     int64_t group, int64_t color, int64_t key,              \
                                     int64_t groupSize, int64_t wrank, void *wdesc) {        \
    arrayc_rt_coll_all_gather(irank, idesc, orank, odesc, eltBytes, axis, meshSize, group,   \
                              color, key, groupSize, wrank, wdesc);                          \
  }                                                                                          \
  void arrayc_rt_coll_exchange_halo_##T(int64_t lsrank, void *lsdesc, int64_t hsrank,        \
                                        void *hsdesc, int64_t lrrank, void *lrdesc,          \
                                        int64_t hrrank, void *hrdesc, int32_t eltBytes,      \
                                        int64_t meshSize, int64_t group, int64_t color,      \
                                        int64_t key, int64_t groupSize, int64_t wrank,       \
                                        void *wdesc) {                                       \
    arrayc_rt_coll_exchange_halo(lsrank, lsdesc, hsrank, hsdesc, lrrank, lrdesc, hrrank,     \
                                 hrdesc, eltBytes, meshSize, group, color, key, groupSize,   \
                                 wrank, wdesc);                                              \
  }
ARRAYC_RT_COLL_TYPES(ARRAYC_RT_COLL_DEFINE)
#undef ARRAYC_RT_COLL_DEFINE

#define ARRAYC_RT_COLL_GEMM_DEFINE(T, BITS)                                                   \
  void arrayc_rt_coll_gemm_all_gather_##T(int64_t arank, void *adesc, int64_t brank,         \
                                          void *bdesc, int64_t orank, void *odesc,           \
                                          int64_t meshSize, int64_t group, int64_t color,    \
                                          int64_t key, int64_t groupSize, int64_t wrank,     \
                                          void *wdesc) {                                     \
    arrayc_rt_coll_gemm_all_gather(BITS, arank, adesc, brank, bdesc, orank, odesc, meshSize, \
                                   group, color, key, groupSize, wrank, wdesc);              \
  }
ARRAYC_RT_COLL_GEMM_DEFINE(f32, 32)
ARRAYC_RT_COLL_GEMM_DEFINE(f64, 64)
#undef ARRAYC_RT_COLL_GEMM_DEFINE

} // extern "C"
