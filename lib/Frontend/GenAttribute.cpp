//===- GenAttribute.cpp - attributes and methods of arrays ----------------===//
//
// `x.shape`, `x.T`, `x.dtype`, ... and `x.astype(...)`, `x.sum()`, ...
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
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <cmath>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

//===----------------------------------------------------------------------===//
// Attributes and methods
//===----------------------------------------------------------------------===//

OptVal Gen::genAttribute(const Expr &e, Val obj) {
  if (obj.kind == Val::Lit && obj.weak != Weak::Float && false)
    return std::nullopt;
  if (obj.kind != Val::Array)
    return err(e.loc, "attribute '." + e.name + "' of " + obj.describe() +
                          " is not supported");
  const ArrType &t = obj.type;
  Location il = loc(e.loc);
  if (e.name == "T") {
    llvm::SmallVector<int64_t> perm;
    for (int64_t d = t.rank() - 1; d >= 0; --d)
      perm.push_back(d);
    return transposeView(obj, perm, e.loc);
  }
  if (e.name == "ndim")
    return Val::intLit(t.rank());
  auto dimVal = [&](int64_t d) { return sizeOf(obj, d, e.loc); };
  if (e.name == "shape") {
    Val tup;
    tup.kind = Val::Tuple;
    for (int64_t d = 0; d < t.rank(); ++d)
      tup.elts.push_back(dimVal(d));
    return tup;
  }
  if (e.name == "size") {
    int64_t stat = 1;
    std::optional<Val> dyn;
    for (int64_t d = 0; d < t.rank(); ++d) {
      if (!t.dims[d].isNamed()) {
        stat *= t.dims[d].size;
        continue;
      }
      Val v = dimVal(d);
      if (!dyn) {
        dyn = v;
      } else {
        Value m = nd::MulOp::create(b, il, v.value.getType(), dyn->value, v.value);
        dyn = Val::array(m, v.type);
      }
    }
    if (!dyn)
      return Val::intLit(stat);
    if (stat == 1)
      return dyn;
    return binary("*", *dyn, Val::intLit(stat), e.loc);
  }
  if (e.name == "real" || e.name == "imag")
    return complexPartOf(e.name, obj, e.loc);
  if (e.name == "dtype") {
    Val s;
    s.kind = Val::Str;
    s.str = numpyDtypeName(t.dtype).str(); // what print(x.dtype) shows in NumPy
    return s;
  }
  return err(e.loc, "attribute '." + e.name + "' is not supported yet");
}

OptVal Gen::genMethod(const Expr &call, const Expr &f, Val obj) {
  SrcLoc l = call.loc;
  std::string shown = "." + f.name;
  if (obj.kind == Val::Lit)
    obj = materialize(obj);
  if (obj.kind != Val::Array)
    return err(f.loc, "method '." + f.name + "()' of " + obj.describe() +
                          " is not supported");
  llvm::SmallVector<const Expr *> args;
  int64_t rank = obj.type.rank();
  if (f.name == "astype") {
    if (!bindArgs(shown, {"dtype"}, 1, call, args))
      return std::nullopt;
    std::optional<DType> t = dtypeArg(*args[0], "");
    if (!t)
      return std::nullopt;
    Val r = toArray(obj, *t);
    if (r.value == obj.value) // .astype copies, also to the same dtype
      return copyOf(obj, l);
    return r;
  }
  if (f.name == "sort" || f.name == "argsort") {
    // `a.sort()` sorts in place (through views and arguments); `a.argsort()`
    // returns the indices (GenBuiltinIndex.cpp).
    if (!bindArgs(shown, {"axis", "kind"}, 0, call, args))
      return std::nullopt;
    OptVal r = sortVal(obj, args[0], f.name == "argsort", shown, l);
    if (!r || f.name == "argsort")
      return r;
    if (!writeThrough(obj, *r, l))
      return std::nullopt;
    Val none;
    none.kind = Val::None;
    return none;
  }
  if (f.name == "copy") {
    if (!bindArgs(shown, {}, 0, call, args))
      return std::nullopt;
    return copyOf(obj, l);
  }
  if (f.name == "conj" || f.name == "conjugate") {
    if (!bindArgs(shown, {}, 0, call, args))
      return std::nullopt;
    return complexPartOf("conj", obj, l);
  }
  if (f.name == "flatten" || f.name == "ravel") {
    if (!bindArgs(shown, {}, 0, call, args))
      return std::nullopt;
    OptVal r = reshapeVal(obj, Val::intLit(-1), l);
    if (!r || f.name == "flatten")
      return r; // flatten copies
    return reshapeView(obj, *r, /*always=*/false);
  }
  if (f.name == "reshape" || f.name == "transpose") {
    if (!call.keywords.empty())
      return err(call.keywords[0].loc, shown + "() takes no keyword arguments here");
    if (f.name == "reshape") {
      if (call.elts.empty())
        return err(l, "reshape() needs a shape");
      Val shape;
      if (call.elts.size() == 1) {
        OptVal s = eval(*call.elts[0]);
        if (!s)
          return std::nullopt;
        shape = *s;
      } else {
        shape.kind = Val::Tuple;
        for (const ExprPtr &x : call.elts) {
          OptVal s = eval(*x);
          if (!s)
            return std::nullopt;
          shape.elts.push_back(*s);
        }
      }
      OptVal r = reshapeVal(obj, shape, l);
      if (!r)
        return std::nullopt;
      return reshapeView(obj, *r, /*always=*/false);
    }
    llvm::SmallVector<int64_t> axes;
    if (call.elts.empty()) {
      for (int64_t d = rank - 1; d >= 0; --d)
        axes.push_back(d);
    } else if (call.elts.size() == 1 && (call.elts[0]->kind == ExprKind::Tuple ||
                                         call.elts[0]->kind == ExprKind::List)) {
      if (!axesArg(call.elts[0].get(), rank, shown, axes))
        return std::nullopt;
    } else {
      for (const ExprPtr &x : call.elts) {
        std::optional<int64_t> a = axisArg(x.get(), rank, shown);
        if (!a)
          return std::nullopt;
        if (llvm::is_contained(axes, *a))
          return err(x->loc, "repeated axis in transpose");
        axes.push_back(*a);
      }
    }
    if ((int64_t)axes.size() != rank)
      return err(l, "axes don't match array");
    return transposeView(obj, axes, l);
  }
  Builtin bi = llvm::StringSwitch<Builtin>(f.name)
                   .Case("sum", Builtin::Sum)
                   .Case("prod", Builtin::Prod)
                   .Case("max", Builtin::Max)
                   .Case("min", Builtin::Min)
                   .Default(Builtin::None);
  if (bi != Builtin::None) {
    if (!bindArgs(shown, {"axis", "keepdims"}, 0, call, args))
      return std::nullopt;
    return reduce(bi, shown, obj, args[0], args[1], l);
  }
  if (const BuiltinInfo *bi = functionMethod(f.name))
    return methodAsFunction(*bi, call, f, obj);
  return err(f.loc, "method '." + f.name + "()' is not supported yet");
}

/// The methods that are NumPy functions of the array (`x.mean(axis=0)` is
/// `np.mean(x, axis=0)`), or null.
const BuiltinInfo *gen::functionMethod(llvm::StringRef name) {
  static const llvm::StringSet<> kMethods = {
      "mean", "std", "var", "cumsum", "cumprod", "argmax", "argmin", "any",
      "all", "clip", "round", "nonzero", "trace", "squeeze", "swapaxes",
      "repeat", "take", "dot", "diagonal", "ptp"};
  return kMethods.contains(name) ? lookupBuiltin(name, /*viaModule=*/true) : nullptr;
}

/// A function method: the call goes to the builtin with the array as its
/// first argument, so both spellings share one implementation and one set
/// of errors.
OptVal Gen::methodAsFunction(const BuiltinInfo &bi, const Expr &call, const Expr &f,
                             const Val &obj) {
  static const char kSelf[] = "$self";
  Expr re(ExprKind::Call, call.loc);
  re.lhs = std::make_unique<Expr>(ExprKind::Name, f.loc);
  re.lhs->name = f.name;
  auto self = std::make_unique<Expr>(ExprKind::Name, f.lhs ? f.lhs->loc : f.loc);
  self->name = kSelf;
  re.elts.push_back(std::move(self));
  for (const ExprPtr &x : call.elts)
    re.elts.push_back(cloneExpr(*x));
  for (const Keyword &k : call.keywords)
    re.keywords.push_back(Keyword{k.name, k.loc, cloneExpr(*k.value)});
  std::optional<Val> saved;
  if (auto it = scope->vars.find(kSelf); it != scope->vars.end())
    saved = it->second; // a method call inside another's arguments
  scope->vars[kSelf] = obj;
  auto restore = llvm::make_scope_exit([&] {
    if (saved)
      scope->vars[kSelf] = *saved;
    else
      scope->vars.erase(kSelf);
  });
  return callBuiltin(bi, "." + f.name, re);
}
