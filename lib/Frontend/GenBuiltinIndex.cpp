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
  if (base.type.rank() != 1)
    return fail(l, "assigning through index arrays is supported for 1-d arrays only "
                   "(not yet " + base.type.str() + ")");
  return scatterInto(base, idx[0], v, /*accumulate=*/false, sub.loc);
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
