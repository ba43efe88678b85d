//===- GenBuiltinFFT.cpp - numpy.fft --------------------------------------===//
//
// `fft.<f>` and `np.fft.<f>`: one ndarray.fft per transformed axis.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <cmath>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

/// `fft` (not a variable) or `np.fft`; `shown` gets the spelling.
bool Gen::isFFTModule(const Expr &e, std::string &shown) {
  if (e.kind == ExprKind::Name && e.name == "fft" && !scope->vars.count("fft")) {
    shown = "fft";
    return true;
  }
  if (e.kind == ExprKind::Attribute && e.name == "fft" && e.lhs->kind == ExprKind::Name &&
      npAliases.contains(e.lhs->name) && !scope->vars.count(e.lhs->name)) {
    shown = e.lhs->name + ".fft";
    return true;
  }
  return false;
}

/// A transform length (`n` or an entry of `s`, from `e`): an integer constant,
/// or an integer known at run time (the runtime rejects a value below 1).
/// `allowMinusOne`: NumPy 2's "-1: the input's length" in `s`.
std::optional<Gen::FFTLength> Gen::fftLength(const Val &v, const Expr &e,
                                             llvm::StringRef fn, bool allowMinusOne) {
  FFTLength len;
  if (v.kind == Val::Lit && v.weak == Weak::Int) {
    if (v.i < 1 && !(allowMinusOne && v.i == -1))
      return err(e.loc, "Invalid number of FFT data points (" + std::to_string(v.i) +
                            ") specified.");
    len.n = v.i;
    return len;
  }
  if (v.kind != Val::Array || v.type.rank() != 0 || !isInt(v.type.dtype))
    return err(e.loc, fn + "(): the transform length must be an integer, got " +
                          describeVal(v));
  std::optional<Value> n = intScalar(v, e, fn + "(): the transform length");
  if (!n)
    return std::nullopt;
  Location il = loc(e.loc);
  len.dyn = arith::IndexCastOp::create(b, il, b.getIndexType(), *n);
  // A size read from an array (`x.shape[0]`, `len(x)`) keeps its dim.
  len.dim = shapeDims.count(v.value) ? shapeDims[v.value] : runtimeSizeDim(len.dyn, &e);
  return len;
}

/// One ndarray.fft along `axis` of `a` (already of the transform's input
/// dtype); a constant `length.n` -1 is the input's (irfft: 2 * (m - 1)).
OptVal Gen::fftAlongAxis(nd::FFTKind kind, const Val &a, int64_t axis,
                         const FFTLength &length, nd::FFTNorm norm, SrcLoc l) {
  ArrType rt = a.type;
  DType in = a.type.dtype;
  rt.dtype = kind == nd::FFTKind::rfft    ? complexFor(in)
             : kind == nd::FFTKind::irfft ? complexPart(in)
                                          : in;
  Dim &d = rt.dims[axis];
  if (length.dyn) {
    d = kind == nd::FFTKind::rfft ? Dim::named(length.dim.str() + "//2+1") : length.dim;
  } else if (length.n >= 1) {
    d = Dim::lit(kind == nd::FFTKind::rfft ? length.n / 2 + 1 : length.n);
  } else if (!d.isNamed()) {
    int64_t n = kind == nd::FFTKind::irfft ? 2 * (d.size - 1) : d.size;
    if (n < 1)
      return err(l, "Invalid number of FFT data points (" + std::to_string(n) +
                        ") specified.");
    d = Dim::lit(kind == nd::FFTKind::rfft ? n / 2 + 1 : n);
  } else if (kind == nd::FFTKind::rfft) {
    d = Dim::named(d.name + "//2+1");
  } else if (kind == nd::FFTKind::irfft) {
    d = Dim::named("2*(" + d.name + "-1)");
  }
  Value r = nd::FFTOp::create(b, loc(l), rt.tensorType(&ctx), kind, a.value, axis,
                              length.n, norm, length.dyn);
  return Val::array(r, rt);
}

OptVal Gen::fftCall(llvm::StringRef name, llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  if (!isModuleFunction("fft", name))
    return err(call.lhs->loc, "'" + full + "' is not supported (the fft functions are " +
                                  moduleFunctionList("fft") + ")");
  if (llvm::is_contained({"fftfreq", "rfftfreq", "fftshift", "ifftshift"}, name))
    return fftHelper(name, full, call);
  static const char *kOneAxis[] = {"fft", "ifft", "rfft", "irfft"};
  static const char *kManyAxes[] = {"fft2",  "ifft2",  "fftn",  "ifftn",
                                    "rfft2", "irfft2", "rfftn", "irfftn"};
  bool oneAxis = llvm::is_contained(kOneAxis, name);
  if (!oneAxis && !llvm::is_contained(kManyAxes, name))
    llvm_unreachable("an fft function of ModuleFunctions.def without a lowering");
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full, {"a", oneAxis ? "n" : "s", oneAxis ? "axis" : "axes", "norm"}, 1, call,
                args))
    return std::nullopt;
  auto given = [](const Expr *e) { return e && e->kind != ExprKind::None; };

  OptVal x = evalArrayOperand(*args[0], full);
  if (!x)
    return std::nullopt;
  Val a = materialize(*x);
  DType t = a.type.dtype;
  if (t == DType::BF16)
    return err(args[0]->loc, full + "(): bf16 input is not supported (NumPy has no "
                                    "bfloat16); convert it with .astype(np.float32) first");
  nd::FFTKind kind = name.starts_with("irfft")  ? nd::FFTKind::irfft
                     : name.starts_with("rfft") ? nd::FFTKind::rfft
                     : name.starts_with("ifft") ? nd::FFTKind::ifft
                                                : nd::FFTKind::fft;
  // NumPy 2 (checked on 2.5): f16, f32 and c64 compute in single precision,
  // everything else in double; irfft of an f16 input gives f16 (below).
  bool single = t == DType::F16 || t == DType::F32 || t == DType::C64;
  if (kind == nd::FFTKind::rfft) {
    if (isComplex(t))
      return err(args[0]->loc, full + "(): the input must be real, got " + a.type.str());
    a = toArray(a, single ? DType::F32 : DType::F64);
  } else {
    a = toArray(a, single ? DType::C64 : DType::C128);
  }

  nd::FFTNorm norm = nd::FFTNorm::backward;
  if (given(args[3])) {
    const Expr &e = *args[3];
    std::optional<nd::FFTNorm> nv;
    if (e.kind == ExprKind::String)
      nv = nd::symbolizeFFTNorm(e.name);
    if (e.kind != ExprKind::String)
      return err(e.loc, full + "(): norm must be a string literal (\"backward\", "
                               "\"ortho\" or \"forward\")");
    if (!nv)
      return err(e.loc, "Invalid norm value " + e.name +
                            "; should be \"backward\", \"ortho\" or \"forward\".");
    norm = *nv;
  }

  int64_t rank = a.type.rank();
  if (oneAxis) {
    int64_t axis = rank - 1;
    if (given(args[2])) {
      std::optional<int64_t> ax = axisArg(args[2], rank, full);
      if (!ax)
        return std::nullopt;
      axis = *ax;
    } else if (rank == 0) {
      return err(l, "axis -1 is out of bounds for array of dimension 0");
    }
    FFTLength length;
    if (given(args[1])) {
      OptVal v = eval(*args[1]);
      std::optional<FFTLength> n =
          v ? fftLength(*v, *args[1], full, false) : std::optional<FFTLength>();
      if (!n)
        return std::nullopt;
      length = *n;
    }
    OptVal r = fftAlongAxis(kind, a, axis, length, norm, l);
    if (r && kind == nd::FFTKind::irfft && t == DType::F16)
      return toArray(*r, DType::F16);
    return r;
  }

  // fft2/fftn: the axes and lengths (NumPy's _cook_nd_args).
  llvm::SmallVector<int64_t> axes;
  llvm::SmallVector<FFTLength> lengths;
  if (given(args[1])) {
    const Expr &s = *args[1];
    // A tuple display, or a tuple value (`s=x.shape`).
    std::vector<std::pair<const Expr *, Val>> items;
    if (s.kind == ExprKind::Tuple || s.kind == ExprKind::List) {
      for (const ExprPtr &e : s.elts) {
        OptVal v = eval(*e);
        if (!v)
          return std::nullopt;
        items.push_back({e.get(), *v});
      }
    } else {
      OptVal v = eval(s);
      if (!v)
        return std::nullopt;
      if (v->kind == Val::Tuple)
        for (const Val &e : v->elts)
          items.push_back({&s, e});
      else
        items.push_back({&s, *v});
    }
    for (auto &[e, v] : items) {
      std::optional<FFTLength> n = fftLength(v, *e, full, true);
      if (!n)
        return std::nullopt;
      lengths.push_back(*n);
    }
  }
  if (given(args[2])) {
    const Expr &e = *args[2];
    llvm::SmallVector<const Expr *> items;
    if (e.kind == ExprKind::Tuple || e.kind == ExprKind::List)
      for (const ExprPtr &x : e.elts)
        items.push_back(x.get());
    else
      items.push_back(&e);
    for (const Expr *x : items) {
      std::optional<int64_t> ax = axisArg(x, rank, full);
      if (!ax)
        return std::nullopt;
      axes.push_back(*ax); // NumPy allows repeats: that axis is transformed again.
    }
    if (axes.empty())
      return err(e.loc, full + "(): an empty axes tuple is not supported");
  } else if (name.ends_with("2") || !lengths.empty()) {
    // fft2: (-2, -1); fftn with s: the last len(s) axes.
    int64_t count = name.ends_with("2") ? 2 : (int64_t)lengths.size();
    if (count > rank)
      return err(l, "axis " + std::to_string(-count) +
                        " is out of bounds for array of dimension " + std::to_string(rank));
    for (int64_t i = rank - count; i < rank; ++i)
      axes.push_back(i);
  } else {
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
    if (axes.empty())
      return err(l, full + "(): a 0-d array has no axes to transform");
  }
  if (lengths.empty())
    lengths.assign(axes.size(), FFTLength());
  if (lengths.size() != axes.size())
    return err(args[1]->loc, "Shape and axes have different lengths.");
  // As NumPy: fftn/ifftn transform the last axis first; rfftn does rfft on
  // the last axis, then fft on the others; irfftn ifft on all but the last,
  // then irfft on the last.
  nd::FFTKind others = kind == nd::FFTKind::rfft    ? nd::FFTKind::fft
                       : kind == nd::FFTKind::irfft ? nd::FFTKind::ifft
                                                    : kind;
  size_t last = axes.size() - 1;
  auto along = [&](nd::FFTKind k, size_t i) -> bool {
    OptVal r = fftAlongAxis(k, a, axes[i], lengths[i], norm, l);
    if (r)
      a = *r;
    return r.has_value();
  };
  if (kind == nd::FFTKind::rfft && !along(kind, last))
    return std::nullopt;
  for (size_t i = kind == others ? axes.size() : last; i-- > 0;)
    if (!along(others, i))
      return std::nullopt;
  if (kind == nd::FFTKind::irfft && !along(kind, last))
    return std::nullopt;
  if (kind == nd::FFTKind::irfft && t == DType::F16)
    return toArray(a, DType::F16);
  return a;
}

//===----------------------------------------------------------------------===//
// fftfreq, rfftfreq, fftshift, ifftshift (no transform: iota and roll)
//===----------------------------------------------------------------------===//

OptVal Gen::fftHelper(llvm::StringRef name, llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  Location il = loc(l);
  llvm::SmallVector<const Expr *> args;
  if (name.ends_with("shift")) {
    if (!bindArgs(full, {"x", "axes"}, 1, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], full);
    if (!x)
      return std::nullopt;
    Val a = materialize(*x);
    llvm::SmallVector<int64_t> axes;
    if (!args[1] || args[1]->kind == ExprKind::None) {
      for (int64_t d = 0; d < int64_t(a.type.rank()); ++d)
        axes.push_back(d);
    } else if (!axesArg(args[1], a.type.rank(), full, axes)) {
      return std::nullopt;
    }
    // fftshift rolls each axis by n // 2, ifftshift by -(n // 2).
    for (int64_t d : axes) {
      Value n = sizeI64(a, d, il);
      Value half = arith::DivSIOp::create(b, il, n, arith::ConstantIntOp::create(b, il, 2, 64));
      if (name == "ifftshift")
        half = arith::SubIOp::create(b, il, arith::ConstantIntOp::create(b, il, 0, 64), half);
      OptVal r = rollAlong(a, d, half, l);
      if (!r)
        return std::nullopt;
      a = *r;
    }
    return a;
  }
  if (!bindArgs(full, {"n", "d"}, 1, call, args))
    return std::nullopt;
  Val d = Val::floatLit(1.0);
  if (args[1]) {
    OptVal v = eval(*args[1]);
    if (!v)
      return std::nullopt;
    bool real = (v->kind == Val::Lit && v->weak != Weak::Complex) ||
                (v->kind == Val::Array && v->type.rank() == 0 && !isComplex(v->type.dtype));
    if (!real)
      return err(args[1]->loc, full + "(): d must be a real number");
    d = *v;
  }
  llvm::SmallVector<Dim> dims;
  llvm::StringMap<Value> sizes;
  if (!parseShape(*args[0], full, dims, sizes))
    return std::nullopt;
  if (dims.size() != 1)
    return err(args[0]->loc, full + "(): n should be an integer");
  runtimeSizes = std::move(sizes);
  auto clear = llvm::make_scope_exit([&] { runtimeSizes.clear(); });
  Val all = iota(DType::I64, dims, 0, {}, l);
  Val n = sizeOf(all, 0, l);
  OptVal scale = binary("*", d, n, l);
  if (!scale)
    return std::nullopt;
  if (name == "fftfreq") {
    // [0, 1, ..., (n-1)//2, -(n//2), ..., -1] / (d*n)
    OptVal cut = binary("//", *binary("+", n, Val::intLit(1), l), Val::intLit(2), l);
    OptVal neg = binary("-", all, n, l);
    OptVal low = cut && neg ? compare("<", all, *cut, l) : std::nullopt;
    OptVal k = low ? selectVals(*low, all, *neg, l) : std::nullopt;
    return k ? binary("/", *k, *scale, l) : std::nullopt;
  }
  // rfftfreq: [0, 1, ..., n//2] / (d*n)
  Dim m = Dim::lit(dims[0].isNamed() ? 0 : dims[0].size / 2 + 1);
  if (dims[0].isNamed()) {
    Value half = arith::AddIOp::create(
        b, il,
        arith::DivSIOp::create(b, il, dimIndex(all, 0, il),
                               arith::ConstantIndexOp::create(b, il, 2)),
        arith::ConstantIndexOp::create(b, il, 1));
    m = runtimeSizeDim(half, nullptr, dims[0].name + "//2+1");
    runtimeSizes[m.name] = half;
  }
  return binary("/", iota(DType::I64, {m}, 0, {}, l), *scale, l);
}
