//===- GenBuiltinIndex.cpp - advanced indexing and sorting ----------------===//
//
// NumPy's advanced indexing and the functions built on it: boolean masks
// (`x[m]` reads the true elements, a 1-d array of data-dependent size, as
// `ndarray.compress`; `x[m] = v` selects, or places a 1-d value through
// `ndarray.scatter`), integer index arrays (`a[idx]`, `A[:, idx]`,
// `A[i, j]` broadcast together: `ndarray.gather`, a copy; `a[idx] = v`:
// `ndarray.scatter`, the last write wins for a repeated index), and
// `nonzero`, `where(c)`, `count_nonzero`, `take`, `sort`, `argsort`.
//
// Index arrays are bounds-checked at run time before the op that uses them,
// with NumPy's IndexError text and the source location; negative indices
// count from the end.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/ScopeExit.h"

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

namespace {
void subscriptItems(const Expr &sub, llvm::SmallVectorImpl<const Expr *> &items) {
  if (sub.kind == ExprKind::Tuple)
    for (const ExprPtr &x : sub.elts)
      items.push_back(x.get());
  else
    items.push_back(&sub);
}

/// Items that basic indexing reads without evaluating them as values.
bool basicItem(const Expr &x) {
  return x.kind == ExprKind::Slice || x.kind == ExprKind::Ellipsis ||
         x.kind == ExprKind::None || x.kind == ExprKind::Int ||
         (x.kind == ExprKind::Unary && x.lhs->kind == ExprKind::Int) ||
         (x.kind == ExprKind::Name && x.name == "newaxis") ||
         (x.kind == ExprKind::Attribute && x.name == "newaxis");
}

bool fullSlice(const Expr &x) {
  return x.kind == ExprKind::Slice &&
         llvm::all_of(x.elts, [](const ExprPtr &p) {
           return !p || p->kind == ExprKind::None;
         });
}

bool isIndexArray(const Val &v) {
  return v.kind == Val::Array && !v.weakRt && v.type.rank() >= 1;
}
} // namespace

bool Gen::pinSubscript(const Expr &sub, llvm::SmallVectorImpl<const Expr *> &pinnedHere,
                       bool &advanced) {
  llvm::SmallVector<const Expr *> items;
  subscriptItems(sub, items);
  advanced = false;
  for (const Expr *x : items) {
    if (basicItem(*x))
      continue;
    auto it = pinned.find(x);
    if (it == pinned.end()) {
      OptVal v = eval(*x);
      if (!v)
        return false;
      it = pinned.try_emplace(x, *v).first;
      pinnedHere.push_back(x);
    }
    advanced |= isIndexArray(it->second);
  }
  return true;
}

void Gen::unpin(llvm::ArrayRef<const Expr *> pinnedHere) {
  for (const Expr *x : pinnedHere)
    pinned.erase(x);
}

//===----------------------------------------------------------------------===//
// Boolean masks
//===----------------------------------------------------------------------===//

bool Gen::checkMaskShape(const Val &x, Val &mask, SrcLoc l) {
  if (mask.type.rank() != x.type.rank())
    return fail(l, "a boolean index of " + mask.type.str() + " on an array of " +
                       x.type.str() +
                       ": only masks of the array's whole shape are supported yet");
  for (int64_t d = 0; d < (int64_t)x.type.rank(); ++d) {
    const Dim &a = x.type.dims[d], &m = mask.type.dims[d];
    std::string msg = "boolean index did not match indexed array along dimension " +
                      std::to_string(d) + "; dimension is {0} but corresponding "
                      "boolean dimension is {1}";
    if (a == m)
      continue;
    if (!a.isNamed() && !m.isNamed())
      return fail(l, "boolean index did not match indexed array along dimension " +
                         std::to_string(d) + "; dimension is " + std::to_string(a.size) +
                         " but corresponding boolean dimension is " +
                         std::to_string(m.size) + " (NumPy's IndexError)");
    Location il = loc(l);
    Value sa = sizeI64(x, d, il), sm = sizeI64(mask, d, il);
    assertEqual(sa, sm, l, where(l) + msg, {sa, sm});
    mask = withDim(mask, d, a, il);
  }
  return true;
}

Value Gen::countTrue(const Val &flatMask, SrcLoc l) {
  Val n = reduceAxes(nd::ReduceKind::sum, toArray(flatMask, DType::I64), {0}, false, l);
  Location il = loc(l);
  Value c = tensor::ExtractOp::create(b, il, n.value, ValueRange{});
  return arith::IndexCastOp::create(b, il, b.getIndexType(), c);
}

Val Gen::compressFlat(const Val &flat, const Val &flatMask, Value count, SrcLoc l) {
  Dim n = runtimeSizeDim(count, nullptr,
                         "(true count at " + std::to_string(l.line) + ":" +
                             std::to_string(l.col) + ")");
  ArrType rt{flat.type.dtype, {n}};
  Value r = nd::CompressOp::create(b, loc(l), rt.tensorType(&ctx), flat.value,
                                   flatMask.value, count);
  return Val::array(r, rt);
}

OptVal Gen::maskRead(const Val &x, Val mask, SrcLoc l) {
  if (!checkMaskShape(x, mask, l))
    return std::nullopt;
  Val fx = flatten(x, l), fm = flatten(mask, l);
  fm = withDim(fm, 0, fx.type.dims[0], loc(l));
  return compressFlat(fx, fm, countTrue(fm, l), l);
}

/// The flat positions where `mask` is true, in order (i64).
Val Gen::truePositions(const Val &flatMask, Value count, SrcLoc l) {
  Val pos = iota(DType::I64, flatMask.type.dims, 0, {flatMask}, l);
  return compressFlat(pos, flatMask, count, l);
}

bool Gen::assignMask(const Val &base, Val mask, Val v, SrcLoc l) {
  if (!checkMaskShape(base, mask, l))
    return false;
  DType t = base.type.dtype;
  if (v.kind == Val::Lit && !weakFits(v, t, l))
    return false;
  Location il = loc(l);
  bool scalar = v.kind == Val::Lit || v.type.rank() == 0 ||
                (v.type.rank() == 1 && !v.type.dims[0].isNamed() && v.type.dims[0].size == 1);
  if (scalar) {
    // Every true element gets the one value: a select.
    Val x = toArray(v, t);
    if (x.type.rank() == 1)
      x = reshapeTo(x, ArrType{t, {}}, {}, l);
    x = broadcastTo(x, base.type.dims, {base}, il);
    Value r = nd::SelectOp::create(b, il, base.value.getType(), mask.value, x.value,
                                   base.value);
    return writeThrough(base, Val::array(r, base.type), l);
  }
  if (v.type.rank() != 1)
    return fail(l, "NumPy boolean array indexing assignment takes a scalar or a 1-d "
                   "array of the true count, got " + v.type.str());
  // A 1-d value: its elements go to the true positions in order.
  Val fb = flatten(base, l), fm = flatten(mask, l);
  fm = withDim(fm, 0, fb.type.dims[0], il);
  Value count = countTrue(fm, l);
  Val pos = truePositions(fm, count, l);
  Val x = toArray(v, t);
  if (!(x.type.dims[0] == pos.type.dims[0])) {
    Value got = sizeI64(x, 0, il);
    Value want = arith::IndexCastOp::create(b, il, b.getI64Type(), count);
    assertEqual(got, want, l,
                where(l) + "NumPy boolean array indexing assignment cannot assign {0} "
                           "input values to the {1} output values where the mask is true",
                {got, want});
    x = withDim(x, 0, pos.type.dims[0], il);
  }
  Value r = nd::ScatterOp::create(b, il, fb.value.getType(), fb.value, pos.value,
                                  x.value, /*accumulate=*/nullptr);
  llvm::SmallVector<Value> dyn;
  for (int64_t d = 0; d < (int64_t)base.type.rank(); ++d)
    if (base.type.dims[d].isNamed())
      dyn.push_back(tensor::DimOp::create(b, il, base.value, d));
  Val back = reshapeTo(Val::array(r, fb.type), base.type, dyn, l);
  return writeThrough(base, Val::array(back.value, base.type), l);
}

//===----------------------------------------------------------------------===//
// Integer index arrays
//===----------------------------------------------------------------------===//

void Gen::checkIndexBounds(const Val &idx, const Val &x, int64_t d, SrcLoc l) {
  Location il = loc(l);
  Val n = sizeOf(x, d, l);
  OptVal negN = n.kind == Val::Lit ? OptVal(Val::intLit(-n.i)) : negate(n, l);
  OptVal lo = compare("<", idx, *negN, l), hi = compare(">=", idx, n, l);
  OptVal bad = binary("|", *lo, *hi, l);
  Val flat = flatten(*bad, l), fi = flatten(idx, l);
  fi = withDim(fi, 0, flat.type.dims[0], il);
  Val badI = toArray(flat, DType::I64);
  Val nbad = reduceAxes(nd::ReduceKind::sum, badI, {0}, false, l);
  // The first bad index (NumPy reports the first in C order): where the
  // running count of bad ones first reaches 1.
  Value cs = nd::ScanOp::create(b, il, badI.value.getType(),
                                nd::ReduceKindAttr::get(&ctx, nd::ReduceKind::sum),
                                badI.value, b.getI64IntegerAttr(0));
  OptVal first = compare("==", Val::array(cs, badI.type), Val::intLit(1), l);
  OptVal firstBad = binary("&", *first, flat, l);
  OptVal picked = binary("*", fi, toArray(*firstBad, DType::I64), l);
  Val shown = reduceAxes(nd::ReduceKind::sum, *picked, {0}, false, l);
  Value zero = arith::ConstantIntOp::create(b, il, 0, 64);
  Value nb = tensor::ExtractOp::create(b, il, nbad.value, ValueRange{});
  Value sv = tensor::ExtractOp::create(b, il, shown.value, ValueRange{});
  Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, nb, zero);
  nd::AssertOp::create(b, il, ok,
                       b.getStringAttr(where(l) + "index {0} is out of bounds for axis " +
                                       std::to_string(d) + " with size {1}"),
                       ValueRange{sv, sizeI64(x, d, il)});
}

bool Gen::indexArrays(std::vector<Val> &idx, llvm::SmallVectorImpl<Dim> &shape, SrcLoc l) {
  for (Val &v : idx) {
    if (v.kind == Val::Lit && v.weak == Weak::Int)
      v = toArray(v, DType::I64);
    if (v.kind != Val::Array || !isInt(v.type.dtype))
      return fail(l, "arrays used as indices must be of integer (or boolean) type, got " +
                         describeVal(v));
    v = toArray(v, DType::I64);
  }
  shape.assign(idx[0].type.dims.begin(), idx[0].type.dims.end());
  for (size_t j = 1; j < idx.size(); ++j) {
    Val first = idx[0];
    llvm::SmallVector<Dim> out;
    if (!checkBroadcast(first, idx[j], out, l))
      return false;
    idx[0] = first;
    shape = out;
  }
  for (Val &v : idx)
    v = broadcastTo(v, shape, idx, loc(l));
  return true;
}

OptVal Gen::gatherVal(const Val &x, std::vector<Val> idx, int64_t axis, SrcLoc l) {
  llvm::SmallVector<Dim> shape;
  if (!indexArrays(idx, shape, l))
    return std::nullopt;
  for (size_t j = 0; j < idx.size(); ++j)
    checkIndexBounds(idx[j], x, axis + j, l);
  ArrType rt{x.type.dtype, {}};
  rt.dims.append(x.type.dims.begin(), x.type.dims.begin() + axis);
  rt.dims.append(shape.begin(), shape.end());
  rt.dims.append(x.type.dims.begin() + axis + idx.size(), x.type.dims.end());
  llvm::SmallVector<Value> iv;
  for (const Val &v : idx)
    iv.push_back(v.value);
  Value r = nd::GatherOp::create(b, loc(l), rt.tensorType(&ctx), x.value, iv,
                                 b.getI64IntegerAttr(axis));
  return Val::array(r, rt);
}

/// A 1-d boolean index on one axis: the positions of its true elements.
OptVal Gen::boolIndexPositions(const Val &x, int64_t d, const Val &m, SrcLoc l) {
  if (m.type.rank() != 1)
    return err(l, "a boolean index of " + m.type.str() + " among other indices: only "
                  "1-d boolean indices are supported there");
  Val mask = m;
  Val axisView = Val::array(x.value, ArrType{x.type.dtype, {x.type.dims[d]}});
  // Check the mask's length against the axis (as a 1-d array of that dim).
  const Dim &a = x.type.dims[d], &md = mask.type.dims[0];
  Location il = loc(l);
  if (!(a == md)) {
    if (!a.isNamed() && !md.isNamed())
      return err(l, "boolean index did not match indexed array along dimension " +
                        std::to_string(d) + "; dimension is " + std::to_string(a.size) +
                        " but corresponding boolean dimension is " +
                        std::to_string(md.size) + " (NumPy's IndexError)");
    Value sa = sizeI64(x, d, il), sm = sizeI64(mask, 0, il);
    assertEqual(sa, sm, l,
                where(l) + "boolean index did not match indexed array along dimension " +
                    std::to_string(d) + "; dimension is {0} but corresponding boolean "
                    "dimension is {1}",
                {sa, sm});
  }
  (void)axisView;
  return truePositions(mask, countTrue(mask, l), l);
}

/// The advanced items of `sub` (pinned) as index arrays on adjacent axes
/// from `axis`, the others `:`.
bool Gen::advancedItems(const Val &base, const Expr &sub, std::vector<Val> &idx,
                        int64_t &axis) {
  llvm::SmallVector<const Expr *> items;
  subscriptItems(sub, items);
  if ((int64_t)items.size() > (int64_t)base.type.rank())
    return fail(sub.loc, "too many indices for array: array is " +
                             std::to_string(base.type.rank()) + "-dimensional, but " +
                             std::to_string(items.size()) + " were indexed");
  axis = -1;
  int64_t last = -1;
  for (auto [d, x] : llvm::enumerate(items)) {
    if (fullSlice(*x))
      continue;
    auto it = pinned.find(x);
    if (it == pinned.end() || (it->second.kind != Val::Array && it->second.kind != Val::Lit))
      return fail(x->loc, "combining index arrays with slices other than ':', "
                          "ellipsis or new axes is not supported yet");
    if (axis >= 0 && last != (int64_t)d - 1)
      return fail(x->loc, "index arrays separated by a slice (NumPy moves their axis "
                          "first) are not supported yet");
    if (axis < 0)
      axis = d;
    last = d;
    Val v = it->second;
    if (v.kind == Val::Array && v.type.dtype == DType::Bool) {
      OptVal p = boolIndexPositions(base, d, v, x->loc);
      if (!p)
        return false;
      v = *p;
    }
    idx.push_back(v);
  }
  return true;
}

OptVal Gen::advancedSubscript(const Val &base, const Expr &sub) {
  llvm::SmallVector<const Expr *> items;
  subscriptItems(sub, items);
  if (items.size() == 1) {
    const Val &m = pinned.find(items[0])->second;
    if (m.kind == Val::Array && m.type.dtype == DType::Bool &&
        (m.type.rank() == base.type.rank() || m.type.rank() > 1))
      return maskRead(base, m, sub.loc);
  }
  std::vector<Val> idx;
  int64_t axis;
  if (!advancedItems(base, sub, idx, axis))
    return std::nullopt;
  return gatherVal(base, std::move(idx), axis, sub.loc);
}

bool Gen::assignAdvanced(const Val &base, const Expr &sub, Val v, SrcLoc l) {
  llvm::SmallVector<const Expr *> items;
  subscriptItems(sub, items);
  if (items.size() == 1) {
    const Val &m = pinned.find(items[0])->second;
    if (m.kind == Val::Array && m.type.dtype == DType::Bool &&
        (m.type.rank() == base.type.rank() || m.type.rank() > 1))
      return assignMask(base, m, v, l);
  }
  std::vector<Val> idx;
  int64_t axis;
  if (!advancedItems(base, sub, idx, axis))
    return false;
  if (base.type.rank() == 1)
    return scatterInto(base, idx[0], v, /*accumulate=*/false, sub.loc);
  if (axis != 0)
    return fail(l, "assigning through index arrays that follow a ':' is not supported "
                   "yet for " + base.type.str() + " (index arrays on the leading axes are)");
  return scatterRows(base, std::move(idx), v, /*accumulate=*/false, sub.loc);
}

bool Gen::scatterInto(const Val &base, Val idx, Val v, bool accumulate, SrcLoc l) {
  std::vector<Val> idxs{idx};
  llvm::SmallVector<Dim> shape;
  if (!indexArrays(idxs, shape, l))
    return false;
  checkIndexBounds(idxs[0], base, 0, l);
  DType t = base.type.dtype;
  if (v.kind == Val::Lit && !weakFits(v, t, l))
    return false;
  Val x = toArray(v, t);
  std::string shownType = x.type.str();
  llvm::SmallVector<Dim> out;
  Val target = Val::array(idxs[0].value, ArrType{t, llvm::SmallVector<Dim, 4>(shape.begin(), shape.end())});
  if (!unifyBroadcast(x, target, l))
    return false;
  if (!broadcastShapes(x.type.dims, shape, out) ||
      llvm::ArrayRef<Dim>(out) != llvm::ArrayRef<Dim>(shape))
    return fail(l, "shape mismatch: value array of shape " + shownType +
                       " could not be broadcast to indexing result of shape " +
                       ArrType{t, llvm::SmallVector<Dim, 4>(shape.begin(), shape.end())}.str());
  x = broadcastTo(x, shape, {idxs[0]}, loc(l));
  Val fi = flatten(idxs[0], l), fx = flatten(x, l);
  fx = withDim(fx, 0, fi.type.dims[0], loc(l));
  Value r = nd::ScatterOp::create(b, loc(l), base.value.getType(), base.value, fi.value,
                                  fx.value, accumulate ? b.getUnitAttr() : nullptr);
  return writeThrough(base, Val::array(r, base.type), l);
}

//===----------------------------------------------------------------------===//
// The builtins
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Searching, unique values, counting and scattering (issue 26, helper C1):
// searchsorted, unique, bincount, array_equal, flatnonzero, ufunc.at and
// index arrays into arrays of rank > 1. Sorting is ndarray.sort (so these
// follow whatever lowering sort has on the target); data-dependent sizes
// come from ndarray.compress; counts accumulate through ndarray.scatter.
//===----------------------------------------------------------------------===//

Val Gen::gatherAlong(const Val &x, const Val &idx, int64_t axis, SrcLoc l) {
  ArrType rt{x.type.dtype, {}};
  rt.dims.append(x.type.dims.begin(), x.type.dims.begin() + axis);
  rt.dims.append(idx.type.dims.begin(), idx.type.dims.end());
  rt.dims.append(x.type.dims.begin() + axis + 1, x.type.dims.end());
  Value r = nd::GatherOp::create(b, loc(l), rt.tensorType(&ctx), x.value,
                                 ValueRange{idx.value}, b.getI64IntegerAttr(axis));
  return Val::array(r, rt);
}

Val Gen::scatterFlat(const Val &dest, const Val &idx, const Val &upd, bool accumulate,
                     SrcLoc l) {
  Value r = nd::ScatterOp::create(b, loc(l), dest.value.getType(), dest.value, idx.value,
                                  upd.value, accumulate ? b.getUnitAttr() : nullptr);
  return Val::array(r, dest.type);
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

/// `np.add.at(a, indices, b)` and `np.subtract.at`: accumulate in place
/// through ndarray.scatter (the negated values for subtract).
OptVal Gen::ufuncAt(Builtin id, llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  if (id != Builtin::Add && id != Builtin::Subtract)
    return err(call.lhs->loc,
               "'" + full + "' is not supported yet (add.at and subtract.at are)");
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full, {"a", "indices", "b"}, 3, call, args))
    return std::nullopt;
  OptVal base = eval(*args[0]);
  if (!base)
    return std::nullopt;
  if (base->kind != Val::Array || base->type.rank() == 0)
    return err(args[0]->loc, full + "(): the first argument must be an array (it is "
                                    "updated in place), got " + base->describe());
  std::vector<Val> idx;
  OptVal iv = args[1]->kind == ExprKind::Tuple ? std::nullopt : eval(*args[1]);
  if (args[1]->kind == ExprKind::Tuple) {
    for (const ExprPtr &e : args[1]->elts) {
      OptVal x = eval(*e);
      if (!x)
        return std::nullopt;
      idx.push_back(*x);
    }
  } else if (!iv) {
    return std::nullopt;
  } else if (iv->kind == Val::Tuple) {
    idx = iv->elts;
  } else {
    idx.push_back(*iv);
  }
  for (const Val &x : idx)
    if (x.kind == Val::Array && x.type.dtype == DType::Bool)
      return err(args[1]->loc, full + "(): boolean indices are not supported yet");
  if (idx.size() > base->type.rank())
    return err(args[1]->loc, "too many indices for array: array is " +
                                 std::to_string(base->type.rank()) + "-dimensional, but " +
                                 std::to_string(idx.size()) + " were indexed");
  OptVal v = arrayArg(*args[2], full);
  if (!v)
    return std::nullopt;
  DType t = base->type.dtype;
  if (v->kind == Val::Array) {
    DType vt = v->type.dtype;
    bool widens = (isComplex(vt) && !isComplex(t)) ||
                  (isFloat(vt) && !isFloat(t) && !isComplex(t)) ||
                  (t == DType::Bool && vt != DType::Bool);
    if (widens)
      return err(args[2]->loc, full + "(): cannot cast the values (" + v->type.str() +
                                   ") to the array's " + base->type.str() +
                                   " with casting rule 'same_kind' (NumPy's TypeError)");
  }
  Val x = *v;
  if (id == Builtin::Subtract) {
    OptVal neg = negate(x, l);
    if (!neg)
      return std::nullopt;
    x = *neg;
  }
  bool ok = base->type.rank() == 1 && idx.size() == 1
                ? scatterInto(*base, idx[0], x, /*accumulate=*/true, l)
                : scatterRows(*base, std::move(idx), x, /*accumulate=*/true, l);
  if (!ok)
    return std::nullopt;
  return Val{};
}

/// Index arrays on the leading axes of `base` (rank > 1, or several of
/// them): each indexed element's flat position (negative indices counted
/// from the end) and one ndarray.scatter into the flattened array.
bool Gen::scatterRows(const Val &base, std::vector<Val> idx, Val v, bool accumulate,
                      SrcLoc l) {
  Location il = loc(l);
  llvm::SmallVector<Dim> shape;
  if (!indexArrays(idx, shape, l))
    return false;
  int64_t k = idx.size(), r = base.type.rank();
  for (int64_t j = 0; j < k; ++j)
    checkIndexBounds(idx[j], base, j, l);
  DType t = base.type.dtype;
  if (v.kind == Val::Lit && !weakFits(v, t, l))
    return false;
  OptVal flat;
  for (int64_t j = 0; j < k; ++j) {
    Val n = sizeOf(base, j, l);
    OptVal wrapped = binary("+", idx[j], n, l);
    OptVal ij = selectVals(*compare("<", idx[j], Val::intLit(0), l), *wrapped, idx[j], l);
    flat = j == 0 ? ij : binary("+", *binary("*", *flat, n, l), *ij, l);
  }
  Val F = *flat;
  if (k < r) {
    // The position within the trailing axes, and their size.
    llvm::SmallVector<Dim> tail(base.type.dims.begin() + k, base.type.dims.end());
    OptVal T;
    Val tailSize = Val::intLit(1);
    for (int64_t d = k; d < r; ++d) {
      Val c = iota(DType::I64, tail, d - k, {base}, l);
      Val n = sizeOf(base, d, l);
      T = d == k ? OptVal(c) : binary("+", *binary("*", *T, n, l), c, l);
      tailSize = *binary("*", tailSize, n, l);
    }
    llvm::SmallVector<int64_t> axes;
    for (int64_t i = 0; i < r - k; ++i)
      axes.push_back(shape.size() + i);
    F = *binary("+", *binary("*", expandDims(F, axes, l), tailSize, l), *T, l);
  }
  Val x = toArray(v, t);
  std::string shownType = x.type.str();
  if (!unifyBroadcast(x, F, l))
    return false;
  llvm::SmallVector<Dim> out;
  if (!broadcastShapes(x.type.dims, F.type.dims, out) ||
      llvm::ArrayRef<Dim>(out) != llvm::ArrayRef<Dim>(F.type.dims))
    return fail(l, "shape mismatch: value array of shape " + shownType +
                       " could not be broadcast to indexing result of shape " +
                       ArrType{t, F.type.dims}.str());
  x = broadcastTo(x, F.type.dims, {F}, il);
  Val fi = flatten(F, l), fx = flatten(x, l);
  fx = withDim(fx, 0, fi.type.dims[0], il);
  Val fb = flatten(base, l);
  Val updated = scatterFlat(fb, fi, fx, accumulate, l);
  llvm::SmallVector<Value> dyn;
  for (int64_t d = 0; d < r; ++d)
    if (base.type.dims[d].isNamed())
      dyn.push_back(tensor::DimOp::create(b, il, base.value, d));
  Val back = reshapeTo(updated, base.type, dyn, l);
  return writeThrough(base, Val::array(back.value, base.type), l);
}
