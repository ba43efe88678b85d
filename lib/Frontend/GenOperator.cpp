//===- GenOperator.cpp - the operators of .arr ----------------------------===//
//
// Every unary, binary and comparison operator, dispatched through the one
// table in Operators.def: constant folding of Python scalars (with Python's
// semantics), NEP 50 promotion of the operands, broadcasting, and the
// ndarray op. The builtins that are operators in NumPy (add, maximum, ...)
// and the lowering of other builtins come through `binary` and `compare`
// too.
//
// A Python scalar whose value is only known at run time (a loop index, a
// Python int carried by a loop) is a 0-d i64/f64/bool array marked `weakRt`:
// it still promotes like a Python scalar (NEP 50).
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

//===----------------------------------------------------------------------===//
// The operator table
//===----------------------------------------------------------------------===//

static const OperatorInfo kOperators[] = {
#define BINARY_OP(Kind, Spelling, Ufunc, Class, NDOp)                          \
  {OpKind::Kind, Spelling, Ufunc, OpClass::Class, /*inSource=*/true},
#define INTERNAL_BINARY_OP(Kind, Spelling, Ufunc, Class, NDOp)                 \
  {OpKind::Kind, Spelling, Ufunc, OpClass::Class, /*inSource=*/false},
#define CONTRACT_OP(Kind, Spelling, Ufunc)                                     \
  {OpKind::Kind, Spelling, Ufunc, OpClass::Contract, /*inSource=*/true},
#define COMPARE_OP(Kind, Spelling, Predicate)                                  \
  {OpKind::Kind, Spelling, "", OpClass::Compare, /*inSource=*/true},
#define UNARY_OP(Kind, Spelling, Ufunc)                                        \
  {OpKind::Kind, Spelling, Ufunc, OpClass::Unary, /*inSource=*/true},
#include "Frontend/Operators.def"
};

/// The row spelled `s` whose class `accept` allows (`-` is both unary and
/// binary).
static const OperatorInfo *findOperator(llvm::StringRef s,
                                        bool (*accept)(OpClass)) {
  for (const OperatorInfo &op : kOperators)
    if (op.spelling == s && accept(op.cls))
      return &op;
  return nullptr;
}

const OperatorInfo *gen::binaryOperator(llvm::StringRef s) {
  return findOperator(s, [](OpClass c) {
    return c != OpClass::Compare && c != OpClass::Unary;
  });
}

const OperatorInfo *gen::compareOperator(llvm::StringRef s) {
  return findOperator(s, [](OpClass c) { return c == OpClass::Compare; });
}

const OperatorInfo *gen::unaryOperator(llvm::StringRef s) {
  return findOperator(s, [](OpClass c) { return c == OpClass::Unary; });
}

//===----------------------------------------------------------------------===//
// Unary operators
//===----------------------------------------------------------------------===//

OptVal Gen::unary(llvm::StringRef op, Val a, SrcLoc l) {
  const OperatorInfo *info = unaryOperator(op);
  assert(info && "not a unary operator");
  switch (info->kind) {
  case OpKind::Not:
    return logicalNot(a, l);
  case OpKind::Invert:
    return unaryInvert(a, l);
  case OpKind::Neg:
    return negate(a, l);
  case OpKind::Pos:
    if (a.kind == Val::Lit) {
      if (a.weak == Weak::Bool)
        return Val::intLit(a.i);
      return a;
    }
    if (a.kind != Val::Array)
      return err(l, "bad operand type for unary +: " + a.describe());
    return a;
  default:
    llvm_unreachable("not a unary operator");
  }
}

//===----------------------------------------------------------------------===//
// Arithmetic and comparisons
//===----------------------------------------------------------------------===//

/// `+ - * / **` of two Python scalars, one of them complex (Python's
/// complex arithmetic; division by zero is an error as in Python).
static std::optional<std::complex<double>>
foldComplex(llvm::StringRef op, std::complex<double> x, std::complex<double> y,
            std::string &error) {
  if (op == "+")
    return x + y;
  if (op == "-")
    return x - y;
  if (op == "*")
    return x * y;
  if (op == "/") {
    if (y == 0.0) {
      error = "complex division by zero";
      return std::nullopt;
    }
    return x / y;
  }
  if (x == 0.0 && (y.imag() != 0 || y.real() < 0)) {
    error = "0.0 to a negative or complex power";
    return std::nullopt;
  }
  if (y == 0.0)
    return std::complex<double>(1.0);
  return std::pow(x, y);
}

OptVal Gen::foldBinary(llvm::StringRef op, const Val &a, const Val &c,
                       SrcLoc l) {
  if (a.weak == Weak::Complex || c.weak == Weak::Complex) {
    std::string error;
    auto r = foldComplex(op, a.asComplex(), c.asComplex(), error);
    if (!r)
      return err(l, error);
    return Val::complexLit(r->real(), r->imag());
  }
  bool isFloatMath = a.weak == Weak::Float || c.weak == Weak::Float;
  if (op == "/") {
    double y = c.asDouble();
    if (y == 0)
      return err(l, "division by zero");
    return Val::floatLit(a.asDouble() / y);
  }
  if (op == "**") {
    if (!isFloatMath && c.i >= 0) {
      int64_t r = 1, base = a.i;
      for (int64_t k = 0; k < c.i; ++k) {
        if (__builtin_mul_overflow(r, base, &r))
          return err(l, "integer power overflows 64 bits");
        if (r == 0 || r == 1)
          break;
      }
      return Val::intLit(r);
    }
    double x = a.asDouble(), y = c.asDouble();
    if (x == 0 && y < 0)
      return err(l, "0.0 cannot be raised to a negative power");
    if (x < 0 && y != std::floor(y))
      return err(l, "a negative number raised to a fractional power gives a "
                    "complex number, which is not supported");
    return Val::floatLit(std::pow(x, y));
  }
  if (isFloatMath) {
    double x = a.asDouble(), y = c.asDouble();
    return Val::floatLit(op == "+" ? x + y : op == "-" ? x - y : x * y);
  }
  int64_t r = 0;
  bool overflow = op == "+"   ? __builtin_add_overflow(a.i, c.i, &r)
                  : op == "-" ? __builtin_sub_overflow(a.i, c.i, &r)
                              : __builtin_mul_overflow(a.i, c.i, &r);
  if (overflow)
    return err(l, "integer arithmetic overflows 64 bits");
  return Val::intLit(r);
}

OptVal Gen::negate(Val a, SrcLoc l) {
  if (a.kind == Val::Lit) {
    if (a.weak == Weak::Float)
      return Val::floatLit(-a.f);
    if (a.weak == Weak::Complex)
      return Val::complexLit(-a.f, -a.im);
    if (a.i == INT64_MIN)
      return err(l, "integer arithmetic overflows 64 bits");
    return Val::intLit(-a.i);
  }
  if (a.kind != Val::Array)
    return err(l, "bad operand type for unary -: " + a.describe());
  if (a.type.dtype == DType::Bool)
    return err(l, "the numpy boolean negative, the `-` operator, is not "
                  "supported, use the `~` operator or the logical_not "
                  "function instead");
  Value r = nd::NegOp::create(b, loc(l), a.value.getType(), a.value);
  Val out = Val::array(r, a.type);
  out.weakRt = a.weakRt; // -i of a run-time Python int is a Python int.
  out.weak = a.weak;
  return out;
}

/// Operators take arrays and numbers only.
bool Gen::checkOperands(llvm::StringRef op, const Val &a, const Val &c,
                        SrcLoc l) {
  for (const Val *v : {&a, &c})
    if (v->kind != Val::Array && v->kind != Val::Lit)
      return fail(l, "unsupported operand type for '" + op + "': " +
                         v->describe());
  return true;
}

/// The one broadcast-and-emit of the elementwise binary operators: `a` and
/// `c` as dtype `t`, broadcast together, combined by the table's ndarray op.
OptVal Gen::emitBinary(OpKind kind, const Val &a, const Val &c, DType t,
                       SrcLoc l) {
  Val x, y;
  if (!broadcastOperands(a, c, t, l, x, y))
    return std::nullopt;
  Location il = loc(l);
  Type rt = x.value.getType();
  Value r;
  switch (kind) {
#define BINARY_OP(Kind, Spelling, Ufunc, Class, NDOp)                          \
  case OpKind::Kind:                                                           \
    r = nd::NDOp::create(b, il, rt, x.value, y.value);                         \
    break;
#include "Frontend/Operators.def"
  default:
    llvm_unreachable("not an elementwise binary operator");
  }
  return Val::array(r, x.type);
}

OptVal Gen::binary(llvm::StringRef op, Val a, Val c, SrcLoc l) {
  const OperatorInfo *info = binaryOperator(op);
  assert(info && info->cls != OpClass::Contract &&
         "not an elementwise binary operator");
  if (!checkOperands(op, a, c, l))
    return std::nullopt;
  if (info->cls != OpClass::Arith)
    return intOperator(*info, a, c, l);
  if (a.kind == Val::Lit && c.kind == Val::Lit)
    return foldBinary(op, a, c, l);
  if ((a.weakRt || a.kind == Val::Lit) && (c.weakRt || c.kind == Val::Lit))
    return weakRtBinary(op, a, c, l);

  DType t;
  promoteOperands(a, c, t);
  if (!weakFits(a, t, l) || !weakFits(c, t, l))
    return std::nullopt;

  if (t == DType::Bool && op == "-")
    return err(l, "numpy boolean subtract, the `-` operator, is not "
                  "supported, use the bitwise_xor, the `^` operator, or the "
                  "logical_xor function instead");
  if (t == DType::Bool && op == "+")
    return err(l, "boolean addition with `+` is not supported; use `|` for "
                  "logical or");
  if (op == "/" && !isFloat(t) && !isComplex(t))
    t = DType::F64; // True division.
  if ((info->kind == OpKind::Max || info->kind == OpKind::Min) &&
      isComplex(t))
    return err(l, info->ufunc.str() + " is not supported for complex operands (arrayc does "
                      "not order complex numbers)");
  if (op == "**") {
    if (t == DType::Bool)
      t = DType::I8; // NumPy: bool ** bool is int8.
    if (isInt(t) && c.kind == Val::Lit && c.weak != Weak::Float && c.i < 0)
      return err(l, "integers to negative integer powers are not allowed");
  }

  return emitBinary(info->kind, a, c, t, l);
}

OptVal Gen::compare(llvm::StringRef op, Val a, Val c, SrcLoc l) {
  const OperatorInfo *info = compareOperator(op);
  assert(info && "not a comparison");
  if (!checkOperands(op, a, c, l))
    return std::nullopt;
  bool ordering = op != "==" && op != "!=";
  if (ordering && (isComplexVal(a) || isComplexVal(c)))
    return err(l, "'" + op + "' is not supported for complex operands (" +
                      describeVal(a) + " and " + describeVal(c) +
                      "): arrayc does not order complex numbers");
  if (a.kind == Val::Lit && c.kind == Val::Lit &&
      (a.weak == Weak::Complex || c.weak == Weak::Complex)) {
    bool same = a.asComplex() == c.asComplex();
    return Val::boolLit(op == "==" ? same : !same);
  }
  if (a.kind == Val::Lit && c.kind == Val::Lit) {
    double x = a.asDouble(), y = c.asDouble();
    bool r = op == "==" ? x == y : op == "!=" ? x != y : op == "<" ? x < y
             : op == "<=" ? x <= y : op == ">" ? x > y : x >= y;
    return Val::boolLit(r);
  }
  DType t;
  bool bothWeak = (a.weakRt || a.kind == Val::Lit) && (c.weakRt || c.kind == Val::Lit);
  if (bothWeak) {
    Val x = a.kind == Val::Lit ? toWeakRt(a) : a;
    Val y = c.kind == Val::Lit ? toWeakRt(c) : c;
    t = promote(x.type.dtype, y.type.dtype);
    a = x;
    c = y;
  } else if (a.kind == Val::Array && c.kind == Val::Array &&
             !a.weakRt && !c.weakRt) {
    t = promote(a.type.dtype, c.type.dtype);
  } else if (a.kind == Val::Array && c.kind == Val::Array) {
    const Val &arr = a.weakRt ? c : a;
    const Val &w = a.weakRt ? a : c;
    t = promoteWeak(arr.type.dtype, w.weak);
  } else {
    const Val &arr = a.kind == Val::Array ? a : c;
    const Val &lit = a.kind == Val::Array ? c : a;
    t = promoteWeak(arr.type.dtype, lit.weak);
    // NumPy 2 compares against an out-of-range Python int exactly.
    // (u64 against a negative int: f64 orders them exactly as well.)
    if (lit.weak == Weak::Int && isInt(t) && !fitsInt(t, lit.i))
      t = t == DType::U64 ? DType::F64 : DType::I64;
  }
  nd::ComparePredicate pred;
  switch (info->kind) {
#define COMPARE_OP(Kind, Spelling, Predicate)                                  \
  case OpKind::Kind:                                                           \
    pred = nd::ComparePredicate::Predicate;                                    \
    break;
#include "Frontend/Operators.def"
  default:
    llvm_unreachable("not a comparison");
  }
  Val x, y;
  if (!broadcastOperands(a, c, t, l, x, y))
    return std::nullopt;
  ArrType rt{DType::Bool, x.type.dims};
  Value r = nd::CompareOp::create(b, loc(l), rt.tensorType(&ctx), pred,
                                  x.value, y.value);
  Val out = Val::array(r, rt);
  out.weakRt = bothWeak; // A comparison of Python scalars is a Python bool.
  out.weak = Weak::Bool;
  return out;
}

/// `+ - * / **` where both operands are Python scalars and one is only known
/// at run time: Python's result kind (bool arithmetic gives int, `/` float).
OptVal Gen::weakRtBinary(llvm::StringRef op, Val a, Val c, SrcLoc l) {
  Weak w = std::max(a.weak, c.weak);
  if (w == Weak::Bool)
    w = Weak::Int;
  if (op == "/")
    w = Weak::Float;
  DType t = weakDefault(w);
  Val x = toArray(a, t), y = toArray(c, t);
  x.weakRt = y.weakRt = false;
  OptVal r = binary(op, x, y, l);
  if (!r)
    return std::nullopt;
  r->weakRt = true;
  r->weak = w;
  return r;
}

//===----------------------------------------------------------------------===//
// Integer and bitwise operators
//===----------------------------------------------------------------------===//

OptVal Gen::foldIntOperator(llvm::StringRef op, const Val &a, const Val &c,
                            SrcLoc l) {
  bool isFloatMath = a.weak == Weak::Float || c.weak == Weak::Float;
  if (op == "//" || op == "%") {
    if (isFloatMath) {
      double x = a.asDouble(), y = c.asDouble();
      if (y == 0)
        return err(l, op == "//" ? "float floor division by zero"
                                 : "float modulo by zero");
      double mod = std::fmod(x, y);
      double div = (x - mod) / y;
      if (mod != 0) {
        if ((y < 0) != (mod < 0)) {
          mod += y;
          div -= 1.0;
        }
      } else {
        mod = std::copysign(0.0, y);
      }
      double fl;
      if (div != 0) {
        fl = std::floor(div);
        if (div - fl > 0.5)
          fl += 1.0;
      } else {
        fl = std::copysign(0.0, x / y);
      }
      return Val::floatLit(op == "//" ? fl : mod);
    }
    if (c.i == 0)
      return err(l, op == "//" ? "integer division by zero"
                               : "integer modulo by zero");
    if (a.i == INT64_MIN && c.i == -1) {
      if (op == "%")
        return Val::intLit(0);
      return err(l, "integer arithmetic overflows 64 bits");
    }
    int64_t q = a.i / c.i, r = a.i % c.i;
    if (r != 0 && ((r < 0) != (c.i < 0))) {
      q -= 1;
      r += c.i;
    }
    return Val::intLit(op == "//" ? q : r);
  }
  if (isFloatMath)
    return err(l, "unsupported operand type(s) for " + op.str() +
                      ": a Python float is not an integer");
  if (op == "<<" || op == ">>") {
    if (c.i < 0)
      return err(l, "negative shift count");
    if (op == ">>")
      return Val::intLit(c.i >= 64 ? (a.i < 0 ? -1 : 0) : a.i >> c.i);
    if (a.i == 0)
      return Val::intLit(0);
    if (c.i >= 63 || (a.i > 0 ? a.i > (INT64_MAX >> c.i)
                              : a.i < (INT64_MIN >> c.i)))
      return err(l, "integer arithmetic overflows 64 bits");
    return Val::intLit(static_cast<int64_t>(static_cast<uint64_t>(a.i) << c.i));
  }
  int64_t r = op == "&" ? (a.i & c.i) : op == "|" ? (a.i | c.i) : (a.i ^ c.i);
  if (a.weak == Weak::Bool && c.weak == Weak::Bool)
    return Val::boolLit(r != 0);
  return Val::intLit(r);
}

/// `// % & | ^ << >>`: Python's integer semantics when folded; NumPy's
/// integer ufuncs (bools compute in int8 except for `& | ^`).
OptVal Gen::intOperator(const OperatorInfo &info, Val a, Val c, SrcLoc l) {
  llvm::StringRef op = info.spelling;
  if (isComplexVal(a) || isComplexVal(c))
    return err(l, "ufunc '" + info.ufunc +
                      "' is not supported for complex operands (" +
                      describeVal(a) + " and " + describeVal(c) + ")");
  if (a.kind == Val::Lit && c.kind == Val::Lit)
    return foldIntOperator(op, a, c, l);
  bool bothWeak = isWeak(a) && isWeak(c);
  bool bitwise = info.cls == OpClass::Bitwise;
  Weak w = std::max(a.weak, c.weak);
  DType t;
  if (bothWeak) {
    if (!bitwise && w == Weak::Bool)
      w = Weak::Int; // Python: True // True == 1.
    t = weakDefault(w);
  } else {
    promoteOperands(a, c, t);
  }
  if (isFloat(t) && info.cls != OpClass::Integer)
    return err(l, "ufunc '" + info.ufunc +
                      "' not supported for the input types (" +
                      describeVal(a) + " and " + describeVal(c) +
                      "): it needs integers or bools");
  if (t == DType::Bool && !bitwise)
    t = DType::I8; // NumPy: bool // bool, bool << bool are int8.
  if (!weakFits(a, t, l) || !weakFits(c, t, l))
    return std::nullopt;
  OptVal out = emitBinary(info.kind, a, c, t, l);
  if (out && bothWeak) {
    out->weakRt = true;
    out->weak = w;
  }
  return out;
}

OptVal Gen::unaryInvert(Val a, SrcLoc l) {
  if (a.kind == Val::Lit) {
    if (a.weak == Weak::Float || a.weak == Weak::Complex)
      return err(l, "bad operand type for unary ~: " + a.describe());
    if (a.weak == Weak::Bool)
      return err(l, "'~' on a Python bool gives an int in Python (~True is "
                    "-2); use 'not' for logical negation");
    return Val::intLit(~a.i);
  }
  if (a.kind != Val::Array)
    return err(l, "bad operand type for unary ~: " + a.describe());
  if (isFloat(a.type.dtype) || isComplex(a.type.dtype))
    return err(l, "ufunc 'invert' not supported for the input types (" +
                      describeVal(a) + "): it needs integers or bools");
  if (a.weakRt && a.weak == Weak::Bool)
    return err(l, "'~' on a Python bool gives an int in Python (~True is "
                  "-2); use 'not' for logical negation");
  Value r = nd::BitNotOp::create(b, loc(l), a.value.getType(), a.value);
  Val out = Val::array(r, a.type);
  out.weakRt = a.weakRt;
  out.weak = a.weak;
  return out;
}

/// The truth of a scalar known at compile time.
std::optional<bool> Gen::staticTruth(const Val &v) {
  if (v.kind == Val::Lit)
    return litTruth(v);
  return std::nullopt;
}

/// The error text for a condition of rank > 0 (NumPy's ValueError).
std::string gen::ambiguous(const Val &v, llvm::StringRef what) {
  return "the truth value of an array with more than one element is "
         "ambiguous: " +
         what.str() + " needs a scalar, got " + v.describe() +
         "; use any(...) or all(...)";
}

OptVal Gen::logicalNot(Val a, SrcLoc l) {
  if (a.kind == Val::Lit)
    return Val::boolLit(!litTruth(a));
  if (a.kind != Val::Array)
    return err(l, "'not' needs a scalar, got " + a.describe());
  if (a.type.rank() != 0)
    return err(l, ambiguous(a, "'not'") + "; for elementwise logic use '~'");
  Val r;
  if (a.type.dtype == DType::Bool) {
    r = Val::array(nd::BitNotOp::create(b, loc(l), a.value.getType(), a.value),
                   a.type);
  } else {
    Val plain = a;
    plain.weakRt = false;
    OptVal eq = compare("==", plain, Val::intLit(0), l);
    if (!eq)
      return std::nullopt;
    r = *eq;
  }
  r.weakRt = true;
  r.weak = Weak::Bool;
  return r;
}

OptVal Gen::boolOp(const Expr &e) {
  OptVal a = eval(*e.lhs);
  if (!a)
    return std::nullopt;
  OptVal c = eval(*e.rhs);
  if (!c)
    return std::nullopt;
  if (a->kind == Val::Lit && c->kind == Val::Lit) {
    // Python: `x and y` is x when x is falsy, else y.
    bool t = litTruth(*a);
    return e.name == "and" ? (t ? *c : *a) : (t ? *a : *c);
  }
  for (const Val *v : {&*a, &*c}) {
    if (v->kind == Val::Lit) {
      if (v->weak != Weak::Bool)
        return err(e.loc, "'" + e.name + "' with a Python number operand "
                          "and an array is not supported yet; compare "
                          "explicitly, e.g. `x != 0`");
      continue;
    }
    if (v->kind != Val::Array)
      return err(e.loc, "'" + e.name + "' needs scalars, got " + v->describe());
    if (v->type.rank() != 0)
      return err(e.loc, ambiguous(*v, "'" + e.name + "'") +
                            "; for elementwise logic use '" +
                            (e.name == "and" ? "&" : "|") + "'");
    if (v->type.dtype != DType::Bool)
      return err(e.loc, "'" + e.name + "' on non-bool scalars (" +
                            describeVal(*v) +
                            ") is not supported yet (Python returns one of "
                            "the operands); compare explicitly, e.g. `x != 0`");
  }
  return binary(e.name == "and" ? "&" : "|", *a, *c, e.loc);
}

OptVal Gen::chainedCompare(const Expr &e) {
  OptVal prev = eval(*e.rhs);
  OptVal first = eval(*e.lhs);
  if (!prev || !first)
    return std::nullopt;
  std::vector<Val> results;
  auto add = [&](llvm::StringRef op, const Val &x, const Val &y,
                 SrcLoc l) -> bool {
    for (const Val *v : {&x, &y})
      if (v->kind == Val::Array && v->type.rank() != 0)
        return fail(l, "a chained comparison of arrays is ambiguous in "
                       "Python/NumPy (it needs the truth value of " +
                           v->describe() + "); write `(a < b) & (b < c)`");
    OptVal r = compare(op, x, y, l);
    if (!r)
      return false;
    results.push_back(*r);
    return true;
  };
  if (!add(e.name, *first, *prev, e.loc))
    return std::nullopt;
  for (const ExprPtr &link : e.elts) {
    OptVal next = eval(*link->rhs);
    if (!next || !add(link->name, *prev, *next, link->loc))
      return std::nullopt;
    prev = next;
  }
  Val acc = results[0];
  for (size_t i = 1; i < results.size(); ++i) {
    OptVal r = binary("&", acc, results[i], e.loc);
    if (!r)
      return std::nullopt;
    acc = *r;
  }
  return acc;
}
