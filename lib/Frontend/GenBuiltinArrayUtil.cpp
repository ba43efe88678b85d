//===- GenBuiltinArrayUtil.cpp - small array utilities --------------------===//
//
// NumPy array utilities composed from existing ops, with NumPy's dtypes:
// vander (powers by an iota), signbit and nan_to_num (compares and selects),
// column_stack/row_stack/diagflat/append (over concatenate, vstack and diag),
// insert/delete at one index (slices joined around the values),
// fill_diagonal (a masked select written back through NumPy's reference
// semantics) and unravel_index (floor division by the shape's strides).
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"

#include <cfloat>
#include <cmath>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

/// The largest finite value of the float dtype `t`.
static double maxFinite(DType t) {
  switch (t) {
  case DType::F16:
    return 65504.0;
  case DType::BF16:
    return 3.3895313892515355e38;
  case DType::F32:
    return FLT_MAX;
  default:
    return DBL_MAX;
  }
}

/// vander(x, N, increasing): column j is x ** (N - 1 - j) (or x ** j), in
/// the dtype of x promoted with int64.
OptVal Gen::vanderOf(const Val &x0, const Expr *nArg, bool increasing,
                     llvm::StringRef fn, SrcLoc l) {
  Val x = materialize(x0);
  x.alias.reset();
  if (x.type.rank() != 1)
    return err(l, "x must be a one-dimensional array or sequence.");
  ShapeEntry n;
  if (nArg && nArg->kind != ExprKind::None) {
    std::optional<ShapeEntry> c = countArg(*nArg, fn, "N", /*negativeIsEmpty=*/false);
    if (!c)
      return std::nullopt;
    n = *c;
  } else {
    n.dim = x.type.dims[0];
    n.size = n.dim.isNamed() ? ShapedType::kDynamic : n.dim.size;
    n.value = dimIndex(x, 0, loc(l));
  }
  DType t = promote(x.type.dtype, DType::I64);
  Val p = rangeOf(n, DType::I64, l);
  if (!increasing) {
    OptVal top = binary("-", sizeOf(p, 0, l), Val::intLit(1), l);
    OptVal q = top ? binary("-", *top, p, l) : std::nullopt;
    if (!q)
      return std::nullopt;
    p = *q;
  }
  return binary("**", expandDims(toArray(x, t), {1}, l),
                expandDims(toArray(p, t), {0}, l), l);
}

/// signbit: x < 0, and for floats also -0.0 (1 / -0.0 is -inf). A NaN's
/// sign bit is not read (such NaNs give False).
OptVal Gen::signbitOf(const Val &x0, SrcLoc l) {
  Val x = materialize(x0);
  DType t = x.type.dtype;
  if (isComplex(t))
    return err(l, "ufunc 'signbit' not supported for the input types");
  if (t == DType::Bool || isUnsigned(t))
    return fill(Val::boolLit(false), DType::Bool, x.type.dims, {x}, l);
  OptVal neg = compare("<", x, Val::intLit(0), l);
  if (!neg || !isFloat(t))
    return neg;
  OptVal inv = binary("/", Val::floatLit(1.0), x, l);
  OptVal negZero = inv ? compare("<", *inv, Val::intLit(0), l) : std::nullopt;
  return negZero ? binary("|", *neg, *negZero, l) : std::nullopt;
}

/// nan_to_num for real arrays: NaN -> nan, +inf -> posinf (the dtype's
/// largest finite value by default), -inf -> neginf; other dtypes are
/// returned as a copy.
OptVal Gen::nanToNum(const Val &x0, const Val &nan, const Val *posinf,
                     const Val *neginf, SrcLoc l) {
  Val x = materialize(x0);
  DType t = x.type.dtype;
  if (isComplex(t))
    return err(l, "nan_to_num() of a complex array is not supported yet");
  if (!isFloat(t))
    return copyOf(x, l);
  Val big = Val::floatLit(maxFinite(t)), small = Val::floatLit(-maxFinite(t));
  OptVal isNan = compare("!=", x, x, l);
  OptVal r = isNan ? selectVals(*isNan, nan, x, l) : std::nullopt;
  OptVal pos = r ? compare("==", x, Val::floatLit(INFINITY), l) : std::nullopt;
  r = pos ? selectVals(*pos, posinf ? *posinf : big, *r, l) : std::nullopt;
  OptVal neg = r ? compare("==", x, Val::floatLit(-INFINITY), l) : std::nullopt;
  r = neg ? selectVals(*neg, neginf ? *neginf : small, *r, l) : std::nullopt;
  if (!r)
    return std::nullopt;
  return toArray(*r, t);
}

/// fill_diagonal(a, val): a[i, i, ...] = val in place (a's dtype, as
/// NumPy's assignment casts), visible through every name for a.
OptVal Gen::fillDiagonal(const Val &a, const Val &val, SrcLoc l) {
  int64_t rank = a.type.rank();
  if (rank < 2)
    return err(l, "array must be at least 2-d");
  if (rank > 2)
    for (const Dim &d : a.type.dims)
      if (!(d == a.type.dims[0]))
        return err(l, "All dimensions of input must be of equal length");
  OptVal mask;
  Val first = iota(DType::I64, a.type.dims, 0, {a}, l);
  for (int64_t d = 1; d < rank; ++d) {
    OptVal eq = compare("==", first, iota(DType::I64, a.type.dims, d, {a}, l), l);
    mask = mask && eq ? binary("&", *mask, *eq, l) : eq;
    if (!mask)
      return std::nullopt;
  }
  Val v = val.kind == Val::Lit ? litAs(val, a.type.dtype) : toArray(val, a.type.dtype);
  OptVal r = selectVals(*mask, v, a, l);
  if (!r || !writeThrough(a, *r, l))
    return std::nullopt;
  Val none;
  none.kind = Val::None;
  return none;
}

/// unravel_index(indices, shape): the coordinates of flat C-order indices,
/// one i64 array per axis (0-d for a scalar index); out-of-range indices
/// are NumPy's ValueError at run time.
OptVal Gen::unravelIndex(const Val &idx0, const Val &shape, SrcLoc sl, SrcLoc l) {
  llvm::SmallVector<ShapeEntry> dims;
  if (!shapeArg(shape, sl, dims))
    return std::nullopt;
  Val idx = materialize(idx0);
  if (!isInt(idx.type.dtype))
    return err(l, "only int indices permitted");
  idx = toArray(idx, DType::I64);
  idx.alias.reset();
  Location il = loc(l);
  // The number of elements, as an i64.
  Value total = arith::ConstantIntOp::create(b, il, 1, 64);
  auto asI64 = [&](const ShapeEntry &e) -> Value {
    if (!e.dim.isNamed())
      return arith::ConstantIntOp::create(b, il, e.size, 64);
    return arith::IndexCastOp::create(b, il, b.getI64Type(), e.value);
  };
  for (const ShapeEntry &e : dims)
    total = arith::MulIOp::create(b, il, total, asI64(e));
  llvm::SmallVector<int64_t> all;
  for (int64_t d = 0; d < int64_t(idx.type.rank()); ++d)
    all.push_back(d);
  Val lo = all.empty() ? idx : reduceAxes(nd::ReduceKind::min, idx, all, false, l);
  Val hi = all.empty() ? idx : reduceAxes(nd::ReduceKind::max, idx, all, false, l);
  // An empty index array has nothing to check (its min/max are the
  // reduction's identities, which would fail the test).
  Value loV = tensor::ExtractOp::create(b, il, lo.value, ValueRange{});
  Value hiV = tensor::ExtractOp::create(b, il, hi.value, ValueRange{});
  Value zero = arith::ConstantIntOp::create(b, il, 0, 64);
  Value ok = arith::AndIOp::create(
      b, il, arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, loV, zero),
      arith::CmpIOp::create(b, il, arith::CmpIPredicate::slt, hiV, total));
  if (!all.empty()) {
    Value count = arith::ConstantIntOp::create(b, il, 1, 64);
    for (int64_t d : all)
      count = arith::MulIOp::create(b, il, count, sizeI64(idx, d, il));
    Value empty = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, count, zero);
    ok = arith::OrIOp::create(b, il, ok, empty);
  }
  Value bad = arith::SelectOp::create(
      b, il, arith::CmpIOp::create(b, il, arith::CmpIPredicate::slt, loV, zero), loV, hiV);
  nd::AssertOp::create(b, il, ok,
                       b.getStringAttr(where(l) + "index {0} is out of bounds for "
                                                  "array with size {1}"),
                       ValueRange{bad, total});
  Val result;
  result.kind = Val::Tuple;
  result.elts.resize(dims.size());
  Val rest = idx;
  for (int64_t k = int64_t(dims.size()) - 1; k >= 0; --k) {
    Val d = Val::intLit(dims[k].size);
    if (dims[k].dim.isNamed()) {
      Value dv = asI64(dims[k]);
      d = Val::array(tensor::FromElementsOp::create(
                         b, il, RankedTensorType::get({}, b.getI64Type()), ValueRange{dv}),
                     ArrType{DType::I64, {}});
    }
    OptVal q = binary("%", rest, d, l);
    OptVal next = q ? binary("//", rest, d, l) : std::nullopt;
    if (!next)
      return std::nullopt;
    result.elts[k] = *q;
    rest = *next;
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

OptVal Gen::arrayUtil(Builtin id, llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  switch (id) {
  case Builtin::Vander: {
    if (!bindArgs(full, {"x", "N", "increasing"}, 1, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], full);
    if (!x)
      return std::nullopt;
    std::optional<bool> inc = boolArg(args[2], false, full, "increasing");
    if (!inc)
      return std::nullopt;
    return vanderOf(*x, args[1], *inc, full, args[0]->loc);
  }
  case Builtin::Signbit: {
    if (!bindArgs(full, {"x"}, 1, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], full);
    return x ? signbitOf(*x, args[0]->loc) : std::nullopt;
  }
  case Builtin::NanToNum: {
    if (!bindArgs(full, {"x", "copy", "nan", "posinf", "neginf"}, 1, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], full);
    if (!x)
      return std::nullopt;
    if (args[1] && (args[1]->kind != ExprKind::Bool || !args[1]->boolValue))
      return err(args[1]->loc, full + "(): only copy=True is supported");
    Val vals[3] = {Val::floatLit(0.0), Val(), Val()};
    bool given[3] = {true, false, false};
    for (int i = 0; i < 3; ++i) {
      const Expr *e = args[2 + i];
      if (!e || e->kind == ExprKind::None)
        continue;
      OptVal v = eval(*e);
      if (!v)
        return std::nullopt;
      bool real = (v->kind == Val::Lit && v->weak != Weak::Complex) ||
                  (v->kind == Val::Array && v->type.rank() == 0 &&
                   !isComplex(v->type.dtype));
      if (!real)
        return err(e->loc, full + "(): nan, posinf and neginf must be real numbers");
      vals[i] = *v;
      given[i] = true;
    }
    return nanToNum(*x, vals[0], given[1] ? &vals[1] : nullptr,
                    given[2] ? &vals[2] : nullptr, l);
  }
  case Builtin::ColumnStack: {
    if (!bindArgs(full, {"tup"}, 1, call, args))
      return std::nullopt;
    std::vector<Val> xs;
    auto add = [&](const Val &v, SrcLoc at) {
      if (v.kind != Val::Array && v.kind != Val::Lit)
        return fail(at, full + "() expects arrays, got " + v.describe());
      Val a = materialize(v);
      if (a.type.rank() == 0)
        a = expandDims(a, {0, 1}, at);
      else if (a.type.rank() == 1)
        a = expandDims(a, {1}, at);
      xs.push_back(a);
      return true;
    };
    const Expr &t = *args[0];
    if (t.kind == ExprKind::Tuple || t.kind == ExprKind::List) {
      for (const ExprPtr &e : t.elts) {
        OptVal v = eval(*e);
        if (!v || !add(*v, e->loc))
          return std::nullopt;
      }
    } else {
      OptVal v = eval(t);
      if (!v)
        return std::nullopt;
      if (v->kind != Val::Tuple)
        return err(t.loc, full + "() takes a tuple of arrays, got " + v->describe());
      for (const Val &e : v->elts)
        if (!add(e, t.loc))
          return std::nullopt;
    }
    if (xs.empty())
      return err(l, "need at least one array to concatenate");
    return concatVals(xs, 1, true, full, l);
  }
  case Builtin::RowStack:
    return genShapeCall("vstack", full, call);
  case Builtin::Append: {
    // np.append(arr, values, axis=None): both flattened and joined, or
    // concatenated along `axis` (a new array either way; `arr` is unchanged).
    if (!bindArgs(full, {"arr", "values", "axis"}, 2, call, args))
      return std::nullopt;
    OptVal a = evalArrayOperand(*args[0], full);
    OptVal v = a ? evalArrayOperand(*args[1], full) : std::nullopt;
    if (!v)
      return std::nullopt;
    std::vector<Val> xs{materialize(*a), materialize(*v)};
    if (!args[2] || args[2]->kind == ExprKind::None) {
      for (Val &x : xs)
        x = flatten(x, l);
      return concatVals(xs, 0, true, full, l);
    }
    std::optional<int64_t> axis = axisLiteral(*args[2]);
    if (!axis)
      return err(args[2]->loc, full + "(): axis must be an integer literal or None");
    return concatVals(xs, *axis, true, full, l);
  }
  case Builtin::Insert:
  case Builtin::Delete: {
    // np.insert(arr, obj, values, axis=None) / np.delete(arr, obj, axis=None)
    // at one integer index `obj` (a literal or known at run time): the parts
    // of arr before and after it joined around the inserted values (or with
    // the element/row at obj left out). axis=None flattens arr first.
    bool ins = id == Builtin::Insert;
    if (!bindArgs(full,
                  ins ? llvm::ArrayRef<std::string>{"arr", "obj", "values", "axis"}
                      : llvm::ArrayRef<std::string>{"arr", "obj", "axis"},
                  ins ? 3 : 2, call, args))
      return std::nullopt;
    const Expr *axisE = args[ins ? 3 : 2];
    OptVal av = evalArrayOperand(*args[0], full);
    if (!av)
      return std::nullopt;
    Val a = materialize(*av);
    int64_t axis = 0;
    if (!axisE || axisE->kind == ExprKind::None) {
      a = flatten(a, l);
    } else {
      if (a.type.rank() == 0)
        return err(axisE->loc, "axis " + std::to_string(axisLiteral(*axisE).value_or(0)) +
                                   " is out of bounds for array of dimension 0");
      std::optional<int64_t> ax = axisArg(axisE, a.type.rank(), full);
      if (!ax)
        return std::nullopt;
      axis = *ax;
    }
    const Expr *objE = args[1];
    if (objE->kind == ExprKind::List || objE->kind == ExprKind::Tuple ||
        objE->kind == ExprKind::Slice)
      return err(objE->loc, full + "() at several indices (a sequence or slice "
                                   "obj) is not supported yet: call it once per "
                                   "index, or build the result with a boolean "
                                   "mask");
    OptVal ov = eval(*objE);
    if (!ov)
      return std::nullopt;
    if (ov->kind == Val::Array && ov->type.rank() != 0)
      return err(objE->loc, full + "() at several indices (an array obj) is not "
                                   "supported yet: call it once per index, or "
                                   "build the result with a boolean mask");
    std::optional<Value> obj =
        intScalar(*ov, *objE, full + "(): obj must be an integer index");
    if (!obj)
      return std::nullopt;
    Location il = loc(l);
    const Dim &D = a.type.dims[axis];
    // Bounds: [-N, N] for insert, [-N, N) for delete (NumPy's IndexError).
    if (ov->kind == Val::Lit && !D.isNamed()) {
      int64_t i = ov->i, n = D.size;
      if (i < -n || (ins ? i > n : i >= n))
        return err(objE->loc, "index " + std::to_string(i) +
                                  " is out of bounds for axis " +
                                  std::to_string(axis) + " with size " +
                                  std::to_string(n));
    }
    Value n = sizeI64(a, axis, il);
    Value zero = arith::ConstantIntOp::create(b, il, b.getI64Type(), 0);
    Value negN = arith::SubIOp::create(b, il, zero, n);
    Value geLo = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, *obj, negN);
    Value ltHi = arith::CmpIOp::create(
        b, il, ins ? arith::CmpIPredicate::sle : arith::CmpIPredicate::slt, *obj, n);
    Value inside = arith::AndIOp::create(b, il, geLo, ltHi);
    nd::AssertOp::create(b, il, inside,
                         b.getStringAttr(where(objE->loc) +
                                         "IndexError: index {0} is out of bounds "
                                         "for axis " + std::to_string(axis) +
                                         " with size {1}"),
                         ValueRange{*obj, n});
    Value neg = arith::CmpIOp::create(b, il, arith::CmpIPredicate::slt, *obj, zero);
    Value wrapped = arith::AddIOp::create(b, il, *obj, n);
    Value at = arith::SelectOp::create(b, il, neg, wrapped, *obj);
    auto idx = [&](Value v) -> Value {
      return arith::IndexCastOp::create(b, il, b.getIndexType(), v);
    };
    Value one = arith::ConstantIntOp::create(b, il, b.getI64Type(), 1);
    Value restLo = ins ? at : arith::AddIOp::create(b, il, at, one).getResult();
    Value restN = arith::SubIOp::create(b, il, n, restLo);
    Val left = windowAlong(a, axis, idx(zero), idx(at), freshDim("insert", l), l);
    Val right = windowAlong(a, axis, idx(restLo), idx(restN), freshDim("insert", l), l);
    if (!ins)
      return concatVals({left, right}, axis, true, full, l);
    // The values: np.array(values, ndmin=arr.ndim, dtype=arr.dtype) with its
    // first axis moved to `axis` (NumPy: a scalar obj inserts as a[:, i:i+1]
    // would be assigned), then broadcast into the inserted slot.
    OptVal vv = evalArrayOperand(*args[2], full);
    if (!vv)
      return std::nullopt;
    // A Python number takes its own dtype first: 2.7 into an int array
    // truncates as NumPy's cast does.
    Val v = toArray(materialize(*vv), a.type.dtype);
    int64_t r = a.type.rank();
    if (v.type.rank() > r)
      return err(args[2]->loc, full + "(): values of rank " +
                                   std::to_string(v.type.rank()) +
                                   " do not fit an array of rank " + std::to_string(r));
    if (v.type.rank() < r) {
      llvm::SmallVector<int64_t> lead;
      for (int64_t d = 0; d < r - (int64_t)v.type.rank(); ++d)
        lead.push_back(d);
      v = expandDims(v, lead, l);
    }
    llvm::SmallVector<int64_t> perm;
    for (int64_t d = 1; d <= axis; ++d)
      perm.push_back(d);
    perm.push_back(0);
    for (int64_t d = axis + 1; d < r; ++d)
      perm.push_back(d);
    v = transposeVal(v, perm, l);
    llvm::SmallVector<Dim> slot(a.type.dims.begin(), a.type.dims.end());
    slot[axis] = v.type.dims[axis];
    for (int64_t d = 0; d < r; ++d) {
      if (d == axis || v.type.dims[d] == slot[d] ||
          (!v.type.dims[d].isNamed() && v.type.dims[d].size == 1))
        continue;
      if (!v.type.dims[d].isNamed() && !slot[d].isNamed())
        return err(args[2]->loc, "could not broadcast input array from shape " +
                                     v.type.str() + " into the inserted slot of " +
                                     a.type.str());
      Value want = sizeI64(a, d, il), got = sizeI64(v, d, il);
      assertEqual(want, got, l,
                  where(args[2]->loc) + "could not broadcast the inserted values "
                                        "(size {1} along axis " + std::to_string(d) +
                      ") into the array's size {0}",
                  {want, got});
      v = withDim(v, d, slot[d], il);
    }
    Val filled = broadcastTo(v, slot, {v, a}, il);
    return concatVals({left, filled, right}, axis, true, full, l);
  }
  case Builtin::Diagflat: {
    if (!bindArgs(full, {"v", "k"}, 1, call, args))
      return std::nullopt;
    OptVal v = evalArrayOperand(*args[0], full);
    if (!v)
      return std::nullopt;
    int64_t k = 0;
    if (args[1]) {
      std::optional<int64_t> kv = axisLiteral(*args[1]);
      if (!kv)
        return err(args[1]->loc, full + "(): k must be an integer literal");
      k = *kv;
    }
    return diagOf(flatten(materialize(*v), l), k, l);
  }
  case Builtin::FillDiagonal: {
    if (!bindArgs(full, {"a", "val", "wrap"}, 2, call, args))
      return std::nullopt;
    OptVal a = eval(*args[0]);
    if (!a)
      return std::nullopt;
    if (a->kind != Val::Array)
      return err(args[0]->loc, full + "() needs an array to write to, got " +
                                   a->describe());
    OptVal v = evalArrayOperand(*args[1], full);
    if (!v)
      return std::nullopt;
    if (v->kind == Val::Array && v->type.rank() != 0)
      return err(args[1]->loc, full + "(): val must be one number here (an array of "
                                      "values is not supported yet)");
    std::optional<bool> wrap = boolArg(args[2], false, full, "wrap");
    if (!wrap)
      return std::nullopt;
    if (*wrap)
      return err(args[2]->loc, full + "(): wrap=True is not supported yet");
    return fillDiagonal(*a, *v, l);
  }
  case Builtin::UnravelIndex: {
    if (!bindArgs(full, {"indices", "shape", "order"}, 2, call, args))
      return std::nullopt;
    if (args[2] && !(args[2]->kind == ExprKind::String && args[2]->name == "C"))
      return err(args[2]->loc, full + "(): only order='C' is supported");
    OptVal i = evalArrayOperand(*args[0], full);
    OptVal s = i ? eval(*args[1]) : std::nullopt;
    if (!s)
      return std::nullopt;
    return unravelIndex(*i, *s, args[1]->loc, args[0]->loc);
  }
  default:
    break;
  }
  llvm_unreachable("not an array utility of Builtins.def");
}
