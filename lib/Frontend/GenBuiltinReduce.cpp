//===- GenBuiltinReduce.cpp - reductions and statistics -------------------===//
//
// sum/prod/max/min, mean/var/std, argmax/argmin, any/all, cumsum/cumprod.
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

/// sum/prod/max/min (and amax/amin): one ndarray.reduce.
OptVal Gen::reduction(Builtin id, llvm::StringRef name, const Expr &call) {
  llvm::SmallVector<const Expr *> args;
  bool python = !name.contains('.');
  if (python && (id == Builtin::Max || id == Builtin::Min) && call.elts.size() >= 2)
    return pythonMinMax(id == Builtin::Max, call);
  if (!bindArgs(name, {"a", "axis", "keepdims"}, 1, call, args))
    return std::nullopt;
  OptVal x = evalArrayOperand(*args[0], name);
  if (!x)
    return std::nullopt;
  if (id == Builtin::Amax)
    id = Builtin::Max;
  if (id == Builtin::Amin)
    id = Builtin::Min;
  return reduce(id, name, materialize(*x), args[1], args[2], call.loc);
}

OptVal Gen::reduce(Builtin bi, llvm::StringRef name, Val a, const Expr *axis,
                   const Expr *keepdims, SrcLoc l) {
  int64_t rank = a.type.rank();
  llvm::SmallVector<int64_t> axes;
  if (!axis || axis->kind == ExprKind::None) {
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
  } else {
    llvm::SmallVector<const Expr *> items;
    if (axis->kind == ExprKind::Tuple)
      for (const ExprPtr &x : axis->elts)
        items.push_back(x.get());
    else
      items.push_back(axis);
    for (const Expr *x : items) {
      std::optional<int64_t> v = axisLiteral(*x);
      if (!v) {
        std::string hint = (bi == Builtin::Max || bi == Builtin::Min)
                               ? std::string("; for the elementwise ") +
                                     (bi == Builtin::Max ? "maximum" : "minimum") +
                                     " of two arrays use " +
                                     (bi == Builtin::Max ? "maximum" : "minimum") +
                                     "(a, b)"
                               : "";
        return err(x->loc, name + "(): axis must be None, an integer literal "
                                  "or a tuple of integer literals" + hint);
      }
      int64_t n = *v < 0 ? *v + rank : *v;
      if (n < 0 || n >= rank)
        return err(x->loc, "axis " + std::to_string(*v) +
                               " is out of bounds for array of dimension " +
                               std::to_string(rank));
      if (llvm::is_contained(axes, n))
        return err(x->loc, "duplicate value in 'axis'");
      axes.push_back(n);
    }
    llvm::sort(axes);
  }
  bool keep = false;
  if (keepdims) {
    if (keepdims->kind != ExprKind::Bool)
      return err(keepdims->loc, name + "(): keepdims must be True or False");
    keep = keepdims->boolValue;
  }
  bool isMaxMin = bi == Builtin::Max || bi == Builtin::Min;
  if (isMaxMin && isComplex(a.type.dtype))
    return err(l, name + "() is not supported for complex numbers (" +
                      a.type.str() + "): arrayc does not order them");
  if (isMaxMin)
    for (int64_t ax : axes)
      if (!a.type.dims[ax].isNamed() && a.type.dims[ax].size == 0)
        return err(l, std::string("zero-size array to reduction operation ") +
                          (bi == Builtin::Max ? "maximum" : "minimum") +
                          " which has no identity");
  DType t = a.type.dtype;
  if (!isMaxMin)
    t = sumTypeFor(t); // NumPy sums small integers in the platform integer.
  Val x = toArray(a, t);
  ArrType rt{t, {}};
  for (int64_t d = 0; d < rank; ++d) {
    if (!llvm::is_contained(axes, d))
      rt.dims.push_back(x.type.dims[d]);
    else if (keep)
      rt.dims.push_back(Dim::lit(1));
  }
  nd::ReduceKind kind = bi == Builtin::Sum    ? nd::ReduceKind::sum
                        : bi == Builtin::Prod ? nd::ReduceKind::prod
                        : bi == Builtin::Max  ? nd::ReduceKind::max
                                              : nd::ReduceKind::min;
  Value r = nd::ReduceOp::create(
      b, loc(l), rt.tensorType(&ctx), nd::ReduceKindAttr::get(&ctx, kind),
      x.value, b.getDenseI64ArrayAttr(axes), keep ? b.getUnitAttr() : nullptr);
  return Val::array(r, rt);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

bool Gen::parseAxes(const Val &a, const Expr *axis, llvm::StringRef name,
                    llvm::SmallVectorImpl<int64_t> &axes, bool single) {
  int64_t rank = a.type.rank();
  if (!axis || axis->kind == ExprKind::None) {
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
    return true;
  }
  llvm::SmallVector<const Expr *> items;
  if (axis->kind == ExprKind::Tuple && !single)
    for (const ExprPtr &x : axis->elts)
      items.push_back(x.get());
  else
    items.push_back(axis);
  for (const Expr *x : items) {
    std::optional<int64_t> v = axisLiteral(*x);
    if (!v)
      return fail(x->loc, name + "(): axis must be None" +
                              (single ? " or an integer literal"
                                      : ", an integer literal or a tuple of "
                                        "integer literals"));
    int64_t n = *v < 0 ? *v + rank : *v;
    if (n < 0 || n >= rank)
      return fail(x->loc, "axis " + std::to_string(*v) +
                              " is out of bounds for array of dimension " +
                              std::to_string(rank));
    if (llvm::is_contained(axes, n))
      return fail(x->loc, "duplicate value in 'axis'");
    axes.push_back(n);
  }
  llvm::sort(axes);
  return true;
}

std::optional<bool> Gen::parseKeepdims(const Expr *e, llvm::StringRef name) {
  if (!e)
    return false;
  if (e->kind != ExprKind::Bool)
    return err(e->loc, name + "(): keepdims must be True or False");
  return e->boolValue;
}

Val Gen::reduceAxes(nd::ReduceKind kind, const Val &x,
                    llvm::ArrayRef<int64_t> axes, bool keep, SrcLoc l) {
  // The sum over the masked axis of `X[mask]` (kmeans' per-cluster means):
  // X's elements where the mask is true, the others -0.0 (the identity of
  // a float sum, signed zeros included) or 0. The compaction and the gather
  // go (the count of the selection is the host's already): per cluster a
  // CUB select, a gather and their reads back fewer.
  if (auto it = maskedRows.find(x.value);
      kind == nd::ReduceKind::sum && it != maskedRows.end() &&
      llvm::is_contained(axes, it->second.axis) && !isComplex(x.type.dtype)) {
    const MaskedRows &m = it->second;
    const Val &src = m.source;
    Location il = loc(l);
    llvm::SmallVector<Value> dyn;
    for (size_t i = 0; i < src.type.rank(); ++i)
      if (src.type.dims[i].isNamed())
        dyn.push_back(dimValue({src}, src.type.dims, i, il));
    ArrType maskType{DType::Bool, src.type.dims};
    Val mask = withDim(m.mask, 0, src.type.dims[m.axis], il);
    Value wide = nd::BroadcastInDimOp::create(b, il, maskType.tensorType(&ctx), mask.value,
                                              b.getDenseI64ArrayAttr({m.axis}), dyn);
    DType t = x.type.dtype;
    Val zero = broadcastTo(toArray(isFloat(t) ? Val::floatLit(-0.0) : Val::intLit(0), t),
                           src.type.dims, {src}, il);
    Value selected = nd::SelectOp::create(b, il, src.value.getType(), wide, src.value, zero.value);
    return reduceAxes(kind, Val::array(selected, src.type), axes, keep, l);
  }
  ArrType rt{x.type.dtype, {}};
  for (int64_t d = 0; d < static_cast<int64_t>(x.type.rank()); ++d) {
    if (!llvm::is_contained(axes, d))
      rt.dims.push_back(x.type.dims[d]);
    else if (keep)
      rt.dims.push_back(Dim::lit(1));
  }
  Value r = nd::ReduceOp::create(
      b, loc(l), rt.tensorType(&ctx), nd::ReduceKindAttr::get(&ctx, kind),
      x.value, b.getDenseI64ArrayAttr(axes), keep ? b.getUnitAttr() : nullptr);
  return Val::array(r, rt);
}

/// The number of elements over `axes`, as a float literal when static, else
/// as an array of dtype `t` shaped like the reduction's result.
Val Gen::countOver(const Val &x, llvm::ArrayRef<int64_t> axes, bool keep,
                   DType t, SrcLoc l) {
  int64_t n = 1;
  bool dynamic = false;
  for (int64_t a : axes) {
    if (x.type.dims[a].isNamed())
      dynamic = true;
    else
      n *= x.type.dims[a].size;
  }
  if (!dynamic)
    return Val::floatLit(static_cast<double>(n));
  // The product of the sizes, a run-time scalar (it broadcasts against the
  // reduced array whatever `keep` is).
  OptVal count = Val::intLit(n);
  for (int64_t a : axes)
    if (x.type.dims[a].isNamed())
      count = binary("*", *count, sizeOf(x, a, l), l);
  return toArray(*count, t);
}

OptVal Gen::statistic(llvm::StringRef name, llvm::StringRef full,
                      const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  if (name.starts_with("nan"))
    return nanReduction(name, full, call);
  if (name == "mean" || name == "var" || name == "std") {
    bool isMean = name == "mean";
    if (isMean ? !bindArgs(full, {"a", "axis", "dtype", "out", "keepdims"}, 1, call, args)
               : !bindArgs(full, {"a", "axis", "dtype", "out", "ddof", "keepdims"}, 1,
                           call, args))
      return std::nullopt;
    OptVal av = evalArrayOperand(*args[0], full);
    if (!av)
      return std::nullopt;
    Val a = materialize(*av);
    llvm::SmallVector<int64_t> axes;
    if (!parseAxes(a, args[1], full, axes, false))
      return std::nullopt;
    if (args[3])
      return err(args[3]->loc, full + "(): out= is not supported");
    DType t = isFloat(a.type.dtype) || isComplex(a.type.dtype) ? a.type.dtype
                                                               : DType::F64;
    if (args[2] && args[2]->kind != ExprKind::None) {
      std::optional<DType> dt = dtypeArg(*args[2], full);
      if (!dt)
        return std::nullopt;
      if (!isFloat(*dt) && !isComplex(*dt))
        return err(args[2]->loc, full + "(): an integer dtype is not supported");
      t = *dt;
    }
    std::optional<bool> keep = parseKeepdims(args[isMean ? 4 : 5], full);
    if (!keep)
      return std::nullopt;
    double ddof = 0;
    if (!isMean && args[4]) {
      OptVal d = eval(*args[4]);
      if (!d)
        return std::nullopt;
      if (d->kind != Val::Lit || d->weak == Weak::Bool)
        return err(args[4]->loc, full + "(): ddof must be a number literal");
      ddof = d->asDouble();
    }
    // Half floats compute in f32, as NumPy does. var/std of complex numbers
    // are real: the mean of |x - mean|^2 = re^2 + im^2.
    DType ct = (t == DType::F16 || t == DType::BF16) ? DType::F32 : t;
    DType realCt = isComplex(ct) ? complexPart(ct) : ct;
    Val x = toArray(a, ct);
    auto meanOf = [&](const Val &v, bool k) -> OptVal {
      Val s = reduceAxes(nd::ReduceKind::sum, v, axes, k, l);
      return binary("/", s, countOver(v, axes, k, ct, l), l);
    };
    OptVal r;
    if (isMean) {
      r = meanOf(x, *keep);
    } else {
      OptVal m = meanOf(x, true);
      if (!m)
        return std::nullopt;
      OptVal d = binary("-", x, *m, l);
      if (d && isComplex(ct)) {
        Val re = complexPartOf("real", *d, l), im = complexPartOf("imag", *d, l);
        OptVal re2 = binary("*", re, re, l), im2 = binary("*", im, im, l);
        d = re2 && im2 ? binary("+", *re2, *im2, l) : std::nullopt;
      } else if (d) {
        d = binary("*", *d, *d, l);
      }
      if (!d)
        return std::nullopt;
      Val s = reduceAxes(nd::ReduceKind::sum, *d, axes, *keep, l);
      Val n = countOver(x, axes, *keep, realCt, l);
      OptVal dn = n;
      if (n.kind == Val::Lit)
        dn = Val::floatLit(std::max(n.f - ddof, 0.0));
      else if (ddof != 0)
        dn = binary("max", *binary("-", n, Val::floatLit(ddof), l),
                    Val::floatLit(0.0), l);
      if (!dn)
        return std::nullopt;
      r = binary("/", s, *dn, l);
      if (r && name == "std")
        r = Val::array(nd::SqrtOp::create(b, loc(l), r->value.getType(), r->value),
                       r->type);
    }
    if (!r)
      return std::nullopt;
    return toArray(*r, isMean || !isComplex(t) ? t : complexPart(t));
  }
  if (name == "argmax" || name == "argmin") {
    if (!bindArgs(full, {"a", "axis", "out", "keepdims"}, 1, call, args))
      return std::nullopt;
    OptVal av = evalArrayOperand(*args[0], full);
    if (!av)
      return std::nullopt;
    Val a = materialize(*av);
    if (args[2])
      return err(args[2]->loc, full + "(): out= is not supported");
    if (isComplex(a.type.dtype))
      return err(l, full + "() is not supported for complex numbers (" +
                        a.type.str() + "): arrayc does not order them");
    llvm::SmallVector<int64_t> axes;
    if (!parseAxes(a, args[1], full, axes, true))
      return std::nullopt;
    std::optional<bool> keep = parseKeepdims(args[3], full);
    if (!keep)
      return std::nullopt;
    if (axes.empty()) // a 0-d array: the index is 0.
      return toArray(Val::intLit(0), DType::I64);
    for (int64_t ax : axes)
      if (!a.type.dims[ax].isNamed() && a.type.dims[ax].size == 0)
        return err(l, "attempt to get " + name.str() + " of an empty sequence");
    return argReduce(name == "argmax" ? nd::ReduceKind::max : nd::ReduceKind::min,
                     a, axes, *keep, l);
  }
  if (name == "any" || name == "all") {
    if (!bindArgs(full, {"a", "axis", "out", "keepdims"}, 1, call, args))
      return std::nullopt;
    OptVal av = evalArrayOperand(*args[0], full);
    if (!av)
      return std::nullopt;
    Val a = materialize(*av);
    if (args[2])
      return err(args[2]->loc, full + "(): out= is not supported");
    llvm::SmallVector<int64_t> axes;
    if (!parseAxes(a, args[1], full, axes, false))
      return std::nullopt;
    std::optional<bool> keep = parseKeepdims(args[3], full);
    if (!keep)
      return std::nullopt;
    Val x = toArray(a, DType::Bool);
    if (axes.empty())
      return x;
    // On bool, sum is `or` (identity False) and prod `and` (identity True).
    return reduceAxes(name == "any" ? nd::ReduceKind::sum : nd::ReduceKind::prod,
                      x, axes, *keep, l);
  }
  if (name == "cumsum" || name == "cumprod") {
    if (!bindArgs(full, {"a", "axis", "dtype"}, 1, call, args))
      return std::nullopt;
    OptVal av = evalArrayOperand(*args[0], full);
    if (!av)
      return std::nullopt;
    Val a = materialize(*av);
    int64_t axis = 0;
    if (!args[1] || args[1]->kind == ExprKind::None) {
      a = flatten(a, l); // NumPy flattens (C order)
    } else {
      llvm::SmallVector<int64_t> axes;
      if (!parseAxes(a, args[1], full, axes, true))
        return std::nullopt;
      axis = axes[0];
    }
    DType t = sumTypeFor(a.type.dtype);
    if (args[2] && args[2]->kind != ExprKind::None) {
      std::optional<DType> dt = dtypeArg(*args[2], full);
      if (!dt)
        return std::nullopt;
      t = *dt;
    }
    Val x = toArray(a, t);
    nd::ReduceKind k = name == "cumsum" ? nd::ReduceKind::sum : nd::ReduceKind::prod;
    Value r = nd::ScanOp::create(b, loc(l), x.value.getType(),
                                 nd::ReduceKindAttr::get(&ctx, k), x.value,
                                 b.getI64IntegerAttr(axis));
    return Val::array(r, x.type);
  }
  return err(l, "'" + full + "' is not supported yet");
}

Val Gen::argReduce(nd::ReduceKind k, const Val &a, llvm::ArrayRef<int64_t> axes,
                   bool keep, SrcLoc l) {
  ArrType rt{DType::I64, {}};
  for (int64_t d = 0; d < static_cast<int64_t>(a.type.rank()); ++d) {
    if (!llvm::is_contained(axes, d))
      rt.dims.push_back(a.type.dims[d]);
    else if (keep)
      rt.dims.push_back(Dim::lit(1));
  }
  Value r = nd::ArgReduceOp::create(b, loc(l), rt.tensorType(&ctx),
                                    nd::ReduceKindAttr::get(&ctx, k), a.value,
                                    b.getDenseI64ArrayAttr(axes),
                                    keep ? b.getUnitAttr() : nullptr);
  return Val::array(r, rt);
}

//===----------------------------------------------------------------------===//
// Python's max(a, b, ...) and min(a, b, ...)
//===----------------------------------------------------------------------===//

/// Python's semantics: the first argument unless a later one is strictly
/// greater (max) or smaller (min); numbers only (an array's truth value is
/// ambiguous, as in Python). Numbers known at compile time fold and keep
/// their kind; at run time the result has the promoted dtype.
OptVal Gen::pythonMinMax(bool isMax, const Expr &call) {
  llvm::StringRef fn = isMax ? "max" : "min", pred = isMax ? ">" : "<";
  if (!call.keywords.empty())
    return err(call.keywords[0].loc, fn + "() with several arguments takes no "
                                          "keyword arguments here");
  std::optional<Val> cur;
  bool weak = true;
  for (const ExprPtr &e : call.elts) {
    OptVal v = eval(*e);
    if (!v)
      return std::nullopt;
    if (v->kind == Val::Array && v->type.rank() != 0)
      return err(e->loc, ambiguous(*v, (fn + "()").str()) + "; for the elementwise " +
                             (isMax ? "maximum" : "minimum") + " of arrays use np." +
                             (isMax ? "maximum" : "minimum") + "(a, b)");
    if (v->kind != Val::Lit && v->kind != Val::Array)
      return err(e->loc, fn + "() expects numbers, got " + v->describe());
    if (isComplexVal(*v))
      return err(e->loc, std::string("'") + pred.str() +
                             "' not supported between instances of 'complex'");
    weak &= isWeak(*v);
    if (!cur) {
      cur = *v;
      continue;
    }
    OptVal better = compare(pred, *v, *cur, e->loc);
    if (!better)
      return std::nullopt;
    if (better->kind == Val::Lit) {
      if (better->i)
        cur = *v;
      continue;
    }
    cur = selectVals(*better, *v, *cur, e->loc);
    if (!cur)
      return std::nullopt;
  }
  if (weak && cur->kind == Val::Array && !cur->weakRt) {
    cur->weakRt = true;
    cur->weak = isFloat(cur->type.dtype) ? Weak::Float
                : isInt(cur->type.dtype) ? Weak::Int
                                         : Weak::Bool;
  }
  return cur;
}

//===----------------------------------------------------------------------===//
// nan-reductions
//===----------------------------------------------------------------------===//

/// nansum/nanprod/nanmax/nanmin/nanmean/nanvar/nanstd/nanargmax/nanargmin:
/// NaNs replaced as NumPy's _replace_nan does (0, 1, -inf, +inf) before the
/// plain reduction; counts of non-NaN elements for the statistics; all-NaN
/// slices give NaN (max/min) or an error (argmax/argmin) as NumPy.
OptVal Gen::nanReduction(llvm::StringRef name, llvm::StringRef full,
                         const Expr &call) {
  SrcLoc l = call.loc;
  llvm::StringRef base = name.drop_front(3);
  bool isArg = base.starts_with("arg"), isStat = base == "mean" || base == "var" ||
                                                 base == "std";
  llvm::SmallVector<const Expr *> args;
  bool ok = isArg ? bindArgs(full, {"a", "axis", "out", "keepdims"}, 1, call, args)
            : base == "var" || base == "std"
                ? bindArgs(full, {"a", "axis", "dtype", "out", "ddof", "keepdims"}, 1,
                           call, args)
            : isStat || base == "sum" || base == "prod"
                ? bindArgs(full, {"a", "axis", "dtype", "out", "keepdims"}, 1, call, args)
                : bindArgs(full, {"a", "axis", "out", "keepdims"}, 1, call, args);
  if (!ok)
    return std::nullopt;
  const Expr *keepE = args.back();
  bool hasDtype = !isArg && (isStat || base == "sum" || base == "prod");
  if (hasDtype && args[2])
    return err(args[2]->loc, full + "(): dtype= is not supported yet");
  const Expr *outE = args[hasDtype ? 3 : 2];
  if (outE)
    return err(outE->loc, full + "(): out= is not supported");
  OptVal av = evalArrayOperand(*args[0], full);
  if (!av)
    return std::nullopt;
  Val a = materialize(*av);
  if (isComplex(a.type.dtype))
    return err(l, full + "() is not supported for complex numbers (" +
                      a.type.str() + ")");
  llvm::SmallVector<int64_t> axes;
  if (!parseAxes(a, args[1], full, axes, isArg))
    return std::nullopt;
  std::optional<bool> keep = parseKeepdims(keepE, full);
  if (!keep)
    return std::nullopt;
  bool floating = isFloat(a.type.dtype);
  double ddof = 0;
  if (base == "var" || base == "std") {
    if (const Expr *d = args[4]) {
      OptVal dv = eval(*d);
      if (!dv)
        return std::nullopt;
      if (dv->kind != Val::Lit || dv->weak == Weak::Bool || dv->weak == Weak::Complex)
        return err(d->loc, full + "(): ddof must be a number literal");
      ddof = dv->asDouble();
    }
  }
  // Integers and bools have no NaN: the plain function (mean/var/std in f64).
  if (!floating && !isStat) {
    if (isArg) {
      for (int64_t ax : axes)
        if (!a.type.dims[ax].isNamed() && a.type.dims[ax].size == 0)
          return err(l, "attempt to get " + base.str() + " of an empty sequence");
      return argReduce(base == "argmax" ? nd::ReduceKind::max : nd::ReduceKind::min,
                       a, axes, *keep, l);
    }
    Builtin id = base == "sum" ? Builtin::Sum : base == "prod" ? Builtin::Prod
                 : base == "max" ? Builtin::Max : Builtin::Min;
    return reduce(id, full, a, args[1], keepE, l);
  }
  DType ct = floating ? a.type.dtype : DType::F64;
  if (ct == DType::F16 || ct == DType::BF16)
    ct = isStat ? DType::F32 : ct;
  Val x = toArray(a, ct);
  Val nan = unaryMath("isnan", x, DType::Bool, l);
  auto replaced = [&](double v) { return selectVals(nan, Val::floatLit(v), x, l); };
  auto allNan = [&](bool k) {
    return axes.empty() ? nan : reduceAxes(nd::ReduceKind::prod, nan, axes, k, l);
  };
  if (base == "sum" || base == "prod") {
    OptVal r = replaced(base == "sum" ? 0.0 : 1.0);
    if (!r)
      return std::nullopt;
    return reduceAxes(base == "sum" ? nd::ReduceKind::sum : nd::ReduceKind::prod, *r,
                      axes, *keep, l);
  }
  if (base == "max" || base == "min") {
    bool isMax = base == "max";
    OptVal r = replaced(isMax ? -INFINITY : INFINITY);
    if (!r)
      return std::nullopt;
    for (int64_t ax : axes)
      if (!a.type.dims[ax].isNamed() && a.type.dims[ax].size == 0)
        return err(l, std::string("zero-size array to reduction operation ") +
                          (isMax ? "fmax" : "fmin") + " which has no identity");
    Val m = reduceAxes(isMax ? nd::ReduceKind::max : nd::ReduceKind::min, *r, axes,
                       *keep, l);
    return selectVals(allNan(*keep), Val::floatLit(NAN), m, l);
  }
  if (isArg) {
    bool isMax = base == "argmax";
    OptVal r = replaced(isMax ? -INFINITY : INFINITY);
    if (!r)
      return std::nullopt;
    if (axes.empty())
      return toArray(Val::intLit(0), DType::I64);
    for (int64_t ax : axes)
      if (!a.type.dims[ax].isNamed() && a.type.dims[ax].size == 0)
        return err(l, "attempt to get " + base.str() + " of an empty sequence");
    // NumPy raises on any all-NaN slice.
    llvm::SmallVector<int64_t> rest;
    Val bad = allNan(false);
    for (int64_t d = 0; d < int64_t(bad.type.rank()); ++d)
      rest.push_back(d);
    Val anyBad = rest.empty() ? bad : reduceAxes(nd::ReduceKind::sum, bad, rest, false, l);
    OptVal good = unary("~", anyBad, l);
    if (!good)
      return std::nullopt;
    Location il = loc(l);
    Value ok = tensor::ExtractOp::create(b, il, good->value, ValueRange{});
    nd::AssertOp::create(b, il, ok,
                         b.getStringAttr(where(l) + "All-NaN slice encountered"));
    return argReduce(isMax ? nd::ReduceKind::max : nd::ReduceKind::min, *r, axes,
                     *keep, l);
  }
  // mean/var/std over the non-NaN elements.
  OptVal notNan = unary("~", nan, l);
  if (!notNan)
    return std::nullopt;
  auto count = [&](bool k) {
    return reduceAxes(nd::ReduceKind::sum, toArray(*notNan, ct), axes, k, l);
  };
  OptVal zeroed = replaced(0.0);
  if (!zeroed)
    return std::nullopt;
  auto meanOf = [&](bool k) -> OptVal {
    return binary("/", reduceAxes(nd::ReduceKind::sum, *zeroed, axes, k, l), count(k),
                  l);
  };
  if (base == "mean")
    return meanOf(*keep);
  OptVal m = meanOf(true);
  OptVal d = m ? binary("-", x, *m, l) : std::nullopt;
  if (d)
    d = binary("*", *d, *d, l);
  if (d)
    d = selectVals(nan, Val::floatLit(0.0), *d, l);
  if (!d)
    return std::nullopt;
  Val s = reduceAxes(nd::ReduceKind::sum, *d, axes, *keep, l);
  OptVal dof = binary("-", count(*keep), Val::floatLit(ddof), l);
  OptVal bad = dof ? compare("<=", *dof, Val::floatLit(0.0), l) : std::nullopt;
  OptVal r = bad ? binary("/", s, *dof, l) : std::nullopt;
  if (r)
    r = selectVals(*bad, Val::floatLit(NAN), *r, l);
  if (r && base == "std")
    r = Val::array(nd::SqrtOp::create(b, loc(l), r->value.getType(), r->value),
                   r->type);
  return r;
}

//===----------------------------------------------------------------------===//
// np.maximum.accumulate, np.minimum.accumulate
//===----------------------------------------------------------------------===//

/// The running maximum (minimum) along `axis` by doubling: while s < n,
/// x[s:] = max(x[s:], x[:n-s]) and s *= 2. ceil(log2 n) elementwise steps in
/// an `scf.while` (as a program's own loop), in a's dtype; NaNs propagate
/// as NumPy's maximum/minimum.
OptVal Gen::extremumAccumulate(bool isMax, const Val &a, int64_t axis, SrcLoc l) {
  Location il = loc(l);
  Val x = a;
  x.alias.reset();
  Type tt = x.value.getType(), ix = b.getIndexType();
  Value n = dimIndex(x, axis, il);
  Value zero = arith::ConstantIndexOp::create(b, il, 0);
  Value one = arith::ConstantIndexOp::create(b, il, 1);
  auto loop = scf::WhileOp::create(b, il, TypeRange{tt, ix}, ValueRange{x.value, one});
  OpBuilder::InsertionGuard guard(b);
  Block *before = b.createBlock(&loop.getBefore(), loop.getBefore().end(), {tt, ix}, {il, il});
  Value more = arith::CmpIOp::create(b, il, arith::CmpIPredicate::slt,
                                     before->getArgument(1), n);
  scf::ConditionOp::create(b, il, more, before->getArguments());
  Block *after = b.createBlock(&loop.getAfter(), loop.getAfter().end(), {tt, ix}, {il, il});
  Val cur = Val::array(after->getArgument(0), x.type);
  Value s = after->getArgument(1);
  Value rest = arith::SubIOp::create(b, il, n, s);
  Dim restDim = freshDim("accumulate", l);
  Val head = windowAlong(cur, axis, zero, s, freshDim("accumulate", l), l);
  Val hi = windowAlong(cur, axis, s, rest, restDim, l);
  Val lo = windowAlong(cur, axis, zero, rest, restDim, l);
  OptVal m = binary(isMax ? "max" : "min", hi, lo, l);
  OptVal c = m ? concatVals({head, *m}, axis, true, "accumulate", l) : std::nullopt;
  if (!c)
    return std::nullopt;
  Val next = withDim(*c, axis, x.type.dims[axis], il);
  Value twice = arith::AddIOp::create(b, il, s, s);
  scf::YieldOp::create(b, il, ValueRange{next.value, twice});
  return Val::array(loop.getResult(0), x.type);
}
