//===- GenModuleLevel.cpp - module-level names ----------------------------===//
//
// What a module binds besides its functions, as functions read it:
// constants (`SCALE = 2.5`, folded literals), arrays (`KX = np.array(...)`,
// evaluated at the entry of each function that reads them, into the hidden
// slot `$m:KX`; writes to them are errors, GenAlias.cpp), and `x is None`,
// which parameters bound per specialization (GenModule.cpp) fold.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "llvm/ADT/STLExtras.h"

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

/// Whether `e` is built only of literals, names, attributes and arithmetic:
/// what a module-level constant may be.
static bool isConstantExpr(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Int:
  case ExprKind::Float:
  case ExprKind::Imag:
  case ExprKind::Bool:
  case ExprKind::Name:
    return true;
  case ExprKind::Attribute:
    return e.lhs->kind == ExprKind::Name;
  case ExprKind::Unary:
    return isConstantExpr(*e.lhs);
  case ExprKind::Binary:
    return isConstantExpr(*e.lhs) && isConstantExpr(*e.rhs);
  case ExprKind::Tuple:
    return llvm::all_of(e.elts, [](const ExprPtr &x) { return isConstantExpr(*x); });
  default:
    return false;
  }
}

static bool isConstantVal(const Val &v) {
  if (v.kind == Val::Tuple)
    return llvm::all_of(v.elts, isConstantVal);
  return v.kind == Val::Lit;
}

/// Whether `e` names one of `names`.
template <typename Map>
static bool mentionsAny(const Expr &e, const Map &names) {
  if (e.kind == ExprKind::Name && names.count(e.name))
    return true;
  for (const Expr *x : {e.lhs.get(), e.rhs.get()})
    if (x && mentionsAny(*x, names))
      return true;
  for (const ExprPtr &x : e.elts)
    if (mentionsAny(*x, names))
      return true;
  for (const Keyword &k : e.keywords)
    if (k.value && mentionsAny(*k.value, names))
      return true;
  return false;
}

/// The names an expression or a statement list mentions.
static void namesIn(const Expr *e, llvm::StringSet<> &out) {
  if (!e)
    return;
  if (e->kind == ExprKind::Name)
    out.insert(e->name);
  namesIn(e->lhs.get(), out);
  namesIn(e->rhs.get(), out);
  for (const ExprPtr &x : e->elts)
    namesIn(x.get(), out);
  for (const Keyword &k : e->keywords)
    namesIn(k.value.get(), out);
}

static void namesIn(const std::vector<StmtPtr> &body, llvm::StringSet<> &out) {
  for (const StmtPtr &s : body) {
    for (const Expr *e : {s->target.get(), s->value.get(), s->message.get()})
      namesIn(e, out);
    namesIn(s->body, out);
    namesIn(s->orelse, out);
  }
}

/// A call in `e` whose result differs from one evaluation to the next
/// (np.random..., a file read, a clock), or null.
static const Expr *varyingCall(const Expr &e) {
  if (e.kind == ExprKind::Call) {
    for (const Expr *f = e.lhs.get(); f; f = f->kind == ExprKind::Attribute ? f->lhs.get() : nullptr)
      if ((f->kind == ExprKind::Attribute || f->kind == ExprKind::Name) &&
          llvm::is_contained({"random", "load", "loadtxt", "fromfile", "perf_counter",
                              "time", "default_rng", "print", "save"},
                             f->name))
        return &e;
  }
  for (const Expr *x : {e.lhs.get(), e.rhs.get()})
    if (x)
      if (const Expr *c = varyingCall(*x))
        return c;
  for (const ExprPtr &x : e.elts)
    if (const Expr *c = varyingCall(*x))
      return c;
  for (const Keyword &k : e.keywords)
    if (k.value)
      if (const Expr *c = varyingCall(*k.value))
        return c;
  return nullptr;
}

std::string gen::moduleSlot(llvm::StringRef name) {
  return (kModuleSlotPrefix + name).str();
}

bool Gen::defineModuleArray(const Stmt &s) {
  const Expr &t = *s.target;
  if (t.kind != ExprKind::Name)
    return fail(t.loc, "a module-level array is defined one name at a time "
                       "(`KX = np.array(...)`), not unpacked from a tuple");
  if (const Expr *c = varyingCall(*s.value)) {
    if (c->lhs->name == "default_rng")
      return fail(c->loc, "a Generator cannot be made at module level: arrayc "
                          "uses np.random.default_rng() Generators in main() only; "
                          "make it there and draw from it there");
    return fail(c->loc, "a module-level value is computed again in each function "
                        "that reads it, so it cannot come from np.random, a file or "
                        "a clock; make it in main() and pass it as an argument");
  }
  if (constants.count(t.name) || moduleArrays.count(t.name))
    return fail(t.loc, "module-level '" + t.name + "' is already defined; "
                       "arrayc reads module-level names as constants");
  moduleArrays[t.name] = &s;
  Val placeholder; // read through readConstant, which evaluates the array
  placeholder.str = "<module array>";
  constants[t.name] = placeholder;
  return true;
}

OptVal Gen::evalModuleArray(llvm::StringRef name, SrcLoc use) {
  std::string slot = moduleSlot(name);
  if (funcScope)
    if (auto it = funcScope->vars.find(slot); it != funcScope->vars.end()) {
      Val v = it->second;
      v.alias.reset();
      if (v.kind != Val::Array || v.weakRt || v.type.rank() == 0)
        return v;
      // The function's own reference to the array (reference semantics:
      // `k = KX` shares it; writes through any name are errors).
      auto a = std::make_shared<AliasRef>();
      a->slot = slot;
      a->value = v.value;
      v.alias = std::move(a);
      return v;
    }
  const Stmt &def = *moduleArrays.find(name)->second;
  if (!scope->fn || !scope->fn->op)
    return err(use, "module-level '" + name + "' is an array (line " +
                        std::to_string(def.loc.line) +
                        "); a module-level constant cannot be computed from it");
  if (!evaluatingModule.insert(name).second)
    return err(use, "module-level '" + name + "' is defined in terms of itself");
  // As Python evaluates it before main(): module names only, any function.
  FuncInfo moduleLevel;
  moduleLevel.def = &def;
  moduleLevel.op = scope->fn->op;
  Scope module;
  module.fn = &moduleLevel;
  Scope *outer = scope, *outerFunc = funcScope;
  scope = &module;
  funcScope = nullptr;
  OptVal v = eval(*def.value);
  scope = outer;
  funcScope = outerFunc;
  evaluatingModule.erase(name);
  if (v)
    v->alias.reset();
  return v;
}

bool Gen::bindModuleArrays(FuncInfo &fn) {
  if (moduleArrays.empty())
    return true;
  // The module arrays the body names, and those the defaults of the
  // functions it calls name (a default is the module's array itself).
  llvm::StringSet<> named;
  namesIn(fn.def->body, named);
  llvm::StringSet<> viaDefaults;
  for (const auto &n : named)
    if (auto f = funcs.find(n.getKey()); f != funcs.end())
      for (const Param &p : f->second.def->params)
        namesIn(p.defaultValue.get(), viaDefaults);
  for (const auto &n : viaDefaults)
    named.insert(n.getKey());
  for (const Param &p : fn.def->params)
    named.erase(p.name); // A parameter hides the module's name.
  llvm::SmallVector<llvm::StringRef> order;
  for (const auto &kv : moduleArrays)
    if (named.contains(kv.getKey()))
      order.push_back(kv.getKey());
  llvm::sort(order, [&](llvm::StringRef x, llvm::StringRef y) {
    return moduleArrays[x]->loc.line < moduleArrays[y]->loc.line;
  });
  for (llvm::StringRef n : order) {
    OptVal v = evalModuleArray(n, fn.def->loc);
    if (!v)
      return false;
    funcScope->vars[moduleSlot(n)] = *v;
  }
  return true;
}

OptVal Gen::identityCompare(const Expr &e) {
  OptVal a = eval(*e.lhs);
  if (!a)
    return std::nullopt;
  OptVal c = eval(*e.rhs);
  if (!c)
    return std::nullopt;
  if (a->kind != Val::None && c->kind != Val::None)
    return err(e.loc, "'" + e.name + "' compares object identity; arrayc "
                      "supports `x is None` and `x is not None` (use == for "
                      "values)");
  bool same = a->kind == c->kind; // None is None; an array or number is not
  return Val::boolLit(e.name == "is" ? same : !same);
}

bool Gen::defineConstant(const Stmt &s) {
  const Expr &t = *s.target;
  bool names = t.kind == ExprKind::Name ||
               (t.kind == ExprKind::Tuple &&
                llvm::all_of(t.elts, [](const ExprPtr &e) {
                  return e->kind == ExprKind::Name;
                }));
  const char *what = "a module-level assignment binds names to numbers, tuples "
                     "of numbers or arrays (`SCALE = 2.5`, `SHAPE = (3, 4)`, "
                     "`KX = np.array(...)`); writing into an array at module "
                     "level is not supported";
  if (!names)
    return fail(t.loc, what);
  if (!isConstantExpr(*s.value) || mentionsAny(*s.value, moduleArrays))
    return defineModuleArray(s);
  FuncInfo moduleLevel;
  moduleLevel.def = &s;
  Scope module;
  module.fn = &moduleLevel;
  Scope *outer = scope;
  scope = &module;
  OptVal v = eval(*s.value);
  scope = outer;
  if (!v)
    return false;
  if (!isConstantVal(*v))
    return fail(s.value->loc, what);
  if (t.kind == ExprKind::Name) {
    constants[t.name] = *v;
    return true;
  }
  if (v->kind != Val::Tuple || v->elts.size() != t.elts.size())
    return fail(t.loc, "cannot unpack " + describeVal(*v) + " into " +
                           std::to_string(t.elts.size()) + " names");
  for (auto [e, x] : llvm::zip(t.elts, v->elts))
    constants[e->name] = x;
  return true;
}

OptVal Gen::readConstant(const Val &c, llvm::StringRef name, SrcLoc l) {
  FuncInfo &fn = *scope->fn;
  auto value = [&]() -> OptVal {
    if (c.kind == Val::Str) // a `from` import of a function (GenModule.cpp)
      return err(l, "'" + name + "' is a function; functions are not values, call it");
    return moduleArrays.count(name) ? evalModuleArray(name, l) : OptVal(c);
  };
  if (fn.def && fn.def->kind == StmtKind::FunctionDef) {
    if (!fn.locals) {
      std::vector<std::string> order;
      llvm::StringMap<SrcLoc> where;
      assignedNames(fn.def->body, order, where);
      fn.locals.emplace();
      for (const std::string &n : order)
        fn.locals->insert(n);
    }
    if (fn.locals->contains(name))
      return err(l, "local variable '" + name +
                        "' is read before it is assigned (UnboundLocalError): "
                        "'" + fn.def->name + "' assigns it, which makes it "
                        "local and hides the module's '" + name + "'");
  }
  return value();
}
