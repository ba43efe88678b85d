//===- GenBuiltinCreation.cpp - array creation ----------------------------===//
//
// zeros/ones/full/empty (and *_like), arange, linspace, eye/identity;
// shape and dtype arguments.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"
#include "Frontend/DTypeNames.h"

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

/// A string naming what `v` computes: for the result of a pure op without
/// regions, the op's name, attributes and its operands' keys (so two
/// evaluations of `n + 1` agree); otherwise the value's identity. (As
/// GenIndex.cpp names run-time slice bounds.)
static std::string computationKey(Value v, unsigned depth = 0) {
  Operation *op = v.getDefiningOp();
  if (!op || depth > 16 || op->getNumRegions() || !isPure(op))
    return std::to_string(reinterpret_cast<uintptr_t>(v.getAsOpaquePointer()));
  std::string key;
  llvm::raw_string_ostream os(key);
  os << op->getName() << op->getAttrDictionary() << "#"
     << cast<OpResult>(v).getResultNumber() << "(";
  for (Value operand : op->getOperands())
    os << computationKey(operand, depth + 1) << ",";
  os << ")";
  return key;
}

/// How a size expression is shown in types: `x.shape[1]+2`; a bare name in
/// parentheses, `(N)`, so that it is never taken for a dimension name.
static std::string spellSize(const Expr *e, unsigned depth = 0) {
  if (!e || depth > 8)
    return "?";
  switch (e->kind) {
  case ExprKind::Name:
    return depth ? e->name : "(" + e->name + ")";
  case ExprKind::Int:
    return std::to_string(e->intValue);
  case ExprKind::Attribute:
    return spellSize(e->lhs.get(), depth + 1) + "." + e->name;
  case ExprKind::Subscript:
    return spellSize(e->lhs.get(), depth + 1) + "[" +
           spellSize(e->rhs.get(), depth + 1) + "]";
  case ExprKind::Binary:
    return spellSize(e->lhs.get(), depth + 1) + e->name +
           spellSize(e->rhs.get(), depth + 1);
  case ExprKind::Unary:
    return e->name + spellSize(e->lhs.get(), depth + 1);
  case ExprKind::Call:
    return spellSize(e->lhs.get(), depth + 1) + "(...)";
  default:
    return "?";
  }
}

Dim Gen::runtimeSizeDim(Value idxValue, const Expr *e, llvm::StringRef spelled) {
  std::string key = computationKey(idxValue);
  std::string &name = runtimeSizeNames[key];
  if (name.empty()) {
    name = spelled.empty() ? spellSize(e) : spelled.str();
    // Another computation spelled the same gets a distinct name.
    if (!usedSliceNames.insert(name).second) {
      name += "#" + std::to_string(++freshDims);
      usedSliceNames.insert(name);
    }
  }
  return Dim::named(name);
}

std::optional<Value> Gen::intScalar(const Val &v, const Expr &e,
                                    const llvm::Twine &what) {
  Location il = loc(e.loc);
  if (v.kind == Val::Lit && v.weak == Weak::Int)
    return arith::ConstantIntOp::create(b, il, v.i, 64).getResult();
  if (v.kind != Val::Array || v.type.rank() != 0 || !isInt(v.type.dtype)) {
    err(e.loc, what + ", got " + describeVal(v));
    return std::nullopt;
  }
  // In i64: an unsigned size zero-extends through ndarray.cast.
  Val wide = isUnsigned(v.type.dtype) ? toArray(v, DType::I64) : v;
  Value x = tensor::ExtractOp::create(b, il, wide.value, ValueRange{});
  if (x.getType().getIntOrFloatBitWidth() < 64)
    x = arith::ExtSIOp::create(b, il, b.getI64Type(), x);
  return x;
}

/// Reads a shape: an integer or a tuple of them. Sizes read from arrays
/// (`n`, `x.shape[0]`, `len(x)`) keep their dim; with `sizes`, any other
/// integer known only at run time is a size too (checked non-negative when
/// the program runs; its index value goes to `sizes`).
bool Gen::parseShape(const Expr &e, llvm::StringRef fname,
                     llvm::SmallVectorImpl<Dim> &dims,
                     llvm::StringMap<Value> &sizes) {
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
    Location il = loc(x->loc);
    if (v->kind == Val::Array && shapeDims.count(v->value)) {
      // A size read from an array (`n`, `x.shape[0]`, `len(x)`).
      const Dim &d = shapeDims[v->value];
      if (!namedDimValue(d.name, il)) {
        // A computed size (a run-time slice's): the dim keeps its name.
        Value n = tensor::ExtractOp::create(b, il, v->value, ValueRange{});
        sizes[d.name] = arith::IndexCastOp::create(b, il, b.getIndexType(), n);
      }
      dims.push_back(d);
      continue;
    }
    if (v->kind == Val::Lit && v->weak == Weak::Int) {
      if (v->i < 0)
        return fail(x->loc, fname + "(): negative dimensions are not allowed");
      dims.push_back(Dim::lit(v->i));
      continue;
    }
    bool intScalarVal = v->kind == Val::Array && v->type.rank() == 0 &&
                        isInt(v->type.dtype);
    if (!intScalarVal)
      return fail(x->loc, fname + "(): a shape must be integers (literals, "
                                  "integer scalars, sizes of arrays such as "
                                  "`x.shape[0]`), got " + describeVal(*v));
    std::optional<Value> n = intScalar(*v, *x, fname + "(): a size");
    if (!n)
      return false;
    Value zero = arith::ConstantIntOp::create(b, il, 0, 64);
    Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, *n, zero);
    nd::AssertOp::create(b, il, ok,
                         b.getStringAttr(where(x->loc) +
                                         "negative dimensions are not allowed"));
    Value ix = arith::IndexCastOp::create(b, il, b.getIndexType(), *n);
    Dim d = runtimeSizeDim(ix, x);
    sizes[d.name] = ix;
    dims.push_back(d);
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
    llvm::StringMap<Value> sizes;
    if (!parseShape(*args[0], full, dims, sizes))
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
    runtimeSizes = std::move(sizes);
    auto clear = llvm::make_scope_exit([&] { runtimeSizes.clear(); });
    return fill(value, *t, dims, {}, l);
  }
  if (name == "ndarray")
    return creation("empty", full, call);
  if (name == "fromfunction")
    return fromFunction(full, call);
  if (name == "array" || name == "asarray") {
    if (!bindArgs(full, {"object", "dtype"}, 1, call, args))
      return std::nullopt;
    std::optional<DType> t;
    if (args[1] && args[1]->kind != ExprKind::None && !(t = dtypeArg(*args[1], full)))
      return std::nullopt;
    const Expr &obj = *args[0];
    if (obj.kind == ExprKind::List || obj.kind == ExprKind::Tuple)
      return arrayFromList(obj, t, full);
    OptVal v = eval(obj);
    if (v && v->kind == Val::Tuple) // np.array(np.unravel_index(...))
      return arrayFromTuple(*v, t, full, obj.loc);
    if (v && v->kind != Val::Array && v->kind != Val::Lit)
      return err(obj.loc, full + " expects an array or a number, got " + v->describe());
    if (!v)
      return std::nullopt;
    if (v->kind == Val::Lit)
      return litAs(*v, t ? *t : weakDefault(v->weak));
    Val x = *v;
    x.weakRt = false;
    if (t && *t != x.type.dtype) {
      x = litAs(x, *t);
      x.alias.reset();
      return x;
    }
    // asarray of an array is the array itself (a view, GenAlias.cpp).
    return name == "array" ? copyOf(x, l) : x;
  }
  if (name == kScalarTypeBuiltin) {
    llvm::StringRef tn = full.rsplit('.').second;
    std::optional<DType> t = lookupDTypeName(tn, DTypeSpelling::Any);
    return scalarType(*t, full, call);
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
    if (!args[1] && !args[2]) { // arange(n) with a size `n`: i64[n].
      llvm::SmallVector<Dim> dims;
      OptVal x = eval(*args[0]);
      if (!x)
        return std::nullopt;
      if (x->kind == Val::Array && shapeDims.count(x->value) &&
          namedDimValue(shapeDims[x->value].name, loc(l))) {
        llvm::StringMap<Value> sizes; // none: the size is a named dim
        if (!parseShape(*args[0], full, dims, sizes))
          return std::nullopt;
        std::optional<DType> t = dtypeOr(args[3], DType::I64);
        if (!t)
          return std::nullopt;
        return litAs(iota(DType::I64, dims, 0, {}, l), *t);
      }
    }
    const Expr *at[3] = {nullptr, nullptr, nullptr};
    bool runtime = false;
    for (int i = 0; i < 3; ++i) {
      if (!args[i] || args[i]->kind == ExprKind::None)
        continue;
      OptVal x = eval(*args[i]);
      if (!x)
        return std::nullopt;
      bool rtInt = x->kind == Val::Array && x->type.rank() == 0 &&
                   isInt(x->type.dtype);
      if (!rtInt && (x->kind != Val::Lit || x->weak == Weak::Bool ||
                     x->weak == Weak::Complex))
        return err(args[i]->loc, full + "(): start, stop and step must be "
                                        "real number literals or integers here");
      runtime |= rtInt;
      v[i] = *x;
      at[i] = args[i];
    }
    if (v[1].kind == Val::None) { // arange(stop)
      v[1] = v[0];
      at[1] = at[0];
      v[0] = Val::intLit(0);
      at[0] = nullptr;
    }
    if (runtime) {
      // Integers known at run time: the length max(0, ceil((stop - start)
      // / step)) as an index value, a dim named after it; i64 values.
      for (const Val &x : v)
        if (x.kind == Val::Lit && x.weak != Weak::Int)
          return err(l, full + "(): with a size known only at run time, "
                           "start, stop and step must be integers");
      Location il = loc(l);
      Value iv[3];
      for (int i = 0; i < 3; ++i) {
        Expr dummy(ExprKind::Int, l);
        std::optional<Value> x = intScalar(v[i], at[i] ? *at[i] : dummy,
                                           full + "(): an integer");
        if (!x)
          return std::nullopt;
        iv[i] = *x;
      }
      Type i64 = b.getI64Type();
      auto c = [&](int64_t k) { return arith::ConstantIntOp::create(b, il, k, 64).getResult(); };
      Value step = iv[2];
      if (!(v[2].kind == Val::Lit)) {
        Value nz = arith::CmpIOp::create(b, il, arith::CmpIPredicate::ne, step, c(0));
        nd::AssertOp::create(b, il, nz, b.getStringAttr(where(l) + "division by zero"));
      } else if (v[2].i == 0) {
        return err(l, full + "(): step must not be zero");
      }
      // ceil(d / s) for s != 0: (d + s - 1) / s when s > 0, (d + s + 1) / s
      // when s < 0 (both round towards zero after the shift).
      Value d = arith::SubIOp::create(b, il, iv[1], iv[0]);
      Value pos = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt, step, c(0));
      Value adj = arith::SelectOp::create(b, il, pos, c(-1), c(1));
      Value num = arith::AddIOp::create(b, il, arith::AddIOp::create(b, il, d, step), adj);
      Value safeStep = arith::SelectOp::create(
          b, il, arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, step, c(0)), c(1),
          step);
      Value len = arith::MaxSIOp::create(
          b, il, arith::DivSIOp::create(b, il, num, safeStep), c(0));
      (void)i64;
      Value n = arith::IndexCastOp::create(b, il, b.getIndexType(), len);
      std::string spelled = "len(arange(";
      for (int i = 0; i < 3; ++i)
        if (at[i] || i == 1)
          spelled += (i && at[0] ? "," : "") + (at[i] ? spellSize(at[i], 1) : "0");
      Dim dim = runtimeSizeDim(n, nullptr, spelled + "))");
      std::optional<DType> t = dtypeOr(args[3], DType::I64);
      if (!t)
        return std::nullopt;
      runtimeSizes[dim.name] = n;
      auto clear = llvm::make_scope_exit([&] { runtimeSizes.clear(); });
      Val i = iota(DType::I64, {dim}, 0, {}, l);
      OptVal r = binary("*", i, v[2], l);
      if (r)
        r = binary("+", *r, v[0], l);
      if (!r)
        return std::nullopt;
      return litAs(*r, *t);
    }
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
    Val se[2];
    for (int i = 0; i < 2; ++i) {
      OptVal x = eval(*args[i]);
      if (!x)
        return std::nullopt;
      bool rt = x->kind == Val::Array && x->type.rank() == 0 &&
                (isInt(x->type.dtype) || isFloat(x->type.dtype));
      if (!rt && (x->kind != Val::Lit || x->weak == Weak::Bool ||
                  x->weak == Weak::Complex))
        return err(args[i]->loc, full + "(): start and stop must be real "
                                        "numbers (literals or scalars)");
      se[i] = rt ? toArray(*x, DType::F64) : Val::floatLit(x->asDouble());
    }
    Location il = loc(l);
    int64_t num = 50;
    Value dynNum; // i64, when num is known only at run time
    if (args[2]) {
      OptVal x = eval(*args[2]);
      if (!x)
        return std::nullopt;
      if (x->kind == Val::Lit && x->weak == Weak::Int) {
        if (x->i < 0)
          return err(args[2]->loc, full + "(): Number of samples, " +
                                       std::to_string(x->i) +
                                       ", must be non-negative.");
        num = x->i;
      } else {
        std::optional<Value> n =
            intScalar(*x, *args[2], full + "(): num must be an integer");
        if (!n)
          return std::nullopt;
        dynNum = *n;
        Value zero = arith::ConstantIntOp::create(b, il, 0, 64);
        Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, dynNum, zero);
        nd::AssertOp::create(b, il, ok,
                             b.getStringAttr(where(args[2]->loc) +
                                             "Number of samples, {0}, must be "
                                             "non-negative."),
                             ValueRange{dynNum});
      }
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
    llvm::SmallVector<Dim> dims{Dim::lit(num)};
    auto clear = llvm::make_scope_exit([&] { runtimeSizes.clear(); });
    Val divV = Val::floatLit(0), lastV = Val::intLit(0);
    bool setLast = endpoint && num > 1;
    if (dynNum) {
      // div = max(num - endpoint, 1); the last element is set to stop when
      // endpoint and num > 1 (index num - 1, else -1: none).
      Value n = arith::IndexCastOp::create(b, il, b.getIndexType(), dynNum);
      dims[0] = runtimeSizeDim(n, args[2]);
      runtimeSizes[dims[0].name] = n;
      auto c = [&](int64_t k) { return arith::ConstantIntOp::create(b, il, k, 64).getResult(); };
      Value div = arith::MaxSIOp::create(
          b, il, arith::SubIOp::create(b, il, dynNum, c(endpoint ? 1 : 0)), c(1));
      Value divF = arith::SIToFPOp::create(b, il, b.getF64Type(), div);
      divV = Val::array(tensor::FromElementsOp::create(
                            b, il, RankedTensorType::get({}, b.getF64Type()),
                            ValueRange{divF}),
                        ArrType{DType::F64, {}});
      Value last = arith::SelectOp::create(
          b, il, arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt, dynNum, c(1)),
          arith::SubIOp::create(b, il, dynNum, c(1)), c(-1));
      lastV = Val::array(tensor::FromElementsOp::create(
                             b, il, RankedTensorType::get({}, b.getI64Type()),
                             ValueRange{last}),
                         ArrType{DType::I64, {}});
      setLast = endpoint;
    } else {
      int64_t div = endpoint ? num - 1 : num;
      divV = Val::floatLit(div > 0 ? double(div) : 1.0);
      lastV = Val::intLit(num - 1);
    }
    // NumPy's formula, computed at run time (a ramp is a kernel, never
    // data in the binary): arange(num) * step + start, the last set to stop.
    bool literal = se[0].kind == Val::Lit && se[1].kind == Val::Lit;
    OptVal step;
    if (literal && divV.kind == Val::Lit)
      step = Val::floatLit((se[1].f - se[0].f) / divV.f);
    else if (OptVal delta = binary("-", se[1], se[0], l))
      step = binary("/", *delta, divV, l);
    if (!step)
      return std::nullopt;
    OptVal r = binary("*", iota(DType::F64, dims, 0, {}, l), *step, l);
    if (r)
      r = binary("+", *r, se[0], l);
    if (!r)
      return std::nullopt;
    if (setLast) {
      OptVal last = compare("==", iota(DType::I64, dims, 0, {}, l), lastV, l);
      if (!last)
        return std::nullopt;
      Val stop = broadcastTo(toArray(se[1], DType::F64), dims, {*r}, il);
      Value v = nd::SelectOp::create(b, il, r->value.getType(), last->value, stop.value,
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
    // N and M: sizes (literals or run-time integers); k: any integer.
    llvm::SmallVector<Dim> dims;
    llvm::StringMap<Value> sizes;
    for (int i = 0; i < 2; ++i) {
      if (i == 1 && (!isEye || !args[1] || args[1]->kind == ExprKind::None)) {
        dims.push_back(dims[0]);
        break;
      }
      if (!parseShape(*args[i], full, dims, sizes))
        return std::nullopt;
      if (dims.size() != size_t(i + 1))
        return err(args[i]->loc, full + "(): N and M must be integers");
    }
    Val k = Val::intLit(0);
    if (isEye && args[2] && args[2]->kind != ExprKind::None) {
      OptVal x = eval(*args[2]);
      if (!x)
        return std::nullopt;
      bool rtInt = x->kind == Val::Array && x->type.rank() == 0 &&
                   isInt(x->type.dtype);
      if (!rtInt && (x->kind != Val::Lit || x->weak != Weak::Int))
        return err(args[2]->loc, full + "(): k must be an integer");
      k = *x;
    }
    std::optional<DType> t = dtypeOr(args[isEye ? 3 : 1], DType::F64);
    if (!t)
      return std::nullopt;
    runtimeSizes = std::move(sizes);
    auto clear = llvm::make_scope_exit([&] { runtimeSizes.clear(); });
    OptVal m = diagonalMask(dims, {}, k, "==", l);
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

//===----------------------------------------------------------------------===//
// np.array of (nested) lists, scalar types
//===----------------------------------------------------------------------===//

/// np.array([[1, 2], [3, x]]): the nesting gives the leading dims; the
/// leaves (numbers, scalars or arrays of one shape) give the dtype (Python
/// numbers as NumPy's defaults, as np.array does) and the trailing dims.
OptVal Gen::arrayFromList(const Expr &e, std::optional<DType> dtype,
                          llvm::StringRef full) {
  SrcLoc l = e.loc;
  llvm::SmallVector<int64_t> outer;
  std::vector<Val> leaves;
  std::optional<size_t> leafDepth;
  auto ragged = [&](SrcLoc at, size_t depth) {
    std::string shape = "(";
    for (size_t i = 0; i < depth; ++i)
      shape += std::to_string(outer[i]) + (depth == 1 || i + 1 < depth ? "," : "");
    return fail(at, "setting an array element with a sequence. The requested "
                    "array has an inhomogeneous shape after " +
                        std::to_string(depth) + " dimensions. The detected "
                        "shape was " + shape + ") + inhomogeneous part.");
  };
  std::function<bool(const Expr &, size_t)> walk = [&](const Expr &x,
                                                       size_t depth) -> bool {
    if (x.kind == ExprKind::List || x.kind == ExprKind::Tuple) {
      if (leafDepth && depth >= *leafDepth)
        return ragged(x.loc, depth);
      int64_t n = x.elts.size();
      if (outer.size() == depth)
        outer.push_back(n);
      else if (outer[depth] != n)
        return ragged(x.loc, depth);
      if (n == 0 && !leafDepth)
        leafDepth = depth + 1;
      for (const ExprPtr &y : x.elts)
        if (!walk(*y, depth + 1))
          return false;
      return true;
    }
    if (leafDepth && *leafDepth != depth)
      return ragged(x.loc, depth);
    leafDepth = depth;
    OptVal v = evalArrayOperand(x, full);
    if (!v)
      return false;
    if (!leaves.empty() && (v->kind == Val::Array) != (leaves[0].kind == Val::Array) &&
        (v->kind == Val::Array ? v->type.rank() : leaves[0].type.rank()) != 0)
      return ragged(x.loc, depth);
    if (v->kind == Val::Array && !leaves.empty() && leaves[0].kind == Val::Array &&
        v->type.rank() != leaves[0].type.rank())
      return ragged(x.loc, depth);
    leaves.push_back(*v);
    return true;
  };
  if (!walk(e, 0))
    return std::nullopt;
  DType t = DType::F64; // np.array([]) is float64
  if (dtype) {
    t = *dtype;
  } else if (!leaves.empty()) {
    auto dt = [&](const Val &v) {
      return v.kind == Val::Lit || v.weakRt ? weakDefault(v.weak) : v.type.dtype;
    };
    t = dt(leaves[0]);
    for (const Val &v : leaves)
      t = promote(t, dt(v));
  }
  for (Val &v : leaves) {
    if (!dtype && !weakFits(v, t, v.at))
      return std::nullopt;
    v = litAs(v, t);
  }
  Location il = loc(l);
  if (leaves.empty() || leaves[0].type.rank() == 0) {
    ArrType rt{t, {}};
    for (int64_t n : outer)
      rt.dims.push_back(Dim::lit(n));
    llvm::SmallVector<Value> elems;
    for (const Val &v : leaves)
      elems.push_back(tensor::ExtractOp::create(b, il, v.value, ValueRange{}));
    if (elems.empty())
      return fill(Val::intLit(0), t, rt.dims, {}, l);
    Value r = tensor::FromElementsOp::create(b, il, rt.tensorType(&ctx), elems);
    return Val::array(r, rt);
  }
  // Arrays: stacked along a new first axis, then the nesting restored.
  std::vector<Val> rows;
  for (const Val &v : leaves)
    rows.push_back(expandDims(v, {0}, l));
  OptVal st = concatVals(rows, 0, true, full, l);
  if (!st)
    return std::nullopt;
  ArrType rt{t, {}};
  llvm::SmallVector<Value> dyn;
  for (int64_t n : outer)
    rt.dims.push_back(Dim::lit(n));
  for (int64_t d = 1; d < int64_t(st->type.rank()); ++d) {
    rt.dims.push_back(st->type.dims[d]);
    if (st->type.dims[d].isNamed())
      dyn.push_back(dimIndex(*st, d, il));
  }
  return reshapeTo(*st, rt, dyn, l);
}

/// np.float32(x), np.int64(n), ...: a scalar (0-d array) of that dtype, or
/// an array converted as astype.
OptVal Gen::scalarType(DType t, llvm::StringRef full, const Expr &call) {
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full, {"value"}, 0, call, args))
    return std::nullopt;
  if (!args[0])
    return litAs(Val::intLit(0), t);
  OptVal v = evalArrayOperand(*args[0], full);
  if (!v)
    return std::nullopt;
  if (v->kind == Val::Lit && v->weak == Weak::Int && isInt(t) &&
      !weakFits(*v, t, args[0]->loc))
    return std::nullopt;
  if (v->kind == Val::Lit && v->weak == Weak::Complex && !isComplex(t))
    return err(args[0]->loc, full + "(): can't convert complex to " + dtypeName(t));
  Val r = litAs(*v, t);
  r.weakRt = false;
  r.alias.reset();
  return r;
}

//===----------------------------------------------------------------------===//
// np.mgrid, np.ogrid, np.fromfunction
//===----------------------------------------------------------------------===//

bool Gen::isGridObject(const Expr &e) {
  return e.kind == ExprKind::Attribute && (e.name == "mgrid" || e.name == "ogrid") &&
         e.lhs->kind == ExprKind::Name && npAliases.contains(e.lhs->name) &&
         !scope->vars.count(e.lhs->name);
}

/// The values along one axis of np.mgrid/np.ogrid, `lo:hi:step` in dtype
/// `t`: lo + i * step for i < ceil((hi - lo) / step) (the bounds may be
/// integers known at run time when the step is an integer), or with an
/// imaginary step `Nj` N points from lo to hi inclusive.
OptVal Gen::gridAxis(const Expr &s, const Val &lo, const Val &hi, DType t,
                     SrcLoc l) {
  Location il = loc(l);
  const Expr *stepE = s.elts.size() > 2 ? s.elts[2].get() : nullptr;
  ShapeEntry n;
  Val step = Val::intLit(1);
  if (stepE && stepE->kind == ExprKind::Imag) {
    int64_t num = int64_t(std::fabs(stepE->floatValue));
    n.size = num;
    n.dim = Dim::lit(num);
    OptVal span = binary("-", hi, lo, l);
    OptVal d = span ? binary("/", *span, Val::floatLit(double(std::max<int64_t>(num - 1, 1))), l)
                    : std::nullopt;
    if (!d)
      return std::nullopt;
    step = *d;
  } else {
    if (stepE) {
      OptVal sv = eval(*stepE);
      if (!sv)
        return std::nullopt;
      if (sv->kind != Val::Lit || sv->weak == Weak::Complex || sv->weak == Weak::Bool)
        return err(stepE->loc, "np.mgrid/np.ogrid: a step must be a number literal "
                               "(or an imaginary count such as 5j)");
      if (sv->asDouble() == 0)
        return err(stepE->loc, "np.mgrid/np.ogrid: the step cannot be zero");
      step = *sv;
    }
    if (lo.kind == Val::Lit && hi.kind == Val::Lit) {
      double len = std::ceil((hi.asDouble() - lo.asDouble()) / step.asDouble());
      n.size = std::max<int64_t>(int64_t(len), 0);
      n.dim = Dim::lit(n.size);
    } else {
      if (step.weak != Weak::Int)
        return err(s.loc, "np.mgrid/np.ogrid: bounds known only at run time need "
                          "an integer step");
      // range()'s length: (hi - lo + step - 1) / step, none below zero
      // (for a negative step, the same on the negated bounds).
      Expr at(ExprKind::Int, l);
      std::optional<Value> a = intScalar(lo, at, "np.mgrid/np.ogrid: a bound");
      std::optional<Value> c = a ? intScalar(hi, at, "np.mgrid/np.ogrid: a bound")
                                 : std::nullopt;
      if (!c)
        return std::nullopt;
      int64_t st = step.i;
      Value span = st > 0 ? arith::SubIOp::create(b, il, *c, *a)
                          : arith::SubIOp::create(b, il, *a, *c);
      int64_t as = std::abs(st);
      Value len = arith::DivSIOp::create(
          b, il,
          arith::AddIOp::create(b, il, span,
                                arith::ConstantIntOp::create(b, il, as - 1, 64)),
          arith::ConstantIntOp::create(b, il, as, 64));
      len = arith::MaxSIOp::create(b, il, len, arith::ConstantIntOp::create(b, il, 0, 64));
      n.size = ShapedType::kDynamic;
      n.value = arith::IndexCastOp::create(b, il, b.getIndexType(), len);
      n.dim = runtimeSizeDim(n.value, nullptr,
                             "(grid axis at " + std::to_string(s.loc.line) + ":" +
                                 std::to_string(s.loc.col) + ")");
    }
  }
  if (!n.value)
    n.value = arith::ConstantIndexOp::create(b, il, n.size);
  Val i = rangeOf(n, t, l);
  OptVal v = binary("*", i, step, l);
  if (v)
    v = binary("+", *v, lo, l);
  if (!v)
    return std::nullopt;
  // A run-time size keeps its dim through the arithmetic.
  return toArray(withDim(*v, 0, n.dim, il), t);
}

/// np.mgrid[s0, s1, ...]: the dense grid (k, n0, n1, ...) of the axes'
/// values; np.ogrid[...]: the open grid, a tuple of arrays each varying
/// along its own axis. int64 when every bound and step is an integer, else
/// float64. One slice gives the values themselves.
OptVal Gen::gridSubscript(const Expr &obj, const Expr &sub) {
  bool dense = obj.name == "mgrid";
  std::string fn = obj.lhs->name + "." + obj.name;
  llvm::SmallVector<const Expr *> items;
  if (sub.kind == ExprKind::Tuple)
    for (const ExprPtr &x : sub.elts)
      items.push_back(x.get());
  else
    items.push_back(&sub);
  std::vector<std::pair<Val, Val>> bounds;
  bool floating = false;
  for (const Expr *s : items) {
    if (s->kind != ExprKind::Slice || !s->elts[1])
      return err(s->loc, fn + "[...] takes slices with a stop, such as 0:n or 0:1:5j");
    Val lo = Val::intLit(0);
    if (s->elts[0]) {
      OptVal v = eval(*s->elts[0]);
      if (!v)
        return std::nullopt;
      lo = *v;
    }
    OptVal hi = eval(*s->elts[1]);
    if (!hi)
      return std::nullopt;
    for (const Val *v : {&lo, &*hi}) {
      bool real = (v->kind == Val::Lit && v->weak != Weak::Complex) ||
                  (v->kind == Val::Array && v->type.rank() == 0 &&
                   !isComplex(v->type.dtype) && v->type.dtype != DType::Bool);
      if (!real)
        return err(s->loc, fn + "[...]: the bounds must be real numbers, got " +
                               describeVal(*v));
      floating |= v->kind == Val::Lit ? v->weak == Weak::Float : isFloat(v->type.dtype);
    }
    const Expr *st = s->elts.size() > 2 ? s->elts[2].get() : nullptr;
    floating |= st && (st->kind == ExprKind::Imag || st->kind == ExprKind::Float ||
                       (st->kind == ExprKind::Unary && st->lhs &&
                        st->lhs->kind == ExprKind::Float));
    bounds.push_back({lo, *hi});
  }
  DType t = floating ? DType::F64 : DType::I64;
  std::vector<Val> axes;
  for (auto [k, s] : llvm::enumerate(items)) {
    OptVal v = gridAxis(*s, bounds[k].first, bounds[k].second, t, s->loc);
    if (!v)
      return std::nullopt;
    axes.push_back(*v);
  }
  SrcLoc l = sub.loc;
  if (sub.kind != ExprKind::Tuple)
    return axes[0];
  int64_t nd = axes.size();
  Val result;
  result.kind = Val::Tuple;
  llvm::SmallVector<Dim, 4> dims;
  llvm::SmallVector<Value> dyn;
  Location il = loc(l);
  for (const Val &a : axes) {
    dims.push_back(a.type.dims[0]);
    if (a.type.dims[0].isNamed())
      dyn.push_back(dimIndex(a, 0, il));
  }
  std::vector<Val> rows;
  for (int64_t d = 0; d < nd; ++d) {
    if (!dense) {
      llvm::SmallVector<int64_t> others;
      for (int64_t k = 0; k < nd; ++k)
        if (k != d)
          others.push_back(k);
      result.elts.push_back(expandDims(axes[d], others, l));
      continue;
    }
    ArrType rt{t, dims};
    Value r = nd::BroadcastInDimOp::create(b, il, rt.tensorType(&ctx), axes[d].value,
                                           b.getDenseI64ArrayAttr({d}), dyn);
    rows.push_back(expandDims(Val::array(r, rt), {0}, l));
  }
  if (!dense)
    return result;
  return concatVals(rows, 0, true, fn, l);
}

/// np.fromfunction(f, shape, dtype=float): f, a function of this module
/// (by name), called once with one index array per axis, as NumPy does.
OptVal Gen::fromFunction(llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(full, {"function", "shape", "dtype"}, 2, call, args))
    return std::nullopt;
  const Expr &f = *args[0];
  if (f.kind != ExprKind::Name || scope->vars.count(f.name) || !funcs.count(f.name))
    return err(f.loc, full + "(): the function must be the name of a function "
                             "defined in this module");
  DType t = DType::F64;
  if (args[2] && args[2]->kind != ExprKind::None) {
    std::optional<DType> d = dtypeArg(*args[2], full);
    if (!d)
      return std::nullopt;
    t = *d;
  }
  OptVal sv = eval(*args[1]);
  if (!sv)
    return std::nullopt;
  llvm::SmallVector<ShapeEntry> shape;
  if (!shapeArg(*sv, args[1]->loc, shape))
    return std::nullopt;
  llvm::SmallVector<Dim, 4> dims;
  for (const ShapeEntry &e : shape) {
    dims.push_back(e.dim);
    if (e.dim.isNamed())
      runtimeSizes[e.dim.name] = e.value;
  }
  std::vector<Val> idx;
  {
    auto clear = llvm::make_scope_exit([&] { runtimeSizes.clear(); });
    for (size_t d = 0; d < dims.size(); ++d)
      idx.push_back(iota(t, dims, d, {}, l));
  }
  // The call f(i0, i1, ...), its arguments hidden variables.
  auto synth = std::make_unique<Expr>(ExprKind::Call, l);
  synth->lhs = std::make_unique<Expr>(ExprKind::Name, f.loc);
  synth->lhs->name = f.name;
  std::vector<std::string> names;
  for (size_t d = 0; d < idx.size(); ++d) {
    names.push_back("$fromfunction" + std::to_string(d));
    auto a = std::make_unique<Expr>(ExprKind::Name, l);
    a->name = names.back();
    synth->elts.push_back(std::move(a));
    scope->vars[names.back()] = idx[d];
  }
  auto unbind = llvm::make_scope_exit([&] {
    for (const std::string &n : names)
      scope->vars.erase(n);
  });
  const Expr &c = *synth;
  synthesized.push_back(std::move(synth));
  return evalCall(c);
}

/// np.array of a tuple value (a function's tuple result): its elements,
/// arrays of one shape or numbers, stacked along a new first axis.
OptVal Gen::arrayFromTuple(const Val &tup, std::optional<DType> dtype,
                           llvm::StringRef full, SrcLoc l) {
  std::vector<Val> rows;
  for (const Val &e : tup.elts) {
    if (e.kind != Val::Array && e.kind != Val::Lit)
      return err(l, full + "(): a tuple of arrays or numbers is needed, got " +
                        e.describe());
    rows.push_back(materialize(e));
  }
  if (rows.empty())
    return err(l, full + "() of an empty tuple is not supported yet");
  DType t = rows[0].type.dtype;
  for (const Val &r : rows) {
    t = promote(t, r.type.dtype);
    if (r.type.rank() != rows[0].type.rank())
      return err(l, "setting an array element with a sequence. The requested "
                    "array has an inhomogeneous shape after 1 dimensions.");
  }
  if (dtype)
    t = *dtype;
  for (Val &r : rows)
    r = expandDims(litAs(r, t), {0}, l);
  return concatVals(rows, 0, true, full, l);
}
