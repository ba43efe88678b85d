// The NCCL backend's job (src/coll_job.h): rank, size and local rank from
// the environment of arrayc launch, OpenMPI and torchrun; the rendezvous
// directory; the NCCL id handed from rank 0 to the others through a file (a
// forked writer, a reader polling, a timeout). No CUDA or NCCL needed.
#include "coll_job.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>
#include <thread>
#include <utility>

using namespace arrayc_rt::coll;

namespace {

const char *const kVars[] = {"ARRAYC_RANK",
                             "ARRAYC_WORLD_SIZE",
                             "ARRAYC_LOCAL_RANK",
                             "OMPI_COMM_WORLD_RANK",
                             "OMPI_COMM_WORLD_SIZE",
                             "OMPI_COMM_WORLD_LOCAL_RANK",
                             "RANK",
                             "WORLD_SIZE",
                             "LOCAL_RANK",
                             "ARRAYC_RENDEZVOUS_DIR",
                             "ARRAYC_RENDEZVOUS_TIMEOUT",
                             "PMIX_NAMESPACE",
                             "TORCHELASTIC_RUN_ID",
                             "MASTER_PORT",
                             "TMPDIR"};

/// Each test starts and ends with none of the job's variables set.
class CollJob : public ::testing::Test {
protected:
  void SetUp() override { clear(); }
  void TearDown() override { clear(); }
  static void clear() {
    for (const char *v : kVars)
      unsetenv(v);
  }
  /// Sets `vars` (name, value) and checks the job the environment describes.
  /// Its ASSERT_ returns from it only: call it in ASSERT_NO_FATAL_FAILURE.
  static void expectJob(std::initializer_list<std::pair<const char *, const char *>> vars,
                        int64_t rank, int64_t size, int64_t localRank) {
    for (const auto &[name, value] : vars)
      setenv(name, value, 1);
    Job job;
    std::string error;
    ASSERT_TRUE(jobFromEnvironment(job, error)) << error;
    EXPECT_EQ(job.rank, rank);
    EXPECT_EQ(job.size, size);
    EXPECT_EQ(job.localRank, localRank);
  }
  static std::string tempDir() {
    char pattern[] = "/tmp/arrayc-coll-job-test-XXXXXX";
    const char *d = mkdtemp(pattern);
    return d ? d : "";
  }
};

TEST_F(CollJob, AloneIsAJobOfOne) { ASSERT_NO_FATAL_FAILURE(expectJob({}, 0, 1, 0)); }

TEST_F(CollJob, ArraycLaunchVariables) {
  // arrayc launch's come first.
  ASSERT_NO_FATAL_FAILURE(expectJob({{"ARRAYC_RANK", "2"},
                                     {"ARRAYC_WORLD_SIZE", "4"},
                                     {"ARRAYC_LOCAL_RANK", "1"},
                                     {"RANK", "0"},
                                     {"WORLD_SIZE", "8"}},
                                    2, 4, 1));
}

TEST_F(CollJob, OpenMPIAndTorchrunVariables) {
  ASSERT_NO_FATAL_FAILURE(expectJob({{"OMPI_COMM_WORLD_RANK", "3"},
                                     {"OMPI_COMM_WORLD_SIZE", "4"},
                                     {"OMPI_COMM_WORLD_LOCAL_RANK", "1"}},
                                    3, 4, 1));
  clear();
  // The local rank is the rank without LOCAL_RANK.
  ASSERT_NO_FATAL_FAILURE(expectJob({{"RANK", "1"}, {"WORLD_SIZE", "2"}}, 1, 2, 1));
}

TEST_F(CollJob, BadVariablesAreErrors) {
  Job job;
  std::string error;
  setenv("ARRAYC_RANK", "1", 1);
  EXPECT_FALSE(jobFromEnvironment(job, error));
  EXPECT_NE(error.find("ARRAYC_RANK=1 is set but no process count"), std::string::npos)
      << error;

  setenv("ARRAYC_WORLD_SIZE", "1", 1);
  EXPECT_FALSE(jobFromEnvironment(job, error)); // rank 1 of 1
  EXPECT_NE(error.find("invalid rank and process count"), std::string::npos) << error;

  setenv("ARRAYC_WORLD_SIZE", "two", 1);
  EXPECT_FALSE(jobFromEnvironment(job, error));
  EXPECT_NE(error.find("ARRAYC_WORLD_SIZE=two"), std::string::npos) << error;

  setenv("ARRAYC_WORLD_SIZE", "2", 1);
  setenv("ARRAYC_LOCAL_RANK", "-1", 1);
  EXPECT_FALSE(jobFromEnvironment(job, error));
  EXPECT_NE(error.find("invalid local rank"), std::string::npos) << error;

  clear();
  setenv("WORLD_SIZE", "2", 1);
  EXPECT_FALSE(jobFromEnvironment(job, error));
  EXPECT_NE(error.find("is set but no rank"), std::string::npos) << error;
}

TEST_F(CollJob, RendezvousDirectory) {
  std::string dir, error;
  EXPECT_FALSE(rendezvousDir(dir, error));
  EXPECT_NE(error.find("arrayc launch -np N"), std::string::npos) << error;

  setenv("PMIX_NAMESPACE", "prterun-host-123@1", 1);
  setenv("TMPDIR", "/scratch", 1);
  ASSERT_TRUE(rendezvousDir(dir, error)) << error;
  EXPECT_EQ(dir, "/scratch/arrayc-rendezvous-ompi-prterun-host-123_1");

  clear();
  setenv("TORCHELASTIC_RUN_ID", "none", 1);
  setenv("MASTER_PORT", "29500", 1);
  ASSERT_TRUE(rendezvousDir(dir, error)) << error;
  EXPECT_EQ(dir, "/tmp/arrayc-rendezvous-torchrun-none-29500");

  setenv("ARRAYC_RENDEZVOUS_DIR", "/given", 1);
  ASSERT_TRUE(rendezvousDir(dir, error)) << error;
  EXPECT_EQ(dir, "/given");
}

TEST_F(CollJob, Timeout) {
  EXPECT_EQ(rendezvousTimeout(), 120);
  setenv("ARRAYC_RENDEZVOUS_TIMEOUT", "2.5", 1);
  EXPECT_EQ(rendezvousTimeout(), 2.5);
  setenv("ARRAYC_RENDEZVOUS_TIMEOUT", "soon", 1);
  EXPECT_EQ(rendezvousTimeout(), 120);
}

// Rank 0 (a forked process) publishes after the reader has started waiting.
TEST_F(CollJob, IdHandedOver) {
  std::string dir = tempDir() + "/sub"; // made by the writer
  char id[128];
  for (int i = 0; i < 128; ++i)
    id[i] = static_cast<char>(i * 7);
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    bool made = false;
    std::string error;
    _exit(publishFile(dir, "nccl-id", id, sizeof id, made, error) && made ? 0 : 1);
  }
  char got[128] = {};
  std::string error;
  bool ok = awaitFile(dir, "nccl-id", got, sizeof got, 20, error);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(ok) << error;
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(std::memcmp(got, id, sizeof id), 0);
  // Only the file itself: the temporary one was renamed.
  unlink((dir + "/nccl-id").c_str());
  EXPECT_EQ(rmdir(dir.c_str()), 0);
  rmdir(dir.substr(0, dir.size() - 4).c_str());
}

// A file shorter than the id (not yet the whole of it) is not taken; nothing
// published within the timeout is an error naming the file.
TEST_F(CollJob, NoIdWithinTheTimeout) {
  std::string dir = tempDir();
  FILE *f = std::fopen((dir + "/nccl-id").c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fwrite("short", 1, 5, f);
  std::fclose(f);
  char got[128];
  std::string error;
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(awaitFile(dir, "nccl-id", got, sizeof got, 0.3, error));
  double waited =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GE(waited, 0.3);
  EXPECT_LT(waited, 5);
  EXPECT_NE(error.find(dir + "/nccl-id within 0.3 s (ARRAYC_RENDEZVOUS_TIMEOUT)"),
            std::string::npos)
      << error;
  unlink((dir + "/nccl-id").c_str());
  rmdir(dir.c_str());
}

TEST_F(CollJob, UnwritableDirectory) {
  bool made = true;
  std::string error;
  char id[4] = {1, 2, 3, 4};
  EXPECT_FALSE(publishFile("/nonexistent-parent/arrayc", "nccl-id", id, sizeof id, made, error));
  EXPECT_FALSE(made);
  EXPECT_NE(error.find("cannot write /nonexistent-parent/arrayc/nccl-id"), std::string::npos)
      << error;
}

} // namespace
