//===- ParserClosures.cpp - nested functions and lambdas hoisted ---------===//
//
// The parser's closure analysis: each nested `def` and lambda of a
// module-level function becomes a module-level function under a hidden
// name, with the enclosing variables it reads as parameters every call
// passes (hoistNested, which parseModule calls for each function). The
// parser's other rewrites are in ParserDesugar.cpp.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ParserImpl.h"

#include "llvm/ADT/StringSet.h"

#include <functional>

using namespace arrayc::frontend;

// A `def` inside a function, or a lambda there, becomes a module-level
// function under a hidden name (`kernel@L:C`, `lambda@L:C`) that takes the
// enclosing functions' variables it reads as extra parameters, which every
// call passes by keyword:
//
//   def f(x, scale):                  def f(x, scale):
//       def k(a):                 ->      return k@2:5(x, scale=scale)
//           return a * scale          def k@2:5(a, scale):
//       return k(x)                       return a * scale
//
// A call passes each variable's value at the call, which is Python's late
// binding; arrays pass by reference (writes through them reach the
// caller's array), and each call is specialized to its arguments' types as
// a module-level helper's is (GenModule.cpp). `g = lambda a: ...` in a
// function is a nested `def g(a)`. A function that reads enclosing
// variables can only be called (not returned or passed); `nonlocal` is
// refused by the statement parser; recursion is GenModule's error.

namespace {
/// A function of the tree hoistNested rewrites: the module-level `def`, or
/// a nested `def` or lambda inside it.
struct FnScope {
  Stmt *def = nullptr;
  FnScope *parent = nullptr;
  std::string name;   ///< As the source names it ("lambda" for one).
  std::string hidden; ///< Its module-level name (nested ones).
  /// Python's locals: parameters, names it binds, its nested functions.
  llvm::StringSet<> locals;
  /// Its nested functions by the name that reaches them (a lambda's is
  /// its hidden name).
  llvm::StringMap<FnScope *> functions;
  /// The enclosing functions' variables it reads (first-read order), each
  /// with the function that binds it.
  std::vector<std::string> captures;
  llvm::StringMap<FnScope *> capturedFrom;
};

/// A name that refers to a nested function: `scope` reads it, `call` is
/// the call it is the callee of (null when used as a value), `stmt` the
/// statement it is in.
struct FnRef {
  FnScope *scope, *target;
  Expr *name, *call;
  Stmt *stmt;
};

using NameFn = std::function<void(Expr &, Expr *, Stmt &)>;
} // namespace

/// Calls `f` on every Name in `e` with the call `e` is the callee of.
static void walkNames(Expr &e, Expr *calleeOf, Stmt &s, const NameFn &f) {
  if (e.kind == ExprKind::Name) {
    f(e, calleeOf, s);
    return;
  }
  if (e.lhs)
    walkNames(*e.lhs, e.kind == ExprKind::Call ? &e : nullptr, s, f);
  if (e.rhs)
    walkNames(*e.rhs, nullptr, s, f);
  for (size_t i = 0; i < e.elts.size(); ++i)
    if (e.elts[i])
      walkNames(*e.elts[i], nullptr, s, f);
  for (size_t i = 0; i < e.keywords.size(); ++i)
    if (e.keywords[i].value)
      walkNames(*e.keywords[i].value, nullptr, s, f);
}

/// Calls `f` on every Name that `body` reads or binds (not in annotations)
/// and `onDef` on each nested function, whose body it does not enter.
static void walkBody(std::vector<StmtPtr> &body, const NameFn &f,
                     const std::function<void(Stmt &)> &onDef) {
  for (StmtPtr &s : body) {
    if (!s)
      continue;
    if (s->kind == StmtKind::FunctionDef) {
      onDef(*s);
      continue;
    }
    for (Expr *e : {s->target.get(), s->value.get(), s->message.get()})
      if (e)
        walkNames(*e, nullptr, *s, f);
    walkBody(s->body, f, onDef);
    walkBody(s->orelse, f, onDef);
  }
}

/// The names `body` binds as Python's locals (assignment and loop targets
/// that are names; `v[i] = ...` writes into the enclosing array), not
/// entering nested functions, with where each is first bound.
static void boundNames(const std::vector<StmtPtr> &body,
                       llvm::StringMap<SrcLoc> &out) {
  std::function<void(const Expr &)> target = [&](const Expr &t) {
    if (t.kind == ExprKind::Name)
      out.insert({t.name, t.loc});
    else if (t.kind == ExprKind::Tuple || t.kind == ExprKind::List)
      for (const ExprPtr &e : t.elts)
        target(*e);
  };
  for (const StmtPtr &s : body) {
    if (!s || s->kind == StmtKind::FunctionDef)
      continue;
    if ((s->kind == StmtKind::Assign || s->kind == StmtKind::AnnAssign ||
         s->kind == StmtKind::AugAssign || s->kind == StmtKind::For) &&
        s->target)
      target(*s->target);
    // `xs.append(v)` rebinds `xs` to the longer list (GenList.cpp).
    if (s->kind == StmtKind::Expr && s->value->kind == ExprKind::Call &&
        s->value->lhs->kind == ExprKind::Attribute &&
        s->value->lhs->name == "append" &&
        s->value->lhs->lhs->kind == ExprKind::Name)
      target(*s->value->lhs->lhs);
    boundNames(s->body, out);
    boundNames(s->orelse, out);
  }
}

/// The first read in `body` (in execution order, not entering nested
/// functions) of a name of `names` before a statement binds it; null when
/// none. Python's UnboundLocalError: `total = total + 1` in a nested
/// function makes `total` its own variable.
static Expr *readBeforeBound(std::vector<StmtPtr> &body,
                             const llvm::StringSet<> &names,
                             llvm::StringSet<> &bound, bool &append) {
  Expr *found = nullptr;
  NameFn read = [&](Expr &e, Expr *, Stmt &) {
    if (!found && names.contains(e.name) && !bound.contains(e.name))
      found = &e;
  };
  std::function<void(const Expr &)> bind = [&](const Expr &t) {
    if (t.kind == ExprKind::Name)
      bound.insert(t.name);
    else if (t.kind == ExprKind::Tuple || t.kind == ExprKind::List)
      for (const ExprPtr &x : t.elts)
        bind(*x);
  };
  for (StmtPtr &s : body) {
    if (!s || s->kind == StmtKind::FunctionDef)
      continue;
    // `xs.append(v)` on the enclosing function's list (a value in arrayc:
    // the append rebinds `xs`).
    if (s->kind == StmtKind::Expr && s->value->kind == ExprKind::Call &&
        s->value->lhs->kind == ExprKind::Attribute &&
        s->value->lhs->name == "append" &&
        s->value->lhs->lhs->kind == ExprKind::Name &&
        names.contains(s->value->lhs->lhs->name) &&
        !bound.contains(s->value->lhs->lhs->name)) {
      append = true;
      return s->value->lhs->lhs.get();
    }
    for (Expr *e : {s->value.get(), s->message.get()})
      if (e)
        walkNames(*e, nullptr, *s, read);
    // `total += 1` reads `total`; `v[i] = ...` reads `v`.
    if (s->target && (s->kind == StmtKind::AugAssign ||
                      s->target->kind == ExprKind::Subscript ||
                      s->target->kind == ExprKind::Attribute))
      walkNames(*s->target, nullptr, *s, read);
    if (found)
      return found;
    if (s->target && s->kind != StmtKind::AugAssign)
      bind(*s->target);
    if (s->kind == StmtKind::AugAssign && s->target->kind == ExprKind::Name)
      bound.insert(s->target->name);
    if (Expr *e = readBeforeBound(s->body, names, bound, append))
      return e;
    if (Expr *e = readBeforeBound(s->orelse, names, bound, append))
      return e;
  }
  return nullptr;
}

bool Parser::hoistNested(Stmt &top, size_t firstLambda) {
  // The lambdas of this function, by hidden name.
  llvm::StringMap<size_t> pending;
  for (size_t i = firstLambda; i < lambdas.size(); ++i)
    pending[lambdas[i]->name] = i;
  bool any = !pending.empty();
  walkBody(top.body, [](Expr &, Expr *, Stmt &) {}, [&](Stmt &) { any = true; });
  if (!any)
    return true;

  // `g = lambda a: e` in a function: the nested `def g(a): return e`.
  std::function<void(std::vector<StmtPtr> &)> nameLambdas =
      [&](std::vector<StmtPtr> &body) {
        for (StmtPtr &s : body) {
          if (!s)
            continue;
          if (s->kind == StmtKind::Assign && s->target->kind == ExprKind::Name &&
              s->value->kind == ExprKind::Name && pending.count(s->value->name)) {
            size_t i = pending[s->value->name];
            pending.erase(s->value->name);
            std::string name = s->target->name;
            s = std::move(lambdas[i]);
            s->name = name;
          }
          nameLambdas(s->body);
          nameLambdas(s->orelse);
        }
      };
  nameLambdas(top.body);
  for (size_t i = firstLambda; i < lambdas.size(); ++i)
    if (lambdas[i]) // a lambda's body may name another lambda
      nameLambdas(lambdas[i]->body);

  // The tree of functions, each with its locals.
  std::vector<std::unique_ptr<FnScope>> scopes;
  std::function<bool(FnScope &)> build = [&](FnScope &sc) {
    Stmt &d = *sc.def;
    for (const Param &p : d.params)
      sc.locals.insert(p.name);
    llvm::StringMap<SrcLoc> bound;
    boundNames(d.body, bound);
    for (const auto &kv : bound)
      sc.locals.insert(kv.getKey());
    std::vector<std::pair<Stmt *, std::string>> children; // def, lambda name
    walkBody(
        d.body,
        [&](Expr &e, Expr *, Stmt &) {
          auto it = pending.find(e.name);
          if (it == pending.end())
            return;
          children.push_back({lambdas[it->second].get(), e.name});
          pending.erase(it);
        },
        [&](Stmt &def) { children.push_back({&def, ""}); });
    // A lambda's own lambdas are in its `return`, which walkBody saw.
    for (auto &[def, lambdaName] : children) {
      auto child = std::make_unique<FnScope>();
      child->def = def;
      child->parent = &sc;
      std::string key = lambdaName.empty() ? def->name : lambdaName;
      if (lambdaName.empty()) {
        // `f#N`: a copy of an unrolled loop's `def f` (ParserDesugar.cpp's
        // renameCopyDefs; `f#1#3` when an outer unrolled loop copies it
        // again), shown as `f`, hidden as `f@L:C#N`.
        auto [shown, item] = llvm::StringRef(def->name).split('#');
        child->name = shown.str();
        child->hidden = hiddenName(child->name.c_str(), def->loc);
        if (!item.empty())
          child->hidden += "#" + item.str();
        if (sc.functions.count(key))
          return fail(def->loc, "function '" + child->name + "' is already defined "
                                "in '" + sc.name + "' at line " +
                                std::to_string(sc.functions[key]->def->loc.line) +
                                "; give this one another name"),
                 false;
        if (bound.count(key))
          return fail(bound[key], "'" + child->name + "' names both a nested function "
                                  "(line " + std::to_string(def->loc.line) +
                                  ") and a variable of '" + sc.name +
                                  "'; give them different names"),
                 false;
      } else {
        child->name = "lambda";
        child->hidden = lambdaName;
      }
      sc.locals.insert(key);
      sc.functions[key] = child.get();
      FnScope &c = *child;
      scopes.push_back(std::move(child));
      if (!build(c))
        return false;
    }
    return true;
  };
  scopes.push_back(std::make_unique<FnScope>());
  FnScope &root = *scopes[0];
  root.def = &top;
  root.name = top.name;
  if (!build(root))
    return false;

  auto resolve = [](FnScope *from, llvm::StringRef name) -> FnScope * {
    for (FnScope *s = from; s; s = s->parent)
      if (s->locals.contains(name))
        return s;
    return nullptr;
  };
  auto addCapture = [](FnScope &sc, const std::string &name, FnScope *from) {
    if (!sc.capturedFrom.insert({name, from}).second)
      return false;
    sc.captures.push_back(name);
    return true;
  };

  // A name a nested function binds is its own (Python's rule): reading it
  // first, meaning the enclosing function's, is Python's UnboundLocalError.
  for (const std::unique_ptr<FnScope> &up : scopes) {
    FnScope &sc = *up;
    if (!sc.parent)
      continue;
    llvm::StringSet<> shadowed, bound;
    llvm::StringMap<SrcLoc> own;
    boundNames(sc.def->body, own);
    for (const auto &kv : own)
      if (resolve(sc.parent, kv.getKey()))
        shadowed.insert(kv.getKey());
    for (const Param &p : sc.def->params)
      bound.insert(p.name);
    if (shadowed.empty())
      continue;
    bool append = false;
    Expr *e = readBeforeBound(sc.def->body, shadowed, bound, append);
    if (e && append)
      return fail(e->loc, "appending to '" + e->name + "' of the enclosing "
                          "function in '" + sc.name + "' is not supported "
                          "(arrayc's lists are values: the enclosing "
                          "function would not see it); return the items "
                          "instead"),
             false;
    if (e)
      return fail(e->loc, "'" + e->name + "' is assigned in '" + sc.name +
                              "', so it is that function's own variable "
                              "(Python's rule), read here before it is "
                              "assigned; a nested function cannot rebind "
                              "the enclosing function's '" + e->name +
                              "' (nonlocal is not supported): return the "
                              "new value instead"),
             false;
  }

  // What each function reads from its enclosing functions, and the names
  // that refer to nested functions.
  std::vector<FnRef> refs;
  for (const std::unique_ptr<FnScope> &up : scopes) {
    FnScope &sc = *up;
    if (sc.parent)
      for (const Param &p : sc.def->params)
        if (p.defaultValue) {
          bool ok = true;
          walkNames(*p.defaultValue, nullptr, *sc.def,
                    [&](Expr &e, Expr *, Stmt &) {
                      if (!ok || !resolve(sc.parent, e.name))
                        return;
                      ok = false;
                      fail(e.loc, "the default value of parameter '" + p.name +
                                      "' of '" + sc.name + "' reads '" + e.name +
                                      "' of the enclosing function; read it "
                                      "in the body instead");
                    });
          if (!ok)
            return false;
        }
    bool ok = true;
    walkBody(
        sc.def->body,
        [&](Expr &e, Expr *call, Stmt &s) {
          FnScope *from = resolve(&sc, e.name);
          if (!ok || !from)
            return;
          auto f = from->functions.find(e.name);
          if (f == from->functions.end()) {
            if (from != &sc)
              addCapture(sc, e.name, from);
            return;
          }
          bool returned =
              !call && s.kind == StmtKind::Return &&
              (s.value.get() == &e ||
               (s.value->kind == ExprKind::Tuple &&
                llvm::any_of(s.value->elts,
                             [&](const ExprPtr &x) { return x.get() == &e; })));
          if (returned) {
            ok = false;
            fail(e.loc, "returning a function is not supported: arrayc "
                        "functions return arrays, numbers and tuples of them; "
                        "call '" + f->second->name + "' here instead");
            return;
          }
          refs.push_back({&sc, f->second, &e, call, &s});
        },
        [](Stmt &) {});
    if (!ok)
      return false;
  }

  // A call passes what its callee reads, so a caller reads it too.
  for (bool changed = true; changed;) {
    changed = false;
    for (const FnRef &r : refs)
      for (size_t i = 0; i < r.target->captures.size(); ++i) {
        std::string c = r.target->captures[i];
        FnScope *from = r.target->capturedFrom[c];
        FnScope *here = resolve(r.scope, c);
        if (here != from)
          return fail(r.name->loc,
                      "'" + r.target->name + "' reads '" + c + "' of '" +
                          from->name + "', but '" + r.scope->name +
                          "', which calls it, has its own '" + c +
                          "'; give them different names"),
                 false;
        if (from != r.scope)
          changed |= addCapture(*r.scope, c, from);
      }
  }

  // Each reference names the hidden function; a call passes the captures.
  for (const FnRef &r : refs) {
    if (!r.call && !r.target->captures.empty())
      return fail(r.name->loc,
                  "'" + r.target->name + "' reads '" + r.target->captures[0] +
                      "' of the enclosing function '" +
                      r.target->capturedFrom[r.target->captures[0]]->name +
                      "', so it can only be called here, not used as a "
                      "value (returned, passed or stored)"),
             false;
    r.name->name = r.target->hidden;
    if (r.call)
      for (const std::string &c : r.target->captures)
        r.call->keywords.push_back({c, r.call->loc, nameExpr(c, r.call->loc)});
  }

  // Hoist: each nested function to module level, its captures its last
  // parameters.
  for (const std::unique_ptr<FnScope> &up : scopes) {
    FnScope &sc = *up;
    if (!sc.parent)
      continue;
    sc.def->name = sc.hidden;
    for (const std::string &c : sc.captures) {
      Param p;
      p.name = c;
      p.loc = sc.def->loc;
      sc.def->params.push_back(std::move(p));
    }
  }
  std::vector<StmtPtr> hoisted;
  std::function<void(std::vector<StmtPtr> &)> take =
      [&](std::vector<StmtPtr> &body) {
        for (StmtPtr &s : body) {
          if (!s)
            continue;
          if (s->kind == StmtKind::FunctionDef) {
            SrcLoc l = s->loc;
            hoisted.push_back(std::move(s));
            s = std::make_unique<Stmt>(StmtKind::Pass, l);
            take(hoisted.back()->body);
            continue;
          }
          take(s->body);
          take(s->orelse);
        }
      };
  take(top.body);
  for (size_t i = firstLambda; i < lambdas.size(); ++i)
    if (lambdas[i])
      take(lambdas[i]->body);
  llvm::erase_if(lambdas, [](const StmtPtr &s) { return !s; });
  for (StmtPtr &s : hoisted)
    lambdas.push_back(std::move(s));
  return true;
}
