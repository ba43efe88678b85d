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
    return elementwise(bi.id, full, call);
  case BuiltinFamily::Ufunc:
    return ufunc(bi.name, full, call);
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
