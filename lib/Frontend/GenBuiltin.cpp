//===- GenBuiltin.cpp - the builtin registry and dispatch -----------------===//
//
// Which names are builtins and which unit lowers each.
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

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

Builtin Gen::lookupBuiltin(llvm::StringRef name, bool viaModule) {
  Builtin bi = llvm::StringSwitch<Builtin>(name)
                   .Case("sqrt", Builtin::Sqrt)
                   .Case("exp", Builtin::Exp)
                   .Case("log", Builtin::Log)
                   .Case("sin", Builtin::Sin)
                   .Case("cos", Builtin::Cos)
                   .Case("tanh", Builtin::Tanh)
                   .Cases({"abs", "absolute"}, Builtin::Abs)
                   .Case("negative", Builtin::Negative)
                   .Case("maximum", Builtin::Maximum)
                   .Case("minimum", Builtin::Minimum)
                   .Case("add", Builtin::Add)
                   .Case("subtract", Builtin::Subtract)
                   .Case("multiply", Builtin::Multiply)
                   .Case("divide", Builtin::Divide)
                   .Case("power", Builtin::Power)
                   .Case("sum", Builtin::Sum)
                   .Case("prod", Builtin::Prod)
                   .Cases({"max", "amax"}, Builtin::Max)
                   .Cases({"min", "amin"}, Builtin::Min)
                   .Case("print", Builtin::Print)
                   .Case("save", Builtin::Save)
                   .Case("load", Builtin::Load)
                   .Default(Builtin::None);
  if (viaModule && bi == Builtin::Print)
    return Builtin::None; // `np.print` does not exist.
  return bi;
}

OptVal Gen::evalArrayOperand(const Expr &e, llvm::StringRef what) {
  OptVal v = eval(e);
  if (!v)
    return std::nullopt;
  if (v->kind != Val::Array && v->kind != Val::Lit)
    return err(e.loc, what + " expects an array or a number, got " +
                          v->describe());
  return v;
}

OptVal Gen::callBuiltin(Builtin bi, llvm::StringRef name, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  switch (bi) {
  case Builtin::None:
    break;
  case Builtin::Sqrt:
  case Builtin::Exp:
  case Builtin::Log:
  case Builtin::Sin:
  case Builtin::Cos:
  case Builtin::Tanh:
  case Builtin::Abs:
  case Builtin::Negative: {
    if (!bindArgs(name, {"x"}, 1, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], name);
    if (!x)
      return std::nullopt;
    Val a = materialize(*x);
    if (bi == Builtin::Negative)
      return negate(a, l);
    if (bi == Builtin::Abs) {
      if (a.type.dtype == DType::Bool)
        return a;
      if (isComplex(a.type.dtype))
        return complexPartOf("abs", a, l);
      return Val::array(nd::AbsOp::create(b, loc(l), a.value.getType(), a.value),
                        a.type);
    }
    return unaryFloat(bi, name, a, l);
  }
  case Builtin::Maximum:
  case Builtin::Minimum:
  case Builtin::Add:
  case Builtin::Subtract:
  case Builtin::Multiply:
  case Builtin::Divide:
  case Builtin::Power: {
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
    llvm::StringRef op = bi == Builtin::Maximum    ? "max"
                         : bi == Builtin::Minimum  ? "min"
                         : bi == Builtin::Add      ? "+"
                         : bi == Builtin::Subtract ? "-"
                         : bi == Builtin::Multiply ? "*"
                         : bi == Builtin::Divide   ? "/"
                                                   : "**";
    return binary(op, *x, *y, l);
  }
  case Builtin::Sum:
  case Builtin::Prod:
  case Builtin::Max:
  case Builtin::Min: {
    if (!bindArgs(name, {"a", "axis", "keepdims"}, 1, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], name);
    if (!x)
      return std::nullopt;
    return reduce(bi, name, materialize(*x), args[1], args[2], l);
  }
  case Builtin::Print:
    if (!requireHost(name, l))
      return std::nullopt;
    return genPrint(call);
  case Builtin::Save:
    if (!requireHost(name, l))
      return std::nullopt;
    return genSave(call);
  case Builtin::Load:
    if (!requireHost(name, l))
      return std::nullopt;
    return err(l, "np.load needs a type annotation, e.g. `x: f32[n] = "
                  "np.load(...)`");
  }
  return err(l, "unsupported builtin");
}

static const char *kExtBuiltins[] = {
    // creation
    "zeros", "ones", "full", "empty", "arange", "linspace", "eye", "identity",
    "zeros_like", "ones_like", "full_like", "empty_like",
    // ufuncs
    "where", "clip", "isnan", "isfinite", "isinf", "floor", "ceil", "trunc",
    "rint", "round", "around", "log1p", "expm1", "log2", "log10", "exp2", "tan",
    "arcsin", "arccos", "arctan", "arctan2", "sinh", "cosh", "arcsinh",
    "arccosh", "arctanh", "square", "sign", "reciprocal", "fmax", "fmin",
    "hypot", "logical_and", "logical_or", "logical_not", "logical_xor",
    // complex parts
    "real", "imag", "conj", "conjugate",
    // reductions
    "mean", "var", "std", "argmax", "argmin", "any", "all", "cumsum", "cumprod",
    // contractions
    "matmul", "dot", "outer", "einsum"};

bool gen::isExtBuiltin(llvm::StringRef n) {
  return llvm::is_contained(kExtBuiltins, n);
}

std::optional<double> gen::extConstant(llvm::StringRef n) {
  if (n == "pi")
    return M_PI;
  if (n == "e")
    return M_E;
  if (n == "inf")
    return INFINITY;
  if (n == "nan")
    return NAN;
  return std::nullopt;
}

OptVal Gen::extBuiltin(llvm::StringRef name, llvm::StringRef full,
                       const Expr &call) {
  static const char *creationFns[] = {
      "zeros", "ones", "full", "empty", "arange", "linspace", "eye",
      "identity", "zeros_like", "ones_like", "full_like", "empty_like"};
  static const char *statFns[] = {"mean", "var", "std", "argmax", "argmin",
                                  "any", "all", "cumsum", "cumprod"};
  if (llvm::is_contained(creationFns, name))
    return creation(name, full, call);
  if (llvm::is_contained(statFns, name))
    return statistic(name, full, call);
  if (name == "matmul" || name == "dot" || name == "outer" || name == "einsum")
    return contraction(name, full, call);
  return ufunc(name, full, call);
}

/// A dtype argument: `f32`, `np.float32`, `"float32"`, `np.half`, `x.dtype`;
/// every spelling lookupDTypeName accepts. `fname` names the builtin whose
/// `dtype=` this is; empty for `.astype(...)`, whose message differs.
std::optional<DType> Gen::dtypeArg(const Expr &e, llvm::StringRef fname) {
  std::string name;
  bool isName = false;
  if (e.kind == ExprKind::Name && !scope->vars.count(e.name)) {
    name = e.name;
    isName = true;
  } else if (e.kind == ExprKind::Attribute && e.lhs->kind == ExprKind::Name &&
             npAliases.contains(e.lhs->name)) {
    name = e.name;
    isName = true;
  } else if (e.kind == ExprKind::String) {
    name = e.name;
    isName = true;
  } else {
    OptVal v = eval(e);
    if (!v)
      return std::nullopt;
    if (v->kind == Val::Str) // x.dtype, or a string naming one
      name = v->str;
  }
  if (std::optional<DType> t = lookupDTypeName(name, DTypeSpelling::Any))
    return t;
  if (fname.empty())
    return err(e.loc, "expected a dtype (f32, np.float32, x.dtype, ...)");
  if (!isName && name.empty())
    return err(e.loc, fname + "(): dtype must be a dtype name such as "
                              "np.float32");
  return err(e.loc, fname + "(): dtype '" + name + "' is not supported");
}
