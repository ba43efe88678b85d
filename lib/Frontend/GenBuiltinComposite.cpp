//===- GenBuiltinComposite.cpp - functions written with other ops ---------===//
//
// NumPy functions that need no op of their own: each is a few existing ops
// (iota + compare + select for the diagonals, slices + concatenate for
// roll/diff, elementwise math for isclose), with NumPy's dtypes, axes and
// errors; and Python's int()/float().
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/STLExtras.h"

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

/// An integer argument: a literal or a run-time integer scalar.
static bool isIntScalar(const Val &v) {
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

/// roll along `axis` by the i64 `shift`: a[n-s:] then a[:n-s], s = shift
/// mod n (n = 0: the empty array).
OptVal Gen::rollAlong(const Val &a, int64_t axis, Value shift, SrcLoc l) {
  Location il = loc(l);
  Type ix = b.getIndexType();
  Value n = dimIndex(a, axis, il);
  Value one = arith::ConstantIndexOp::create(b, il, 1);
  Value safe = arith::MaxSIOp::create(b, il, n, one);
  Value s = arith::IndexCastOp::create(b, il, ix, shift);
  s = arith::RemSIOp::create(b, il, s, safe);
  s = arith::RemSIOp::create(b, il, arith::AddIOp::create(b, il, s, safe), safe);
  Value cut = arith::SubIOp::create(b, il, n, s);
  Val tail = windowAlong(a, axis, cut, s, freshDim("roll", l), l);
  Val head = windowAlong(a, axis, arith::ConstantIndexOp::create(b, il, 0), cut,
                         freshDim("roll", l), l);
  OptVal r = concatVals({tail, head}, axis, true, "roll", l);
  if (!r)
    return std::nullopt;
  return withDim(*r, axis, a.type.dims[axis], il);
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
  default:
    break;
  }
  llvm_unreachable("not a composite builtin of Builtins.def");
}
