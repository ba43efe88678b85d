//===- GenBuiltinMath.cpp - ufuncs ----------------------------------------===//
//
// Elementwise math: sqrt/exp/..., where, clip, rounding, trigonometry,
// complex parts, logical ufuncs.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"
#include "Frontend/ListItems.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
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

/// The ufuncs with one ndarray op each: sqrt/exp/log/sin/cos/tanh, abs,
/// negative, and the binary ones that are operators (add, maximum, ...).
OptVal Gen::elementwise(Builtin id, llvm::StringRef name, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  switch (id) {
  case Builtin::Sqrt:
  case Builtin::Exp:
  case Builtin::Log:
  case Builtin::Sin:
  case Builtin::Cos:
  case Builtin::Tanh:
  case Builtin::Abs:
  case Builtin::Absolute:
  case Builtin::Negative: {
    if (!bindArgs(name, {"x"}, 1, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], name);
    if (!x)
      return std::nullopt;
    Val a = materialize(*x);
    if (id == Builtin::Negative)
      return negate(a, l);
    if (id == Builtin::Abs || id == Builtin::Absolute) {
      if (a.type.dtype == DType::Bool)
        return a;
      if (isComplex(a.type.dtype))
        return complexPartOf("abs", a, l);
      return Val::array(nd::AbsOp::create(b, loc(l), a.value.getType(), a.value),
                        a.type);
    }
    return unaryFloat(id, name, a, l);
  }
  default: {
    if (!bindArgs(name, {"x1", "x2"}, 2, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], name);
    if (!x)
      return std::nullopt;
    OptVal y = evalArrayOperand(*args[1], name);
    if (!y)
      return std::nullopt;
    // NumPy turns two Python scalars into default-dtype arrays.
    if (x->kind == Val::Lit && y->kind == Val::Lit) {
      x = materialize(*x);
      y = materialize(*y);
    }
    llvm::StringRef op = id == Builtin::Maximum    ? "max"
                         : id == Builtin::Minimum  ? "min"
                         : id == Builtin::Add      ? "+"
                         : id == Builtin::Subtract ? "-"
                         : id == Builtin::Multiply ? "*"
                         : id == Builtin::Divide || id == Builtin::TrueDivide
                             ? "/"
                         : id == Builtin::FloorDivide ? "//"
                         : id == Builtin::Remainder || id == Builtin::Mod
                             ? "%"
                             : "**";
    return binary(op, *x, *y, l);
  }
  }
}

OptVal Gen::unaryFloat(Builtin bi, llvm::StringRef name, Val a, SrcLoc l) {
  Val x = toArray(a, floatFor(a.type.dtype));
  Location il = loc(l);
  Type t = x.value.getType();
  Value r;
  switch (bi) {
  case Builtin::Sqrt: r = nd::SqrtOp::create(b, il, t, x.value); break;
  case Builtin::Exp: r = nd::ExpOp::create(b, il, t, x.value); break;
  case Builtin::Log: r = nd::LogOp::create(b, il, t, x.value); break;
  case Builtin::Sin: r = nd::SinOp::create(b, il, t, x.value); break;
  case Builtin::Cos: r = nd::CosOp::create(b, il, t, x.value); break;
  default: r = nd::TanhOp::create(b, il, t, x.value); break;
  }
  return Val::array(r, x.type);
}

//===----------------------------------------------------------------------===//
// Ufuncs
//===----------------------------------------------------------------------===//

Val Gen::complexPartOf(llvm::StringRef fn, const Val &x, SrcLoc l) {
  DType t = x.type.dtype;
  if (!isComplex(t)) {
    // NumPy: real/conj of a real array are the array, imag its zeros.
    if (fn != "imag")
      return x;
    return fill(Val::intLit(0), t, x.type.dims, {x}, l);
  }
  Location il = loc(l);
  if (fn == "conj")
    return Val::array(nd::ConjOp::create(b, il, x.value.getType(), x.value), x.type);
  ArrType rt{complexPart(t), x.type.dims};
  Type rtt = rt.tensorType(&ctx);
  Value r = fn == "real"   ? nd::RealOp::create(b, il, rtt, x.value).getResult()
            : fn == "imag" ? nd::ImagOp::create(b, il, rtt, x.value).getResult()
                           : nd::ComplexAbsOp::create(b, il, rtt, x.value).getResult();
  return Val::array(r, rt);
}

Val Gen::unaryMath(llvm::StringRef fn, const Val &x, DType out, SrcLoc l) {
  ArrType rt{out, x.type.dims};
  Value r = nd::UnaryMathOp::create(b, loc(l), rt.tensorType(&ctx),
                                    b.getStringAttr(fn), x.value);
  return Val::array(r, rt);
}

/// Broadcasts and promotes the operands of a binary ufunc.
bool Gen::promoteBinary(Val &x, Val &y, DType &t, SrcLoc l) {
  if (x.kind == Val::Lit && y.kind == Val::Lit) {
    x = materialize(x);
    y = materialize(y);
  }
  if (x.kind == Val::Array && y.kind == Val::Array)
    t = promote(x.type.dtype, y.type.dtype);
  else if (x.kind == Val::Array)
    t = promoteWeak(x.type.dtype, y.weak);
  else
    t = promoteWeak(y.type.dtype, x.weak);
  if (!weakFits(x, t, l) || !weakFits(y, t, l))
    return false;
  llvm::SmallVector<Dim> shape;
  if (!checkBroadcast(x, y, shape, l))
    return false;
  Val a = toArray(x, t), c = toArray(y, t);
  std::vector<Val> sources{a, c};
  x = broadcastTo(a, shape, sources, loc(l));
  y = broadcastTo(c, shape, sources, loc(l));
  return true;
}

/// NumPy's where(cond, x, y) on values: promotion as the ufunc, broadcasting
/// (run-time sizes checked then), one ndarray.select.
OptVal Gen::selectVals(const Val &cond, const Val &x0, const Val &y0, SrcLoc l) {
  Val c = toArray(cond, DType::Bool);
  if (cond.kind == Val::Lit)
    c = toArray(Val::boolLit(cond.asDouble() != 0), DType::Bool);
  Val x = x0, y = y0;
  DType t;
  if (x.kind == Val::Lit && y.kind == Val::Lit) {
    x = materialize(x);
    y = materialize(y);
  }
  if (x.kind == Val::Array && y.kind == Val::Array)
    t = promote(x.type.dtype, y.type.dtype);
  else if (x.kind == Val::Array)
    t = promoteWeak(x.type.dtype, y.weak);
  else
    t = promoteWeak(y.type.dtype, x.weak);
  if (!weakFits(x, t, l) || !weakFits(y, t, l))
    return std::nullopt;
  // Sizes that agree only at run time are checked then, pairwise.
  unifyBroadcast(c, x, l);
  unifyBroadcast(c, y, l);
  unifyBroadcast(x, y, l);
  llvm::SmallVector<Dim> s1, shape;
  llvm::ArrayRef<Dim> dx, dy;
  if (x.kind == Val::Array)
    dx = x.type.dims;
  if (y.kind == Val::Array)
    dy = y.type.dims;
  if (!broadcastShapes(c.type.dims, dx, s1) || !broadcastShapes(s1, dy, shape))
    return err(l, "operands could not be broadcast together with shapes " +
                      c.type.str() + ", " + x0.describe() + " and " +
                      y0.describe());
  Val a = toArray(x, t), d = toArray(y, t);
  std::vector<Val> sources{c, a, d};
  c = broadcastTo(c, shape, sources, loc(l));
  a = broadcastTo(a, shape, sources, loc(l));
  d = broadcastTo(d, shape, sources, loc(l));
  Value r = nd::SelectOp::create(b, loc(l), a.value.getType(), c.value,
                                 a.value, d.value);
  return Val::array(r, a.type);
}

OptVal Gen::ufunc(llvm::StringRef name, llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  if (name == "real" || name == "imag" || name == "conj" || name == "conjugate") {
    if (!bindArgs(full, {name == "real" || name == "imag" ? "val" : "x"}, 1, call,
                  args))
      return std::nullopt;
    OptVal xv = evalArrayOperand(*args[0], full);
    if (!xv)
      return std::nullopt;
    return complexPartOf(name == "conjugate" ? "conj" : name, materialize(*xv), l);
  }
  // The ufuncs NumPy defines on complex numbers and arrayc lowers (through
  // the complex dialect); the others are a located error, never a crash.
  static const char *complexOk[] = {"tan", "log1p", "expm1", "isnan", "isinf",
                                    "isfinite", "logical_not", "square",
                                    "sign", "reciprocal", "where",
                                    "logical_and", "logical_or", "logical_xor"};
  auto notForComplex = [&](const Val &v) {
    return err(l, "'" + full + "' is not supported for complex numbers (" +
                      describeVal(v) + ")");
  };
  static const char *floatFns[] = {
      "floor", "ceil", "trunc", "rint", "tan", "arcsin", "arccos", "arctan",
      "sinh", "cosh", "arcsinh", "arccosh", "arctanh", "log1p", "expm1",
      "log2", "log10", "exp2"};
  if (llvm::is_contained(floatFns, name) || name == "isnan" ||
      name == "isinf" || name == "isfinite" || name == "logical_not" ||
      name == "square" || name == "sign" || name == "reciprocal") {
    if (!bindArgs(full, {"x"}, 1, call, args))
      return std::nullopt;
    OptVal xv = evalArrayOperand(*args[0], full);
    if (!xv)
      return std::nullopt;
    Val x = materialize(*xv);
    DType dt = x.type.dtype;
    if (isComplex(dt) && !llvm::is_contained(complexOk, name))
      return notForComplex(x);
    // NumPy 2.3+ rounds integers and bools to themselves (same dtype).
    if ((name == "floor" || name == "ceil" || name == "trunc") && !isFloat(dt) &&
        !isComplex(dt))
      return x;
    if (llvm::is_contained(floatFns, name)) {
      Val f = toArray(x, floatFor(dt));
      return unaryMath(name, f, f.type.dtype, l);
    }
    if (name == "isnan" || name == "isinf" || name == "isfinite" ||
        name == "logical_not")
      return unaryMath(name, x, DType::Bool, l);
    if (dt == DType::Bool) {
      if (name == "sign")
        return err(l, "ufunc 'sign' did not contain a loop with signature "
                      "matching types bool");
      x = toArray(x, DType::I8); // NumPy: square/reciprocal of bool are int8
    }
    return unaryMath(name, x, x.type.dtype, l);
  }
  if (name == "round" || name == "around") {
    // The bare name is Python's round(number, ndigits=None) unless a
    // `from numpy import round` rebound it: with no ndigits a scalar (a
    // Python number, a NumPy scalar, a 0-d value) rounds half to even to a
    // Python int, so it can index and bound a range(); an array (rank >= 1)
    // rounds as np.round (ndarray.__round__). With ndigits: NumPy's method
    // below, as round(np.float64(x), nd) is; a Python float stays weak.
    bool python = full == "round" && !constants.count("round");
    if (python ? !bindArgs(full, {"number", "ndigits"}, 1, call, args)
               : !bindArgs(full, {"a", "decimals"}, 1, call, args))
      return std::nullopt;
    if (python && args[1] && args[1]->kind == ExprKind::None)
      args[1] = nullptr;
    OptVal xv = evalArrayOperand(*args[0], full);
    if (!xv)
      return std::nullopt;
    bool scalar = xv->kind == Val::Lit || xv->type.rank() == 0;
    bool weakIn = xv->kind == Val::Lit || xv->weakRt;
    if (python && scalar && !args[1]) {
      SrcLoc al = args[0]->loc;
      if (xv->kind == Val::Lit) {
        if (xv->weak == Weak::Complex)
          return err(al, "type complex doesn't define __round__ method");
        if (xv->weak != Weak::Float)
          return Val::intLit(xv->i);
        if (!std::isfinite(xv->f))
          return err(al, std::string("cannot convert float ") +
                             (std::isnan(xv->f) ? "NaN" : "infinity") +
                             " to integer");
        double r = std::nearbyint(xv->f); // the default mode: half to even
        if (std::fabs(r) >= 0x1p63)
          return err(al, "round(): the result does not fit in int64");
        return Val::intLit(static_cast<int64_t>(r));
      }
      if (isComplex(xv->type.dtype))
        return err(al, "type complex doesn't define __round__ method");
      Val x = *xv;
      if (isFloat(x.type.dtype)) {
        x = unaryMath("rint", x, x.type.dtype, l);
        // Python raises where the float has no int64 value (NaN, infinity,
        // |x| >= 2**63); the conversion below would give an arbitrary number.
        Location il = loc(al);
        Value v = tensor::ExtractOp::create(b, il, toArray(x, DType::F64).value, ValueRange{});
        Value mag = math::AbsFOp::create(b, il, v);
        Value lim = arith::ConstantOp::create(b, il, b.getF64FloatAttr(0x1p63));
        Value ok = arith::CmpFOp::create(b, il, arith::CmpFPredicate::OLT, mag, lim);
        nd::AssertOp::create(
            b, il, ok,
            b.getStringAttr(where(al) + "round(): cannot convert float NaN, infinity or a "
                                        "value beyond int64 to integer"),
            ValueRange{});
      }
      Val r = toArray(x, DType::I64);
      r.weakRt = true;
      r.weak = Weak::Int;
      return r;
    }
    if (python && scalar && xv->kind == Val::Lit && xv->weak != Weak::Float &&
        xv->weak != Weak::Complex) {
      std::optional<int64_t> v = axisLiteral(*args[1]);
      if (v && *v >= 0) // round(7, 2): the int itself
        return Val::intLit(xv->i);
    }
    int64_t d = 0;
    if (args[1]) {
      std::optional<int64_t> v = axisLiteral(*args[1]);
      if (!v)
        return err(args[1]->loc, full + "(): decimals must be an integer literal");
      d = *v;
    }
    Val x = materialize(*xv);
    if (isComplex(x.type.dtype))
      return notForComplex(x);
    if (!isFloat(x.type.dtype)) {
      if (d >= 0)
        return x;
      return err(l, full + "(): negative decimals of integers are not "
                           "supported yet");
    }
    OptVal out;
    if (d == 0) {
      out = unaryMath("rint", x, x.type.dtype, l);
    } else {
      double scale = std::pow(10.0, static_cast<double>(std::llabs(d)));
      Val s = Val::floatLit(scale);
      OptVal y = binary(d > 0 ? "*" : "/", x, s, l);
      if (!y)
        return std::nullopt;
      Val r = unaryMath("rint", *y, y->type.dtype, l);
      out = binary(d > 0 ? "/" : "*", r, s, l);
    }
    if (out && python && scalar && weakIn && out->type.rank() == 0) {
      out->weakRt = true; // round(x, 2) of a Python float: a Python float
      out->weak = Weak::Float;
    }
    return out;
  }
  if (name == "fmax" || name == "fmin" || name == "hypot" ||
      name == "arctan2" || name.starts_with("logical_")) {
    if (!bindArgs(full, {"x1", "x2"}, 2, call, args))
      return std::nullopt;
    OptVal xv = evalArrayOperand(*args[0], full);
    if (!xv)
      return std::nullopt;
    OptVal yv = evalArrayOperand(*args[1], full);
    if (!yv)
      return std::nullopt;
    Val x = *xv, y = *yv;
    DType t;
    if (!promoteBinary(x, y, t, l))
      return std::nullopt;
    if (isComplex(t) && !llvm::is_contained(complexOk, name))
      return notForComplex(x);
    DType out = t;
    if (name == "hypot" || name == "arctan2") {
      out = floatFor(t);
      x = toArray(x, out);
      y = toArray(y, out);
    } else if (name.starts_with("logical_")) {
      out = DType::Bool;
    }
    ArrType rt{out, x.type.dims};
    Value r = nd::BinaryMathOp::create(b, loc(l), rt.tensorType(&ctx),
                                       b.getStringAttr(name), x.value, y.value);
    return Val::array(r, rt);
  }
  if (name == "where") {
    if (call.elts.size() == 1 && call.keywords.empty())
      return nonzero(full, call); // numpy.where(c) is numpy.nonzero(c)
    if (!bindArgs(full, {"condition", "x", "y"}, 3, call, args))
      return std::nullopt;
    OptVal cv = evalArrayOperand(*args[0], full);
    if (!cv)
      return std::nullopt;
    OptVal xv = evalArrayOperand(*args[1], full);
    if (!xv)
      return std::nullopt;
    OptVal yv = evalArrayOperand(*args[2], full);
    if (!yv)
      return std::nullopt;
    return selectVals(*cv, *xv, *yv, l);
  }
  if (name == "clip") {
    if (!bindArgs(full, {"a", "a_min", "a_max"}, 3, call, args))
      return std::nullopt;
    OptVal av = evalArrayOperand(*args[0], full);
    if (!av)
      return std::nullopt;
    Val r = materialize(*av);
    bool any = false;
    for (int i = 1; i < 3; ++i) {
      if (args[i]->kind == ExprKind::None)
        continue;
      OptVal bound = evalArrayOperand(*args[i], full);
      if (!bound)
        return std::nullopt;
      OptVal n = binary(i == 1 ? "max" : "min", r, *bound, l);
      if (!n)
        return std::nullopt;
      r = *n;
      any = true;
    }
    if (!any)
      return err(l, "One of max or min must be given");
    return r;
  }
  return err(l, "'" + full + "' is not supported yet");
}

//===----------------------------------------------------------------------===//
// Methods of the binary ufuncs: np.add.outer, np.add.reduce, ...
//===----------------------------------------------------------------------===//

/// The binary ufuncs of Builtins.def's Elementwise family and the operator
/// each applies.
static llvm::StringRef ufuncOperator(Builtin id) {
  switch (id) {
  case Builtin::Maximum: return "max";
  case Builtin::Minimum: return "min";
  case Builtin::Add: return "+";
  case Builtin::Subtract: return "-";
  case Builtin::Multiply: return "*";
  case Builtin::Divide: return "/";
  case Builtin::TrueDivide: return "/";
  case Builtin::FloorDivide: return "//";
  case Builtin::Remainder: return "%";
  case Builtin::Mod: return "%";
  case Builtin::Power: return "**";
  default: return "";
  }
}

bool Gen::isUfuncObject(const Expr &e) {
  if (e.kind != ExprKind::Attribute || e.lhs->kind != ExprKind::Name ||
      !npAliases.contains(e.lhs->name) || scope->vars.count(e.lhs->name))
    return false;
  const BuiltinInfo *bi = lookupBuiltin(e.name, /*viaModule=*/true);
  return bi && !ufuncOperator(bi->id).empty();
}

OptVal Gen::ufuncMethod(const Expr &ufunc, llvm::StringRef method, const Expr &call) {
  SrcLoc l = call.loc;
  Builtin id = lookupBuiltin(ufunc.name, true)->id;
  std::string full = ufunc.lhs->name + "." + ufunc.name + "." + method.str();
  llvm::SmallVector<const Expr *> args;
  if (method == "outer") {
    if (!bindArgs(full, {"A", "B"}, 2, call, args))
      return std::nullopt;
    OptVal a = evalArrayOperand(*args[0], full);
    OptVal c = a ? evalArrayOperand(*args[1], full) : std::nullopt;
    if (!c)
      return std::nullopt;
    Val x = materialize(*a), y = materialize(*c);
    int64_t ra = x.type.rank(), rb = y.type.rank();
    llvm::SmallVector<int64_t> tail, head;
    for (int64_t d = 0; d < rb; ++d)
      tail.push_back(ra + d);
    for (int64_t d = 0; d < ra; ++d)
      head.push_back(d);
    return binary(ufuncOperator(id), expandDims(x, tail, l), expandDims(y, head, l), l);
  }
  if (method == "reduce" || method == "accumulate") {
    bool acc = method == "accumulate";
    Builtin red = id == Builtin::Add        ? Builtin::Sum
                  : id == Builtin::Multiply ? Builtin::Prod
                  : id == Builtin::Maximum  ? Builtin::Max
                  : id == Builtin::Minimum  ? Builtin::Min
                                            : Builtin::None;
    if (red == Builtin::None)
      return err(l, "'" + full + "' is not supported yet (reduce and accumulate: "
                                 "add, multiply, maximum, minimum)");
    if (acc ? !bindArgs(full, {"array", "axis"}, 1, call, args)
            : !bindArgs(full, {"array", "axis", "dtype", "out", "keepdims"}, 1, call, args))
      return std::nullopt;
    if (!acc && (args[2] || args[3]))
      return err((args[2] ? args[2] : args[3])->loc,
                 full + "(): dtype= and out= are not supported");
    OptVal av = evalArrayOperand(*args[0], full);
    if (!av)
      return std::nullopt;
    Val a = materialize(*av);
    if (a.type.rank() == 0)
      return err(args[0]->loc, "cannot " + method.str() + " on a scalar");
    // NumPy's default axis of the methods is 0, not None.
    Expr zero(ExprKind::Int, l);
    const Expr *axis = args[1] ? args[1] : &zero;
    llvm::SmallVector<Value> items;
    if (!acc && red == Builtin::Sum && !args[1] && !args[4] && a.type.rank() > 1 &&
        stackedListItems(a.value, items)) {
      // A list whose items are known one by one (`np.add.reduce([...])` of a
      // comprehension over a tuple display): x0 + x1 + ..., in the sum's
      // dtype, as NumPy adds along axis 0; one fused elementwise chain.
      ArrType it{sumTypeFor(a.type.dtype),
                 llvm::SmallVector<Dim, 4>(a.type.dims.begin() + 1, a.type.dims.end())};
      ArrType itemType{a.type.dtype, it.dims};
      OptVal sum = toArray(Val::array(items[0], itemType), it.dtype);
      for (Value v : llvm::drop_begin(items)) {
        sum = binary("+", *sum, toArray(Val::array(v, itemType), it.dtype), l);
        if (!sum)
          return std::nullopt;
      }
      return sum;
    }
    if (!acc)
      return reduce(red, full, a, axis, args[4], l);
    llvm::SmallVector<int64_t> axes;
    if (!parseAxes(a, axis, full, axes, true))
      return std::nullopt;
    if (axes.empty())
      return err(axis->loc, full + "(): axis must be an integer");
    if (red == Builtin::Max || red == Builtin::Min) // GenBuiltinReduce.cpp
      return extremumAccumulate(red == Builtin::Max, a, axes[0], l);
    Val x = toArray(a, sumTypeFor(a.type.dtype));
    nd::ReduceKind k = red == Builtin::Sum ? nd::ReduceKind::sum : nd::ReduceKind::prod;
    Value r = nd::ScanOp::create(b, loc(l), x.value.getType(),
                                 nd::ReduceKindAttr::get(&ctx, k), x.value,
                                 b.getI64IntegerAttr(axes[0]));
    return Val::array(r, x.type);
  }
  if (method == "at") // GenAdvancedIndex.cpp
    return ufuncAt(id, full, call);
  return err(call.lhs->loc, "'" + full + "' is not supported (the ufunc methods "
                                         "are outer, reduce, accumulate and at)");
}
