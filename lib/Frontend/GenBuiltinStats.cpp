//===- GenBuiltinStats.cpp - order statistics, histograms, interp ---------===//
//
// NumPy's functions built on sorting and searching: median, percentile and
// quantile (NumPy's 'linear' method: the sorted neighbours of (n - 1) * q
// blended by NumPy's `_lerp`; NaN where the sorted slice ends in NaN),
// histogram (equal bins over a range or given edges; every bin half-open
// but the last, which is closed) and interp. They compose ndarray.sort,
// ndarray.gather and ndarray.scatter, and the searchsorted of
// GenBuiltinSearch.cpp, so each follows those ops' lowering on every target.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cmath>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

OptVal Gen::statsBuiltin(Builtin id, llvm::StringRef full, const Expr &call) {
  switch (id) {
  case Builtin::Median:
    return median(full, call);
  case Builtin::Percentile:
  case Builtin::Quantile:
    return quantile(id == Builtin::Percentile, full, call);
  case Builtin::Histogram:
    return histogram(full, call);
  case Builtin::Interp:
    return interp(full, call);
  default:
    break;
  }
  llvm_unreachable("not a statistics builtin");
}

namespace {
/// Whether an optional argument was given (and is not None).
bool given(const Expr *e) { return e && e->kind != ExprKind::None; }
} // namespace

/// `a` sorted along `axisE` (None: the flattened array, axis 0); a run-time
/// check that the axis is not empty.
bool Gen::sortedAlong(const Val &a, const Expr *axisE, llvm::StringRef fn, Val &sorted,
                      int64_t &axis, SrcLoc l) {
  Val x = a;
  if (!given(axisE)) {
    x = flatten(a, l);
    axis = 0;
  } else {
    if (a.type.rank() == 0)
      return fail(axisE->loc, fn + "(): axis is out of bounds for a 0-d array");
    std::optional<int64_t> ax = axisArg(axisE, a.type.rank(), fn);
    if (!ax)
      return false;
    axis = *ax;
  }
  Expr axE(ExprKind::Int, l);
  axE.intValue = axis;
  OptVal s = sortVal(x, &axE, /*indices=*/false, fn, l);
  if (!s)
    return false;
  Location il = loc(l);
  Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt, sizeI64(x, axis, il),
                                   arith::ConstantIntOp::create(b, il, 0, 64));
  nd::AssertOp::create(b, il, ok,
                       b.getStringAttr(where(l) + fn +
                                       "() of an empty array or along an empty axis "
                                       "is not supported"));
  sorted = *s;
  return true;
}

/// `sorted` gathered along `axis` at `pos`: an i64 array, or a Python int
/// (then a length-1 axis stays at `axis`).
Val Gen::atPosition(const Val &sorted, int64_t axis, const Val &pos, SrcLoc l) {
  Val idx = pos.kind == Val::Array && !pos.weakRt && pos.type.rank() > 0
                ? pos
                : fill(pos, DType::I64, {Dim::lit(1)}, {}, l);
  return gatherAlong(sorted, idx, axis, l);
}

Val Gen::dropUnitAxis(const Val &r, int64_t axis, SrcLoc l) {
  ArrType to{r.type.dtype, {}};
  llvm::SmallVector<Value> dyn;
  for (int64_t d = 0; d < (int64_t)r.type.rank(); ++d) {
    if (d == axis)
      continue;
    to.dims.push_back(r.type.dims[d]);
    if (r.type.dims[d].isNamed())
      dyn.push_back(tensor::DimOp::create(b, loc(l), r.value, d));
  }
  return reshapeTo(r, to, dyn, l);
}

/// NaN where the sorted slice ends in NaN (NumPy's nan check).
OptVal Gen::nanWhereLast(const Val &sorted, int64_t axis, const Val &res,
                         const Val &lastPos, SrcLoc l) {
  if (!isFloat(sorted.type.dtype))
    return res;
  Val last = atPosition(sorted, axis, lastPos, l);
  return selectVals(*compare("!=", last, last, l), Val::floatLit(NAN), res, l);
}

namespace {
bool sortable(DType t) {
  return t != DType::Bool && !isComplex(t) && t != DType::F16 && t != DType::BF16;
}
} // namespace

OptVal Gen::median(llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full, {"a", "axis", "out", "overwrite_input", "keepdims"}, 1, call, args))
    return std::nullopt;
  if (given(args[2]))
    return err(args[2]->loc, full + "(): out= is not supported");
  std::optional<bool> ow = boolArg(args[3], false, full, "overwrite_input");
  std::optional<bool> keep = ow ? boolArg(args[4], false, full, "keepdims") : std::nullopt;
  if (!keep)
    return std::nullopt;
  if (*keep)
    return err(args[4]->loc, full + "(): keepdims=True is not supported yet");
  OptVal av = arrayArg(*args[0], full);
  if (!av)
    return std::nullopt;
  Val a = materialize(*av);
  DType t = a.type.dtype;
  if (!sortable(t))
    return err(args[0]->loc, full + "() of " + a.type.str() + " is not supported yet");
  Val s;
  int64_t axis;
  if (!sortedAlong(a, args[1], full, s, axis, l))
    return std::nullopt;
  // NumPy's mean of the one or two middle elements.
  Val n = sizeOf(s, axis, l);
  Val nm1 = *binary("-", n, Val::intLit(1), l);
  Val lo = *binary("//", nm1, Val::intLit(2), l), hi = *binary("//", n, Val::intLit(2), l);
  DType out = isFloat(t) ? t : DType::F64;
  Val x0 = toArray(atPosition(s, axis, lo, l), out);
  Val x1 = toArray(atPosition(s, axis, hi, l), out);
  OptVal res = binary("/", *binary("+", x0, x1, l), Val::intLit(2), l);
  if (!res || !(res = nanWhereLast(s, axis, *res, nm1, l)))
    return std::nullopt;
  return dropUnitAxis(*res, axis, l);
}

OptVal Gen::quantile(bool percent, llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  Location il = loc(l);
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full,
                {"a", "q", "axis", "out", "overwrite_input", "method", "keepdims",
                 "interpolation"},
                2, call, args))
    return std::nullopt;
  if (given(args[3]))
    return err(args[3]->loc, full + "(): out= is not supported");
  if (given(args[7]))
    return err(args[7]->loc, full + "(): interpolation= is deprecated; use method=");
  if (args[5] && (args[5]->kind != ExprKind::String || args[5]->name != "linear"))
    return err(args[5]->loc, full + "(): only method='linear' is supported yet");
  std::optional<bool> ow = boolArg(args[4], false, full, "overwrite_input");
  std::optional<bool> keep = ow ? boolArg(args[6], false, full, "keepdims") : std::nullopt;
  if (!keep)
    return std::nullopt;
  if (*keep)
    return err(args[6]->loc, full + "(): keepdims=True is not supported yet");
  OptVal av = arrayArg(*args[0], full);
  OptVal qv = av ? arrayArg(*args[1], full) : std::nullopt;
  if (!qv)
    return std::nullopt;
  Val a = materialize(*av);
  DType t = a.type.dtype;
  if (!sortable(t))
    return err(args[0]->loc, full + "() of " + a.type.str() + " is not supported yet");
  if (t == DType::F32)
    return err(args[0]->loc, full + "() of float32 is not supported yet (NumPy 1 "
                                    "returns float64, NumPy 2 float32)");
  std::string range = percent ? "Percentiles must be in the range [0, 100]"
                              : "Quantiles must be in the range [0, 1]";
  bool scalarQ = qv->kind == Val::Lit || qv->type.rank() == 0;
  Val q;
  if (qv->kind == Val::Lit) {
    if (qv->weak == Weak::Complex)
      return err(args[1]->loc, full + "(): q must be real");
    double d = qv->asDouble() / (percent ? 100.0 : 1.0);
    if (!(d >= 0 && d <= 1))
      return err(args[1]->loc, range);
    q = fill(Val::floatLit(d), DType::F64, {Dim::lit(1)}, {}, l);
  } else {
    if (isComplex(qv->type.dtype))
      return err(args[1]->loc, full + "(): q must be real");
    q = toArray(*qv, DType::F64);
    if (percent)
      q = *binary("/", q, Val::intLit(100), l);
    if (q.type.rank() == 0)
      q = flatten(q, l);
    OptVal ok = binary("&", *compare(">=", q, Val::intLit(0), l),
                       *compare("<=", q, Val::intLit(1), l), l);
    Val bad = toArray(*unary("~", flatten(*ok, l), l), DType::I64);
    Val nbad = reduceAxes(nd::ReduceKind::sum, bad, {0}, false, l);
    Value none = arith::CmpIOp::create(
        b, il, arith::CmpIPredicate::eq,
        tensor::ExtractOp::create(b, il, nbad.value, ValueRange{}),
        arith::ConstantIntOp::create(b, il, 0, 64));
    nd::AssertOp::create(b, il, none, b.getStringAttr(where(args[1]->loc) + range));
  }
  Val s;
  int64_t axis;
  if (!sortedAlong(a, args[2], full, s, axis, l))
    return std::nullopt;
  // NumPy's _quantile: the virtual index (n - 1) * q, its floor and the
  // next (both the last element from n - 1 on), gamma = index - floor
  // (with floor -1 there, as NumPy), and _lerp.
  Val n = sizeOf(s, axis, l);
  Val nm1 = *binary("-", n, Val::intLit(1), l);
  Val vi = *binary("*", nm1, q, l);
  Val prev = toArray(vi, DType::I64);
  Val above = *compare(">=", vi, nm1, l);
  Val lo = *selectVals(above, nm1, prev, l);
  Val hi = *selectVals(above, nm1, *binary("+", prev, Val::intLit(1), l), l);
  Val floorForGamma = *selectVals(above, Val::intLit(-1), prev, l);
  Val g = *binary("-", vi, toArray(floorForGamma, DType::F64), l);
  int64_t trailing = s.type.rank() - axis - 1, qr = q.type.rank();
  if (trailing > 0) {
    llvm::SmallVector<int64_t> axes;
    for (int64_t i = 0; i < trailing; ++i)
      axes.push_back(qr + i);
    g = expandDims(g, axes, l);
  }
  Val x0 = atPosition(s, axis, lo, l), x1 = atPosition(s, axis, hi, l);
  Val diff = *binary("-", x1, x0, l);
  Val up = *binary("+", x0, *binary("*", diff, g, l), l);
  Val down = *binary("-", x1, *binary("*", diff, *binary("-", Val::intLit(1), g, l), l), l);
  OptVal res = selectVals(*compare(">=", g, Val::floatLit(0.5), l), down, up, l);
  if (!res ||
      !(res = nanWhereLast(s, axis, *res, fill(nm1, DType::I64, q.type.dims, {q}, l), l)))
    return std::nullopt;
  Val r = *res;
  // NumPy puts q's axes first.
  if (axis > 0) {
    llvm::SmallVector<int64_t> perm;
    for (int64_t i = 0; i < qr; ++i)
      perm.push_back(axis + i);
    for (int64_t i = 0; i < axis; ++i)
      perm.push_back(i);
    for (int64_t i = axis + qr; i < (int64_t)r.type.rank(); ++i)
      perm.push_back(i);
    r = transposeVal(r, perm, l);
  }
  return scalarQ ? dropUnitAxis(r, 0, l) : r;
}

OptVal Gen::histogram(llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  Location il = loc(l);
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full, {"a", "bins", "range", "density", "weights"}, 1, call, args))
    return std::nullopt;
  OptVal av = arrayArg(*args[0], full);
  if (!av)
    return std::nullopt;
  Val a = materialize(*av);
  Val x = flatten(a, l);
  DType t = x.type.dtype;
  if (!sortable(t))
    return err(args[0]->loc, full + "() of " + a.type.str() + " is not supported yet");
  bool density = false;
  if (given(args[3])) {
    std::optional<bool> d = boolArg(args[3], false, full, "density");
    if (!d)
      return std::nullopt;
    density = *d;
  }
  // What each element adds to its bin: 1, or its weight (as f64).
  Val upd;
  std::optional<DType> wt;
  if (given(args[4])) {
    OptVal wv = arrayArg(*args[4], full);
    if (!wv)
      return std::nullopt;
    Val w = materialize(*wv);
    if (isComplex(w.type.dtype))
      return err(args[4]->loc, full + "(): complex weights are not supported yet");
    std::string msg = "weights should have the same shape as a.";
    if (w.type.rank() != a.type.rank())
      return err(args[4]->loc, msg);
    for (int64_t d = 0; d < (int64_t)a.type.rank(); ++d) {
      const Dim &dw = w.type.dims[d], &da = a.type.dims[d];
      if (dw == da)
        continue;
      if (!dw.isNamed() && !da.isNamed())
        return err(args[4]->loc, msg);
      assertEqual(sizeI64(w, d, il), sizeI64(a, d, il), l, where(l) + msg, {});
      w = withDim(w, d, da, il);
    }
    wt = w.type.dtype;
    upd = withDim(toArray(flatten(w, l), DType::F64), 0, x.type.dims[0], il);
  } else {
    upd = fill(Val::intLit(1), DType::I64, x.type.dims, {x}, l);
  }
  OptVal bv = args[1] ? arrayArg(*args[1], full) : OptVal(Val::intLit(10));
  if (!bv)
    return std::nullopt;
  Value zero = arith::ConstantIntOp::create(b, il, 0, 64);
  Val edges, ix, keep, nb;
  Dim nbDim;
  Value nbIndex; // the bin count where it is a run-time size
  auto runtimeBins = [&](Value nbI64) {
    nbIndex = arith::IndexCastOp::create(b, il, b.getIndexType(), nbI64);
    nbDim = runtimeSizeDim(nbIndex, nullptr,
                           "(bins at " + std::to_string(l.line) + ":" +
                               std::to_string(l.col) + ")");
  };
  if (bv->kind == Val::Lit || bv->type.rank() == 0) {
    // Equal bins: NumPy's edges (linspace in f64, in the data's float
    // dtype) and bin index ((x - first) / (last - first) * bins, then
    // corrected by one against the edges).
    const Expr *be = args[1];
    if ((bv->kind == Val::Lit && bv->weak != Weak::Int) ||
        (bv->kind == Val::Array && !isInt(bv->type.dtype)))
      return err(be->loc, full + "(): bins must be an integer or a 1-d array of edges");
    if (bv->kind == Val::Lit) {
      if (bv->i < 1)
        return err(be->loc, "`bins` must be positive, when an integer");
      nb = *bv;
      nbDim = Dim::lit(bv->i);
    } else {
      std::optional<Value> n = intScalar(*bv, *be, full + "(): bins");
      if (!n)
        return std::nullopt;
      nd::AssertOp::create(
          b, il, arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt, *n, zero),
          b.getStringAttr(where(be->loc) + "`bins` must be positive, when an integer"));
      runtimeBins(*n);
      nb = toArray(*bv, DType::I64);
      nb.weakRt = true;
      nb.weak = Weak::Int;
    }
    Val first, last;
    if (given(args[2])) {
      OptVal rv = eval(*args[2]);
      if (!rv)
        return std::nullopt;
      auto real = [](const Val &v) {
        return (v.kind == Val::Lit && v.weak != Weak::Complex) ||
               (v.kind == Val::Array && v.type.rank() == 0 && !isComplex(v.type.dtype));
      };
      if (rv->kind != Val::Tuple || rv->elts.size() != 2 || !real(rv->elts[0]) ||
          !real(rv->elts[1]))
        return err(args[2]->loc, full + "(): range must be a pair of numbers (min, max)");
      first = toArray(rv->elts[0], DType::F64);
      last = toArray(rv->elts[1], DType::F64);
    } else {
      // The data's min and max; (0, 1) for no data (an inf and a -inf join
      // the data so that the reductions have an element).
      Val xf = toArray(x, DType::F64);
      OptVal lowPad = concatVals(
          {xf, fill(Val::floatLit(INFINITY), DType::F64, {Dim::lit(1)}, {}, l)}, 0, true,
          full, l);
      OptVal highPad = concatVals(
          {xf, fill(Val::floatLit(-INFINITY), DType::F64, {Dim::lit(1)}, {}, l)}, 0, true,
          full, l);
      if (!lowPad || !highPad)
        return std::nullopt;
      Val mn = reduceAxes(nd::ReduceKind::min, *lowPad, {0}, false, l);
      Val mx = reduceAxes(nd::ReduceKind::max, *highPad, {0}, false, l);
      Value empty = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq,
                                          sizeI64(x, 0, il), zero);
      ArrType bt{DType::Bool, {}};
      Val e = Val::array(
          tensor::FromElementsOp::create(b, il, bt.tensorType(&ctx), ValueRange{empty}), bt);
      first = *selectVals(e, Val::floatLit(0), mn, l);
      last = *selectVals(e, Val::floatLit(1), mx, l);
    }
    Value fv = tensor::ExtractOp::create(b, il, first.value, ValueRange{});
    Value lv = tensor::ExtractOp::create(b, il, last.value, ValueRange{});
    auto finite = [&](Value v) {
      Value d = arith::SubFOp::create(b, il, v, v);
      return arith::CmpFOp::create(b, il, arith::CmpFPredicate::OEQ, d,
                                   arith::ConstantFloatOp::create(
                                       b, il, b.getF64Type(), llvm::APFloat(0.0)));
    };
    nd::AssertOp::create(
        b, il, arith::AndIOp::create(b, il, finite(fv), finite(lv)),
        b.getStringAttr(where(l) + (given(args[2]) ? "supplied" : "autodetected") +
                        " range of bins is not finite"));
    if (given(args[2]))
      nd::AssertOp::create(
          b, il, arith::CmpFOp::create(b, il, arith::CmpFPredicate::OLE, fv, lv),
          b.getStringAttr(where(args[2]->loc) +
                          "max must be larger than min in range parameter."));
    Val same = *compare("==", first, last, l);
    first = *selectVals(same, *binary("-", first, Val::floatLit(0.5), l), first, l);
    last = *selectVals(same, *binary("+", last, Val::floatLit(0.5), l), last, l);
    // The edges.
    DType te = isFloat(t) ? t : DType::F64;
    Dim eDim = Dim::lit(nbDim.isNamed() ? 0 : nbDim.size + 1);
    if (nbIndex) {
      Value e1 = arith::AddIOp::create(b, il, nbIndex, idx(1));
      eDim = runtimeSizeDim(e1, nullptr,
                            "(bins + 1 at " + std::to_string(l.line) + ":" +
                                std::to_string(l.col) + ")");
      runtimeSizes[eDim.name] = e1;
    }
    Val pos = iota(DType::F64, {eDim}, 0, {}, l);
    if (nbIndex)
      runtimeSizes.erase(eDim.name);
    Val step = *binary("/", *binary("-", last, first, l), nb, l);
    Val e = *binary("+", *binary("*", pos, step, l), first, l);
    e = *selectVals(*compare("==", pos, nb, l), last, e, l);
    edges = toArray(e, te);
    Val xa = toArray(x, te), f = toArray(first, te), la = toArray(last, te);
    keep = *binary("&", *compare(">=", xa, f, l), *compare("<=", xa, la, l), l);
    Val fi = *binary("*", *binary("/", *binary("-", xa, f, l), *binary("-", la, f, l), l),
                     nb, l);
    fi = *selectVals(keep, fi, Val::floatLit(0), l);
    Val nbm1 = *binary("-", nb, Val::intLit(1), l);
    ix = toArray(fi, DType::I64);
    ix = *selectVals(*compare(">=", ix, nb, l), nbm1, ix, l);
    Val eLo = gatherAlong(edges, ix, 0, l);
    ix = *selectVals(*compare("<", xa, eLo, l), *binary("-", ix, Val::intLit(1), l), ix, l);
    Val ix1 = *binary("+", ix, Val::intLit(1), l);
    Val eHi = gatherAlong(edges, ix1, 0, l);
    Val inc = *binary("&", *compare(">=", xa, eHi, l), *compare("!=", ix, nbm1, l), l);
    ix = *selectVals(inc, ix1, ix, l);
  } else {
    // Given edges: the bin of x is searchsorted(edges, x, 'right') - 1; x
    // equal to the last edge goes to the last bin.
    Val e = *bv;
    if (e.type.rank() != 1 || !sortable(e.type.dtype))
      return err(args[1]->loc, "`bins` must be 1d, when an array (of real numbers)");
    Val ne = sizeOf(e, 0, l);
    Value neI = sizeI64(e, 0, il);
    nd::AssertOp::create(
        b, il,
        arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, neI,
                              arith::ConstantIntOp::create(b, il, 2, 64)),
        b.getStringAttr(where(args[1]->loc) + "`bins` must have at least two edges"));
    Val pos = iota(DType::I64, e.type.dims, 0, {e}, l);
    Val pm1 = *binary("-", pos, Val::intLit(1), l);
    Val prevE = gatherAlong(
        e, *selectVals(*compare("<", pm1, Val::intLit(0), l), Val::intLit(0), pm1, l), 0, l);
    Val bad = toArray(*compare(">", prevE, e, l), DType::I64);
    Val nbad = reduceAxes(nd::ReduceKind::sum, bad, {0}, false, l);
    nd::AssertOp::create(
        b, il,
        arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq,
                              tensor::ExtractOp::create(b, il, nbad.value, ValueRange{}),
                              zero),
        b.getStringAttr(where(args[1]->loc) +
                        "`bins` must increase monotonically, when an array"));
    edges = e;
    nb = *binary("-", ne, Val::intLit(1), l);
    if (e.type.dims[0].isNamed())
      runtimeBins(arith::SubIOp::create(b, il, neI, arith::ConstantIntOp::create(b, il, 1, 64)));
    else
      nbDim = Dim::lit(e.type.dims[0].size - 1);
    OptVal j = searchSorted(e, x, /*right=*/true, l);
    if (!j)
      return std::nullopt;
    ix = *binary("-", *j, Val::intLit(1), l);
    Val e0 = atPosition(e, 0, Val::intLit(0), l);
    Val eN = atPosition(e, 0, nb, l);
    keep = *binary("&", *compare(">=", x, e0, l), *compare("<=", x, eN, l), l);
    ix = *selectVals(*compare(">=", ix, nb, l), *binary("-", nb, Val::intLit(1), l), ix, l);
  }
  ix = *selectVals(keep, ix, Val::intLit(0), l);
  upd = *selectVals(keep, upd, Val::intLit(0), l);
  if (nbIndex)
    runtimeSizes[nbDim.name] = nbIndex;
  Val dest = fill(Val::intLit(0), upd.type.dtype, {nbDim}, {}, l);
  if (nbIndex)
    runtimeSizes.erase(nbDim.name);
  Val hist = scatterFlat(dest, ix, upd, /*accumulate=*/true, l);
  if (wt)
    hist = toArray(hist, *wt);
  if (density) {
    // NumPy: n / db / n.sum(), db the bin widths as f64.
    Val pos = iota(DType::I64, hist.type.dims, 0, {hist}, l);
    Val w0 = gatherAlong(edges, pos, 0, l);
    Val w1 = gatherAlong(edges, *binary("+", pos, Val::intLit(1), l), 0, l);
    Val db = toArray(*binary("-", w1, w0, l), DType::F64);
    Val hf = toArray(hist, DType::F64);
    Val total = reduceAxes(nd::ReduceKind::sum, hf, {0}, false, l);
    hist = *binary("/", *binary("/", hf, db, l), total, l);
  }
  Val r;
  r.kind = Val::Tuple;
  r.elts = {hist, edges};
  return r;
}

/// interp as NumPy's C loop: the segment of searchsorted(xp, x, 'right') - 1,
/// the slope between its ends, exact values at sample points, left and
/// right outside.
OptVal Gen::interp(llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  Location il = loc(l);
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full, {"x", "xp", "fp", "left", "right", "period"}, 3, call, args))
    return std::nullopt;
  if (given(args[5]))
    return err(args[5]->loc, full + "(): period= is not supported yet");
  OptVal xv = arrayArg(*args[0], full);
  OptVal xpv = xv ? arrayArg(*args[1], full) : std::nullopt;
  OptVal fpv = xpv ? arrayArg(*args[2], full) : std::nullopt;
  if (!fpv)
    return std::nullopt;
  for (auto [v, e] : {std::pair{&*xv, args[0]}, {&*xpv, args[1]}, {&*fpv, args[2]}})
    if ((v->kind == Val::Lit && v->weak == Weak::Complex) ||
        (v->kind == Val::Array && isComplex(v->type.dtype)))
      return err(e->loc, full + "() of complex values is not supported yet");
  Val xp = toArray(materialize(*xpv), DType::F64), fp = toArray(materialize(*fpv), DType::F64);
  if (xp.type.rank() != 1 || fp.type.rank() != 1)
    return err(l, full + "(): xp and fp must be 1-d arrays");
  if (!(xp.type.dims[0] == fp.type.dims[0])) {
    std::string msg = "fp and xp are not of the same length.";
    if (!xp.type.dims[0].isNamed() && !fp.type.dims[0].isNamed())
      return err(l, msg);
    assertEqual(sizeI64(fp, 0, il), sizeI64(xp, 0, il), l, where(l) + msg, {});
    fp = withDim(fp, 0, xp.type.dims[0], il);
  }
  nd::AssertOp::create(
      b, il,
      arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt, sizeI64(xp, 0, il),
                            arith::ConstantIntOp::create(b, il, 0, 64)),
      b.getStringAttr(where(l) + "array of sample points is empty"));
  Val xs = flatten(toArray(*xv, DType::F64), l);
  OptVal j = searchSorted(xp, xs, /*right=*/true, l);
  if (!j)
    return std::nullopt;
  Val n = sizeOf(xp, 0, l);
  Val nm1 = *binary("-", n, Val::intLit(1), l);
  Val nm2 = *binary("-", n, Val::intLit(2), l);
  Val jc = *binary("-", *j, Val::intLit(1), l);
  jc = *selectVals(*compare(">", jc, nm2, l), nm2, jc, l);
  jc = *selectVals(*compare("<", jc, Val::intLit(0), l), Val::intLit(0), jc, l);
  Val jn = *binary("+", jc, Val::intLit(1), l);
  jn = *selectVals(*compare(">", jn, nm1, l), nm1, jn, l);
  Val x0 = gatherAlong(xp, jc, 0, l), x1 = gatherAlong(xp, jn, 0, l);
  Val y0 = gatherAlong(fp, jc, 0, l), y1 = gatherAlong(fp, jn, 0, l);
  Val slope = *binary("/", *binary("-", y1, y0, l), *binary("-", x1, x0, l), l);
  Val r = *binary("+", *binary("*", slope, *binary("-", xs, x0, l), l), y0, l);
  Val r2 = *binary("+", *binary("*", slope, *binary("-", xs, x1, l), l), y1, l);
  Val r2Fixed = *selectVals(*binary("&", *compare("!=", r2, r2, l),
                                    *compare("==", y0, y1, l), l),
                            y0, r2, l);
  r = *selectVals(*compare("!=", r, r, l), r2Fixed, r, l);
  r = *selectVals(*compare("==", xs, x0, l), y0, r, l);
  Val lastIdx = fill(nm1, DType::I64, xs.type.dims, {xs}, l);
  Val firstIdx = fill(Val::intLit(0), DType::I64, xs.type.dims, {xs}, l);
  Val xl = gatherAlong(xp, lastIdx, 0, l), yl = gatherAlong(fp, lastIdx, 0, l);
  Val xf = gatherAlong(xp, firstIdx, 0, l), yf = gatherAlong(fp, firstIdx, 0, l);
  r = *selectVals(*compare("==", xs, xl, l), yl, r, l);
  auto bound = [&](const Expr *e, const Val &dflt) -> OptVal {
    if (!given(e))
      return dflt;
    OptVal v = eval(*e);
    if (!v)
      return std::nullopt;
    if (!((v->kind == Val::Lit && v->weak != Weak::Complex) ||
          (v->kind == Val::Array && v->type.rank() == 0 && !isComplex(v->type.dtype))))
      return err(e->loc, full + "(): left and right must be real numbers");
    return toArray(*v, DType::F64);
  };
  OptVal left = bound(args[3], yf);
  OptVal right = left ? bound(args[4], yl) : std::nullopt;
  if (!right)
    return std::nullopt;
  r = *selectVals(*compare(">", xs, xl, l), *right, r, l);
  r = *selectVals(*compare("<", xs, xf, l), *left, r, l);
  return reshapeLike(r, *xv, l);
}
