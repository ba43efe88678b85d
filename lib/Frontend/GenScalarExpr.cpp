//===- GenScalarExpr.cpp - expressions and types of @vectorize bodies ----===//
//
// Numbers, names, operators, comparisons and calls of a scalar body
// (GenScalar.h): NumPy's promotion of scalars with weak Python numbers,
// NumPy's `//`, `%` and `**` (Conversion/NDArrayToLinalg/ScalarOps.h, shared
// with the array ops), math functions, and calls of the module's functions
// inlined.
//
//===----------------------------------------------------------------------===//

#include "Conversion/NDArrayToLinalg/ScalarOps.h"
#include "Frontend/DTypeNames.h"
#include "Frontend/GenScalar.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

namespace {

/// The float functions of one argument: NumPy's names, `math`'s aliases.
std::optional<llvm::StringRef> unaryMathName(llvm::StringRef n) {
  static const llvm::StringMap<llvm::StringRef> names = {
      {"sqrt", "sqrt"},     {"exp", "exp"},       {"log", "log"},
      {"log2", "log2"},     {"log10", "log10"},   {"log1p", "log1p"},
      {"expm1", "expm1"},   {"sin", "sin"},       {"cos", "cos"},
      {"tan", "tan"},       {"arcsin", "asin"},   {"asin", "asin"},
      {"arccos", "acos"},   {"acos", "acos"},     {"arctan", "atan"},
      {"atan", "atan"},     {"sinh", "sinh"},     {"cosh", "cosh"},
      {"tanh", "tanh"},     {"arcsinh", "asinh"}, {"asinh", "asinh"},
      {"arccosh", "acosh"}, {"acosh", "acosh"},   {"arctanh", "atanh"},
      {"atanh", "atanh"},   {"floor", "floor"},   {"ceil", "ceil"},
      {"trunc", "trunc"},   {"fabs", "fabs"},     {"erf", "erf"},
      {"cbrt", "cbrt"}};
  auto it = names.find(n);
  if (it == names.end())
    return std::nullopt;
  return it->second;
}

Value unaryMath(OpBuilder &b, Location l, llvm::StringRef fn, Value x) {
  if (fn == "sqrt") return math::SqrtOp::create(b, l, x);
  if (fn == "exp") return math::ExpOp::create(b, l, x);
  if (fn == "log") return math::LogOp::create(b, l, x);
  if (fn == "log2") return math::Log2Op::create(b, l, x);
  if (fn == "log10") return math::Log10Op::create(b, l, x);
  if (fn == "log1p") return math::Log1pOp::create(b, l, x);
  if (fn == "expm1") return math::ExpM1Op::create(b, l, x);
  if (fn == "sin") return math::SinOp::create(b, l, x);
  if (fn == "cos") return math::CosOp::create(b, l, x);
  if (fn == "tan") return math::TanOp::create(b, l, x);
  if (fn == "asin") return math::AsinOp::create(b, l, x);
  if (fn == "acos") return math::AcosOp::create(b, l, x);
  if (fn == "atan") return math::AtanOp::create(b, l, x);
  if (fn == "sinh") return math::SinhOp::create(b, l, x);
  if (fn == "cosh") return math::CoshOp::create(b, l, x);
  if (fn == "tanh") return math::TanhOp::create(b, l, x);
  if (fn == "asinh") return math::AsinhOp::create(b, l, x);
  if (fn == "acosh") return math::AcoshOp::create(b, l, x);
  if (fn == "atanh") return math::AtanhOp::create(b, l, x);
  if (fn == "floor") return math::FloorOp::create(b, l, x);
  if (fn == "ceil") return math::CeilOp::create(b, l, x);
  if (fn == "trunc") return math::TruncOp::create(b, l, x);
  if (fn == "fabs") return math::AbsFOp::create(b, l, x);
  if (fn == "erf") return math::ErfOp::create(b, l, x);
  return math::CbrtOp::create(b, l, x);
}

constexpr unsigned kMaxInlineDepth = 16;

} // namespace

//===----------------------------------------------------------------------===//
// Values and types
//===----------------------------------------------------------------------===//

Scalar ScalarBody::constant(double f, int64_t i, DType t, std::optional<Weak> weak) {
  Type mt = mlirType(t);
  Location l = b.getUnknownLoc();
  Value v = isFloat(t) ? arith::ConstantOp::create(b, l, mt, b.getFloatAttr(mt, f))
                       : arith::ConstantOp::create(b, l, mt, b.getIntegerAttr(mt, i));
  return Scalar{v, t, weak};
}

Scalar ScalarBody::cast(const Scalar &x, DType t, SrcLoc at) {
  if (x.t == t)
    return Scalar{x.v, t, std::nullopt};
  Location l = loc(at);
  Type to = mlirType(t);
  Value v = x.v;
  if (t == DType::Bool)
    v = truth(x, at);
  else if (x.t == DType::Bool)
    v = isFloat(t) ? arith::UIToFPOp::create(b, l, to, v).getResult()
                   : arith::ExtUIOp::create(b, l, to, v).getResult();
  else if (isFloat(x.t) && isFloat(t)) {
    unsigned from = v.getType().getIntOrFloatBitWidth(),
             width = to.getIntOrFloatBitWidth();
    if (from == width) // f16 <-> bf16: through f32
      v = arith::ExtFOp::create(b, l, b.getF32Type(), v);
    v = width > from ? arith::ExtFOp::create(b, l, to, v).getResult()
                     : arith::TruncFOp::create(b, l, to, v).getResult();
  }
  else if (isFloat(x.t))
    v = arith::FPToSIOp::create(b, l, to, v);
  else if (isFloat(t))
    v = arith::SIToFPOp::create(b, l, to, v);
  else if (to.getIntOrFloatBitWidth() > v.getType().getIntOrFloatBitWidth())
    v = arith::ExtSIOp::create(b, l, to, v);
  else
    v = arith::TruncIOp::create(b, l, to, v);
  return Scalar{v, t, std::nullopt};
}

Value ScalarBody::truth(const Scalar &x, SrcLoc at) {
  Location l = loc(at);
  if (x.t == DType::Bool)
    return x.v;
  Value zero = constant(0, 0, x.t, std::nullopt).v;
  if (isFloat(x.t)) // nan is true, as in Python
    return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNE, x.v, zero);
  return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, x.v, zero);
}

bool ScalarBody::common(const Scalar &x, const Scalar &y, SrcLoc l, DType &t,
                        std::optional<Weak> &weak) {
  weak.reset();
  if (x.weak && y.weak) {
    weak = std::max(*x.weak, *y.weak);
    t = weakDefault(*weak);
  } else if (x.weak) {
    t = promoteWeak(y.t, *x.weak);
  } else if (y.weak) {
    t = promoteWeak(x.t, *y.weak);
  } else {
    t = promote(x.t, y.t);
  }
  if (!isScalarDType(t))
    return fail(l, "a @vectorize function computes on bool, signed integers and "
                   "floats; " + numpyDtypeName(t).str() + " is not supported there yet");
  return true;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

std::optional<Scalar> ScalarBody::name(const Expr &e) {
  if (auto it = vars.find(e.name); it != vars.end())
    return it->second;
  if (auto it = unbound.find(e.name); it != unbound.end())
    return err(e.loc, it->second);
  if (auto it = g.constants.find(e.name); it != g.constants.end()) {
    const Val &c = it->second;
    if (c.kind == Val::Lit && c.weak != Weak::Complex)
      return constant(c.f, c.i, weakDefault(c.weak), c.weak);
    return err(e.loc, "the module constant '" + e.name +
                          "' is not a real number: a @vectorize function "
                          "reads numbers only");
  }
  if (e.name == "True" || e.name == "False")
    return constant(0, e.name == "True", DType::Bool, Weak::Bool);
  return err(e.loc, "name '" + e.name + "' is not defined");
}

std::optional<Scalar> ScalarBody::eval(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Name:
    return name(e);
  case ExprKind::Int:
    return constant(0, e.intValue, DType::I64, Weak::Int);
  case ExprKind::Float:
    return constant(e.floatValue, 0, DType::F64, Weak::Float);
  case ExprKind::Bool:
    return constant(0, e.boolValue, DType::Bool, Weak::Bool);
  case ExprKind::Unary:
    return unary(e);
  case ExprKind::Binary: {
    std::optional<Scalar> x = eval(*e.lhs);
    std::optional<Scalar> y = x ? eval(*e.rhs) : std::nullopt;
    if (!y)
      return std::nullopt;
    return binary(e.name, *x, *y, e.loc);
  }
  case ExprKind::Compare: {
    std::optional<Scalar> x = eval(*e.lhs);
    std::optional<Scalar> y = x ? eval(*e.rhs) : std::nullopt;
    if (!y)
      return std::nullopt;
    std::optional<Scalar> r = compare(e.name, *x, *y, e.loc);
    // A chain `a < b <= c`: each later link compares the previous operand.
    for (const ExprPtr &link : e.elts) {
      if (!r)
        return std::nullopt;
      std::optional<Scalar> z = eval(*link->rhs);
      if (!z)
        return std::nullopt;
      std::optional<Scalar> c = compare(link->name, *y, *z, link->loc);
      if (!c)
        return std::nullopt;
      r = Scalar{arith::AndIOp::create(b, loc(link->loc), r->v, c->v), DType::Bool,
                 std::nullopt};
      y = z;
    }
    return r;
  }
  case ExprKind::BoolOp: {
    std::optional<Scalar> x = eval(*e.lhs);
    std::optional<Scalar> y = x ? eval(*e.rhs) : std::nullopt;
    if (!y)
      return std::nullopt;
    if (x->t != DType::Bool || y->t != DType::Bool)
      return err(e.loc, "'" + e.name + "' in a @vectorize function takes bools "
                        "(comparisons); write the comparison (`x != 0`)");
    Location l = loc(e.loc);
    Value v = e.name == "and" ? arith::AndIOp::create(b, l, x->v, y->v).getResult()
                              : arith::OrIOp::create(b, l, x->v, y->v).getResult();
    return Scalar{v, DType::Bool, x->weak && y->weak ? x->weak : std::nullopt};
  }
  case ExprKind::Call:
    return call(e);
  case ExprKind::Attribute:
    if (e.lhs && e.lhs->kind == ExprKind::Name &&
        (g.npAliases.contains(e.lhs->name) || e.lhs->name == "math"))
      if (std::optional<double> c = extConstant(e.name))
        return constant(*c, 0, DType::F64, Weak::Float);
    return err(e.loc, "attributes are not supported in a @vectorize function "
                      "(its parameters are scalars); only np.pi, np.e, np.inf "
                      "and np.nan");
  case ExprKind::Subscript:
    return err(e.loc, "a @vectorize function's parameters are scalars (one "
                      "element of each array): they cannot be indexed; write "
                      "an @arrayc.jit function for array code");
  default:
    return err(e.loc, "this expression is not supported in a @vectorize "
                      "function (scalar numbers, arithmetic, comparisons, math "
                      "calls)");
  }
}

std::optional<Scalar> ScalarBody::unary(const Expr &e) {
  std::optional<Scalar> x = eval(*e.lhs);
  if (!x)
    return std::nullopt;
  Location l = loc(e.loc);
  if (e.name == "+")
    return x;
  if (e.name == "not") {
    Value t = truth(*x, e.loc);
    Value one = constant(0, 1, DType::Bool, std::nullopt).v;
    return Scalar{arith::XOrIOp::create(b, l, t, one), DType::Bool, std::nullopt};
  }
  if (e.name == "~") {
    if (isFloat(x->t))
      return err(e.loc, "'~' takes integers or bools, got " +
                            numpyDtypeName(x->t).str());
    Value ones = constant(0, -1, x->t, std::nullopt).v;
    return Scalar{arith::XOrIOp::create(b, l, x->v, ones), x->t, x->weak};
  }
  // "-"
  if (x->t == DType::Bool)
    return err(e.loc, "the numpy boolean negative, the `-` operator, is not "
                      "supported, use the `~` operator or the logical_not "
                      "function instead");
  if (isFloat(x->t))
    return Scalar{arith::NegFOp::create(b, l, x->v), x->t, x->weak};
  Value zero = constant(0, 0, x->t, std::nullopt).v;
  return Scalar{arith::SubIOp::create(b, l, zero, x->v), x->t, x->weak};
}

std::optional<Scalar> ScalarBody::binary(llvm::StringRef op, Scalar x, Scalar y,
                                         SrcLoc at) {
  DType t;
  std::optional<Weak> weak;
  if (!common(x, y, at, t, weak))
    return std::nullopt;
  Location l = loc(at);
  if (op == "/") {
    // True division of integers and bools computes in f64 (NumPy's loops).
    DType ft = isFloat(t) ? t : DType::F64;
    Value v = arith::DivFOp::create(b, l, cast(x, ft, at).v, cast(y, ft, at).v);
    return Scalar{v, ft, weak ? std::optional<Weak>(Weak::Float) : std::nullopt};
  }
  Value a = cast(x, t, at).v, c = cast(y, t, at).v;
  bool fl = isFloat(t), bl = t == DType::Bool;
  Value v;
  if (op == "+")
    v = fl ? arith::AddFOp::create(b, l, a, c).getResult()
           : bl ? arith::OrIOp::create(b, l, a, c).getResult()
                : arith::AddIOp::create(b, l, a, c).getResult();
  else if (op == "*")
    v = fl ? arith::MulFOp::create(b, l, a, c).getResult()
           : bl ? arith::AndIOp::create(b, l, a, c).getResult()
                : arith::MulIOp::create(b, l, a, c).getResult();
  else if (op == "&" || op == "|" || op == "^") {
    if (fl)
      return err(at, "'" + op + "' takes integers or bools, got " +
                         numpyDtypeName(t).str());
    v = op == "&"   ? arith::AndIOp::create(b, l, a, c).getResult()
        : op == "|" ? arith::OrIOp::create(b, l, a, c).getResult()
                    : arith::XOrIOp::create(b, l, a, c).getResult();
  } else if (bl) {
    return err(at, "'" + op + "' of two bools is not supported (NumPy rejects "
                              "or changes their type); cast one with int()");
  } else if (op == "-")
    v = fl ? arith::SubFOp::create(b, l, a, c).getResult()
           : arith::SubIOp::create(b, l, a, c).getResult();
  else if (op == "//" || op == "%")
    v = fl ? scalar::floatDivMod(b, l, a, c, op == "%")
           : scalar::intDivMod(b, l, a, c, op == "%");
  else if (op == "**")
    v = fl ? math::PowFOp::create(b, l, a, c).getResult()
           : scalar::intPow(b, l, a, c);
  else
    return err(at, "operator '" + op + "' is not supported in a @vectorize "
                                       "function");
  return Scalar{v, t, weak};
}

std::optional<Scalar> ScalarBody::compare(llvm::StringRef op, Scalar x, Scalar y,
                                          SrcLoc at) {
  DType t;
  std::optional<Weak> weak;
  if (!common(x, y, at, t, weak))
    return std::nullopt;
  Location l = loc(at);
  Value a = cast(x, t, at).v, c = cast(y, t, at).v;
  using F = arith::CmpFPredicate;
  using I = arith::CmpIPredicate;
  static const llvm::StringMap<std::pair<F, I>> preds = {
      {"==", {F::OEQ, I::eq}}, {"!=", {F::UNE, I::ne}}, {"<", {F::OLT, I::slt}},
      {"<=", {F::OLE, I::sle}}, {">", {F::OGT, I::sgt}}, {">=", {F::OGE, I::sge}}};
  auto it = preds.find(op);
  if (it == preds.end())
    return err(at, "comparison '" + op + "' is not supported in a @vectorize "
                                         "function");
  Value v;
  if (isFloat(t))
    v = arith::CmpFOp::create(b, l, it->second.first, a, c);
  else {
    I p = it->second.second;
    if (t == DType::Bool) // false < true
      p = p == I::slt ? I::ult : p == I::sle ? I::ule : p == I::sgt ? I::ugt
          : p == I::sge ? I::uge : p;
    v = arith::CmpIOp::create(b, l, p, a, c);
  }
  return Scalar{v, DType::Bool, std::nullopt};
}

std::optional<Scalar> ScalarBody::call(const Expr &e) {
  std::string fname;
  bool qualified = false;
  if (e.lhs->kind == ExprKind::Name) {
    fname = e.lhs->name;
  } else if (e.lhs->kind == ExprKind::Attribute && e.lhs->lhs &&
             e.lhs->lhs->kind == ExprKind::Name &&
             (g.npAliases.contains(e.lhs->lhs->name) || e.lhs->lhs->name == "math")) {
    fname = e.lhs->name;
    qualified = true;
  } else {
    return err(e.loc, "this call is not supported in a @vectorize function");
  }
  if (!e.keywords.empty())
    return err(e.keywords[0].loc, "keyword arguments are not supported in a "
                                  "@vectorize function's calls");
  llvm::SmallVector<Scalar> args;
  for (const ExprPtr &a : e.elts) {
    std::optional<Scalar> v = eval(*a);
    if (!v)
      return std::nullopt;
    args.push_back(*v);
  }
  if (!qualified) {
    auto f = g.funcs.find(fname);
    if (f != g.funcs.end())
      return inlineCall(f->second, args, e);
  }
  std::string shown = (qualified ? e.lhs->lhs->name + "." : "") + fname;
  // NumPy scalar constructors: np.float32(x), np.int64(n), ...
  if (qualified)
    if (std::optional<DType> t = lookupDTypeName(fname, DTypeSpelling::Any);
        t && fname != "float" && fname != "int" && fname != "bool") {
      if (args.size() != 1)
        return err(e.loc, shown + "() takes one argument");
      if (!isScalarDType(*t))
        return err(e.loc, "a @vectorize function computes on bool, signed "
                          "integers and floats; " + shown + " is not supported there yet");
      return cast(args[0], *t, e.loc);
    }
  return mathCall(qualified ? fname : "builtin." + fname, args, e);
}

std::optional<Scalar> ScalarBody::mathCall(llvm::StringRef fn,
                                           llvm::ArrayRef<Scalar> a, const Expr &e) {
  Location l = loc(e.loc);
  std::string shown = fn.starts_with("builtin.") ? fn.drop_front(8).str()
                                                 : "np." + fn.str();
  auto arity = [&](size_t n) {
    if (a.size() == n)
      return true;
    return fail(e.loc, shown + "() takes " + std::to_string(n) + " argument" +
                           (n == 1 ? "" : "s") + " here, got " +
                           std::to_string(a.size()));
  };
  auto strong = [&](const Scalar &x) {
    return x.weak ? Scalar{x.v, x.t, std::nullopt} : x;
  };
  // Python's builtins.
  if (fn == "builtin.float" || fn == "builtin.int" || fn == "builtin.bool") {
    if (!arity(1))
      return std::nullopt;
    DType t = fn == "builtin.float" ? DType::F64
              : fn == "builtin.int" ? DType::I64 : DType::Bool;
    Scalar r = cast(a[0], t, e.loc);
    r.weak = fn == "builtin.float" ? Weak::Float
             : fn == "builtin.int" ? Weak::Int : Weak::Bool;
    return r;
  }
  if (fn == "builtin.abs" || fn == "abs" || fn == "absolute") {
    if (!arity(1))
      return std::nullopt;
    Scalar x = fn == "builtin.abs" ? a[0] : strong(a[0]);
    if (x.t == DType::Bool)
      return x;
    if (isFloat(x.t))
      return Scalar{math::AbsFOp::create(b, l, x.v), x.t, x.weak};
    if (isUnsigned(x.t))
      return x;
    // x < 0 ? 0 - x : x (wrapping for INT_MIN, as NumPy's), spelled out as
    // ndarray.abs's lowering is: math.absi has no lowering in GPU kernels.
    Value zero = arith::ConstantOp::create(b, l, b.getIntegerAttr(x.v.getType(), 0));
    Value neg = arith::SubIOp::create(b, l, zero, x.v);
    Value isNeg = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, x.v, zero);
    return Scalar{arith::SelectOp::create(b, l, isNeg, neg, x.v), x.t, x.weak};
  }
  if (fn == "builtin.round") {
    // Python's round(x): half to even, to a Python int (i64); an int or a
    // bool is that int. round(x, ndigits) needs a compile-time ndigits.
    if (a.size() == 2)
      return err(e.loc, "round(x, ndigits) is not supported in a @vectorize "
                        "function yet; use round(x * 10**d) / 10**d");
    if (!arity(1))
      return std::nullopt;
    Scalar x = a[0];
    if (isFloat(x.t))
      x = Scalar{math::RoundEvenOp::create(b, l, x.v), x.t, x.weak};
    Scalar r = cast(x, DType::I64, e.loc);
    r.weak = Weak::Int;
    return r;
  }
  if (fn == "builtin.min" || fn == "builtin.max") {
    // Python's: the first argument unless a later one compares smaller
    // (larger), so a nan first stays.
    if (a.size() < 2)
      return err(e.loc, shown + "() of scalars takes two or more arguments");
    Scalar r = a[0];
    for (const Scalar &y : a.drop_front()) {
      std::optional<Scalar> better =
          compare(fn == "builtin.min" ? "<" : ">", y, r, e.loc);
      DType t;
      std::optional<Weak> weak;
      if (!better || !common(r, y, e.loc, t, weak))
        return std::nullopt;
      r = Scalar{arith::SelectOp::create(b, l, better->v, cast(y, t, e.loc).v,
                                         cast(r, t, e.loc).v),
                 t, weak};
    }
    return r;
  }
  if (fn == "maximum" || fn == "minimum" || fn == "fmax" || fn == "fmin") {
    if (!arity(2))
      return std::nullopt;
    DType t;
    std::optional<Weak> weak;
    if (!common(strong(a[0]), a[1], e.loc, t, weak))
      return std::nullopt;
    Value x = cast(a[0], t, e.loc).v, y = cast(a[1], t, e.loc).v;
    bool mx = fn == "maximum" || fn == "fmax";
    Value v;
    if (isFloat(t))
      v = fn == "maximum"   ? arith::MaximumFOp::create(b, l, x, y).getResult()
          : fn == "minimum" ? arith::MinimumFOp::create(b, l, x, y).getResult()
          : mx              ? arith::MaxNumFOp::create(b, l, x, y).getResult()
                            : arith::MinNumFOp::create(b, l, x, y).getResult();
    else if (t == DType::Bool)
      v = mx ? arith::OrIOp::create(b, l, x, y).getResult()
             : arith::AndIOp::create(b, l, x, y).getResult();
    else
      v = mx ? arith::MaxSIOp::create(b, l, x, y).getResult()
             : arith::MinSIOp::create(b, l, x, y).getResult();
    return Scalar{v, t, std::nullopt};
  }
  if (fn == "arctan2" || fn == "atan2" || fn == "power" ||
      fn == "pow" || fn == "copysign") {
    if (!arity(2))
      return std::nullopt;
    DType t;
    std::optional<Weak> weak;
    if (!common(strong(a[0]), strong(a[1]), e.loc, t, weak))
      return std::nullopt;
    if (fn == "power" || fn == "pow") {
      if (!isFloat(t) && fn == "pow")
        t = DType::F64; // math.pow is a float function
      return binary("**", cast(a[0], t, e.loc), cast(a[1], t, e.loc), e.loc);
    }
    t = floatFor(t);
    Value x = cast(a[0], t, e.loc).v, y = cast(a[1], t, e.loc).v;
    Value v;
    if (fn == "copysign") {
      v = math::CopySignOp::create(b, l, x, y);
    } else {
      v = math::Atan2Op::create(b, l, x, y);
    }
    return Scalar{v, t, std::nullopt};
  }
  if (fn == "isnan" || fn == "isinf" || fn == "isfinite") {
    if (!arity(1))
      return std::nullopt;
    if (!isFloat(a[0].t))
      return constant(0, fn == "isfinite", DType::Bool, std::nullopt);
    Value x = a[0].v;
    Value v;
    if (fn == "isnan") {
      v = arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
    } else {
      Value ax = math::AbsFOp::create(b, l, x);
      Value inf = constant(INFINITY, 0, a[0].t, std::nullopt).v;
      v = fn == "isinf"
              ? arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, ax, inf)
              : arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, ax, inf);
    }
    return Scalar{v, DType::Bool, std::nullopt};
  }
  if (std::optional<llvm::StringRef> m = unaryMathName(fn)) {
    if (!arity(1))
      return std::nullopt;
    Scalar x = strong(a[0]);
    if (!isScalarDType(x.t))
      return err(e.loc, "a @vectorize function computes on bool, signed "
                        "integers and floats");
    DType t = floatFor(x.t);
    return Scalar{unaryMath(b, l, *m, cast(x, t, e.loc).v), t, std::nullopt};
  }
  return err(e.lhs->loc, "'" + shown + "' is not supported in a @vectorize "
                         "function (scalar arithmetic, comparisons, math "
                         "functions such as np.sqrt/np.exp/np.arctan2, abs, "
                         "min, max, float, int, and calls of other functions "
                         "of the module)");
}

std::optional<Scalar> ScalarBody::inlineCall(const FuncInfo &fn,
                                             llvm::ArrayRef<Scalar> a,
                                             const Expr &e) {
  const Stmt &callee = *fn.def;
  if (depth >= kMaxInlineDepth)
    return err(e.loc, "calls nest too deep in a @vectorize function "
                      "(recursion is not supported)");
  if (a.size() > callee.params.size())
    return err(e.loc, "'" + callee.name + "' takes " +
                          std::to_string(callee.params.size()) + " arguments, got " +
                          std::to_string(a.size()));
  llvm::SmallVector<Scalar> args(a.begin(), a.end());
  for (size_t i = a.size(); i < callee.params.size(); ++i) {
    const Param &p = callee.params[i];
    if (!p.defaultValue)
      return err(e.loc, "'" + callee.name + "' is missing the argument '" +
                            p.name + "'");
    std::optional<Scalar> d = eval(*p.defaultValue);
    if (!d)
      return std::nullopt;
    args.push_back(*d);
  }
  ScalarBody inner(g, depth + 1);
  std::optional<llvm::SmallVector<Scalar>> out = inner.genFunction(callee, args);
  if (!out)
    return std::nullopt;
  if (out->size() != 1)
    return err(e.loc, "'" + callee.name + "' returns " +
                          std::to_string(out->size()) +
                          " values; a call inside a @vectorize function "
                          "takes one");
  return out->front();
}
