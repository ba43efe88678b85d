//===- TempFiles.cpp - outputs that are whole or absent -------------------===//
#include "Compiler/TempFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <cerrno>
#include <csignal>
#include <unistd.h>

using namespace llvm;
using namespace arrayc::compiler;

Expected<TempFile> TempFile::create(StringRef dir, StringRef stem, StringRef suffix) {
  return createFor(dir, stem, suffix, "", sys::fs::owner_read | sys::fs::owner_write);
}

Expected<TempFile> TempFile::createFor(StringRef dir, StringRef stem, StringRef suffix,
                                       StringRef target, unsigned permissions) {
  SmallString<256> model(dir);
  sys::path::append(model, stem + kTemporaryMarker + Twine(::getpid()) + "-%%%%%%%%" + suffix);
  SmallString<256> path;
  int fd;
  if (auto ec = sys::fs::createUniqueFile(model, fd, path, sys::fs::OF_None, permissions))
    return target.empty()
               ? createStringError(ec, "cannot create a temporary file in '%s': %s",
                                   dir.str().c_str(), ec.message().c_str())
               : createStringError(ec, "cannot write '%s': %s", target.str().c_str(),
                                   ec.message().c_str());
  sys::RemoveFileOnSignal(path);
  return TempFile(std::string(path), fd);
}

Expected<TempFile> TempFile::beside(StringRef path) {
  SmallString<256> dir(sys::path::parent_path(path));
  if (dir.empty())
    dir = ".";
  // As any new file: read/write for all, less the umask.
  return createFor(dir, sys::path::filename(path), "", path,
                   sys::fs::all_read | sys::fs::all_write);
}

Expected<TempFile> TempFile::inTempDir(StringRef stem, StringRef suffix) {
  SmallString<256> dir;
  sys::path::system_temp_directory(/*ErasedOnReboot=*/true, dir);
  return create(dir, stem, suffix);
}

TempFile::TempFile(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}

TempFile::TempFile(TempFile &&other) noexcept
    : path_(std::move(other.path_)), fd_(other.fd_), os_(std::move(other.os_)) {
  other.path_.clear();
  other.fd_ = -1;
}

TempFile::~TempFile() {
  if (os_) {
    os_->clear_error(); // the file goes anyway; an error now is no news
    os_.reset();
  }
  if (fd_ >= 0)
    ::close(fd_);
  if (!path_.empty()) {
    sys::fs::remove(path_);
    sys::DontRemoveFileOnSignal(path_);
  }
}

raw_fd_ostream &TempFile::os() {
  if (!os_) {
    os_ = std::make_unique<raw_fd_ostream>(fd_, /*shouldClose=*/true);
    fd_ = -1;
  }
  return *os_;
}

Error TempFile::close() {
  if (os_) {
    os_->close();
    bool failed = os_->has_error();
    os_->clear_error();
    os_.reset();
    if (failed)
      return createStringError("error writing '%s'", path_.c_str());
  } else if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  return Error::success();
}

Error TempFile::commit(StringRef to) {
  if (auto err = close())
    return err;
  if (auto ec = sys::fs::rename(path_, to))
    return createStringError(ec, "cannot write '%s': %s", to.str().c_str(),
                             ec.message().c_str());
  sys::DontRemoveFileOnSignal(path_);
  path_.clear();
  return Error::success();
}

void arrayc::compiler::sweepStaleTemporaries(StringRef dir) {
  std::error_code ec;
  for (sys::fs::directory_iterator it(dir.empty() ? "." : dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    StringRef name = sys::path::filename(it->path());
    size_t at = name.find(kTemporaryMarker);
    if (at == StringRef::npos)
      continue;
    StringRef rest = name.drop_front(at + kTemporaryMarker.size());
    long pid;
    if (rest.take_until([](char c) { return c == '-'; }).getAsInteger(10, pid) || pid <= 0)
      continue;
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
      sys::fs::remove(it->path());
  }
}
