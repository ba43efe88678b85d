//===- ParserDesugar.cpp - statements rewritten while parsing -------------===//
//
// Python constructs the later stages need not know about, rewritten into the
// statements they mean as the parser meets them: `for` over sequences,
// enumerate and zip into range loops; `for` over a tuple display unrolled;
// comprehensions into a loop that appends to a hidden list; `with
// np.errstate(...)` into its body; lambdas parsed into hidden module-level
// functions. Nested functions and the lambdas' closures are hoisted in
// ParserClosures.cpp.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ParserImpl.h"

#include "llvm/ADT/StringSet.h"

#include <functional>
#include <optional>

using namespace arrayc::frontend;

void arrayc::frontend::assignedNames(const std::vector<StmtPtr> &body,
                                     std::vector<std::string> &out,
                                     llvm::StringMap<SrcLoc> &where) {
  std::function<void(const Expr &)> target = [&](const Expr &t) {
    if (t.kind == ExprKind::Name) {
      if (where.insert({t.name, t.loc}).second)
        out.push_back(t.name);
    } else if (t.kind == ExprKind::Tuple || t.kind == ExprKind::List) {
      for (const ExprPtr &e : t.elts)
        target(*e);
    } else if (t.kind == ExprKind::Subscript) {
      target(*t.lhs); // `v[i] = ...` rebinds `v` (value semantics).
    }
  };
  for (const StmtPtr &s : body) {
    switch (s->kind) {
    case StmtKind::Assign:
    case StmtKind::AnnAssign:
    case StmtKind::AugAssign:
    case StmtKind::For:
      if (s->target)
        target(*s->target);
      break;
    case StmtKind::Expr:
      // `xs.append(v)` rebinds `xs` to the longer list (GenList.cpp).
      if (s->value->kind == ExprKind::Call &&
          s->value->lhs->kind == ExprKind::Attribute &&
          s->value->lhs->name == "append" &&
          s->value->lhs->lhs->kind == ExprKind::Name)
        target(*s->value->lhs->lhs);
      break;
    default:
      break;
    }
    assignedNames(s->body, out, where);
    assignedNames(s->orelse, out, where);
  }
}

/// Whether `body` (recursively) binds `name` (assignments, loop targets,
/// indexed stores).
static bool assignsName(const std::vector<StmtPtr> &body, llvm::StringRef name) {
  std::vector<std::string> order;
  llvm::StringMap<SrcLoc> where;
  assignedNames(body, order, where);
  return where.count(name);
}

// `for TARGET in SEQ: BODY` iterates SEQ's first axis (NumPy: each item is
// `SEQ[i]`, a view for rows), `enumerate(SEQ[, start])` pairs it with the
// count, `zip(A, B, ...)` runs to the shortest. All become a range loop over
// a hidden index; the iterable is evaluated once before the loop (a hidden
// name keeps it when the body rebinds the name it came from):
//
//   for i, (v) in enumerate(x):  ->  for index@L:C in range(len(x)):
//       body                           i = index@L:C; v = x[index@L:C]; body
StmtPtr Parser::desugarFor(std::unique_ptr<Stmt> s) {
  Expr &it = *s->value;
  auto calls = [&](llvm::StringRef f) {
    return it.kind == ExprKind::Call && it.lhs->kind == ExprKind::Name &&
           it.lhs->name == f;
  };
  if (calls("range")) {
    if (s->target->kind != ExprKind::Name)
      return fail(s->target->loc, "cannot unpack an int: range() gives one "
                                  "integer per iteration");
    return s;
  }
  if (it.kind == ExprKind::Tuple || it.kind == ExprKind::List)
    return unrollFor(std::move(s));
  SrcLoc l = s->loc, itLoc = it.loc;
  bool isEnum = calls("enumerate"), isZip = calls("zip");
  std::string fname = isEnum || isZip ? it.lhs->name : "";
  std::vector<ExprPtr> seqs;
  ExprPtr start;
  bool zipped = false; // enumerate(zip(...))
  if (isEnum || isZip) {
    for (Keyword &k : it.keywords) {
      if (isEnum && k.name == "start" && !start) {
        start = std::move(k.value);
        continue;
      }
      return fail(k.loc, it.lhs->name + "() got an unexpected keyword "
                         "argument '" + k.name + "'");
    }
    if (isEnum && (it.elts.empty() || it.elts.size() > 2 ||
                   (it.elts.size() == 2 && start)))
      return fail(it.loc, "enumerate() takes an iterable and an optional start");
    if (isEnum && it.elts.size() == 2)
      start = std::move(it.elts[1]);
    // enumerate(zip(a, b)): the count and the zipped items
    // (`for i, (x, y) in enumerate(zip(a, b))`).
    const Expr &a0 = *it.elts[0];
    if (isEnum && a0.kind == ExprKind::Call && a0.lhs->kind == ExprKind::Name &&
        a0.lhs->name == "zip" && a0.keywords.empty() && !a0.elts.empty()) {
      const Expr &t = *s->target;
      if (t.kind != ExprKind::Tuple || t.elts.size() != 2 ||
          t.elts[1]->kind != ExprKind::Tuple ||
          t.elts[1]->elts.size() != a0.elts.size())
        return fail(t.loc, "unpack each item of enumerate(zip(...)) into the "
                           "count and " + std::to_string(a0.elts.size()) +
                           " loop variables: `for i, (a, b) in "
                           "enumerate(zip(...))`");
      zipped = true;
      for (ExprPtr &z : it.elts[0]->elts)
        seqs.push_back(std::move(z));
    }
    if (isZip && it.elts.empty())
      return fail(it.loc, "zip() needs at least one iterable here");
    size_t n = zipped ? 0 : isEnum ? 1 : it.elts.size();
    for (size_t i = 0; i < n; ++i)
      seqs.push_back(std::move(it.elts[i]));
  } else {
    seqs.push_back(std::move(s->value));
  }
  // What each iteration binds, by target.
  std::vector<ExprPtr> targets;
  size_t want = isEnum ? 2 : isZip ? seqs.size() : 0;
  if (want) {
    if (s->target->kind != ExprKind::Tuple || s->target->elts.size() != want)
      return fail(s->target->loc,
                  "unpack each item of " + fname + "() into " +
                      std::to_string(want) + " loop variables: `for " +
                      (isEnum ? std::string("i, v") : std::string("a, b")) +
                      " in " + fname + "(...)`");
    for (ExprPtr &t : s->target->elts)
      targets.push_back(std::move(t));
  } else {
    targets.push_back(std::move(s->target));
  }
  // The sequences, evaluated once before the loop.
  std::vector<std::string> names;
  for (auto [i, seq] : llvm::enumerate(seqs)) {
    if (seq->kind == ExprKind::Name && !assignsName(s->body, seq->name)) {
      names.push_back(seq->name);
      continue;
    }
    names.push_back(hiddenName("iter", seq->loc) +
                    (seqs.size() > 1 ? "#" + std::to_string(i) : ""));
    SrcLoc sl = seq->loc;
    before.push_back(assignStmt(nameExpr(names.back(), sl), std::move(seq), l));
  }
  // The trip count: the shortest sequence.
  ExprPtr count = callExpr("len", itLoc, nameExpr(names[0], itLoc));
  if (names.size() > 1) {
    std::string n = hiddenName("count", l);
    before.push_back(assignStmt(nameExpr(n, l), std::move(count), l));
    for (size_t i = 1; i < names.size(); ++i) {
      auto shorter = std::make_unique<Stmt>(StmtKind::If, l);
      shorter->value = make(ExprKind::Compare, l);
      shorter->value->name = "<";
      shorter->value->lhs = callExpr("len", l, nameExpr(names[i], l));
      shorter->value->rhs = nameExpr(n, l);
      shorter->body.push_back(
          assignStmt(nameExpr(n, l), callExpr("len", l, nameExpr(names[i], l)), l));
      before.push_back(std::move(shorter));
    }
    count = nameExpr(n, l);
  }
  std::string index = hiddenName("index", l);
  std::vector<StmtPtr> body;
  auto item = [&](size_t i, SrcLoc tl) {
    ExprPtr e = make(ExprKind::Subscript, tl);
    e->lhs = nameExpr(names[i], e->loc);
    e->rhs = nameExpr(index, e->loc);
    return e;
  };
  if (isEnum) {
    ExprPtr k = nameExpr(index, targets[0]->loc);
    if (start) {
      ExprPtr sum = make(ExprKind::Binary, start->loc);
      sum->name = "+";
      sum->lhs = std::move(k);
      sum->rhs = std::move(start);
      k = std::move(sum);
    }
    SrcLoc tl = targets[0]->loc;
    body.push_back(assignStmt(std::move(targets[0]), std::move(k), tl));
    tl = targets[1]->loc;
    if (zipped) {
      for (auto [i, t] : llvm::enumerate(targets[1]->elts)) {
        SrcLoc el = t->loc;
        body.push_back(assignStmt(std::move(t), item(i, el), el));
      }
    } else {
      body.push_back(assignStmt(std::move(targets[1]), item(0, tl), tl));
    }
  } else {
    for (size_t i = 0; i < targets.size(); ++i) {
      SrcLoc tl = targets[i]->loc;
      ExprPtr v = item(i, tl);
      body.push_back(assignStmt(std::move(targets[i]), std::move(v), tl));
    }
  }
  for (StmtPtr &b : s->body)
    body.push_back(std::move(b));
  auto loop = std::make_unique<Stmt>(StmtKind::For, l);
  loop->target = nameExpr(index, l);
  loop->value = callExpr("range", itLoc, std::move(count));
  loop->body = std::move(body);
  return loop;
}


ExprPtr arrayc::frontend::cloneExpr(const Expr &e) {
  auto c = std::make_unique<Expr>(e.kind, e.loc);
  c->name = e.name;
  c->intValue = e.intValue;
  c->floatValue = e.floatValue;
  c->boolValue = e.boolValue;
  c->parenthesized = e.parenthesized;
  c->height = e.height;
  if (e.lhs)
    c->lhs = cloneExpr(*e.lhs);
  if (e.rhs)
    c->rhs = cloneExpr(*e.rhs);
  for (const ExprPtr &x : e.elts)
    c->elts.push_back(x ? cloneExpr(*x) : nullptr);
  for (const Keyword &k : e.keywords)
    c->keywords.push_back({k.name, k.loc, k.value ? cloneExpr(*k.value) : nullptr});
  return c;
}

StmtPtr arrayc::frontend::cloneStmt(const Stmt &s) {
  auto c = std::make_unique<Stmt>(s.kind, s.loc);
  c->op = s.op;
  for (auto [to, from] : {std::pair{&c->target, &s.target},
                          std::pair{&c->annotation, &s.annotation},
                          std::pair{&c->value, &s.value},
                          std::pair{&c->returns, &s.returns},
                          std::pair{&c->message, &s.message},
                          std::pair{&c->reductionIdentity, &s.reductionIdentity}})
    if (*from)
      *to = cloneExpr(**from);
  c->module = s.module;
  c->alias = s.alias;
  c->name = s.name;
  for (const Param &p : s.params)
    c->params.push_back({p.name, p.loc,
                         p.annotation ? cloneExpr(*p.annotation) : nullptr,
                         p.defaultValue ? cloneExpr(*p.defaultValue) : nullptr});
  for (const StmtPtr &b : s.body)
    c->body.push_back(cloneStmt(*b));
  for (const StmtPtr &b : s.orelse)
    c->orelse.push_back(cloneStmt(*b));
  return c;
}

/// Whether `body` leaves the loop it is the body of early (`break` or
/// `continue` outside inner loops).
static bool exitsLoop(const std::vector<StmtPtr> &body) {
  for (const StmtPtr &s : body) {
    if (s->kind == StmtKind::Break || s->kind == StmtKind::Continue)
      return true;
    if (s->kind == StmtKind::If && (exitsLoop(s->body) || exitsLoop(s->orelse)))
      return true;
  }
  return false;
}

static bool isNumberLiteral(const Expr &e) {
  if (e.kind == ExprKind::Unary && (e.name == "-" || e.name == "+"))
    return isNumberLiteral(*e.lhs);
  return e.kind == ExprKind::Int || e.kind == ExprKind::Float ||
         e.kind == ExprKind::Bool || e.kind == ExprKind::Imag ||
         e.kind == ExprKind::String || e.kind == ExprKind::None;
}

/// One unrolled iteration's copy of a body that may `break` or `continue`:
/// either sets `stop` (and a `break` also `broken`) and ends its block; the
/// statements after an `if` that may set them run under `if not stop:`.
/// `break`/`continue` of inner loops are theirs (exitsLoop skips loops).
static void lowerLoopExits(std::vector<StmtPtr> &in, std::vector<StmtPtr> &out,
                           const std::string &stop, const std::string &broken,
                           llvm::function_ref<ExprPtr(const std::string &, SrcLoc)> name,
                           llvm::function_ref<ExprPtr(bool, SrcLoc)> boolLit,
                           llvm::function_ref<ExprPtr(ExprPtr, SrcLoc)> negate) {
  auto set = [&](const std::string &flag, SrcLoc l) {
    auto a = std::make_unique<Stmt>(StmtKind::Assign, l);
    a->target = name(flag, l);
    a->value = boolLit(true, l);
    out.push_back(std::move(a));
  };
  for (size_t i = 0; i < in.size(); ++i) {
    StmtPtr &s = in[i];
    if (s->kind == StmtKind::Break || s->kind == StmtKind::Continue) {
      set(stop, s->loc);
      if (s->kind == StmtKind::Break)
        set(broken, s->loc);
      return; // the rest of the block never runs
    }
    if (s->kind != StmtKind::If ||
        (!exitsLoop(s->body) && !exitsLoop(s->orelse))) {
      out.push_back(std::move(s));
      continue;
    }
    std::vector<StmtPtr> body, orelse;
    lowerLoopExits(s->body, body, stop, broken, name, boolLit, negate);
    lowerLoopExits(s->orelse, orelse, stop, broken, name, boolLit, negate);
    s->body = std::move(body);
    s->orelse = std::move(orelse);
    SrcLoc l = s->loc;
    out.push_back(std::move(s));
    if (i + 1 == in.size())
      return;
    auto guard = std::make_unique<Stmt>(StmtKind::If, l);
    guard->value = negate(name(stop, l), l);
    std::vector<StmtPtr> rest(std::make_move_iterator(in.begin() + i + 1),
                              std::make_move_iterator(in.end()));
    lowerLoopExits(rest, guard->body, stop, broken, name, boolLit, negate);
    out.push_back(std::move(guard));
    return;
  }
}

/// Renames the Name nodes of `e` found in `to`.
static void renameNames(Expr &e, const llvm::StringMap<std::string> &to) {
  if (e.kind == ExprKind::Name) {
    auto it = to.find(e.name);
    if (it != to.end())
      e.name = it->second;
  }
  for (Expr *c : {e.lhs.get(), e.rhs.get()})
    if (c)
      renameNames(*c, to);
  for (ExprPtr &c : e.elts)
    if (c)
      renameNames(*c, to);
  for (Keyword &k : e.keywords)
    if (k.value)
      renameNames(*k.value, to);
}

static void renameNames(Stmt &s, const llvm::StringMap<std::string> &to) {
  for (ExprPtr *e : {&s.target, &s.annotation, &s.value, &s.message})
    if (*e)
      renameNames(**e, to);
  for (StmtPtr &b : s.body)
    renameNames(*b, to);
  for (StmtPtr &b : s.orelse)
    renameNames(*b, to);
}

/// Renames, in `s`, the Name nodes of `to`'s keys, except inside nested
/// functions that make the name their own (a parameter or an assignment).
static void renameOuterNames(Stmt &s, const llvm::StringMap<std::string> &to) {
  if (s.kind != StmtKind::FunctionDef) {
    renameNames(s, to);
    return;
  }
  llvm::StringMap<std::string> inner;
  for (const auto &kv : to) {
    bool own = assignsName(s.body, kv.getKey()) ||
               llvm::any_of(s.params, [&](const Param &p) {
                 return p.name == kv.getKey();
               });
    if (!own)
      inner[kv.getKey()] = kv.getValue();
  }
  for (StmtPtr &b : s.body)
    renameOuterNames(*b, inner);
}

/// The nested functions `body` defines (in its blocks too, not inside the
/// functions themselves), with the first one's place.
static void nestedDefs(const std::vector<StmtPtr> &body, llvm::StringSet<> &out,
                       std::optional<SrcLoc> &first) {
  for (const StmtPtr &s : body) {
    if (s->kind == StmtKind::FunctionDef) {
      out.insert(s->name);
      if (!first)
        first = s->loc;
      continue;
    }
    nestedDefs(s->body, out, first);
    nestedDefs(s->orelse, out, first);
  }
}

/// One unrolled copy of a loop body that defines nested functions (`defs`):
/// each such `def f` becomes `def f#N` with N from `serial`, unique in the
/// file (hoistNested names it `f@L:C#N`), unless `keep` (the last item's,
/// which the code after the loop reads as `f`), and the names after it, in
/// source order, read it; `current` carries which copy's function a name
/// means from one copy into the next.
static void renameCopyDefs(std::vector<StmtPtr> &body, const llvm::StringSet<> &defs,
                           size_t &serial, bool keep,
                           llvm::StringMap<std::string> &current) {
  for (StmtPtr &st : body) {
    if (st->kind == StmtKind::FunctionDef) {
      if (defs.contains(st->name)) {
        std::string base = st->name;
        current[base] = keep ? base : base + "#" + std::to_string(++serial);
        st->name = current[base];
      }
      renameOuterNames(*st, current);
      continue;
    }
    for (ExprPtr *e : {&st->target, &st->annotation, &st->value, &st->message})
      if (*e)
        renameNames(**e, current);
    renameCopyDefs(st->body, defs, serial, keep, current);
    renameCopyDefs(st->orelse, defs, serial, keep, current);
  }
}

// `for d in (1, -1): BODY` binds each item in turn and runs BODY: the loop
// is unrolled (the items may differ in type, as Python allows). Items that
// are not literals are evaluated once, before the first iteration, as
// Python builds the tuple first. A body that may `break` or `continue`
// carries two hidden flags: each item runs under `if not broken:` (binding
// the loop variable, so it keeps the item of the `break`), and a `continue`
// or `break` skips the rest of its item (lowerLoopExits). A nested `def` in
// BODY is defined once per item, each under a name of its own
// (renameCopyDefs); with `break`/`continue`, which function a name means
// after the `def` would depend on the run, so that is an error.
StmtPtr Parser::unrollFor(std::unique_ptr<Stmt> s) {
  Expr &it = *s->value;
  bool exits = exitsLoop(s->body);
  llvm::StringSet<> defs;
  std::optional<SrcLoc> firstDef;
  nestedDefs(s->body, defs, firstDef);
  if (exits && firstDef)
    return fail(*firstDef, "a nested function defined in a loop over a tuple "
                           "or list display that may 'break' or 'continue' is "
                           "not supported (the loop is unrolled, and which "
                           "item's function its name means would depend on "
                           "the run); define it before the loop");
  llvm::StringMap<std::string> current;
  std::string stop = hiddenName("stop", it.loc),
              broken = hiddenName("broken", it.loc);
  auto boolLit = [&](bool v, SrcLoc l) {
    ExprPtr e = make(ExprKind::Bool, l);
    e->boolValue = v;
    return e;
  };
  auto name = [&](const std::string &n, SrcLoc l) { return nameExpr(n, l); };
  auto negate = [&](ExprPtr x, SrcLoc l) {
    ExprPtr e = make(ExprKind::Unary, l);
    e->name = "not";
    e->lhs = std::move(x);
    return e;
  };
  std::vector<ExprPtr> items;
  for (auto [i, x] : llvm::enumerate(it.elts)) {
    if (isNumberLiteral(*x)) {
      items.push_back(std::move(x));
      continue;
    }
    std::string n = hiddenName("item", it.loc) + "#" + std::to_string(i);
    SrcLoc xl = x->loc;
    before.push_back(assignStmt(nameExpr(n, xl), std::move(x), xl));
    items.push_back(nameExpr(n, xl));
  }
  if (items.empty())
    return std::make_unique<Stmt>(StmtKind::Pass, s->loc);
  if (exits) {
    before.push_back(assignStmt(nameExpr(broken, it.loc), boolLit(false, it.loc),
                                it.loc));
    before.push_back(assignStmt(nameExpr(stop, it.loc), boolLit(false, it.loc),
                                it.loc));
  }
  for (size_t i = 0; i < items.size(); ++i) {
    SrcLoc tl = s->target->loc;
    StmtPtr bind = assignStmt(cloneExpr(*s->target), std::move(items[i]), tl);
    if (!exits) {
      before.push_back(std::move(bind));
      std::vector<StmtPtr> body;
      for (const StmtPtr &b : s->body)
        body.push_back(cloneStmt(*b));
      if (!defs.empty())
        renameCopyDefs(body, defs, unrolledDefs, i + 1 == items.size(), current);
      for (StmtPtr &b : body)
        before.push_back(std::move(b));
      continue;
    }
    std::vector<StmtPtr> body;
    for (const StmtPtr &b : s->body)
      body.push_back(cloneStmt(*b));
    auto guard = std::make_unique<Stmt>(StmtKind::If, tl);
    guard->value = negate(nameExpr(broken, tl), tl);
    guard->body.push_back(assignStmt(nameExpr(stop, tl), boolLit(false, tl), tl));
    guard->body.push_back(std::move(bind));
    lowerLoopExits(body, guard->body, stop, broken, name, boolLit, negate);
    before.push_back(std::move(guard));
  }
  StmtPtr last = std::move(before.back());
  before.pop_back();
  return last;
}

ExprPtr Parser::parseLoopTarget() {
  SrcLoc tloc = cur().loc;
  std::vector<ExprPtr> names;
  bool trailingComma = false;
  while (true) {
    trailingComma = false;
    if (cur().isOp("(")) {
      SrcLoc gl = cur().loc;
      next();
      ExprPtr g = parseLoopTarget();
      if (!g || !expectOp(")", "to close the loop variables"))
        return nullptr;
      if (g->kind != ExprKind::Tuple) { // `(a)` is `a`
        names.push_back(std::move(g));
      } else {
        g->loc = gl;
        names.push_back(std::move(g));
      }
    } else {
      if (!cur().is(Tok::Name) || isKeyword(cur().text))
        return failHere("expected a loop variable name, got " + describe(cur()));
      names.push_back(nameExpr(cur().text, cur().loc));
      next();
    }
    if (!consumeOp(","))
      break;
    trailingComma = true;
    if (cur().isName("in") || cur().isOp(")"))
      break;
  }
  if (names.size() == 1 && !trailingComma)
    return std::move(names[0]);
  ExprPtr t = make(ExprKind::Tuple, tloc);
  t->elts = std::move(names);
  return t;
}

// [ELT for T1 in IT1 if C1 for T2 in IT2 ...] (and a generator argument of
// a reducer) becomes, before the statement that holds it,
//
//   list@L:C = []
//   for T1' in IT1:
//       if C1':
//           for T2' in IT2':
//               list@L:C.append(ELT')
//
// with the loop variables renamed (T' = T@comp...) in everything after IT1:
// they are local to the comprehension, as in Python 3. Each `for` is
// desugared as a statement would be; a comprehension inside ELT, a
// condition or a later iterable runs in the loop it belongs to.
ExprPtr Parser::parseComprehension(ExprPtr elt, std::vector<StmtPtr> eltPre,
                                   SrcLoc loc) {
  struct Clause {
    bool isFor;
    SrcLoc loc;
    ExprPtr target, value;
    std::vector<StmtPtr> pre; ///< What parsing `value` queued.
  };
  std::vector<Clause> clauses;
  llvm::StringMap<std::string> renamed;
  std::function<void(Expr &)> renameTarget = [&](Expr &t) {
    if (t.kind == ExprKind::Name) {
      std::string n = t.name + "@comp" + std::to_string(loc.line) + ":" +
                      std::to_string(loc.col);
      renamed[t.name] = n;
      t.name = n;
    }
    for (ExprPtr &x : t.elts)
      renameTarget(*x);
  };
  std::vector<StmtPtr> outer = std::move(before);
  before.clear();
  while (cur().isName("for") || (!clauses.empty() && cur().isName("if"))) {
    Clause c{cur().isName("for"), cur().loc, nullptr, nullptr, {}};
    next();
    if (c.isFor) {
      c.target = parseLoopTarget();
      if (!c.target)
        return nullptr;
      if (!cur().isName("in"))
        return failHere("expected 'in' after the comprehension's variable, "
                        "got " + describe(cur()));
      next();
    }
    c.value = parseOr();
    if (!c.value)
      return nullptr;
    c.pre = std::move(before);
    before.clear();
    if (!clauses.empty()) { // evaluated inside the loops so far
      renameNames(*c.value, renamed);
      for (StmtPtr &p : c.pre)
        renameNames(*p, renamed);
    }
    if (c.isFor)
      renameTarget(*c.target);
    clauses.push_back(std::move(c));
  }
  if (cur().isName("async"))
    return failHere("async comprehensions are not supported");
  renameNames(*elt, renamed);
  for (StmtPtr &p : eltPre)
    renameNames(*p, renamed);
  before = std::move(outer);

  std::string list = hiddenName("list", loc);
  auto append = make(ExprKind::Call, elt->loc);
  append->lhs = make(ExprKind::Attribute, elt->loc);
  append->lhs->name = "append";
  append->lhs->lhs = nameExpr(list, elt->loc);
  append->elts.push_back(std::move(elt));
  auto appendStmt = std::make_unique<Stmt>(StmtKind::Expr, append->loc);
  appendStmt->value = std::move(append);
  std::vector<StmtPtr> body = std::move(eltPre);
  body.push_back(std::move(appendStmt));
  for (size_t k = clauses.size(); k-- > 0;) {
    Clause &c = clauses[k];
    std::vector<StmtPtr> wrapped = std::move(c.pre);
    if (c.isFor) {
      auto f = std::make_unique<Stmt>(StmtKind::For, c.loc);
      f->target = std::move(c.target);
      f->value = std::move(c.value);
      f->body = std::move(body);
      std::vector<StmtPtr> saved = std::move(before);
      before.clear();
      StmtPtr d = desugarFor(std::move(f));
      if (!d)
        return nullptr;
      for (StmtPtr &p : before)
        wrapped.push_back(std::move(p));
      wrapped.push_back(std::move(d));
      before = std::move(saved);
    } else {
      auto i = std::make_unique<Stmt>(StmtKind::If, c.loc);
      i->value = std::move(c.value);
      i->body = std::move(body);
      wrapped.push_back(std::move(i));
    }
    body = std::move(wrapped);
  }
  auto empty = make(ExprKind::List, loc);
  before.push_back(assignStmt(nameExpr(list, loc), std::move(empty), loc));
  for (StmtPtr &s : body)
    before.push_back(std::move(s));
  return nameExpr(list, loc);
}

// `with np.errstate(divide='ignore', ...):` sets how NumPy reports float
// errors inside it. arrayc never traps them (results are IEEE values and
// nothing is printed), which is the 'ignore' setting: the body runs as is.
// 'raise' would make NumPy stop with FloatingPointError, which arrayc cannot
// reproduce, so it is an error here.
StmtPtr Parser::parseWith() {
  SrcLoc loc = cur().loc;
  next();
  while (true) {
    ExprPtr m = parseTest();
    if (!m)
      return nullptr;
    const Expr *f = m->kind == ExprKind::Call ? m->lhs.get() : nullptr;
    bool errstate =
        f && ((f->kind == ExprKind::Name && f->name == "errstate") ||
              (f->kind == ExprKind::Attribute && f->name == "errstate" &&
               f->lhs->kind == ExprKind::Name &&
               (f->lhs->name == "np" || f->lhs->name == "numpy")));
    if (!errstate)
      return fail(m->loc, "only 'with np.errstate(...)' is supported as a "
                          "'with' statement");
    if (!m->elts.empty())
      return fail(m->elts[0]->loc, "np.errstate() takes keyword arguments "
                                   "(divide=, over=, under=, invalid=, all=)");
    for (const Keyword &k : m->keywords) {
      if (!llvm::is_contained({"divide", "over", "under", "invalid", "all"},
                              k.name))
        return fail(k.loc, "np.errstate() got an unexpected keyword argument '" +
                               k.name + "'");
      if (k.value->kind != ExprKind::String ||
          !llvm::is_contained({"ignore", "warn", "print", "log", "call"},
                              k.value->name))
        return fail(k.value->loc,
                    "np.errstate(" + k.name + "=...): arrayc never traps "
                    "floating-point errors, so only 'ignore', 'warn', 'print', "
                    "'log' or 'call' (none of which change a result) are "
                    "accepted, not " +
                        (k.value->kind == ExprKind::String
                             ? "'" + k.value->name + "'"
                             : std::string("this value")));
    }
    if (cur().isName("as"))
      return failHere("'with ... as' is not supported");
    if (!consumeOp(","))
      break;
  }
  std::vector<StmtPtr> body;
  if (!parseBlock(body))
    return nullptr;
  if (body.empty())
    return std::make_unique<Stmt>(StmtKind::Pass, loc);
  StmtPtr last = std::move(body.back());
  body.pop_back();
  for (StmtPtr &s : body)
    before.push_back(std::move(s));
  return last;
}

// `lambda i, j: (i + j) % 2` is a function without a name: here a
// module-level `def lambda@L:C(i, j): return (i + j) % 2`, and the
// expression is that name (what takes a function, np.fromfunction, calls
// it). A lambda inside a function reads the enclosing function's variables
// as a nested def does (hoistNested, ParserClosures.cpp: late binding, passed
// at each call).
ExprPtr Parser::parseLambda() {
  SrcLoc l = cur().loc;
  next();
  auto fn = std::make_unique<Stmt>(StmtKind::FunctionDef, l);
  fn->name = hiddenName("lambda", l);
  while (!cur().isOp(":")) {
    if (!cur().is(Tok::Name) || isKeyword(cur().text))
      return failHere("expected a lambda parameter name, got " + describe(cur()));
    Param p;
    p.name = cur().text;
    p.loc = cur().loc;
    next();
    if (consumeOp("=")) {
      p.defaultValue = parseTest();
      if (!p.defaultValue)
        return nullptr;
    }
    fn->params.push_back(std::move(p));
    if (!consumeOp(","))
      break;
  }
  if (!expectOp(":", "after the lambda's parameters"))
    return nullptr;
  size_t queued = before.size();
  ExprPtr body = parseTest();
  if (!body)
    return nullptr;
  if (before.size() != queued)
    return fail(body->loc, "a comprehension inside a lambda is not "
                           "supported; write a def");
  auto ret = std::make_unique<Stmt>(StmtKind::Return, body->loc);
  ret->value = std::move(body);
  fn->body.push_back(std::move(ret));
  lambdas.push_back(std::move(fn));
  return nameExpr(hiddenName("lambda", l), l);
}
