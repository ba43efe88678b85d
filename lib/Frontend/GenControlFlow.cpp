//===- GenControlFlow.cpp - if, for and while -----------------------------===//
//
// `if`/`elif`/`else` -> scf.if, `for i in range(...)` -> scf.for, `while`
// -> scf.while, all on tensors: the variables a body assigns that exist
// before it are the region results / iter_args.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"
#include "Frontend/GenRandom.h"

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

namespace {
/// What a variable merged from two control-flow paths becomes.
struct VarType {
  ArrType type;
  bool weakRt = false;
  Weak weak = Weak::Int;
  bool list = false; ///< A Python list (Val::list).
  bool emptyList = false;
};
} // namespace


/// Names that `body` writes through (recursively): `x[...] = `, `x[...] op=`
/// and `x op=` (in place on arrays).
static void writtenNames(const std::vector<StmtPtr> &body, llvm::StringSet<> &out) {
  for (const StmtPtr &s : body) {
    if ((s->kind == StmtKind::Assign || s->kind == StmtKind::AugAssign) && s->target) {
      const Expr *t = s->target.get();
      bool sub = false;
      while (t->kind == ExprKind::Subscript) {
        t = t->lhs.get();
        sub = true;
      }
      if (t->kind == ExprKind::Name && (sub || s->kind == StmtKind::AugAssign))
        out.insert(t->name);
    }
    writtenNames(s->body, out);
    writtenNames(s->orelse, out);
  }
}

/// The type two paths' values of one variable merge to, or an error text.
/// Arrays of one dtype and rank whose sizes differ (`x = x[1:]` in a loop,
/// other sizes in each branch) merge to a fresh named size, known only at
/// run time. A loop passes `keep`, the names it made for its carried
/// values: its entry keeps them, so that the loop's types settle.
static std::optional<VarType> mergeTypes(const Val &x, const Val &y,
                                         std::string &error,
                                         unsigned *fresh = nullptr,
                                         llvm::StringSet<> *keep = nullptr) {
  auto asType = [](const Val &v) {
    VarType t;
    t.type = v.type;
    t.weakRt = v.weakRt;
    t.weak = v.weak;
    t.list = v.list;
    t.emptyList = v.emptyList;
    return t;
  };
  bool xw = isWeak(x), yw = isWeak(y);
  // The callers wrap `error` in parentheses: no parentheses in it.
  for (const Val *v : {&x, &y})
    if (isGeneratorVal(*v)) {
      error = "a numpy.random.Generator cannot be carried by control flow "
              "yet: create it once, before the loop or 'if'";
      return std::nullopt;
    } else if (v->kind != Val::Array && v->kind != Val::Lit) {
      error = describeVal(*v) + " cannot be carried by control flow yet";
      return std::nullopt;
    }
  // A list still empty on one path (`xs = []` before a loop that appends)
  // takes the other's item type, with a length known at run time.
  if (x.list && y.list && x.emptyList != y.emptyList) {
    VarType t = asType(x.emptyList ? y : x);
    t.emptyList = false;
    if (!fresh)
      return t;
    if (!(keep && t.type.dims[0].isNamed() && keep->contains(t.type.dims[0].name))) {
      t.type.dims[0] = Dim::named("?" + std::to_string(++*fresh));
      if (keep)
        keep->insert(t.type.dims[0].name);
    }
    return t;
  }
  if (xw && yw) {
    if (x.weak == y.weak) {
      VarType t;
      t.type = ArrType{weakDefault(x.weak), {}};
      t.weakRt = true;
      t.weak = x.weak;
      return t;
    }
  } else if (!xw && !yw) {
    if (x.type == y.type)
      return asType(x);
    if (fresh && x.type.dtype == y.type.dtype &&
        x.type.rank() == y.type.rank()) {
      VarType t = asType(x);
      for (auto [dx, dy] : llvm::zip(t.type.dims, y.type.dims)) {
        if (dx == dy || (keep && dx.isNamed() && keep->contains(dx.name)))
          continue;
        dx = Dim::named("?" + std::to_string(++*fresh));
        if (keep)
          keep->insert(dx.name);
      }
      return t;
    }
  } else {
    const Val &w = xw ? x : y;
    const Val &s = xw ? y : x;
    if (s.type.rank() == 0 && promoteWeak(s.type.dtype, w.weak) == s.type.dtype)
      return asType(s);
  }
  error = describeVal(x) + " vs " + describeVal(y);
  return std::nullopt;
}

static bool sameVal(const Val &x, const Val &y) {
  if (x.kind != y.kind)
    return false;
  switch (x.kind) {
  case Val::Array:
    return x.value == y.value && x.weakRt == y.weakRt;
  case Val::Lit:
    return x.weak == y.weak && x.i == y.i &&
           (x.weak != Weak::Float || x.f == y.f ||
            (std::isnan(x.f) && std::isnan(y.f))) &&
           (x.weak != Weak::Complex ||
            (x.f == y.f && x.im == y.im)); // NaN parts: never the same
  case Val::Str:
    return x.str == y.str;
  case Val::None:
    return true;
  case Val::Tuple:
    if (x.elts.size() != y.elts.size())
      return false;
    for (size_t i = 0; i < x.elts.size(); ++i)
      if (!sameVal(x.elts[i], y.elts[i]))
        return false;
    return true;
  }
  return false;
}

static bool sameVarType(const VarType &a, const VarType &b) {
  return a.type == b.type && a.weakRt == b.weakRt && a.list == b.list &&
         a.emptyList == b.emptyList &&
         (!a.weakRt || a.weak == b.weak);
}

Value Gen::carriedValue(const Val &v, const ArrType &t, Location l) {
  if (v.emptyList && t.rank() >= 1)
    return emptyList(t, l);
  Value r = toArray(v, t.dtype).value;
  Type want = t.tensorType(&ctx);
  if (r.getType() != want)
    r = tensor::CastOp::create(b, l, want, r);
  return r;
}

bool Gen::genIf(const Stmt &s) {
  OptVal c = eval(*s.value);
  if (!c)
    return false;
  if (std::optional<bool> st = staticTruth(*c))
    return genBlock(*st ? s.body : s.orelse);
  return genBranches(*c, s.value->loc, [&] { return genBlock(s.body); },
                     [&] { return genBlock(s.orelse); }, s.loc);
}

/// An `scf.if` on the run-time condition `c` whose branches `thenFn` and
/// `elseFn` generate; the variables they assign become its results.
bool Gen::genBranches(const Val &c, SrcLoc condLoc,
                      llvm::function_ref<bool()> thenFn,
                      llvm::function_ref<bool()> elseFn,
                      std::optional<SrcLoc> ifLoc) {
  SrcLoc sl = ifLoc.value_or(condLoc);
  std::optional<Value> cond = condition(c, condLoc, "'if'");
  if (!cond)
    return false;
  Location il = loc(sl);
  std::string ifWhere = "the 'if' at line " + std::to_string(sl.line);
  llvm::StringMap<Val> before = scope->vars;
  llvm::StringMap<std::string> beforeUnbound = scope->unbound;
  llvm::StringMap<DimSource> beforeDims = scope->dims;
  auto tmp = scf::IfOp::create(b, il, TypeRange{}, *cond, /*withElse=*/true);
  llvm::StringMap<Val> paths[2];
  for (int k = 0; k < 2; ++k) {
    OpBuilder::InsertionGuard guard(b);
    Block *blk = k == 0 ? tmp.thenBlock() : tmp.elseBlock();
    b.setInsertionPoint(blk->getTerminator());
    scope->vars = before;
    scope->unbound = beforeUnbound;
    if (!(k == 0 ? thenFn() : elseFn()))
      return false;
    leaveRegionSlots(before, sl, ifWhere, /*loop=*/false);
    paths[k] = scope->vars;
  }
  scope->vars = before;
  scope->unbound = beforeUnbound;
  scope->dims = beforeDims;
  Block *blocks[2] = {tmp.thenBlock(), tmp.elseBlock()};
  llvm::StringSet<> kept; // names with the same target on both paths
  mergeAliases(paths, blocks, kept, sl, ifWhere);

  // Variables both paths bind and that differ become results.
  std::vector<std::string> names;
  for (auto &kv : paths[0])
    names.push_back(kv.getKey().str());
  for (auto &kv : paths[1])
    if (!paths[0].count(kv.getKey()))
      names.push_back(kv.getKey().str());
  llvm::sort(names);
  std::vector<std::string> results;
  std::vector<VarType> resultTypes;
  for (const std::string &n : names) {
    bool in0 = paths[0].count(n), in1 = paths[1].count(n);
    if (!in0 || !in1) {
      scope->unbound[n] =
          "variable '" + n + "' is assigned in only one branch of the 'if' at "
          "line " + std::to_string(sl.line) +
          "; assign it before the 'if' or in every branch to use it here";
      continue;
    }
    const Val &x = paths[0][n], &y = paths[1][n];
    if (kept.count(n) || sameVal(x, y)) {
      scope->vars[n] = x;
      continue;
    }
    std::string why;
    std::optional<VarType> t = mergeTypes(x, y, why, &freshDims);
    if (!t) {
      // Python allows it; only a later use needs one type (the code after
      // an early `return` runs under a generated 'if', for one).
      scope->vars.erase(n);
      scope->unbound[n] = "variable '" + n + "' has different types on the "
                          "paths through the 'if' at line " +
                          std::to_string(sl.line) + " (" + why +
                          "); give it one type on every path to use it here";
      continue;
    }
    results.push_back(n);
    resultTypes.push_back(*t);
  }
  llvm::SmallVector<Type> types;
  for (const VarType &t : resultTypes)
    types.push_back(t.type.tensorType(&ctx));
  for (int k = 0; k < 2; ++k) {
    Block *blk = k == 0 ? tmp.thenBlock() : tmp.elseBlock();
    Operation *term = blk->getTerminator();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(term);
    llvm::SmallVector<Value> vals;
    for (auto [n, t] : llvm::zip(results, resultTypes))
      vals.push_back(carriedValue(paths[k][n], t.type, il));
    scf::YieldOp::create(b, il, vals);
    term->erase();
  }
  auto ifOp = scf::IfOp::create(b, il, types, *cond, /*addThenBlock=*/false,
                                /*addElseBlock=*/false);
  ifOp.getThenRegion().takeBody(tmp.getThenRegion());
  ifOp.getElseRegion().takeBody(tmp.getElseRegion());
  tmp.erase();
  for (auto [i, n] : llvm::enumerate(results)) {
    Val v = Val::array(ifOp.getResult(i), resultTypes[i].type);
    v.weakRt = resultTypes[i].weakRt;
    v.weak = resultTypes[i].weak;
    v.list = resultTypes[i].list;
    v.emptyList = resultTypes[i].emptyList;
    scope->vars[n] = v;
  }
  refreshViews(sl);
  return true;
}

/// The variables a loop carries (iter_args), with their types. The types may
/// widen once (a Python scalar meeting a 0-d array); the loop is then rebuilt.
namespace {
struct Carried {
  std::vector<std::string> names;
  std::vector<VarType> types;
};
} // namespace

/// Adds the names a loop body turned out to change (written through another
/// name) to what the loop carries.
static bool carryMore(llvm::ArrayRef<std::string> more,
                      llvm::StringMap<Val> &before, Carried &carried) {
  for (const std::string &n : more) {
    std::string why;
    std::optional<VarType> t = mergeTypes(before[n], before[n], why);
    if (!t)
      return false;
    carried.names.push_back(n);
    carried.types.push_back(*t);
  }
  return true;
}

/// The value before a loop of a variable the loop assigns first (and
/// surely, on its first iteration): it is never read, only carried in. A
/// Python scalar or an array that is no view (sizes known only at run time
/// are 0 in the placeholder: the first iteration replaces it); else none (a
/// use after the loop stays an error).
static std::optional<Val> firstIterationPlaceholder(const Val &v, OpBuilder &b,
                                                    Operation *loop) {
  if (v.kind == Val::Lit)
    return v;
  if (v.kind != Val::Array || v.alias || isComplex(v.type.dtype))
    return std::nullopt;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop);
  auto t = cast<RankedTensorType>(v.value.getType());
  Value zero;
  if (!t.hasStaticShape()) {
    llvm::SmallVector<Value> sizes(
        t.getNumDynamicDims(), arith::ConstantIndexOp::create(b, loop->getLoc(), 0));
    zero = tensor::EmptyOp::create(b, loop->getLoc(), t, sizes);
  } else {
    zero = arith::ConstantOp::create(b, loop->getLoc(), cast<TypedAttr>(b.getZeroAttr(t)));
  }
  Val p = Val::array(zero, v.type);
  p.weakRt = v.weakRt;
  p.weak = v.weak;
  return p;
}

/// An i64 scalar from a range() argument.
static std::optional<Value> rangeArg(OpBuilder &b, Location l, const Val &v) {
  if (v.kind == Val::Lit)
    return arith::ConstantIntOp::create(b, l, v.i, 64).getResult();
  Value x = tensor::ExtractOp::create(b, l, v.value, ValueRange{});
  if (x.getType().getIntOrFloatBitWidth() < 64)
    x = arith::ExtSIOp::create(b, l, b.getI64Type(), x);
  return x;
}

static bool exprMentions(const Expr *e, llvm::StringRef name) {
  if (!e)
    return false;
  if (e->kind == ExprKind::Name && e->name == name)
    return true;
  if (exprMentions(e->lhs.get(), name) || exprMentions(e->rhs.get(), name))
    return true;
  for (const ExprPtr &x : e->elts)
    if (exprMentions(x.get(), name))
      return true;
  for (const Keyword &k : e->keywords)
    if (exprMentions(k.value.get(), name))
      return true;
  return false;
}

/// Whether `name` is read anywhere in `body` outside the statement `skip`
/// (a plain `name = ...` target is a write, not a read).
static bool readsName(const std::vector<StmtPtr> &body, llvm::StringRef name,
                      const Stmt *skip) {
  for (const StmtPtr &s : body) {
    if (s.get() == skip)
      continue;
    bool plainTarget = s->target && s->target->kind == ExprKind::Name &&
                       s->kind != StmtKind::AugAssign;
    if (exprMentions(s->value.get(), name) ||
        exprMentions(s->message.get(), name) ||
        (!plainTarget && exprMentions(s->target.get(), name)) ||
        readsName(s->body, name, skip) || readsName(s->orelse, name, skip))
      return true;
  }
  return false;
}

/// The call of a statement `name.append(x)` (one argument, no keywords), or
/// null.
static const Expr *appendCall(const Stmt &s) {
  if (s.kind != StmtKind::Expr || !s.value || s.value->kind != ExprKind::Call)
    return nullptr;
  const Expr &f = *s.value->lhs;
  if (f.kind != ExprKind::Attribute || f.name != "append" ||
      f.lhs->kind != ExprKind::Name || s.value->elts.size() != 1 ||
      !s.value->keywords.empty())
    return nullptr;
  return s.value.get();
}

/// Whether `body` mentions `name` anywhere (read, assigned, a loop target)
/// outside the statement `skip`, or defines a function (which may read it).
static bool mentionedOutside(const std::vector<StmtPtr> &body,
                             llvm::StringRef name, const Stmt *skip) {
  for (const StmtPtr &s : body) {
    if (s.get() == skip)
      continue;
    if (s->kind == StmtKind::FunctionDef || exprMentions(s->value.get(), name) ||
        exprMentions(s->target.get(), name) ||
        exprMentions(s->message.get(), name) ||
        mentionedOutside(s->body, name, skip) ||
        mentionedOutside(s->orelse, name, skip))
      return true;
  }
  return false;
}

/// The lists a range loop's body grows by exactly one item per iteration:
/// one top-level `xs.append(v)` statement (not under an `if`), `xs` not
/// mentioned anywhere else in the body (nor in `v`). Name -> the append.
static llvm::StringMap<const Stmt *>
appendOnceLists(const std::vector<StmtPtr> &body) {
  llvm::StringMap<const Stmt *> out;
  llvm::StringSet<> twice;
  for (const StmtPtr &s : body) {
    const Expr *call = appendCall(*s);
    if (!call)
      continue;
    const std::string &n = call->lhs->lhs->name;
    if (!out.try_emplace(n, s.get()).second)
      twice.insert(n);
  }
  for (auto &t : twice)
    out.erase(t.getKey());
  llvm::SmallVector<std::string> drop;
  for (auto &kv : out)
    if (exprMentions(appendCall(*kv.second)->elts[0].get(), kv.getKey()) ||
        mentionedOutside(body, kv.getKey(), kv.second))
      drop.push_back(kv.getKey().str());
  for (const std::string &n : drop)
    out.erase(n);
  return out;
}

namespace {
/// The enclosing loop's `break`/`continue` flags while an inner loop runs.
struct SavedFlags {
  std::optional<Val> brk, cont;
};
} // namespace

/// A loop starts with its own flags: `$break = False` when its body has a
/// `break` (`$continue` is set at the start of each iteration).
static SavedFlags enterLoopFlags(Scope &sc, const Exits &ex) {
  SavedFlags saved;
  for (auto [name, slot] : {std::pair{kBreak, &saved.brk},
                            std::pair{kContinue, &saved.cont}}) {
    auto it = sc.vars.find(name);
    if (it != sc.vars.end()) {
      *slot = it->second;
      sc.vars.erase(it);
    }
  }
  if (ex.brk)
    sc.vars[kBreak] = Val::boolLit(false);
  return saved;
}

static void leaveLoopFlags(Scope &sc, const SavedFlags &saved) {
  sc.vars.erase(kBreak);
  sc.vars.erase(kContinue);
  if (saved.brk)
    sc.vars[kBreak] = *saved.brk;
  if (saved.cont)
    sc.vars[kContinue] = *saved.cont;
}

/// The hidden variables a loop carries besides the user's.
static void hiddenCarried(const Exits &ex, size_t numResults,
                          std::vector<std::string> &out) {
  if (ex.brk)
    out.push_back(kBreak);
  if (ex.ret) {
    out.push_back(kReturned);
    for (size_t i = 0; i < numResults; ++i)
      out.push_back(resultSlot(i));
  }
}

/// The loop variable of a range loop: the i64 `iv` as a weak 0-d array.
Val Gen::rangeIndexVal(Value iv, Location l) {
  Value t = tensor::FromElementsOp::create(
      b, l, RankedTensorType::get({}, b.getI64Type()), ValueRange{iv});
  Val v = Val::array(t, ArrType{DType::I64, {}});
  v.weakRt = true;
  v.weak = Weak::Int;
  return v;
}

bool Gen::genFor(const Stmt &s) {
  const Expr &it = *s.value;
  if (it.kind != ExprKind::Call || it.lhs->kind != ExprKind::Name ||
      it.lhs->name != "range" || scope->vars.count("range"))
    return fail(it.loc, "only `for i in range(...)` loops are supported yet");
  if (!it.keywords.empty())
    return fail(it.keywords[0].loc, "range() takes no keyword arguments");
  if (it.elts.empty() || it.elts.size() > 3)
    return fail(it.loc, "range expected 1 to 3 arguments, got " +
                            std::to_string(it.elts.size()));
  std::vector<Val> args;
  for (const ExprPtr &a : it.elts) {
    OptVal v = eval(*a);
    if (!v)
      return false;
    bool ok = (v->kind == Val::Lit && v->weak != Weak::Float &&
               v->weak != Weak::Complex) ||
              (v->kind == Val::Array && v->type.rank() == 0 &&
               isInt(v->type.dtype));
    if (!ok)
      return fail(a->loc, "range() arguments must be integer scalars, got " +
                              describeVal(*v));
    // In i64 (an unsigned scalar zero-extends through ndarray.cast).
    args.push_back(v->kind == Val::Array && isUnsigned(v->type.dtype)
                       ? toArray(*v, DType::I64)
                       : *v);
  }
  Val start = Val::intLit(0), stop, step = Val::intLit(1);
  if (args.size() == 1) {
    stop = args[0];
  } else {
    start = args[0];
    stop = args[1];
    if (args.size() == 3)
      step = args[2];
  }
  if (step.kind == Val::Lit && step.i == 0)
    return fail(it.elts[2]->loc, "range() arg 3 must not be zero");
  const std::string &var = s.target->name;
  if (start.kind == Val::Lit && stop.kind == Val::Lit && step.kind == Val::Lit) {
    bool empty = step.i > 0 ? start.i >= stop.i : start.i <= stop.i;
    if (empty)
      return true; // The body never runs.
  }
  Location il = loc(s.loc);
  Value i64Zero = arith::ConstantIntOp::create(b, il, 0, 64);
  Value i64One = arith::ConstantIntOp::create(b, il, 1, 64);
  Value vStart = *rangeArg(b, il, start), vStop = *rangeArg(b, il, stop),
        vStep = *rangeArg(b, il, step);
  if (step.kind != Val::Lit) {
    Value nz = arith::CmpIOp::create(b, il, arith::CmpIPredicate::ne, vStep,
                                     i64Zero);
    std::string msg = file + ":" + std::to_string(it.elts[2]->loc.line) + ":" +
                      std::to_string(it.elts[2]->loc.col) +
                      ": range() arg 3 must not be zero";
    nd::AssertOp::create(b, il, nz, b.getStringAttr(msg));
  }
  // trips = diff <= 0 ? 0 : (diff - 1) / |step| + 1, diff = (stop - start)
  // in the step's direction.
  Value pos = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt, vStep,
                                    i64Zero);
  Value diff = arith::SelectOp::create(
      b, il, pos, arith::SubIOp::create(b, il, vStop, vStart),
      arith::SubIOp::create(b, il, vStart, vStop));
  Value absStep = arith::SelectOp::create(
      b, il, pos, vStep, arith::SubIOp::create(b, il, i64Zero, vStep));
  Value isZeroStep = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq,
                                           absStep, i64Zero);
  absStep = arith::SelectOp::create(b, il, isZeroStep, i64One, absStep);
  Value some = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt, diff,
                                     i64Zero);
  Value q = arith::DivSIOp::create(
      b, il, arith::SubIOp::create(b, il, diff, i64One), absStep);
  Value trips = arith::SelectOp::create(
      b, il, some, arith::AddIOp::create(b, il, q, i64One), i64Zero);

  Exits ex = loopExits(s);
  SavedFlags savedFlags = enterLoopFlags(*scope, ex);
  auto leave = llvm::make_scope_exit([&] { leaveLoopFlags(*scope, savedFlags); });
  // The loop variable keeps its last value after the loop (as in Python)
  // when the loop surely runs, or when the variable had a value before it
  // of a type the loop index can take.
  bool staticTrips = start.kind == Val::Lit && stop.kind == Val::Lit &&
                     step.kind == Val::Lit; // Empty literal ranges left above.
  bool boundBefore = scope->vars.count(var);
  std::string varWhy;
  Val indexType = Val::array(Value(), ArrType{DType::I64, {}}); // Type only.
  indexType.weakRt = true;
  bool carryVar =
      readsName(scope->fn->def->body, var, &s) &&
      (boundBefore ? mergeTypes(scope->vars[var], indexType, varWhy).has_value()
                   : staticTrips);
  if (carryVar && !boundBefore)
    scope->vars[var] = Val::intLit(0); // Overwritten by the first iteration.
  auto loopVarAfter = [&] {
    if (carryVar)
      return true;
    scope->vars.erase(var);
    scope->unbound[var] =
        boundBefore
            ? "the loop variable '" + var + "' (line " +
                  std::to_string(s.loc.line) + ") had another type before the "
                  "loop (" + varWhy + "); use another name to use it after the loop"
            : "the loop variable '" + var + "' is unbound after its loop (line " +
                  std::to_string(s.loc.line) + ") when the loop runs zero times; "
                  "assign it before the loop to use it after";
    return true;
  };
  if (ex.brk || ex.ret) {
    RangeLoop range{var, vStart, vStep, trips, carryVar, s.target->loc};
    return genWhileLoop(s, ex, &range) && loopVarAfter();
  }
  Value ub = arith::IndexCastOp::create(b, il, b.getIndexType(), trips);
  Value lb = arith::ConstantIndexOp::create(b, il, 0);
  Value one = arith::ConstantIndexOp::create(b, il, 1);

  // Carried variables: assigned in the body and bound before the loop.
  std::vector<std::string> assigned;
  llvm::StringMap<SrcLoc> where;
  assignedNames(s.body, assigned, where);
  if (carryVar) {
    llvm::erase(assigned, var);
    assigned.insert(assigned.begin(), var);
    where.insert({var, s.target->loc});
  }
  hiddenCarried(ex, scope->fn->results.size(), assigned);
  llvm::StringSet<> written;
  writtenNames(s.body, written);
  carriedStorage(assigned, written);
  std::string loopWhere = "the loop at line " + std::to_string(s.loc.line);
  Carried carried;
  for (const std::string &n : assigned) {
    if ((n == var && !carryVar) || !scope->vars.count(n))
      continue;
    const Val &v = scope->vars[n];
    std::string why;
    std::optional<VarType> t = mergeTypes(v, v, why);
    if (!t)
      return fail(where[n], "variable '" + n + "' (" + why + ")");
    carried.names.push_back(n);
    carried.types.push_back(*t);
  }
  llvm::StringMap<Val> before = scope->vars;
  llvm::StringMap<std::string> beforeUnbound = scope->unbound;
  llvm::StringMap<DimSource> beforeDims = scope->dims;
  llvm::StringSet<> demote; // names whose target changes by iteration
  llvm::StringSet<> loopDims; // sizes that change by iteration (mergeTypes)
  // A list that gets exactly one item per iteration (appendOnceLists) is
  // allocated once, before the loop, with its final length (its length
  // before the loop plus the trip count), and each iteration writes its item
  // into its slot: no copy of the list so far per append (O(n^2) items for
  // a comprehension). Applied to what genAppend emitted (an scf.if that
  // takes the item as is when the list is empty, else concatenates) once
  // the loop's types have settled; when anything differs (sizes of the
  // items not known before the loop, other uses of the list), the append
  // stays as it is.
  llvm::StringMap<const Stmt *> appendOnce;
  if (!ex.any())
    appendOnce = appendOnceLists(s.body);
  auto preallocate = [&](scf::ForOp forOp, unsigned i, Value &yield) {
    const std::string &n = carried.names[i];
    auto found = appendOnce.find(n);
    const VarType &vt = carried.types[i];
    const ArrType &T = vt.type;
    if (found == appendOnce.end() || !vt.list || vt.emptyList || T.rank() < 1)
      return;
    const Val &init = before[n];
    if (init.kind != Val::Array || !init.list ||
        (!init.emptyList &&
         (init.type.rank() != T.rank() ||
          !std::equal(init.type.dims.begin() + 1, init.type.dims.end(),
                      T.dims.begin() + 1))))
      return;
    Value acc = forOp.getRegionIterArgs()[i];
    auto listType = cast<RankedTensorType>(acc.getType());
    auto strip = [](Value v) {
      while (auto c = v.getDefiningOp<tensor::CastOp>())
        v = c.getSource();
      return v;
    };
    // The casts from the scf.if to the yielded value, each used once.
    llvm::SmallVector<Operation *> chain;
    Value v = yield;
    if (!v.use_empty())
      return;
    while (auto c = v.getDefiningOp<tensor::CastOp>()) {
      chain.push_back(c);
      v = c.getSource();
      if (!v.hasOneUse())
        return;
    }
    auto ifOp = v.getDefiningOp<scf::IfOp>();
    if (!ifOp || ifOp->getNumResults() != 1 ||
        ifOp->getBlock() != forOp.getBody() || ifOp.getElseRegion().empty())
      return;
    auto concat =
        strip(ifOp.elseYield().getOperand(0)).getDefiningOp<nd::ConcatenateOp>();
    if (!concat || concat.getAxis() != 0 || concat.getInputs().size() != 2 ||
        strip(concat.getInputs()[0]) != acc)
      return;
    Value item = concat.getInputs()[1]; // with a leading unit axis
    auto itemType = cast<RankedTensorType>(item.getType());
    if (strip(ifOp.thenYield().getOperand(0)) != item ||
        itemType.getRank() != listType.getRank() ||
        itemType.getDimSize(0) != 1 ||
        itemType.getElementType() != listType.getElementType())
      return;
    // Nothing else reads the list: its length feeds only the scf.if, and
    // the scf.if holds only the append's own work.
    for (Operation *user : acc.getUsers()) {
      if (ifOp->isProperAncestor(user))
        continue;
      auto dim = dyn_cast<tensor::DimOp>(user);
      if (!dim || dim.getConstantIndex() != 0)
        return;
      for (Operation *u : dim->getUsers())
        if (!isa<arith::CmpIOp>(u) ||
            !llvm::all_of(u->getUsers(),
                          [&](Operation *w) { return w == ifOp; }))
          return;
    }
    bool onlyAppend = true;
    ifOp->walk([&](Operation *op) {
      if (op != ifOp && !isMemoryEffectFree(op) &&
          !isa<nd::AssertOp, scf::YieldOp>(op))
        onlyAppend = false;
    });
    if (!onlyAppend)
      return;
    // The sizes of the items' axes from arrays bound before the loop (a
    // named size is one size wherever it appears).
    struct Source {
      Value value;
      int64_t axis;
    };
    llvm::SmallVector<std::optional<Source>> sources(T.rank());
    for (int64_t d = 1; d < T.rank(); ++d) {
      const Dim &D = T.dims[d];
      if (!D.isNamed()) {
        if (!itemType.isDynamicDim(d) && itemType.getDimSize(d) != D.size)
          return;
        continue;
      }
      std::string best;
      for (auto &kv : before) {
        const Val &x = kv.getValue();
        if (kv.getKey() == n || x.kind != Val::Array || !x.value ||
            x.emptyList || (!best.empty() && kv.getKey() >= best) ||
            !Value(x.value).getParentRegion()->isAncestor(forOp->getParentRegion()))
          continue;
        for (auto [a, xd] : llvm::enumerate(x.type.dims))
          if (xd.isNamed() && xd.name == D.name) {
            sources[d] = Source{x.value, static_cast<int64_t>(a)};
            best = kv.getKey().str();
            break;
          }
      }
      if (!sources[d]) {
        auto it = scope->dims.find(D.name);
        if (it == scope->dims.end() || !it->second.value ||
            !it->second.value.getParentRegion()->isAncestor(
                forOp->getParentRegion()))
          return;
        sources[d] = Source{it->second.value, it->second.axis};
      }
    }
    const Expr &call = *appendCall(*found->second);
    Location l = loc(call.loc);
    OpBuilder::InsertionGuard guard(b);
    // Before the loop: the list with room for every item, its items so
    // far in front. One allocation, no scf.if (bufferization would give its
    // result a strided layout, and the list's readers a copy of it): a list
    // that came in as `[]` and gets no item keeps its placeholder's sizes
    // (selected), one that had items is copied whole.
    b.setInsertionPoint(forOp);
    Value start = forOp.getInitArgs()[i];
    Value k = tensor::DimOp::create(b, l, start, 0);
    Value total = arith::AddIOp::create(b, l, k, forOp.getUpperBound());
    llvm::SmallVector<Value> sizes{total};
    for (int64_t d = 1; d < T.rank(); ++d)
      sizes.push_back(sources[d] ? tensor::DimOp::create(b, l, sources[d]->value,
                                                         sources[d]->axis)
                                       .getResult()
                                 : arith::ConstantIndexOp::create(
                                       b, l, T.dims[d].size)
                                       .getResult());
    llvm::SmallVector<Value> dynSizes;
    Value never;
    if (init.emptyList)
      never = arith::CmpIOp::create(
          b, l, arith::CmpIPredicate::eq, forOp.getUpperBound(),
          arith::ConstantIndexOp::create(b, l, 0));
    for (int64_t d = 0; d < listType.getRank(); ++d) {
      if (!listType.isDynamicDim(d))
        continue;
      Value size = sizes[d];
      if (never && d > 0)
        size = arith::SelectOp::create(
            b, l, never, tensor::DimOp::create(b, l, start, d), size);
      dynSizes.push_back(size);
    }
    Value room = tensor::EmptyOp::create(b, l, listType, dynSizes);
    llvm::SmallVector<OpFoldResult> offsets(T.rank(), b.getIndexAttr(0)),
        strides(T.rank(), b.getIndexAttr(1));
    // `[]` before the loop (emptyList's placeholder) has no items to copy.
    if (!init.emptyList) {
      llvm::SmallVector<OpFoldResult> startSizes;
      for (int64_t d = 0; d < listType.getRank(); ++d)
        startSizes.push_back(
            listType.isDynamicDim(d)
                ? OpFoldResult(tensor::DimOp::create(b, l, start, d).getResult())
                : OpFoldResult(b.getIndexAttr(listType.getDimSize(d))));
      room = tensor::InsertSliceOp::create(b, l, start, room, offsets,
                                           startSizes, strides);
    }
    forOp.getInitArgsMutable()[i].assign(room);
    // In the loop: item j into slot k + j, after the check that the
    // append's concatenation made (NumPy's message).
    // The append's concatenation checked at run time those item sizes that
    // the frontend could not prove equal to the list's (different names):
    // where it checked none, the slot (its offset and sizes) is computed at
    // the top of the body from the sizes before the loop, so that the op
    // computing the item can write into it (eliminate-empty-tensors). Else
    // the same checks (NumPy's message) come first, and the slot takes the
    // item's own sizes: an insert whose sizes differ from its source's would
    // be undefined, and the item's write into the slot would assume them
    // equal (folding the check away).
    bool proven = true;
    ifOp.getElseRegion().walk([&](nd::AssertOp) { proven = false; });
    b.setInsertionPointToStart(forOp.getBody());
    llvm::SmallVector<OpFoldResult> itemOffsets(T.rank(), b.getIndexAttr(0)),
        itemSizes{b.getIndexAttr(1)};
    itemOffsets[0] =
        arith::AddIOp::create(b, l, k, forOp.getInductionVar()).getResult();
    if (proven)
      for (int64_t d = 1; d < T.rank(); ++d)
        itemSizes.push_back(
            itemType.isDynamicDim(d)
                ? OpFoldResult(sizes[d])
                : OpFoldResult(b.getIndexAttr(itemType.getDimSize(d))));
    b.setInsertionPoint(ifOp);
    for (int64_t d = 1; !proven && d < T.rank(); ++d) {
      if (!itemType.isDynamicDim(d)) {
        itemSizes.push_back(b.getIndexAttr(itemType.getDimSize(d)));
        if (!listType.isDynamicDim(d))
          continue;
      }
      Value got = itemType.isDynamicDim(d)
                      ? tensor::DimOp::create(b, l, item, d).getResult()
                      : arith::ConstantIndexOp::create(b, l,
                                                       itemType.getDimSize(d))
                            .getResult();
      if (itemType.isDynamicDim(d))
        itemSizes.push_back(got);
      Value want = arith::IndexCastOp::create(b, l, b.getI64Type(), sizes[d]);
      Value have = arith::IndexCastOp::create(b, l, b.getI64Type(), got);
      assertEqual(want, have, call.loc,
                  this->where(call.loc) +
                      "all the input array dimensions except for the "
                      "concatenation axis must match exactly, but along "
                      "dimension " + std::to_string(d) +
                      ", the array at index 0 has size {0} and the array at "
                      "index 1 has size {1}",
                  {want, have});
    }
    // The item itself, not its unit-axis reshape, when the reshape only
    // puts that axis in front (a rank-reducing insert): then the op that
    // computes the item can write into the slot (eliminate-empty-tensors).
    Value source = item;
    if (auto r = item.getDefiningOp<nd::ReshapeOp>()) {
      auto in = cast<RankedTensorType>(r.getInput().getType());
      bool front = in.getRank() + 1 == itemType.getRank();
      auto dyn = r.getDynamicDims().begin();
      for (int64_t d = 0; front && d < in.getRank(); ++d) {
        if (!itemType.isDynamicDim(d + 1)) {
          front = !in.isDynamicDim(d) &&
                  in.getDimSize(d) == itemType.getDimSize(d + 1);
          continue;
        }
        auto dim = (*dyn++).getDefiningOp<tensor::DimOp>();
        front = dim && dim.getSource() == r.getInput() &&
                dim.getConstantIndex() == d;
      }
      if (front)
        source = r.getInput();
    }
    Value put = tensor::InsertSliceOp::create(b, l, source, acc, itemOffsets,
                                              itemSizes, strides);
    yield = put;
    for (Operation *c : chain)
      c->erase();
    llvm::SmallVector<Operation *> lengths;
    for (Operation *user : acc.getUsers())
      if (isa<tensor::DimOp>(user) && !ifOp->isProperAncestor(user))
        lengths.push_back(user);
    ifOp.erase();
    for (Operation *dim : lengths) {
      for (Operation *u : llvm::make_early_inc_range(dim->getUsers()))
        if (u->use_empty())
          u->erase();
      if (dim->use_empty())
        dim->erase();
    }
  };
  for (int attempt = 0;; ++attempt) {
    enterLoopAliases(before, demote, s.loc, loopWhere);
    llvm::SmallVector<Value> inits;
    for (auto [n, t] : llvm::zip(carried.names, carried.types))
      inits.push_back(carriedValue(before[n], t.type, il));
    auto forOp = scf::ForOp::create(b, il, lb, ub, one, inits);
    // A carried value the body never changes leaves the loop as it came in
    // (a slot only read: not a write to the parameter it holds).
    llvm::SmallVector<bool> unchanged(inits.size(), false);
    Block *body = forOp.getBody();
    {
      OpBuilder::InsertionGuard guard(b);
      if (!body->empty() && isa<scf::YieldOp>(body->back()))
        body->back().erase();
      b.setInsertionPointToEnd(body);
      scope->vars = before;
      for (auto [i, n] : llvm::enumerate(carried.names)) {
        Val v = Val::array(forOp.getRegionIterArgs()[i], carried.types[i].type);
        v.weakRt = carried.types[i].weakRt;
        v.weak = carried.types[i].weak;
        v.list = carried.types[i].list;
        v.emptyList = carried.types[i].emptyList;
        scope->vars[n] = v;
      }
      Value k = arith::IndexCastOp::create(b, il, b.getI64Type(),
                                           forOp.getInductionVar());
      Value iv = arith::AddIOp::create(
          b, il, vStart, arith::MulIOp::create(b, il, k, vStep));
      scope->vars[var] = rangeIndexVal(iv, il);
      scope->unbound.erase(var);
      if (ex.cont)
        scope->vars[kContinue] = Val::boolLit(false);
      if (!genBlock(s.body)) // no `break`/`return` here (genWhileLoop)
        return false;
      // Arrays written through other names, names whose target changed.
      std::vector<std::string> more;
      bool retry = settleLoopAliases(before, carried.names, var, more, demote,
                                     s.loc, loopWhere);
      if (!carryMore(more, before, carried))
        return false;
      // A variable first assigned in a loop that surely runs (a non-empty
      // literal range, no break/continue/return) and read after it keeps
      // its last value, as in Python: carried from a placeholder.
      if (staticTrips && !ex.any()) {
        for (const std::string &n : assigned) {
          if (n == var || before.count(n) || !scope->vars.count(n) ||
              !readsName(scope->fn->def->body, n, &s))
            continue;
          std::optional<Val> init =
              firstIterationPlaceholder(scope->vars[n], b, forOp);
          std::string why;
          std::optional<VarType> t;
          if (init)
            t = mergeTypes(*init, *init, why);
          if (!t)
            continue;
          before[n] = *init;
          carried.names.push_back(n);
          carried.types.push_back(*t);
        }
      }
      // Merge the exit values with the entry types.
      llvm::SmallVector<Value> yields;
      for (auto [i, n] : llvm::enumerate(carried.names)) {
        if (!scope->vars.count(n) && scope->unbound.count(n))
          return fail(where[n], scope->unbound[n] +
                                    " (a loop carries it to the next iteration)");
        if (i >= forOp.getNumRegionIterArgs()) { // added by carryMore: rebuilt
          retry = true;
          continue;
        }
        const Val &exitV = scope->vars[n];
        Val entry = Val::array(forOp.getRegionIterArgs()[i],
                               carried.types[i].type);
        entry.weakRt = carried.types[i].weakRt;
        entry.weak = carried.types[i].weak;
        entry.list = carried.types[i].list;
        entry.emptyList = carried.types[i].emptyList;
        std::string why;
        std::optional<VarType> t =
            mergeTypes(entry, exitV, why, &freshDims, &loopDims);
        if (!t)
          return fail(where[n], "variable '" + n +
                                    "' changes type in the loop: " + why);
        if (!sameVarType(*t, carried.types[i])) {
          carried.types[i] = *t;
          retry = true;
          continue;
        }
        yields.push_back(carriedValue(exitV, t->type, il));
      }
      if (!retry) {
        for (auto [i, y] : llvm::enumerate(yields))
          preallocate(forOp, i, y);
        scf::YieldOp::create(b, il, yields);
        for (auto [i, y] : llvm::enumerate(yields))
          unchanged[i] = y == forOp.getRegionIterArgs()[i];
      } else if (attempt >= 8) {
        return fail(s.loc, "the types of the loop's variables do not settle");
      }
      if (retry) {
        scope->vars = before;
        scope->unbound = beforeUnbound;
        scope->dims = beforeDims;
        forOp.erase();
        continue;
      }
    }
    scope->vars = before;
    scope->unbound = beforeUnbound;
    scope->dims = beforeDims;
    for (auto [i, n] : llvm::enumerate(carried.names)) {
      Val v = Val::array(unchanged[i] ? inits[i] : forOp.getResult(i),
                         carried.types[i].type);
      v.weakRt = carried.types[i].weakRt;
      v.weak = carried.types[i].weak;
      v.list = carried.types[i].list;
      v.emptyList = carried.types[i].emptyList;
      scope->vars[n] = v;
    }
    refreshViews(s.loc);
    // The loop may run zero times: names whose target it changes stay
    // ambiguous after it.
    for (auto &d : demote)
      if (scope->vars.count(d.getKey()))
        markLost(d.getKey(), Val(), loopWhere);
    break;
  }
  for (const std::string &n : assigned) {
    if (n == var || before.count(n))
      continue;
    scope->vars.erase(n);
    scope->unbound[n] = "variable '" + n + "' is first assigned inside the "
                        "loop at line " + std::to_string(s.loc.line) +
                        "; assign it before the loop to use it after";
  }
  return loopVarAfter();
}

/// The i1 condition of a `while` in its `before` region. With a `break` or
/// `return` in the body the flags are tested first and the user's condition
/// is evaluated only when they are clear (it may read out of bounds once the
/// loop has decided to stop). Sets `never` for a literal false condition.
std::optional<Value> Gen::whileCondition(const Stmt &s, const Exits &ex,
                                         bool &never, Value rangeCond) {
  Location il = loc(s.loc);
  auto userCond = [&]() -> std::optional<Value> {
    if (rangeCond) // A range loop: its counter below the trip count.
      return rangeCond;
    OptVal c = eval(*s.value);
    if (!c)
      return std::nullopt;
    if (std::optional<bool> st = staticTruth(*c)) {
      if (!*st) {
        never = true;
        return std::nullopt;
      }
      if (!ex.brk && !ex.ret) {
        err(s.value->loc, "this 'while' condition is always true and the "
                          "body has no 'break' or 'return': an endless loop");
        return std::nullopt;
      }
    }
    return condition(*c, s.value->loc, "'while'");
  };
  if (!ex.brk && !ex.ret)
    return userCond();
  OptVal go = stillRunning(s.loc);
  if (!go)
    return std::nullopt;
  std::optional<Value> goI1 = condition(*go, s.loc, "'while'");
  if (!goI1)
    return std::nullopt;
  auto ifOp = scf::IfOp::create(b, il, TypeRange{b.getI1Type()}, *goI1,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(ifOp.thenBlock());
  clearExitFlags();
  std::optional<Value> c = userCond();
  if (!c)
    return std::nullopt;
  scf::YieldOp::create(b, il, *c);
  b.setInsertionPointToEnd(ifOp.elseBlock());
  scf::YieldOp::create(b, il,
                       arith::ConstantIntOp::create(b, il, 0, 1).getResult());
  return ifOp.getResult(0);
}

bool Gen::genWhile(const Stmt &s) {
  Exits ex = loopExits(s);
  SavedFlags savedFlags = enterLoopFlags(*scope, ex);
  auto leave = llvm::make_scope_exit([&] { leaveLoopFlags(*scope, savedFlags); });
  return genWhileLoop(s, ex, nullptr);
}

/// A `while` loop, or a range loop (`range` set) whose body may `break` or
/// `return`: that one stops at the first iteration that sets a flag instead
/// of running the remaining ones as no-ops (on the GPU each of those would
/// still launch its guard and read the flag back). Its i64 counter is an
/// extra value the loop carries after the user's.
bool Gen::genWhileLoop(const Stmt &s, const Exits &ex, const RangeLoop *range) {
  Location il = loc(s.loc);
  std::vector<std::string> assigned;
  llvm::StringMap<SrcLoc> where;
  assignedNames(s.body, assigned, where);
  if (range && range->carryVar) {
    llvm::erase(assigned, range->var);
    assigned.insert(assigned.begin(), range->var);
    where.insert({range->var, range->varLoc});
  }
  hiddenCarried(ex, scope->fn->results.size(), assigned);
  llvm::StringSet<> written;
  writtenNames(s.body, written);
  carriedStorage(assigned, written);
  std::string loopWhere = "the loop at line " + std::to_string(s.loc.line);
  Carried carried;
  for (const std::string &n : assigned) {
    if ((range && n == range->var && !range->carryVar) || !scope->vars.count(n))
      continue;
    const Val &v = scope->vars[n];
    std::string why;
    std::optional<VarType> t = mergeTypes(v, v, why);
    if (!t)
      return fail(where[n], "variable '" + n + "' (" + why + ")");
    carried.names.push_back(n);
    carried.types.push_back(*t);
  }
  llvm::StringMap<Val> before = scope->vars;
  llvm::StringMap<std::string> beforeUnbound = scope->unbound;
  llvm::StringMap<DimSource> beforeDims = scope->dims;
  auto bind = [&](Block *blk) {
    scope->vars = before;
    scope->unbound = beforeUnbound;
    for (auto [i, n] : llvm::enumerate(carried.names)) {
      Val v = Val::array(blk->getArgument(i), carried.types[i].type);
      v.weakRt = carried.types[i].weakRt;
      v.weak = carried.types[i].weak;
      v.list = carried.types[i].list;
      v.emptyList = carried.types[i].emptyList;
      scope->vars[n] = v;
    }
  };
  auto restore = [&] {
    scope->vars = before;
    scope->unbound = beforeUnbound;
    scope->dims = beforeDims;
  };
  llvm::StringSet<> demote; // names whose target changes by iteration
  llvm::StringSet<> loopDims; // sizes that change by iteration (mergeTypes)
  for (int attempt = 0;; ++attempt) {
    enterLoopAliases(before, demote, s.loc, loopWhere);
    llvm::SmallVector<Value> inits;
    llvm::SmallVector<Type> types;
    llvm::SmallVector<Location> locs;
    for (auto [n, t] : llvm::zip(carried.names, carried.types)) {
      inits.push_back(carriedValue(before[n], t.type, il));
      types.push_back(inits.back().getType());
      locs.push_back(il);
    }
    size_t numCarried = carried.names.size(); // before carryMore adds any
    if (range) {
      inits.push_back(arith::ConstantIntOp::create(b, il, 0, 64));
      types.push_back(b.getI64Type());
      locs.push_back(il);
    }
    auto whileOp = scf::WhileOp::create(b, il, types, inits);
    llvm::SmallVector<bool> unchanged(inits.size(), false); // as in genFor
    bool retry = false;
    {
      OpBuilder::InsertionGuard guard(b);
      Block *cb = b.createBlock(&whileOp.getBefore(), {}, types, locs);
      bind(cb);
      bool never = false;
      Value rangeCond;
      if (range)
        rangeCond = arith::CmpIOp::create(b, il, arith::CmpIPredicate::slt,
                                          cb->getArgument(numCarried),
                                          range->trips);
      std::optional<Value> cond = whileCondition(s, ex, never, rangeCond);
      if (!cond && !never)
        return false;
      if (never) { // `while False:` never runs: drop the loop.
        restore();
        b.setInsertionPoint(whileOp);
        whileOp.erase();
        return true;
      }
      scf::ConditionOp::create(b, il, *cond, cb->getArguments());

      Block *ab = b.createBlock(&whileOp.getAfter(), {}, types, locs);
      bind(ab);
      clearExitFlags(); // The condition held, so no flag is set here.
      if (ex.cont)
        scope->vars[kContinue] = Val::boolLit(false);
      Value counter;
      if (range) { // i = start + k * step
        counter = ab->getArgument(numCarried);
        Value iv = arith::AddIOp::create(
            b, il, range->start,
            arith::MulIOp::create(b, il, counter, range->step));
        scope->vars[range->var] = rangeIndexVal(iv, il);
        scope->unbound.erase(range->var);
      }
      if (!genBlock(s.body))
        return false;
      std::vector<std::string> more;
      retry = settleLoopAliases(before, carried.names, range ? range->var : "",
                                more, demote, s.loc, loopWhere);
      if (!carryMore(more, before, carried))
        return false;
      llvm::SmallVector<Value> yields;
      for (auto [i, n] : llvm::enumerate(carried.names)) {
        if (!scope->vars.count(n) && scope->unbound.count(n))
          return fail(where[n], scope->unbound[n] +
                                    " (a loop carries it to the next iteration)");
        if (i >= numCarried) { // added by carryMore: rebuilt
          retry = true;
          continue;
        }
        const Val &exitV = scope->vars[n];
        Val entry = Val::array(ab->getArgument(i), carried.types[i].type);
        entry.weakRt = carried.types[i].weakRt;
        entry.weak = carried.types[i].weak;
        entry.list = carried.types[i].list;
        entry.emptyList = carried.types[i].emptyList;
        std::string why;
        std::optional<VarType> t =
            mergeTypes(entry, exitV, why, &freshDims, &loopDims);
        if (!t)
          return fail(where[n], "variable '" + n +
                                    "' changes type in the loop: " + why);
        if (!sameVarType(*t, carried.types[i])) {
          carried.types[i] = *t;
          retry = true;
          continue;
        }
        yields.push_back(carriedValue(exitV, t->type, il));
      }
      if (range)
        yields.push_back(arith::AddIOp::create(
            b, il, counter, arith::ConstantIntOp::create(b, il, 1, 64)));
      if (!retry) {
        scf::YieldOp::create(b, il, yields);
        for (auto [i, y] : llvm::enumerate(yields))
          unchanged[i] = y == ab->getArgument(i);
      }
    }
    restore();
    if (retry) {
      if (attempt >= 8)
        return fail(s.loc, "the types of the loop's variables do not settle");
      whileOp.erase();
      continue;
    }
    for (auto [i, n] : llvm::enumerate(carried.names)) {
      Val v = Val::array(unchanged[i] ? inits[i] : whileOp.getResult(i),
                         carried.types[i].type);
      v.weakRt = carried.types[i].weakRt;
      v.weak = carried.types[i].weak;
      v.list = carried.types[i].list;
      v.emptyList = carried.types[i].emptyList;
      scope->vars[n] = v;
    }
    refreshViews(s.loc);
    // The loop may run zero times: names whose target it changes stay
    // ambiguous after it.
    for (auto &d : demote)
      if (scope->vars.count(d.getKey()))
        markLost(d.getKey(), Val(), loopWhere);
    break;
  }
  for (const std::string &n : assigned) {
    if ((range && n == range->var) || before.count(n))
      continue;
    scope->vars.erase(n);
    scope->unbound[n] = "variable '" + n + "' is first assigned inside the "
                        "loop at line " + std::to_string(s.loc.line) +
                        "; assign it before the loop to use it after";
  }
  return true;
}
