//===- GenShape.cpp - shape functions -------------------------------------===//
//
// reshape, transpose, concatenate/stack, expand_dims/squeeze and the other
// functions that only move elements; shapes and axes given as arguments.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <cmath>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

//===----------------------------------------------------------------------===//
// Shapes given as arguments: `(2, -1)`, `x.shape`, `n`
//===----------------------------------------------------------------------===//

bool Gen::shapeArg(const Val &v, SrcLoc l, llvm::SmallVectorImpl<ShapeEntry> &out) {
  std::vector<Val> elts;
  if (v.kind == Val::Tuple)
    elts = v.elts;
  else
    elts.push_back(v);
  for (const Val &x : elts) {
    ShapeEntry e;
    if (x.kind == Val::Lit && x.weak == Val::intLit(0).weak) {
      e.size = x.i;
      e.dim = Dim::lit(x.i);
    } else if (x.kind == Val::Array && shapeDims.count(x.value)) {
      auto dimOp = x.value.getDefiningOp<nd::DimOp>();
      e.size = ShapedType::kDynamic;
      e.dim = shapeDims[x.value];
      e.value = tensor::DimOp::create(b, loc(l), dimOp.getInput(), dimOp.getAxis());
    } else if (x.kind == Val::Array && x.type.rank() == 0 && isInt(x.type.dtype)) {
      // An integer known only at run time: a size of its own, checked
      // non-negative when the program runs.
      Expr at(ExprKind::Int, l);
      std::optional<Value> n = intScalar(x, at, "a shape entry");
      if (!n)
        return false;
      Location il = loc(l);
      Value zero = arith::ConstantIntOp::create(b, il, 0, 64);
      Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, *n, zero);
      nd::AssertOp::create(b, il, ok,
                           b.getStringAttr(where(l) + "negative dimensions are not allowed"));
      e.size = ShapedType::kDynamic;
      e.value = arith::IndexCastOp::create(b, il, b.getIndexType(), *n);
      e.dim = runtimeSizeDim(e.value, nullptr, "(size at " + std::to_string(l.line) +
                                                   ":" + std::to_string(l.col) + ")");
    } else {
      return fail(l, "a shape must be integers (literals, integer scalars, sizes "
                     "read from '.shape'); got " + x.describe());
    }
    out.push_back(e);
  }
  return true;
}

OptVal Gen::reshapeVal(const Val &a, const Val &shapeV, SrcLoc l) {
  llvm::SmallVector<ShapeEntry> es;
  if (!shapeArg(shapeV, l, es))
    return std::nullopt;
  int64_t minus = -1;
  for (auto [i, e] : llvm::enumerate(es)) {
    if (e.size == -1) {
      if (minus >= 0)
        return err(l, "can only specify one unknown dimension");
      minus = i;
    } else if (e.size < 0 && e.size != ShapedType::kDynamic) {
      return err(l, "negative dimensions not allowed");
    }
  }
  // Symbolic element counts: static product and a multiset of names.
  int64_t pin = 1, pout = 1;
  llvm::SmallVector<std::string> nin, nout;
  for (const Dim &d : a.type.dims)
    d.isNamed() ? nin.push_back(d.name) : (void)(pin *= d.size);
  for (auto [i, e] : llvm::enumerate(es))
    if ((int64_t)i != minus)
      e.dim.isNamed() ? nout.push_back(e.dim.name) : (void)(pout *= e.size);
  llvm::SmallVector<std::string> restIn;
  for (const std::string &n : nin) {
    auto it = llvm::find(nout, n);
    if (it != nout.end())
      nout.erase(it);
    else
      restIn.push_back(n);
  }
  Location il = loc(l);
  ArrType rt{a.type.dtype, {}};
  llvm::SmallVector<Value> dyn;
  Value total;
  auto totalIn = [&]() {
    if (total)
      return total;
    total = arith::ConstantIndexOp::create(b, il, 1);
    for (int64_t d = 0; d < a.type.rank(); ++d)
      total = arith::MulIOp::create(b, il, total, dimIndex(a, d, il));
    return total;
  };
  for (auto [i, e] : llvm::enumerate(es)) {
    if ((int64_t)i != minus) {
      rt.dims.push_back(e.dim);
      if (e.dim.isNamed())
        dyn.push_back(e.value);
      continue;
    }
    if (nout.empty() && restIn.empty()) {
      if (pout == 0 || pin % pout != 0)
        return err(l, "cannot reshape array of type " + a.type.str() +
                          " into the requested shape");
      rt.dims.push_back(Dim::lit(pin / pout));
      continue;
    }
    std::string name;
    if (nout.empty() && pout != 0 && pin % pout == 0) {
      for (const std::string &n : restIn)
        name += (name.empty() ? "" : "*") + n;
      if (pin / pout != 1)
        name += "*" + std::to_string(pin / pout);
    } else {
      name = "?" + std::to_string(++freshDims);
    }
    Value others = arith::ConstantIndexOp::create(b, il, 1);
    for (auto [j, o] : llvm::enumerate(es))
      if ((int64_t)j != minus)
        others = arith::MulIOp::create(
            b, il, others,
            o.dim.isNamed() ? o.value : arith::ConstantIndexOp::create(b, il, o.size).getResult());
    // Avoid a division by zero; the reshape's own check reports a mismatch.
    Value one = arith::ConstantIndexOp::create(b, il, 1);
    others = arith::MaxSIOp::create(b, il, others, one);
    dyn.push_back(arith::DivSIOp::create(b, il, totalIn(), others));
    rt.dims.push_back(Dim::named(name));
  }
  bool allStatic = restIn.empty() && nout.empty();
  if (allStatic && minus < 0 && pin != pout)
    return err(l, "cannot reshape array of type " + a.type.str() + " into shape " +
                      rt.str().substr(dtypeName(rt.dtype).size()));
  return reshapeTo(a, rt, dyn, l);
}

Val Gen::transposeVal(const Val &a, llvm::ArrayRef<int64_t> perm, SrcLoc l) {
  bool id = true;
  for (auto [i, p] : llvm::enumerate(perm))
    id &= (int64_t)i == p;
  if (id)
    return a;
  ArrType rt{a.type.dtype, {}};
  for (int64_t p : perm)
    rt.dims.push_back(a.type.dims[p]);
  Value r = nd::TransposeOp::create(b, loc(l), rt.tensorType(&ctx), a.value,
                                    b.getDenseI64ArrayAttr(perm));
  return Val::array(r, rt);
}

/// Reads an axis argument (literal) normalized against `rank`.
std::optional<int64_t> Gen::axisArg(const Expr *e, int64_t rank, llvm::StringRef fn) {
  std::optional<int64_t> v = axisLiteral(*e);
  if (!v)
    return err(e->loc, fn + "(): axis must be an integer literal");
  int64_t n = *v < 0 ? *v + rank : *v;
  if (n < 0 || n >= rank)
    return err(e->loc, "axis " + std::to_string(*v) +
                           " is out of bounds for array of dimension " +
                           std::to_string(rank));
  return n;
}

bool Gen::axesArg(const Expr *e, int64_t rank, llvm::StringRef fn,
                  llvm::SmallVectorImpl<int64_t> &out) {
  llvm::SmallVector<const Expr *> items;
  if (e->kind == ExprKind::Tuple || e->kind == ExprKind::List)
    for (const ExprPtr &x : e->elts)
      items.push_back(x.get());
  else
    items.push_back(e);
  for (const Expr *x : items) {
    std::optional<int64_t> a = axisArg(x, rank, fn);
    if (!a)
      return false;
    if (llvm::is_contained(out, *a))
      return fail(x->loc, "repeated axis");
    out.push_back(*a);
  }
  return true;
}

OptVal Gen::concatVals(std::vector<Val> xs, int64_t axisIn, bool hasAxis,
                       llvm::StringRef fn, SrcLoc l) {
  if (xs.empty())
    return err(l, "need at least one array to concatenate");
  DType t = xs[0].type.dtype;
  for (Val &x : xs) {
    if (x.kind != Val::Array || x.type.rank() == 0)
      return err(l, "zero-dimensional arrays cannot be concatenated");
    t = promote(t, x.type.dtype);
  }
  int64_t rank = xs[0].type.rank();
  int64_t axis = axisIn < 0 ? axisIn + rank : axisIn;
  if (hasAxis && (axis < 0 || axis >= rank))
    return err(l, "axis " + std::to_string(axisIn) +
                      " is out of bounds for array of dimension " + std::to_string(rank));
  ArrType rt{t, xs[0].type.dims};
  int64_t stat = 0;
  std::string names;
  llvm::SmallVector<Value> ins;
  for (auto [xi, x] : llvm::enumerate(xs)) {
    if (x.type.rank() != rank)
      return err(l, fn + "(): all the input arrays must have the same number of "
                         "dimensions, but " + xs[0].type.str() + " and " +
                         x.type.str() + " differ");
    for (int64_t d = 0; d < rank; ++d) {
      if (d == axis || x.type.dims[d] == rt.dims[d])
        continue;
      if (!x.type.dims[d].isNamed() && !rt.dims[d].isNamed())
        return err(l, fn + "(): all the input array dimensions except for the "
                           "concatenation axis must match exactly, but " +
                           xs[0].type.str() + " and " + x.type.str() + " differ");
      // Known only at run time: checked then, with NumPy's message.
      Location il = loc(l);
      Value s0 = sizeI64(xs[0], d, il), sx = sizeI64(x, d, il);
      assertEqual(s0, sx, l,
                  where(l) + "all the input array dimensions except for the "
                             "concatenation axis must match exactly, but along "
                             "dimension " + std::to_string(d) +
                      ", the array at index 0 has size {0} and the array at "
                      "index " + std::to_string(xi) + " has size {1}",
                  {s0, sx});
      x = withDim(x, d, rt.dims[d], il);
    }
    const Dim &D = x.type.dims[axis];
    if (D.isNamed())
      names += (names.empty() ? "" : "+") + D.name;
    else
      stat += D.size;
    ins.push_back(toArray(x, t).value);
  }
  if (xs.size() == 1)
    return toArray(xs[0], t);
  rt.dims[axis] = names.empty() ? Dim::lit(stat)
                                : Dim::named(stat ? names + "+" + std::to_string(stat) : names);
  Value r = nd::ConcatenateOp::create(b, loc(l), rt.tensorType(&ctx), ins,
                                      b.getI64IntegerAttr(axis));
  return Val::array(r, rt);
}

Val Gen::expandDims(const Val &a, llvm::ArrayRef<int64_t> axesSorted, SrcLoc l) {
  ArrType rt{a.type.dtype, {}};
  llvm::SmallVector<Value> dyn;
  int64_t src = 0, outRank = a.type.rank() + axesSorted.size();
  for (int64_t d = 0; d < outRank; ++d) {
    if (llvm::is_contained(axesSorted, d)) {
      rt.dims.push_back(Dim::lit(1));
      continue;
    }
    rt.dims.push_back(a.type.dims[src]);
    if (a.type.dims[src].isNamed())
      dyn.push_back(dimIndex(a, src, loc(l)));
    ++src;
  }
  return reshapeTo(a, rt, dyn, l);
}

/// np.concatenate / vstack / hstack of a list variable (a list built with
/// append in a loop, GenList.cpp): the list is its items stacked on a new
/// first axis, so joining them is merging that axis with the item axis the
/// function joins along (moved next to it first). An empty list raises
/// NumPy's ValueError: at compile time when its length is known, else at
/// run time.
OptVal Gen::concatList(const Val &list, llvm::StringRef name,
                       llvm::StringRef shown, const Expr *axisArg, SrcLoc l) {
  Val s = list;
  s.alias.reset();
  s.list = s.emptyList = false;
  int64_t k = s.type.rank() - 1; // the items' rank
  const char *none = "need at least one array to concatenate";
  const Dim &n = s.type.dims[0];
  if (!n.isNamed() && n.size == 0)
    return err(l, none);
  if (n.isNamed()) {
    Location il = loc(l);
    Value len = sizeI64(s, 0, il);
    Value zero = arith::ConstantIntOp::create(b, il, b.getI64Type(), 0);
    Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt, len, zero);
    nd::AssertOp::create(b, il, ok,
                         b.getStringAttr(where(l) + "ValueError: " + none),
                         ValueRange{});
  }
  // Merges axes a and a + 1 of `v` into one.
  auto merge = [&](const Val &v, int64_t a) -> Val {
    const Dim &x = v.type.dims[a], &y = v.type.dims[a + 1];
    Dim m = x.isNamed() || y.isNamed() ? freshDim(name, l)
                                       : Dim::lit(x.size * y.size);
    ArrType rt{v.type.dtype, {}};
    llvm::SmallVector<ReassociationIndices> groups;
    for (int64_t d = 0; d < (int64_t)v.type.rank(); ++d) {
      if (d == a + 1)
        continue;
      rt.dims.push_back(d == a ? m : v.type.dims[d]);
      groups.push_back(d == a ? ReassociationIndices{d, d + 1}
                              : ReassociationIndices{d});
    }
    Value r = tensor::CollapseShapeOp::create(b, loc(l), rt.tensorType(&ctx),
                                              v.value, groups);
    return Val::array(r, rt);
  };
  // Joins along item axis `a`: the list axis moves just before it.
  auto along = [&](int64_t a) -> Val {
    llvm::SmallVector<int64_t> perm;
    for (int64_t d = 1; d <= a; ++d)
      perm.push_back(d);
    perm.push_back(0);
    for (int64_t d = a + 1; d <= k; ++d)
      perm.push_back(d);
    return merge(transposeVal(s, perm, l), a);
  };
  if (name == "vstack") {
    if (k == 0)
      return expandDims(s, {1}, l);
    return k == 1 ? s : merge(s, 0);
  }
  if (name == "hstack") {
    if (k == 0)
      return s;
    return along(k == 1 ? 0 : 1);
  }
  // concatenate(arrays, axis=0)
  if (axisArg && axisArg->kind == ExprKind::None)
    return flatten(s, l);
  if (k == 0)
    return err(l, "zero-dimensional arrays cannot be concatenated");
  int64_t axis = 0;
  if (axisArg) {
    std::optional<int64_t> v = axisLiteral(*axisArg);
    if (!v)
      return err(axisArg->loc, shown + "(): axis must be an integer literal");
    axis = *v < 0 ? *v + k : *v;
    if (axis < 0 || axis >= k)
      return err(axisArg->loc, "axis " + std::to_string(*v) +
                                   " is out of bounds for array of dimension " +
                                   std::to_string(k));
  }
  return along(axis);
}

/// Shape functions (bare or np.). Sets `handled` when `name` is one.
OptVal Gen::genShapeCall(llvm::StringRef name, llvm::StringRef shown,
                         const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  if (name == "len") {
    if (!bindArgs("len", {"obj"}, 1, call, args))
      return std::nullopt;
    OptVal a = eval(*args[0]);
    if (!a)
      return std::nullopt;
    if (a->kind == Val::Tuple)
      return Val::intLit(a->elts.size());
    if (a->kind != Val::Array || a->type.rank() == 0)
      return err(l, "len() of unsized object (" + a->describe() + ")");
    return sizeOf(*a, 0, l);
  }
  auto arrayArg = [&](const Expr *e) -> OptVal {
    OptVal v = evalArrayOperand(*e, shown);
    if (!v)
      return std::nullopt;
    return materialize(*v);
  };
  auto seqArg = [&](const Expr *e, std::vector<Val> &out) -> bool {
    if (e->kind != ExprKind::Tuple && e->kind != ExprKind::List)
      return fail(e->loc, shown + "() expects a tuple or list of arrays, "
                                  "e.g. (a, b)");
    for (const ExprPtr &x : e->elts) {
      OptVal v = arrayArg(x.get());
      if (!v)
        return false;
      out.push_back(*v);
    }
    return true;
  };
  if (name == "reshape") {
    if (!bindArgs(shown, {"a", "newshape"}, 2, call, args))
      return std::nullopt;
    OptVal a = arrayArg(args[0]);
    if (!a)
      return std::nullopt;
    OptVal s = eval(*args[1]);
    if (!s)
      return std::nullopt;
    OptVal r = reshapeVal(*a, *s, l);
    if (!r)
      return std::nullopt;
    return reshapeView(*a, *r, /*always=*/false);
  }
  if (name == "transpose" || name == "flip" || name == "squeeze" ||
      name == "expand_dims") {
    bool needAxis = name == "expand_dims";
    if (!bindArgs(shown, {"a", name == "transpose" ? "axes" : "axis"},
                  needAxis ? 2 : 1, call, args))
      return std::nullopt;
    OptVal a = arrayArg(args[0]);
    if (!a)
      return std::nullopt;
    int64_t rank = a->type.rank();
    const Expr *ax = args[1] && args[1]->kind != ExprKind::None ? args[1] : nullptr;
    llvm::SmallVector<int64_t> axes;
    if (name == "expand_dims") {
      if (!ax)
        return err(l, shown + "(): axis must be an integer or a tuple of integers");
      int64_t n = (ax->kind == ExprKind::Tuple || ax->kind == ExprKind::List)
                      ? ax->elts.size() : 1;
      if (!axesArg(ax, rank + n, shown, axes))
        return std::nullopt;
      llvm::sort(axes);
      return reshapeView(*a, expandDims(*a, axes, l), /*always=*/true);
    }
    if (ax && !axesArg(ax, rank, shown, axes))
      return std::nullopt;
    if (name == "transpose") {
      if (!ax)
        for (int64_t d = rank - 1; d >= 0; --d)
          axes.push_back(d);
      if ((int64_t)axes.size() != rank)
        return err(ax->loc, "axes don't match array");
      return transposeView(*a, axes, l);
    }
    if (name == "flip") {
      if (!ax)
        for (int64_t d = 0; d < rank; ++d)
          axes.push_back(d);
      llvm::SmallVector<WinDim> win(rank);
      Expr minusOne(ExprKind::Int, l);
      minusOne.intValue = -1;
      for (int64_t d = 0; d < rank; ++d)
        if (!sliceDim(*a, d, nullptr, nullptr,
                      llvm::is_contained(axes, d) ? &minusOne : nullptr, win[d], l))
          return std::nullopt;
      return emitSlice(*a, win, l);
    }
    // squeeze
    if (!ax) {
      for (int64_t d = 0; d < rank; ++d)
        if (!a->type.dims[d].isNamed() && a->type.dims[d].size == 1)
          axes.push_back(d);
    } else {
      for (int64_t d : axes)
        if (a->type.dims[d].isNamed() || a->type.dims[d].size != 1)
          return err(ax->loc, "cannot select an axis to squeeze out which has "
                              "size not equal to one" +
                                  std::string(a->type.dims[d].isNamed()
                                                  ? " (named dims are not known to be 1)"
                                                  : ""));
    }
    ArrType rt{a->type.dtype, {}};
    llvm::SmallVector<Value> dyn;
    for (int64_t d = 0; d < rank; ++d) {
      if (llvm::is_contained(axes, d))
        continue;
      rt.dims.push_back(a->type.dims[d]);
      if (a->type.dims[d].isNamed())
        dyn.push_back(dimIndex(*a, d, loc(l)));
    }
    return reshapeView(*a, reshapeTo(*a, rt, dyn, l), /*always=*/true);
  }
  if (name == "swapaxes") {
    if (!bindArgs(shown, {"a", "axis1", "axis2"}, 3, call, args))
      return std::nullopt;
    OptVal a = arrayArg(args[0]);
    if (!a)
      return std::nullopt;
    int64_t rank = a->type.rank();
    std::optional<int64_t> x = axisArg(args[1], rank, shown), y;
    if (!x || !(y = axisArg(args[2], rank, shown)))
      return std::nullopt;
    llvm::SmallVector<int64_t> perm;
    for (int64_t d = 0; d < rank; ++d)
      perm.push_back(d == *x ? *y : d == *y ? *x : d);
    return transposeView(*a, perm, l);
  }
  if (name == "broadcast_to") {
    if (!bindArgs(shown, {"array", "shape"}, 2, call, args))
      return std::nullopt;
    OptVal a = arrayArg(args[0]);
    if (!a)
      return std::nullopt;
    OptVal s = eval(*args[1]);
    if (!s)
      return std::nullopt;
    llvm::SmallVector<ShapeEntry> es;
    if (!shapeArg(*s, args[1]->loc, es))
      return std::nullopt;
    ArrType rt{a->type.dtype, {}};
    llvm::SmallVector<Value> dyn;
    for (const ShapeEntry &e : es) {
      if (e.size < 0 && e.size != ShapedType::kDynamic)
        return err(args[1]->loc, "all elements of broadcast shape must be non-negative");
      rt.dims.push_back(e.dim);
      if (e.dim.isNamed())
        dyn.push_back(e.value);
    }
    // Sizes that must agree but are known only at run time: checked then.
    for (int64_t i = 0, ra = a->type.rank(), rr = rt.rank(); ra <= rr && i < ra; ++i) {
      int64_t k = i + rr - ra;
      const Dim da = a->type.dims[i], dt = rt.dims[k];
      if (da == dt || (!da.isNamed() && !dt.isNamed()) ||
          (!da.isNamed() && da.size == 1))
        continue;
      Location il = loc(l);
      llvm::SmallVector<Value> shown;
      std::vector<std::string> sh = numpyShapes({&*a}, {{0u, i}}, il, shown);
      // The requested size of axis j as an i64 value.
      auto requested = [&](int64_t j) -> Value {
        if (!rt.dims[j].isNamed())
          return arith::ConstantIntOp::create(b, il, rt.dims[j].size, 64);
        size_t at = llvm::count_if(llvm::ArrayRef<Dim>(rt.dims).take_front(j),
                                   [](const Dim &d) { return d.isNamed(); });
        return arith::IndexCastOp::create(b, il, b.getI64Type(), dyn[at]);
      };
      Value want = requested(k);
      std::string req = "(";
      for (int64_t j = 0; j < rr; ++j) {
        req += j ? "," : "";
        if (!rt.dims[j].isNamed()) {
          req += rt.dims[j].str();
        } else if (shown.size() + (j < k && dt.isNamed() ? 1 : 0) < 2) { // k's first
          req += "{" + std::to_string(shown.size()) + "}";
          shown.push_back(j == k ? want : requested(j));
        } else {
          req += "?";
        }
      }
      req += rr == 1 ? ",)" : ")";
      assertEqual(sizeI64(*a, i, il), want, l,
                  where(l) + "operands could not be broadcast together with remapped "
                             "shapes [original->remapped]: " + sh[0] +
                      "  and requested shape " + req,
                  shown);
      a = withDim(*a, i, dt, il);
    }
    llvm::SmallVector<Dim> out;
    if (a->type.rank() > rt.rank() || !broadcastShapes(a->type.dims, rt.dims, out) ||
        llvm::ArrayRef<Dim>(out) != llvm::ArrayRef<Dim>(rt.dims))
      return err(l, "operands could not be broadcast together with remapped "
                    "shapes: " + a->type.str() + " and requested shape " + rt.str());
    if (a->type.dims == rt.dims)
      return a;
    llvm::SmallVector<int64_t> bdims;
    for (size_t i = 0; i < a->type.rank(); ++i)
      bdims.push_back(rt.rank() - a->type.rank() + i);
    Value r = nd::BroadcastInDimOp::create(b, loc(l), rt.tensorType(&ctx), a->value,
                                           b.getDenseI64ArrayAttr(bdims), dyn);
    return Val::array(r, rt);
  }
  if (name == "concatenate" || name == "stack" || name == "vstack" ||
      name == "hstack") {
    bool hasAxisArg = name == "concatenate" || name == "stack";
    if (!bindArgs(shown, hasAxisArg ? llvm::ArrayRef<std::string>{"arrays", "axis"}
                                    : llvm::ArrayRef<std::string>{"tup"},
                  1, call, args))
      return std::nullopt;
    // A list variable is already its items stacked on a new first axis
    // (GenList.cpp).
    if (name == "stack" && args[0]->kind == ExprKind::Name) {
      auto it = scope->vars.find(args[0]->name);
      if (it != scope->vars.end() && it->second.list) {
        if (args[1] && axisLiteral(*args[1]).value_or(1) != 0)
          return err(args[1]->loc, shown + "() of a list variable takes "
                                           "axis=0 here");
        Val r = it->second;
        r.alias.reset();
        return r;
      }
    }
    if (name != "stack" && args[0]->kind == ExprKind::Name) {
      auto it = scope->vars.find(args[0]->name);
      if (it != scope->vars.end() && it->second.list)
        return concatList(it->second, name, shown,
                          hasAxisArg ? args[1] : nullptr, l);
    }
    std::vector<Val> xs;
    if (!seqArg(args[0], xs))
      return std::nullopt;
    int64_t axis = 0;
    if (hasAxisArg && args[1]) {
      std::optional<int64_t> v = axisLiteral(*args[1]);
      if (!v)
        return err(args[1]->loc, shown + "(): axis must be an integer literal");
      axis = *v;
    }
    if (xs.empty())
      return err(l, "need at least one array to concatenate");
    if (name == "stack") {
      int64_t rank = xs[0].type.rank() + 1;
      int64_t ax = axis < 0 ? axis + rank : axis;
      if (ax < 0 || ax >= rank)
        return err(args[1]->loc, "axis " + std::to_string(axis) +
                                     " is out of bounds for array of dimension " +
                                     std::to_string(rank));
      for (Val &x : xs) {
        if (x.type.rank() != xs[0].type.rank())
          return err(l, "all input arrays must have the same shape");
        for (int64_t d = 0; d < (int64_t)x.type.rank(); ++d) {
          const Dim &want = xs[0].type.dims[d];
          if (x.type.dims[d] == want)
            continue;
          if (!x.type.dims[d].isNamed() && !want.isNamed())
            return err(l, "all input arrays must have the same shape");
          // Known only at run time: checked then.
          Location il = loc(l);
          assertEqual(sizeI64(xs[0], d, il), sizeI64(x, d, il), l,
                      where(l) + "all input arrays must have the same shape", {});
          x = withDim(x, d, want, il);
        }
      }
      for (Val &x : xs)
        x = expandDims(x, {ax}, l);
      return concatVals(xs, ax, true, shown, l);
    }
    if (name == "vstack") {
      for (Val &x : xs) {
        if (x.type.rank() == 0)
          return err(l, shown + "() of 0-d arrays is not supported yet");
        if (x.type.rank() == 1)
          x = expandDims(x, {0}, l);
      }
      return concatVals(xs, 0, true, shown, l);
    }
    if (name == "hstack") {
      for (Val &x : xs)
        if (x.type.rank() == 0)
          return err(l, shown + "() of 0-d arrays is not supported yet");
      return concatVals(xs, xs[0].type.rank() == 1 ? 0 : 1, true, shown, l);
    }
    return concatVals(xs, axis, true, shown, l);
  }
  if (name == "split") {
    if (!bindArgs(shown, {"ary", "indices_or_sections", "axis"}, 2, call, args))
      return std::nullopt;
    OptVal a = arrayArg(args[0]);
    if (!a)
      return std::nullopt;
    int64_t rank = a->type.rank();
    if (rank == 0)
      return err(l, "split() of a 0-d array is not possible");
    int64_t axis = 0;
    if (args[2]) {
      std::optional<int64_t> v = axisArg(args[2], rank, shown);
      if (!v)
        return std::nullopt;
      axis = *v;
    }
    Val result;
    result.kind = Val::Tuple;
    auto piece = [&](const Expr *lo, const Expr *hi) -> bool {
      llvm::SmallVector<WinDim> win(rank);
      for (int64_t d = 0; d < rank; ++d)
        if (!sliceDim(*a, d, d == axis ? lo : nullptr, d == axis ? hi : nullptr,
                      nullptr, win[d], l))
          return false;
      result.elts.push_back(emitSlice(*a, win, l));
      return true;
    };
    const Expr *sec = args[1];
    if (sec->kind == ExprKind::List || sec->kind == ExprKind::Tuple) {
      const Expr *prev = nullptr;
      for (const ExprPtr &x : sec->elts) {
        if (!axisLiteral(*x))
          return err(x->loc, "split indices must be integer literals");
        if (!piece(prev, x.get()))
          return std::nullopt;
        prev = x.get();
      }
      if (!piece(prev, nullptr))
        return std::nullopt;
      return result;
    }
    std::optional<int64_t> nsec = axisLiteral(*sec);
    if (!nsec)
      return err(sec->loc, "split(): the number of sections must be an integer "
                           "literal, or give a list of indices");
    if (*nsec <= 0)
      return err(sec->loc, "number sections must be larger than 0.");
    const Dim &D = a->type.dims[axis];
    Location il = loc(l);
    if (!D.isNamed()) {
      if (D.size % *nsec != 0)
        return err(l, "array split does not result in an equal division");
      int64_t sz = D.size / *nsec;
      for (int64_t k = 0; k < *nsec; ++k) {
        Expr lo(ExprKind::Int, l), hi(ExprKind::Int, l);
        lo.intValue = k * sz;
        hi.intValue = (k + 1) * sz;
        if (!piece(&lo, &hi))
          return std::nullopt;
      }
      return result;
    }
    Value n = dimIndex(*a, axis, il);
    Value ns = arith::ConstantIndexOp::create(b, il, *nsec);
    Value rem = arith::RemSIOp::create(b, il, n, ns);
    Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, rem,
                                     arith::ConstantIndexOp::create(b, il, 0));
    nd::AssertOp::create(b, il, ok,
                         b.getStringAttr(file + ":" + std::to_string(l.line) + ":" +
                                         std::to_string(l.col) +
                                         ": array split does not result in an "
                                         "equal division"));
    Value sz = arith::DivSIOp::create(b, il, n, ns);
    for (int64_t k = 0; k < *nsec; ++k) {
      llvm::SmallVector<WinDim> win(rank);
      for (int64_t d = 0; d < rank; ++d)
        if (!sliceDim(*a, d, nullptr, nullptr, nullptr, win[d], l))
          return std::nullopt;
      WinDim &w = win[axis];
      w.sStart = ShapedType::kDynamic;
      w.dStart = arith::MulIOp::create(b, il, sz, arith::ConstantIndexOp::create(b, il, k));
      w.sSize = ShapedType::kDynamic;
      w.dSize = sz;
      w.dim = Dim::named(D.name + "/" + std::to_string(*nsec));
      result.elts.push_back(emitSlice(*a, win, l));
    }
    return result;
  }
  llvm_unreachable("not a shape function of Builtins.def");
}
