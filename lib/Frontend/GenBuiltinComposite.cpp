//===- GenBuiltinComposite.cpp - functions written with other ops ---------===//
//
// NumPy functions that need no op of their own: each is a few existing ops
// (iota + compare + select for the diagonals, a gather at computed
// positions for roll, slices for diff, elementwise math for isclose), with
// NumPy's dtypes, axes and errors; and Python's int()/float(). np.pad's
// mechanism is GenPad.cpp.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

//===----------------------------------------------------------------------===//
// Shared pieces
//===----------------------------------------------------------------------===//

Val Gen::absVal(const Val &x, SrcLoc l) {
  if (x.type.dtype == DType::Bool)
    return x;
  if (isComplex(x.type.dtype))
    return complexPartOf("abs", x, l);
  return Val::array(nd::AbsOp::create(b, loc(l), x.value.getType(), x.value), x.type);
}

Dim Gen::freshDim(llvm::StringRef what, SrcLoc l) {
  return Dim::named("(" + what.str() + " at " + std::to_string(l.line) + ":" +
                    std::to_string(l.col) + ")#" + std::to_string(++freshDims));
}

OptVal Gen::diagonalMask(llvm::ArrayRef<Dim> dims, const std::vector<Val> &sources,
                         const Val &k, llvm::StringRef pred, SrcLoc l) {
  int64_t rank = dims.size();
  Val r = iota(DType::I64, dims, rank - 2, sources, l);
  Val c = iota(DType::I64, dims, rank - 1, sources, l);
  OptVal d = binary("-", c, r, l);
  if (!d)
    return std::nullopt;
  return compare(pred, *d, k, l);
}

Val Gen::windowAlong(const Val &a, int64_t axis, Value lo, Value size, Dim dim,
                     SrcLoc l) {
  int64_t rank = a.type.rank();
  llvm::SmallVector<WinDim> win(rank);
  for (int64_t d = 0; d < rank; ++d)
    sliceDim(a, d, nullptr, nullptr, nullptr, win[d], l);
  WinDim &w = win[axis];
  w.sStart = ShapedType::kDynamic;
  w.dStart = lo;
  w.sSize = ShapedType::kDynamic;
  w.dSize = size;
  w.dim = dim;
  return emitSlice(a, win, l);
}

OptVal Gen::sliceAlong(const Val &a, int64_t axis, std::optional<int64_t> lo,
                       std::optional<int64_t> hi, SrcLoc l) {
  int64_t rank = a.type.rank();
  Expr loE(ExprKind::Int, l), hiE(ExprKind::Int, l);
  loE.intValue = lo.value_or(0);
  hiE.intValue = hi.value_or(0);
  llvm::SmallVector<WinDim> win(rank);
  for (int64_t d = 0; d < rank; ++d)
    if (!sliceDim(a, d, d == axis && lo ? &loE : nullptr,
                  d == axis && hi ? &hiE : nullptr, nullptr, win[d], l))
      return std::nullopt;
  return emitSlice(a, win, l);
}

bool gen::isIntScalar(const Val &v) {
  return (v.kind == Val::Lit && v.weak == Weak::Int) ||
         (v.kind == Val::Array && v.type.rank() == 0 && isInt(v.type.dtype));
}

//===----------------------------------------------------------------------===//
// Diagonals: triu, tril, diag, trace
//===----------------------------------------------------------------------===//

/// diag(a, k): the k-th diagonal of a 2-d array, or a 2-d array with a 1-d
/// one on its k-th diagonal.
OptVal Gen::diagOf(const Val &a, int64_t k, SrcLoc l) {
  Location il = loc(l);
  Val zero = litAs(Val::intLit(0), a.type.dtype);
  if (a.type.rank() == 1) {
    // Padded to N = n + |k| and broadcast along the axis the diagonal
    // does not index; the mask keeps the k-th diagonal.
    Val vp = a;
    if (k != 0) {
      Val pad = fill(Val::intLit(0), a.type.dtype, {Dim::lit(std::abs(k))}, {}, l);
      OptVal c = concatVals({a, pad}, 0, true, "diag", l);
      if (!c)
        return std::nullopt;
      vp = *c;
    }
    Dim n = vp.type.dims[0];
    Val col = expandDims(vp, {1}, l), row = expandDims(vp, {0}, l);
    std::vector<Val> sources{col, row};
    Val full = broadcastTo(k >= 0 ? col : row, {n, n}, sources, il);
    OptVal m = diagonalMask({n, n}, sources, Val::intLit(k), "==", l);
    if (!m)
      return std::nullopt;
    return selectVals(*m, full, zero, l);
  }
  if (a.type.rank() != 2)
    return err(l, "Input must be 1- or 2-d.");
  // The window where the diagonal is the main one; row i's masked sum is
  // W[i, i] for i < min(rows, cols).
  OptVal w = k >= 0 ? sliceAlong(a, 1, k, std::nullopt, l)
                    : sliceAlong(a, 0, -k, std::nullopt, l);
  if (!w)
    return std::nullopt;
  OptVal m = diagonalMask(w->type.dims, {*w}, Val::intLit(0), "==", l);
  if (!m)
    return std::nullopt;
  OptVal masked = selectVals(*m, *w, zero, l);
  if (!masked)
    return std::nullopt;
  Val s = reduceAxes(nd::ReduceKind::sum, *masked, {1}, false, l);
  const Dim &rows = w->type.dims[0], &cols = w->type.dims[1];
  if (!rows.isNamed() && !cols.isNamed())
    return sliceAlong(s, 0, 0, std::min(rows.size, cols.size), l);
  Value len = arith::MinSIOp::create(b, il, dimIndex(*w, 0, il), dimIndex(*w, 1, il));
  return windowAlong(s, 0, arith::ConstantIndexOp::create(b, il, 0), len,
                     freshDim("diag", l), l);
}

//===----------------------------------------------------------------------===//
// roll, diff
//===----------------------------------------------------------------------===//

/// roll along `axis` by the i64 `shift`: element i of the result is
/// a[(i + n - s) mod n], s = shift mod n (n = 0: the empty array), one
/// `ndarray.gather` whose positions are computed from an iota. It lowers to
/// one generic that reads its source through tensor.extract and takes the
/// positions as an operand, so the position arithmetic fuses into it and it
/// fuses into its consumers: the eight neighbour rolls of a stencil
/// (`sum(np.roll(...))`) become one kernel. (As a concatenation of the two
/// windows it was three generics per roll, the windows never fused.) A
/// zero shift is the same gather (a new array, as NumPy's roll returns,
/// which fuses as any other).
OptVal Gen::rollAlong(const Val &a, int64_t axis, Value shift, SrcLoc l) {
  Location il = loc(l);
  Type ix = b.getIndexType();
  Value n = dimIndex(a, axis, il);
  Value one = arith::ConstantIndexOp::create(b, il, 1);
  Value safe = arith::MaxSIOp::create(b, il, n, one);
  Value s = arith::IndexCastOp::create(b, il, ix, shift);
  s = arith::RemSIOp::create(b, il, s, safe);
  s = arith::RemSIOp::create(b, il, arith::AddIOp::create(b, il, s, safe), safe);
  Value cut = arith::IndexCastOp::create(b, il, b.getI64Type(),
                                         arith::SubIOp::create(b, il, n, s));
  Val c = Val::array(tensor::FromElementsOp::create(
                         b, il, RankedTensorType::get({}, b.getI64Type()), ValueRange{cut}),
                     ArrType{DType::I64, {}});
  c.weakRt = true;
  c.weak = Weak::Int;
  Val len = sizeOf(a, axis, l);
  Val i = iota(DType::I64, {a.type.dims[axis]}, 0, {a}, l);
  OptVal j = binary("+", i, c, l);
  OptVal over = j ? compare(">=", *j, len, l) : std::nullopt;
  OptVal back = j ? binary("-", *j, len, l) : std::nullopt;
  OptVal pos = over && back ? selectVals(*over, *back, *j, l) : std::nullopt;
  if (!pos)
    return std::nullopt;
  return withDim(gatherAlong(a, withDim(*pos, 0, a.type.dims[axis], il), axis, l), axis,
                 a.type.dims[axis], il);
}

//===----------------------------------------------------------------------===//
// cov, corrcoef
//===----------------------------------------------------------------------===//

/// np.cov: rows are variables (rowvar), columns observations; in f64 (or
/// c128), divided by N - ddof.
OptVal Gen::covOf(const Val &m, bool rowvar, double ddof, SrcLoc l) {
  if (m.type.rank() > 2)
    return err(l, "m has more than 2 dimensions");
  DType t = promote(m.type.dtype, DType::F64);
  Val x = toArray(m, t);
  if (x.type.rank() == 0)
    x = expandDims(x, {0}, l);
  if (x.type.rank() == 1)
    x = expandDims(x, {0}, l);
  else if (!rowvar)
    x = transposeVal(x, {1, 0}, l);
  x.alias.reset();
  Val n = sizeOf(x, 1, l);
  OptVal mean = binary("/", reduceAxes(nd::ReduceKind::sum, x, {1}, true, l),
                       toArray(n, t), l);
  OptVal xc = mean ? binary("-", x, *mean, l) : std::nullopt;
  if (!xc)
    return std::nullopt;
  Val xt = transposeVal(*xc, {1, 0}, l);
  if (isComplex(t))
    xt = complexPartOf("conj", xt, l);
  OptVal c = matmul(*xc, xt, l, "matmul");
  OptVal fact = binary("-", toArray(n, DType::F64), Val::floatLit(ddof), l);
  if (fact)
    fact = binary("max", *fact, Val::floatLit(0.0), l);
  OptVal r = c && fact ? binary("/", *c, *fact, l) : std::nullopt;
  if (!r || m.type.rank() == 2)
    return r;
  ArrType scalar{r->type.dtype, {}};
  return reshapeTo(*r, scalar, {}, l);
}

//===----------------------------------------------------------------------===//
// isclose
//===----------------------------------------------------------------------===//

/// NumPy's isclose: |a - c| <= atol + rtol * |c| where both are finite,
/// a == c elsewhere (infinities), NaNs equal with `equalNan`; in the float
/// dtype of the operands (integers as f64).
OptVal Gen::isclose(const Val &a0, const Val &c0, const Val &rtol, const Val &atol,
                    bool equalNan, SrcLoc l) {
  Val a = materialize(a0), c = materialize(c0);
  DType t = promote(a.type.dtype, c.type.dtype);
  if (!isFloat(t) && !isComplex(t))
    t = DType::F64;
  a = toArray(a, t);
  c = toArray(c, t);
  OptVal d = binary("-", a, c, l);
  if (!d)
    return std::nullopt;
  OptVal tol = binary("*", rtol, absVal(c, l), l);
  if (tol)
    tol = binary("+", atol, *tol, l);
  OptVal close = tol ? compare("<=", absVal(*d, l), *tol, l) : std::nullopt;
  if (!close)
    return std::nullopt;
  Val fa = unaryMath("isfinite", a, DType::Bool, l);
  Val fc = unaryMath("isfinite", c, DType::Bool, l);
  OptVal fin = binary("&", fa, fc, l);
  OptVal eq = compare("==", a, c, l);
  OptVal r = fin && eq ? selectVals(*fin, *close, *eq, l) : std::nullopt;
  if (r && equalNan) {
    Val na = unaryMath("isnan", a, DType::Bool, l);
    Val nc = unaryMath("isnan", c, DType::Bool, l);
    OptVal both = binary("&", na, nc, l);
    r = both ? binary("|", *r, *both, l) : std::nullopt;
  }
  return r;
}

//===----------------------------------------------------------------------===//
// Python's int() and float()
//===----------------------------------------------------------------------===//

OptVal Gen::pythonNumber(bool isIntFn, const Expr &call) {
  llvm::StringRef fn = isIntFn ? "int" : "float";
  if (isIntFn && call.elts.size() == 2) // int('0101', 2): a string's digits
    return err(call.elts[1]->loc,
               "int(x, base) reads the digits of a string; arrayc programs have "
               "no strings: compute the number with integer operations (bit "
               "shifts and masks for binary digits)");
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(fn, {"x"}, 0, call, args))
    return std::nullopt;
  if (!args[0])
    return isIntFn ? Val::intLit(0) : Val::floatLit(0);
  OptVal v = eval(*args[0]);
  if (!v)
    return std::nullopt;
  SrcLoc l = args[0]->loc;
  if (v->kind == Val::Lit) {
    if (v->weak == Weak::Complex)
      return err(l, fn + "() argument must be a string or a real number, not "
                         "'complex'");
    if (!isIntFn)
      return Val::floatLit(v->asDouble());
    if (v->weak != Weak::Float)
      return Val::intLit(v->i);
    if (!std::isfinite(v->f))
      return err(l, std::string("cannot convert float ") +
                        (std::isnan(v->f) ? "NaN" : "infinity") + " to integer");
    return Val::intLit(static_cast<int64_t>(v->f));
  }
  if (v->kind != Val::Array)
    return err(l, fn + "() argument must be a number, got " + v->describe());
  if (v->type.rank() != 0)
    return err(l, "only 0-d arrays can be converted to Python scalars; got " +
                      describeVal(*v));
  if (isComplex(v->type.dtype))
    return err(l, fn + "() of a complex number: use .real or abs()");
  Val r = toArray(*v, isIntFn ? DType::I64 : DType::F64);
  r.weakRt = true;
  r.weak = isIntFn ? Weak::Int : Weak::Float;
  return r;
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

OptVal Gen::composite(Builtin id, llvm::StringRef name, llvm::StringRef full,
                      const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  auto arrayArg = [&](const Expr *e) -> OptVal {
    OptVal v = evalArrayOperand(*e, full);
    if (!v)
      return std::nullopt;
    return materialize(*v);
  };
  // An integer literal (possibly negated): k and n arguments.
  auto intLiteral = [&](const Expr *e, int64_t dflt,
                        llvm::StringRef what) -> std::optional<int64_t> {
    if (!e || e->kind == ExprKind::None)
      return dflt;
    if (std::optional<int64_t> v = axisLiteral(*e))
      return v;
    return err(e->loc, full + "(): " + what + " must be an integer literal");
  };
  switch (id) {
  case Builtin::PyInt:
  case Builtin::PyFloat:
    return pythonNumber(id == Builtin::PyInt, call);
  case Builtin::Isclose:
  case Builtin::Allclose: {
    if (!bindArgs(full, {"a", "b", "rtol", "atol", "equal_nan"}, 2, call, args))
      return std::nullopt;
    OptVal a = evalArrayOperand(*args[0], full);
    OptVal c = a ? evalArrayOperand(*args[1], full) : std::nullopt;
    if (!c)
      return std::nullopt;
    Val tols[2] = {Val::floatLit(1e-5), Val::floatLit(1e-8)};
    for (int i = 0; i < 2; ++i) {
      if (!args[2 + i])
        continue;
      OptVal t = eval(*args[2 + i]);
      if (!t)
        return std::nullopt;
      bool real = (t->kind == Val::Lit && t->weak != Weak::Complex) ||
                  (t->kind == Val::Array && t->type.rank() == 0 &&
                   !isComplex(t->type.dtype));
      if (!real)
        return err(args[2 + i]->loc, full + "(): " + (i ? "atol" : "rtol") +
                                         " must be a real number");
      tols[i] = *t;
    }
    bool equalNan = false;
    if (args[4]) {
      if (args[4]->kind != ExprKind::Bool)
        return err(args[4]->loc, full + "(): equal_nan must be True or False");
      equalNan = args[4]->boolValue;
    }
    OptVal r = isclose(*a, *c, tols[0], tols[1], equalNan, l);
    if (!r || id == Builtin::Isclose)
      return r;
    llvm::SmallVector<int64_t> all;
    for (int64_t d = 0; d < int64_t(r->type.rank()); ++d)
      all.push_back(d);
    return all.empty() ? *r : reduceAxes(nd::ReduceKind::prod, *r, all, false, l);
  }
  case Builtin::Triu:
  case Builtin::Tril: {
    if (!bindArgs(full, {"m", "k"}, 1, call, args))
      return std::nullopt;
    OptVal m = arrayArg(args[0]);
    if (!m)
      return std::nullopt;
    Val k = Val::intLit(0);
    if (args[1]) {
      OptVal kv = eval(*args[1]);
      if (!kv)
        return std::nullopt;
      if (!isIntScalar(*kv))
        return err(args[1]->loc, full + "(): k must be an integer");
      k = *kv;
    }
    if (m->type.rank() < 2)
      return err(args[0]->loc, full + "() of a " +
                                   std::to_string(m->type.rank()) +
                                   "-d array is not supported (it needs at "
                                   "least 2 dimensions)");
    OptVal mask = diagonalMask(m->type.dims, {*m}, k,
                               id == Builtin::Triu ? ">=" : "<=", l);
    if (!mask)
      return std::nullopt;
    return selectVals(*mask, *m, litAs(Val::intLit(0), m->type.dtype), l);
  }
  case Builtin::Diag: {
    if (!bindArgs(full, {"v", "k"}, 1, call, args))
      return std::nullopt;
    OptVal v = arrayArg(args[0]);
    std::optional<int64_t> k = v ? intLiteral(args[1], 0, "k") : std::nullopt;
    if (!k)
      return std::nullopt;
    return diagOf(*v, *k, args[0]->loc);
  }
  case Builtin::Trace: {
    if (!bindArgs(full, {"a", "offset"}, 1, call, args))
      return std::nullopt;
    OptVal a = arrayArg(args[0]);
    std::optional<int64_t> k = a ? intLiteral(args[1], 0, "offset") : std::nullopt;
    if (!k)
      return std::nullopt;
    if (a->type.rank() != 2)
      return err(args[0]->loc, full + "() of a " + std::to_string(a->type.rank()) +
                                   "-d array is not supported (only 2-d)");
    OptVal d = diagOf(*a, *k, l);
    if (!d)
      return std::nullopt;
    return reduce(Builtin::Sum, full, *d, nullptr, nullptr, l);
  }
  case Builtin::Roll: {
    if (!bindArgs(full, {"a", "shift", "axis"}, 2, call, args))
      return std::nullopt;
    OptVal a = arrayArg(args[0]);
    OptVal s = a ? eval(*args[1]) : std::nullopt;
    if (!s)
      return std::nullopt;
    if (!isIntScalar(*s))
      return err(args[1]->loc, full + "(): shift must be an integer (a tuple of "
                                      "shifts is not supported yet)");
    std::optional<Value> shift = intScalar(*s, *args[1], full + "(): shift");
    if (!shift)
      return std::nullopt;
    if (a->type.rank() == 0)
      return *a;
    if (!args[2] || args[2]->kind == ExprKind::None) {
      // NumPy rolls the flattened array and restores the shape.
      Val flat = flatten(*a, l);
      OptVal r = rollAlong(flat, 0, *shift, l);
      if (!r || a->type.rank() == 1)
        return r;
      llvm::SmallVector<Value> dyn;
      for (int64_t d = 0; d < int64_t(a->type.rank()); ++d)
        if (a->type.dims[d].isNamed())
          dyn.push_back(dimIndex(*a, d, loc(l)));
      return reshapeTo(*r, a->type, dyn, l);
    }
    std::optional<int64_t> axis = axisArg(args[2], a->type.rank(), full);
    if (!axis)
      return std::nullopt;
    return rollAlong(*a, *axis, *shift, l);
  }
  case Builtin::Diff: {
    if (!bindArgs(full, {"a", "n", "axis"}, 1, call, args))
      return std::nullopt;
    OptVal a = arrayArg(args[0]);
    std::optional<int64_t> n = a ? intLiteral(args[1], 1, "n") : std::nullopt;
    if (!n)
      return std::nullopt;
    if (*n < 0)
      return err(args[1]->loc, "order must be non-negative but got " +
                                   std::to_string(*n));
    if (a->type.rank() == 0)
      return err(args[0]->loc, "diff requires input that is at least one "
                               "dimensional");
    int64_t axis = a->type.rank() - 1;
    if (args[2]) {
      std::optional<int64_t> ax = axisArg(args[2], a->type.rank(), full);
      if (!ax)
        return std::nullopt;
      axis = *ax;
    }
    Val x = *a;
    for (int64_t i = 0; i < *n; ++i) {
      OptVal hi = sliceAlong(x, axis, 1, std::nullopt, l);
      OptVal lo = hi ? sliceAlong(x, axis, std::nullopt, -1, l) : std::nullopt;
      if (!lo)
        return std::nullopt;
      Val lo2 = withDim(*lo, axis, hi->type.dims[axis], loc(l));
      OptVal d = x.type.dtype == DType::Bool ? compare("!=", *hi, lo2, l)
                                             : binary("-", *hi, lo2, l);
      if (!d)
        return std::nullopt;
      x = *d;
    }
    return x;
  }
  case Builtin::Meshgrid: {
    // Positional arrays, then indexing= ('xy' swaps the first two axes).
    std::string indexing = "xy";
    for (const Keyword &kw : call.keywords) {
      if (kw.name != "indexing")
        return err(kw.loc, full + "() got an unexpected keyword argument '" +
                               kw.name + "'");
      if (kw.value->kind != ExprKind::String ||
          (kw.value->name != "xy" && kw.value->name != "ij"))
        return err(kw.value->loc, "Valid values for `indexing` are 'xy' and 'ij'.");
      indexing = kw.value->name;
    }
    std::vector<Val> xs;
    for (const ExprPtr &e : call.elts) {
      OptVal v = arrayArg(e.get());
      if (!v)
        return std::nullopt;
      xs.push_back(flatten(*v, e->loc));
    }
    size_t nd = xs.size();
    llvm::SmallVector<int64_t> pos;
    for (size_t i = 0; i < nd; ++i)
      pos.push_back(i);
    if (indexing == "xy" && nd >= 2)
      std::swap(pos[0], pos[1]);
    ArrType shape{DType::F64, llvm::SmallVector<Dim, 4>(nd, Dim::lit(1))};
    for (size_t i = 0; i < nd; ++i)
      shape.dims[pos[i]] = xs[i].type.dims[0];
    Val result;
    result.kind = Val::Tuple;
    Location il = loc(l);
    for (size_t i = 0; i < nd; ++i) {
      ArrType rt{xs[i].type.dtype, shape.dims};
      llvm::SmallVector<Value> dyn;
      for (size_t d = 0; d < nd; ++d)
        if (rt.dims[d].isNamed())
          for (size_t j = 0; j < nd; ++j)
            if (pos[j] == int64_t(d)) {
              dyn.push_back(dimIndex(xs[j], 0, il));
              break;
            }
      Value r = nd::BroadcastInDimOp::create(b, il, rt.tensorType(&ctx), xs[i].value,
                                             b.getDenseI64ArrayAttr({pos[i]}), dyn);
      result.elts.push_back(Val::array(r, rt));
    }
    return result;
  }
  case Builtin::Tile:
  case Builtin::Repeat:
    return repeatOrTile(id, full, call);
  case Builtin::Kron: {
    if (!bindArgs(full, {"a", "b"}, 2, call, args))
      return std::nullopt;
    OptVal a = arrayArg(args[0]);
    OptVal c = a ? arrayArg(args[1]) : std::nullopt;
    if (!c)
      return std::nullopt;
    Val x = *a, y = *c;
    while (x.type.rank() < y.type.rank())
      x = expandDims(x, {0}, l);
    while (y.type.rank() < x.type.rank())
      y = expandDims(y, {0}, l);
    int64_t nd = x.type.rank();
    llvm::SmallVector<int64_t> odd, even;
    for (int64_t d = 0; d < nd; ++d) {
      odd.push_back(2 * d + 1);
      even.push_back(2 * d);
    }
    OptVal p = binary("*", expandDims(x, odd, l), expandDims(y, even, l), l);
    if (!p)
      return std::nullopt;
    Location il = loc(l);
    ArrType rt{p->type.dtype, {}};
    llvm::SmallVector<Value> dyn;
    for (int64_t d = 0; d < nd; ++d) {
      const Dim &dx = x.type.dims[d], &dy = y.type.dims[d];
      if (!dx.isNamed() && !dy.isNamed()) {
        rt.dims.push_back(Dim::lit(dx.size * dy.size));
        continue;
      }
      Value n = arith::MulIOp::create(b, il, dimIndex(x, d, il), dimIndex(y, d, il));
      rt.dims.push_back(runtimeSizeDim(n, nullptr, dx.str() + "*" + dy.str()));
      dyn.push_back(n);
    }
    return reshapeTo(*p, rt, dyn, l);
  }
  case Builtin::Cross: {
    if (!bindArgs(full, {"a", "b"}, 2, call, args))
      return std::nullopt;
    OptVal a = arrayArg(args[0]);
    OptVal c = a ? arrayArg(args[1]) : std::nullopt;
    if (!c)
      return std::nullopt;
    auto len = [](const Val &v) -> int64_t {
      return v.type.rank() == 0 || v.type.dims.back().isNamed() ? -1
                                                                : v.type.dims.back().size;
    };
    int64_t n = len(*a);
    if ((n != 2 && n != 3) || len(*c) != n)
      return err(l, full + "(): the last axes of both arguments must have the "
                           "same known size, 2 or 3 (got " + a->type.str() + " and " +
                           c->type.str() + ")");
    int64_t ax = a->type.rank() - 1, bx = c->type.rank() - 1;
    auto at = [&](const Val &v, int64_t axis, int64_t i) {
      return *sliceAlong(v, axis, i, i + 1, l);
    };
    auto term = [&](int64_t i, int64_t j) -> OptVal {
      OptVal p = binary("*", at(*a, ax, i), at(*c, bx, j), l);
      OptVal q = binary("*", at(*a, ax, j), at(*c, bx, i), l);
      return p && q ? binary("-", *p, *q, l) : std::nullopt;
    };
    if (n == 2) {
      OptVal z = term(0, 1);
      if (!z)
        return std::nullopt;
      ArrType rt{z->type.dtype, z->type.dims};
      rt.dims.pop_back();
      llvm::SmallVector<Value> dyn;
      for (int64_t d = 0; d < int64_t(rt.rank()); ++d)
        if (rt.dims[d].isNamed())
          dyn.push_back(dimIndex(*z, d, loc(l)));
      return reshapeTo(*z, rt, dyn, l);
    }
    OptVal c0 = term(1, 2), c1 = term(2, 0), c2 = term(0, 1);
    if (!c0 || !c1 || !c2)
      return std::nullopt;
    return concatVals({*c0, *c1, *c2}, c0->type.rank() - 1, true, full, l);
  }
  case Builtin::Cov:
  case Builtin::Corrcoef: {
    bool isCov = id == Builtin::Cov;
    if (isCov ? !bindArgs(full, {"m", "y", "rowvar", "bias", "ddof"}, 1, call, args)
              : !bindArgs(full, {"x", "y", "rowvar"}, 1, call, args))
      return std::nullopt;
    OptVal m = arrayArg(args[0]);
    if (!m)
      return std::nullopt;
    if (args[1] && args[1]->kind != ExprKind::None)
      return err(args[1]->loc, full + "(): y= is not supported yet; stack the "
                                      "variables with np.vstack((x, y))");
    auto flag = [&](const Expr *e, bool dflt, llvm::StringRef what) -> std::optional<bool> {
      if (!e)
        return dflt;
      if (e->kind != ExprKind::Bool)
        return err(e->loc, full + "(): " + what + " must be True or False");
      return e->boolValue;
    };
    std::optional<bool> rowvar = flag(args[2], true, "rowvar");
    std::optional<bool> bias = rowvar && isCov ? flag(args[3], false, "bias")
                                               : std::optional<bool>(false);
    if (!bias)
      return std::nullopt;
    std::optional<int64_t> ddof =
        intLiteral(isCov ? args[4] : nullptr, *bias ? 0 : 1, "ddof");
    if (!ddof)
      return std::nullopt;
    OptVal c = covOf(*m, *rowvar, double(*ddof), l);
    if (!c || isCov)
      return c;
    if (c->type.rank() == 0)
      return binary("/", *c, *c, l);
    OptVal d = diagOf(*c, 0, l);
    if (!d)
      return std::nullopt;
    Val dr = isComplex(d->type.dtype) ? complexPartOf("real", *d, l) : *d;
    Val sd = Val::array(nd::SqrtOp::create(b, loc(l), dr.value.getType(), dr.value),
                        dr.type);
    OptVal r = binary("/", *c, expandDims(sd, {1}, l), l);
    if (r)
      r = binary("/", *r, expandDims(sd, {0}, l), l);
    if (r && !isComplex(r->type.dtype)) {
      r = binary("max", *r, Val::floatLit(-1.0), l);
      if (r)
        r = binary("min", *r, Val::floatLit(1.0), l);
    }
    return r;
  }
  case Builtin::Pad: {
    if (!bindArgs(full, {"array", "pad_width", "mode", "constant_values"}, 2, call, args))
      return std::nullopt;
    OptVal a = arrayArg(args[0]);
    if (!a)
      return std::nullopt;
    std::string mode = "constant";
    if (args[2]) {
      if (args[2]->kind != ExprKind::String)
        return err(args[2]->loc, full + "(): mode must be a string");
      mode = args[2]->name;
      if (!llvm::is_contained({"constant", "edge", "wrap", "reflect", "symmetric"},
                              mode))
        return err(args[2]->loc, full + "(): mode '" + mode + "' is not supported "
                                        "(constant, edge, wrap, reflect, symmetric)");
    }
    Val value = Val::intLit(0);
    if (args[3]) {
      if (mode != "constant")
        return err(args[3]->loc, "unsupported keyword arguments for mode '" + mode +
                                     "': {'constant_values'}");
      OptVal v = evalArrayOperand(*args[3], full);
      if (!v)
        return std::nullopt;
      if (v->kind == Val::Array && v->type.rank() != 0)
        return err(args[3]->loc, full + "(): constant_values must be one number "
                                        "here");
      value = *v;
    }
    // pad_width: n, (before, after), or one (before, after) per axis; each
    // an integer literal or an integer known at run time.
    int64_t rank = a->type.rank();
    llvm::SmallVector<std::pair<PadWidth, PadWidth>> widths;
    auto width = [&](const Expr &e) -> std::optional<PadWidth> {
      if (std::optional<int64_t> v = axisLiteral(e)) {
        if (*v < 0)
          return err(e.loc, "index can't contain negative values");
        return PadWidth{*v, Value()};
      }
      OptVal v = eval(e);
      if (!v)
        return std::nullopt;
      if (!isIntScalar(*v))
        return err(e.loc, full + "(): pad_width must be integers: n, (before, after) "
                                 "or one (before, after) per axis");
      if (v->kind == Val::Lit) {
        if (v->i < 0)
          return err(e.loc, "index can't contain negative values");
        return PadWidth{v->i, Value()};
      }
      std::optional<Value> x = intScalar(*v, e, full + "(): a pad width");
      if (!x)
        return std::nullopt;
      Location il = loc(e.loc);
      Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, *x,
                                       arith::ConstantIntOp::create(b, il, 0, 64));
      nd::AssertOp::create(b, il, ok,
                           b.getStringAttr(where(e.loc) + "index can't contain negative values"),
                           ValueRange{});
      return PadWidth{0, arith::IndexCastOp::create(b, il, b.getIndexType(), *x)};
    };
    std::function<bool(const Expr &, int)> parse = [&](const Expr &e, int depth) {
      bool seq = e.kind == ExprKind::Tuple || e.kind == ExprKind::List;
      if (!seq) {
        std::optional<PadWidth> w = width(e);
        if (!w)
          return false;
        widths.push_back({*w, *w});
        return true;
      }
      bool pair = e.elts.size() == 2 && llvm::none_of(e.elts, [](const ExprPtr &x) {
        return x->kind == ExprKind::Tuple || x->kind == ExprKind::List;
      });
      if (pair && depth < 2) {
        std::optional<PadWidth> x = width(*e.elts[0]);
        std::optional<PadWidth> y = x ? width(*e.elts[1]) : std::nullopt;
        if (!y)
          return false;
        widths.push_back({*x, *y});
        return true;
      }
      if (depth == 0) {
        for (const ExprPtr &x : e.elts)
          if (!parse(*x, 1))
            return false;
        return true;
      }
      return fail(e.loc, full + "(): pad_width must be n, (before, after) or one "
                                "(before, after) per axis");
    };
    if (!parse(*args[1], 0))
      return std::nullopt;
    if (widths.size() == 1)
      widths.resize(rank, widths[0]);
    if (int64_t(widths.size()) != rank)
      return err(args[1]->loc, "operands could not be broadcast together with "
                               "remapped shapes [original->remapped]: (" +
                                   std::to_string(widths.size()) + ",2) and "
                                   "requested shape (" + std::to_string(rank) + ",2)");
    Val x = *a;
    for (int64_t d = 0; d < rank; ++d) {
      auto [lo, hi] = widths[d];
      OptVal r = lo.dyn || hi.dyn
                     ? padAxisRuntime(x, d, lo, hi, mode, value, l)
                     : padAxis(x, d, lo.size, hi.size, mode, value, l);
      if (!r)
        return std::nullopt;
      x = *r;
    }
    if (x.value == a->value)
      x = copyOf(x, l);
    return x;
  }
  default:
    break;
  }
  llvm_unreachable("not a composite builtin of Builtins.def");
}
