//===- GenBuiltinSearch.cpp - searching, sorting and counting -------------===//
//
// The index builtins that find, order and count elements: `nonzero`,
// `where(c)`, `flatnonzero`, `count_nonzero`, `take`, `sort`, `argsort`,
// `searchsorted`, `unique`, `bincount`, `array_equal`. Sorting is
// `ndarray.sort` (so these follow whatever lowering sort has on the target);
// data-dependent sizes come from `ndarray.compress`; counts accumulate
// through `ndarray.scatter`. Masks and index arrays in subscripts are in
// GenAdvancedIndex.cpp.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

OptVal Gen::nonzero(llvm::StringRef full, const Expr &call) {
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full, {"a"}, 1, call, args))
    return std::nullopt;
  OptVal a = evalArrayOperand(*args[0], full);
  if (!a)
    return std::nullopt;
  if (a->kind != Val::Array || a->type.rank() == 0)
    return err(call.loc, full + "() of a 0-d value is not supported (NumPy deprecates it)");
  SrcLoc l = call.loc;
  Val mask = a->type.dtype == DType::Bool ? *a : *compare("!=", *a, Val::intLit(0), l);
  Val fm = flatten(mask, l);
  Value count = countTrue(fm, l);
  Val r;
  r.kind = Val::Tuple;
  for (int64_t d = 0; d < (int64_t)mask.type.rank(); ++d) {
    Val pos = flatten(iota(DType::I64, mask.type.dims, d, {mask}, l), l);
    pos = withDim(pos, 0, fm.type.dims[0], loc(l));
    r.elts.push_back(compressFlat(pos, fm, count, l));
  }
  return r;
}

OptVal Gen::indexBuiltin(Builtin id, llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  switch (id) {
  case Builtin::Nonzero:
    return nonzero(full, call);
  case Builtin::CountNonzero: {
    if (!bindArgs(full, {"a", "axis"}, 1, call, args))
      return std::nullopt;
    OptVal a = evalArrayOperand(*args[0], full);
    if (!a)
      return std::nullopt;
    Val x = materialize(*a);
    Val nz = x.type.dtype == DType::Bool ? x : *compare("!=", x, Val::intLit(0), l);
    llvm::SmallVector<int64_t> axes;
    if (!parseAxes(nz, args[1], full, axes, /*single=*/false))
      return std::nullopt;
    Val n = reduceAxes(nd::ReduceKind::sum, toArray(nz, DType::I64), axes, false, l);
    // Over every axis NumPy returns a Python int.
    if (n.type.rank() == 0) {
      n.weakRt = true;
      n.weak = Weak::Int;
    }
    return n;
  }
  case Builtin::Take: {
    if (!bindArgs(full, {"a", "indices", "axis"}, 2, call, args))
      return std::nullopt;
    OptVal a = evalArrayOperand(*args[0], full);
    OptVal i = a ? evalArrayOperand(*args[1], full) : std::nullopt;
    if (!i)
      return std::nullopt;
    Val x = materialize(*a);
    if (!args[2] || args[2]->kind == ExprKind::None)
      return gatherVal(flatten(x, l), {*i}, 0, l);
    std::optional<int64_t> axis = axisArg(args[2], x.type.rank(), full);
    if (!axis)
      return std::nullopt;
    return gatherVal(x, {*i}, *axis, l);
  }
  case Builtin::Searchsorted:
    return searchsorted(full, call);
  case Builtin::Unique:
    return unique(full, call);
  case Builtin::Bincount:
    return bincount(full, call);
  case Builtin::ArrayEqual:
    return arrayEqual(full, call);
  case Builtin::Flatnonzero: {
    if (!bindArgs(full, {"a"}, 1, call, args))
      return std::nullopt;
    OptVal a = evalArrayOperand(*args[0], full);
    if (!a)
      return std::nullopt;
    Val x = flatten(materialize(*a), l);
    Val m = x.type.dtype == DType::Bool ? x : *compare("!=", x, Val::intLit(0), l);
    return truePositions(m, countTrue(m, l), l);
  }
  case Builtin::Sort:
  case Builtin::Argsort: {
    if (!bindArgs(full, {"a", "axis", "kind"}, 1, call, args))
      return std::nullopt;
    OptVal a = evalArrayOperand(*args[0], full);
    if (!a)
      return std::nullopt;
    return sortVal(materialize(*a), args[1], id == Builtin::Argsort, full, l);
  }
  default:
    break;
  }
  llvm_unreachable("not an indexing builtin");
}

/// `sort`/`argsort` along `axisE` (default -1; None: the flattened array);
/// every `kind` sorts stably.
OptVal Gen::sortVal(const Val &a, const Expr *axisE, bool indices, llvm::StringRef fn,
                    SrcLoc l) {
  DType t = a.type.dtype;
  if (isComplex(t) || t == DType::F16 || t == DType::BF16)
    return err(l, fn + "() of " + a.type.str() + " is not supported yet");
  Val x = a;
  int64_t axis;
  if (axisE && axisE->kind == ExprKind::None) {
    x = flatten(a, l);
    axis = 0;
  } else {
    if (a.type.rank() == 0)
      return err(l, fn + "() of a 0-d array: axis -1 is out of bounds");
    std::optional<int64_t> ax =
        axisE ? axisArg(axisE, a.type.rank(), fn) : std::optional<int64_t>(a.type.rank() - 1);
    if (!ax)
      return std::nullopt;
    axis = *ax;
  }
  // The runtime sorts along the last axis: move `axis` there and back.
  int64_t last = x.type.rank() - 1;
  llvm::SmallVector<int64_t> perm;
  for (int64_t d = 0; d <= last; ++d)
    perm.push_back(d);
  std::swap(perm[axis], perm[last]);
  if (axis != last)
    x = transposeVal(x, perm, l);
  ArrType rt{indices ? DType::I64 : t, x.type.dims};
  Value r = nd::SortOp::create(b, loc(l), rt.tensorType(&ctx), x.value,
                               indices ? b.getUnitAttr() : nullptr);
  Val out = Val::array(r, rt);
  if (axis != last)
    out = transposeVal(out, perm, l);
  return out;
}

Val Gen::filledOfSize(const Val &value, DType t, Value n, llvm::StringRef what,
                      SrcLoc l) {
  Dim d = runtimeSizeDim(n, nullptr,
                         "(" + what.str() + " at " + std::to_string(l.line) + ":" +
                             std::to_string(l.col) + ")");
  runtimeSizes[d.name] = n;
  Val r = fill(value, t, {d}, {}, l);
  runtimeSizes.erase(d.name);
  return r;
}

Val Gen::reshapeLike(const Val &flat, const Val &like, SrcLoc l) {
  if (like.kind != Val::Array || like.type.rank() == 0)
    return reshapeTo(flat, ArrType{flat.type.dtype, {}}, {}, l);
  Location il = loc(l);
  if (like.type.rank() == 1)
    return withDim(flat, 0, like.type.dims[0], il);
  llvm::SmallVector<Value> dyn;
  for (int64_t d = 0; d < (int64_t)like.type.rank(); ++d)
    if (like.type.dims[d].isNamed())
      dyn.push_back(tensor::DimOp::create(b, il, like.value, d));
  return reshapeTo(flat, ArrType{flat.type.dtype, like.type.dims}, dyn, l);
}

OptVal Gen::arrayArg(const Expr &e, llvm::StringRef full) {
  if (e.kind == ExprKind::List || e.kind == ExprKind::Tuple)
    return arrayFromList(e, std::nullopt, full);
  return evalArrayOperand(e, full);
}

/// searchsorted without a sorter: one stable sort of `v` and `a` together
/// (v first for 'left', so that an equal element of `a` is not counted;
/// after for 'right'), the running count of `a`'s elements, and that count
/// scattered back to `v`'s positions. NaNs sort last, as NumPy's
/// searchsorted orders them.
OptVal Gen::searchSorted(const Val &a, const Val &v, bool right, SrcLoc l) {
  Location il = loc(l);
  DType t = v.kind == Val::Lit ? promoteWeak(a.type.dtype, v.weak)
                               : promote(a.type.dtype, v.type.dtype);
  if (v.kind == Val::Lit && !weakFits(v, t, l))
    return std::nullopt;
  Val av = toArray(a, t), fv = flatten(toArray(v, t), l);
  Val n = sizeOf(av, 0, l), m = sizeOf(fv, 0, l);
  OptVal xs = right ? concatVals({av, fv}, 0, true, "searchsorted", l)
                    : concatVals({fv, av}, 0, true, "searchsorted", l);
  if (!xs)
    return std::nullopt;
  Expr zero(ExprKind::Int, l);
  OptVal perm = sortVal(*xs, &zero, /*indices=*/true, "searchsorted", l);
  if (!perm)
    return std::nullopt;
  OptVal fromA = right ? compare("<", *perm, n, l) : compare(">=", *perm, m, l);
  OptVal fromV = unary("~", *fromA, l);
  Val isA = toArray(*fromA, DType::I64);
  Value cs = nd::ScanOp::create(b, il, isA.value.getType(),
                                nd::ReduceKindAttr::get(&ctx, nd::ReduceKind::sum),
                                isA.value, b.getI64IntegerAttr(0));
  Value count = arith::IndexCastOp::create(b, il, b.getIndexType(), sizeI64(fv, 0, il));
  Val before = compressFlat(Val::array(cs, isA.type), *fromV, count, l);
  Val pos = compressFlat(*perm, *fromV, count, l);
  if (right)
    pos = *binary("-", pos, n, l);
  before = withDim(before, 0, fv.type.dims[0], il);
  pos = withDim(pos, 0, fv.type.dims[0], il);
  Val zeros = fill(Val::intLit(0), DType::I64, fv.type.dims, {fv}, l);
  return reshapeLike(scatterFlat(zeros, pos, before, /*accumulate=*/false, l), v, l);
}

OptVal Gen::searchsorted(llvm::StringRef full, const Expr &call) {
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full, {"a", "v", "side", "sorter"}, 2, call, args))
    return std::nullopt;
  OptVal a = arrayArg(*args[0], full);
  OptVal v = a ? arrayArg(*args[1], full) : std::nullopt;
  if (!v)
    return std::nullopt;
  Val av = materialize(*a);
  if (av.type.rank() != 1)
    return err(args[0]->loc, full + "(): a must be a 1-d array, got " + av.type.str());
  bool right = false;
  if (const Expr *s = args[2]) {
    if (s->kind != ExprKind::String || (s->name != "left" && s->name != "right"))
      return err(s->loc, full + "(): side must be 'left' or 'right'");
    right = s->name == "right";
  }
  if (args[3] && args[3]->kind != ExprKind::None) {
    OptVal sorter = evalArrayOperand(*args[3], full);
    if (!sorter)
      return std::nullopt;
    OptVal sorted = gatherVal(av, {*sorter}, 0, args[3]->loc);
    if (!sorted)
      return std::nullopt;
    av = *sorted;
  }
  return searchSorted(av, *v, right, call.loc);
}

/// unique of the flattened array: sorted (stably, with the permutation when
/// indices or the inverse are asked for), a value starts where it differs
/// from its predecessor (NaNs equal with equal_nan, NumPy's default).
OptVal Gen::unique(llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full,
                {"ar", "return_index", "return_inverse", "return_counts", "axis",
                 "equal_nan"},
                1, call, args))
    return std::nullopt;
  std::optional<bool> index = boolArg(args[1], false, full, "return_index");
  std::optional<bool> inverse = index ? boolArg(args[2], false, full, "return_inverse")
                                      : std::nullopt;
  std::optional<bool> counts =
      inverse ? boolArg(args[3], false, full, "return_counts") : std::nullopt;
  std::optional<bool> equalNan =
      counts ? boolArg(args[5], true, full, "equal_nan") : std::nullopt;
  if (!equalNan)
    return std::nullopt;
  if (args[4] && args[4]->kind != ExprKind::None)
    return err(args[4]->loc, full + "(): axis= is not supported yet (only the "
                                    "flattened array's unique values)");
  OptVal av = arrayArg(*args[0], full);
  if (!av)
    return std::nullopt;
  Val a = materialize(*av);
  if (*inverse && a.type.rank() > 1)
    return err(l, full + "(): return_inverse of an array of rank > 1 is not supported "
                         "(the inverse's shape differs between NumPy 1 and 2)");
  Location il = loc(l);
  Val f = flatten(a, l);
  Expr zero(ExprKind::Int, l);
  Val s, perm;
  if (*index || *inverse) {
    OptVal p = sortVal(f, &zero, /*indices=*/true, full, l);
    if (!p)
      return std::nullopt;
    perm = *p;
    s = gatherAlong(f, perm, 0, l);
  } else {
    OptVal sv = sortVal(f, &zero, /*indices=*/false, full, l);
    if (!sv)
      return std::nullopt;
    s = *sv;
  }
  Val pos = iota(DType::I64, s.type.dims, 0, {s}, l);
  OptVal pm1 = binary("-", pos, Val::intLit(1), l);
  OptVal prevIdx = selectVals(*compare("<", *pm1, Val::intLit(0), l), Val::intLit(0), *pm1, l);
  Val prev = gatherAlong(s, *prevIdx, 0, l);
  OptVal starts = compare("!=", s, prev, l);
  if (*equalNan && (isFloat(s.type.dtype) || isComplex(s.type.dtype))) {
    OptVal bothNan = binary("&", *compare("!=", s, s, l), *compare("!=", prev, prev, l), l);
    starts = binary("&", *starts, *unary("~", *bothNan, l), l);
  }
  OptVal mask = binary("|", *compare("==", pos, Val::intLit(0), l), *starts, l);
  Value count = countTrue(*mask, l);
  Val u = compressFlat(s, *mask, count, l);
  if (!*index && !*inverse && !*counts)
    return u;
  Val r;
  r.kind = Val::Tuple;
  r.elts.push_back(u);
  if (*index)
    r.elts.push_back(withDim(compressFlat(perm, *mask, count, l), 0, u.type.dims[0], il));
  // Each sorted element's group: the running count of starts, less one.
  Val m64 = toArray(*mask, DType::I64);
  Value cs = nd::ScanOp::create(b, il, m64.value.getType(),
                                nd::ReduceKindAttr::get(&ctx, nd::ReduceKind::sum),
                                m64.value, b.getI64IntegerAttr(0));
  Val group = *binary("-", Val::array(cs, m64.type), Val::intLit(1), l);
  if (*inverse) {
    Val zeros = fill(Val::intLit(0), DType::I64, f.type.dims, {f}, l);
    r.elts.push_back(scatterFlat(zeros, perm, group, /*accumulate=*/false, l));
  }
  if (*counts) {
    Val zeros = fill(Val::intLit(0), DType::I64, u.type.dims, {u}, l);
    Val ones = fill(Val::intLit(1), DType::I64, s.type.dims, {s}, l);
    r.elts.push_back(scatterFlat(zeros, group, ones, /*accumulate=*/true, l));
  }
  return r;
}

/// bincount: max(x) + 1 (at least minlength) bins; ones, or the weights as
/// f64, accumulated through ndarray.scatter.
OptVal Gen::bincount(llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  Location il = loc(l);
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full, {"x", "weights", "minlength"}, 1, call, args))
    return std::nullopt;
  OptVal xv = arrayArg(*args[0], full);
  if (!xv)
    return std::nullopt;
  Val x = materialize(*xv);
  DType t = x.type.dtype;
  if (x.type.rank() != 1)
    return err(args[0]->loc, full + "(): x must be a 1-d array of non-negative integers, "
                                    "got " + x.type.str());
  if (!(t == DType::Bool || (isInt(t) && t != DType::U64)))
    return err(args[0]->loc, full + "(): x must be integers that cast safely to int64, "
                                    "got " + x.type.str());
  Val xi = toArray(x, DType::I64);
  Value zero = arith::ConstantIntOp::create(b, il, 0, 64);
  Val nneg = reduceAxes(nd::ReduceKind::sum,
                        toArray(*compare("<", xi, Val::intLit(0), l), DType::I64), {0},
                        false, l);
  Value nn = tensor::ExtractOp::create(b, il, nneg.value, ValueRange{});
  nd::AssertOp::create(
      b, il, arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, nn, zero),
      b.getStringAttr(where(l) + "'list' argument must have no negative elements"));
  Value minlen = zero;
  if (args[2] && args[2]->kind != ExprKind::None) {
    OptVal mv = eval(*args[2]);
    if (!mv)
      return std::nullopt;
    if (mv->kind == Val::Lit && mv->weak == Weak::Int && mv->i < 0)
      return err(args[2]->loc, "'minlength' must not be negative");
    std::optional<Value> m =
        intScalar(*mv, *args[2], full + "(): minlength must be an integer");
    if (!m)
      return std::nullopt;
    minlen = *m;
    if (mv->kind != Val::Lit)
      nd::AssertOp::create(
          b, il, arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, minlen, zero),
          b.getStringAttr(where(args[2]->loc) + "'minlength' must not be negative"));
  }
  Val upd;
  if (args[1] && args[1]->kind != ExprKind::None) {
    OptVal wv = arrayArg(*args[1], full);
    if (!wv)
      return std::nullopt;
    Val w = materialize(*wv);
    if (w.type.rank() != 1 || isComplex(w.type.dtype))
      return err(args[1]->loc, full + "(): weights must be a 1-d real array, got " +
                                   w.type.str());
    if (!(w.type.dims[0] == xi.type.dims[0])) {
      std::string msg = "The weights and list don't have the same length.";
      if (!w.type.dims[0].isNamed() && !xi.type.dims[0].isNamed())
        return err(args[1]->loc, msg);
      assertEqual(sizeI64(w, 0, il), sizeI64(xi, 0, il), l, where(l) + msg, {});
      w = withDim(w, 0, xi.type.dims[0], il);
    }
    upd = toArray(w, DType::F64);
  } else {
    upd = fill(Val::intLit(1), DType::I64, xi.type.dims, {xi}, l);
  }
  // max(x) + 1 bins, at least minlength (a -1 joins x so that an empty x
  // has a maximum).
  OptVal padded = concatVals({xi, fill(Val::intLit(-1), DType::I64, {Dim::lit(1)}, {}, l)},
                             0, true, full, l);
  if (!padded)
    return std::nullopt;
  Val mx = reduceAxes(nd::ReduceKind::max, *padded, {0}, false, l);
  Value top = arith::AddIOp::create(
      b, il, tensor::ExtractOp::create(b, il, mx.value, ValueRange{}),
      arith::ConstantIntOp::create(b, il, 1, 64));
  Value size = arith::MaxSIOp::create(b, il, top, minlen);
  Value sizeIdx = arith::IndexCastOp::create(b, il, b.getIndexType(), size);
  Val dest = filledOfSize(Val::intLit(0), upd.type.dtype, sizeIdx, "bincount length", l);
  return scatterFlat(dest, xi, upd, /*accumulate=*/true, l);
}

/// array_equal: False for different shapes (decided at compile time where
/// sizes are literals, else under an scf.if), else all(a1 == a2).
OptVal Gen::arrayEqual(llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  Location il = loc(l);
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full, {"a1", "a2", "equal_nan"}, 2, call, args))
    return std::nullopt;
  std::optional<bool> equalNan = boolArg(args[2], false, full, "equal_nan");
  OptVal a1 = equalNan ? arrayArg(*args[0], full) : std::nullopt;
  OptVal a2 = a1 ? arrayArg(*args[1], full) : std::nullopt;
  if (!a2)
    return std::nullopt;
  Val x = materialize(*a1), y = materialize(*a2);
  if (x.type.rank() != y.type.rank())
    return Val::boolLit(false);
  Value same;
  for (int64_t d = 0; d < (int64_t)x.type.rank(); ++d) {
    const Dim &dx = x.type.dims[d], &dy = y.type.dims[d];
    if (dx == dy)
      continue;
    if (!dx.isNamed() && !dy.isNamed())
      return Val::boolLit(false);
    Value eq = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, sizeI64(x, d, il),
                                     sizeI64(y, d, il));
    same = same ? arith::AndIOp::create(b, il, same, eq).getResult() : eq;
  }
  auto allEqual = [&]() -> Value {
    Val yy = y;
    for (int64_t d = 0; d < (int64_t)x.type.rank(); ++d)
      yy = withDim(yy, d, x.type.dims[d], il);
    OptVal eq = compare("==", x, yy, l);
    if (*equalNan && (isFloat(eq->type.dtype) || isFloat(x.type.dtype) ||
                      isFloat(y.type.dtype) || isComplex(x.type.dtype) ||
                      isComplex(y.type.dtype))) {
      OptVal nx = compare("!=", x, x, l), ny = compare("!=", yy, yy, l);
      eq = binary("|", *eq, *binary("&", *nx, *ny, l), l);
    }
    Val bad = toArray(*unary("~", flatten(*eq, l), l), DType::I64);
    Val nbad = reduceAxes(nd::ReduceKind::sum, bad, {0}, false, l);
    return arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq,
                                 tensor::ExtractOp::create(b, il, nbad.value, ValueRange{}),
                                 arith::ConstantIntOp::create(b, il, 0, 64));
  };
  Value result;
  if (!same) {
    result = allEqual();
  } else {
    auto ifOp = scf::IfOp::create(b, il, TypeRange{b.getI1Type()}, same,
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    scf::YieldOp::create(b, il, allEqual());
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(b, il, ValueRange{arith::ConstantIntOp::create(b, il, 0, 1)});
    result = ifOp.getResult(0);
  }
  ArrType bt{DType::Bool, {}};
  Val r = Val::array(
      tensor::FromElementsOp::create(b, il, bt.tensorType(&ctx), ValueRange{result}), bt);
  r.weakRt = true; // NumPy returns a Python bool
  r.weak = Weak::Bool;
  return r;
}
