// The job of a NCCL program (coll_nccl.cpp), without CUDA or NCCL, so that it
// is tested on any machine (runtime/test/coll_job_test.cpp): this process's
// place from the launcher's environment, and the rendezvous (a directory on one
// host, or TCP across hosts) through which rank 0 hands the NCCL unique id to
// the others. docs/distributed.md.
#ifndef ARRAYC_RT_COLL_JOB_H
#define ARRAYC_RT_COLL_JOB_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace arrayc_rt::coll {

/// This process in its job: rank, process count, the GPU it uses.
struct Job {
  int64_t rank = 0, size = 1, localRank = 0;
};

/// From the environment: `arrayc launch`'s ARRAYC_RANK/ARRAYC_WORLD_SIZE/
/// ARRAYC_LOCAL_RANK, else OpenMPI's OMPI_COMM_WORLD_RANK/_SIZE/_LOCAL_RANK,
/// else torchrun's RANK/WORLD_SIZE/LOCAL_RANK (the local rank defaults to
/// the rank); none set: a job of one process. False with `error` for a rank
/// without a size (or the reverse), values that are not integers, a rank
/// outside 0..size-1 or a negative local rank.
bool jobFromEnvironment(Job &job, std::string &error);

/// The directory where rank 0 leaves the NCCL id: $ARRAYC_RENDEZVOUS_DIR
/// (`arrayc launch` makes a fresh one), else $TMPDIR (or /tmp)
/// /arrayc-rendezvous-<job> named after OpenMPI's job (PMIX_NAMESPACE) or
/// torchrun's (TORCHELASTIC_RUN_ID and MASTER_PORT); false with `error` when
/// there is none.
bool rendezvousDir(std::string &dir, std::string &error);

/// Seconds a rank waits for the rendezvous (rank 0's file or connection, the
/// other ranks' connections): $ARRAYC_RENDEZVOUS_TIMEOUT, else 120.
double rendezvousTimeout();

/// Rank 0: `bytes` bytes of `data` into dir/name, written to a temporary file
/// in `dir` and renamed into place (a reader never sees part of it); `dir` is
/// made when missing (`madeDir` says so).
bool publishFile(const std::string &dir, const std::string &name, const void *data,
                 size_t bytes, bool &madeDir, std::string &error);

/// The other ranks: dir/name read into `data` once it holds `bytes` bytes,
/// polled every 10 ms for at most `timeout` seconds; false with a message
/// naming the file and the timeout after that.
bool awaitFile(const std::string &dir, const std::string &name, void *data, size_t bytes,
               double timeout, std::string &error);

/// $ARRAYC_RENDEZVOUS_ADDR (HOST:PORT; an IPv6 host in brackets), empty when
/// unset: the rendezvous then goes over TCP instead of a directory, for ranks
/// on several hosts.
std::string rendezvousAddr();

/// Rank 0 of a TCP rendezvous: listens on the port of `addr` (all interfaces,
/// SO_REUSEADDR) until `peers` distinct ranks (1..peers) have connected, each
/// sending its rank as 8 bytes (big-endian) and answered with the `bytes`
/// bytes of `data`; false with `error` naming ARRAYC_RENDEZVOUS_ADDR and
/// `addr` for a malformed address, a port that cannot be bound, or ranks that
/// did not all connect within `timeout` seconds.
bool serveTcp(const std::string &addr, int64_t peers, const void *data, size_t bytes,
              double timeout, std::string &error);

/// The other ranks: connects to `addr` (retried every 10 ms for at most
/// `timeout` seconds), sends `rank` and reads `bytes` bytes into `data`;
/// false with `error` naming ARRAYC_RENDEZVOUS_ADDR and `addr` for a
/// malformed address, a host that does not resolve, no connection within the
/// timeout, or fewer bytes than expected.
bool fetchTcp(const std::string &addr, int64_t rank, void *data, size_t bytes, double timeout,
              std::string &error);

} // namespace arrayc_rt::coll

#endif // ARRAYC_RT_COLL_JOB_H
