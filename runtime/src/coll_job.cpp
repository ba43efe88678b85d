// The job of a NCCL program: place and rendezvous (coll_job.h).
#include "coll_job.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <thread>

namespace arrayc_rt::coll {
namespace {

/// A variable of the environment, read by the caller.
struct EnvVar {
  const char *name, *value;
};

/// The first of `vars` that is set: false when none is; `ok` false when its
/// value is not an integer.
bool envInt(std::initializer_list<EnvVar> vars, int64_t &value, std::string &from, bool &ok) {
  for (const EnvVar &var : vars)
    if (var.value && *var.value) {
      char *end = nullptr;
      errno = 0;
      value = std::strtoll(var.value, &end, 10);
      from = std::string(var.name) + "=" + var.value;
      ok = !*end && !errno;
      return true;
    }
  return false;
}

/// Characters of a job id usable in a file name.
std::string fileSafe(std::string s) {
  for (char &c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
      c = '_';
  return s;
}

} // namespace

bool jobFromEnvironment(Job &job, std::string &error) {
  std::string rankFrom, sizeFrom, localFrom;
  bool rankOk = true, sizeOk = true, localOk = true;
  // arrayc launch's, OpenMPI's (mpirun), torchrun's.
  bool hasRank = envInt({{"ARRAYC_RANK", std::getenv("ARRAYC_RANK")},
                         {"OMPI_COMM_WORLD_RANK", std::getenv("OMPI_COMM_WORLD_RANK")},
                         {"RANK", std::getenv("RANK")}},
                        job.rank, rankFrom, rankOk);
  bool hasSize = envInt({{"ARRAYC_WORLD_SIZE", std::getenv("ARRAYC_WORLD_SIZE")},
                         {"OMPI_COMM_WORLD_SIZE", std::getenv("OMPI_COMM_WORLD_SIZE")},
                         {"WORLD_SIZE", std::getenv("WORLD_SIZE")}},
                        job.size, sizeFrom, sizeOk);
  if (hasRank != hasSize) {
    error = hasRank ? rankFrom + " is set but no process count (ARRAYC_WORLD_SIZE, "
                                 "OMPI_COMM_WORLD_SIZE or WORLD_SIZE)"
                    : sizeFrom + " is set but no rank (ARRAYC_RANK, OMPI_COMM_WORLD_RANK or "
                                 "RANK)";
    return false;
  }
  if (!hasRank) { // started alone
    job.rank = 0;
    job.size = 1;
  }
  if (!rankOk || !sizeOk || job.size < 1 || job.rank < 0 || job.rank >= job.size) {
    error = "invalid rank and process count in the environment (" + rankFrom + ", " +
            sizeFrom + ")";
    return false;
  }
  job.localRank = job.rank;
  if (envInt({{"ARRAYC_LOCAL_RANK", std::getenv("ARRAYC_LOCAL_RANK")},
              {"OMPI_COMM_WORLD_LOCAL_RANK", std::getenv("OMPI_COMM_WORLD_LOCAL_RANK")},
              {"LOCAL_RANK", std::getenv("LOCAL_RANK")}},
             job.localRank, localFrom, localOk) &&
      (!localOk || job.localRank < 0)) {
    error = "invalid local rank in the environment (" + localFrom + ")";
    return false;
  }
  return true;
}

bool rendezvousDir(std::string &dir, std::string &error) {
  if (const char *d = std::getenv("ARRAYC_RENDEZVOUS_DIR"); d && *d) {
    dir = d;
    return true;
  }
  std::string job;
  if (const char *ns = std::getenv("PMIX_NAMESPACE"); ns && *ns) {
    job = std::string("ompi-") + ns;
  } else if (const char *id = std::getenv("TORCHELASTIC_RUN_ID"); id && *id) {
    const char *port = std::getenv("MASTER_PORT");
    job = std::string("torchrun-") + id + "-" + (port ? port : "");
  }
  if (job.empty()) {
    error = "no rendezvous directory for the NCCL id: start the program with `arrayc "
            "launch -np N`, or set ARRAYC_RENDEZVOUS_DIR to a fresh directory every rank "
            "of the job sees";
    return false;
  }
  const char *tmp = std::getenv("TMPDIR");
  dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/arrayc-rendezvous-" + fileSafe(job);
  return true;
}

double rendezvousTimeout() {
  if (const char *t = std::getenv("ARRAYC_RENDEZVOUS_TIMEOUT"); t && *t) {
    char *end = nullptr;
    double v = std::strtod(t, &end);
    if (!*end && v >= 0)
      return v;
  }
  return 120;
}

bool publishFile(const std::string &dir, const std::string &name, const void *data,
                 size_t bytes, bool &madeDir, std::string &error) {
  madeDir = mkdir(dir.c_str(), 0700) == 0;
  std::string path = dir + "/" + name;
  std::string tmp = dir + "/." + name + "." + std::to_string(getpid()) + ".tmp";
  FILE *f = std::fopen(tmp.c_str(), "wb");
  bool written = f && std::fwrite(data, 1, bytes, f) == bytes;
  if (f)
    written = std::fclose(f) == 0 && written;
  if (!written || std::rename(tmp.c_str(), path.c_str()) != 0) {
    error = "cannot write " + path + ": " + std::strerror(errno);
    unlink(tmp.c_str());
    return false;
  }
  return true;
}

bool awaitFile(const std::string &dir, const std::string &name, void *data, size_t bytes,
               double timeout, std::string &error) {
  std::string path = dir + "/" + name;
  auto start = std::chrono::steady_clock::now();
  for (;;) {
    std::ifstream in(path, std::ios::binary);
    if (in && in.read(static_cast<char *>(data), static_cast<std::streamsize>(bytes)) &&
        static_cast<size_t>(in.gcount()) == bytes)
      return true;
    double waited =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (waited > timeout) {
      char text[64];
      std::snprintf(text, sizeof text, "%g", timeout);
      error = "rank 0 did not publish the NCCL id in " + path + " within " + text +
              " s (ARRAYC_RENDEZVOUS_TIMEOUT); did rank 0 start?";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

} // namespace arrayc_rt::coll
