//===- GenAdvancedIndex.cpp - masks and index arrays in subscripts -------===//
//
// NumPy's advanced indexing, reads and stores: boolean masks (`x[m]` reads
// the true elements, a 1-d array of data-dependent size, as
// `ndarray.compress`; `x[m] = v` selects, or places a 1-d value through
// `ndarray.scatter`), integer index arrays (`a[idx]`, `A[:, idx]`, `A[i, j]`
// broadcast together: `ndarray.gather`, a copy; `a[idx] = v`, also into
// rank > 1: `ndarray.scatter`, the last write wins for a repeated index), and
// the ufunc `.at` methods (`np.add.at`: a scatter that accumulates).
//
// Index arrays are bounds-checked at run time before the op that uses them,
// with NumPy's IndexError text and the source location; negative indices
// count from the end. The builtins that search, sort and count are in
// GenBuiltinSearch.cpp.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

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
  return checkMaskAxes(x, mask, 0, l);
}

bool Gen::checkMaskAxes(const Val &x, Val &mask, int64_t axis, SrcLoc l) {
  for (int64_t k = 0; k < (int64_t)mask.type.rank(); ++k) {
    int64_t d = axis + k;
    const Dim &a = x.type.dims[d], &m = mask.type.dims[k];
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
    Value sa = sizeI64(x, d, il), sm = sizeI64(mask, k, il);
    assertEqual(sa, sm, l, where(l) + msg, {sa, sm});
    mask = withDim(mask, k, a, il);
  }
  return true;
}

/// `x[:, m]`: one boolean index of rank k on axes d..d+k, the other items
/// ':'. Null (and `axis` untouched) when `sub` is not that.
const Val *Gen::maskAmongSlices(const Val &base, const Expr &sub, int64_t &axis) {
  llvm::SmallVector<const Expr *> items;
  subscriptItems(sub, items);
  const Val *mask = nullptr;
  int64_t at = -1;
  for (auto [d, x] : llvm::enumerate(items)) {
    if (fullSlice(*x))
      continue;
    auto it = pinned.find(x);
    if (mask || it == pinned.end() || it->second.kind != Val::Array ||
        it->second.type.dtype != DType::Bool || it->second.type.rank() == 0)
      return nullptr;
    mask = &it->second;
    at = d;
  }
  if (!mask || at + (int64_t)mask->type.rank() > (int64_t)base.type.rank())
    return nullptr;
  axis = at;
  return mask;
}

bool Gen::assignMaskOnAxes(const Val &base, Val mask, int64_t axis, Val v, SrcLoc l) {
  if (!checkMaskAxes(base, mask, axis, l))
    return false;
  // The mask as an array of base's rank (size 1 on the other axes), then
  // broadcast to base's shape: a select of the whole array.
  Location il = loc(l);
  int64_t k = mask.type.rank();
  ArrType shaped{DType::Bool, {}};
  llvm::SmallVector<Value> dyn;
  for (int64_t d = 0; d < (int64_t)base.type.rank(); ++d) {
    if (d < axis || d >= axis + k) {
      shaped.dims.push_back(Dim::lit(1));
      continue;
    }
    shaped.dims.push_back(mask.type.dims[d - axis]);
    if (mask.type.dims[d - axis].isNamed())
      dyn.push_back(tensor::DimOp::create(b, il, mask.value, d - axis));
  }
  Val full = broadcastTo(reshapeTo(mask, shaped, dyn, l), base.type.dims, {base}, il);
  return assignMask(base, full, v, l);
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

/// One value for every selected element: a scalar, a 0-d or a 1-element array.
bool Gen::isScalarValue(const Val &v) {
  return v.kind == Val::Lit || (v.kind == Val::Array && v.type.rank() == 0) ||
         (v.kind == Val::Array && v.type.rank() == 1 && !v.type.dims[0].isNamed() &&
          v.type.dims[0].size == 1);
}

bool Gen::assignMask(const Val &base, Val mask, Val v, SrcLoc l) {
  if (!checkMaskShape(base, mask, l))
    return false;
  DType t = base.type.dtype;
  if (v.kind == Val::Lit && !weakFits(v, t, l))
    return false;
  Location il = loc(l);
  if (isScalarValue(v)) {
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
  if (inBoundsIndices.contains(idx.value))
    return;
  Location il = loc(l);
  std::string message = where(l) + "index {0} is out of bounds for axis " +
                        std::to_string(d) + " with size {1}";
  // Indices the host holds (a list of scalars: `A[[k, p]] = A[[p, k]]`):
  // each is checked there, in order (NumPy reports the first). On the GPU
  // the array check below is a few kernels and a read back per subscript,
  // four times per pivot step of an LU factorisation.
  if (auto elts = idx.value.getDefiningOp<tensor::FromElementsOp>();
      elts && elts.getType().getElementType().isSignlessInteger(64)) {
    Value n = sizeI64(x, d, il);
    Value negN = arith::SubIOp::create(b, il, arith::ConstantIntOp::create(b, il, 0, 64), n);
    for (Value e : elts.getElements()) {
      Value ok = arith::AndIOp::create(
          b, il, arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, e, negN),
          arith::CmpIOp::create(b, il, arith::CmpIPredicate::slt, e, n));
      nd::AssertOp::create(b, il, ok, b.getStringAttr(message), ValueRange{e, n});
    }
    return;
  }
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
  nd::AssertOp::create(b, il, ok, b.getStringAttr(message), ValueRange{sv, sizeI64(x, d, il)});
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
  Val positions = truePositions(mask, countTrue(mask, l), l);
  inBoundsIndices.insert(positions.value);
  return positions;
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
      maskOfPositions.try_emplace(p->value, v);
      v = *p;
    }
    idx.push_back(v);
  }
  return true;
}

/// The mask when `sub` is one boolean array that covers `base` (its whole
/// shape, or more than one axis): `x[m]` then reads or writes through the
/// flattened array rather than per-axis index arrays.
const Val *Gen::wholeMask(const Val &base, const Expr &sub) {
  llvm::SmallVector<const Expr *> items;
  subscriptItems(sub, items);
  if (items.size() != 1)
    return nullptr;
  const Val &m = pinned.find(items[0])->second;
  if (m.kind == Val::Array && m.type.dtype == DType::Bool &&
      (m.type.rank() == base.type.rank() || m.type.rank() > 1))
    return &m;
  return nullptr;
}

OptVal Gen::advancedSubscript(const Val &base, const Expr &sub) {
  if (const Val *m = wholeMask(base, sub))
    return maskRead(base, *m, sub.loc);
  std::vector<Val> idx;
  int64_t axis;
  if (!advancedItems(base, sub, idx, axis))
    return std::nullopt;
  auto mask = idx.size() == 1 ? maskOfPositions.find(idx[0].value) : maskOfPositions.end();
  OptVal r = gatherVal(base, std::move(idx), axis, sub.loc);
  if (r && mask != maskOfPositions.end())
    maskedRows.try_emplace(r->value, MaskedRows{base, mask->second, axis});
  return r;
}

bool Gen::assignAdvanced(const Val &base, const Expr &sub, Val v, SrcLoc l) {
  if (const Val *m = wholeMask(base, sub))
    return assignMask(base, *m, v, l);
  // `att[:, mask] = -np.inf`: one value where an N-d mask on some axes is
  // true, on every index of the others (index arrays would need a scatter).
  int64_t maskAxis = 0;
  if (const Val *m = maskAmongSlices(base, sub, maskAxis))
    if ((maskAxis > 0 || m->type.rank() > 1) && isScalarValue(v))
      return assignMaskOnAxes(base, *m, maskAxis, v, l);
  std::vector<Val> idx;
  int64_t axis;
  if (!advancedItems(base, sub, idx, axis))
    return false;
  if (axis == 0 && idx.size() == 1)
    if (auto list = idx[0].value.getDefiningOp<tensor::FromElementsOp>();
        list && idx[0].type.rank() == 1 && idx[0].type.dtype == DType::I64 &&
        list.getElements().size() <= kMaxListRows)
      return assignListRows(base, list.getElements(), std::move(v), sub.loc);
  if (base.type.rank() == 1)
    return scatterInto(base, idx[0], v, /*accumulate=*/false, sub.loc);
  if (axis != 0)
    return fail(l, "assigning through index arrays that follow a ':' is not supported "
                   "yet for " + base.type.str() + " (index arrays on the leading axes are)");
  return scatterRows(base, std::move(idx), v, /*accumulate=*/false, sub.loc);
}

//===----------------------------------------------------------------------===//
// Scatters and ufunc.at
//===----------------------------------------------------------------------===//

/// `A[[k, p]] = v`: NumPy assigns the indexed rows one after the other (the
/// last write wins for a repeated index), and so does this: one window update
/// per row of the list, each in place, where a scatter goes through the
/// flattened array (on the GPU: a copy of the whole array and a library call
/// per statement; LU factorization's row swap `LU[[k, p]] = LU[[p, k]]`).
/// `v` is evaluated before the first write, as the right side in NumPy.
bool Gen::assignListRows(const Val &base, mlir::ValueRange rows, Val v, SrcLoc l) {
  Location il = loc(l);
  DType t = base.type.dtype;
  if (v.kind == Val::Lit && !weakFits(v, t, l))
    return false;
  int64_t count = static_cast<int64_t>(rows.size());
  llvm::SmallVector<Dim> shape{Dim::lit(count)};
  shape.append(base.type.dims.begin() + 1, base.type.dims.end());
  ArrType shapeType{t, llvm::SmallVector<Dim, 4>(shape.begin(), shape.end())};
  Val x = toArray(v, t);
  std::string shownType = x.type.str();
  Val target = Val::array(base.value, shapeType);
  if (!unifyBroadcast(x, target, l))
    return false;
  // A run-time size the value's static one was checked against takes that
  // size in the target's shape.
  shape.assign(target.type.dims.begin(), target.type.dims.end());
  llvm::SmallVector<Dim> out;
  if (!broadcastShapes(x.type.dims, shape, out) ||
      llvm::ArrayRef<Dim>(out) != llvm::ArrayRef<Dim>(shape))
    return fail(l, "shape mismatch: value array of shape " + shownType +
                       " could not be broadcast to indexing result of shape " +
                       shapeType.str());
  x = broadcastTo(x, shape, {target}, il);
  // The whole of each axis but the first, for both windows.
  auto whole = [&](int64_t d) {
    WinDim w;
    w.dim = base.type.dims[d];
    if (w.dim.isNamed()) {
      w.sSize = ShapedType::kDynamic;
      w.dSize = dimIndex(base, d, il);
    } else {
      w.sSize = w.dim.size;
    }
    return w;
  };
  // Every index checked before the first write, as NumPy does. The rows of
  // the value are slices of it as computed before the writes (NumPy
  // evaluates the right side first), not copies fusion would compute later:
  // a row read from the array after a row of it is written would keep the
  // old array alive, a copy of all of it.
  llvm::SmallVector<Value> starts, values;
  auto xType = cast<RankedTensorType>(x.value.getType());
  for (auto [j, row] : llvm::enumerate(rows)) {
    starts.push_back(checkedIndex(row, dimIndex(base, 0, il), 0, l));
    llvm::SmallVector<OpFoldResult> offsets{b.getIndexAttr(j)}, sizes{b.getIndexAttr(1)},
        strides(xType.getRank(), b.getIndexAttr(1));
    for (int64_t d = 1, r = xType.getRank(); d < r; ++d) {
      offsets.push_back(b.getIndexAttr(0));
      sizes.push_back(tensor::getMixedSize(b, il, x.value, d));
    }
    Value slice = tensor::ExtractSliceOp::create(b, il, x.value, offsets, sizes, strides);
    // The window's type: the base's sizes, where a checked one may be static.
    llvm::SmallVector<int64_t> windowShape{1};
    for (int64_t d = 1, r = base.type.rank(); d < r; ++d)
      windowShape.push_back(base.type.dims[d].isNamed() ? ShapedType::kDynamic
                                                         : base.type.dims[d].size);
    auto windowType = RankedTensorType::get(windowShape, xType.getElementType());
    if (slice.getType() != windowType)
      slice = tensor::CastOp::create(b, il, windowType, slice);
    values.push_back(slice);
  }
  Val updated = base;
  for (auto [start, value] : llvm::zip(starts, values)) {
    llvm::SmallVector<WinDim> to(1);
    to[0].drop = true;
    to[0].sStart = ShapedType::kDynamic;
    to[0].dStart = start;
    to[0].sSize = 1;
    to[0].dim = Dim::lit(1);
    for (int64_t d = 1, r = base.type.rank(); d < r; ++d)
      to.push_back(whole(d));
    updated = Val::array(updateWindow(updated, to, value, il), base.type);
  }
  return writeThrough(base, updated, l);
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
