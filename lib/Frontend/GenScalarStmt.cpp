//===- GenScalarStmt.cpp - statements of @vectorize bodies ----------------===//
//
// if/elif/else, for over range, while, assignments and returns of a scalar
// body (GenScalar.h), as scf ops on scalars.
//
//===----------------------------------------------------------------------===//

#include "Frontend/GenScalar.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

namespace {

/// Whether `body` has a `return` anywhere (loops and branches included).
bool containsReturn(const std::vector<StmtPtr> &body) {
  for (const StmtPtr &s : body) {
    if (s->kind == StmtKind::Return)
      return true;
    if ((s->kind == StmtKind::If || s->kind == StmtKind::For ||
         s->kind == StmtKind::While) &&
        (containsReturn(s->body) || containsReturn(s->orelse)))
      return true;
  }
  return false;
}

constexpr unsigned kMaxTypeRounds = 4;

} // namespace

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

std::optional<llvm::SmallVector<Scalar>>
ScalarBody::genFunction(const Stmt &fdef, llvm::ArrayRef<Scalar> args) {
  def = &fdef;
  for (auto [p, a] : llvm::zip(fdef.params, args))
    vars[p.name] = a;
  llvm::SmallVector<const Stmt *> seq;
  for (const StmtPtr &s : fdef.body)
    seq.push_back(s.get());
  llvm::SmallVector<Scalar> out;
  if (!genTail(seq, out))
    return std::nullopt;
  return out;
}

bool ScalarBody::genTail(llvm::ArrayRef<const Stmt *> seq,
                         llvm::SmallVector<Scalar> &out) {
  for (size_t i = 0; i < seq.size(); ++i) {
    const Stmt &s = *seq[i];
    if (s.kind == StmtKind::Return)
      return genReturn(s, out);
    if (s.kind == StmtKind::If && (containsReturn(s.body) || containsReturn(s.orelse)))
      return genIfTail(s, seq.drop_front(i + 1), out);
    if ((s.kind == StmtKind::For || s.kind == StmtKind::While) &&
        containsReturn(s.body))
      return fail(s.loc, "a @vectorize function cannot return from inside a "
                         "loop; leave the loop (set a flag in the loop's "
                         "condition) and return after it");
    if (!genStmt(s))
      return false;
  }
  return fail(def->loc, "@vectorize function '" + def->name +
                            "' must return a value on every path");
}

bool ScalarBody::genReturn(const Stmt &s, llvm::SmallVector<Scalar> &out) {
  if (!s.value)
    return fail(s.loc, "a @vectorize function returns a value (its element of "
                       "the result)");
  if (s.value->kind == ExprKind::Tuple && !s.value->elts.empty()) {
    for (const ExprPtr &e : s.value->elts) {
      std::optional<Scalar> v = eval(*e);
      if (!v)
        return false;
      out.push_back(*v);
    }
    return true;
  }
  std::optional<Scalar> v = eval(*s.value);
  if (!v)
    return false;
  out.push_back(*v);
  return true;
}

/// A result-less `scf.if` with both blocks: a branch's code goes there
/// until the results' types are known (ScalarBody::mergeIf).
static scf::IfOp emptyIf(OpBuilder &b, Location l, Value cond) {
  return scf::IfOp::create(b, l, cond, /*withElseRegion=*/true);
}

std::optional<scf::IfOp>
ScalarBody::mergeIf(scf::IfOp shell, Value cond, llvm::ArrayRef<Scalar> vals0,
                    llvm::ArrayRef<Scalar> vals1, SrcLoc at,
                    llvm::SmallVectorImpl<Scalar> &merged) {
  Location l = loc(at);
  llvm::SmallVector<Type> types;
  size_t start = merged.size();
  for (auto [x, y] : llvm::zip(vals0, vals1)) {
    Scalar m;
    if (!common(x, y, at, m.t, m.weak))
      return std::nullopt;
    merged.push_back(m);
    types.push_back(mlirType(m.t));
  }
  auto ifOp = scf::IfOp::create(b, l, types, cond, /*addThenBlock=*/false,
                                /*addElseBlock=*/false);
  for (int k = 0; k < 2; ++k) {
    Region &r = k == 0 ? ifOp.getThenRegion() : ifOp.getElseRegion();
    r.takeBody(k == 0 ? shell.getThenRegion() : shell.getElseRegion());
    Block &blk = r.front();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(blk.getTerminator());
    llvm::SmallVector<Value> out;
    for (auto [x, m] : llvm::zip(k == 0 ? vals0 : vals1,
                                 llvm::ArrayRef<Scalar>(merged).drop_front(start)))
      out.push_back(cast(x, m.t, at).v);
    blk.getTerminator()->erase();
    b.setInsertionPointToEnd(&blk);
    scf::YieldOp::create(b, l, out);
  }
  shell.erase();
  for (size_t i = 0; i < types.size(); ++i)
    merged[start + i].v = ifOp.getResult(i);
  return ifOp;
}

/// An `if` with a `return` in a branch: each branch continues with the rest
/// of the block and yields the function's results.
bool ScalarBody::genIfTail(const Stmt &s, llvm::ArrayRef<const Stmt *> rest,
                           llvm::SmallVector<Scalar> &out) {
  std::optional<Scalar> c = eval(*s.value);
  if (!c)
    return false;
  Value cond = truth(*c, s.value->loc);
  scf::IfOp shell = emptyIf(b, loc(s.loc), cond);
  llvm::SmallVector<Scalar> branchOut[2];
  auto saved = vars;
  auto savedUnbound = unbound;
  for (int k = 0; k < 2; ++k) {
    vars = saved;
    unbound = savedUnbound;
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint((k == 0 ? shell.thenBlock() : shell.elseBlock())->getTerminator());
    llvm::SmallVector<const Stmt *> seq;
    for (const StmtPtr &st : k == 0 ? s.body : s.orelse)
      seq.push_back(st.get());
    seq.append(rest.begin(), rest.end());
    if (!genTail(seq, branchOut[k]))
      return false;
  }
  if (branchOut[0].size() != branchOut[1].size())
    return fail(s.loc, "the branches of this 'if' return " +
                           std::to_string(branchOut[0].size()) + " and " +
                           std::to_string(branchOut[1].size()) + " values");
  return mergeIf(shell, cond, branchOut[0], branchOut[1], s.loc, out).has_value();
}

bool ScalarBody::genBlock(const std::vector<StmtPtr> &body) {
  for (const StmtPtr &s : body)
    if (!genStmt(*s))
      return false;
  return true;
}

bool ScalarBody::genStmt(const Stmt &s) {
  switch (s.kind) {
  case StmtKind::Pass:
    return true;
  case StmtKind::Expr:
    if (s.value->kind == ExprKind::String)
      return true; // a docstring
    return eval(*s.value).has_value();
  case StmtKind::Assign:
  case StmtKind::AnnAssign: {
    if (!s.value)
      return fail(s.loc, "a declaration without a value is not supported in a "
                         "@vectorize function");
    std::optional<Scalar> v = eval(*s.value);
    if (!v)
      return false;
    if (s.kind == StmtKind::AnnAssign) {
      auto error = [&](SrcLoc l, const std::string &m) { g.err(l, m); };
      std::optional<ArrType> t = parseTypeAnnotation(*s.annotation, error);
      if (!t)
        return false;
      if (t->rank() != 0)
        return fail(s.annotation->loc, "a @vectorize function's variables are "
                                       "scalars: annotate a dtype (`f32`)");
      v = cast(*v, t->dtype, s.loc);
    }
    return assign(*s.target, *v);
  }
  case StmtKind::AugAssign: {
    if (s.target->kind != ExprKind::Name)
      return assign(*s.target, Scalar{});
    std::optional<Scalar> x = name(*s.target);
    std::optional<Scalar> y = x ? eval(*s.value) : std::nullopt;
    if (!y)
      return false;
    std::optional<Scalar> r = binary(s.op, *x, *y, s.loc);
    return r && assign(*s.target, *r);
  }
  case StmtKind::If:
    return genIf(s);
  case StmtKind::For:
    return genFor(s);
  case StmtKind::While:
    return genWhile(s);
  case StmtKind::Return:
    llvm_unreachable("returns are generated by genTail");
  case StmtKind::Break:
  case StmtKind::Continue:
    return fail(s.loc, "'break' and 'continue' are not supported in a @vectorize "
                       "function yet; put the condition in the loop's test");
  case StmtKind::Assert:
    return fail(s.loc, "'assert' is not supported in a @vectorize function");
  case StmtKind::Import:
  case StmtKind::FunctionDef:
    return fail(s.loc, "only scalar statements are allowed in a @vectorize "
                       "function");
  }
  return fail(s.loc, "statement not supported in a @vectorize function");
}

bool ScalarBody::assign(const Expr &target, Scalar v) {
  if (target.kind == ExprKind::Tuple)
    return fail(target.loc, "tuple assignment is not supported in a @vectorize "
                            "function; assign each name");
  if (target.kind != ExprKind::Name)
    return fail(target.loc, "a @vectorize function's parameters and variables "
                            "are scalars (one element of each array): they "
                            "cannot be indexed or assigned through");
  vars[target.name] = v;
  unbound.erase(target.name);
  return true;
}

llvm::SmallVector<std::string>
ScalarBody::carried(const std::vector<StmtPtr> &body,
                    const std::vector<StmtPtr> *orelse) {
  std::vector<std::string> names;
  llvm::StringMap<SrcLoc> where;
  assignedNames(body, names, where);
  if (orelse)
    assignedNames(*orelse, names, where);
  llvm::SmallVector<std::string> out;
  for (const std::string &n : names)
    if (vars.count(n) && !llvm::is_contained(out, n))
      out.push_back(n);
  return out;
}

bool ScalarBody::genIf(const Stmt &s) {
  std::optional<Scalar> c = eval(*s.value);
  if (!c)
    return false;
  Value cond = truth(*c, s.value->loc);
  // Names either branch assigns: those defined before (or in both branches)
  // are the if's results.
  std::vector<std::string> names;
  llvm::StringMap<SrcLoc> where;
  assignedNames(s.body, names, where);
  assignedNames(s.orelse, names, where);
  scf::IfOp shell = emptyIf(b, loc(s.loc), cond);
  llvm::StringMap<Scalar> after[2];
  llvm::StringMap<std::string> afterUnbound[2];
  auto saved = vars;
  auto savedUnbound = unbound;
  for (int k = 0; k < 2; ++k) {
    vars = saved;
    unbound = savedUnbound;
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint((k == 0 ? shell.thenBlock() : shell.elseBlock())->getTerminator());
    if (!genBlock(k == 0 ? s.body : s.orelse))
      return false;
    after[k] = vars;
    afterUnbound[k] = unbound;
  }
  vars = saved;
  unbound = savedUnbound;
  llvm::SmallVector<std::string> results;
  llvm::SmallVector<Scalar> vals[2];
  for (const std::string &n : names) {
    if (llvm::is_contained(results, n))
      continue;
    if (!after[0].count(n) || !after[1].count(n) || afterUnbound[0].count(n) ||
        afterUnbound[1].count(n)) {
      vars.erase(n);
      unbound[n] = "'" + n + "' is assigned on only one path of the 'if' at line " +
                   std::to_string(s.loc.line) + "; assign it before the 'if'";
      continue;
    }
    results.push_back(n);
    vals[0].push_back(after[0][n]);
    vals[1].push_back(after[1][n]);
  }
  llvm::SmallVector<Scalar> merged;
  if (!mergeIf(shell, cond, vals[0], vals[1], s.loc, merged))
    return false;
  for (auto [n, m] : llvm::zip(results, merged))
    vars[n] = m;
  return true;
}

bool ScalarBody::yieldCarried(llvm::ArrayRef<std::string> names,
                              llvm::MutableArrayRef<Scalar> types, SrcLoc at,
                              bool &settled) {
  settled = true;
  llvm::SmallVector<Scalar> next;
  for (auto [n, t] : llvm::zip(names, types)) {
    Scalar nx = vars[n], w;
    next.push_back(nx);
    if (!common(t, nx, at, w.t, w.weak))
      return false;
    if (w.t != t.t || w.weak != t.weak) {
      t.t = w.t;
      t.weak = w.weak;
      settled = false;
    }
  }
  if (!settled)
    return true;
  llvm::SmallVector<Value> out;
  for (auto [nx, t] : llvm::zip(next, types))
    out.push_back(cast(nx, t.t, at).v);
  scf::YieldOp::create(b, loc(at), out);
  return true;
}

bool ScalarBody::genCarryingLoop(const Stmt &s, llvm::StringRef loopVar,
                                 LoopBuilder build) {
  llvm::SmallVector<std::string> names = carried(s.body);
  llvm::SmallVector<Scalar> types; // the carried values' dtypes, widened
  for (const std::string &n : names)
    types.push_back(vars[n]);
  for (unsigned round = 0; round < kMaxTypeRounds; ++round) {
    auto saved = vars;
    auto savedUnbound = unbound;
    bool settled = false;
    Operation *loop = build(names, types, settled);
    vars = saved;
    unbound = savedUnbound;
    if (!loop)
      return false;
    if (!settled) {
      loop->erase();
      continue;
    }
    endLoop(s, names, types, loop->getResults(), loopVar);
    return true;
  }
  return fail(s.loc, "the types of the variables this loop carries do not settle");
}

void ScalarBody::endLoop(const Stmt &loop, llvm::ArrayRef<std::string> names,
                         llvm::ArrayRef<Scalar> types, ValueRange results,
                         llvm::StringRef loopVar) {
  std::vector<std::string> inBody;
  llvm::StringMap<SrcLoc> where;
  assignedNames(loop.body, inBody, where);
  if (!loopVar.empty())
    inBody.push_back(loopVar.str());
  for (const std::string &n : inBody)
    if (!llvm::is_contained(names, n)) {
      vars.erase(n);
      unbound[n] = "'" + n + "' is assigned only inside the loop at line " +
                   std::to_string(loop.loc.line) +
                   "; in a @vectorize function assign it before the loop";
    }
  for (auto [i, n] : llvm::enumerate(names))
    vars[n] = Scalar{results[i], types[i].t, types[i].weak};
}

bool ScalarBody::genFor(const Stmt &s) {
  const Expr &it = *s.value;
  if (s.target->kind != ExprKind::Name)
    return fail(s.target->loc, "a @vectorize function's loop variable is one name");
  if (it.kind != ExprKind::Call || !it.lhs || it.lhs->kind != ExprKind::Name ||
      it.lhs->name != "range" || it.elts.empty() || it.elts.size() > 3 ||
      !it.keywords.empty())
    return fail(it.loc, "a @vectorize function loops over range(...) only (its "
                        "values are scalars)");
  if (!s.orelse.empty())
    return fail(s.loc, "'for ... else' is not supported");
  llvm::SmallVector<Value> bounds;
  Location l = loc(s.loc);
  for (const ExprPtr &e : it.elts) {
    std::optional<Scalar> v = eval(*e);
    if (!v)
      return false;
    if (isFloat(v->t))
      return fail(e->loc, "range() takes integers, got " +
                              numpyDtypeName(v->t).str());
    bounds.push_back(arith::IndexCastOp::create(b, l, b.getIndexType(),
                                                cast(*v, DType::I64, e->loc).v));
  }
  Value lo = bounds.size() > 1 ? bounds[0]
                               : arith::ConstantIndexOp::create(b, l, 0).getResult();
  Value hi = bounds.size() > 1 ? bounds[1] : bounds[0];
  Value step = arith::ConstantIndexOp::create(b, l, 1);
  if (bounds.size() == 3) {
    const Expr &st = *it.elts[2];
    if (st.kind != ExprKind::Int || st.intValue <= 0)
      return fail(st.loc, "a @vectorize function's range() step must be a "
                          "positive integer literal");
    step = bounds[2];
  }
  auto build = [&](llvm::ArrayRef<std::string> names,
                   llvm::MutableArrayRef<Scalar> types, bool &settled) -> Operation * {
    llvm::SmallVector<Value> init;
    for (auto [n, t] : llvm::zip(names, types))
      init.push_back(cast(vars[n], t.t, s.loc).v);
    auto loop = scf::ForOp::create(b, l, lo, hi, step, init);
    Block *body = loop.getBody();
    for (auto [i, n] : llvm::enumerate(names))
      vars[n] = Scalar{loop.getRegionIterArg(i), types[i].t, types[i].weak};
    OpBuilder::InsertionGuard guard(b);
    if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
      body->back().erase();
    b.setInsertionPointToEnd(body);
    Value i64 = arith::IndexCastOp::create(b, l, b.getI64Type(),
                                           loop.getInductionVar());
    vars[s.target->name] = Scalar{i64, DType::I64, Weak::Int};
    if (!genBlock(s.body) || !yieldCarried(names, types, s.loc, settled))
      return nullptr;
    return loop;
  };
  return genCarryingLoop(s, s.target->name, build);
}

bool ScalarBody::genWhile(const Stmt &s) {
  if (!s.orelse.empty())
    return fail(s.loc, "'while ... else' is not supported");
  Location l = loc(s.loc);
  auto build = [&](llvm::ArrayRef<std::string> names,
                   llvm::MutableArrayRef<Scalar> types, bool &settled) -> Operation * {
    llvm::SmallVector<Value> init;
    llvm::SmallVector<Type> mtypes;
    for (auto [n, t] : llvm::zip(names, types)) {
      init.push_back(cast(vars[n], t.t, s.loc).v);
      mtypes.push_back(mlirType(t.t));
    }
    llvm::SmallVector<Location> locs(mtypes.size(), l);
    auto loop = scf::WhileOp::create(b, l, mtypes, init);
    auto saved = vars;
    auto savedUnbound = unbound;
    auto bind = [&](Block *blk) {
      vars = saved;
      unbound = savedUnbound;
      for (auto [i, n] : llvm::enumerate(names))
        vars[n] = Scalar{blk->getArgument(i), types[i].t, types[i].weak};
    };
    OpBuilder::InsertionGuard guard(b);
    Block *before = b.createBlock(&loop.getBefore(), {}, mtypes, locs);
    bind(before);
    std::optional<Scalar> c = eval(*s.value);
    if (!c)
      return nullptr;
    scf::ConditionOp::create(b, l, truth(*c, s.value->loc), before->getArguments());
    Block *after = b.createBlock(&loop.getAfter(), {}, mtypes, locs);
    bind(after);
    if (!genBlock(s.body) || !yieldCarried(names, types, s.loc, settled))
      return nullptr;
    return loop;
  };
  return genCarryingLoop(s, {}, build);
}
