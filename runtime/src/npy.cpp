// .npy reading and writing (status-returning layer).
#include "internal.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace arrayc_rt {
namespace {

struct FileCloser {
  void operator()(FILE *f) const { if (f) fclose(f); }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

// ---- descr <-> dtype -----------------------------------------------------
const char *descrFor(int32_t dtype) {
  const arrayc_rt_dtype_info *info = arrayc_rt_dtype_lookup(dtype);
  return info ? info->descr : nullptr;
}

// Returns dtype code, -1 unknown, -2 big-endian.
int parseDescr(const std::string &d) {
  if (d.empty()) return -1;
  char order = d[0];
  std::string rest = d;
  if (order == '<' || order == '>' || order == '=' || order == '|') rest = d.substr(1);
  else order = '=';
  // NumPy also writes bool as '?'.
  if (rest == "?") rest = "b1";
  for (int32_t code = 0; code < ARRAYC_RT_NUM_DTYPES; ++code) {
    const arrayc_rt_dtype_info *info = arrayc_rt_dtype_lookup(code);
    if (rest == info->descr + 1) {
      if (order == '>' && info->size > 1) return -2;
      return code;
    }
  }
  return -1;
}

// ---- header dict parser ----------------------------------------------------
struct Parser {
  const std::string &s;
  size_t i = 0;
  explicit Parser(const std::string &str) : s(str) {}
  void ws() { while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i; }
  bool eat(char c) { ws(); if (i < s.size() && s[i] == c) { ++i; return true; } return false; }
  bool str(std::string &out) {
    ws();
    if (i >= s.size() || (s[i] != '\'' && s[i] != '"')) return false;
    char q = s[i++];
    out.clear();
    while (i < s.size() && s[i] != q) {
      if (s[i] == '\\') return false;
      out.push_back(s[i++]);
    }
    if (i >= s.size()) return false;
    ++i;
    return true;
  }
  bool word(const char *w) {
    ws();
    size_t n = strlen(w);
    if (s.compare(i, n, w) == 0) { i += n; return true; }
    return false;
  }
  bool integer(int64_t &v) {
    ws();
    size_t start = i;
    v = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      int d = s[i] - '0';
      if (v > (INT64_MAX - d) / 10) return false;
      v = v * 10 + d;
      ++i;
    }
    if (i == start) return false;
    if (i < s.size() && (s[i] == 'L' || s[i] == 'l')) ++i;
    return true;
  }
  bool tuple(std::vector<int64_t> &out) {
    out.clear();
    if (!eat('(')) return false;
    if (eat(')')) return true;
    while (true) {
      int64_t v;
      if (!integer(v)) return false;
      out.push_back(v);
      if (eat(')')) return true;
      if (!eat(',')) return false;
      if (eat(')')) return true;
    }
  }
};

arrayc_rt_status parseHeader(const char *path, const std::string &h, arrayc_rt_npy_info *info) {
  Parser p(h);
  bool haveDescr = false, haveFortran = false, haveShape = false;
  std::string descr;
  std::vector<int64_t> shape;
  if (!p.eat('{')) return setError(ARRAYC_RT_ERR_FORMAT, "%s: malformed .npy header (expected '{')", path);
  while (true) {
    if (p.eat('}')) break;
    std::string key;
    if (!p.str(key) || !p.eat(':'))
      return setError(ARRAYC_RT_ERR_FORMAT, "%s: malformed .npy header", path);
    if (key == "descr") {
      if (!p.str(descr))
        return setError(ARRAYC_RT_ERR_DTYPE, "%s: unsupported .npy descr (structured dtypes are not supported)", path);
      haveDescr = true;
    } else if (key == "fortran_order") {
      if (p.word("True")) info->fortran_order = 1;
      else if (p.word("False")) info->fortran_order = 0;
      else return setError(ARRAYC_RT_ERR_FORMAT, "%s: malformed fortran_order in .npy header", path);
      haveFortran = true;
    } else if (key == "shape") {
      if (!p.tuple(shape))
        return setError(ARRAYC_RT_ERR_FORMAT, "%s: malformed shape in .npy header", path);
      haveShape = true;
    } else {
      return setError(ARRAYC_RT_ERR_FORMAT, "%s: unexpected key '%s' in .npy header", path, key.c_str());
    }
    if (p.eat('}')) break;
    if (!p.eat(','))
      return setError(ARRAYC_RT_ERR_FORMAT, "%s: malformed .npy header", path);
  }
  if (!haveDescr || !haveFortran || !haveShape)
    return setError(ARRAYC_RT_ERR_FORMAT, "%s: .npy header lacks %s", path,
                    !haveDescr ? "'descr'" : !haveFortran ? "'fortran_order'" : "'shape'");
  int dt = parseDescr(descr);
  if (dt == -2)
    return setError(ARRAYC_RT_ERR_DTYPE, "%s: big-endian dtype '%s' is not supported", path, descr.c_str());
  if (dt < 0)
    return setError(ARRAYC_RT_ERR_DTYPE, "%s: unsupported dtype '%s'", path, descr.c_str());
  if (shape.size() > ARRAYC_RT_NPY_MAX_RANK)
    return setError(ARRAYC_RT_ERR_FORMAT, "%s: rank %zu is too large", path, shape.size());
  info->dtype = dt;
  info->rank = (int32_t)shape.size();
  for (size_t k = 0; k < shape.size(); ++k) info->shape[k] = shape[k];
  int64_t n;
  if (!numElements(info->rank, info->shape, &n) ||
      (uint64_t)n > (uint64_t)INT64_MAX / arrayc_rt_dtype_size(dt))
    return setError(ARRAYC_RT_ERR_FORMAT, "%s: array size overflows", path);
  info->nbytes = n * (int64_t)arrayc_rt_dtype_size(dt);
  return ARRAYC_RT_OK;
}

arrayc_rt_status readInfo(const char *path, FILE *f, arrayc_rt_npy_info *info) {
  memset(info, 0, sizeof *info);
  unsigned char pre[10];
  size_t got = fread(pre, 1, 8, f);
  if (got < 6 || memcmp(pre, "\x93NUMPY", 6) != 0)
    return setError(ARRAYC_RT_ERR_FORMAT, "%s: not a .npy file (bad magic)", path);
  if (got < 8) return setError(ARRAYC_RT_ERR_FORMAT, "%s: truncated .npy header", path);
  int major = pre[6], minor = pre[7];
  if (!((major == 1 || major == 2 || major == 3) && minor == 0))
    return setError(ARRAYC_RT_ERR_FORMAT, "%s: unsupported .npy version %d.%d", path, major, minor);
  uint64_t hlen;
  int64_t prefix;
  if (major == 1) {
    if (fread(pre + 8, 1, 2, f) != 2) return setError(ARRAYC_RT_ERR_FORMAT, "%s: truncated .npy header", path);
    hlen = pre[8] | (pre[9] << 8);
    prefix = 10;
  } else {
    unsigned char l[4];
    if (fread(l, 1, 4, f) != 4) return setError(ARRAYC_RT_ERR_FORMAT, "%s: truncated .npy header", path);
    hlen = (uint64_t)l[0] | ((uint64_t)l[1] << 8) | ((uint64_t)l[2] << 16) | ((uint64_t)l[3] << 24);
    prefix = 12;
  }
  if (hlen > (64u << 20)) return setError(ARRAYC_RT_ERR_FORMAT, "%s: .npy header too large", path);
  std::string h(hlen, '\0');
  if (hlen && fread(&h[0], 1, hlen, f) != hlen)
    return setError(ARRAYC_RT_ERR_FORMAT, "%s: truncated .npy header", path);
  info->version_major = major;
  info->data_offset = prefix + (int64_t)hlen;
  return parseHeader(path, h, info);
}

arrayc_rt_status openFile(const char *path, FilePtr &f) {
  if (!path || !*path) return setError(ARRAYC_RT_ERR_INVALID, "empty file name");
  f.reset(fopen(path, "rb"));
  if (!f) return setError(ARRAYC_RT_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
  struct stat stt;
  if (fstat(fileno(f.get()), &stt) == 0 && S_ISDIR(stt.st_mode))
    return setError(ARRAYC_RT_ERR_IO, "%s: is a directory", path);
  return ARRAYC_RT_OK;
}

std::string shapeStr(int64_t rank, const int64_t *dims) {
  std::string s = "(";
  for (int64_t i = 0; i < rank; ++i) {
    if (i) s += ", ";
    s += dims[i] < 0 ? std::string("?") : std::to_string(dims[i]);
  }
  if (rank == 1) s += ",";
  return s + ")";
}

arrayc_rt_status checkOpen(const char *path, FILE *f, int32_t dtype, int64_t rank,
                           int64_t *dims, arrayc_rt_npy_info *info) {
  if (arrayc_rt_dtype_size(dtype) == 0)
    return setError(ARRAYC_RT_ERR_INVALID, "%s: invalid dtype code %d", path, dtype);
  arrayc_rt_status st = readInfo(path, f, info);
  if (st) return st;
  if (info->dtype != dtype)
    return setError(ARRAYC_RT_ERR_DTYPE, "%s: file has dtype %s, expected %s", path,
                    arrayc_rt_dtype_name(info->dtype), arrayc_rt_dtype_name(dtype));
  if (info->fortran_order)
    return setError(ARRAYC_RT_ERR_FORMAT, "%s: Fortran-order arrays are not supported", path);
  if (info->rank != rank)
    return setError(ARRAYC_RT_ERR_SHAPE, "%s: file has rank %d (shape %s), expected rank %lld", path,
                    info->rank, shapeStr(info->rank, info->shape).c_str(), (long long)rank);
  for (int64_t i = 0; i < rank; ++i)
    if (dims[i] >= 0 && dims[i] != info->shape[i])
      return setError(ARRAYC_RT_ERR_SHAPE, "%s: file has shape %s, expected %s", path,
                      shapeStr(rank, info->shape).c_str(), shapeStr(rank, dims).c_str());
  struct stat stt;
  if (fstat(fileno(f), &stt) != 0)
    return setError(ARRAYC_RT_ERR_IO, "%s: cannot stat: %s", path, strerror(errno));
  if ((int64_t)stt.st_size - info->data_offset < info->nbytes)
    return setError(ARRAYC_RT_ERR_FORMAT, "%s: truncated .npy data (%lld bytes, expected %lld)", path,
                    (long long)((int64_t)stt.st_size - info->data_offset < 0 ? 0 : (int64_t)stt.st_size - info->data_offset),
                    (long long)info->nbytes);
  for (int64_t i = 0; i < rank; ++i) dims[i] = info->shape[i];
  return ARRAYC_RT_OK;
}

bool isCContiguous(int64_t rank, const int64_t *sizes, const int64_t *strides) {
  int64_t expect = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (sizes[i] != 1 && strides[i] != expect) return false;
    expect *= sizes[i];
  }
  return true;
}

bool writeAll(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0) { if (errno == EINTR) continue; return false; }
    p += w; n -= (size_t)w;
  }
  return true;
}

} // namespace

std::string npyHeader(int32_t dtype, int64_t rank, const int64_t *sizes) {
  std::string shape = "(";
  for (int64_t i = 0; i < rank; ++i) {
    if (i) shape += ", ";
    shape += std::to_string(sizes[i]);
  }
  if (rank == 1) shape += ",";
  shape += ")";
  std::string h = std::string("{'descr': '") + descrFor(dtype) +
                  "', 'fortran_order': False, 'shape': " + shape + ", }";
  if (rank > 0) {
    size_t d = std::to_string(sizes[0]).size();
    if (d < 21) h.append(21 - d, ' ');
  }
  size_t hlen = h.size() + 1;
  size_t padlen = 64 - ((8 + 2 + hlen) % 64);
  std::string out;
  if (hlen + padlen <= 65535) {
    size_t total = hlen + padlen;
    out = std::string("\x93NUMPY\x01\x00", 8);
    out.push_back((char)(total & 0xff));
    out.push_back((char)(total >> 8));
  } else {
    padlen = 64 - ((8 + 4 + hlen) % 64);
    size_t total = hlen + padlen;
    out = std::string("\x93NUMPY\x02\x00", 8);
    for (int k = 0; k < 4; ++k) out.push_back((char)((total >> (8 * k)) & 0xff));
  }
  out += h;
  out.append(padlen, ' ');
  out.push_back('\n');
  return out;
}

} // namespace arrayc_rt

using namespace arrayc_rt;

extern "C" {

arrayc_rt_status arrayc_rt_npy_read_info(const char *path, arrayc_rt_npy_info *info) {
  if (!info) return setError(ARRAYC_RT_ERR_INVALID, "null info");
  FilePtr f;
  arrayc_rt_status st = openFile(path, f);
  if (st) return st;
  return readInfo(path, f.get(), info);
}

arrayc_rt_status arrayc_rt_npy_check(const char *path, int32_t dtype, int64_t rank, int64_t *dims) {
  if (rank < 0 || rank > ARRAYC_RT_NPY_MAX_RANK || (rank > 0 && !dims))
    return setError(ARRAYC_RT_ERR_INVALID, "%s: invalid rank %lld", path ? path : "", (long long)rank);
  FilePtr f;
  arrayc_rt_status st = openFile(path, f);
  if (st) return st;
  arrayc_rt_npy_info info;
  return checkOpen(path, f.get(), dtype, rank, dims, &info);
}

arrayc_rt_status arrayc_rt_npy_read(const char *path, int32_t dtype, int64_t rank,
                                    const int64_t *sizes, const int64_t *strides, void *data) {
  if (rank < 0 || rank > ARRAYC_RT_NPY_MAX_RANK || (rank > 0 && (!sizes || !strides)))
    return setError(ARRAYC_RT_ERR_INVALID, "%s: invalid rank %lld", path ? path : "", (long long)rank);
  FilePtr f;
  arrayc_rt_status st = openFile(path, f);
  if (st) return st;
  std::vector<int64_t> dims(sizes, sizes + rank);
  for (int64_t d : dims)
    if (d < 0) return setError(ARRAYC_RT_ERR_INVALID, "%s: negative destination size", path);
  arrayc_rt_npy_info info;
  st = checkOpen(path, f.get(), dtype, rank, dims.data(), &info);
  if (st) return st;
  size_t es = arrayc_rt_dtype_size(dtype);
  size_t nbytes = (size_t)info.nbytes;
  if (nbytes == 0) return ARRAYC_RT_OK;
  if (!data) return setError(ARRAYC_RT_ERR_INVALID, "%s: null destination buffer", path);
  if (fseeko(f.get(), (off_t)info.data_offset, SEEK_SET) != 0)
    return setError(ARRAYC_RT_ERR_IO, "%s: seek failed: %s", path, strerror(errno));
  bool contiguous = isCContiguous(rank, sizes, strides);
  bool device = isDevicePtr(data);
  std::vector<char> tmp;
  char *dst;
  if (contiguous && !device) {
    dst = static_cast<char *>(data);
  } else {
    try { tmp.resize(nbytes); } catch (...) {
      return setError(ARRAYC_RT_ERR_NOMEM, "%s: cannot allocate %zu bytes", path, nbytes);
    }
    dst = tmp.data();
  }
  if (fread(dst, 1, nbytes, f.get()) != nbytes)
    return setError(ARRAYC_RT_ERR_FORMAT, "%s: truncated .npy data", path);
  if (dtype == ARRAYC_RT_BOOL)
    for (size_t k = 0; k < nbytes; ++k) dst[k] = dst[k] ? 1 : 0;
  if (contiguous && !device) return ARRAYC_RT_OK;
  if (contiguous) {
    if (copyToDevice(data, tmp.data(), nbytes) != 0)
      return setError(ARRAYC_RT_ERR_DEVICE, "%s: copying %zu bytes to the device failed", path, nbytes);
    return ARRAYC_RT_OK;
  }
  HostStage stage;
  st = stage.init(data, rank, sizes, strides, es, true);
  if (st) return st;
  const char *src = tmp.data();
  forEachElement(stage.hostBase(), rank, sizes, strides, es, [&](char *p) {
    memcpy(p, src, es);
    src += es;
  });
  return stage.writeBack();
}

arrayc_rt_status arrayc_rt_npy_write(const char *path, int32_t dtype, int64_t rank,
                                     const int64_t *sizes, const int64_t *strides,
                                     const void *data) {
  if (!path || !*path) return setError(ARRAYC_RT_ERR_INVALID, "empty file name");
  if (!descrFor(dtype)) return setError(ARRAYC_RT_ERR_INVALID, "%s: invalid dtype code %d", path, dtype);
  if (rank < 0 || rank > ARRAYC_RT_NPY_MAX_RANK || (rank > 0 && (!sizes || !strides)))
    return setError(ARRAYC_RT_ERR_INVALID, "%s: invalid rank %lld", path, (long long)rank);
  int64_t n;
  size_t es = arrayc_rt_dtype_size(dtype);
  if (!numElements(rank, sizes, &n) || (uint64_t)n > SIZE_MAX / es)
    return setError(ARRAYC_RT_ERR_INVALID, "%s: invalid array shape", path);
  size_t nbytes = (size_t)n * es;
  if (nbytes && !data) return setError(ARRAYC_RT_ERR_INVALID, "%s: null data", path);

  // Gather the data into one contiguous host buffer (or use it in place).
  std::vector<char> tmp;
  const char *src = static_cast<const char *>(data);
  if (nbytes) {
    bool contiguous = isCContiguous(rank, sizes, strides);
    bool device = isDevicePtr(data);
    if (!contiguous || device) {
      HostStage stage;
      arrayc_rt_status st = stage.init(data, rank, sizes, strides, es, true);
      if (st) return st;
      try { tmp.resize(nbytes); } catch (...) {
        return setError(ARRAYC_RT_ERR_NOMEM, "%s: cannot allocate %zu bytes", path, nbytes);
      }
      char *d = tmp.data();
      forEachElement(stage.hostBase(), rank, sizes, strides, es, [&](char *p) {
        memcpy(d, p, es);
        d += es;
      });
      src = tmp.data();
    }
  }
  std::string header = npyHeader(dtype, rank, sizes);

  std::string p(path);
  size_t slash = p.rfind('/');
  std::string dir = slash == std::string::npos ? std::string(".") : p.substr(0, slash == 0 ? 1 : slash);
  std::string base = slash == std::string::npos ? p : p.substr(slash + 1);
  if (base.empty()) return setError(ARRAYC_RT_ERR_INVALID, "%s: not a file name", path);
  static std::atomic<unsigned> counter{0};
  std::string tmpName;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    tmpName = dir + "/." + base + ".tmp." + std::to_string((long)getpid()) + "." +
              std::to_string(counter.fetch_add(1));
    fd = open(tmpName.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0)
    return setError(ARRAYC_RT_ERR_IO, "%s: cannot write: %s", path, strerror(errno));
  bool ok = writeAll(fd, header.data(), header.size()) && writeAll(fd, src, nbytes);
  int err = errno;
  if (close(fd) != 0 && ok) { ok = false; err = errno; }
  if (!ok) {
    unlink(tmpName.c_str());
    return setError(ARRAYC_RT_ERR_IO, "%s: write failed: %s", path, strerror(err));
  }
  if (rename(tmpName.c_str(), path) != 0) {
    err = errno;
    unlink(tmpName.c_str());
    return setError(ARRAYC_RT_ERR_IO, "%s: cannot write: %s", path, strerror(err));
  }
  return ARRAYC_RT_OK;
}

} // extern "C"
