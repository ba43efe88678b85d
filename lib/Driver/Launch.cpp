//===- Launch.cpp - `arrayc launch`: N processes of one program -----------===//
//
// `arrayc launch -np N [--] PROGRAM ARGS...` starts N copies of PROGRAM on
// this host, as mpirun or torchrun would, for sharded programs on the cuda
// target (one process per GPU, collectives over NCCL: docs/distributed.md).
// Each copy gets ARRAYC_RANK, ARRAYC_WORLD_SIZE, ARRAYC_LOCAL_RANK and
// ARRAYC_RENDEZVOUS_DIR (a fresh directory,
// removed at the end) in its environment; the copies write to the launcher's
// stdout and stderr. When one ends with a non-zero status or by a signal,
// the launcher names its rank, ends the others (SIGTERM to each one's process
// group, SIGKILL 2 seconds later) and exits with status 1: a rank waiting in
// a collective for a dead peer never hangs the job. No GPU, MPI or NCCL is
// needed here; the program may be any executable.
//
//===----------------------------------------------------------------------===//
#include "Driver/Driver.h"

#include <dirent.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

volatile sig_atomic_t gSignal = 0;
void onSignal(int sig) { gSignal = sig; }

int usage(const char *why) {
  std::fprintf(stderr,
               "arrayc: error: launch: %s\n"
               "usage: arrayc launch -np N [--] PROGRAM [ARGS...]\n"
               "  starts N copies of PROGRAM (ranks 0..N-1, one per GPU for a cuda program "
               "compiled with --mesh=N)\n",
               why);
  return 2;
}

/// Removes the rendezvous directory and the files in it.
void removeDir(const std::string &dir) {
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d)) {
      std::string name = e->d_name;
      if (name != "." && name != "..")
        unlink((dir + "/" + name).c_str());
    }
    closedir(d);
  }
  rmdir(dir.c_str());
}

std::string describe(int status) {
  if (WIFEXITED(status))
    return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const char *name = strsignal(WTERMSIG(status));
    return "was killed by signal " + std::to_string(WTERMSIG(status)) +
           (name ? std::string(" (") + name + ")" : std::string());
  }
  return "ended with status " + std::to_string(status);
}

} // namespace

int arrayc::driver::launchCommand(int argc, char **argv) {
  // argv[0] arrayc, argv[1] "launch".
  long np = -1;
  int i = 2;
  for (; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--") {
      ++i;
      break;
    }
    if (a == "-h" || a == "--help") {
      usage("help");
      return 0;
    }
    std::string value;
    if (a == "-np" || a == "-n" || a == "--np") {
      if (i + 1 >= argc)
        return usage(("'" + a + "' needs a number").c_str());
      value = argv[++i];
    } else if (a.rfind("-np=", 0) == 0 || a.rfind("--np=", 0) == 0) {
      value = a.substr(a.find('=') + 1);
    } else if (!a.empty() && a[0] == '-') {
      return usage(("unknown option '" + a + "'").c_str());
    } else {
      break;
    }
    char *end = nullptr;
    errno = 0;
    np = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end || errno || np < 1 || np > 4096)
      return usage(("-np takes a process count from 1 to 4096, not '" + value + "'").c_str());
  }
  if (np < 0)
    return usage("the process count (-np N) is missing");
  if (i >= argc)
    return usage("no program to start");
  std::vector<char *> command(argv + i, argv + argc);
  command.push_back(nullptr);

  const char *tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/arrayc-launch-XXXXXX";
  std::vector<char> dirBuf(pattern.begin(), pattern.end());
  dirBuf.push_back('\0');
  if (!mkdtemp(dirBuf.data())) {
    std::fprintf(stderr, "arrayc: error: launch: cannot make the rendezvous directory %s: %s\n",
                 pattern.c_str(), std::strerror(errno));
    return 1;
  }
  std::string dir = dirBuf.data();

  struct sigaction sa {};
  sa.sa_handler = onSignal; // no SA_RESTART: waitpid returns EINTR
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    sigaction(sig, &sa, nullptr);

  std::fflush(stdout);
  std::fflush(stderr);
  pid_t parent = getpid();
  std::vector<pid_t> pids(static_cast<size_t>(np), 0);
  std::vector<bool> running(static_cast<size_t>(np), false);
  auto killAll = [&](int sig) {
    for (long r = 0; r < np; ++r)
      if (pids[r] > 0)
        kill(-pids[r], sig); // the rank's process group: its children too
  };
  for (long r = 0; r < np; ++r) {
    pid_t pid = fork();
    if (pid < 0) {
      std::fprintf(stderr, "arrayc: error: launch: cannot start rank %ld: %s\n", r,
                   std::strerror(errno));
      killAll(SIGKILL);
      while (wait(nullptr) > 0) {
      }
      removeDir(dir);
      return 1;
    }
    if (pid == 0) {
      setpgid(0, 0);
      prctl(PR_SET_PDEATHSIG, SIGKILL); // the launcher gone: this rank too
      if (getppid() != parent)
        _exit(1);
      signal(SIGINT, SIG_DFL);
      signal(SIGTERM, SIG_DFL);
      signal(SIGHUP, SIG_DFL);
      std::string n = std::to_string(np), rank = std::to_string(r);
      setenv("ARRAYC_RANK", rank.c_str(), 1);
      setenv("ARRAYC_WORLD_SIZE", n.c_str(), 1);
      setenv("ARRAYC_LOCAL_RANK", rank.c_str(), 1);
      setenv("ARRAYC_RENDEZVOUS_DIR", dir.c_str(), 1);
      execvp(command[0], command.data());
      std::fprintf(stderr, "arrayc: error: launch: rank %ld: cannot run '%s': %s\n", r,
                   command[0], std::strerror(errno));
      _exit(127);
    }
    setpgid(pid, pid);
    pids[r] = pid;
    running[r] = true;
  }

  long left = np;
  bool failed = false;
  int forwarded = 0;
  std::chrono::steady_clock::time_point killAt{};
  bool killed = false;
  while (left > 0) {
    if (gSignal && !forwarded) {
      forwarded = gSignal;
      std::fprintf(stderr, "arrayc: launch: %s received; ending the %ld rank%s\n",
                   strsignal(forwarded), left, left == 1 ? "" : "s");
      killAll(forwarded == SIGINT ? SIGINT : SIGTERM);
      killAt = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    }
    bool ending = failed || forwarded;
    int status = 0;
    // Polled (a blocking wait could miss a signal that arrives just before it).
    pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid < 0) {
      if (errno == EINTR)
        continue;
      break; // no children left
    }
    if (pid == 0) { // none finished yet
      if (ending && !killed && std::chrono::steady_clock::now() >= killAt) {
        killAll(SIGKILL);
        killed = true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      continue;
    }
    long r = 0;
    while (r < np && pids[r] != pid)
      ++r;
    if (r == np || !running[r])
      continue;
    running[r] = false;
    --left;
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok && !failed && !forwarded) {
      failed = true;
      std::fflush(stdout);
      std::fprintf(stderr,
                   "arrayc: error: launch: rank %ld of %ld (pid %d) %s; ending the other "
                   "rank%s\n",
                   r, np, static_cast<int>(pid), describe(status).c_str(),
                   np == 2 ? "" : "s");
      killAll(SIGTERM);
      killAt = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    }
  }
  // Whatever a failed job's ranks left behind in their process groups.
  if (failed || forwarded)
    killAll(SIGKILL);
  removeDir(dir);
  if (forwarded)
    return 128 + forwarded;
  return failed ? 1 : 0;
}
