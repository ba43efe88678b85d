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
    ArrType rt{DType::I64, {}};
    for (int64_t d = 0; d < static_cast<int64_t>(a.type.rank()); ++d) {
      if (!llvm::is_contained(axes, d))
        rt.dims.push_back(a.type.dims[d]);
      else if (*keep)
        rt.dims.push_back(Dim::lit(1));
    }
    nd::ReduceKind k = name == "argmax" ? nd::ReduceKind::max : nd::ReduceKind::min;
    Value r = nd::ArgReduceOp::create(b, loc(l), rt.tensorType(&ctx),
                                      nd::ReduceKindAttr::get(&ctx, k), a.value,
                                      b.getDenseI64ArrayAttr(axes),
                                      *keep ? b.getUnitAttr() : nullptr);
    return Val::array(r, rt);
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
