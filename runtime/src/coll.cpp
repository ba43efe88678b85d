// Collectives of sharded programs (include/arrayc_rt/coll.h): the C ABI that
// compiled programs call, over a backend. The MPI backend (this file, built
// into libarrayc_runtime_mpi only when CMake finds MPI) serves CPU processes
// started by `mpirun`; a NCCL backend for several GPUs would implement the
// same `Backend` interface. docs/distributed.md.
#include "arrayc_rt/coll.h"

#include "internal.h"

// The C API only (OpenMPI and MPICH would pull in their C++ bindings).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <vector>

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

/// The processes a collective runs among (coll.h): 0, or an id whose
/// communicator is split from the world by color and ordered by key.
struct Group {
  int64_t id = 0, color = 0, key = 0, size = 0;
};

/// What a collective backend does; one instance per process.
class Backend {
public:
  virtual ~Backend() = default;
  virtual const char *name() const = 0;
  /// Joins the job; false with `error` set when it cannot.
  virtual bool init(std::string &error) = 0;
  virtual void finalize() = 0;
  virtual int64_t rank() const = 0;
  virtual int64_t size() const = 0;
  /// Ends every process of the job with exit status `code`.
  [[noreturn]] virtual void abortAll(int code) = 0;
  virtual bool allReduce(const Group &group, void *buf, int64_t count, int32_t kind,
                         int32_t bits, int32_t op, std::string &error) = 0;
  /// Gathers `bytes` bytes of every process of `group`, in key order, into `out`.
  virtual bool allGatherBytes(const Group &group, const void *in, int64_t bytes, void *out,
                              std::string &error) = 0;
};

class MPIBackend final : public Backend {
public:
  const char *name() const override { return "mpi"; }
  bool init(std::string &error) override {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) {
      int provided = 0;
      if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        error = "MPI_Init_thread failed";
        return false;
      }
      ownsMPI = true;
    }
    // Errors come back as codes: the runtime reports them and aborts the job.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int r = 0, n = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    rank_ = r;
    size_ = n;
    return true;
  }
  void finalize() override {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (ownsMPI && !finalized)
      MPI_Finalize();
  }
  int64_t rank() const override { return rank_; }
  int64_t size() const override { return size_; }
  [[noreturn]] void abortAll(int code) override {
    MPI_Abort(MPI_COMM_WORLD, code);
    std::_Exit(code); // MPI_Abort does not return; in case it does
  }
  bool allReduce(const Group &group, void *buf, int64_t count, int32_t kind, int32_t bits,
                 int32_t op, std::string &error) override {
    MPI_Comm comm;
    if (!communicator(group, comm, error))
      return false;
    MPI_Datatype type = datatype(kind, bits);
    if (type == MPI_DATATYPE_NULL) {
      error = "all-reduce of an unsupported element type (kind " + std::to_string(kind) +
              ", " + std::to_string(bits) + " bits)";
      return false;
    }
    MPI_Op mop = reduction(op, kind);
    if (mop == MPI_OP_NULL) {
      error = "unsupported all-reduce operation " + std::to_string(op);
      return false;
    }
    if (count > std::numeric_limits<int>::max()) {
      error = "all-reduce of more than 2^31-1 elements";
      return false;
    }
    return check(MPI_Allreduce(MPI_IN_PLACE, buf, static_cast<int>(count), type, mop, comm),
                 "MPI_Allreduce", error);
  }
  bool allGatherBytes(const Group &group, const void *in, int64_t bytes, void *out,
                      std::string &error) override {
    MPI_Comm comm;
    if (!communicator(group, comm, error))
      return false;
    if (bytes > std::numeric_limits<int>::max()) {
      error = "all-gather of blocks over 2^31-1 bytes";
      return false;
    }
    int n = static_cast<int>(bytes);
    return check(MPI_Allgather(in, n, MPI_BYTE, out, n, MPI_BYTE, comm), "MPI_Allgather",
                 error);
  }

private:
  /// The world, or the group's communicator, split at its first use (every
  /// process reaches the same collectives in the same order) and kept.
  bool communicator(const Group &group, MPI_Comm &comm, std::string &error) {
    if (group.id == 0) {
      comm = MPI_COMM_WORLD;
      return true;
    }
    auto it = comms.find(group.id);
    if (it == comms.end()) {
      MPI_Comm split;
      if (!check(MPI_Comm_split(MPI_COMM_WORLD, static_cast<int>(group.color),
                                static_cast<int>(group.key), &split),
                 "MPI_Comm_split", error))
        return false;
      MPI_Comm_set_errhandler(split, MPI_ERRORS_RETURN);
      it = comms.emplace(group.id, split).first;
    }
    comm = it->second;
    int n = 0;
    MPI_Comm_size(comm, &n);
    if (n != group.size) {
      error = "a collective's group has " + std::to_string(n) + " processes, not " +
              std::to_string(group.size);
      return false;
    }
    return true;
  }
  static MPI_Datatype datatype(int32_t kind, int32_t bits) {
    switch (kind) {
    case ARRAYC_RT_COLL_FLOAT:
      return bits == 32 ? MPI_FLOAT : bits == 64 ? MPI_DOUBLE : MPI_DATATYPE_NULL;
    case ARRAYC_RT_COLL_SIGNED:
      return bits == 8    ? MPI_INT8_T
             : bits == 16 ? MPI_INT16_T
             : bits == 32 ? MPI_INT32_T
             : bits == 64 ? MPI_INT64_T
                          : MPI_DATATYPE_NULL;
    case ARRAYC_RT_COLL_UNSIGNED:
      return bits == 1 || bits == 8 ? MPI_UINT8_T
             : bits == 16           ? MPI_UINT16_T
             : bits == 32           ? MPI_UINT32_T
             : bits == 64           ? MPI_UINT64_T
                                    : MPI_DATATYPE_NULL;
    default:
      return MPI_DATATYPE_NULL;
    }
  }
  static MPI_Op reduction(int32_t op, int32_t kind) {
    bool integer = kind != ARRAYC_RT_COLL_FLOAT;
    switch (op) {
    case ARRAYC_RT_COLL_SUM: return MPI_SUM;
    case ARRAYC_RT_COLL_PROD: return MPI_PROD;
    case ARRAYC_RT_COLL_MIN: return MPI_MIN;
    case ARRAYC_RT_COLL_MAX: return MPI_MAX;
    case ARRAYC_RT_COLL_BAND: return integer ? MPI_BAND : MPI_OP_NULL;
    case ARRAYC_RT_COLL_BOR: return integer ? MPI_BOR : MPI_OP_NULL;
    case ARRAYC_RT_COLL_BXOR: return integer ? MPI_BXOR : MPI_OP_NULL;
    default: return MPI_OP_NULL;
    }
  }
  static bool check(int rc, const char *what, std::string &error) {
    if (rc == MPI_SUCCESS)
      return true;
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, text, &len);
    error = std::string(what) + " failed: " + std::string(text, static_cast<size_t>(len));
    return false;
  }
  bool ownsMPI = false;
  int64_t rank_ = 0, size_ = 0;
  std::map<int64_t, MPI_Comm> comms;
};

Backend *gBackend = nullptr;
bool gInitialized = false;
bool gFinalized = false;
/// Joined by the program's main, which leaves with arrayc_rt_coll_finalize:
/// an exit without it is a failure (arrayc_rt_fatal's exit(1)) and aborts the job.
bool gJoinedByMain = false;

/// Ends every process of the job with `rank r/n: where: message`.
[[noreturn]] __attribute__((format(printf, 2, 3))) void fail(const std::string &where,
                                                             const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
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

void atExit() {
  if (!gInitialized || gFinalized)
    return;
  if (gJoinedByMain) {
    // main did not reach its end: the process is failing (its message is
    // out); end the others now rather than leave them waiting in a collective.
    fflush(stdout);
    fflush(stderr);
    gBackend->abortAll(1);
  }
  gFinalized = true;
  gBackend->finalize();
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
    static MPIBackend mpi;
    gBackend = &mpi;
    std::string error;
    if (!gBackend->init(error))
      fail(where, "cannot join the %s job: %s", gBackend->name(), error.c_str());
    gInitialized = true;
    std::atexit(atExit);
    if (gBackend->size() != meshSize)
      fail(where,
           "the program was compiled for a mesh of %lld processes but runs on %lld "
           "(start it with `mpirun -np %lld`)",
           static_cast<long long>(meshSize), static_cast<long long>(gBackend->size()),
           static_cast<long long>(meshSize));
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

const char *arrayc_rt_coll_backend(void) { return "mpi"; }

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
  // Blocks are gathered whole in rank order, then interleaved along `axis`:
  // out[o][r][i] = gathered[r][o][i] (o: the dimensions before axis).
  int64_t outer = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= in.sizes[static_cast<size_t>(d)];
  int64_t block = in.elements() * eltBytes;
  int64_t inner = outer ? block / outer : 0;
  std::string error;
  Group g{group, color, key, groupSize};
  if (outer == 1) {
    if (!gBackend->allGatherBytes(g, in.data, block, out.data, error))
      fail(where, "%s", error.c_str());
    return;
  }
  std::vector<char> gathered(static_cast<size_t>(block * groupSize));
  if (!gBackend->allGatherBytes(g, in.data, block, gathered.data(), error))
    fail(where, "%s", error.c_str());
  for (int64_t r = 0; r < groupSize; ++r)
    for (int64_t o = 0; o < outer; ++o)
      std::memcpy(out.data + (o * groupSize + r) * inner, gathered.data() + r * block + o * inner,
                  static_cast<size_t>(inner));
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
  }
ARRAYC_RT_COLL_TYPES(ARRAYC_RT_COLL_DEFINE)
#undef ARRAYC_RT_COLL_DEFINE

} // extern "C"
