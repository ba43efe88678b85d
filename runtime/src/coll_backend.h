// What a backend of the collectives (include/arrayc_rt/coll.h) implements:
// coll.cpp holds the C ABI and calls the process's one backend, which each
// library provides with collMakeBackend(): coll_mpi.cpp (libarrayc_runtime_mpi,
// CPU processes under mpirun), coll_nccl.cpp (libarrayc_runtime_nccl, one
// process per GPU). docs/distributed.md.
#ifndef ARRAYC_RT_COLL_BACKEND_H
#define ARRAYC_RT_COLL_BACKEND_H

#include "arrayc_rt/coll.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>

namespace arrayc_rt::coll {

/// The processes a collective runs among (coll.h): 0 (every process), or an
/// id whose communicator is split from the world by color and ordered by key.
struct Group {
  int64_t id = 0, color = 0, key = 0, size = 0;
};

/// What a collective backend does; one instance per process. Failures
/// return false with `error` set; the caller ends the job (fail in coll.cpp).
class Backend {
public:
  virtual ~Backend() = default;
  virtual const char *name() const = 0;
  /// How the job is started, for the message of a wrong process count.
  virtual const char *launchHint() const = 0;
  /// Joins the job (at least its rank and size); false with `error` set
  /// when it cannot.
  virtual bool init(std::string &error) = 0;
  /// After the job's size is checked against the mesh: what else joining
  /// needs (NCCL: the GPU and the communicator).
  virtual bool connect(std::string &error) { return true; }
  virtual void finalize() = 0;
  /// Leaving at the process's exit when a library joined (no main called
  /// init): finalize, unless the backend's resources go with the process
  /// and finalizing then could fail (NCCL: the CUDA context may be gone).
  virtual void finalizeAtExit() { finalize(); }
  virtual int64_t rank() const = 0;
  virtual int64_t size() const = 0;
  /// Ends this process (and, where the backend can, every process of the
  /// job) with exit status `code`.
  [[noreturn]] virtual void abortAll(int code) = 0;
  /// `buf` (`count` elements, in place) reduced elementwise over the group.
  virtual bool allReduce(const Group &group, void *buf, int64_t count, int32_t kind,
                         int32_t bits, int32_t op, std::string &error) = 0;
  /// The group's blocks of `block` bytes (`outer` rows of block/outer bytes)
  /// gathered into `out`, in key order, interleaved by row: out row o holds
  /// row o of every process's block, rank after rank (a gather along an axis
  /// after `outer` elements of leading dimensions; outer 1: concatenated).
  virtual bool allGather(const Group &group, const char *in, int64_t block, int64_t outer,
                         char *out, std::string &error) = 0;
  /// A halo exchange along the group's chain (coll.h): `loSend` to the
  /// previous process (key - 1; group 0: rank - 1), which receives it in its
  /// `hiRecv`, and `hiSend` to the next, into its `loRecv`. At the ends the
  /// buffers towards the missing neighbour have 0 bytes.
  virtual bool exchangeHalo(const Group &group, const char *loSend, int64_t loSendBytes,
                            const char *hiSend, int64_t hiSendBytes, char *loRecv,
                            int64_t loRecvBytes, char *hiRecv, int64_t hiRecvBytes,
                            std::string &error) = 0;
  /// The runtime's matrix product where this backend's buffers live:
  /// arrayc_rt_blas_gemm_<T> (host) or arrayc_rt_cublas_gemm_<T> (device,
  /// on the library stream), f32 (`bits` 32) or f64, with their arguments
  /// (plan and operands as rank-1 / rank-2 memref descriptors; errors exit).
  virtual void gemm(int32_t bits, void *plan, void *a, void *b, void *c) = 0;
  /// Writes rows [first, first + rows) of this process's block.
  using RowsFn = std::function<void(int64_t first, int64_t rows)>;
  /// `out` holds the group's blocks of `blockRows` rows of `rowBytes` bytes
  /// in key order, this process's at position `me`: `compute` writes this
  /// process's block (in parts, in order, covering it), and every block is
  /// gathered into every process's `out` (an all-gather in place). A backend
  /// may send each part while the next is computed.
  virtual bool computeAndGatherRows(const Group &group, int64_t me, int64_t blockRows,
                                    int64_t rowBytes, char *out, const RowsFn &compute,
                                    std::string &error) = 0;
};

/// The element types a collective carries (coll.h's kind and width), in the
/// order of every backend's table of its library's types (elemEntry).
enum class Elem { F32, F64, I8, I16, I32, I64, U8, U16, U32, U64 };
constexpr size_t kNumElems = 10;

/// The element type of coll.h's `kind` and `bits` (bool, 1 bit stored in a
/// byte, is U8); false for a kind or width no collective carries.
inline bool elemOf(int32_t kind, int32_t bits, Elem &elem) {
  switch (kind) {
  case ARRAYC_RT_COLL_FLOAT:
    switch (bits) {
    case 32: elem = Elem::F32; return true;
    case 64: elem = Elem::F64; return true;
    }
    return false;
  case ARRAYC_RT_COLL_SIGNED:
    switch (bits) {
    case 8: elem = Elem::I8; return true;
    case 16: elem = Elem::I16; return true;
    case 32: elem = Elem::I32; return true;
    case 64: elem = Elem::I64; return true;
    }
    return false;
  case ARRAYC_RT_COLL_UNSIGNED:
    switch (bits) {
    case 1:
    case 8: elem = Elem::U8; return true;
    case 16: elem = Elem::U16; return true;
    case 32: elem = Elem::U32; return true;
    case 64: elem = Elem::U64; return true;
    }
    return false;
  }
  return false;
}

/// Calls `f` with a value of `elem`'s C type (a reduction on the host).
template <class F> void visitElem(Elem elem, F &&f) {
  switch (elem) {
  case Elem::F32: f(float{}); return;
  case Elem::F64: f(double{}); return;
  case Elem::I8: f(int8_t{}); return;
  case Elem::I16: f(int16_t{}); return;
  case Elem::I32: f(int32_t{}); return;
  case Elem::I64: f(int64_t{}); return;
  case Elem::U8: f(uint8_t{}); return;
  case Elem::U16: f(uint16_t{}); return;
  case Elem::U32: f(uint32_t{}); return;
  case Elem::U64: f(uint64_t{}); return;
  }
}

/// A backend's library type of `elem`, from its table in Elem's order.
template <class T> T elemEntry(const T (&table)[kNumElems], Elem elem) {
  return table[static_cast<size_t>(elem)];
}

/// coll.h's reduction operations, ARRAYC_RT_COLL_SUM (0) to
/// ARRAYC_RT_COLL_BXOR: a backend's table of its library's operations has
/// one entry each, in that order (opEntry).
constexpr size_t kNumOps = ARRAYC_RT_COLL_BXOR + 1;

/// and, or, xor: integers only.
inline bool isBitwise(int32_t op) {
  return op == ARRAYC_RT_COLL_BAND || op == ARRAYC_RT_COLL_BOR || op == ARRAYC_RT_COLL_BXOR;
}

/// A backend's library operation of coll.h's `op`, from its table in coll.h's
/// order, or `none` for an operation coll.h does not have.
template <class T> T opEntry(const T (&table)[kNumOps], int32_t op, T none) {
  return op >= 0 && static_cast<size_t>(op) < kNumOps ? table[op] : none;
}

/// A halo exchange's buffers towards a neighbour the process does not have
/// (the chain's ends) are empty; false with `error` naming the first that is
/// not (Backend::exchangeHalo).
inline bool haloEndsEmpty(bool hasPrev, bool hasNext, int64_t loSendBytes, int64_t hiSendBytes,
                          int64_t loRecvBytes, int64_t hiRecvBytes, std::string &error) {
  const char *what = nullptr;
  int64_t bytes = 0;
  if (!hasPrev && (loSendBytes || loRecvBytes)) {
    what = loSendBytes ? "lo_send" : "lo_recv";
    bytes = loSendBytes ? loSendBytes : loRecvBytes;
  } else if (!hasNext && (hiSendBytes || hiRecvBytes)) {
    what = hiSendBytes ? "hi_send" : "hi_recv";
    bytes = hiSendBytes ? hiSendBytes : hiRecvBytes;
  }
  if (!what)
    return true;
  error = std::string("halo exchange: ") + what + " has " + std::to_string(bytes) +
          " bytes, but this process is the " + (hasPrev ? "last" : "first") +
          " of its group and has no " + (hasPrev ? "next" : "previous") + " process";
  return false;
}

/// The backend of this library (coll_mpi.cpp or coll_nccl.cpp); static storage.
Backend &collMakeBackend();

/// Host memory: blocks gathered whole, rank after rank, in `gathered`,
/// interleaved by row into `out` (Backend::allGather).
inline void interleaveRows(const char *gathered, int64_t block, int64_t outer,
                           int64_t groupSize, char *out) {
  int64_t inner = outer ? block / outer : 0;
  for (int64_t r = 0; r < groupSize; ++r)
    for (int64_t o = 0; o < outer; ++o)
      std::memcpy(out + (o * groupSize + r) * inner, gathered + r * block + o * inner,
                  static_cast<size_t>(inner));
}

} // namespace arrayc_rt::coll

#endif // ARRAYC_RT_COLL_BACKEND_H
