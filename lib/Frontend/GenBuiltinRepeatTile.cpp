//===- GenBuiltinRepeatTile.cpp - np.repeat, np.tile ----------------------===//
//
// np.repeat copies each element along an axis, np.tile the whole array along
// each axis. One count for an axis (a literal, or an integer known only at
// run time, checked non-negative when the program runs) is a new axis of
// that size broadcast, then merged with the one it repeats (repeatAxis). An
// array of counts, one per element (repeat), is one scatter, two scans and a
// gather whatever the counts (repeatEach). NumPy's errors, as run-time
// checks with the call's location where the counts are run-time values.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/STLExtras.h"

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

/// Element `i` of the 1-d array `v`, as a 0-d array.
static Val elementAt(OpBuilder &b, Location il, const Val &v, Value i) {
  Val e = Val::array(tensor::ExtractOp::create(b, il, v.value, ValueRange{i}),
                     ArrType{v.type.dtype, {}});
  e.value = tensor::FromElementsOp::create(
      b, il, RankedTensorType::get({}, e.value.getType()), ValueRange{e.value});
  return e;
}

OptVal Gen::repeatOrTile(Builtin id, llvm::StringRef full, const Expr &call) {
  bool isTile = id == Builtin::Tile;
  llvm::SmallVector<const Expr *> args;
  if (isTile ? !bindArgs(full, {"A", "reps"}, 2, call, args)
             : !bindArgs(full, {"a", "repeats", "axis"}, 2, call, args))
    return std::nullopt;
  OptVal a = evalArrayOperand(*args[0], full);
  if (!a)
    return std::nullopt;
  Val x = materialize(*a);
  // The counts, evaluated once: a written tuple or list item by item
  // (tile) or as one array (repeat).
  const Expr &re = *args[1];
  bool written = re.kind == ExprKind::Tuple || re.kind == ExprKind::List;
  OptVal rv;
  if (!(isTile && written)) {
    rv = written ? arrayArg(re, full) : eval(re);
    if (!rv)
      return std::nullopt;
  }
  if (isTile)
    return tileOf(x, re, rv, full, call.loc);
  return repeatOf(x, args[2], re, *rv, full, call.loc);
}

std::optional<Gen::RepeatCount> Gen::repeatCount(const Val &v, SrcLoc at,
                                                 llvm::StringRef full,
                                                 llvm::StringRef what) {
  if (v.kind == Val::Lit && (v.weak == Weak::Int || v.weak == Weak::Bool)) {
    if (v.i < 0)
      return err(at, "negative dimensions are not allowed");
    return RepeatCount{v.i, Value()};
  }
  bool flag = v.kind == Val::Array && v.type.rank() == 0 && v.type.dtype == DType::Bool;
  if (!isIntScalar(v) && !flag)
    return err(at, full.str() + "(): " + what.str() + " must be integers, got " +
                       describeVal(v));
  Expr e(ExprKind::Name, at);
  std::optional<Value> x =
      intScalar(flag ? toArray(v, DType::I64) : v, e, full + "(): " + what);
  if (!x)
    return std::nullopt;
  Location al = loc(at);
  Value ok = arith::CmpIOp::create(b, al, arith::CmpIPredicate::sge, *x,
                                   arith::ConstantIntOp::create(b, al, 0, 64));
  nd::AssertOp::create(b, al, ok,
                       b.getStringAttr(where(at) + "negative dimensions are not allowed"),
                       ValueRange{});
  return RepeatCount{0, arith::IndexCastOp::create(b, al, b.getIndexType(), *x)};
}

Val Gen::repeatAxis(const Val &a, int64_t axis, const RepeatCount &c, bool whole,
                    llvm::StringRef what, SrcLoc l) {
  Location il = loc(l);
  int64_t ins = whole ? axis : axis + 1;
  Val e = expandDims(a, {ins}, l);
  // A run-time count is a size named after what computes it.
  Dim count = c.dyn ? runtimeSizeDim(c.dyn, nullptr,
                                     "(" + what.str() + " at " + std::to_string(l.line) +
                                         ":" + std::to_string(l.col) + ")")
                    : Dim::lit(c.lit);
  llvm::SmallVector<Dim, 4> shape(e.type.dims);
  shape[ins] = count;
  if (c.dyn)
    runtimeSizes[count.name] = c.dyn;
  Val bc = broadcastTo(e, shape, {e}, il);
  if (c.dyn)
    runtimeSizes.erase(count.name);
  ArrType rt{a.type.dtype, a.type.dims};
  llvm::SmallVector<Value> dyn;
  for (int64_t d = 0; d < int64_t(a.type.rank()); ++d) {
    const Dim &n = a.type.dims[d];
    if (d == axis) {
      // n * count: static, or a run-time size named after what computes it.
      if (!c.dyn && !n.isNamed()) {
        rt.dims[d] = Dim::lit(n.size * c.lit);
        continue;
      }
      Value v = arith::MulIOp::create(
          b, il, dimIndex(a, d, il),
          c.dyn ? c.dyn : arith::ConstantIndexOp::create(b, il, c.lit).getResult());
      rt.dims[d] = runtimeSizeDim(v, nullptr, n.str() + "*" + count.str());
      dyn.push_back(v);
    } else if (n.isNamed()) {
      dyn.push_back(dimIndex(a, d, il));
    }
  }
  return reshapeTo(bc, rt, dyn, l);
}

std::optional<llvm::SmallVector<Gen::RepeatCount>>
Gen::tileCounts(const Expr &re, const OptVal &rv, llvm::StringRef full, SrcLoc l) {
  // reps: one count, or a sequence of them (a tuple or list, written or
  // bound to a name, or a 1-d integer array of known length).
  std::vector<std::pair<Val, SrcLoc>> items;
  if (!rv) { // written
    for (const ExprPtr &x : re.elts) {
      OptVal v = eval(*x);
      if (!v)
        return std::nullopt;
      items.push_back({*v, x->loc});
    }
  } else if (rv->kind == Val::Tuple) {
    for (const Val &v : rv->elts)
      items.push_back({v, re.loc});
  } else if (rv->kind == Val::Array && rv->type.rank() == 1 && isInt(rv->type.dtype)) {
    if (rv->type.dims[0].isNamed())
      return err(re.loc, full.str() + "(): reps of a length known only at run time (" +
                             rv->type.str() + "): the result's rank must be known "
                             "when compiling; pass a tuple");
    for (int64_t i = 0; i < rv->type.dims[0].size; ++i)
      items.push_back({elementAt(b, loc(l), *rv, idx(i)), re.loc});
  } else {
    items.push_back({*rv, re.loc});
  }
  llvm::SmallVector<RepeatCount> reps;
  for (auto &[v, at] : items) {
    std::optional<RepeatCount> c = repeatCount(v, at, full, "reps");
    if (!c)
      return std::nullopt;
    reps.push_back(*c);
  }
  return reps;
}

OptVal Gen::tileOf(const Val &a, const Expr &re, const OptVal &rv, llvm::StringRef full,
                   SrcLoc l) {
  std::optional<llvm::SmallVector<RepeatCount>> reps = tileCounts(re, rv, full, l);
  if (!reps)
    return std::nullopt;
  Val x = a;
  while (x.type.rank() < reps->size())
    x = expandDims(x, {0}, l);
  while (reps->size() < x.type.rank())
    reps->insert(reps->begin(), RepeatCount{1, Value()});
  for (auto [d, r] : llvm::enumerate(*reps))
    if (r.dyn || r.lit != 1)
      x = repeatAxis(x, d, r, /*whole=*/true, "reps", l);
  if (x.value == a.value)
    x = copyOf(x, l);
  return x;
}

OptVal Gen::repeatOf(const Val &a, const Expr *axisExpr, const Expr &re, Val reps,
                     llvm::StringRef full, SrcLoc l) {
  Location il = loc(l);
  Val x = a;
  int64_t axis = 0;
  if (!axisExpr || axisExpr->kind == ExprKind::None) {
    x = flatten(x, l);
  } else {
    std::optional<int64_t> ax = axisArg(axisExpr, x.type.rank(), full);
    if (!ax)
      return std::nullopt;
    axis = *ax;
  }
  if (x.type.rank() == 0)
    x = flatten(x, l);
  if (reps.kind == Val::Tuple) {
    // A name bound to a tuple of counts: an i64 array of them.
    llvm::SmallVector<Value> xs;
    for (const Val &v : reps.elts) {
      if (!isIntScalar(v))
        return err(re.loc, full.str() + "(): repeats must be integers, got " +
                               describeVal(v));
      Expr e(ExprKind::Name, re.loc);
      std::optional<Value> count = intScalar(v, e, full + "(): repeats");
      if (!count)
        return std::nullopt;
      xs.push_back(*count);
    }
    ArrType t{DType::I64, {Dim::lit(int64_t(xs.size()))}};
    reps = Val::array(tensor::FromElementsOp::create(b, il, t.tensorType(&ctx), xs), t);
  }
  if (reps.kind == Val::Array && reps.type.rank() == 1 && !reps.type.dims[0].isNamed() &&
      reps.type.dims[0].size == 1)
    reps = elementAt(b, il, reps, idx(0)); // one count for every element: broadcast
  if (reps.kind != Val::Array || reps.type.rank() == 0) {
    std::optional<RepeatCount> c = repeatCount(reps, re.loc, full, "repeats");
    if (!c)
      return std::nullopt;
    return repeatAxis(x, axis, *c, /*whole=*/false, "repeats", l);
  }
  return repeatEach(x, axis, reps, re.loc, l);
}

// A count per element: repeats[i] copies of element i along the axis. The
// counts' running sum c marks where each element's copies end; the source of
// output position j is the number of ends at or before j (ones added at c,
// then a running sum): one scatter and two scans, whatever the counts, then
// one gather.
OptVal Gen::repeatEach(const Val &x, int64_t axis, const Val &reps, SrcLoc at, SrcLoc l) {
  if ((!isInt(reps.type.dtype) && reps.type.dtype != DType::Bool) ||
      reps.type.dtype == DType::U64)
    return err(at, "Cannot cast array data from dtype('" +
                       numpyDtypeName(reps.type.dtype).str() +
                       "') to dtype('int64') according to the rule 'safe'");
  if (reps.type.rank() > 1)
    return err(at, "object too deep for desired array");
  Location il = loc(l);
  Val r = toArray(reps, DType::I64);
  const Dim &n = x.type.dims[axis];
  if (r.type.dims[0] != n) {
    Value m = sizeI64(r, 0, il), len = sizeI64(x, axis, il);
    if (!r.type.dims[0].isNamed() && !n.isNamed())
      return err(at, "operands could not be broadcast together with shape (" +
                         std::to_string(n.size) + ",) (" +
                         std::to_string(r.type.dims[0].size) + ",)");
    // m == n, or m == 1 (one count for all), checked when the program runs.
    Value one = arith::ConstantIntOp::create(b, il, 1, 64);
    Value same = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, m, len);
    Value single = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, m, one);
    nd::AssertOp::create(b, il, arith::OrIOp::create(b, il, same, single),
                         b.getStringAttr(where(l) + "operands could not be broadcast "
                                                    "together with shape ({0},) ({1},)"),
                         ValueRange{len, m});
    // Position min(i, m - 1): i itself, or 0 for a single count.
    Val i = iota(DType::I64, {n}, 0, {x}, l);
    Val last = Val::array(tensor::FromElementsOp::create(
                              b, il, RankedTensorType::get({}, b.getI64Type()),
                              ValueRange{arith::SubIOp::create(b, il, m, one)}),
                          ArrType{DType::I64, {}});
    OptVal pos = binary("min", i, last, l);
    if (!pos)
      return std::nullopt;
    r = gatherAlong(r, withDim(*pos, 0, n, il), 0, l);
    r = withDim(r, 0, n, il);
  }
  OptVal neg = compare("<", r, Val::intLit(0), l);
  if (!neg)
    return std::nullopt;
  Value negatives = countTrue(*neg, l);
  nd::AssertOp::create(b, il,
                       arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, negatives,
                                             arith::ConstantIndexOp::create(b, il, 0)),
                       b.getStringAttr(where(l) + "repeats may not contain negative "
                                                  "values."),
                       ValueRange{});
  Val sum = reduceAxes(nd::ReduceKind::sum, r, {0}, false, l);
  Value total = arith::IndexCastOp::create(
      b, il, b.getIndexType(), tensor::ExtractOp::create(b, il, sum.value, ValueRange{}));
  Value ends = nd::ScanOp::create(b, il, r.value.getType(),
                                  nd::ReduceKindAttr::get(&ctx, nd::ReduceKind::sum),
                                  r.value, b.getI64IntegerAttr(0));
  Value slots = arith::AddIOp::create(b, il, total, arith::ConstantIndexOp::create(b, il, 1));
  Val marks = filledOfSize(Val::intLit(0), DType::I64, slots, "repeat", l);
  Val ones = fill(Val::intLit(1), DType::I64, r.type.dims, {r}, l);
  marks = scatterFlat(marks, Val::array(ends, r.type), ones, /*accumulate=*/true, l);
  Val src = Val::array(nd::ScanOp::create(b, il, marks.value.getType(),
                                          nd::ReduceKindAttr::get(&ctx, nd::ReduceKind::sum),
                                          marks.value, b.getI64IntegerAttr(0)),
                       marks.type);
  Dim out = runtimeSizeDim(total, nullptr,
                           "(sum of repeats at " + std::to_string(l.line) + ":" +
                               std::to_string(l.col) + ")");
  src = windowAlong(src, 0, arith::ConstantIndexOp::create(b, il, 0), total, out, l);
  return gatherAlong(x, src, axis, l);
}
