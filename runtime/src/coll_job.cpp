// The job of a NCCL program: place and rendezvous (coll_job.h).
#include "coll_job.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <thread>
#include <vector>

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


/// Seconds as text ("2", "0.5") for messages.
std::string secondsText(double seconds) {
  char text[64];
  std::snprintf(text, sizeof text, "%g", seconds);
  return text;
}

using Clock = std::chrono::steady_clock;

/// Milliseconds left until `deadline` for poll(), at least 0.
int msLeft(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::clamp<int64_t>(left.count(), 0, 1 << 30));
}

/// `timeout` seconds from now (capped at a day, so that the arithmetic stays
/// in range for any value of ARRAYC_RENDEZVOUS_TIMEOUT).
Clock::time_point deadlineIn(double timeout) {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(
                            std::chrono::duration<double>(std::min(timeout, 86400.0)));
}

/// A socket descriptor, closed when it goes.
struct Fd {
  int fd = -1;
  Fd() = default;
  explicit Fd(int descriptor) : fd(descriptor) {}
  Fd(const Fd &) = delete;
  Fd &operator=(const Fd &) = delete;
  ~Fd() {
    if (fd >= 0)
      close(fd);
  }
};

/// Non-blocking and closed on exec (a rank may start other programs).
bool prepare(int fd) {
  int flags = fcntl(fd, F_GETFL, 0);
  return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 &&
         fcntl(fd, F_SETFD, FD_CLOEXEC) == 0;
}

/// All `bytes` bytes of `data` sent (`out`) or received on the non-blocking
/// `fd` before `deadline`; `done` says how many went.
bool transfer(int fd, void *data, size_t bytes, bool out, Clock::time_point deadline,
              size_t &done) {
  char *p = static_cast<char *>(data);
  done = 0;
  while (done < bytes) {
    ssize_t n = out ? send(fd, p + done, bytes - done, MSG_NOSIGNAL)
                    : recv(fd, p + done, bytes - done, 0);
    if (n > 0) {
      done += static_cast<size_t>(n);
      continue;
    }
    if (n == 0) // the peer closed
      return false;
    if (errno == EINTR)
      continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK)
      return false;
    pollfd pfd{fd, static_cast<short>(out ? POLLOUT : POLLIN), 0};
    int ready = poll(&pfd, 1, msLeft(deadline));
    if (ready == 0 || (ready < 0 && errno != EINTR))
      return false;
  }
  return true;
}

/// HOST and PORT of ARRAYC_RENDEZVOUS_ADDR's value (an IPv6 host in
/// brackets: [::1]:29500); false with `error` when it is not of that form.
bool splitAddr(const std::string &addr, std::string &host, std::string &port,
               std::string &error) {
  size_t colon = addr.rfind(':');
  bool ok = colon != std::string::npos && colon > 0;
  if (ok) {
    host = addr.substr(0, colon);
    port = addr.substr(colon + 1);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
      host = host.substr(1, host.size() - 2);
    else if (host.find_first_of(":[]") != std::string::npos)
      ok = false; // an IPv6 address without brackets
    char *end = nullptr;
    errno = 0;
    long value = port.empty() || !std::isdigit(static_cast<unsigned char>(port[0]))
                     ? 0
                     : std::strtol(port.c_str(), &end, 10);
    ok = ok && !host.empty() && value >= 1 && value <= 65535 && end && !*end && !errno;
  }
  if (!ok)
    error = "ARRAYC_RENDEZVOUS_ADDR=" + addr +
            " is not HOST:PORT with a port from 1 to 65535 (an IPv6 host in brackets: "
            "[::1]:29500)";
  return ok;
}

/// A socket listening on `port` of every interface: IPv6 accepting IPv4 too,
/// else IPv4 only (a host without IPv6); -1 with `why` when neither binds.
int listenOn(const std::string &port, std::string &why) {
  int number = std::atoi(port.c_str());
  for (int family : {AF_INET6, AF_INET}) {
    Fd s(socket(family, SOCK_STREAM, 0));
    if (s.fd < 0) {
      why = std::string("socket: ") + std::strerror(errno);
      continue;
    }
    int one = 1, zero = 0;
    setsockopt(s.fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    int bound;
    if (family == AF_INET6) {
      setsockopt(s.fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
      sockaddr_in6 a{};
      a.sin6_family = AF_INET6;
      a.sin6_addr = in6addr_any;
      a.sin6_port = htons(static_cast<uint16_t>(number));
      bound = bind(s.fd, reinterpret_cast<sockaddr *>(&a), sizeof a);
    } else {
      sockaddr_in a{};
      a.sin_family = AF_INET;
      a.sin_addr.s_addr = htonl(INADDR_ANY);
      a.sin_port = htons(static_cast<uint16_t>(number));
      bound = bind(s.fd, reinterpret_cast<sockaddr *>(&a), sizeof a);
    }
    if (bound != 0) {
      why = std::string("bind: ") + std::strerror(errno);
      // Port in use, or not allowed: IPv4 would fail the same way.
      if (errno == EADDRINUSE || errno == EACCES)
        return -1;
      continue;
    }
    if (listen(s.fd, 128) != 0 || !prepare(s.fd)) {
      why = std::string("listen: ") + std::strerror(errno);
      continue;
    }
    int fd = s.fd;
    s.fd = -1;
    return fd;
  }
  return -1;
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


std::string rendezvousAddr() {
  const char *a = std::getenv("ARRAYC_RENDEZVOUS_ADDR");
  return a ? a : "";
}

bool serveTcp(const std::string &addr, int64_t peers, const void *data, size_t bytes,
              double timeout, std::string &error) {
  std::string host, port, why;
  if (!splitAddr(addr, host, port, error))
    return false;
  Fd listener(listenOn(port, why));
  if (listener.fd < 0) {
    error = "rank 0 cannot listen on port " + port + " (ARRAYC_RENDEZVOUS_ADDR=" + addr +
            "): " + why;
    return false;
  }
  auto deadline = deadlineIn(timeout);
  std::vector<bool> served(static_cast<size_t>(peers) + 1, false);
  int64_t count = 0;
  while (count < peers) {
    pollfd pfd{listener.fd, POLLIN, 0};
    int ready = poll(&pfd, 1, msLeft(deadline));
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0) {
      error = (count == 0 ? std::string("no rank")
                          : "only " + std::to_string(count) + " of " + std::to_string(peers) +
                                " other ranks") +
              " connected to the rendezvous at " + addr + " (ARRAYC_RENDEZVOUS_ADDR) within " +
              secondsText(timeout) + " s (ARRAYC_RENDEZVOUS_TIMEOUT); did the other ranks " +
              "start, with this address?";
      return false;
    }
    Fd peer(accept(listener.fd, nullptr, nullptr));
    if (peer.fd < 0 || !prepare(peer.fd))
      continue; // gone before it was accepted; wait for the next
    // A peer sends its rank at once; a stray connection that does not (or
    // sends something else) is dropped without holding up the others long.
    auto peerDeadline = std::min(deadline, Clock::now() + std::chrono::seconds(5));
    unsigned char word[8];
    size_t done = 0;
    if (!transfer(peer.fd, word, sizeof word, false, peerDeadline, done))
      continue;
    uint64_t rank = 0;
    for (unsigned char b : word)
      rank = rank << 8 | b;
    if (rank < 1 || rank > static_cast<uint64_t>(peers))
      continue;
    if (!transfer(peer.fd, const_cast<void *>(data), bytes, true, peerDeadline, done))
      continue; // the peer reports its own failure
    if (!served[rank]) {
      served[rank] = true;
      ++count;
    }
  }
  return true;
}

bool fetchTcp(const std::string &addr, int64_t rank, void *data, size_t bytes, double timeout,
              std::string &error) {
  std::string host, port;
  if (!splitAddr(addr, host, port, error))
    return false;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *found = nullptr;
  if (int rc = getaddrinfo(host.c_str(), port.c_str(), &hints, &found); rc != 0) {
    error = "cannot resolve " + host + " (ARRAYC_RENDEZVOUS_ADDR=" + addr +
            "): " + (rc == EAI_SYSTEM ? std::strerror(errno) : gai_strerror(rc));
    return false;
  }
  std::unique_ptr<addrinfo, void (*)(addrinfo *)> list(found, freeaddrinfo);
  auto deadline = deadlineIn(timeout);
  std::string why = "no address";
  for (;;) {
    for (addrinfo *ai = list.get(); ai; ai = ai->ai_next) {
      Fd s(socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol));
      if (s.fd < 0 || !prepare(s.fd)) {
        why = std::string("socket: ") + std::strerror(errno);
        continue;
      }
      int rc = ::connect(s.fd, ai->ai_addr, ai->ai_addrlen);
      if (rc != 0 && errno == EINPROGRESS) {
        pollfd pfd{s.fd, POLLOUT, 0};
        int ready;
        do
          ready = poll(&pfd, 1, msLeft(deadline));
        while (ready < 0 && errno == EINTR);
        int soError = ETIMEDOUT;
        socklen_t len = sizeof soError;
        if (ready > 0)
          getsockopt(s.fd, SOL_SOCKET, SO_ERROR, &soError, &len);
        errno = soError;
        rc = soError == 0 ? 0 : -1;
      }
      if (rc != 0) {
        why = std::strerror(errno);
        continue;
      }
      unsigned char word[8];
      for (int i = 0; i < 8; ++i)
        word[i] = static_cast<unsigned char>(static_cast<uint64_t>(rank) >> (56 - 8 * i));
      size_t done = 0;
      if (!transfer(s.fd, word, sizeof word, true, deadline, done)) {
        why = std::string("sending the rank: ") + (errno ? std::strerror(errno) : "closed");
        continue;
      }
      errno = 0;
      if (!transfer(s.fd, data, bytes, false, deadline, done)) {
        error = "rank 0 at " + addr + " (ARRAYC_RENDEZVOUS_ADDR) sent " + std::to_string(done) +
                " of the " + std::to_string(bytes) + " bytes of the NCCL id" +
                (Clock::now() >= deadline ? " within " + secondsText(timeout) +
                                                " s (ARRAYC_RENDEZVOUS_TIMEOUT)"
                                          : std::string(" before the connection closed"));
        return false;
      }
      return true;
    }
    if (Clock::now() >= deadline) {
      error = "could not connect to rank 0 at " + addr + " (ARRAYC_RENDEZVOUS_ADDR) within " +
              secondsText(timeout) + " s (ARRAYC_RENDEZVOUS_TIMEOUT): " + why +
              "; did rank 0 start, with this address?";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

} // namespace arrayc_rt::coll
