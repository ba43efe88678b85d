//===- GenBuiltinSignal.cpp - convolve, windows, sinc, trapz --------------===//
//
// NumPy's 1-d signal helpers, composed from existing ops with NumPy's dtypes:
// convolve/correlate (an iota index grid, a gather and a masked sum over the
// taps), the window functions hamming/hanning/blackman/bartlett (an iota and
// cosines, the length known at compile or run time), sinc, trapz/trapezoid,
// gradient (central and one-sided differences joined along each axis).
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"

#include <cmath>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

//===----------------------------------------------------------------------===//
// Shared pieces
//===----------------------------------------------------------------------===//

/// `a[::-1]` along `axis`.
OptVal Gen::reversedAlong(const Val &a, int64_t axis, SrcLoc l) {
  Expr minusOne(ExprKind::Int, l);
  minusOne.intValue = -1;
  llvm::SmallVector<WinDim> win(a.type.rank());
  for (int64_t d = 0; d < int64_t(a.type.rank()); ++d)
    if (!sliceDim(a, d, nullptr, nullptr, d == axis ? &minusOne : nullptr, win[d], l))
      return std::nullopt;
  return emitSlice(a, win, l);
}

/// `0, 1, ..., n-1` in dtype `t`, `n` a count (countArg).
Val Gen::rangeOf(const ShapeEntry &n, DType t, SrcLoc l) {
  if (!n.dim.isNamed())
    return iota(t, {n.dim}, 0, {}, l);
  runtimeSizes[n.dim.name] = n.value;
  auto clear = llvm::make_scope_exit([&] { runtimeSizes.erase(n.dim.name); });
  return iota(t, {n.dim}, 0, {}, l);
}

/// A count argument (a window's length, vander's N): an integer literal or
/// an integer known at run time. `negativeIsEmpty`: a negative count means
/// none (NumPy's windows); else it is NumPy's "negative dimensions" error.
std::optional<ShapeEntry> Gen::countArg(const Expr &e, llvm::StringRef fn,
                                        llvm::StringRef what, bool negativeIsEmpty) {
  OptVal v = eval(e);
  if (!v)
    return std::nullopt;
  bool intArray = v->kind == Val::Array && v->type.rank() == 0 && isInt(v->type.dtype);
  if (!(v->kind == Val::Lit && v->weak == Weak::Int) && !intArray)
    return err(e.loc, fn + "(): " + what + " must be an integer, got " + describeVal(*v));
  ShapeEntry n;
  Location il = loc(e.loc);
  if (v->kind == Val::Lit) {
    if (v->i < 0 && !negativeIsEmpty)
      return err(e.loc, fn + "(): negative dimensions are not allowed");
    n.size = std::max<int64_t>(v->i, 0);
    n.dim = Dim::lit(n.size);
    n.value = arith::ConstantIndexOp::create(b, il, n.size);
    return n;
  }
  if (!negativeIsEmpty || shapeDims.count(v->value)) {
    llvm::SmallVector<ShapeEntry, 1> out;
    if (!shapeArg(*v, e.loc, out))
      return std::nullopt;
    return out[0];
  }
  std::optional<Value> x = intScalar(*v, e, fn + "(): " + what);
  if (!x)
    return std::nullopt;
  Value zero = arith::ConstantIntOp::create(b, il, 0, 64);
  Value clamped = arith::MaxSIOp::create(b, il, *x, zero);
  n.size = ShapedType::kDynamic;
  n.value = arith::IndexCastOp::create(b, il, b.getIndexType(), clamped);
  n.dim = runtimeSizeDim(n.value, &e);
  return n;
}

//===----------------------------------------------------------------------===//
// convolve, correlate
//===----------------------------------------------------------------------===//

/// np.convolve / np.correlate of two 1-d arrays. The full convolution is
/// c[k] = sum_j a[k - j] * v[j] over the taps j with 0 <= k - j < n: an
/// index grid (k, j), a gather of `a` and a masked sum over j. correlate is
/// the convolution with conj(v[::-1]); 'same' and 'valid' are windows of
/// the full result (NumPy's offsets, which for correlate depend on which
/// operand is longer).
OptVal Gen::convolveOf(Val a, Val v, bool isCorrelate, llvm::StringRef mode,
                       llvm::StringRef fn, SrcLoc l) {
  Location il = loc(l);
  a = materialize(a);
  v = materialize(v);
  if (a.type.rank() > 1 || v.type.rank() > 1)
    return err(l, "object too deep for desired array");
  if (a.type.rank() == 0)
    a = expandDims(a, {0}, l);
  if (v.type.rank() == 0)
    v = expandDims(v, {0}, l);
  a.alias.reset();
  v.alias.reset();
  DType t = promote(a.type.dtype, v.type.dtype);
  // Bools: the products' sum is `or`, computed as a count.
  DType ct = t == DType::Bool ? DType::I64 : t;
  a = toArray(a, ct);
  v = toArray(v, ct);
  const Dim &N = a.type.dims[0], &M = v.type.dims[0];
  bool known = !N.isNamed() && !M.isNamed();
  // NumPy's checks: convolve swaps the operands when v is longer, so it
  // reports 'a' only when both are empty and 'v' otherwise; correlate
  // names the first or second argument.
  const char *firstMsg = isCorrelate ? "first array argument cannot be empty"
                                     : "a cannot be empty";
  const char *secondMsg = isCorrelate ? "second array argument cannot be empty"
                                      : "v cannot be empty";
  if (known) {
    if (isCorrelate ? N.size == 0 : N.size == 0 && M.size == 0)
      return err(l, firstMsg);
    if (N.size == 0 || M.size == 0)
      return err(l, secondMsg);
  } else {
    Value zero = arith::ConstantIntOp::create(b, il, 0, 64);
    Value hasA = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt,
                                       sizeI64(a, 0, il), zero);
    Value hasV = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt,
                                       sizeI64(v, 0, il), zero);
    Value first = isCorrelate ? hasA : arith::OrIOp::create(b, il, hasA, hasV).getResult();
    nd::AssertOp::create(b, il, first, b.getStringAttr(where(l) + firstMsg), ValueRange{});
    nd::AssertOp::create(b, il, arith::AndIOp::create(b, il, hasA, hasV),
                         b.getStringAttr(where(l) + secondMsg), ValueRange{});
  }
  if (isCorrelate) {
    OptVal r = reversedAlong(v, 0, l);
    if (!r)
      return std::nullopt;
    v = isComplex(ct) ? complexPartOf("conj", *r, l) : *r;
  }
  Value n = dimIndex(a, 0, il), m = dimIndex(v, 0, il);
  Value one = arith::ConstantIndexOp::create(b, il, 1);
  Dim L = Dim::lit(N.size + M.size - 1);
  Value lv;
  if (!known) {
    lv = arith::SubIOp::create(b, il, arith::AddIOp::create(b, il, n, m), one);
    L = runtimeSizeDim(lv, nullptr, "(" + fn.str() + " length at " +
                                        std::to_string(l.line) + ":" +
                                        std::to_string(l.col) + ")");
    runtimeSizes[L.name] = lv;
  }
  auto clear = llvm::make_scope_exit([&] { runtimeSizes.clear(); });
  llvm::SmallVector<Dim> grid{L, M};
  Val k = iota(DType::I64, grid, 0, {v}, l);
  Val j = iota(DType::I64, grid, 1, {v}, l);
  OptVal i = binary("-", k, j, l);
  Val nv = sizeOf(a, 0, l);
  OptVal lo = i ? compare(">=", *i, Val::intLit(0), l) : std::nullopt;
  OptVal hi = lo ? compare("<", *i, nv, l) : std::nullopt;
  OptVal valid = hi ? binary("&", *lo, *hi, l) : std::nullopt;
  OptVal last = valid ? binary("-", nv, Val::intLit(1), l) : std::nullopt;
  OptVal ic = last ? binary("max", *i, Val::intLit(0), l) : std::nullopt;
  if (ic)
    ic = binary("min", *ic, *last, l);
  if (!ic)
    return std::nullopt;
  // The clamped indices are in range: a gather without run-time checks.
  ArrType gt{ct, llvm::SmallVector<Dim, 4>(grid.begin(), grid.end())};
  Val g = Val::array(nd::GatherOp::create(b, il, gt.tensorType(&ctx), a.value,
                                          ValueRange{ic->value}, b.getI64IntegerAttr(0)),
                     gt);
  OptVal p = binary("*", g, expandDims(v, {0}, l), l);
  OptVal s = p ? selectVals(*valid, *p, Val::intLit(0), l) : std::nullopt;
  if (!s)
    return std::nullopt;
  Val full = reduceAxes(nd::ReduceKind::sum, *s, {1}, false, l);
  if (t == DType::Bool) {
    OptVal r = compare("!=", full, Val::intLit(0), l);
    if (!r)
      return std::nullopt;
    full = *r;
  }
  if (mode == "full")
    return full;
  // The window of the full result: 'valid' has |n - m| + 1 elements from
  // min(n, m) - 1; 'same' max(n, m) from (min(n, m) - 1) / 2 (correlate
  // with n < m: min(n, m) / 2).
  bool same = mode == "same";
  if (known) {
    int64_t mn = std::min(N.size, M.size), mx = std::max(N.size, M.size);
    int64_t start = same ? (mn - 1 + (isCorrelate && N.size < M.size)) / 2 : mn - 1;
    int64_t len = same ? mx : mx - mn + 1;
    return sliceAlong(full, 0, start, start + len, l);
  }
  Value mn = arith::MinSIOp::create(b, il, n, m), mx = arith::MaxSIOp::create(b, il, n, m);
  Value start, len;
  Dim dim;
  if (same) {
    Value num = arith::SubIOp::create(b, il, mn, one);
    if (isCorrelate) {
      Value shorter = arith::CmpIOp::create(b, il, arith::CmpIPredicate::slt, n, m);
      Value add = arith::IndexCastOp::create(
          b, il, b.getIndexType(),
          arith::ExtUIOp::create(b, il, b.getI64Type(), shorter).getResult());
      num = arith::AddIOp::create(b, il, num, add);
    }
    start = arith::DivSIOp::create(b, il, num, arith::ConstantIndexOp::create(b, il, 2));
    len = mx;
    dim = runtimeSizeDim(mx, nullptr, "max(" + N.str() + ", " + M.str() + ")");
  } else {
    start = arith::SubIOp::create(b, il, mn, one);
    len = arith::AddIOp::create(b, il, arith::SubIOp::create(b, il, mx, mn), one);
    dim = runtimeSizeDim(len, nullptr, "|" + N.str() + " - " + M.str() + "| + 1");
  }
  return windowAlong(full, 0, start, len, dim, l);
}

//===----------------------------------------------------------------------===//
// Window functions
//===----------------------------------------------------------------------===//

/// hamming/hanning/blackman/bartlett(M): with k = 2i - (M - 1) for i < M and
/// x = pi k / (M - 1), NumPy's formulas; M = 1 gives [1.0] (the denominator
/// is at least 1 and every window is 1 at k = 0), M < 1 the empty array.
OptVal Gen::windowOf(Builtin id, llvm::StringRef fn, const Expr &mArg, SrcLoc l) {
  std::optional<ShapeEntry> m = countArg(mArg, fn, "M", /*negativeIsEmpty=*/true);
  if (!m)
    return std::nullopt;
  Val i = rangeOf(*m, DType::F64, l);
  Val mv = sizeOf(i, 0, l);
  OptVal mm1 = binary("-", mv, Val::intLit(1), l);
  OptVal den = mv.kind == Val::Lit
                   ? OptVal(Val::intLit(std::max<int64_t>(mv.i - 1, 1)))
                   : (mm1 ? binary("max", *mm1, Val::intLit(1), l) : std::nullopt);
  OptVal k = den ? binary("*", Val::floatLit(2.0), i, l) : std::nullopt;
  if (k)
    k = binary("-", *k, *mm1, l);
  if (!k)
    return std::nullopt;
  if (id == Builtin::Bartlett) {
    OptVal r = binary("/", absVal(*k, l), *den, l);
    return r ? binary("-", Val::floatLit(1.0), *r, l) : std::nullopt;
  }
  OptVal x = binary("*", Val::floatLit(M_PI), *k, l);
  if (x)
    x = binary("/", *x, *den, l);
  if (!x)
    return std::nullopt;
  auto cosTerm = [&](double c, double f) -> OptVal {
    OptVal arg = f == 1.0 ? x : binary("*", Val::floatLit(f), *x, l);
    OptVal cs = arg ? unaryFloat(Builtin::Cos, "cos", *arg, l) : std::nullopt;
    return cs ? binary("*", Val::floatLit(c), *cs, l) : std::nullopt;
  };
  double a0 = id == Builtin::Hamming ? 0.54 : id == Builtin::Hanning ? 0.5 : 0.42;
  double a1 = id == Builtin::Hamming ? 0.46 : 0.5;
  OptVal r = cosTerm(a1, 1.0);
  if (r)
    r = binary("+", Val::floatLit(a0), *r, l);
  if (r && id == Builtin::Blackman) {
    OptVal c2 = cosTerm(0.08, 2.0);
    r = c2 ? binary("+", *r, *c2, l) : std::nullopt;
  }
  return r;
}

//===----------------------------------------------------------------------===//
// trapz
//===----------------------------------------------------------------------===//

/// NumPy's trapz: sum(d * (y[1:] + y[:-1]) / 2.0, axis), d = diff(x) (1-d x
/// along `axis`, or x shaped as y) or the spacing dx.
OptVal Gen::trapzOf(const Val &y0, const Val *x0, const Val &dx, int64_t axis,
                    SrcLoc l) {
  Val y = y0;
  y.alias.reset();
  auto diffAlong = [&](const Val &a, int64_t ax) -> std::pair<OptVal, OptVal> {
    OptVal hi = sliceAlong(a, ax, 1, std::nullopt, l);
    OptVal lo = hi ? sliceAlong(a, ax, std::nullopt, -1, l) : std::nullopt;
    if (!lo)
      return {std::nullopt, std::nullopt};
    return {hi, withDim(*lo, ax, hi->type.dims[ax], loc(l))};
  };
  auto [hi, lo] = diffAlong(y, axis);
  if (!hi || !lo)
    return std::nullopt;
  Val d = dx;
  if (x0) {
    Val x = materialize(*x0);
    x.alias.reset();
    if (x.type.rank() != 1 && x.type.rank() != y.type.rank())
      return err(l, "trapz(): x must be 1-d or have the shape of y (got " +
                        x.type.str() + " and " + y.type.str() + ")");
    int64_t xa = x.type.rank() == 1 ? 0 : axis;
    auto [xh, xl] = diffAlong(x, xa);
    OptVal dd = xh && xl ? binary("-", *xh, *xl, l) : std::nullopt;
    if (!dd)
      return std::nullopt;
    d = *dd;
    if (x.type.rank() == 1 && y.type.rank() > 1) {
      llvm::SmallVector<int64_t> others;
      for (int64_t k = 0; k < int64_t(y.type.rank()); ++k)
        if (k != axis)
          others.push_back(k);
      d = expandDims(d, others, l);
    }
  }
  OptVal s = binary("+", *hi, *lo, l);
  OptVal p = s ? binary("*", d, *s, l) : std::nullopt;
  OptVal h = p ? binary("/", *p, Val::floatLit(2.0), l) : std::nullopt;
  if (!h)
    return std::nullopt;
  return reduceAxes(nd::ReduceKind::sum, *h, {axis}, false, l);
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

OptVal Gen::signalBuiltin(Builtin id, llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  switch (id) {
  case Builtin::Convolve:
  case Builtin::Correlate: {
    bool isCorr = id == Builtin::Correlate;
    if (!bindArgs(full, {"a", "v", "mode"}, 2, call, args))
      return std::nullopt;
    OptVal a = evalArrayOperand(*args[0], full);
    OptVal v = a ? evalArrayOperand(*args[1], full) : std::nullopt;
    if (!v)
      return std::nullopt;
    std::string mode = isCorr ? "valid" : "full";
    if (args[2]) {
      if (args[2]->kind != ExprKind::String ||
          !llvm::is_contained({"full", "same", "valid"}, args[2]->name))
        return err(args[2]->loc, full + "(): mode must be one of 'valid', 'same', "
                                        "or 'full'");
      mode = args[2]->name;
    }
    return convolveOf(*a, *v, isCorr, mode, full, l);
  }
  case Builtin::Hamming:
  case Builtin::Hanning:
  case Builtin::Blackman:
  case Builtin::Bartlett:
    if (!bindArgs(full, {"M"}, 1, call, args))
      return std::nullopt;
    return windowOf(id, full, *args[0], l);
  case Builtin::Sinc: {
    // NumPy: y = pi * where(x == 0, 1.0e-20, x); sin(y) / y.
    if (!bindArgs(full, {"x"}, 1, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], full);
    if (!x)
      return std::nullopt;
    Val xa = materialize(*x);
    if (isComplex(xa.type.dtype))
      return err(args[0]->loc, full + "() of a complex array is not supported yet");
    OptVal z = compare("==", xa, Val::intLit(0), l);
    OptVal y = z ? selectVals(*z, Val::floatLit(1.0e-20), xa, l) : std::nullopt;
    if (y)
      y = binary("*", Val::floatLit(M_PI), *y, l);
    OptVal s = y ? unaryFloat(Builtin::Sin, "sin", *y, l) : std::nullopt;
    return s ? binary("/", *s, *y, l) : std::nullopt;
  }
  case Builtin::Trapz:
  case Builtin::Trapezoid: {
    if (!bindArgs(full, {"y", "x", "dx", "axis"}, 1, call, args))
      return std::nullopt;
    OptVal y = evalArrayOperand(*args[0], full);
    if (!y)
      return std::nullopt;
    Val ya = materialize(*y);
    if (ya.type.rank() == 0)
      return err(args[0]->loc, full + "(): y must be at least 1-d");
    OptVal x;
    if (args[1] && args[1]->kind != ExprKind::None) {
      x = evalArrayOperand(*args[1], full);
      if (!x)
        return std::nullopt;
    }
    Val dx = Val::floatLit(1.0);
    if (args[2]) {
      if (x)
        return err(args[2]->loc, full + "(): give x= or dx=, not both");
      OptVal d = evalArrayOperand(*args[2], full);
      if (!d)
        return std::nullopt;
      if (d->kind == Val::Array && d->type.rank() != 0)
        return err(args[2]->loc, full + "(): dx must be a scalar here");
      dx = *d;
    }
    int64_t axis = ya.type.rank() - 1;
    if (args[3]) {
      std::optional<int64_t> ax = axisArg(args[3], ya.type.rank(), full);
      if (!ax)
        return std::nullopt;
      axis = *ax;
    }
    return trapzOf(ya, x ? &*x : nullptr, dx, axis, l);
  }
  case Builtin::Gradient: {
    // np.gradient(f, *varargs, axis=None, edge_order=1) with uniform
    // spacings: central differences (f[2:] - f[:-2]) / 2h inside, one-sided
    // ones (f[1] - f[0]) / h and (f[-1] - f[-2]) / h at the ends, joined
    // along each axis. Integers compute in f64, floats in their dtype.
    if (call.elts.empty())
      return err(l, full + "() missing required argument 'f'");
    const Expr *axisE = nullptr;
    for (const Keyword &k : call.keywords) {
      if (k.name == "axis")
        axisE = k.value.get();
      else if (k.name == "edge_order") {
        if (axisLiteral(*k.value).value_or(0) != 1)
          return err(k.value->loc, full + "(): only edge_order=1 is supported "
                                          "yet");
      } else
        return err(k.loc, full + "() got an unexpected keyword argument '" +
                              k.name + "'");
    }
    OptVal fv = evalArrayOperand(*call.elts[0], full);
    if (!fv)
      return std::nullopt;
    Val f = materialize(*fv);
    int64_t rank = f.type.rank();
    if (rank == 0)
      return err(call.elts[0]->loc, full + "() of a 0-d array: NumPy's ValueError "
                                           "(the array is too small)");
    if (isComplex(f.type.dtype) || f.type.dtype == DType::Bool)
      return err(call.elts[0]->loc, full + "() of " + dtypeName(f.type.dtype) +
                                           " is not supported");
    if (!isFloat(f.type.dtype))
      f = toArray(f, DType::F64);
    llvm::SmallVector<int64_t> axes;
    if (!axisE || axisE->kind == ExprKind::None) {
      for (int64_t d = 0; d < rank; ++d)
        axes.push_back(d);
    } else if (!axesArg(axisE, rank, full, axes)) {
      return std::nullopt;
    }
    std::vector<Val> spacing;
    for (size_t i = 1; i < call.elts.size(); ++i) {
      OptVal h = eval(*call.elts[i]);
      if (!h)
        return std::nullopt;
      if (h->kind == Val::Array && h->type.rank() != 0)
        return err(call.elts[i]->loc,
                   full + "(): coordinate arrays (non-uniform spacing) are not "
                          "supported yet; give one spacing per axis");
      if (h->kind != Val::Array && h->kind != Val::Lit)
        return err(call.elts[i]->loc, full + "(): a spacing must be a number, got " +
                                          h->describe());
      spacing.push_back(*h);
    }
    if (spacing.size() > 1 && spacing.size() != axes.size())
      return err(l, "invalid number of arguments");
    Location il = loc(l);
    Val result;
    result.kind = Val::Tuple;
    for (auto [i, ax] : llvm::enumerate(axes)) {
      Val h = spacing.empty() ? Val::floatLit(1.0)
                              : spacing[spacing.size() == 1 ? 0 : i];
      const Dim &D = f.type.dims[ax];
      if (!D.isNamed() && D.size < 2)
        return err(l, "Shape of array too small to calculate a numerical "
                      "gradient, at least (edge_order + 1) elements are "
                      "required.");
      if (D.isNamed()) {
        Value n = sizeI64(f, ax, il);
        Value two = arith::ConstantIntOp::create(b, il, b.getI64Type(), 2);
        Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, n, two);
        nd::AssertOp::create(b, il, ok,
                             b.getStringAttr(where(l) +
                                             "ValueError: Shape of array too small "
                                             "to calculate a numerical gradient, at "
                                             "least (edge_order + 1) elements are "
                                             "required."),
                             ValueRange{});
      }
      OptVal hi = sliceAlong(f, ax, 2, std::nullopt, l);
      OptVal lo = hi ? sliceAlong(f, ax, 0, -2, l) : std::nullopt;
      OptVal f1 = lo ? sliceAlong(f, ax, 1, 2, l) : std::nullopt;
      OptVal f0 = f1 ? sliceAlong(f, ax, 0, 1, l) : std::nullopt;
      OptVal g1 = f0 ? sliceAlong(f, ax, -1, std::nullopt, l) : std::nullopt;
      OptVal g0 = g1 ? sliceAlong(f, ax, -2, -1, l) : std::nullopt;
      if (!g0)
        return std::nullopt;
      OptVal twoH = binary("*", Val::floatLit(2.0), h, l);
      OptVal mid = twoH ? binary("-", *hi, *lo, l) : std::nullopt;
      mid = mid ? binary("/", *mid, *twoH, l) : std::nullopt;
      OptVal first = mid ? binary("-", *f1, *f0, l) : std::nullopt;
      first = first ? binary("/", *first, h, l) : std::nullopt;
      OptVal last = first ? binary("-", *g1, *g0, l) : std::nullopt;
      last = last ? binary("/", *last, h, l) : std::nullopt;
      if (!last)
        return std::nullopt;
      // In f's dtype (a float32 f stays float32 with a Python-number
      // spacing, as NumPy).
      DType t = promote(promote(first->type.dtype, mid->type.dtype),
                        last->type.dtype);
      OptVal g = concatVals({toArray(*first, t), toArray(*mid, t), toArray(*last, t)},
                            ax, true, full, l);
      if (!g)
        return std::nullopt;
      // The joined axis has f's size (1 + (n - 2) + 1).
      result.elts.push_back(withDim(*g, ax, D, il));
    }
    if (result.elts.size() == 1)
      return result.elts[0];
    return result;
  }
  default:
    break;
  }
  llvm_unreachable("not a signal builtin of Builtins.def");
}
