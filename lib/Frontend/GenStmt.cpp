//===- GenStmt.cpp - simple statements, assignment, return ----------------===//
//
// Expression statements, assignment (plain, annotated, augmented),
// `return`, `assert`, statement blocks, and the structured rewriting of
// `break`/`continue`/`return` inside control flow into hidden flags.
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

bool Gen::genStmt(const Stmt &s, bool &returned) {
  switch (s.kind) {
  case StmtKind::Pass:
    return true;
  case StmtKind::Import:
    return fail(s.loc, "imports must be at the top level");
  case StmtKind::FunctionDef:
    return fail(s.loc, "a nested function is hoisted by the parser; this one "
                       "was not (an internal error)");
  case StmtKind::Expr: {
    if (s.value->kind == ExprKind::String)
      return true; // A docstring.
    if (s.value->kind == ExprKind::Call &&
        s.value->lhs->kind == ExprKind::Attribute &&
        s.value->lhs->name == "append")
      return genAppend(*s.value);
    return eval(*s.value).has_value();
  }
  case StmtKind::Assign: {
    OptVal v = eval(*s.value);
    return v && assign(*s.target, std::move(*v));
  }
  case StmtKind::AnnAssign:
    return genAnnAssign(s);
  case StmtKind::AugAssign:
    return genAugAssign(s);
  case StmtKind::Return:
    returned = true;
    return genReturn(s);
  case StmtKind::If:
  case StmtKind::While:
  case StmtKind::For:
  case StmtKind::Assert:
  case StmtKind::Break:
  case StmtKind::Continue:
    return genCompound(s);
  }
  return fail(s.loc, "unsupported statement");
}

bool Gen::assign(const Expr &target, Val v) {
  switch (target.kind) {
  case ExprKind::Name:
    bindName(target.name, std::move(v));
    return true;
  case ExprKind::Tuple:
  case ExprKind::List: {
    if (v.kind == Val::Array && !v.weakRt && v.type.rank() > 0)
      return unpackArray(target, v);
    if (v.kind != Val::Tuple)
      return fail(target.loc, "cannot unpack " + v.describe() + " into " +
                                  std::to_string(target.elts.size()) +
                                  " names");
    if (v.elts.size() != target.elts.size())
      return fail(target.loc, "cannot unpack " +
                                  std::to_string(v.elts.size()) +
                                  " values into " +
                                  std::to_string(target.elts.size()) +
                                  " names");
    for (auto [t, e] : llvm::zip(target.elts, v.elts))
      if (!assign(*t, e))
        return false;
    return true;
  }
  case ExprKind::Subscript:
    return assignSubscript(target, std::move(v));
  case ExprKind::Attribute:
    return fail(target.loc, "assignment to an attribute is not supported");
  default:
    return fail(target.loc, "cannot assign to this expression");
  }
}

bool Gen::unpackArray(const Expr &target, const Val &v) {
  int64_t n = target.elts.size();
  const Dim &lead = v.type.dims[0];
  if (!lead.isNamed() && lead.size != n)
    return fail(target.loc, lead.size > n ? "too many values to unpack (expected " +
                                                std::to_string(n) + ")"
                                          : "not enough values to unpack (expected " +
                                                std::to_string(n) + ", got " +
                                                std::to_string(lead.size) + ")");
  Val x = v;
  if (lead.isNamed()) {
    Location il = loc(target.loc);
    Value got = sizeI64(x, 0, il);
    Value want = arith::ConstantIntOp::create(b, il, n, 64);
    assertEqual(got, want, target.loc,
                where(target.loc) + "cannot unpack {0} values into {1} names (NumPy's ValueError)",
                {got, want});
  }
  // Each row first, then the bindings: `a, b = b, a`-like reuse of a name
  // in the value cannot see a half-done unpacking.
  std::vector<Val> rows;
  for (int64_t i = 0; i < n; ++i) {
    Expr idx(ExprKind::Int, target.loc);
    idx.intValue = i;
    OptVal row = indexArray(x, idx, target.loc);
    if (!row)
      return false;
    rows.push_back(*row);
  }
  for (auto [t, row] : llvm::zip(target.elts, rows))
    if (!assign(*t, row))
      return false;
  return true;
}

int gen::dtypeKind(DType t) {
  if (t == DType::Bool)
    return 0;
  if (isUnsigned(t))
    return 1;
  if (isInt(t))
    return 2;
  return isFloat(t) ? 3 : 4;
}

/// `x op= y` rebinds `x` to `x op y`; `x[idx] op= y` stores `x[idx] op y`
/// into `x[idx]`, cast to x's dtype with NumPy's 'same_kind' rule.
bool Gen::genAugAssign(const Stmt &s) {
  const Expr &written = *s.target;
  if (written.kind != ExprKind::Name && written.kind != ExprKind::Subscript)
    return fail(written.loc, "augmented assignment needs a variable name or an "
                             "indexed variable as its target");
  // `x op= y` on an array updates it in place, as `x[...] op= y` (NumPy's
  // in-place operator: every alias of x sees it, x keeps its dtype and
  // shape); on a scalar it rebinds x.
  std::unique_ptr<Expr> inPlace;
  if (written.kind == ExprKind::Name) {
    auto it = scope->vars.find(written.name);
    if (it != scope->vars.end() && it->second.kind == Val::Array &&
        !it->second.weakRt && it->second.type.rank() > 0) {
      inPlace = std::make_unique<Expr>(ExprKind::Subscript, written.loc);
      inPlace->lhs = std::make_unique<Expr>(ExprKind::Name, written.loc);
      inPlace->lhs->name = written.name;
      inPlace->rhs = std::make_unique<Expr>(ExprKind::Ellipsis, written.loc);
    }
  }
  const Expr &t = inPlace ? *inPlace : written;
  const OperatorInfo *op = binaryOperator(s.op);
  if (!op || !op->inSource || op->cls == OpClass::Contract)
    return fail(s.loc, "operator '" + s.op + "=' is not supported yet");
  // Python evaluates the subscript's index expressions once, then reads the
  // element, evaluates the value, and stores: pin the indices so that the
  // read and the store use the same ones (`x[randint(0, n)] += 1`).
  SmallVector<const Expr *> indices;
  if (t.kind == ExprKind::Subscript && t.rhs) {
    auto add = [&](const Expr *e) {
      if (e && e->kind != ExprKind::Ellipsis && e->kind != ExprKind::None)
        indices.push_back(e);
    };
    auto addIndex = [&](const Expr *e) {
      if (e && e->kind == ExprKind::Slice)
        for (const ExprPtr &part : e->elts)
          add(part.get());
      else
        add(e);
    };
    // x[i][j] op= y: the indices of every subscript in the chain, in
    // Python's order (i before j).
    SmallVector<const Expr *> chain;
    for (const Expr *sub = &t; sub && sub->kind == ExprKind::Subscript && sub->rhs;
         sub = sub->lhs.get())
      chain.push_back(sub);
    for (const Expr *sub : llvm::reverse(chain)) {
      if (sub->rhs->kind == ExprKind::Tuple)
        for (const ExprPtr &e : sub->rhs->elts)
          addIndex(e.get());
      else
        addIndex(sub->rhs.get());
    }
  }
  auto unpin = llvm::make_scope_exit([&] {
    for (const Expr *e : indices)
      pinned.erase(e);
  });
  for (const Expr *e : indices) {
    OptVal v = eval(*e);
    if (!v)
      return false;
    pinned[e] = *v;
  }
  OptVal cur = eval(t);
  if (!cur)
    return false;
  OptVal rhs = eval(*s.value);
  if (!rhs)
    return false;
  OptVal r = binary(s.op, *cur, *rhs, s.loc);
  if (!r)
    return false;
  // One element (a 0-d target) is stored as NumPy stores a scalar: cast
  // unsafely, so `x[0] += 1.5` truncates in an integer array.
  if (t.kind == ExprKind::Subscript && cur->kind == Val::Array &&
      cur->type.rank() > 0 && r->kind == Val::Array &&
      dtypeKind(r->type.dtype) > dtypeKind(cur->type.dtype))
    return fail(s.loc, "cannot cast ufunc '" + op->ufunc + "' output from " +
                           dtypeName(r->type.dtype) + " to " +
                           dtypeName(cur->type.dtype) +
                           " with casting rule 'same_kind' (NumPy's "
                           "UFuncTypeError for an in-place operation)");
  return assign(t, std::move(*r));
}

/// Whether `e` calls the builtin `load` (bare or through a numpy alias).
static bool isLoadCall(const Expr &e, const llvm::StringSet<> &aliases) {
  if (e.kind != ExprKind::Call)
    return false;
  const Expr &f = *e.lhs;
  if (f.kind == ExprKind::Name)
    return f.name == "load";
  return f.kind == ExprKind::Attribute && f.name == "load" &&
         f.lhs->kind == ExprKind::Name && aliases.contains(f.lhs->name);
}

bool Gen::genAnnAssign(const Stmt &s) {
  if (s.target->kind != ExprKind::Name)
    return fail(s.target->loc, "an annotated assignment needs a single "
                               "variable name as its target");
  auto error = [&](SrcLoc l, const std::string &msg) { err(l, msg); };
  std::optional<ArrType> type = parseTypeAnnotation(*s.annotation, error);
  if (!type)
    return false;
  if (isLoadCall(*s.value, npAliases) &&
      (s.value->lhs->kind != ExprKind::Name || !scope->vars.count("load"))) {
    OptVal v = genLoad(*s.value, *type, s.annotation->loc);
    return v && assign(*s.target, std::move(*v));
  }
  OptVal v = eval(*s.value);
  if (!v || !coerceTo(*v, *type, s.value->loc,
                      "the value assigned to '" + s.target->name + "'"))
    return false;
  return assign(*s.target, std::move(*v));
}

/// Checks `v` against a declared type: dtype and rank exactly, sizes at
/// compile time where both are static and at run time otherwise. A name the
/// annotation introduces (`y: f64[k] = ...` with no `k` in scope) takes the
/// value's size. Weak scalars convert to a scalar declared type as NumPy would.
bool Gen::coerceTo(Val &v, const ArrType &want, SrcLoc l,
                   const llvm::Twine &what) {
  if (v.kind == Val::Lit && want.rank() == 0 &&
      promoteWeak(want.dtype, v.weak) == want.dtype) {
    if (!weakFits(v, want.dtype, l))
      return false;
    v = toArray(v, want.dtype);
    return true;
  }
  auto mismatch = [&] {
    return fail(l, what + " has type " + v.describe() + " but " + want.str() +
                       " is expected");
  };
  if (v.kind != Val::Array || v.type.dtype != want.dtype ||
      v.type.rank() != want.rank())
    return mismatch();
  for (int64_t i = 0; i < (int64_t)want.rank(); ++i) {
    const Dim &w = want.dims[i], &d = v.type.dims[i];
    if (!w.isNamed() && !d.isNamed() && w.size != d.size)
      return mismatch();
  }
  Location il = loc(l);
  std::string whatText = what.str();
  // A name or view of shared storage keeps its value (a retyped value would
  // be a new array, not an alias): sizes are only checked then.
  bool retype = !v.alias || v.alias->value != v.value;
  Val r = v;
  for (int64_t i = 0; i < (int64_t)want.rank(); ++i) {
    const Dim &w = want.dims[i], &d = v.type.dims[i];
    if (d == w)
      continue;
    Value expect;
    std::string named;
    if (!w.isNamed()) {
      expect = arith::ConstantIntOp::create(b, il, w.size, 64);
    } else if (Value n = namedDimValue(w.name, il)) {
      expect = arith::IndexCastOp::create(b, il, b.getI64Type(), n);
      named = " with '" + w.name + "' ({1})";
    } else {
      if (retype) // a new name: this size defines it
        r = withDim(r, i, w, il);
      scope->dims[w.name] = DimSource{r.value, i, whatText};
      continue;
    }
    Value got = sizeI64(v, i, il);
    assertEqual(got, expect, l,
                where(l) + whatText + " has size {0} in dimension " +
                    std::to_string(i) + " where its annotation declares " +
                    want.str() + named,
                {got, expect});
    if (retype)
      r = withDim(r, i, w, il);
  }
  if (retype)
    r.type = want;
  v = r;
  return true;
}

bool Gen::genReturn(const Stmt &s) {
  std::vector<Val> vals;
  if (!returnValues(s, vals))
    return false;
  llvm::SmallVector<Value> outs;
  FuncInfo &fn = *scope->fn;
  fn.returnsParam.clear();
  for (const Val &v : vals) {
    outs.push_back(v.value);
    int param = -1;
    if (hasAlias(v) && v.alias->steps.empty())
      for (size_t i = 0; i < fn.params.size(); ++i)
        if (v.alias->slot == paramSlot(i))
          param = static_cast<int>(i);
    fn.returnsParam.push_back(param);
  }
  emitReturn(s.loc, outs);
  return true;
}

/// The values of `return ...`, checked against (and converted to) the
/// declared result types.
bool Gen::returnValues(const Stmt &s, std::vector<Val> &out) {
  FuncInfo &fn = *scope->fn;
  const std::string &name = fn.def->name;
  if (!s.value) {
    if (!fn.results.empty())
      return fail(s.loc, "'" + name + "' must return " +
                             describeResults(fn.results) +
                             ", but this 'return' has no value");
    return true;
  }
  if (fn.isMain)
    return fail(s.loc, "main() cannot return a value");
  if (fn.results.empty() && !fn.inferResults)
    return fail(s.loc, "'" + name + "' returns a value but its signature "
                                    "declares no result; add `-> type`");
  OptVal v = eval(*s.value);
  if (!v)
    return false;
  std::vector<Val> vals;
  if (fn.results.size() == 1 && v->kind != Val::Tuple)
    vals.push_back(*v);
  else if (v->kind == Val::Tuple)
    vals = v->elts;
  else
    vals.push_back(*v);
  for (const Val &x : vals)
    if (x.list)
      return fail(s.value->loc, "'" + name + "' returns a Python list; "
                                "functions return arrays here: return "
                                "np.array(...) of it");
  if (fn.inferResults) {
    // The first `return` fixes the result types (Python numbers as NumPy
    // makes them: int -> i64, float -> f64, complex -> c128).
    llvm::SmallVector<Type> outs;
    for (Val &val : vals) {
      if (val.kind == Val::Lit)
        val = toArray(val, val.weak == Weak::Bool    ? DType::Bool
                           : val.weak == Weak::Int   ? DType::I64
                           : val.weak == Weak::Float ? DType::F64
                                                     : DType::C128);
      if (val.kind != Val::Array)
        return fail(s.loc, "'" + name + "' returns " + val.describe() +
                               ": only arrays and numbers can be returned");
      fn.results.push_back(val.type);
      outs.push_back(val.type.tensorType(&ctx));
    }
    fn.op.setFunctionType(b.getFunctionType(fn.op.getFunctionType().getInputs(), outs));
    fn.inferResults = false;
  }
  if (vals.size() != fn.results.size())
    return fail(s.loc, "'" + name + "' returns " + std::to_string(vals.size()) +
                           " value(s) here but its signature declares " +
                           std::to_string(fn.results.size()));
  for (auto [i, val] : llvm::enumerate(vals)) {
    const ArrType &want = fn.results[i];
    if (val.kind == Val::Lit && want.rank() == 0 &&
        promoteWeak(want.dtype, val.weak) == want.dtype) {
      if (!weakFits(val, want.dtype, s.loc))
        return false;
      val = toArray(val, want.dtype);
    }
    if (!matchResult(val, want, s.loc)) {
      std::string which =
          vals.size() > 1 ? "result " + std::to_string(i + 1) + " of " : "";
      return fail(s.loc, which + "'" + name + "' has type " + val.describe() +
                             " here but its signature declares " + want.str());
    }
    val.weakRt = false;
    out.push_back(val);
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

/// The i1 truth value of a scalar condition (a 0-d array or a literal).
std::optional<Value> Gen::condition(const Val &v, SrcLoc l,
                                    llvm::StringRef what) {
  Location il = loc(l);
  if (v.kind == Val::Lit)
    return arith::ConstantIntOp::create(b, il, litTruth(v) ? 1 : 0, 1)
        .getResult();
  if (v.kind != Val::Array) {
    err(l, what + " needs a scalar condition, got " + v.describe());
    return std::nullopt;
  }
  if (v.type.rank() != 0) {
    err(l, ambiguous(v, what));
    return std::nullopt;
  }
  Val c = v;
  if (c.type.dtype != DType::Bool) {
    c.weakRt = false;
    OptVal ne = compare("!=", c, Val::intLit(0), l);
    if (!ne)
      return std::nullopt;
    c = *ne;
  }
  return tensor::ExtractOp::create(b, il, c.value, ValueRange{}).getResult();
}

//===----------------------------------------------------------------------===//
// break, continue and return inside control flow
//
// Structured rewriting: `break`, `continue` and `return` set hidden flags
// (variables named `$break`, `$continue`, `$returned`; a `return` also
// stores its values in `$result0`, `$result1`, ...), and the statements
// after one that may have set a flag run under `if not (flags):`. The flags
// are ordinary variables, so `if`/loops carry them like user variables; a
// flag known at compile time stays a literal and its guard folds away.
// A `while` re-tests the flags before its condition; a `for` keeps its
// `scf.for` and guards its body (the remaining iterations do nothing).
//===----------------------------------------------------------------------===//

std::string gen::resultSlot(size_t i) { return "$result" + std::to_string(i); }

static void findExits(const std::vector<StmtPtr> &body, Exits &ex,
                      bool inNestedLoop) {
  for (const StmtPtr &s : body) {
    switch (s->kind) {
    case StmtKind::Break:
      ex.brk |= !inNestedLoop;
      break;
    case StmtKind::Continue:
      ex.cont |= !inNestedLoop;
      break;
    case StmtKind::Return:
      ex.ret = true;
      break;
    case StmtKind::For:
    case StmtKind::While:
      findExits(s->body, ex, true);
      break;
    default:
      findExits(s->body, ex, inNestedLoop);
      findExits(s->orelse, ex, inNestedLoop);
      break;
    }
  }
}

/// The exits that leave statement `s` (for a loop: only `return`).
static Exits exitsOf(const Stmt &s) {
  Exits ex;
  if (s.kind == StmtKind::If) {
    findExits(s.body, ex, false);
    findExits(s.orelse, ex, false);
  } else if (s.kind == StmtKind::For || s.kind == StmtKind::While) {
    findExits(s.body, ex, true);
  }
  return ex;
}

Exits gen::loopExits(const Stmt &loop) {
  Exits ex;
  findExits(loop.body, ex, false);
  return ex;
}

bool gen::hasNestedReturn(const std::vector<StmtPtr> &body) {
  for (const StmtPtr &s : body)
    if (s->kind != StmtKind::Return && exitsOf(*s).ret)
      return true;
  return false;
}

static bool isTrueLiteral(const Expr &e) {
  return (e.kind == ExprKind::Bool && e.boolValue) ||
         (e.kind == ExprKind::Int && e.intValue != 0);
}

static bool isFalseLiteral(const Expr &e) {
  return (e.kind == ExprKind::Bool && !e.boolValue) ||
         (e.kind == ExprKind::Int && e.intValue == 0) || e.kind == ExprKind::None;
}

/// Python would otherwise return None from a path without `return`.
bool gen::alwaysReturns(const std::vector<StmtPtr> &body) {
  for (const StmtPtr &s : body) {
    if (s->kind == StmtKind::Return)
      return true;
    if (s->kind == StmtKind::If && alwaysReturns(s->body) &&
        alwaysReturns(s->orelse))
      return true;
    // A literal condition takes one branch only (`if True: return x`).
    if (s->kind == StmtKind::If && isTrueLiteral(*s->value) && alwaysReturns(s->body))
      return true;
    if (s->kind == StmtKind::If && isFalseLiteral(*s->value) && alwaysReturns(s->orelse))
      return true;
    if (s->kind == StmtKind::While && isTrueLiteral(*s->value) &&
        !loopExits(*s).brk)
      return true; // Leaves only through `return`.
  }
  return false;
}

/// The flags that are set in the current scope.
llvm::SmallVector<llvm::StringRef, 3> Gen::exitFlags() {
  llvm::SmallVector<llvm::StringRef, 3> flags;
  for (const char *f : {kBreak, kContinue, kReturned})
    if (scope->vars.count(f))
      flags.push_back(f);
  return flags;
}

/// `not (break or continue or returned)`: whether the code after an exit
/// still runs. A literal when the flags are known at compile time.
OptVal Gen::stillRunning(SrcLoc l) {
  std::optional<Val> acc;
  for (llvm::StringRef f : exitFlags()) {
    const Val &v = scope->vars[f];
    if (v.kind == Val::Lit) {
      if (litTruth(v))
        return Val::boolLit(false);
      continue; // A flag known to be clear.
    }
    OptVal r = acc ? binary("|", *acc, v, l) : v;
    if (!r)
      return std::nullopt;
    acc = *r;
  }
  if (!acc)
    return Val::boolLit(true);
  return logicalNot(*acc, l);
}

/// Inside code that runs only while no flag is set, the flags are false.
void Gen::clearExitFlags() {
  for (llvm::StringRef f : exitFlags())
    scope->vars[f] = Val::boolLit(false);
}

/// Runs `fn` under `if not (flags):`.
bool Gen::genGuarded(SrcLoc l, llvm::function_ref<bool()> fn) {
  OptVal go = stillRunning(l);
  if (!go)
    return false;
  if (std::optional<bool> st = staticTruth(*go))
    return *st ? fn() : true;
  return genBranches(*go, l, [&] {
    clearExitFlags();
    return fn();
  }, [] { return true; });
}

/// `return` below the top level of a function: the values go to the
/// result slots and `$returned` is set.
bool Gen::genReturnToSlots(const Stmt &s) {
  std::vector<Val> vals;
  if (!returnValues(s, vals))
    return false;
  for (auto [i, v] : llvm::enumerate(vals))
    scope->vars[resultSlot(i)] = v;
  scope->vars[kReturned] = Val::boolLit(true);
  return true;
}

/// Before the body of a function with `return` inside control flow:
/// `$returned = False` and one slot per declared result, initialized to zeros
/// (a path reaching the end without `return` is a compile-time error, so the
/// initial zeros are never returned).
bool Gen::initResultSlots(SrcLoc l) {
  Location il = loc(l);
  scope->vars[kReturned] = Val::boolLit(false);
  for (auto [i, t] : llvm::enumerate(scope->fn->results)) {
    Val zero = toArray(Val::intLit(0), t.dtype);
    llvm::SmallVector<Value> dyn;
    llvm::SmallVector<int64_t> none;
    for (const Dim &d : t.dims)
      if (d.isNamed()) { // A result-only dim: 0 (the slot is never returned).
        Value n = namedDimValue(d.name, il);
        dyn.push_back(n ? n : idx(0));
      }
    Val slot = zero;
    if (t.rank() > 0)
      slot = Val::array(nd::BroadcastInDimOp::create(
                            b, il, t.tensorType(&ctx), zero.value,
                            b.getDenseI64ArrayAttr(none), dyn),
                        t);
    scope->vars[resultSlot(i)] = slot;
  }
  return true;
}

bool Gen::genBlock(const std::vector<StmtPtr> &body, size_t from) {
  for (size_t i = from; i < body.size(); ++i) {
    const Stmt &s = *body[i];
    if (s.kind == StmtKind::Break || s.kind == StmtKind::Continue) {
      const char *flag = s.kind == StmtKind::Break ? kBreak : kContinue;
      if (!scope->vars.count(flag))
        return fail(s.loc, s.kind == StmtKind::Break
                               ? "'break' outside loop"
                               : "'continue' not properly in loop");
      scope->vars[flag] = Val::boolLit(true);
      return true; // The rest of the block never runs.
    }
    if (s.kind == StmtKind::Return)
      return genReturnToSlots(s);
    bool returned = false;
    if (!genStmt(s, returned))
      return false;
    if (i + 1 < body.size() && exitsOf(s).any())
      return genGuarded(s.loc, [&] { return genBlock(body, i + 1); });
  }
  return true;
}

bool Gen::genCompound(const Stmt &s) {
  switch (s.kind) {
  case StmtKind::If:
    return genIf(s);
  case StmtKind::For:
    return genFor(s);
  case StmtKind::While:
    return genWhile(s);
  case StmtKind::Assert:
    return genAssert(s);
  case StmtKind::Break:
    return fail(s.loc, "'break' outside loop");
  case StmtKind::Continue:
    return fail(s.loc, "'continue' not properly in loop");
  default:
    return fail(s.loc, "unsupported statement");
  }
}

bool Gen::genAssert(const Stmt &s) {
  OptVal c = eval(*s.value);
  if (!c)
    return false;
  std::string text;
  if (s.message) {
    if (s.message->kind != ExprKind::String)
      return fail(s.message->loc, "the message of 'assert' must be a string "
                                  "literal");
    text = s.message->name;
  }
  if (c->kind == Val::Lit && litTruth(*c))
    return true;
  std::optional<Value> cond = condition(*c, s.value->loc, "'assert'");
  if (!cond)
    return false;
  std::string msg = file + ":" + std::to_string(s.loc.line) + ":" +
                    std::to_string(s.loc.col) + ": AssertionError" +
                    (text.empty() ? "" : ": " + text);
  nd::AssertOp::create(b, loc(s.loc), *cond, b.getStringAttr(msg));
  return true;
}
