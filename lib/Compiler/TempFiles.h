//===- TempFiles.h - outputs that are whole or absent -----------*- C++ -*-===//
//
// Every file arrayc writes goes first to a temporary beside it (or in the
// system's temporary folder), named `<name>.arrayc-tmp-<pid>-<random>`, and
// is renamed into place when complete. SIGINT, SIGTERM and the other signals
// LLVM handles remove the temporaries of the dying process; after a SIGKILL
// (which runs no code) the next compile writing to the same folder removes
// those whose process is gone (sweepStaleTemporaries).
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_COMPILER_TEMPFILES_H
#define ARRAYC_COMPILER_TEMPFILES_H

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace arrayc::compiler {

/// The marker in every temporary's name.
inline constexpr llvm::StringLiteral kTemporaryMarker = ".arrayc-tmp-";

/// A new empty temporary file `<stem>.arrayc-tmp-<pid>-<random><suffix>` in
/// `dir` (readable by its owner only, but for `beside`), removed on signals
/// and when this object is destroyed unless `commit` moved it to its final
/// path.
class TempFile {
public:
  static llvm::Expected<TempFile> create(llvm::StringRef dir, llvm::StringRef stem,
                                         llvm::StringRef suffix = "");
  /// As create, with `permissions` (less the umask); an error names
  /// `target`, the file it is to become.
  static llvm::Expected<TempFile> createFor(llvm::StringRef dir, llvm::StringRef stem,
                                            llvm::StringRef suffix, llvm::StringRef target,
                                            unsigned permissions);
  /// A temporary beside `path`, to become `path`.
  static llvm::Expected<TempFile> beside(llvm::StringRef path);
  /// One in the system's temporary folder.
  static llvm::Expected<TempFile> inTempDir(llvm::StringRef stem, llvm::StringRef suffix);
  TempFile(TempFile &&other) noexcept;
  TempFile &operator=(TempFile &&) = delete;
  ~TempFile();

  const std::string &path() const { return path_; }
  /// A stream writing the file (opened once; closed by close or commit).
  llvm::raw_fd_ostream &os();
  /// Closes the file, keeping it for a reader (a linker); the write error if any.
  llvm::Error close();
  /// Closes the file and renames it to `to`.
  llvm::Error commit(llvm::StringRef to);

private:
  explicit TempFile(std::string path, int fd);
  std::string path_;
  int fd_ = -1;
  std::unique_ptr<llvm::raw_fd_ostream> os_;
};

/// Removes the temporaries in `dir` left by processes that no longer exist
/// (killed mid-compile). Errors are ignored: another process may race us.
void sweepStaleTemporaries(llvm::StringRef dir);

} // namespace arrayc::compiler

#endif // ARRAYC_COMPILER_TEMPFILES_H
