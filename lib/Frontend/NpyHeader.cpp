//===- NpyHeader.cpp - the dtype and rank of a .npy file ------------------===//

#include "Frontend/NpyHeader.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace arrayc::frontend;

namespace {

llvm::Error bad(llvm::StringRef path, const llvm::Twine &why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "'" + path + "' " + why);
}

/// The quoted value after `'key':` in the header's dict literal.
std::optional<llvm::StringRef> quotedValue(llvm::StringRef dict, llvm::StringRef key) {
  size_t k = dict.find(("'" + key + "'").str());
  if (k == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = dict.drop_front(k + key.size() + 2).ltrim();
  if (!rest.consume_front(":"))
    return std::nullopt;
  rest = rest.ltrim();
  if (rest.empty() || (rest[0] != '\'' && rest[0] != '"'))
    return std::nullopt;
  char q = rest[0];
  rest = rest.drop_front();
  size_t end = rest.find(q);
  if (end == llvm::StringRef::npos)
    return std::nullopt;
  return rest.take_front(end);
}

} // namespace

llvm::Expected<NpyHeader> arrayc::frontend::readNpyHeader(llvm::StringRef path) {
  // Only the header is needed: the first 64 KiB hold any header NumPy writes
  // for arrays of up to 32 dimensions.
  auto file = llvm::MemoryBuffer::getFileSlice(path, 65536, 0);
  if (!file) {
    // getFileSlice fails on a file shorter than the slice: read it whole.
    file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                       /*RequiresNullTerminator=*/false);
    if (!file)
      return bad(path, "cannot be read: " + file.getError().message());
  }
  llvm::StringRef data = (*file)->getBuffer();
  if (!data.starts_with("\x93NUMPY") || data.size() < 10)
    return bad(path, "is not a .npy file");
  unsigned major = (unsigned char)data[6];
  size_t lenBytes = major == 1 ? 2 : 4;
  if (major < 1 || major > 3 || data.size() < 8 + lenBytes)
    return bad(path, "has an unknown .npy format version " + llvm::Twine(major));
  size_t len = 0;
  for (size_t i = 0; i < lenBytes; ++i)
    len |= size_t((unsigned char)data[8 + i]) << (8 * i);
  llvm::StringRef dict = data.drop_front(8 + lenBytes).take_front(len);
  if (dict.size() != len)
    return bad(path, "has a truncated .npy header");

  std::optional<llvm::StringRef> descr = quotedValue(dict, "descr");
  if (!descr || descr->empty())
    return bad(path, "has no dtype (descr) in its .npy header");
  llvm::StringRef body = *descr;
  char order = body[0];
  if (order == '<' || order == '>' || order == '|' || order == '=')
    body = body.drop_front();
  std::optional<DType> dtype;
#define ARRAYC_DTYPE(ID, Cxx, CODE, NAME, NUMPY, DESCR, CTYPE, KIND, SIZE)                \
  if (body == llvm::StringRef(DESCR).drop_front() && (order != '>' || SIZE == 1))       \
    dtype = DType::Cxx;
#include "arrayc_rt/dtypes.def"
  if (body == "?")
    dtype = DType::Bool;
  if (!dtype)
    return bad(path, "holds dtype '" + *descr + "', which arrayc cannot load" +
                         (order == '>' ? " (big-endian)" : ""));

  size_t s = dict.find("'shape'");
  if (s == llvm::StringRef::npos)
    return bad(path, "has no shape in its .npy header");
  llvm::StringRef shape = dict.drop_front(s);
  size_t open = shape.find('('), close = shape.find(')');
  if (open == llvm::StringRef::npos || close == llvm::StringRef::npos || close < open)
    return bad(path, "has a malformed shape in its .npy header");
  llvm::SmallVector<llvm::StringRef> parts;
  shape.slice(open + 1, close).split(parts, ',', -1, /*KeepEmpty=*/false);
  unsigned rank = 0;
  for (llvm::StringRef p : parts)
    rank += !p.trim().empty();
  return NpyHeader{*dtype, rank};
}
