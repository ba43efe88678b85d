//===- GenAlias.cpp - NumPy's reference semantics -------------------------===//
//
// Arrays are values (tensors) in the IR; names and views follow NumPy's
// reference semantics on top of them, as PyTorch's functionalization does:
//
// - A name bound to an array that nothing else shares holds the array's
//   value directly (a "plain" variable). Reading it gives a value that
//   remembers the variable (AliasRef::var).
// - Binding a second name to it, or a view of it (`b = a`, `v = a[1:-1]`,
//   `t = a.T`, `r = a.reshape(...)`), moves the array into a storage slot,
//   a hidden variable `$sN`; every such name then refers to the slot plus
//   the view steps from it. Parameter i's array lives in the slot `$pi`.
// - Reading a name derives its value from the slot's current contents;
//   writing through any name (`b[0] = 1`, `v[...] = 0`) computes the slot's
//   new contents (tensor updates of the windows, in place after
//   bufferization), so every other name sees the write.
// - Slots are variables like any other for if/for/while, which carry the
//   ones a body changes. A name whose target differs between the paths
//   through control flow is demoted to a value; writing through it, or to
//   an array it may share, is a located error (aliasLost, slotLost).
// - A function returns the final contents of each parameter it writes as
//   a hidden result (marked `ndarray.written_arg`), and starts by writing
//   the argument onto itself (`bufferization.materialize_in_destination`) so
//   that bufferization treats its buffer as written; callers write the
//   result back through the argument's name or view, and after
//   bufferization the argument's buffer is simply updated in place
//   (arrayc-drop-written-results).
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

bool ViewStep::operator==(const ViewStep &o) const {
  if (kind != o.kind || !(to == o.to) || dyn != o.dyn || perm != o.perm ||
      win.size() != o.win.size())
    return false;
  for (auto [x, y] : llvm::zip(win, o.win))
    if (x.sStart != y.sStart || x.sSize != y.sSize || x.dStart != y.dStart ||
        x.dSize != y.dSize || x.step != y.step || !(x.dim == y.dim) ||
        x.drop != y.drop)
      return false;
  return true;
}

bool Gen::hasAlias(const Val &v) const {
  return v.kind == Val::Array && !v.weakRt && v.alias && v.alias->value == v.value;
}

Val Gen::readVar(llvm::StringRef name, const Val &v, SrcLoc l) {
  if (v.kind != Val::Array || v.weakRt || v.type.rank() == 0)
    return v;
  auto a = std::make_shared<AliasRef>();
  Val r = v;
  if (v.alias && !v.alias->slot.empty()) {
    *a = *v.alias;
    r = scope->vars.lookup(a->slot);
    r.alias.reset();
    for (const ViewStep &s : a->steps)
      r = deriveStep(r, s, l);
  } else {
    a->var = name.str();
    a->rootValue = v.value;
    a->rootType = v.type;
  }
  a->value = r.value;
  r.alias = std::move(a);
  return r;
}

Val Gen::deriveStep(const Val &base, const ViewStep &step, SrcLoc l) {
  Val r;
  switch (step.kind) {
  case ViewStep::Window:
    r = emitSlice(base, step.win, l);
    break;
  case ViewStep::Reshape:
    r = reshapeTo(base, step.to, step.dyn, l);
    break;
  case ViewStep::Transpose:
    r = transposeVal(base, step.perm, l);
    break;
  }
  r.alias.reset();
  return r;
}

Val Gen::undoStep(const Val &base, const ViewStep &step, const Val &view, SrcLoc l) {
  Location il = loc(l);
  switch (step.kind) {
  case ViewStep::Window:
    return Val::array(updateWindow(base, step.win, view.value, il), base.type);
  case ViewStep::Reshape: {
    llvm::SmallVector<Value> dyn;
    for (int64_t d = 0; d < (int64_t)base.type.rank(); ++d)
      if (base.type.dims[d].isNamed())
        dyn.push_back(tensor::DimOp::create(b, il, base.value, d));
    Val r = reshapeTo(view, base.type, dyn, l);
    r.alias.reset();
    return r;
  }
  case ViewStep::Transpose: {
    llvm::SmallVector<int64_t> inv(step.perm.size());
    for (auto [i, p] : llvm::enumerate(step.perm))
      inv[p] = i;
    Val r = transposeVal(view, inv, l);
    r.alias.reset();
    return r;
  }
  }
  return base;
}

Value Gen::updateWindow(const Val &base, llvm::ArrayRef<WinDim> win, Value x,
                        Location l) {
  llvm::SmallVector<int64_t> ss, sz, st;
  llvm::SmallVector<Value> ds, dz;
  for (const WinDim &w : win) {
    ss.push_back(w.sStart);
    sz.push_back(w.sSize);
    st.push_back(w.step);
    if (w.sStart == ShapedType::kDynamic)
      ds.push_back(w.dStart);
    if (w.sSize == ShapedType::kDynamic)
      dz.push_back(w.dSize);
  }
  return nd::UpdateSliceOp::create(b, l, base.value.getType(), base.value, x, ds, dz,
                                   b.getDenseI64ArrayAttr(ss),
                                   b.getDenseI64ArrayAttr(sz),
                                   b.getDenseI64ArrayAttr(st));
}

Val Gen::viewOf(const Val &base, Val view, ViewStep step) {
  if (!hasAlias(base) || view.kind != Val::Array || view.type.rank() == 0) {
    view.alias.reset();
    return view;
  }
  auto a = std::make_shared<AliasRef>(*base.alias);
  step.from = base.type;
  if (view.value != base.value)
    a->steps.push_back(std::move(step));
  a->value = view.value;
  view.alias = std::move(a);
  return view;
}

bool Gen::contiguousView(const Val &v) const {
  if (!hasAlias(v))
    return false;
  for (const ViewStep &s : v.alias->steps) {
    if (s.kind == ViewStep::Transpose)
      return false;
    if (s.kind != ViewStep::Window)
      continue;
    // Contiguous: leading dims of one element, then one range with step 1,
    // then whole dims. Only what is known at compile time counts (else a
    // copy, as NumPy's reshape of a view it cannot reshape in place).
    bool ranged = false;
    for (auto [d, w] : llvm::enumerate(s.win)) {
      bool whole = !w.drop && w.step == 1 && w.sStart == 0 && w.dim == s.from.dims[d];
      if (!ranged) {
        if (w.drop || w.sSize == 1)
          continue;
        if (w.step != 1)
          return false;
        ranged = true;
        continue;
      }
      if (!whole)
        return false;
    }
  }
  return true;
}

Val Gen::copyOf(const Val &v, SrcLoc l) {
  if (v.kind != Val::Array || v.type.rank() == 0) {
    Val r = v;
    r.alias.reset();
    return r;
  }
  auto type = cast<RankedTensorType>(v.value.getType());
  Value c = bufferization::AllocTensorOp::create(b, loc(l), type, ValueRange{}, v.value);
  Val r = Val::array(c, v.type);
  return r;
}

Val Gen::transposeView(const Val &a, llvm::ArrayRef<int64_t> perm, SrcLoc l) {
  ViewStep s;
  s.kind = ViewStep::Transpose;
  s.perm.assign(perm.begin(), perm.end());
  return viewOf(a, transposeVal(a, perm, l), std::move(s));
}

Val Gen::reshapeView(const Val &a, Val r, bool always) {
  if (!always && !contiguousView(a)) {
    r.alias.reset();
    return r;
  }
  ViewStep s;
  s.kind = ViewStep::Reshape;
  s.to = r.type;
  for (int64_t d = 0; d < (int64_t)r.type.rank(); ++d)
    if (r.type.dims[d].isNamed())
      s.dyn.push_back(tensor::DimOp::create(b, r.value.getLoc(), r.value, d));
  return viewOf(a, std::move(r), std::move(s));
}

std::string Gen::ensureSlot(const AliasRef &a) {
  if (!a.slot.empty())
    return a.slot;
  if (auto it = slotOfRoot.find(a.rootValue);
      it != slotOfRoot.end() && scope->vars.count(it->second))
    return it->second;
  std::string s = "$s" + std::to_string(freshSlots++);
  slotOfRoot[a.rootValue] = s;
  Val root = Val::array(a.rootValue, a.rootType);
  scope->vars[s] = root;
  auto it = scope->vars.find(a.var);
  if (it != scope->vars.end() && it->second.kind == Val::Array &&
      it->second.value == a.rootValue &&
      !(it->second.alias && !it->second.alias->slot.empty())) {
    auto r = std::make_shared<AliasRef>();
    r->slot = s;
    r->value = root.value;
    Val nv = root;
    nv.alias = std::move(r);
    it->second = nv;
    if (aliasLost.count(a.var))
      slotLost[s] = a.var;
  }
  return s;
}

void Gen::bindName(llvm::StringRef name, Val v) {
  std::string lost;
  if (hasAlias(v)) {
    const AliasRef &a = *v.alias;
    if (!a.var.empty() && aliasLost.count(a.var))
      lost = aliasLost[a.var];
    if (!a.slot.empty() && slotLost.count(a.slot) && aliasLost.count(slotLost[a.slot]))
      lost = aliasLost[slotLost[a.slot]];
  }
  aliasLost.erase(name);
  if (!lost.empty())
    aliasLost[name] = lost;
  // `x = x` (also `x = f(x)` where f returns its argument): x stays a plain
  // variable, no storage slot is needed for one name.
  bool self = hasAlias(v) && v.alias->slot.empty() && v.alias->var == name &&
              v.alias->steps.empty();
  if (!hasAlias(v) || self) {
    v.alias.reset();
    scope->vars[name] = std::move(v);
    return;
  }
  auto r = std::make_shared<AliasRef>(*v.alias);
  r->slot = ensureSlot(*v.alias);
  r->var.clear();
  r->value = v.value;
  v.alias = std::move(r);
  scope->vars[name] = std::move(v);
}

bool Gen::writeThrough(const Val &target, const Val &updated, SrcLoc l) {
  if (!hasAlias(target))
    return fail(l, "cannot assign into " + target.describe() +
                       ": it is a temporary value, not a variable or a view "
                       "of one (the write would be lost)");
  const AliasRef &a = *target.alias;
  if (llvm::StringRef(a.slot).starts_with(kModuleSlotPrefix))
    return fail(l, "cannot write to the module-level array '" +
                       a.slot.substr(kModuleSlotPrefix.size()) +
                       "': arrayc evaluates a module-level array in each function "
                       "that reads it, so the write would not be seen elsewhere; make "
                       "it in main() and pass it to the functions that write it");
  if (!a.var.empty() && aliasLost.count(a.var))
    return fail(l, aliasLost[a.var]);
  if (!a.slot.empty() && slotLost.count(a.slot)) {
    // A name that may share this array, while it is still bound as such.
    std::string other = slotLost[a.slot];
    if (aliasLost.count(other) && scope->vars.count(other))
      return fail(l, aliasLost[other]);
  }
  Val root;
  if (!a.slot.empty()) {
    root = scope->vars.lookup(a.slot);
  } else {
    auto it = scope->vars.find(a.var);
    if (it == scope->vars.end() || it->second.value != a.rootValue ||
        (it->second.alias && !it->second.alias->slot.empty()))
      return true; // A view of an array no name holds any more.
    root = it->second;
  }
  root.alias.reset();
  std::vector<Val> ts{root};
  for (const ViewStep &s : a.steps)
    ts.push_back(deriveStep(ts.back(), s, l));
  Val cur = updated;
  cur.alias.reset();
  for (size_t k = a.steps.size(); k-- > 0;)
    cur = undoStep(ts[k], a.steps[k], cur, l);
  Val stored = Val::array(cur.value, root.type);
  if (!a.slot.empty()) {
    scope->vars[a.slot] = stored;
  } else {
    aliasLost.erase(a.var);
    scope->vars[a.var] = stored;
  }
  return true;
}

void Gen::refreshViews(SrcLoc l) {
  llvm::SmallVector<std::string> names;
  for (auto &kv : scope->vars)
    if (kv.second.kind == Val::Array && kv.second.alias &&
        !kv.second.alias->slot.empty() && !kv.getKey().starts_with("$"))
      names.push_back(kv.getKey().str());
  for (const std::string &n : names) {
    Val v = scope->vars[n];
    if (!scope->vars.count(v.alias->slot))
      continue;
    scope->vars[n] = readVar(n, v, l);
  }
}

Val Gen::plainValue(const Val &v, const llvm::StringMap<Val> &vars, SrcLoc l) {
  if (v.kind != Val::Array || !v.alias || v.alias->slot.empty()) {
    Val r = v;
    r.alias.reset();
    return r;
  }
  Val r = vars.lookup(v.alias->slot);
  r.alias.reset();
  for (const ViewStep &s : v.alias->steps)
    r = deriveStep(r, s, l);
  return r;
}

bool Gen::isViewExpr(const Expr &e) const {
  switch (e.kind) {
  case ExprKind::Name:
  case ExprKind::Subscript:
    return true;
  case ExprKind::Attribute:
    return e.name == "T";
  case ExprKind::Call: {
    const Expr &f = *e.lhs;
    // A ufunc given `out=` returns that array (Gen::ufuncWithOut).
    if (llvm::any_of(e.keywords, [](const Keyword &k) { return k.name == "out"; }))
      return true;
    // A function of the module that returns an argument's array as it is
    // (FuncInfo::returnsParam): the call's value is that array.
    if (f.kind == ExprKind::Name)
      return funcs.count(f.name) && !scope->vars.count(f.name);
    if (f.kind != ExprKind::Attribute)
      return false;
    bool viaNumpy = f.lhs->kind == ExprKind::Name &&
                    npAliases.contains(f.lhs->name) && !scope->vars.count(f.lhs->name);
    if (viaNumpy)
      return llvm::is_contained({"reshape", "transpose", "ravel", "expand_dims",
                                 "squeeze", "swapaxes", "asarray"},
                                f.name);
    return llvm::is_contained({"reshape", "transpose", "ravel", "swapaxes", "squeeze"},
                              f.name);
  }
  default:
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Parameters, returns and calls
//===----------------------------------------------------------------------===//

std::string gen::paramSlot(size_t i) { return "$p" + std::to_string(i); }

void Gen::bindParams(FuncInfo &fn, Block *entry) {
  for (auto [i, p] : llvm::enumerate(fn.def->params)) {
    Val v = Val::array(entry->getArgument(i), fn.params[i]);
    if (fn.params[i].rank() == 0) {
      scope->vars[p.name] = v;
      continue;
    }
    scope->vars[paramSlot(i)] = v;
    auto a = std::make_shared<AliasRef>();
    a->slot = paramSlot(i);
    a->value = v.value;
    v.alias = std::move(a);
    scope->vars[p.name] = v;
  }
}

void Gen::emitReturn(SrcLoc l, llvm::SmallVector<Value> outs) {
  FuncInfo &fn = *scope->fn;
  Location il = loc(l);
  Block *entry = &fn.op.getBody().front();
  size_t declared = outs.size();
  fn.written.clear();
  for (size_t i = 0; i < fn.params.size(); ++i) {
    auto it = scope->vars.find(paramSlot(i));
    if (it == scope->vars.end())
      continue;
    Value arg = entry->getArgument(i);
    Value cur = it->second.value;
    if (cur == arg)
      continue;
    if (cur.getType() != arg.getType())
      cur = tensor::CastOp::create(b, il, arg.getType(), cur);
    outs.push_back(cur);
    fn.written.push_back(i);
    // The body works on the argument "written onto itself" at entry: then
    // bufferization knows the function writes the argument's buffer (its
    // callers keep a copy where they still need the old contents) and
    // updates it in place; the self-copy folds away.
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(entry);
    auto self = bufferization::MaterializeInDestinationOp::create(b, il, arg, arg);
    arg.replaceAllUsesExcept(self.getResult(), self);
  }
  func::ReturnOp::create(b, il, outs);
  llvm::SmallVector<Type> types;
  for (Value v : outs)
    types.push_back(v.getType());
  fn.op.setFunctionType(b.getFunctionType(fn.op.getFunctionType().getInputs(), types));
  for (auto [k, i] : llvm::enumerate(fn.written))
    fn.op.setResultAttr(declared + k, nd::kWrittenArgAttrName, b.getI64IntegerAttr(i));
}

bool Gen::writeBackArgs(FuncInfo &fn, llvm::StringRef name, const Expr &call,
                        llvm::ArrayRef<const Expr *> argExprs, llvm::ArrayRef<Val> args,
                        Operation *op) {
  if (fn.written.empty())
    return true;
  // Distinct parameters must not share memory when the callee writes one.
  for (size_t i = 0; i < args.size(); ++i) {
    for (size_t j = i + 1; j < args.size(); ++j) {
      if (!hasAlias(args[i]) || !hasAlias(args[j]))
        continue;
      if (args[i].alias->root() != args[j].alias->root())
        continue;
      bool wi = llvm::is_contained(fn.written, i), wj = llvm::is_contained(fn.written, j);
      if (!wi && !wj)
        continue;
      const std::vector<Param> &ps = fn.def->params;
      return fail(argExprs[j]->loc,
                  "arguments '" + ps[i].name + "' and '" + ps[j].name + "' of '" + name +
                      "' share memory and '" + name + "' writes to '" +
                      ps[wi ? i : j].name +
                      "': arrayc compiles each parameter as a separate array; pass a "
                      "copy (`.copy()`)");
    }
  }
  size_t first = op->getNumResults() - fn.written.size();
  for (auto [k, i] : llvm::enumerate(fn.written)) {
    if (!hasAlias(args[i]))
      continue; // A temporary: nothing else sees the write, as in NumPy.
    Value r = op->getResult(first + k);
    if (r.getType() != args[i].value.getType())
      r = tensor::CastOp::create(b, loc(call.loc), args[i].value.getType(), r);
    if (!writeThrough(args[i], Val::array(r, args[i].type), argExprs[i]->loc))
      return false;
  }
  return true;
}

OptVal Gen::rereadArgument(const Val &arg, SrcLoc l) {
  if (!hasAlias(arg))
    return std::nullopt;
  const AliasRef &a = *arg.alias;
  if (!a.slot.empty()) {
    if (!scope->vars.count(a.slot))
      return std::nullopt;
    return readVar("", arg, l);
  }
  auto it = scope->vars.find(a.var);
  if (!a.steps.empty() || it == scope->vars.end() || it->second.kind != Val::Array ||
      (it->second.alias && !it->second.alias->slot.empty()))
    return std::nullopt;
  return readVar(a.var, it->second, l);
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

static bool isUserName(llvm::StringRef n) { return !n.starts_with("$"); }

static bool slotForm(const Val &v) {
  return v.kind == Val::Array && v.alias && !v.alias->slot.empty();
}

std::string Gen::lostAliasMessage(llvm::StringRef name, llvm::StringRef where) {
  return "'" + name.str() + "' may or may not share its array with other names after " +
         where.str() + " (it depends on the path taken); writing through it, or to an "
         "array it may share, would differ from NumPy: bind it to the same array on "
         "every path, or copy (`.copy()`, `x[...] = y`)";
}

void Gen::markLost(llvm::StringRef name, const Val &v, llvm::StringRef where) {
  aliasLost[name] = lostAliasMessage(name, where);
  if (slotForm(v))
    slotLost[v.alias->slot] = name.str();
}

void Gen::leaveRegionSlots(const llvm::StringMap<Val> &before, SrcLoc l,
                           llvm::StringRef where, bool loop) {
  // The names that outlive the region: in a loop, those bound before it
  // (the others are unbound after it and rebound by the next iteration).
  llvm::StringMap<unsigned> refs, outliving;
  for (auto &kv : scope->vars) {
    if (!isUserName(kv.getKey()) || !slotForm(kv.second) ||
        before.count(kv.second.alias->slot))
      continue;
    ++refs[kv.second.alias->slot];
    if (!loop || before.count(kv.getKey()))
      ++outliving[kv.second.alias->slot];
  }
  if (refs.empty())
    return;
  llvm::SmallVector<std::string> names;
  for (auto &kv : scope->vars)
    if (isUserName(kv.getKey()) && slotForm(kv.second) && refs.count(kv.second.alias->slot))
      names.push_back(kv.getKey().str());
  for (const std::string &n : names) {
    Val v = scope->vars[n];
    bool shared = outliving.lookup(v.alias->slot) > 1;
    scope->vars[n] = plainValue(v, scope->vars, l);
    if (shared)
      markLost(n, Val(), where);
  }
  for (auto &kv : refs)
    scope->vars.erase(kv.getKey());
}

bool Gen::mergeAliases(llvm::StringMap<Val> (&paths)[2], mlir::Block *(&blocks)[2],
                       llvm::StringSet<> &kept, SrcLoc l, llvm::StringRef where) {
  for (auto &kv : paths[0]) {
    llvm::StringRef n = kv.getKey();
    if (!isUserName(n) || !paths[1].count(n))
      continue;
    const Val &x = kv.second, &y = paths[1][n];
    if (!slotForm(x) && !slotForm(y))
      continue;
    if (slotForm(x) && slotForm(y) && x.alias->sameTarget(*y.alias)) {
      kept.insert(n);
      continue;
    }
    for (int k = 0; k < 2; ++k) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(blocks[k]->getTerminator());
      Val &v = paths[k][n];
      markLost(n, v, where);
      v = plainValue(v, paths[k], l);
    }
  }
  return true;
}

void Gen::carriedStorage(std::vector<std::string> &assigned,
                         const llvm::StringSet<> &writtenNames) {
  std::vector<std::string> out;
  llvm::StringSet<> seen;
  for (const std::string &n : assigned) {
    auto it = scope->vars.find(n);
    std::string s = n;
    if (it != scope->vars.end() && slotForm(it->second)) {
      // A name written through carries its slot; one only rebound is
      // carried as a value once the first attempt finds it rebound.
      if (!writtenNames.contains(n))
        continue;
      s = it->second.alias->slot;
    }
    if (seen.insert(s).second)
      out.push_back(s);
  }
  assigned = std::move(out);
}

void Gen::enterLoopAliases(llvm::StringMap<Val> &before, const llvm::StringSet<> &demote,
                           SrcLoc l, llvm::StringRef where) {
  for (auto &kv : demote) {
    auto it = before.find(kv.getKey());
    if (it == before.end())
      continue;
    markLost(kv.getKey(), it->second, where);
    if (slotForm(it->second))
      it->second = plainValue(it->second, before, l);
  }
}

bool Gen::settleLoopAliases(const llvm::StringMap<Val> &before,
                            llvm::ArrayRef<std::string> carried, llvm::StringRef loopVar,
                            std::vector<std::string> &carry, llvm::StringSet<> &demote,
                            SrcLoc l, llvm::StringRef where) {
  leaveRegionSlots(before, l, where, /*loop=*/true);
  bool again = false;
  for (const std::string &n : carried) {
    auto it = scope->vars.find(n);
    if (it == scope->vars.end() || !isUserName(n) || !slotForm(it->second))
      continue;
    // Carried as a value but now an alias: its aliasing differs by iteration.
    it->second = plainValue(it->second, scope->vars, l);
    again |= demote.insert(n).second;
  }
  for (auto &kv : before) {
    llvm::StringRef n = kv.getKey();
    if (n == loopVar || llvm::is_contained(carried, n))
      continue;
    auto it = scope->vars.find(n);
    const Val &entry = kv.second;
    if (it == scope->vars.end()) {
      // Unbound at the end of the body (types differ by path): carried, so
      // that the loop reports it.
      if (isUserName(n) && slotForm(entry) && scope->unbound.count(n) &&
          demote.insert(n).second) {
        carry.push_back(n.str());
        again = true;
      }
      continue;
    }
    const Val &exitV = it->second;
    if (isUserName(n) && slotForm(entry)) {
      // Rebound in the body: carried as a value from the next attempt on.
      if (!slotForm(exitV) || !entry.alias->sameTarget(*exitV.alias)) {
        again |= demote.insert(n).second;
        carry.push_back(n.str());
      }
      continue;
    }
    if (exitV.kind == Val::Array && entry.kind == Val::Array && exitV.value != entry.value) {
      carry.push_back(n.str());
      again = true;
    }
  }
  return again;
}
