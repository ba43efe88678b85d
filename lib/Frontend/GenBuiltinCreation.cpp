//===- GenBuiltinCreation.cpp - array creation ----------------------------===//
//
// zeros/ones/full/empty (and *_like), arange, linspace, eye/identity;
// shape and dtype arguments.
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

/// Reads a shape: an int literal or a tuple of them.
bool Gen::parseShape(const Expr &e, llvm::StringRef fname,
                     llvm::SmallVectorImpl<Dim> &dims) {
  llvm::SmallVector<const Expr *> items;
  if (e.kind == ExprKind::Tuple || e.kind == ExprKind::List)
    for (const ExprPtr &x : e.elts)
      items.push_back(x.get());
  else
    items.push_back(&e);
  std::vector<std::pair<const Expr *, Val>> vals;
  for (const Expr *x : items) {
    OptVal v = eval(*x);
    if (!v)
      return false;
    if (v->kind == Val::Tuple) // `x.shape`
      for (const Val &t : v->elts)
        vals.push_back({x, t});
    else
      vals.push_back({x, *v});
  }
  for (auto &[x, val] : vals) {
    Val *v = &val;
    if (v->kind == Val::Array && shapeDims.count(v->value)) {
      // A size read from an array (`n`, `x.shape[0]`, `len(x)`).
      const Dim &d = shapeDims[v->value];
      if (!namedDimValue(d.name, loc(x->loc)))
        return fail(x->loc, fname + "(): the size '" + d.name + "' is "
                                    "computed, not a dimension of the "
                                    "signature; use the *_like functions");
      dims.push_back(d);
      continue;
    }
    if (v->kind != Val::Lit || v->weak != Weak::Int)
      return fail(x->loc, fname + "(): a shape must be integers: literals or "
                                  "sizes of arrays (`n`, `x.shape[0]`, "
                                  "`len(x)`), got " + describeVal(*v));
    if (v->i < 0)
      return fail(x->loc, fname + "(): negative dimensions are not allowed");
    dims.push_back(Dim::lit(v->i));
  }
  return true;
}

/// A Python scalar converted to dtype `t` as NumPy's astype would.
Val Gen::litAs(const Val &v, DType t) {
  bool floating = v.weak == Weak::Float || v.weak == Weak::Complex;
  if (v.kind == Val::Lit && floating && !isFloat(t) && !isComplex(t)) {
    Val w = t == DType::Bool ? Val::boolLit(v.f != 0 || v.im != 0)
                             : Val::intLit(static_cast<int64_t>(v.f));
    w.at = v.at;
    return toArray(w, t);
  }
  return toArray(v, t);
}

/// `value` (cast to `t`) broadcast to `dims`.
Val Gen::fill(const Val &value, DType t, llvm::ArrayRef<Dim> dims,
              const std::vector<Val> &sources, SrcLoc l) {
  Val c = litAs(value, t);
  return broadcastTo(c, dims, sources, loc(l));
}

Val Gen::iota(DType t, llvm::ArrayRef<Dim> dims, int64_t dim,
              const std::vector<Val> &sources, SrcLoc l) {
  ArrType at{t, llvm::SmallVector<Dim, 4>(dims)};
  llvm::SmallVector<Value> dyn;
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i].isNamed())
      dyn.push_back(dimValue(sources, dims, i, loc(l)));
  Value r = nd::IotaOp::create(b, loc(l), at.tensorType(&ctx),
                               b.getI64IntegerAttr(dim), dyn);
  return Val::array(r, at);
}

OptVal Gen::creation(llvm::StringRef name, llvm::StringRef full,
                     const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  auto dtypeOr = [&](const Expr *e, DType def) -> std::optional<DType> {
    if (!e || e->kind == ExprKind::None)
      return def;
    return dtypeArg(*e, full);
  };
  if (name == "zeros" || name == "ones" || name == "empty" || name == "full") {
    bool isFull = name == "full";
    if (isFull ? !bindArgs(full, {"shape", "fill_value", "dtype"}, 2, call, args)
               : !bindArgs(full, {"shape", "dtype"}, 1, call, args))
      return std::nullopt;
    llvm::SmallVector<Dim> dims;
    if (!parseShape(*args[0], full, dims))
      return std::nullopt;
    Val value = Val::intLit(name == "ones" ? 1 : 0);
    DType def = DType::F64;
    if (isFull) {
      OptVal v = evalArrayOperand(*args[1], full);
      if (!v)
        return std::nullopt;
      value = *v;
      def = value.kind == Val::Array ? value.type.dtype : materialize(value).type.dtype;
      llvm::SmallVector<Dim> out;
      if (value.kind == Val::Array &&
          (!broadcastShapes(value.type.dims, dims, out) ||
           llvm::ArrayRef<Dim>(out) != llvm::ArrayRef<Dim>(dims)))
        return err(args[1]->loc, full + "(): the fill value of shape " +
                                     value.type.str() +
                                     " does not broadcast to the shape");
    }
    std::optional<DType> t = dtypeOr(args[isFull ? 2 : 1], def);
    if (!t)
      return std::nullopt;
    return fill(value, *t, dims, {}, l);
  }
  if (name.ends_with("_like")) {
    bool isFull = name == "full_like";
    if (isFull ? !bindArgs(full, {"a", "fill_value", "dtype"}, 2, call, args)
               : !bindArgs(full, {"a", "dtype"}, 1, call, args))
      return std::nullopt;
    OptVal a = evalArrayOperand(*args[0], full);
    if (!a)
      return std::nullopt;
    Val arr = materialize(*a);
    std::optional<DType> t = dtypeOr(args[isFull ? 2 : 1], arr.type.dtype);
    if (!t)
      return std::nullopt;
    Val value = Val::intLit(name == "ones_like" ? 1 : 0);
    if (isFull) {
      OptVal v = evalArrayOperand(*args[1], full);
      if (!v)
        return std::nullopt;
      value = *v;
      llvm::SmallVector<Dim> out;
      if (value.kind == Val::Array &&
          (!broadcastShapes(value.type.dims, arr.type.dims, out) ||
           llvm::ArrayRef<Dim>(out) != llvm::ArrayRef<Dim>(arr.type.dims)))
        return err(args[1]->loc, full + "(): the fill value of shape " +
                                     value.type.str() + " does not broadcast to " +
                                     arr.type.str());
    }
    return fill(value, *t, arr.type.dims, {arr}, l);
  }
  if (name == "arange") {
    if (!bindArgs(full, {"start", "stop", "step", "dtype"}, 1, call, args))
      return std::nullopt;
    Val v[3] = {Val::intLit(0), Val(), Val::intLit(1)};
    int given = 0;
    if (!args[1] && !args[2]) { // arange(n) with a size `n`: i64[n].
      llvm::SmallVector<Dim> dims;
      OptVal x = eval(*args[0]);
      if (!x)
        return std::nullopt;
      if (x->kind == Val::Array && shapeDims.count(x->value)) {
        if (!parseShape(*args[0], full, dims))
          return std::nullopt;
        std::optional<DType> t = dtypeOr(args[3], DType::I64);
        if (!t)
          return std::nullopt;
        return litAs(iota(DType::I64, dims, 0, {}, l), *t);
      }
    }
    for (int i = 0; i < 3; ++i) {
      if (!args[i] || args[i]->kind == ExprKind::None)
        continue;
      OptVal x = eval(*args[i]);
      if (!x)
        return std::nullopt;
      if (x->kind != Val::Lit || x->weak == Weak::Bool ||
          x->weak == Weak::Complex)
        return err(args[i]->loc, full + "(): start, stop and step must be "
                                        "real number literals here");
      v[i] = *x;
      ++given;
    }
    if (v[1].kind == Val::None) { // arange(stop)
      v[1] = v[0];
      v[0] = Val::intLit(0);
    }
    (void)given;
    bool allInt = v[0].weak == Weak::Int && v[1].weak == Weak::Int &&
                  v[2].weak == Weak::Int;
    double step = v[2].asDouble();
    if (step == 0)
      return err(l, full + "(): step must not be zero");
    double len = std::ceil((v[1].asDouble() - v[0].asDouble()) / step);
    int64_t n = len > 0 ? static_cast<int64_t>(len) : 0;
    if (allInt) { // exact integer length
      int64_t s = v[2].i, d = v[1].i - v[0].i;
      n = s > 0 ? (d > 0 ? (d + s - 1) / s : 0) : (d < 0 ? (-d + -s - 1) / -s : 0);
    }
    DType ct = allInt ? DType::I64 : DType::F64;
    std::optional<DType> t = dtypeOr(args[3], ct);
    if (!t)
      return std::nullopt;
    Val i = iota(ct, {Dim::lit(n)}, 0, {}, l);
    OptVal r = binary("*", i, v[2], l);
    if (r)
      r = binary("+", *r, v[0], l);
    if (!r)
      return std::nullopt;
    return litAs(*r, *t);
  }
  if (name == "linspace") {
    if (!bindArgs(full, {"start", "stop", "num", "endpoint", "retstep", "dtype"},
                  2, call, args))
      return std::nullopt;
    double se[2];
    for (int i = 0; i < 2; ++i) {
      OptVal x = eval(*args[i]);
      if (!x)
        return std::nullopt;
      if (x->kind != Val::Lit || x->weak == Weak::Bool ||
          x->weak == Weak::Complex)
        return err(args[i]->loc, full + "(): start and stop must be real "
                                        "number literals here");
      se[i] = x->asDouble();
    }
    int64_t num = 50;
    if (args[2]) {
      OptVal x = eval(*args[2]);
      if (!x)
        return std::nullopt;
      if (x->kind != Val::Lit || x->weak != Weak::Int || x->i < 0)
        return err(args[2]->loc, full + "(): num must be a non-negative "
                                        "integer literal");
      num = x->i;
    }
    bool endpoint = true;
    if (args[3]) {
      if (args[3]->kind != ExprKind::Bool)
        return err(args[3]->loc, full + "(): endpoint must be True or False");
      endpoint = args[3]->boolValue;
    }
    if (args[4])
      return err(args[4]->loc, full + "(): retstep is not supported yet");
    std::optional<DType> t = dtypeOr(args[5], DType::F64);
    if (!t)
      return std::nullopt;
    // NumPy's formula, computed at run time (a ramp is a kernel, never
    // data in the binary): arange(num) * step + start, the last set to stop.
    int64_t div = endpoint ? num - 1 : num;
    double delta = se[1] - se[0];
    llvm::SmallVector<Dim> dims{Dim::lit(num)};
    OptVal r = binary("*", iota(DType::F64, dims, 0, {}, l),
                      Val::floatLit(div > 0 ? delta / div : delta), l);
    if (r)
      r = binary("+", *r, Val::floatLit(se[0]), l);
    if (!r)
      return std::nullopt;
    if (endpoint && num > 1) {
      OptVal last = compare("==", iota(DType::I64, dims, 0, {}, l), Val::intLit(num - 1), l);
      if (!last)
        return std::nullopt;
      Val stop = broadcastTo(toArray(Val::floatLit(se[1]), DType::F64), dims, {*r}, loc(l));
      Value v = nd::SelectOp::create(b, loc(l), r->value.getType(), last->value, stop.value,
                                     r->value);
      r = Val::array(v, r->type);
    }
    return toArray(*r, *t);
  }
  if (name == "eye" || name == "identity") {
    bool isEye = name == "eye";
    if (isEye ? !bindArgs(full, {"N", "M", "k", "dtype"}, 1, call, args)
              : !bindArgs(full, {"n", "dtype"}, 1, call, args))
      return std::nullopt;
    int64_t nmk[3] = {0, -1, 0};
    for (int i = 0; i < (isEye ? 3 : 1); ++i) {
      if (!args[i] || args[i]->kind == ExprKind::None)
        continue;
      OptVal x = eval(*args[i]);
      if (!x)
        return std::nullopt;
      if (x->kind != Val::Lit || x->weak != Weak::Int)
        return err(args[i]->loc, full + "(): N, M and k must be integer literals");
      if (i < 2 && x->i < 0)
        return err(args[i]->loc, full + "(): negative dimensions are not allowed");
      nmk[i] = x->i;
    }
    if (nmk[1] < 0)
      nmk[1] = nmk[0];
    std::optional<DType> t = dtypeOr(args[isEye ? 3 : 1], DType::F64);
    if (!t)
      return std::nullopt;
    llvm::SmallVector<Dim> dims{Dim::lit(nmk[0]), Dim::lit(nmk[1])};
    Val r = iota(DType::I64, dims, 0, {}, l);
    Val c = iota(DType::I64, dims, 1, {}, l);
    OptVal d = binary("-", c, r, l);
    if (!d)
      return std::nullopt;
    OptVal m = compare("==", *d, Val::intLit(nmk[2]), l);
    if (!m)
      return std::nullopt;
    return toArray(*m, *t);
  }
  return err(l, "'" + full + "' is not supported yet");
}

/// `a` as a 1-d array in C order (tensor.collapse_shape: a view, no copy).
/// A dynamic total size gets a fresh dimension name (it equals no other).
Val Gen::flatten(const Val &a, SrcLoc l) {
  if (a.type.rank() == 1)
    return a;
  if (a.type.rank() == 0)
    return broadcastTo(a, {Dim::lit(1)}, {a}, loc(l));
  Dim total = Dim::lit(1);
  for (const Dim &d : a.type.dims) {
    if (d.isNamed()) {
      total = Dim::named("(size at " + std::to_string(l.line) + ":" +
                         std::to_string(l.col) + ")");
      break;
    }
    total.size *= d.size;
  }
  ArrType rt{a.type.dtype, {total}};
  ReassociationIndices all;
  for (unsigned i = 0; i < a.type.rank(); ++i)
    all.push_back(i);
  Value r = tensor::CollapseShapeOp::create(b, loc(l), rt.tensorType(&ctx), a.value,
                                            llvm::ArrayRef<ReassociationIndices>{all});
  return Val::array(r, rt);
}
