//===- GenExpr.cpp - the expression walk ----------------------------------===//
//
// One case per expression kind: literals stay Python scalars, names look up
// variables, constants and named dimensions; operators go to
// GenOperator.cpp, calls to GenModule.cpp, subscripts to GenIndex.cpp,
// attributes to GenAttribute.cpp.
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
// Expressions
//===----------------------------------------------------------------------===//

static bool isBuiltinConstant(llvm::StringRef n) {
  return llvm::is_contained({"pi", "e", "inf", "nan", "newaxis"}, n);
}

OptVal Gen::eval(const Expr &e) {
  if (auto it = pinned.find(&e); it != pinned.end())
    return it->second;
  OptVal v = evalImpl(e);
  if (v && v->kind == Val::Lit && e.kind != ExprKind::Name)
    v->at = e.loc;
  // Only names and views refer to an array; anything else is a new one.
  if (v && v->alias && !isViewExpr(e))
    v->alias.reset();
  return v;
}

/// Python's operators on lists are not NumPy's elementwise ones.
static std::string listOperatorMessage(llvm::StringRef op) {
  return "'" + op.str() + "' on a Python list is not elementwise (`+` "
         "concatenates lists, `*` repeats one, `==` compares whole lists); "
         "convert it first: np.array(xs)";
}

OptVal Gen::evalImpl(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Int:
    return Val::intLit(e.intValue);
  case ExprKind::Float:
    return Val::floatLit(e.floatValue);
  case ExprKind::Imag:
    return Val::complexLit(0, e.floatValue);
  case ExprKind::Bool:
    return Val::boolLit(e.boolValue);
  case ExprKind::None:
    return Val();
  case ExprKind::String: {
    Val v;
    v.kind = Val::Str;
    v.str = e.name;
    return v;
  }
  case ExprKind::Ellipsis:
    return err(e.loc, "'...' is only meaningful in indexing, which is not "
                      "supported yet");
  case ExprKind::Name: {
    auto it = scope->vars.find(e.name);
    if (it != scope->vars.end())
      return readVar(e.name, it->second, e.loc);
    if (auto c = constants.find(e.name); c != constants.end())
      return readConstant(c->second, e.name, e.loc);
    if (funcs.count(e.name) || lookupBuiltin(e.name, /*viaModule=*/false))
      return err(e.loc, "'" + e.name + "' is a function; functions are not "
                                       "values, call it");
    if (npAliases.contains(e.name) || mathAliases.contains(e.name))
      return err(e.loc, "module '" + e.name + "' is not a value");
    if (std::optional<double> c = extConstant(e.name))
      return Val::floatLit(*c);
    if (isBuiltinConstant(e.name))
      return err(e.loc, "the constant '" + e.name + "' is not supported yet");
    auto ub = scope->unbound.find(e.name);
    if (ub != scope->unbound.end())
      return err(e.loc, ub->second);
    if (OptVal d = namedDimAsValue(e.name, e.loc))
      return d;
    return err(e.loc, "unknown name '" + e.name + "'");
  }
  case ExprKind::Unary: {
    OptVal a = eval(*e.lhs);
    if (!a)
      return std::nullopt;
    if (a->list)
      return err(e.loc, listOperatorMessage(e.name));
    return unary(e.name, *a, e.loc);
  }
  case ExprKind::Binary: {
    const OperatorInfo *op = binaryOperator(e.name);
    if (!op || !op->inSource)
      return err(e.loc, "operator '" + e.name + "' is not supported yet");
    OptVal a = eval(*e.lhs);
    if (!a)
      return std::nullopt;
    OptVal c = eval(*e.rhs);
    if (!c)
      return std::nullopt;
    if (op->cls == OpClass::Contract)
      return matmul(*a, *c, e.loc, op->ufunc);
    if (a->list || c->list)
      return err(e.loc, listOperatorMessage(e.name));
    return binary(e.name, *a, *c, e.loc);
  }
  case ExprKind::Compare: {
    if ((e.name == "is" || e.name == "is not") && e.elts.empty())
      return identityCompare(e); // GenModule.cpp: None, known per specialization
    if (!compareOperator(e.name))
      return err(e.loc, "'" + e.name + "' comparisons are not supported");
    if (!e.elts.empty())
      return chainedCompare(e);
    OptVal a = eval(*e.lhs);
    if (!a)
      return std::nullopt;
    OptVal c = eval(*e.rhs);
    if (!c)
      return std::nullopt;
    if (a->list || c->list)
      return err(e.loc, listOperatorMessage(e.name));
    return compare(e.name, *a, *c, e.loc);
  }
  case ExprKind::BoolOp:
    return boolOp(e);
  case ExprKind::Call: {
    if (e.lhs->kind == ExprKind::Attribute && e.lhs->name == "append" &&
        e.lhs->lhs->kind == ExprKind::Name && scope->vars.count(e.lhs->lhs->name))
      if (OptVal obj = eval(*e.lhs->lhs); obj && obj->list)
        return err(e.loc, "list.append() returns None; call it as a statement");
    bool handled = false;
    OptVal r = listReduce(e, handled);
    if (handled)
      return r;
    r = evalCall(e);
    // What a function returns is an array, even from a list argument.
    if (r && !(e.lhs->kind == ExprKind::Name && e.lhs->name == "list"))
      r->list = r->emptyList = false;
    return r;
  }
  case ExprKind::Attribute: {
    if (e.lhs->kind == ExprKind::Name && npAliases.contains(e.lhs->name) &&
        !scope->vars.count(e.lhs->name)) {
      if (std::optional<double> c = extConstant(e.name))
        return Val::floatLit(*c);
      if (lookupBuiltin(e.name, /*viaModule=*/true))
        return err(e.loc, "'" + e.lhs->name + "." + e.name +
                              "' is a function; functions are not values, "
                              "call it");
      return err(e.loc, "'" + e.lhs->name + "." + e.name +
                            "' is not supported yet");
    }
    if (e.lhs->kind == ExprKind::Name && mathAliases.contains(e.lhs->name) &&
        !scope->vars.count(e.lhs->name)) {
      if (std::optional<double> c = extConstant(e.name))
        return Val::floatLit(*c);
      return err(e.loc, "'" + e.lhs->name + "." + e.name + "' is not a "
                            "value arrayc knows (math's constants: pi, e, "
                            "inf, nan; its functions are called)");
    }
    OptVal a = eval(*e.lhs);
    if (!a)
      return std::nullopt;
    return genAttribute(e, *a);
  }
  case ExprKind::Subscript:
    return genSubscript(e);
  case ExprKind::Slice:
    return err(e.loc, "a slice is only allowed inside '[]'");
  case ExprKind::Tuple: {
    Val t;
    t.kind = Val::Tuple;
    for (const ExprPtr &x : e.elts) {
      OptVal v = eval(*x);
      if (!v)
        return std::nullopt;
      if (v->kind == Val::Tuple)
        return err(x->loc, "nested tuples are not supported");
      t.elts.push_back(*v);
    }
    return t;
  }
  case ExprKind::List:
    return listDisplay(e);
  case ExprKind::IfExp:
    return conditionalExpr(e);
  }
  return err(e.loc, "unsupported expression");
}
