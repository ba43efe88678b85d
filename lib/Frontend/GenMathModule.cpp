//===- GenMathModule.cpp - Python's math module ---------------------------===//
//
// `math.sqrt(x)`, `from math import sqrt`: the functions of Python's math
// module on one real number, as Python computes them: the argument is taken
// as a Python float, the result is a Python float (an int for floor, ceil and
// trunc; a bool for isnan, isinf, isfinite), and where math raises instead
// of returning NumPy's nan or inf (math.sqrt(-1.0), math.log(0.0),
// math.exp(1000.0)) the program stops at run time with Python's exception
// and the call's location. Arrays are NumPy's business (np.sqrt): an array
// of more than one element is a compile-time error, as Python's TypeError.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cmath>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

namespace {
/// Where a one-argument math function raises ValueError ("math domain
/// error"); NaN never raises.
enum class Domain {
  All,
  NonNegative,   ///< x < 0 raises (sqrt)
  Positive,      ///< x <= 0 raises (log, log2, log10)
  AboveMinusOne, ///< x <= -1 raises (log1p)
  ClosedUnit,    ///< |x| > 1 raises (asin, acos)
  AtLeastOne,    ///< x < 1 raises (acosh)
  OpenUnit,      ///< |x| >= 1 raises (atanh)
  Finite,        ///< +-inf raises (sin, cos, tan)
};

/// How a one-argument math function computes its value.
enum class Lowering {
  Ufunc,   ///< nd.unary_math with the ufunc `numpy`
  FloatOp, ///< the builtin `op`'s own ndarray op (Gen::unaryFloat)
  Abs,     ///< nd.abs (fabs)
  Scale,   ///< x * `scale` (degrees, radians)
};

struct MathFn {
  llvm::StringLiteral name;  ///< math's
  llvm::StringLiteral numpy; ///< the ufunc computing it ("" when composed)
  Domain domain;
  bool overflows; ///< a finite argument may give OverflowError
  Lowering lowering = Lowering::Ufunc;
  Builtin op = Builtin::None; ///< Lowering::FloatOp
  double scale = 0;           ///< Lowering::Scale
};

constexpr MathFn kUnary[] = {
    {"sqrt", "sqrt", Domain::NonNegative, false, Lowering::FloatOp,
     Builtin::Sqrt},
    {"exp", "exp", Domain::All, true, Lowering::FloatOp, Builtin::Exp},
    {"exp2", "exp2", Domain::All, true},
    {"expm1", "expm1", Domain::All, true},
    {"log", "log", Domain::Positive, false, Lowering::FloatOp, Builtin::Log},
    {"log2", "log2", Domain::Positive, false},
    {"log10", "log10", Domain::Positive, false},
    {"log1p", "log1p", Domain::AboveMinusOne, false},
    {"sin", "sin", Domain::Finite, false, Lowering::FloatOp, Builtin::Sin},
    {"cos", "cos", Domain::Finite, false, Lowering::FloatOp, Builtin::Cos},
    {"tan", "tan", Domain::Finite, false},
    {"asin", "arcsin", Domain::ClosedUnit, false},
    {"acos", "arccos", Domain::ClosedUnit, false},
    {"atan", "arctan", Domain::All, false},
    {"sinh", "sinh", Domain::All, true},
    {"cosh", "cosh", Domain::All, true},
    {"tanh", "tanh", Domain::All, false, Lowering::FloatOp, Builtin::Tanh},
    {"asinh", "arcsinh", Domain::All, false},
    {"acosh", "arccosh", Domain::AtLeastOne, false},
    {"atanh", "arctanh", Domain::OpenUnit, false},
    {"fabs", "", Domain::All, false, Lowering::Abs},
    {"degrees", "", Domain::All, false, Lowering::Scale, Builtin::None,
     180.0 / M_PI},
    {"radians", "", Domain::All, false, Lowering::Scale, Builtin::None,
     M_PI / 180.0},
};
} // namespace

/// Stops the program at run time where `bad` (a bool scalar) holds, with
/// Python's `exception` at `l`.
bool Gen::mathRaise(const Val &bad, SrcLoc l, llvm::StringRef exception) {
  if (bad.kind == Val::Lit && !litTruth(bad))
    return true;
  OptVal ok = logicalNot(bad, l);
  if (!ok)
    return false;
  std::optional<Value> c = condition(*ok, l, "math");
  if (!c)
    return false;
  std::string msg = file + ":" + std::to_string(l.line) + ":" +
                    std::to_string(l.col) + ": " + exception.str();
  nd::AssertOp::create(b, loc(l), *c, b.getStringAttr(msg));
  return true;
}

OptVal Gen::mathCall(llvm::StringRef fname, const Expr &call) {
  std::string full = "math." + fname.str();
  SrcLoc l = call.loc;
  if (!call.keywords.empty())
    return err(call.keywords[0].loc,
               full + "() takes no keyword arguments");
  auto args = [&](size_t n) -> std::optional<std::vector<Val>> {
    if (call.elts.size() != n)
      return err(l, full + "() takes exactly " + std::to_string(n) +
                        " argument" + (n == 1 ? "" : "s") + " (" +
                        std::to_string(call.elts.size()) + " given)"),
             std::nullopt;
    std::vector<Val> out;
    for (const ExprPtr &a : call.elts) {
      OptVal v = mathArgument(*a, full, fname == "floor" || fname == "ceil" ||
                                            fname == "trunc");
      if (!v)
        return std::nullopt;
      out.push_back(*v);
    }
    return out;
  };
  auto pyFloat = [](Val v) {
    v.weakRt = true;
    v.weak = Weak::Float;
    return v;
  };
  auto cmp = [&](llvm::StringRef op, const Val &x, double c) {
    return compare(op, x, Val::floatLit(c), l);
  };
  auto either = [&](OptVal x, OptVal y) -> OptVal {
    if (!x || !y)
      return std::nullopt;
    return binary("|", *x, *y, l);
  };
  auto both = [&](OptVal x, OptVal y) -> OptVal {
    if (!x || !y)
      return std::nullopt;
    return binary("&", *x, *y, l);
  };
  auto isInf = [&](const Val &x) { return unaryMath("isinf", x, DType::Bool, l); };
  auto isFinite = [&](const Val &x) {
    return unaryMath("isfinite", x, DType::Bool, l);
  };
  auto absOf = [&](const Val &x) {
    return Val::array(nd::AbsOp::create(b, loc(l), x.value.getType(), x.value),
                      x.type);
  };
  // An overflow: an infinite result from finite arguments.
  auto overflowCheck = [&](const Val &r, llvm::ArrayRef<Val> xs) -> bool {
    OptVal bad = isInf(r);
    for (const Val &x : xs)
      bad = both(bad, isFinite(x));
    return bad && mathRaise(*bad, l, "OverflowError: math range error");
  };

  if (const MathFn *fn = llvm::find_if(
          kUnary, [&](const MathFn &f) { return f.name == fname; });
      fn != std::end(kUnary) && !(fname == "log" && call.elts.size() == 2)) {
    std::optional<std::vector<Val>> a = args(1);
    if (!a)
      return std::nullopt;
    Val x = (*a)[0];
    OptVal bad;
    switch (fn->domain) {
    case Domain::All: break;
    case Domain::NonNegative: bad = cmp("<", x, 0); break;
    case Domain::Positive: bad = cmp("<=", x, 0); break;
    case Domain::AboveMinusOne: bad = cmp("<=", x, -1); break;
    case Domain::ClosedUnit: bad = cmp(">", absOf(x), 1); break;
    case Domain::AtLeastOne: bad = cmp("<", x, 1); break;
    case Domain::OpenUnit: bad = cmp(">=", absOf(x), 1); break;
    case Domain::Finite: bad = isInf(x); break;
    }
    if (fn->domain != Domain::All &&
        (!bad || !mathRaise(*bad, l, "ValueError: math domain error")))
      return std::nullopt;
    OptVal r;
    switch (fn->lowering) {
    case Lowering::Ufunc: r = unaryMath(fn->numpy, x, DType::F64, l); break;
    case Lowering::FloatOp: r = unaryFloat(fn->op, fname, x, l); break;
    case Lowering::Abs: r = absOf(x); break;
    case Lowering::Scale:
      r = binary("*", x, Val::floatLit(fn->scale), l);
      break;
    }
    if (!r || (fn->overflows && !overflowCheck(*r, {x})))
      return std::nullopt;
    return pyFloat(*r);
  }

  if (fname == "floor" || fname == "ceil" || fname == "trunc") {
    std::optional<std::vector<Val>> a = args(1);
    if (!a)
      return std::nullopt;
    Val x = (*a)[0];
    if (x.kind == Val::Array && x.type.dtype != DType::F64) // an integer
      x = toArray(x, DType::I64);
    else if (x.kind == Val::Array) {
      if (!mathRaise(unaryMath("isnan", x, DType::Bool, l), l,
                     "ValueError: cannot convert float NaN to integer") ||
          !mathRaise(isInf(x), l,
                     "OverflowError: cannot convert float infinity to integer"))
        return std::nullopt;
      x = toArray(unaryMath(fname, x, DType::F64, l), DType::I64);
    }
    if (x.kind == Val::Array) {
      x.weakRt = true;
      x.weak = Weak::Int;
    }
    return x;
  }

  if (fname == "isnan" || fname == "isinf" || fname == "isfinite") {
    std::optional<std::vector<Val>> a = args(1);
    if (!a)
      return std::nullopt;
    Val r = unaryMath(fname, (*a)[0], DType::Bool, l);
    r.weakRt = true;
    r.weak = Weak::Bool;
    return r;
  }

  if (fname == "atan2" || fname == "hypot" || fname == "pow" ||
      fname == "log") {
    std::optional<std::vector<Val>> a = args(2);
    if (!a)
      return std::nullopt;
    Val x = (*a)[0], y = (*a)[1];
    if (fname == "pow") { // x ** y, with math's errors
      // 0 ** negative; a negative base to a finite non-integer power.
      OptVal bad = either(
          both(cmp("==", x, 0), cmp("<", y, 0)),
          both(both(cmp("<", x, 0), isFinite(y)),
               compare("!=", y, unaryMath("floor", y, DType::F64, l), l)));
      if (!bad || !mathRaise(*bad, l, "ValueError: math domain error"))
        return std::nullopt;
      OptVal r = binary("**", x, y, l);
      if (!r || !overflowCheck(*r, {x, y}))
        return std::nullopt;
      return pyFloat(*r);
    }
    if (fname == "log") { // log(x, base) = log(x) / log(base)
      OptVal bad = either(cmp("<=", x, 0), cmp("<=", y, 0));
      if (!bad || !mathRaise(*bad, l, "ValueError: math domain error"))
        return std::nullopt;
      OptVal one = cmp("==", y, 1);
      if (!one || !mathRaise(*one, l, "ZeroDivisionError: float division by zero"))
        return std::nullopt;
      OptVal lx = unaryFloat(Builtin::Log, fname, x, l);
      OptVal ly = unaryFloat(Builtin::Log, fname, y, l);
      if (!lx || !ly)
        return std::nullopt;
      OptVal r = binary("/", *lx, *ly, l);
      return r ? OptVal(pyFloat(*r)) : std::nullopt;
    }
    ArrType rt{DType::F64, {}};
    Value r = nd::BinaryMathOp::create(
        b, loc(l), rt.tensorType(&ctx),
        b.getStringAttr(fname == "atan2" ? "arctan2" : "hypot"), x.value, y.value);
    return pyFloat(Val::array(r, rt));
  }
  return err(call.lhs->loc, "'" + full + "' is not supported (arrayc has "
                            "math's functions of one real number: sqrt, exp, "
                            "log, sin, floor, ..., and pow, atan2, hypot)");
}

/// One argument of a math function: a real scalar, as a Python float
/// (`keepInt`: an integer or bool stays an integer, for floor/ceil/trunc).
OptVal Gen::mathArgument(const Expr &e, llvm::StringRef full, bool keepInt) {
  OptVal v = eval(e);
  if (!v)
    return std::nullopt;
  auto notReal = [&](const std::string &what) -> OptVal {
    return err(e.loc, "must be real number, not " + what + " (" + full +
                              "() takes one number; np." +
                              full.drop_front(5).str() +
                              " works on arrays)");
  };
  if (v->kind == Val::Lit) {
    if (v->weak == Weak::Complex)
      return notReal("complex");
    if (keepInt && v->weak != Weak::Float)
      return Val::intLit(v->i);
    return toArray(Val::floatLit(v->asDouble()), DType::F64);
  }
  if (v->kind != Val::Array)
    return notReal(v->describe());
  if (v->type.rank() != 0)
    return notReal("an array of shape " + v->type.str());
  if (isComplex(v->type.dtype))
    return notReal("complex");
  if (keepInt && !isFloat(v->type.dtype))
    return toArray(*v, DType::I64);
  return toArray(*v, DType::F64);
}
