//===- ImportOptions.h - what the frontend may assume -----------*- C++ -*-===//
#ifndef ARRAYC_FRONTEND_IMPORTOPTIONS_H
#define ARRAYC_FRONTEND_IMPORTOPTIONS_H

#include <string>
#include <vector>

namespace arrayc::frontend {

struct ImportOptions {
  /// The program runs right after this compile, in this working directory
  /// (`arrayc run`): an `np.load("f.npy")` without a type annotation takes
  /// the dtype and rank of the file's header, its sizes staying run-time
  /// dims. Otherwise such a load is an error that names the annotation to
  /// write (with the file's dtype and rank when it can be read now).
  bool typeLoadsFromFiles = false;
  /// Receives the files whose headers typed a load: the compile depends on
  /// them, so it must not be cached on the source alone.
  std::vector<std::string> *filesTyped = nullptr;
};

} // namespace arrayc::frontend

#endif // ARRAYC_FRONTEND_IMPORTOPTIONS_H
