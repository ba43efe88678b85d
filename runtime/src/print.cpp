// NumPy-compatible str() formatting of arrays (array2string defaults).
#include "internal.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace arrayc_rt {
namespace {

enum class Kind { Bool, Signed, Unsigned, F16, BF16, F32, F64, C64, C128 };

bool isComplexKind(Kind k) { return k == Kind::C64 || k == Kind::C128; }
// The float kind of a complex kind's parts (their shortest digits).
Kind partKind(Kind k) { return k == Kind::C64 ? Kind::F32 : Kind::F64; }

Kind kindOf(int32_t dtype) {
  switch (dtype) {
  case ARRAYC_RT_BOOL: return Kind::Bool;
  case ARRAYC_RT_I8: case ARRAYC_RT_I16: case ARRAYC_RT_I32: case ARRAYC_RT_I64: return Kind::Signed;
  case ARRAYC_RT_U8: case ARRAYC_RT_U16: case ARRAYC_RT_U32: case ARRAYC_RT_U64: return Kind::Unsigned;
  case ARRAYC_RT_F16: return Kind::F16;
  case ARRAYC_RT_BF16: return Kind::BF16;
  case ARRAYC_RT_F32: return Kind::F32;
  case ARRAYC_RT_C64: return Kind::C64;
  case ARRAYC_RT_C128: return Kind::C128;
  default: return Kind::F64;
  }
}

double halfToDouble(uint16_t h) {
  int sign = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double v;
  if (e == 0) v = std::ldexp((double)m, -24);
  else if (e == 31) v = m ? NAN : INFINITY;
  else v = std::ldexp((double)(m | 0x400), e - 25);
  return sign ? -v : v;
}

double bf16ToDouble(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

// Rounds d to a binary format with `mbits` fraction bits and exponent range
// [emin, emax] (round to nearest even), returning the result as a double.
double roundToFormat(double d, int mbits, int emin, int emax) {
  if (d == 0 || !std::isfinite(d)) return d;
  double a = std::fabs(d);
  int ex;
  std::frexp(a, &ex);
  int E = ex - 1;
  if (E < emin) E = emin;
  double q = std::ldexp(1.0, E - mbits);
  double r = std::nearbyint(a / q) * q;
  double maxFinite = std::ldexp(2.0 - std::ldexp(1.0, -mbits), emax);
  if (r > maxFinite) r = INFINITY;
  return std::copysign(r, d);
}

struct Elem {
  Kind kind;
  double f = 0;  // a float; a complex's real part
  double im = 0; // a complex's imaginary part
  int64_t i = 0;
  uint64_t u = 0;
  bool b = false;
};

Elem load(const char *p, int32_t dtype) {
  Elem e;
  e.kind = kindOf(dtype);
  switch (dtype) {
  case ARRAYC_RT_BOOL: e.b = *p != 0; break;
  case ARRAYC_RT_I8: e.i = *(const int8_t *)p; break;
  case ARRAYC_RT_I16: { int16_t v; memcpy(&v, p, 2); e.i = v; break; }
  case ARRAYC_RT_I32: { int32_t v; memcpy(&v, p, 4); e.i = v; break; }
  case ARRAYC_RT_I64: { int64_t v; memcpy(&v, p, 8); e.i = v; break; }
  case ARRAYC_RT_U8: e.u = *(const uint8_t *)p; break;
  case ARRAYC_RT_U16: { uint16_t v; memcpy(&v, p, 2); e.u = v; break; }
  case ARRAYC_RT_U32: { uint32_t v; memcpy(&v, p, 4); e.u = v; break; }
  case ARRAYC_RT_U64: { uint64_t v; memcpy(&v, p, 8); e.u = v; break; }
  case ARRAYC_RT_F16: { uint16_t v; memcpy(&v, p, 2); e.f = halfToDouble(v); break; }
  case ARRAYC_RT_BF16: { uint16_t v; memcpy(&v, p, 2); e.f = bf16ToDouble(v); break; }
  case ARRAYC_RT_F32: { float v; memcpy(&v, p, 4); e.f = v; break; }
  case ARRAYC_RT_C64: { float v[2]; memcpy(v, p, 8); e.f = v[0]; e.im = v[1]; break; }
  case ARRAYC_RT_C128: { double v[2]; memcpy(v, p, 16); e.f = v[0]; e.im = v[1]; break; }
  default: { double v; memcpy(&v, p, 8); e.f = v; break; }
  }
  return e;
}

// Decimal digits d[0].d[1]d[2]... x 10^exp, sign separate.
struct Dec {
  bool neg = false;
  std::string digits;
  int exp = 0;
};

Dec parseSci(const char *s, size_t n) {
  Dec d;
  size_t i = 0;
  if (i < n && s[i] == '-') { d.neg = true; ++i; }
  for (; i < n && s[i] != 'e'; ++i)
    if (s[i] != '.') d.digits.push_back(s[i]);
  if (i < n) d.exp = atoi(std::string(s + i + 1, n - i - 1).c_str());
  return d;
}

// Correctly rounded scientific with `prec` fraction digits (exact value).
Dec sciRounded(double x, int prec) {
  char buf[128];
  auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific, prec);
  return parseSci(buf, r.ptr - buf);
}

void trimZeros(Dec &d) {
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
}

// Shortest round-trip digits for the element's own type.
Dec shortest(double x, Kind k) {
  char buf[128];
  if (x == 0) {
    Dec z;
    z.neg = std::signbit(x);
    z.digits = "0";
    return z;
  }
  if (k == Kind::F64 || k == Kind::F32) {
    std::to_chars_result r = k == Kind::F64
        ? std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific)
        : std::to_chars(buf, buf + sizeof buf, (float)x, std::chars_format::scientific);
    Dec d = parseSci(buf, r.ptr - buf);
    return d;
  }
  int mbits = k == Kind::F16 ? 10 : 7, emin = k == Kind::F16 ? -14 : -126,
      emax = k == Kind::F16 ? 15 : 127;
  // Shortest p: the correctly rounded p-digit decimal or one of its two
  // neighbours (needed at power-of-two boundaries with unequal margins),
  // the closest one that rounds back to x.
  for (int p = 0; p < 17; ++p) {
    Dec c0 = sciRounded(x, p);
    int64_t m = std::strtoll(c0.digits.c_str(), nullptr, 10);
    int e = c0.exp - p; // value = m * 10^e
    bool found = false;
    double bestErr = 0;
    int64_t bestM = 0;
    for (int64_t cand : {m, m - 1, m + 1}) {
      if (cand <= 0) continue;
      std::string t = std::to_string(cand) + "e" + std::to_string(e);
      double back = strtod(t.c_str(), nullptr);
      if (c0.neg) back = -back;
      if (roundToFormat(back, mbits, emin, emax) != x) continue;
      double err = std::fabs(back - x);
      if (!found || err < bestErr) { found = true; bestErr = err; bestM = cand; }
    }
    if (found) {
      std::string ds = std::to_string(bestM);
      Dec d;
      d.neg = c0.neg;
      d.exp = e + (int)ds.size() - 1;
      d.digits = ds;
      trimZeros(d);
      return d;
    }
  }
  return sciRounded(x, 16);
}

int fracDigitsPositional(const Dec &d) {
  if (d.digits == "0") return 0;
  int n = (int)d.digits.size() - 1 - d.exp;
  return n < 0 ? 0 : n;
}

// Positional rendering of a Dec: returns int part (with sign) and frac part.
void positional(const Dec &d, std::string &ip, std::string &fp) {
  ip = d.neg ? "-" : "";
  fp.clear();
  if (d.digits == "0") { ip += "0"; return; }
  if (d.exp >= 0) {
    size_t nInt = (size_t)d.exp + 1;
    if (d.digits.size() <= nInt) {
      ip += d.digits;
      ip.append(nInt - d.digits.size(), '0');
    } else {
      ip += d.digits.substr(0, nInt);
      fp = d.digits.substr(nInt);
    }
  } else {
    ip += "0";
    fp.assign((size_t)(-d.exp - 1), '0');
    fp += d.digits;
  }
}

// dragon4_positional(x, precision=maxFrac, unique=True, trim='.'): split parts.
// toUnits: like NumPy's min_digits=0, digits are generated at least down to
// the units place (exact integer digits instead of shortest digits + zeros).
void positionalUnique(double x, Kind k, int maxFrac, std::string &ip, std::string &fp,
                      bool toUnits = false) {
  Dec d = shortest(x, k);
  if (toUnits && d.digits != "0" && (int)d.digits.size() - 1 < d.exp) {
    char buf[512];
    auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed, 0);
    ip.assign(buf, r.ptr);
    fp.clear();
    return;
  }
  if (maxFrac >= 0 && fracDigitsPositional(d) > maxFrac) {
    char buf[512];
    auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed, maxFrac);
    std::string s(buf, r.ptr);
    size_t dot = s.find('.');
    if (dot == std::string::npos) { ip = s; fp.clear(); }
    else { ip = s.substr(0, dot); fp = s.substr(dot + 1); }
    while (!fp.empty() && fp.back() == '0') fp.pop_back();
    return;
  }
  positional(d, ip, fp);
}

std::string expString(int e, int minDigits) {
  std::string s = std::to_string(e < 0 ? -e : e);
  if ((int)s.size() < minDigits) s.insert(0, (size_t)(minDigits - (int)s.size()), '0');
  return std::string(e < 0 ? "-" : "+") + s;
}

// dragon4_scientific(x, precision=maxFrac, unique=True, trim='.'):
// mantissa int part, frac part (trailing zeros trimmed), exponent string.
void sciUnique(double x, Kind k, int maxFrac, std::string &ip, std::string &fp, std::string &ep) {
  Dec d = shortest(x, k);
  if (maxFrac >= 0 && (int)d.digits.size() - 1 > maxFrac) {
    d = sciRounded(x, maxFrac);
    trimZeros(d);
  }
  ip = (d.neg ? "-" : "") + d.digits.substr(0, 1);
  fp = d.digits.substr(1);
  ep = expString(d.exp, 2);
}

std::string nonFinite(double x) {
  if (std::isnan(x)) return "nan";
  return x < 0 ? "-inf" : "inf";
}

// str() of a NumPy float scalar.
std::string scalarFloat(double x, Kind k) {
  if (!std::isfinite(x)) return nonFinite(x);
  double a = std::fabs(x);
  std::string ip, fp, ep;
  if (x == 0 || (a >= 1e-4 && a < 1e16)) {
    positionalUnique(x, k, -1, ip, fp);
    if (fp.empty()) fp = "0";
    return ip + "." + fp;
  }
  sciUnique(x, k, -1, ip, fp, ep);
  return ip + (fp.empty() ? "" : "." + fp) + "e" + ep;
}

// One part of str() of a NumPy complex scalar: the float repr without a
// trailing ".0" (`1`, `1.5`, `1e+20`); `plus` writes '+' before
// non-negative values and NaN (the imaginary part).
std::string scalarPart(double x, Kind k, bool plus) {
  std::string sign = plus && !std::signbit(x) ? "+" : "";
  if (std::isnan(x)) return (plus ? "+" : "") + std::string("nan");
  if (!std::isfinite(x)) return sign + nonFinite(x);
  double a = std::fabs(x);
  std::string ip, fp, ep;
  if (x == 0 || (a >= 1e-4 && a < 1e16)) {
    positionalUnique(x, k, -1, ip, fp);
    return sign + ip + (fp.empty() ? "" : "." + fp);
  }
  sciUnique(x, k, -1, ip, fp, ep);
  return sign + ip + (fp.empty() ? "" : "." + fp) + "e" + ep;
}

// str() of a NumPy complex scalar: `(1+2j)`, or `2j` when the real part is +0.
std::string scalarComplex(double re, double im, Kind k) {
  if (re == 0 && !std::signbit(re)) return scalarPart(im, k, false) + "j";
  return "(" + scalarPart(re, k, false) + scalarPart(im, k, true) + "j)";
}

// NumPy's FloatingFormat (arrayprint.py) for one column of floats; `plus`
// is its sign='+' (the imaginary parts of ComplexFloatingFormat).
struct Formatter {
  Kind kind;
  int32_t dtype;
  // int
  size_t intWidth = 0;
  // float
  bool expFormat = false;
  int padLeft = 0, padRight = 0, precision = 8, expSize = -1;
  bool plus = false;

  std::string signOf(double x) const { return plus && !std::signbit(x) ? "+" : ""; }

  void fill(const std::vector<Elem> &data) {
    if (kind == Kind::Signed || kind == Kind::Unsigned) {
      for (const Elem &e : data) {
        size_t n = kind == Kind::Signed ? std::to_string(e.i).size() : std::to_string(e.u).size();
        intWidth = std::max(intWidth, n);
      }
      return;
    }
    if (kind == Kind::Bool) return;
    std::vector<double> finite;
    bool anyNonFinite = false, negInf = false;
    for (const Elem &e : data) {
      if (std::isfinite(e.f)) finite.push_back(e.f);
      else {
        anyNonFinite = true;
        if (std::isinf(e.f) && e.f < 0) negInf = true;
      }
    }
    if (plus) negInf = true; // NumPy: `neginf = sign != '-' or ...`
    double maxv = 0, minv = INFINITY;
    bool anyNonZero = false;
    for (double v : finite) {
      if (v == 0) continue;
      anyNonZero = true;
      double a = std::fabs(v);
      maxv = std::max(maxv, a);
      minv = std::min(minv, a);
    }
    if (anyNonZero && (maxv >= 1e8 || minv < 0.0001 || maxv / minv > 1000.)) expFormat = true;
    if (finite.empty()) {
      padLeft = 0; padRight = 0; expSize = -1;
    } else if (expFormat) {
      int maxExp = 0, maxFrac = 0, maxInt = 0;
      for (double v : finite) {
        std::string ip, fp, ep;
        sciUnique(v, kind, 8, ip, fp, ep);
        ip = signOf(v) + ip;
        maxExp = std::max(maxExp, (int)ep.size());
        maxFrac = std::max(maxFrac, (int)fp.size());
        maxInt = std::max(maxInt, (int)ip.size());
      }
      expSize = maxExp - 1;
      precision = maxFrac;
      padLeft = maxInt;
      padRight = expSize + 2 + precision;
    } else {
      int maxFrac = 0, maxInt = 0;
      for (double v : finite) {
        std::string ip, fp;
        positionalUnique(v, kind, 8, ip, fp);
        ip = signOf(v) + ip;
        maxFrac = std::max(maxFrac, (int)fp.size());
        maxInt = std::max(maxInt, (int)ip.size());
      }
      padLeft = maxInt;
      padRight = maxFrac;
      expSize = -1;
    }
    if (anyNonFinite) {
      int offset = padRight + 1;
      padLeft = std::max(padLeft, std::max(3 - offset, 3 + (negInf ? 1 : 0) - offset));
    }
  }

  std::string operator()(const Elem &e) const {
    switch (kind) {
    case Kind::Bool: return e.b ? " True" : "False";
    case Kind::Signed: case Kind::Unsigned: {
      std::string s = kind == Kind::Signed ? std::to_string(e.i) : std::to_string(e.u);
      if (s.size() < intWidth) s.insert(0, intWidth - s.size(), ' ');
      return s;
    }
    default: break;
    }
    double x = e.f;
    if (!std::isfinite(x)) {
      std::string r = std::isnan(x) ? (plus ? "+nan" : "nan") : signOf(x) + nonFinite(x);
      int pad = padLeft + padRight + 1 - (int)r.size();
      return std::string(pad > 0 ? pad : 0, ' ') + r;
    }
    std::string ip, fp;
    if (expFormat) {
      Dec d = sciRounded(x, precision);
      ip = (d.neg ? "-" : signOf(x)) + d.digits.substr(0, 1);
      fp = d.digits.substr(1);
      std::string s;
      if ((int)ip.size() < padLeft) s.append(padLeft - ip.size(), ' ');
      s += ip + "." + fp + "e" + expString(d.exp, expSize);
      return s;
    }
    positionalUnique(x, kind, precision, ip, fp, /*toUnits=*/true);
    ip = signOf(x) + ip;
    std::string s;
    if ((int)ip.size() < padLeft) s.append(padLeft - ip.size(), ' ');
    s += ip + "." + fp;
    if ((int)fp.size() < padRight) s.append(padRight - fp.size(), ' ');
    return s;
  }
};

// NumPy's ComplexFloatingFormat: the real and the imaginary parts are two
// FloatingFormat columns, each with its own precision and padding; the
// imaginary one always shows its sign, and 'j' goes before its padding.
// For other kinds, the one Formatter.
struct ElemFormatter {
  Formatter re, im;
  bool complex;

  ElemFormatter(Kind k, int32_t dtype)
      : re{isComplexKind(k) ? partKind(k) : k, dtype},
        im{isComplexKind(k) ? partKind(k) : k, dtype}, complex(isComplexKind(k)) {
    im.plus = true;
  }

  static std::vector<Elem> imagParts(const std::vector<Elem> &data) {
    std::vector<Elem> out(data);
    for (Elem &e : out) e.f = e.im;
    return out;
  }

  void fill(const std::vector<Elem> &data) {
    re.fill(data);
    if (complex) im.fill(imagParts(data));
  }

  std::string operator()(const Elem &e) const {
    if (!complex) return re(e);
    Elem ie = e;
    ie.f = e.im;
    std::string i = im(ie);
    size_t end = i.find_last_not_of(' ') + 1;
    return re(e) + i.substr(0, end) + "j" + i.substr(end);
  }
};

const size_t kThreshold = 1000;
const int64_t kEdge = 3;
const int kLineWidth = 75;

struct ArrayPrinter {
  int32_t dtype;
  size_t es;
  int64_t rank;
  const int64_t *sizes, *strides;
  const char *data;
  bool summarize;
  ElemFormatter fmt;

  Elem at(const std::vector<int64_t> &idx) const {
    const char *p = data;
    for (int64_t i = 0; i < rank; ++i) p += idx[i] * strides[i] * (int64_t)es;
    return load(p, dtype);
  }

  static void extendLine(std::string &s, std::string &line, const std::string &word,
                         int width, const std::string &prefix) {
    bool needsWrap = (int)(line.size() + word.size()) > width;
    if ((int)line.size() <= (int)prefix.size()) needsWrap = false;
    if (needsWrap) {
      size_t end = line.find_last_not_of(' ');
      s += line.substr(0, end == std::string::npos ? 0 : end + 1) + "\n";
      line = prefix;
    }
    line += word;
  }

  static std::string rstrip(const std::string &l) {
    size_t end = l.find_last_not_of(' ');
    return l.substr(0, end == std::string::npos ? 0 : end + 1);
  }

  static void extendLinePretty(std::string &s, std::string &line, const std::string &word,
                               int width, const std::string &prefix) {
    std::vector<std::string> words;
    size_t start = 0;
    while (true) {
      size_t nl = word.find('\n', start);
      if (nl == std::string::npos) { words.push_back(word.substr(start)); break; }
      words.push_back(word.substr(start, nl - start));
      start = nl + 1;
    }
    if (words.size() == 1) return extendLine(s, line, word, width, prefix);
    size_t maxLen = 0;
    for (auto &w : words) maxLen = std::max(maxLen, w.size());
    std::string indent;
    if ((int)(line.size() + maxLen) > width && line.size() > prefix.size()) {
      s += rstrip(line) + "\n";
      line = prefix + words[0];
      indent = prefix;
    } else {
      indent = std::string(line.size(), ' ');
      line += words[0];
    }
    for (size_t k = 1; k < words.size(); ++k) {
      s += rstrip(line) + "\n";
      line = indent + words[k];
    }
    line.append(maxLen - words.back().size(), ' ');
  }

  std::string recurse(std::vector<int64_t> &index, const std::string &hanging, int currWidth) {
    int64_t axis = (int64_t)index.size();
    int64_t axesLeft = rank - axis;
    if (axesLeft == 0) return fmt(at(index));
    std::string nextHanging = hanging + " ";
    int nextWidth = currWidth - 1;
    int64_t len = sizes[axis];
    bool showSummary = summarize && 2 * kEdge < len;
    int64_t leading = showSummary ? kEdge : 0;
    int64_t trailing = showSummary ? kEdge : len;
    std::string s;
    auto child = [&](int64_t i) {
      index.push_back(i);
      std::string r = recurse(index, nextHanging, nextWidth);
      index.pop_back();
      return r;
    };
    if (axesLeft == 1) {
      int elemWidth = currWidth - 1; // max(len(' '.rstrip()), len(']'))
      std::string line = hanging;
      for (int64_t i = 0; i < leading; ++i) {
        extendLinePretty(s, line, child(i), elemWidth, hanging);
        line += " ";
      }
      if (showSummary) {
        extendLine(s, line, "...", elemWidth, hanging);
        line += " ";
      }
      for (int64_t i = trailing; i > 1; --i) {
        extendLinePretty(s, line, child(len - i), elemWidth, hanging);
        line += " ";
      }
      extendLinePretty(s, line, child(len - 1), elemWidth, hanging);
      s += line;
    } else {
      std::string lineSep(axesLeft - 1, '\n');
      for (int64_t i = 0; i < leading; ++i) s += hanging + child(i) + lineSep;
      if (showSummary) s += hanging + "..." + lineSep;
      for (int64_t i = trailing; i > 1; --i) s += hanging + child(len - i) + lineSep;
      s += hanging + child(len - 1);
    }
    return "[" + s.substr(hanging.size()) + "]";
  }
};

} // namespace

std::string formatArray(int32_t dtype, int64_t rank, const int64_t *sizes,
                        const int64_t *strides, const char *data) {
  Kind k = kindOf(dtype);
  size_t es = arrayc_rt_dtype_size(dtype);
  if (rank == 0) {
    Elem e = load(data, dtype);
    switch (k) {
    case Kind::Bool: return e.b ? "True" : "False";
    case Kind::Signed: return std::to_string(e.i);
    case Kind::Unsigned: return std::to_string(e.u);
    case Kind::C64: case Kind::C128: return scalarComplex(e.f, e.im, partKind(k));
    default: return scalarFloat(e.f, k);
    }
  }
  int64_t n;
  numElements(rank, sizes, &n);
  if (n == 0) return "[]";
  ArrayPrinter pr{dtype, es, rank, sizes, strides, data, (size_t)n > kThreshold, ElemFormatter{k, dtype}};
  // Collect the (possibly summarized) data used to choose the format.
  std::vector<Elem> vals;
  std::vector<int64_t> idx(rank, 0);
  while (true) {
    vals.push_back(pr.at(idx));
    int64_t d = rank - 1;
    while (d >= 0) {
      ++idx[d];
      if (pr.summarize && sizes[d] > 2 * kEdge && idx[d] == kEdge) idx[d] = sizes[d] - kEdge;
      if (idx[d] < sizes[d]) break;
      idx[d] = 0;
      --d;
    }
    if (d < 0) break;
  }
  pr.fmt.fill(vals);
  std::vector<int64_t> index;
  return pr.recurse(index, " ", kLineWidth);
}

} // namespace arrayc_rt

using namespace arrayc_rt;

extern "C" arrayc_rt_status arrayc_rt_format_array(int32_t dtype, int64_t rank,
                                                   const int64_t *sizes,
                                                   const int64_t *strides, const void *data,
                                                   char **out, size_t *len) {
  if (!out) return setError(ARRAYC_RT_ERR_INVALID, "null output pointer");
  *out = nullptr;
  if (len) *len = 0;
  if (arrayc_rt_dtype_size(dtype) == 0)
    return setError(ARRAYC_RT_ERR_INVALID, "invalid dtype code %d", dtype);
  if (rank < 0 || (rank > 0 && (!sizes || !strides)))
    return setError(ARRAYC_RT_ERR_INVALID, "invalid rank %lld", (long long)rank);
  int64_t n;
  if (!numElements(rank, sizes, &n)) return setError(ARRAYC_RT_ERR_INVALID, "invalid array shape");
  if (n > 0 && !data) return setError(ARRAYC_RT_ERR_INVALID, "null data");
  HostStage stage;
  arrayc_rt_status st = stage.init(data, rank, sizes, strides, arrayc_rt_dtype_size(dtype), true);
  if (st) return st;
  std::string s;
  try {
    s = formatArray(dtype, rank, sizes, strides, stage.hostBase());
  } catch (...) {
    return setError(ARRAYC_RT_ERR_NOMEM, "out of memory while formatting");
  }
  char *buf = static_cast<char *>(malloc(s.size() + 1));
  if (!buf) return setError(ARRAYC_RT_ERR_NOMEM, "out of memory while formatting");
  memcpy(buf, s.c_str(), s.size() + 1);
  *out = buf;
  if (len) *len = s.size();
  return ARRAYC_RT_OK;
}
