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
  const MethodInfo *m = lookupMethod(e.name, /*attribute=*/true);
  if (!m)
    return err(e.loc, "attribute '." + e.name + "' is not supported yet");
  const ArrType &t = obj.type;
  Location il = loc(e.loc);
  auto dimVal = [&](int64_t d) { return sizeOf(obj, d, e.loc); };
  switch (m->id) {
  case Method::T: {
    llvm::SmallVector<int64_t> perm;
    for (int64_t d = t.rank() - 1; d >= 0; --d)
      perm.push_back(d);
    return transposeView(obj, perm, e.loc);
  }
  case Method::NDim:
    return Val::intLit(t.rank());
  case Method::Shape: {
    Val tup;
    tup.kind = Val::Tuple;
    for (int64_t d = 0; d < t.rank(); ++d)
      tup.elts.push_back(dimVal(d));
    return tup;
  }
  case Method::Size: {
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
  case Method::Real:
  case Method::Imag:
    return complexPartOf(e.name, obj, e.loc);
  case Method::DType: {
    Val s;
    s.kind = Val::Str;
    s.str = numpyDtypeName(t.dtype).str(); // what print(x.dtype) shows in NumPy
    return s;
  }
  default:
    break;
  }
  llvm_unreachable("an attribute of Methods.def without a lowering");
}

OptVal Gen::genMethod(const Expr &call, const Expr &f, Val obj) {
  SrcLoc l = call.loc;
  std::string shown = "." + f.name;
  if (obj.kind == Val::Lit)
    obj = materialize(obj);
  if (obj.kind != Val::Array)
    return err(f.loc, "method '." + f.name + "()' of " + obj.describe() +
                          " is not supported");
  const MethodInfo *m = lookupMethod(f.name, /*attribute=*/false);
  if (!m)
    return err(f.loc, "method '." + f.name + "()' is not supported yet");
  llvm::SmallVector<const Expr *> args;
  if (m->kind == MethodKind::Function)
    return methodAsFunction(*lookupBuiltin(f.name, /*viaModule=*/true), call, f, obj);
  if (m->kind == MethodKind::Reduction) {
    Builtin bi = m->id == Method::Sum    ? Builtin::Sum
                 : m->id == Method::Prod ? Builtin::Prod
                 : m->id == Method::Max  ? Builtin::Max
                                         : Builtin::Min;
    if (!bindArgs(shown, {"axis", "keepdims"}, 0, call, args))
      return std::nullopt;
    return reduce(bi, shown, obj, args[0], args[1], l);
  }
  int64_t rank = obj.type.rank();
  switch (m->id) {
  case Method::AsType: {
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
  case Method::Sort:
  case Method::ArgSort: {
    // `a.sort()` sorts in place (through views and arguments); `a.argsort()`
    // returns the indices (GenBuiltinSearch.cpp).
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
  case Method::Copy:
    if (!bindArgs(shown, {}, 0, call, args))
      return std::nullopt;
    return copyOf(obj, l);
  case Method::Conj:
  case Method::Conjugate:
    if (!bindArgs(shown, {}, 0, call, args))
      return std::nullopt;
    return complexPartOf("conj", obj, l);
  case Method::Flatten:
  case Method::Ravel: {
    if (!bindArgs(shown, {}, 0, call, args))
      return std::nullopt;
    OptVal r = reshapeVal(obj, Val::intLit(-1), l);
    if (!r || f.name == "flatten")
      return r; // flatten copies
    return reshapeView(obj, *r, /*always=*/false);
  }
  case Method::Reshape:
  case Method::Transpose: {
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
  default:
    break;
  }
  llvm_unreachable("a method of Methods.def without a lowering");
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
