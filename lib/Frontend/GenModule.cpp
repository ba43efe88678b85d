//===- GenModule.cpp - the module, functions and calls --------------------===//
//
// The top level (imports, function definitions), each function's
// signature and body, calls of user functions and the dispatch of a call
// to a builtin, argument binding, and the exported signatures.
//
// Functions are lowered on demand: a call to a function whose body has not
// been lowered yet lowers it first; meeting a function that is still being
// lowered is recursion, which is an error.
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
// Module and functions
//===----------------------------------------------------------------------===//

std::string gen::describeResults(llvm::ArrayRef<ArrType> results) {
  std::string s;
  for (const ArrType &t : results)
    s += (s.empty() ? "" : ", ") + t.str();
  return results.size() == 1 ? s : "(" + s + ")";
}

/// The prefix of the constant that stands for a name a `from` import binds
/// to a function (`from numpy.linalg import norm`): the rest is
/// "module.name".
static constexpr llvm::StringLiteral kImportedFunction = "<import>";

/// `from numpy import sqrt, pi`, `from numpy.linalg import norm as nrm`,
/// `from math import pi`: binds names to NumPy's functions and constants in
/// `constants`; the error otherwise.
static std::optional<std::string> fromImport(const Stmt &s,
                                             llvm::StringMap<Val> &constants) {
  std::string local = s.alias.empty() ? s.name : s.alias;
  if (constants.count(local))
    return "'" + local + "' is already defined at module level";
  std::optional<double> c = extConstant(s.name);
  if (s.module == "math" && c) {
    constants[local] = Val::floatLit(*c);
    return std::nullopt;
  }
  bool known = s.module == "numpy" ? lookupBuiltin(s.name, /*viaModule=*/true) != nullptr
                                   : llvm::is_contained({"numpy.linalg", "numpy.fft",
                                                         "numpy.random", "math"},
                                                        s.module);
  if (s.module == "numpy" && c) {
    constants[local] = Val::floatLit(*c);
    return std::nullopt;
  }
  if (!known)
    return s.module == "numpy" || llvm::StringRef(s.module).starts_with("numpy.")
               ? "'from " + s.module + " import " + s.name +
                     "' is not supported (import a function or a constant "
                     "arrayc knows, or `import numpy as np`)"
               : "module '" + s.module + "' is not supported; arrayc programs "
                 "use `import numpy as np`";
  Val f;
  f.kind = Val::Str;
  f.str = (kImportedFunction + s.module + "." + s.name).str();
  constants[local] = f;
  return std::nullopt;
}

/// The function a `from` import bound to `name`, as "module.name", or "".
static llvm::StringRef importedFunction(const llvm::StringMap<Val> &constants,
                                        llvm::StringRef name) {
  auto it = constants.find(name);
  if (it == constants.end() || it->second.kind != Val::Str ||
      !llvm::StringRef(it->second.str).starts_with(kImportedFunction))
    return {};
  return llvm::StringRef(it->second.str).drop_front(kImportedFunction.size());
}

OwningOpRef<ModuleOp> Gen::run(const Module &m) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc({1, 1}));
  b.setInsertionPointToEnd(module->getBody());
  for (const StmtPtr &s : m.body) {
    switch (s->kind) {
    case StmtKind::Import:
      if (!s->name.empty()) { // from M import name
        if (std::optional<std::string> e = fromImport(*s, constants))
          return err(s->loc, *e), nullptr;
        break;
      }
      if (s->module == "math") {
        mathAliases.insert(s->alias.empty() ? "math" : s->alias);
        break;
      }
      if (s->module != "numpy") {
        if (llvm::StringRef(s->module).starts_with("numpy."))
          return err(s->loc, "only `import numpy` and `import numpy as np` "
                             "are supported"),
                 nullptr;
        return err(s->loc, "module '" + s->module +
                               "' is not supported; arrayc programs use "
                               "`import numpy as np`"),
               nullptr;
      }
      npAliases.insert(s->alias.empty() ? "numpy" : s->alias);
      break;
    case StmtKind::Expr:
      if (s->value->kind == ExprKind::String)
        break; // A docstring.
      return err(s->loc, "only imports, function definitions, docstrings and "
                         "constants (`NAME = 3.5`) are allowed at the top level"),
             nullptr;
    case StmtKind::FunctionDef:
      if (!declare(*s))
        return nullptr;
      break;
    case StmtKind::Pass:
      break;
    case StmtKind::Assign:
      if (!defineConstant(*s))
        return nullptr;
      break;
    default:
      return err(s->loc, "only imports, function definitions, docstrings and "
                         "constants (`NAME = 3.5`) are allowed at the top level"),
             nullptr;
    }
  }
  for (const std::string &name : funcOrder) {
    FuncInfo &fn = funcs[name];
    if (!fn.generic && fn.state == FuncInfo::NotStarted && !genFunction(fn))
      return nullptr;
  }
  if (failed)
    return nullptr;
  return module;
}

bool Gen::declare(const Stmt &def) {
  if (def.name == "arrayc_main")
    return fail(def.loc, "the function name 'arrayc_main' is reserved");
  if (funcs.count(def.name))
    return fail(def.loc, "function '" + def.name + "' is already defined at line " +
                             std::to_string(funcs[def.name].def->loc.line));
  FuncInfo fn;
  fn.def = &def;
  fn.isMain = def.name == "main";
  llvm::StringSet<> paramNames;
  if (fn.isMain) {
    if (!def.params.empty())
      return fail(def.params[0].loc, "main() takes no parameters");
    if (def.returns && def.returns->kind != ExprKind::None)
      return fail(def.returns->loc,
                  "main() returns nothing; remove the '-> ...' annotation");
  }
  for (const Param &p : def.params) {
    if (!paramNames.insert(p.name).second)
      return fail(p.loc, "duplicate parameter '" + p.name + "' in '" +
                             def.name + "'");
    fn.generic |= !p.annotation; // typed per call (specialize)
  }
  fn.generic |= def.vectorize; // applied per call (GenVectorize.cpp)
  // A lambda or a hoisted nested function (`kernel@L:C`, ParserDesugar.cpp)
  // is lowered per call and never exported.
  fn.generic |= llvm::StringRef(def.name).contains('@');
  if (def.reductionIdentity) {
    if (def.params.size() != 2 ||
        llvm::any_of(def.params, [](const Param &p) { return p.defaultValue != nullptr; }))
      return fail(def.loc, "a @reduction function combines two values: `def " + def.name +
                               "(acc, x)`, got " + std::to_string(def.params.size()) +
                               " parameter" + (def.params.size() == 1 ? "" : "s"));
    for (const Param &p : def.params)
      if (p.annotation)
        return fail(p.annotation->loc, "a @reduction function's parameters take the "
                                       "array's dtype; remove the annotation");
    if (def.returns)
      return fail(def.returns->loc, "a @reduction function returns its parameters' "
                                    "dtype; remove the annotation");
    fn.generic = true; // applied per call (GenReduction.cpp)
  }
  if (!fn.generic && !declareTypes(fn, {}, def.name))
    return false;
  funcOrder.push_back(def.name);
  funcs[def.name] = std::move(fn);
  return true;
}

/// Whether `body` has a `return` with a value, at any depth.
static bool returnsValue(const std::vector<StmtPtr> &body) {
  return llvm::any_of(body, [](const StmtPtr &st) {
    return (st->kind == StmtKind::Return && st->value) || returnsValue(st->body) ||
           returnsValue(st->orelse);
  });
}

bool Gen::declareTypes(FuncInfo &fn,
                       llvm::ArrayRef<std::optional<ArrType>> given,
                       llvm::StringRef symbol) {
  const Stmt &def = *fn.def;
  auto error = [&](SrcLoc l, const std::string &msg) { err(l, msg); };
  fn.weakParams.resize(def.params.size());
  for (auto [i, p] : llvm::enumerate(def.params)) {
    if (!p.annotation) {
      fn.params.push_back(*given[i]);
      continue;
    }
    if (std::optional<Weak> w = pythonScalarAnnotation(*p.annotation)) {
      fn.weakParams[i] = w; // genFunction binds it weak
      fn.params.push_back(ArrType{weakDefault(*w), {}});
      continue;
    }
    std::optional<ArrType> t = parseTypeAnnotation(*p.annotation, error);
    if (!t)
      return false;
    fn.params.push_back(*t);
  }
  if (def.returns && def.returns->kind != ExprKind::None) {
    llvm::SmallVector<const Expr *> rs;
    if (def.returns->kind == ExprKind::Tuple)
      for (const ExprPtr &e : def.returns->elts)
        rs.push_back(e.get());
    else
      rs.push_back(def.returns.get());
    if (rs.empty())
      return fail(def.returns->loc, "expected at least one result type");
    for (const Expr *r : rs) {
      std::optional<ArrType> t = parseTypeAnnotation(*r, error);
      if (!t)
        return false;
      // A result dimension name that no parameter has is a size the body
      // computes (`-> f64[m, m]` of `np.zeros((N, N))`): each call gets a
      // fresh dim for it (callUser); returnValues checks the rest.
      fn.results.push_back(*t);
    }
  }
  if (!def.returns && !fn.isMain && returnsValue(def.body))
    fn.inferResults = true; // The first `return` lowered fixes them.
  // (genFunction: with returns inside if/for/while, a first lowering
  // finds them.)
  llvm::SmallVector<Type> ins, outs;
  for (const ArrType &t : fn.params)
    ins.push_back(t.tensorType(&ctx));
  for (const ArrType &t : fn.results)
    outs.push_back(t.tensorType(&ctx));
  fn.op = func::FuncOp::create(b, loc(def.loc),
                               fn.isMain ? "arrayc_main" : symbol,
                               b.getFunctionType(ins, outs));
  return true;
}

/// What identifies `v` as a specialization-time constant argument: None, an
/// int or bool literal, a tuple of number literals; none for the rest (a
/// float literal stays a run-time Python float: one specialization serves
/// every value).
static std::optional<std::string> constantKey(const Val &v) {
  switch (v.kind) {
  case Val::None:
    return std::string("None");
  case Val::Lit:
    if (v.weak == Weak::Int)
      return "int:" + std::to_string(v.i);
    if (v.weak == Weak::Bool)
      return std::string(v.i ? "True" : "False");
    return std::nullopt;
  case Val::Tuple: {
    std::string k = "(";
    for (const Val &x : v.elts) {
      if (x.kind != Val::Lit)
        return std::nullopt;
      char buf[96];
      std::snprintf(buf, sizeof buf, "%d:%lld:%a:%a,", int(x.weak),
                    (long long)x.i, x.f, x.im);
      k += buf;
    }
    return k + ")";
  }
  default:
    return std::nullopt;
  }
}

/// The name a diagnostic gives a function: a nested one's source name
/// (`kernel` for `kernel@L:C`, `lambda` for a lambda), else `name`.
static llvm::StringRef shownName(llvm::StringRef name) {
  return name.split('@').first;
}

FuncInfo *Gen::specialize(FuncInfo &fn, llvm::StringRef name,
                          llvm::ArrayRef<Val> args,
                          llvm::ArrayRef<const Expr *> exprs) {
  // Each unannotated parameter takes its argument's type. Sizes: literal
  // ones stay; a named size of the caller is named after the first
  // parameter axis that has it (`x.shape[0]`), so equal sizes stay equal.
  llvm::SmallVector<std::optional<ArrType>> given;
  llvm::SmallVector<std::optional<Weak>> weak;
  std::vector<std::optional<Val>> consts;
  llvm::StringMap<std::string> dimNames;
  std::string key;
  std::string symbol = name.str();
  name = shownName(name);
  for (auto [i, p] : llvm::enumerate(fn.def->params)) {
    given.push_back(std::nullopt);
    weak.push_back(std::nullopt);
    if (p.annotation)
      continue;
    const Val &v = args[i];
    if (std::optional<std::string> ck = constantKey(v)) {
      // Known at specialization time: the body reads the value (`x is
      // None` folds, `axis`/`ddof` stay literals); a 0-d bool placeholder
      // keeps the parameter's position in the func op.
      key += p.name + "=" + *ck + ";";
      consts.resize(fn.def->params.size());
      consts[i] = v;
      given.back() = ArrType{DType::Bool, {}};
      continue;
    }
    ArrType t;
    if (v.kind == Val::Lit) {
      t.dtype = v.weak == Weak::Bool    ? DType::Bool
                : v.weak == Weak::Int   ? DType::I64
                : v.weak == Weak::Float ? DType::F64
                                        : DType::C128;
      weak.back() = v.weak;
    } else if (v.kind == Val::Array) {
      t = v.type;
      for (auto [d, dim] : llvm::enumerate(t.dims))
        if (dim.isNamed())
          dim = Dim::named(
              dimNames.try_emplace(dim.name, p.name + ".shape[" +
                                                 std::to_string(d) + "]")
                  .first->second);
      if (v.weakRt)
        weak.back() = v.weak;
    } else {
      err(exprs[i]->loc, "argument '" + p.name + "' of '" + name.str() +
                             "' is " + describeVal(v) +
                             "; a parameter takes an array, a number, None or "
                             "a tuple of numbers");
      return nullptr;
    }
    key += p.name + ":" + t.str() + (weak.back() ? "~" : "") + ";";
    given.back() = t;
  }
  auto it = fn.specializations.find(key);
  if (it != fn.specializations.end())
    return it->second;
  if (fn.specializations.size() >= 64) {
    err(exprs.empty() ? fn.def->loc : exprs[0]->loc,
        "'" + name.str() + "' is called with more than 64 different argument "
        "types; annotate its parameters");
    return nullptr;
  }
  if (!fn.specializations.empty())
    // Identifier characters only: a kernel of it is a PTX symbol.
    symbol += "__arrayc_spec" + std::to_string(fn.specializations.size());
  FuncInfo &spec = specialized[symbol];
  spec.def = fn.def;
  spec.weakParams = weak;
  spec.constParams = consts;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(
      scope->fn->op->getParentOfType<ModuleOp>().getBody());
  if (!declareTypes(spec, given, symbol))
    return nullptr;
  spec.op.setPrivate(); // not exported: only its callers reach it
  fn.specializations[key] = &spec;
  return &spec;
}

OptVal Gen::evalDefault(const Expr &e) {
  Scope module;
  module.fn = scope->fn;
  Scope *outer = scope;
  scope = &module;
  OptVal v = eval(e);
  scope = outer;
  if (!v)
    return std::nullopt;
  // Python evaluates a default once, at `def`: numbers, None, tuples of
  // numbers and module-level arrays (the same array at every call).
  bool moduleArray = e.kind == ExprKind::Name && moduleArrays.count(e.name);
  if (v->kind != Val::Lit && v->kind != Val::None && !moduleArray &&
      !(v->kind == Val::Tuple && constantKey(*v)))
    return err(e.loc, "a default value must be a number, a boolean, None, a "
                      "tuple of numbers or a module-level array (Python "
                      "evaluates it once, at `def`), got " +
                          describeVal(*v));
  return v;
}

bool Gen::genFunction(FuncInfo &fn) {
  fn.state = FuncInfo::InProgress;
  OpBuilder::InsertionGuard guard(b);
  Scope local;
  local.fn = &fn;
  Scope *outer = scope, *outerFunc = funcScope;
  const llvm::StringMap<Val> *outerLiterals = literalNames;
  scope = &local;
  funcScope = &local;
  literalNames = &local.vars;
  auto restore = llvm::make_scope_exit([&] {
    scope = outer;
    funcScope = outerFunc;
    literalNames = outerLiterals;
  });

  Block *entry = fn.op.addEntryBlock();
  b.setInsertionPointToStart(entry);
  if (fn.isMain)
    initRandomState(fn.def->loc);
  bindParams(fn, entry);
  for (auto [i, c] : llvm::enumerate(fn.constParams))
    if (c) // A specialization-time constant: the placeholder is unused.
      local.vars[fn.def->params[i].name] = *c;
  if (!bindModuleArrays(fn))
    return false;
  for (auto [i, w] : llvm::enumerate(fn.weakParams))
    if (w) { // A Python scalar argument stays weak (NumPy's promotion).
      Val &v = local.vars[fn.def->params[i].name];
      v.weakRt = true;
      v.weak = *w;
    }

  const std::vector<StmtPtr> &body = fn.def->body;
  if (!fn.results.empty() && !alwaysReturns(body)) {
    SrcLoc at = body.empty() ? fn.def->loc : body.back()->loc;
    return fail(at, "function '" + fn.def->name + "' can reach its end "
                    "without a 'return' (Python would return None) but its "
                    "signature declares " + describeResults(fn.results));
  }
  if (fn.inferResults && hasNestedReturn(body)) {
    // No `-> ...` and returns inside control flow, whose result slots need
    // types before the body: a first lowering takes them from the first
    // `return` it lowers (in source order) and checks the others against
    // them; its ops are then erased and the body lowered again with typed
    // slots. Its errors are real ones: it lowers the same statements.
    Operation *mark = entry->empty() ? nullptr : &entry->back();
    llvm::StringMap<Val> vars = local.vars;
    llvm::StringMap<DimSource> dims = local.dims;
    llvm::StringMap<std::string> unbound = local.unbound;
    auto savedShapeDims = shapeDims;
    auto savedPinned = pinned;
    auto savedSliceNames = runtimeSliceNames;
    auto savedUsedSliceNames = usedSliceNames;
    auto savedSizes = runtimeSizes;
    auto savedSizeNames = runtimeSizeNames;
    auto savedResultOnly = resultOnlyDims;
    auto savedAliasLost = aliasLost;
    auto savedSlotLost = slotLost;
    if (!initResultSlots(fn.def->loc) || !genBlock(body))
      return false;
    if (fn.inferResults) // No `return` with a value was lowered.
      return fail(fn.def->loc, "'" + fn.def->name + "' has no `-> ...` and its "
                               "result types cannot be found from its returns: "
                               "declare them");
    llvm::SmallVector<Operation *> probe;
    for (Operation *op = mark ? mark->getNextNode() : &entry->front(); op;
         op = op->getNextNode())
      probe.push_back(op);
    for (Operation *op : llvm::reverse(probe)) {
      op->dropAllUses();
      op->erase();
    }
    local.vars = std::move(vars);
    local.dims = std::move(dims);
    local.unbound = std::move(unbound);
    shapeDims = std::move(savedShapeDims);
    pinned = std::move(savedPinned);
    runtimeSliceNames = std::move(savedSliceNames);
    usedSliceNames = std::move(savedUsedSliceNames);
    runtimeSizes = std::move(savedSizes);
    runtimeSizeNames = std::move(savedSizeNames);
    resultOnlyDims = std::move(savedResultOnly);
    aliasLost = std::move(savedAliasLost);
    slotLost = std::move(savedSlotLost);
    b.setInsertionPointToEnd(entry);
  }
  if (hasNestedReturn(body)) {
    // Returns inside control flow go through result slots (see
    // GenStmt.cpp); the one func.return is at the end.
    if (!initResultSlots(fn.def->loc) || !genBlock(body))
      return false;
    llvm::SmallVector<Value> outs;
    for (size_t i = 0; i < fn.results.size(); ++i)
      outs.push_back(local.vars[resultSlot(i)].value);
    emitReturn(fn.def->loc, outs);
    fn.state = FuncInfo::Done;
    return true;
  }
  bool returned = false;
  for (const StmtPtr &s : body) {
    if (returned)
      break; // Dead code after `return` (Python compiles but never runs it).
    if (!genStmt(*s, returned))
      return false;
  }
  if (!returned)
    emitReturn(fn.def->loc, {});
  fn.state = FuncInfo::Done;
  return true;
}

bool Gen::bindArgs(llvm::StringRef fname, llvm::ArrayRef<std::string> names,
                   size_t required, const Expr &call,
                   llvm::SmallVectorImpl<const Expr *> &out) {
  std::string sig = fname.str() + "(";
  for (size_t i = 0; i < names.size(); ++i)
    sig += (i ? ", " : "") + names[i];
  sig += ")";
  out.assign(names.size(), nullptr);
  if (call.elts.size() > names.size())
    return fail(call.elts[names.size()]->loc,
                fname + "() takes at most " + std::to_string(names.size()) +
                    " positional argument(s) but " +
                    std::to_string(call.elts.size()) +
                    " were given; it expects " + sig);
  for (size_t i = 0; i < call.elts.size(); ++i)
    out[i] = call.elts[i].get();
  for (const Keyword &k : call.keywords) {
    if (&call == ufuncKeywordsCall && (k.name == "out" || k.name == "where"))
      continue;
    auto it = llvm::find(names, k.name);
    if (it == names.end())
      return fail(k.loc, fname + "() got an unexpected keyword argument '" +
                             k.name + "'; it expects " + sig);
    size_t i = it - names.begin();
    if (out[i])
      return fail(k.loc, fname + "() got multiple values for argument '" +
                             k.name + "'");
    out[i] = k.value.get();
  }
  for (size_t i = 0; i < required; ++i)
    if (!out[i])
      return fail(call.loc, fname + "() is missing argument '" + names[i] +
                                "'; it expects " + sig);
  return true;
}

bool Gen::requireHost(llvm::StringRef name, SrcLoc l) {
  if (scope->fn->isMain)
    return true;
  return fail(l, "'" + name + "' runs on the host and is only allowed in "
                             "main()");
}

OptVal Gen::evalCall(const Expr &call) {
  const Expr &f = *call.lhs;
  if (f.kind == ExprKind::Name) {
    if (scope->vars.count(f.name))
      return err(f.loc, "'" + f.name + "' is a variable, not a function");
    auto it = funcs.find(f.name);
    if (it != funcs.end())
      return callUser(it->second, f.name, call);
    if (llvm::StringRef imp = importedFunction(constants, f.name); !imp.empty()) {
      auto [module, fname] = imp.rsplit('.');
      if (module == "numpy.linalg")
        return linalgCall(fname, "linalg." + fname.str(), call);
      if (module == "numpy.fft")
        return fftCall(fname, "fft." + fname.str(), call);
      if (module == "numpy.random")
        return randomCall(fname, "random." + fname.str(), call);
      if (module == "math")
        return mathCall(fname, call);
      return callBuiltin(*lookupBuiltin(fname, /*viaModule=*/true), f.name, call);
    }
    if (const BuiltinInfo *bi = lookupBuiltin(f.name, /*viaModule=*/false))
      return callBuiltin(*bi, f.name, call);
    if (npAliases.contains(f.name))
      return err(f.loc, "module '" + f.name + "' is not callable");
    return err(f.loc, "unknown function '" + f.name + "'");
  }
  if (f.kind == ExprKind::Attribute && f.lhs->kind == ExprKind::Name &&
      mathAliases.contains(f.lhs->name) && !scope->vars.count(f.lhs->name))
    return mathCall(f.name, call);
  if (f.kind == ExprKind::Attribute && isRandomModule(*f.lhs))
    return randomCall(f.name, "random." + f.name, call);
  if (std::string mod; f.kind == ExprKind::Attribute && isFFTModule(*f.lhs, mod))
    return fftCall(f.name, mod + "." + f.name, call);
  if (f.kind == ExprKind::Attribute && isLinalgModule(*f.lhs))
    return linalgCall(f.name, "linalg." + f.name, call);
  if (f.kind == ExprKind::Attribute && f.lhs->kind == ExprKind::Name &&
      npAliases.contains(f.lhs->name) && !scope->vars.count(f.lhs->name)) {
    std::string full = f.lhs->name + "." + f.name;
    if (const BuiltinInfo *bi = lookupBuiltin(f.name, /*viaModule=*/true))
      return callBuiltin(*bi, full, call);
    return err(f.loc, "'" + full + "' is not supported yet");
  }
  if (f.kind == ExprKind::Attribute && isUfuncObject(*f.lhs)) // np.add.outer(...)
    return ufuncMethod(*f.lhs, f.name, call);
  if (f.kind == ExprKind::Attribute) {
    OptVal obj = eval(*f.lhs);
    if (!obj)
      return std::nullopt;
    return genMethod(call, f, *obj);
  }
  return err(f.loc, "this expression cannot be called");
}

OptVal Gen::callUser(FuncInfo &fn, llvm::StringRef symbolName, const Expr &call) {
  llvm::StringRef name = shownName(symbolName);
  if (fn.def->vectorize)
    return callVectorized(fn, symbolName, call);
  if (fn.def->reductionIdentity)
    return callReduction(fn, symbolName, call);
  if (fn.isMain)
    return err(call.loc, "main() cannot be called");
  if (fn.state == FuncInfo::InProgress)
    return err(call.loc, "recursive call to '" + name +
                             "': recursion is not supported");
  llvm::SmallVector<std::string> names;
  size_t required = 0;
  for (const Param &p : fn.def->params) {
    names.push_back(p.name);
    if (!p.defaultValue)
      required = names.size();
  }
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(name, names, required, call, args))
    return std::nullopt;
  // Lower the callee first so its own errors come first.
  if (!fn.generic && fn.state == FuncInfo::NotStarted && !genFunction(fn))
    return std::nullopt;
  // The arguments, with the defaults of those not passed.
  std::vector<Val> given;
  for (size_t i = 0; i < args.size(); ++i) {
    OptVal a = args[i] ? eval(*args[i])
                       : evalDefault(*fn.def->params[i].defaultValue);
    if (!a)
      return std::nullopt;
    if (!args[i])
      args[i] = fn.def->params[i].defaultValue.get();
    given.push_back(*a);
  }
  if (fn.generic) {
    FuncInfo *spec = specialize(fn, symbolName, given, args);
    if (!spec)
      return std::nullopt;
    if (spec->state == FuncInfo::InProgress)
      return err(call.loc, "recursive call to '" + name +
                               "': recursion is not supported");
    if (spec->state == FuncInfo::NotStarted && !genFunction(*spec))
      return std::nullopt;
    return callSpecialized(*spec, name, call, args, given);
  }
  return callSpecialized(fn, name, call, args, given);
}

OptVal Gen::callSpecialized(FuncInfo &fn, llvm::StringRef name, const Expr &call,
                            llvm::ArrayRef<const Expr *> args,
                            llvm::ArrayRef<Val> given) {
  llvm::SmallVector<std::string> names;
  for (const Param &p : fn.def->params)
    names.push_back(p.name);

  llvm::StringMap<std::pair<Dim, ArrType>> bound; // name -> (dim, from type)
  llvm::StringMap<std::pair<Val, int64_t>> boundFrom; // name -> (argument, axis)
  llvm::SmallVector<Value> operands;
  std::vector<Val> argVals;
  for (auto [i, argExpr] : llvm::enumerate(args)) {
    const ArrType &p = fn.params[i];
    OptVal a = given[i];
    if (i < fn.constParams.size() && fn.constParams[i]) {
      operands.push_back(toArray(Val::boolLit(false), DType::Bool).value);
      argVals.push_back(Val());
      continue;
    }
    std::string what = "argument '" + names[i] + "' of '" + name.str() + "'";
    if (a->kind == Val::Lit && p.rank() == 0 &&
        promoteWeak(p.dtype, a->weak) == p.dtype) {
      if (!weakFits(*a, p.dtype, argExpr->loc))
        return std::nullopt;
      a = toArray(*a, p.dtype);
    }
    if (a->kind != Val::Array)
      return err(argExpr->loc, what + " expects " + p.str() + ", got " +
                                   a->describe());
    if (a->type.dtype != p.dtype || a->type.rank() != p.rank())
      return err(argExpr->loc, what + " expects " + p.str() + ", got " +
                                   a->type.str() +
                                   " (calls do not convert types)");
    // Sizes known only at run time are checked then (as NumPy would find
    // them), and the argument takes the size it must have.
    Val passed = *a;
    Location al = loc(argExpr->loc);
    auto checkAt = [&](int64_t d, Value want, const Dim &dim, const std::string &why) {
      Value got = sizeI64(passed, d, al);
      assertEqual(want, got, argExpr->loc,
                  where(argExpr->loc) + what + " has {1} elements along axis " +
                      std::to_string(d) + ", but " + why,
                  {want, got});
      *a = withDim(*a, d, dim, al);
    };
    for (auto [d, pd] : llvm::enumerate(p.dims)) {
      const Dim ad = passed.type.dims[d];
      if (!pd.isNamed()) {
        if (ad == pd)
          continue;
        if (!ad.isNamed())
          return err(argExpr->loc, what + " expects " + p.str() + ", got " +
                                       a->type.str());
        checkAt(d, arith::ConstantIntOp::create(b, al, pd.size, 64), pd,
                "its type " + p.str() + " has {0}");
        continue;
      }
      auto it = bound.find(pd.name);
      if (it == bound.end()) {
        bound[pd.name] = {ad, a->type};
        boundFrom[pd.name] = {passed, d};
      } else if (it->second.first != ad) {
        if (!ad.isNamed() && !it->second.first.isNamed())
          return err(argExpr->loc,
                     "dimension '" + pd.name + "' of '" + name +
                         "' cannot be both " + it->second.first.str() +
                         " and " + ad.str() + ": " + what + " has type " +
                         a->type.str() + " but an earlier argument has type " +
                         it->second.second.str());
        auto [from, fd] = boundFrom[pd.name];
        checkAt(d, sizeI64(from, fd, al), it->second.first,
                "dimension '" + pd.name + "' is {0} from an earlier argument");
      }
    }
    Value v = a->value;
    Type want = p.tensorType(&ctx);
    if (v.getType() != want)
      v = tensor::CastOp::create(b, loc(argExpr->loc), want, v);
    operands.push_back(v);
    argVals.push_back(passed); // written back through what was passed
  }
  Location il = loc(call.loc);
  auto op = func::CallOp::create(b, il, fn.op, operands);
  if (!writeBackArgs(fn, name, call, args, argVals, op))
    return std::nullopt;
  std::vector<Val> results;
  for (auto [i, r] : llvm::enumerate(fn.results)) {
    ArrType t = r;
    for (Dim &d : t.dims)
      if (d.isNamed()) {
        if (!bound.count(d.name)) // a result-only name: a size of this call
          bound[d.name] = {Dim::named(name.str() + "()." + d.name + "#" +
                                      std::to_string(++freshDims)),
                           r};
        d = bound[d.name].first;
      }
    // A result that is an argument's array, as the callee returned it: the
    // caller's name for that array (NumPy returns the same object).
    if (i < fn.returnsParam.size() && fn.returnsParam[i] >= 0)
      if (OptVal same = rereadArgument(argVals[fn.returnsParam[i]], call.loc)) {
        results.push_back(*same);
        continue;
      }
    Value v = op.getResult(i);
    Type want = t.tensorType(&ctx);
    if (v.getType() != want)
      v = tensor::CastOp::create(b, il, want, v);
    results.push_back(Val::array(v, t));
  }
  if (results.empty())
    return Val();
  if (results.size() == 1)
    return results[0];
  Val t;
  t.kind = Val::Tuple;
  t.elts = std::move(results);
  return t;
}

void Gen::signatures(std::vector<arrayc::FunctionSignature> &out) const {
  auto value = [](const ArrType &t, std::string name) {
    arrayc::ValueSignature v;
    v.name = std::move(name);
    v.dtype = dtypeCode(t.dtype);
    for (const Dim &d : t.dims) {
      v.dims.push_back(d.isNamed() ? -1 : d.size);
      v.names.push_back(d.name);
    }
    return v;
  };
  for (const std::string &name : funcOrder) {
    const FuncInfo &fn = funcs.find(name)->second;
    if (fn.isMain || fn.generic)
      continue; // A generic function is exported only through its callers.
    arrayc::FunctionSignature sig;
    sig.name = name;
    for (auto [i, t] : llvm::enumerate(fn.params)) {
      sig.params.push_back(value(t, fn.def->params[i].name));
      sig.params.back().written = llvm::is_contained(fn.written, i);
    }
    for (const ArrType &t : fn.results)
      sig.results.push_back(value(t, ""));
    out.push_back(std::move(sig));
  }
}

OwningOpRef<ModuleOp> arrayc::frontend::genModule(const Module &module,
                                                  llvm::StringRef fileName,
                                                  MLIRContext &context,
                                                  std::vector<arrayc::FunctionSignature> *signatures,
                                                  const ImportOptions &options) {
  Gen gen(context, fileName, options);
  OwningOpRef<ModuleOp> result = gen.run(module);
  if (result && signatures)
    gen.signatures(*signatures);
  return result;
}
