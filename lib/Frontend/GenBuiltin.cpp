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


OptVal Gen::evalArrayOperand(const Expr &e, llvm::StringRef what) {
  OptVal v = eval(e);
  if (!v)
    return std::nullopt;
  if (v->kind != Val::Array && v->kind != Val::Lit)
    return err(e.loc, what + " expects an array or a number, got " +
                          v->describe());
  return v;
}

/// Sends a call to the unit that lowers its family; `full` is the name as
/// written (`np.zeros`), for diagnostics.
OptVal Gen::callBuiltin(const BuiltinInfo &bi, llvm::StringRef full,
                        const Expr &call) {
  switch (bi.family) {
  case BuiltinFamily::Elementwise:
  case BuiltinFamily::Ufunc:
    return ufuncWithOut(bi, full, call);
  case BuiltinFamily::Reduction:
    return reduction(bi.id, full, call);
  case BuiltinFamily::Statistic:
    return statistic(bi.name, full, call);
  case BuiltinFamily::Creation:
    return creation(bi.name, full, call);
  case BuiltinFamily::Contraction:
    return contraction(bi.name, full, call);
  case BuiltinFamily::Shape:
    return genShapeCall(bi.name, full, call);
  case BuiltinFamily::Host:
    return hostBuiltin(bi.id, full, call);
  case BuiltinFamily::Index:
    return indexBuiltin(bi.id, full, call);
  case BuiltinFamily::Composite:
    return composite(bi.id, bi.name, full, call);
  case BuiltinFamily::Stats:
    return statsBuiltin(bi.id, full, call);
  case BuiltinFamily::Signal:
    return signalBuiltin(bi.id, full, call);
  case BuiltinFamily::ArrayUtil:
    return arrayUtil(bi.id, full, call);
  }
  llvm_unreachable("unknown builtin family");
}

OptVal Gen::ufuncWithOut(const BuiltinInfo &bi, llvm::StringRef full, const Expr &call) {
  auto compute = [&]() -> OptVal {
    return bi.family == BuiltinFamily::Elementwise ? elementwise(bi.id, full, call)
                                                   : ufunc(bi.name, full, call);
  };
  const Keyword *outK = nullptr, *whereK = nullptr;
  for (const Keyword &k : call.keywords) {
    if (k.name == "out")
      outK = &k;
    else if (k.name == "where")
      whereK = &k;
  }
  if (!outK && !whereK)
    return compute();
  if (!outK)
    return err(whereK->loc, full + "(..., where=...) without out= leaves the result "
                            "uninitialized where the condition is false (NumPy); pass "
                            "out= with the values to keep there");
  const Expr *saved = ufuncKeywordsCall;
  ufuncKeywordsCall = &call;
  OptVal r = compute();
  ufuncKeywordsCall = saved;
  if (!r)
    return std::nullopt;
  SrcLoc l = call.loc;
  OptVal o = eval(*outK->value);
  if (!o)
    return std::nullopt;
  if (o->kind == Val::Tuple && o->elts.size() == 1)
    o = o->elts[0];
  if (o->kind != Val::Array || o->weakRt || r->kind == Val::Tuple)
    return err(outK->loc, full + "(): out= must be one array (or a tuple of one), got " +
                              o->describe());
  DType ot = o->type.dtype;
  if (r->kind == Val::Array && dtypeKind(r->type.dtype) > dtypeKind(ot))
    return err(outK->loc, "cannot cast ufunc '" + bi.name + "' output from " +
                              dtypeName(r->type.dtype) + " to " + dtypeName(ot) +
                              " with casting rule 'same_kind' (NumPy's UFuncTypeError)");
  if (r->kind == Val::Lit && !weakFits(*r, ot, l))
    return std::nullopt;
  // The result, then the condition, broadcast to out's shape (never beyond).
  auto toOutShape = [&](Val v, const Expr &at) -> OptVal {
    Val shaped = *o;
    llvm::SmallVector<Dim> shape;
    if (!checkBroadcast(shaped, v, shape, at.loc))
      return std::nullopt;
    if (shape.size() != o->type.rank() ||
        llvm::any_of(llvm::zip(shape, o->type.dims), [](auto p) {
          return !std::get<1>(p).isNamed() && std::get<0>(p) != std::get<1>(p);
        }))
      return err(at.loc, "non-broadcastable output operand with shape " +
                             o->type.str() + " doesn't match the broadcast shape (NumPy's "
                             "ValueError)");
    return broadcastTo(v, o->type.dims, {*o, v}, loc(at.loc));
  };
  OptVal res = toOutShape(toArray(*r, ot), call);
  if (!res)
    return std::nullopt;
  Val stored = *res;
  if (whereK) {
    OptVal w = eval(*whereK->value);
    if (!w)
      return std::nullopt;
    if (w->kind != Val::Lit && (w->kind != Val::Array || w->type.dtype != DType::Bool))
      return err(whereK->loc, full + "(): where= must be a boolean array or a bool, got " +
                                  w->describe());
    OptVal c = toOutShape(toArray(*w, DType::Bool), *whereK->value);
    if (!c)
      return std::nullopt;
    Value sel = nd::SelectOp::create(b, loc(l), o->value.getType(), c->value,
                                     stored.value, o->value);
    stored = Val::array(sel, o->type);
  }
  // NumPy writes into out and returns it: a named array (or view) is
  // updated through its name; a temporary is simply the result.
  if (!hasAlias(*o))
    return stored;
  if (!writeThrough(*o, stored, outK->loc))
    return std::nullopt;
  if (OptVal same = rereadArgument(*o, l))
    return same;
  return stored;
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
