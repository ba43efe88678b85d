// The MPI backend of the collectives (coll_backend.h): CPU processes started
// by `mpirun`, in libarrayc_runtime_mpi (built when CMake finds MPI).
// docs/distributed.md.
#include "coll_backend.h"

#include "arrayc_rt/coll.h"
#include "arrayc_rt/runtime.h"

// The C API only (OpenMPI and MPICH would pull in their C++ bindings).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <cstdlib>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace arrayc_rt::coll {
namespace {

class MPIBackend final : public Backend {
public:
  const char *name() const override { return "mpi"; }
  const char *launchHint() const override { return "mpirun -np"; }
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
  bool allGather(const Group &group, const char *in, int64_t block, int64_t outer, char *out,
                 std::string &error) override {
    if (outer == 1)
      return allGatherBytes(group, in, block, out, error);
    std::vector<char> gathered(static_cast<size_t>(block * group.size));
    if (!allGatherBytes(group, in, block, gathered.data(), error))
      return false;
    interleaveRows(gathered.data(), block, outer, group.size, out);
    return true;
  }
  bool exchangeHalo(const Group &group, const char *loSend, int64_t loSendBytes,
                    const char *hiSend, int64_t hiSendBytes, char *loRecv, int64_t loRecvBytes,
                    char *hiRecv, int64_t hiRecvBytes, std::string &error) override {
    MPI_Comm comm;
    if (!communicator(group, comm, error))
      return false;
    int me = 0, n = 0;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &n);
    bool hasPrev = me > 0, hasNext = me + 1 < n;
    if (!haloEndsEmpty(hasPrev, hasNext, loSendBytes, hiSendBytes, loRecvBytes, hiRecvBytes,
                       error))
      return false;
    for (int64_t bytes : {loSendBytes, hiSendBytes, loRecvBytes, hiRecvBytes})
      if (bytes > std::numeric_limits<int>::max()) {
        error = "halo exchange of a buffer over 2^31-1 bytes";
        return false;
      }
    int prev = hasPrev ? me - 1 : MPI_PROC_NULL;
    int next = hasNext ? me + 1 : MPI_PROC_NULL;
    // Upwards (hi to the next, lo from the previous), then downwards; each
    // receive's size is checked against what arrived (a larger message is
    // MPI's truncation error).
    return sendrecv(hiSend, hiSendBytes, next, loRecv, loRecvBytes, prev, kHaloUpTag, comm,
                    "lo_recv", error) &&
           sendrecv(loSend, loSendBytes, prev, hiRecv, hiRecvBytes, next, kHaloDownTag, comm,
                    "hi_recv", error);
  }

  void gemm(int32_t bits, void *plan, void *a, void *b, void *c) override {
    (bits == 64 ? arrayc_rt_blas_gemm_f64 : arrayc_rt_blas_gemm_f32)(1, plan, 2, a, 2, b, 2, c,
                                                                      /*accumulate=*/0);
  }

  // The whole block, then one all-gather in place.
  bool computeAndGatherRows(const Group &group, int64_t, int64_t blockRows, int64_t rowBytes,
                            char *out, const RowsFn &compute, std::string &error) override {
    compute(0, blockRows);
    MPI_Comm comm;
    if (!communicator(group, comm, error))
      return false;
    int64_t bytes = blockRows * rowBytes;
    if (bytes > std::numeric_limits<int>::max()) {
      error = "all-gather of blocks over 2^31-1 bytes";
      return false;
    }
    int count = static_cast<int>(bytes);
    return check(MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, out, count, MPI_BYTE, comm),
                 "MPI_Allgather", error);
  }

private:
  static constexpr int kHaloUpTag = 0x4a01, kHaloDownTag = 0x4a02;

  /// One MPI_Sendrecv of bytes of a halo exchange; `recvName` names the
  /// receive buffer in the message of a size that differs from the sender's.
  static bool sendrecv(const char *send, int64_t sendBytes, int dest, char *recv,
                       int64_t recvBytes, int source, int tag, MPI_Comm comm,
                       const char *recvName, std::string &error) {
    MPI_Status status;
    std::string what = std::string("halo exchange: MPI_Sendrecv into ") + recvName;
    if (!check(MPI_Sendrecv(send, static_cast<int>(sendBytes), MPI_BYTE, dest, tag, recv,
                            static_cast<int>(recvBytes), MPI_BYTE, source, tag, comm, &status),
               what.c_str(), error))
      return false;
    if (source == MPI_PROC_NULL)
      return true;
    int got = 0;
    MPI_Get_count(&status, MPI_BYTE, &got);
    if (got != recvBytes) {
      error = std::string("halo exchange: ") + recvName + " has " + std::to_string(recvBytes) +
              " bytes, but the " + (tag == kHaloUpTag ? "previous" : "next") +
              " process sent " + std::to_string(got);
      return false;
    }
    return true;
  }

  bool allGatherBytes(const Group &group, const void *in, int64_t bytes, void *out,
                      std::string &error) {
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
    Elem elem;
    if (!elemOf(kind, bits, elem))
      return MPI_DATATYPE_NULL;
    const MPI_Datatype types[kNumElems] = {
        MPI_FLOAT,   MPI_DOUBLE,                               // float
        MPI_INT8_T,  MPI_INT16_T,  MPI_INT32_T,  MPI_INT64_T,  // signed
        MPI_UINT8_T, MPI_UINT16_T, MPI_UINT32_T, MPI_UINT64_T, // unsigned
    };
    return elemEntry(types, elem);
  }
  static MPI_Op reduction(int32_t op, int32_t kind) {
    if (isBitwise(op) && kind == ARRAYC_RT_COLL_FLOAT)
      return MPI_OP_NULL;
    const MPI_Op ops[kNumOps] = {MPI_SUM, MPI_PROD, MPI_MIN, MPI_MAX, MPI_BAND, MPI_BOR, MPI_BXOR};
    return opEntry(ops, op, MPI_OP_NULL);
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

} // namespace

Backend &collMakeBackend() {
  static MPIBackend mpi;
  return mpi;
}

} // namespace arrayc_rt::coll
