// What a backend of the collectives (include/arrayc_rt/coll.h) implements:
// coll.cpp holds the C ABI and calls the process's one backend, which each
// library provides with collMakeBackend(): coll_mpi.cpp (libarrayc_runtime_mpi,
// CPU processes under mpirun), coll_nccl.cpp (libarrayc_runtime_nccl, one
// process per GPU). docs/distributed.md.
#ifndef ARRAYC_RT_COLL_BACKEND_H
#define ARRAYC_RT_COLL_BACKEND_H

#include <cstdint>
#include <cstring>
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
};

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
