//===- GenBuiltinRandom.cpp - numpy.random --------------------------------===//
//
// Random numbers (main only): Philox4x32-10 keyed by a 64-bit key, one
// counter value per call (ndarray.random). The legacy functions
// (`np.random.rand`...) share one stream, the hidden variables
// `$random.seed` and `$random.counter` of main; each Generator
// (`rng = np.random.default_rng(seed)`) has a key and a counter of its own.
// randomCall lowers both in one pass: the state a call draws from, its
// arguments (shape, dtype, parameters), their checks, the draw, and what maps
// uniform or normal numbers to the distribution asked for.
//
//===----------------------------------------------------------------------===//

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
#include <limits>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

//===----------------------------------------------------------------------===//
// The state: hidden variables of main, threaded through its control flow as
// any variable is.
//===----------------------------------------------------------------------===//

static constexpr const char *kSeedVar = "$random.seed";
static constexpr const char *kCounterVar = "$random.counter";

/// A Generator is a string value that names it (what `print(rng)` shows);
/// its key and counter are the hidden variables `$<name>.key` and
/// `$<name>.counter`. `rng2 = rng` copies the name, so both draw from one
/// state, as NumPy's references to one Generator object do.
static constexpr llvm::StringLiteral kGeneratorPrefix = "Generator(Philox) at ";

/// Keys: a seeded Generator's is its seed mixed with this constant, so that
/// `default_rng(s)` and `np.random.seed(s)` give different streams (as in
/// NumPy); an unseeded one's comes from the legacy stream's seed and
/// position (see defaultRng below).
static constexpr uint64_t kSeededKey = 0x9E3779B97F4A7C15ull;
static constexpr uint64_t kUnseededKey = 0xD1B54A32D192ED03ull;
static constexpr uint64_t kStreamStep = 0xBF58476D1CE4E5B9ull;

/// `from numpy.random import default_rng` binds the name to this string
/// (GenModule.cpp's kImportedFunction + module + name).
static constexpr llvm::StringLiteral kImportedDefaultRng =
    "<import>numpy.random.default_rng";

bool gen::isGeneratorVal(const Val &v) {
  return v.kind == Val::Str && llvm::StringRef(v.str).starts_with(kGeneratorPrefix);
}

std::string gen::describeGenerator() {
  return "a numpy.random.Generator (arrayc uses Generators in main() only: "
         "draw the arrays there and pass those)";
}

static std::string keyVar(const Val &g) { return "$" + g.str + ".key"; }
static std::string counterVar(const Val &g) { return "$" + g.str + ".counter"; }

/// Stops the program with `message` where the i64 `v` is negative.
static void assertNonNegative(OpBuilder &b, Location l, Value v, const std::string &message) {
  Value ok = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, v,
                                   arith::ConstantIntOp::create(b, l, 0, 64));
  nd::AssertOp::create(b, l, ok, b.getStringAttr(message), ValueRange{});
}

/// `random` (not a variable) or `np.random`.
static bool isRandomPath(const Expr &e, const llvm::StringMap<Val> &vars,
                         const llvm::StringSet<> &npAliases) {
  if (e.kind == ExprKind::Name)
    return e.name == "random" && !vars.count("random");
  return e.kind == ExprKind::Attribute && e.name == "random" &&
         e.lhs->kind == ExprKind::Name && npAliases.contains(e.lhs->name) &&
         !vars.count(e.lhs->name);
}

/// `random` or `np.random`, or a Generator whose methods randomCall lowers
/// too: a variable bound to one, or a call of `default_rng` (so that
/// `np.random.default_rng(0).random(3)` works).
bool Gen::isRandomModule(const Expr &e) {
  if (isRandomPath(e, scope->vars, npAliases))
    return true;
  if (e.kind == ExprKind::Name) {
    auto it = scope->vars.find(e.name);
    return it != scope->vars.end() && isGeneratorVal(it->second);
  }
  if (e.kind != ExprKind::Call)
    return false;
  const Expr &f = *e.lhs;
  if (f.kind == ExprKind::Attribute)
    return f.name == "default_rng" && isRandomPath(*f.lhs, scope->vars, npAliases);
  if (f.kind != ExprKind::Name || scope->vars.count(f.name))
    return false;
  auto c = constants.find(f.name);
  return c != constants.end() && c->second.kind == Val::Str &&
         c->second.str == kImportedDefaultRng;
}

void Gen::initRandomState(SrcLoc l) {
  scope->vars[kSeedVar] = toArray(Val::intLit(0), DType::I64);
  scope->vars[kCounterVar] = toArray(Val::intLit(0), DType::I64);
  (void)l;
}

OptVal Gen::randomCall(llvm::StringRef name, llvm::StringRef full,
                       const Expr &call) {
  SrcLoc l = call.loc;
  const Expr &callee = *call.lhs;
  // `rng.name(...)`: isRandomModule sent a Generator's method here.
  bool method = callee.kind == ExprKind::Attribute &&
                !isRandomPath(*callee.lhs, scope->vars, npAliases);
  std::string shown = method ? "Generator." + name.str() : full.str();
  std::string seedVar = kSeedVar, ctrVar = kCounterVar;
  llvm::SmallVector<const Expr *> args;

  if (method) {
    if (!isModuleFunction(kGeneratorModule, name))
      return err(callee.loc, "'" + shown + "' is not supported (the Generator methods are " +
                                 moduleFunctionList(kGeneratorModule) + ")");
    OptVal g = eval(*callee.lhs);
    if (!g)
      return std::nullopt;
    if (!isGeneratorVal(*g))
      return err(callee.lhs->loc, "'." + name + "()' needs a Generator made by "
                                                "np.random.default_rng(), got " +
                                      describeVal(*g));
    seedVar = keyVar(*g);
    ctrVar = counterVar(*g);
    if (!scope->vars.count(seedVar) || !scope->vars.count(ctrVar))
      return err(callee.lhs->loc,
                 "the state of '" + g->str + "' does not reach here (a Generator "
                 "made inside a loop or a branch lives only there); make it "
                 "before the loop or the 'if'");
  } else {
    if (!isModuleFunction("random", name))
      return err(callee.loc, "'" + full + "' is not supported (the random functions are " +
                                 moduleFunctionList("random") + ")");
    if (name == "default_rng" && !scope->fn->isMain)
      return err(l, "np.random.default_rng() is only allowed in main(): arrayc "
                    "keeps a Generator's state in main(), as np.random's; make "
                    "it there, draw the arrays there and pass those");
    if (!requireHost(full, l))
      return std::nullopt;
    if (!scope->vars.count(kSeedVar))
      initRandomState(l);
  }

  if (!method && name == "seed") {
    if (!bindArgs(full, {"seed"}, 1, call, args))
      return std::nullopt;
    OptVal s = eval(*args[0]);
    if (!s)
      return std::nullopt;
    if (!(s->kind == Val::Lit && s->weak == Weak::Int) &&
        !(s->kind == Val::Array && s->type.rank() == 0 && isInt(s->type.dtype)))
      return err(args[0]->loc, full + "(): the seed must be an integer");
    if (s->kind == Val::Lit && s->i < 0)
      return err(args[0]->loc, "Seed must be between 0 and 2**32 - 1");
    scope->vars[kSeedVar] = toArray(*s, DType::I64);
    scope->vars[kCounterVar] = toArray(Val::intLit(0), DType::I64);
    return Val();
  }

  if (!method && name == "default_rng") {
    // A Generator: its key from the seed (or, unseeded, from the legacy
    // stream, which it advances as one call would: deterministic, as
    // np.random's functions without np.random.seed are, and a fresh stream
    // for each unseeded Generator), its counter from 0.
    if (!bindArgs(full, {"seed"}, 0, call, args))
      return std::nullopt;
    Val key;
    if (args[0] && args[0]->kind != ExprKind::None) {
      OptVal s = eval(*args[0]);
      if (!s)
        return std::nullopt;
      if (isGeneratorVal(*s))
        return *s; // NumPy returns a Generator passed as the seed unaltered.
      if (s->kind == Val::Lit && s->weak == Weak::Int) {
        if (s->i < 0)
          return err(args[0]->loc, "expected non-negative integer");
        key = Val::intLit(int64_t(uint64_t(s->i) ^ kSeededKey));
      } else if (s->kind == Val::Array && s->type.rank() == 0 && isInt(s->type.dtype)) {
        if (!isUnsigned(s->type.dtype)) {
          Location il = loc(args[0]->loc);
          Value v = tensor::ExtractOp::create(b, il, toArray(*s, DType::I64).value,
                                              ValueRange{});
          assertNonNegative(b, il, v, where(args[0]->loc) + "expected non-negative integer");
        }
        OptVal k = binary("^", toArray(*s, DType::I64),
                          Val::intLit(int64_t(kSeededKey)), args[0]->loc);
        if (!k)
          return std::nullopt;
        key = *k;
      } else {
        return err(args[0]->loc, full + "(): the seed must be an integer or None "
                                        "(sequences of ints, SeedSequence and "
                                        "BitGenerator seeds are not supported), got " +
                                     describeVal(*s));
      }
    } else {
      OptVal mixed = binary("*", scope->vars[kCounterVar],
                            Val::intLit(int64_t(kStreamStep)), l);
      if (mixed)
        mixed = binary("^", *mixed, scope->vars[kSeedVar], l);
      if (mixed)
        mixed = binary("^", *mixed, Val::intLit(int64_t(kUnseededKey)), l);
      OptVal next = binary("+", scope->vars[kCounterVar], Val::intLit(1), l);
      if (!mixed || !next)
        return std::nullopt;
      key = *mixed;
      scope->vars[kCounterVar] = *next;
    }
    // Named after the call's place; a second Generator made there while
    // the first is still in scope (an unrolled `for` over a tuple) is
    // numbered.
    Val g;
    g.kind = Val::Str;
    std::string base = (kGeneratorPrefix + std::to_string(l.line) + ":" +
                        std::to_string(l.col))
                           .str();
    g.str = base;
    for (int n = 2; scope->vars.count(keyVar(g)); ++n)
      g.str = base + "#" + std::to_string(n);
    scope->vars[keyVar(g)] = toArray(key, DType::I64);
    scope->vars[counterVar(g)] = toArray(Val::intLit(0), DType::I64);
    return g;
  }

  // A draw: the arguments give the shape (`size`, or the broadcast shape of
  // array parameters), the dtype and what maps the uniform or normal
  // numbers to the distribution.
  enum class Post { None, Affine, Range, Exponential, Ints, Permutation } post = Post::None;
  llvm::SmallVector<Dim> dims;
  llvm::StringMap<Value> sizes; // sizes known only at run time
  DType t = DType::F64;
  const Expr *dtypeExpr = nullptr;
  const Expr *sizeExpr = nullptr;
  std::string dist = "uniform";
  Val p0 = Val::floatLit(0.0), p1 = Val::floatLit(1.0);
  std::vector<Val> shaping; // array parameters (the shape without size)
  // Ints: [lh[0], lh[1]) as integer scalars (literals or 0-d i64 arrays),
  // [lh[0], lh[1]] with `endpoint`, and NumPy's message when the range is
  // empty.
  Val lh[2] = {Val::intLit(0), Val::intLit(0)};
  bool endpoint = false;
  std::string emptyRange = "low >= high";
  std::optional<Val> from; // choice/permutation of an array's rows
  auto param = [&](const Expr *e, llvm::StringRef what, Val &out) {
    if (!e || e->kind == ExprKind::None)
      return true;
    OptVal v = evalArrayOperand(*e, shown);
    if (!v)
      return false;
    if (isComplexVal(*v))
      return fail(e->loc, shown + "(): " + what + " must be real, got " + describeVal(*v));
    if (v->kind == Val::Lit && what == "scale" && v->asDouble() < 0)
      return fail(e->loc, "scale < 0");
    if (v->kind == Val::Array && v->type.rank() > 0)
      shaping.push_back(*v);
    out = *v;
    return true;
  };
  if (!method && (name == "rand" || name == "randn")) {
    for (const Keyword &k : call.keywords)
      if (k.name == "dtype")
        dtypeExpr = k.value.get();
      else
        return err(k.loc, full + "() got an unexpected keyword argument '" +
                              k.name + "'");
    for (const ExprPtr &e : call.elts)
      if (!parseShape(*e, full, dims, sizes))
        return std::nullopt;
    if (name == "randn")
      dist = "normal";
  } else if (name == "random" || name == "random_sample" || name == "sample" ||
             name == "standard_normal" || name == "standard_exponential") {
    if (!bindArgs(shown, {"size", "dtype"}, 0, call, args))
      return std::nullopt;
    sizeExpr = args[0];
    dtypeExpr = args[1];
    if (name == "standard_normal")
      dist = "normal";
    if (name == "standard_exponential")
      post = Post::Exponential;
  } else if (name == "uniform" || name == "normal") {
    bool uniform = name == "uniform";
    llvm::SmallVector<std::string> names{uniform ? "low" : "loc",
                                         uniform ? "high" : "scale", "size"};
    if (!method) // arrayc's extension of the legacy functions
      names.push_back("dtype");
    if (!bindArgs(shown, names, 0, call, args))
      return std::nullopt;
    sizeExpr = args[2];
    dtypeExpr = method ? nullptr : args[3];
    if (!param(args[0], names[0], p0) || !param(args[1], names[1], p1))
      return std::nullopt;
    dist = uniform ? "uniform" : "normal";
    post = uniform ? Post::Range : Post::Affine;
  } else if (name == "exponential") {
    if (!bindArgs(shown, {"scale", "size"}, 0, call, args) ||
        !param(args[0], "scale", p1))
      return std::nullopt;
    sizeExpr = args[1];
    post = Post::Exponential;
  } else if (name == "randint" || name == "integers") {
    llvm::SmallVector<std::string> names{"low", "high", "size", "dtype"};
    if (method)
      names.push_back("endpoint");
    if (!bindArgs(shown, names, 1, call, args))
      return std::nullopt;
    sizeExpr = args[2];
    post = Post::Ints;
    t = DType::I64;
    for (int i = 0; i < 2; ++i) {
      if (!args[i] || args[i]->kind == ExprKind::None)
        continue;
      OptVal v = eval(*args[i]);
      if (!v)
        return std::nullopt;
      bool scalar = (v->kind == Val::Lit && v->weak == Weak::Int) ||
                    (v->kind == Val::Array && v->type.rank() == 0 && isInt(v->type.dtype));
      if (!scalar)
        return err(args[i]->loc, shown + "(): low and high must be integer scalars "
                                         "here, got " + describeVal(*v));
      lh[i] = v->kind == Val::Lit ? *v : toArray(*v, DType::I64);
    }
    bool onlyHigh = !args[1] || args[1]->kind == ExprKind::None;
    if (onlyHigh) {
      std::swap(lh[0], lh[1]); // integers(high): [0, high)
      emptyRange = "high <= 0";
    }
    if (method && args[4] && args[4]->kind != ExprKind::None) {
      OptVal e = eval(*args[4]);
      if (!e)
        return std::nullopt;
      if (e->kind != Val::Lit || e->weak != Weak::Bool)
        return err(args[4]->loc, shown + "(): endpoint must be True or False here");
      // [low, high]: high stays as written (high + 1 may not fit an i64).
      endpoint = e->i;
      if (endpoint)
        emptyRange = onlyHigh ? "high < 0" : "low > high";
    }
    if (args[3] && args[3]->kind != ExprKind::None) {
      std::optional<DType> dt = dtypeArg(*args[3], shown);
      if (!dt)
        return std::nullopt;
      if (!arrayc::frontend::isInt(*dt))
        return err(args[3]->loc, shown + "(): dtype must be an integer type");
      t = *dt;
    }
  } else if (name == "permutation" || name == "choice") {
    // permutation(n | x): the order of n uniform keys (a shuffled copy of
    // x's rows); choice(a, size): indices drawn as integers(0, len(a)).
    bool choice = name == "choice";
    llvm::SmallVector<std::string> names{"x"};
    if (choice)
      names = {"a", "size", "replace", "p"};
    if (!bindArgs(shown, names, 1, call, args))
      return std::nullopt;
    if (choice) {
      if (args[3] && args[3]->kind != ExprKind::None)
        return err(args[3]->loc, shown + "(): p= (weights) is not supported");
      if (args[2] && args[2]->kind != ExprKind::None) {
        OptVal r = eval(*args[2]);
        if (!r)
          return std::nullopt;
        if (r->kind != Val::Lit || r->weak != Weak::Bool)
          return err(args[2]->loc, shown + "(): replace must be True or False here");
        if (!r->i)
          return err(args[2]->loc, shown + "(): replace=False is not supported "
                                           "(rng.permutation(n)[:k] draws k of n "
                                           "without replacement)");
      }
      sizeExpr = args[1];
    }
    OptVal a = eval(*args[0]);
    if (!a)
      return std::nullopt;
    Location il = loc(args[0]->loc);
    Val n;
    if (a->kind == Val::Lit && a->weak == Weak::Int) {
      n = *a;
    } else if (a->kind == Val::Array && a->type.rank() == 0 && isInt(a->type.dtype)) {
      n = toArray(*a, DType::I64);
    } else if (a->kind == Val::Array && a->type.rank() >= 1) {
      from = *a;
      const Dim &d0 = a->type.dims[0];
      n = d0.isNamed() ? Val::array(tensor::FromElementsOp::create(
                                        b, il, RankedTensorType::get({}, b.getI64Type()),
                                        ValueRange{sizeI64(*a, 0, il)}),
                                    ArrType{DType::I64, {}})
                       : Val::intLit(d0.size);
    } else {
      return err(args[0]->loc, shown + "(): expects an integer or an array of rank >= 1, "
                                       "got " + describeVal(*a));
    }
    if (choice) {
      post = Post::Ints;
      t = DType::I64;
      lh[1] = n;
      emptyRange = from ? "a cannot be empty unless no samples are taken"
                        : "a must be a positive integer unless no samples are taken";
    } else {
      post = Post::Permutation;
      if (n.kind == Val::Lit) {
        if (n.i < 0)
          return err(args[0]->loc, "negative dimensions are not allowed");
        dims.push_back(Dim::lit(n.i));
      } else if (from) {
        dims.push_back(from->type.dims[0]);
        sizes[dims[0].name] =
            arith::IndexCastOp::create(b, il, b.getIndexType(), sizeI64(*from, 0, il));
      } else {
        Value k = tensor::ExtractOp::create(b, il, n.value, ValueRange{});
        assertNonNegative(b, il, k, where(args[0]->loc) + "negative dimensions are not allowed");
        Value idx = arith::IndexCastOp::create(b, il, b.getIndexType(), k);
        dims.push_back(runtimeSizeDim(idx, args[0]));
        sizes[dims[0].name] = idx;
      }
    }
  } else {
    llvm_unreachable("a random function of ModuleFunctions.def without a lowering");
  }

  if (post == Post::Ints) {
    // Integer scalars: literals checked now, run-time values when the
    // program runs (NumPy's messages).
    bool lits = lh[0].kind == Val::Lit && lh[1].kind == Val::Lit;
    if (lits) {
      if (endpoint ? lh[0].i > lh[1].i : lh[0].i >= lh[1].i)
        return err(l, emptyRange);
      if (!fitsInt(t, lh[0].i) || !fitsInt(t, endpoint ? lh[1].i : lh[1].i - 1))
        return err(l, shown + "(): low/high out of bounds for " + dtypeName(t).str());
    } else {
      Location il = loc(l);
      auto i64 = [&](const Val &v) -> Value {
        if (v.kind == Val::Lit)
          return arith::ConstantIntOp::create(b, il, v.i, 64);
        return tensor::ExtractOp::create(b, il, v.value, ValueRange{});
      };
      Value lo = i64(lh[0]), hi = i64(lh[1]);
      Value ok = arith::CmpIOp::create(
          b, il, endpoint ? arith::CmpIPredicate::sle : arith::CmpIPredicate::slt, lo, hi);
      nd::AssertOp::create(b, il, ok,
                           b.getStringAttr(where(l) + emptyRange),
                           ValueRange{});
      if (t != DType::I64) {
        // The dtype's range, as i64 (u64's upper half is beyond an i64 high).
        unsigned w = toMLIR(t, &ctx).getIntOrFloatBitWidth();
        int64_t minV = 0, maxV = std::numeric_limits<int64_t>::max();
        if (!isUnsigned(t)) {
          minV = -(int64_t(1) << (w - 1));
          maxV = (int64_t(1) << (w - 1)) - 1;
        } else if (w < 64) {
          maxV = (int64_t(1) << w) - 1;
        }
        Value last = hi;
        if (!endpoint)
          last = arith::SubIOp::create(b, il, hi,
                                       arith::ConstantIntOp::create(b, il, 1, 64));
        Value in = arith::AndIOp::create(
            b, il,
            arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, lo,
                                  arith::ConstantIntOp::create(b, il, minV, 64)),
            arith::CmpIOp::create(b, il, arith::CmpIPredicate::sle, last,
                                  arith::ConstantIntOp::create(b, il, maxV, 64)));
        nd::AssertOp::create(b, il, in,
                             b.getStringAttr(where(l) + shown + "(): low/high out "
                                                               "of bounds for " +
                                             dtypeName(t).str()),
                             ValueRange{});
      }
    }
    p0 = lh[0];
    p1 = lh[1];
  }
  if (post != Post::Ints && dtypeExpr && dtypeExpr->kind != ExprKind::None) {
    std::optional<DType> dt = dtypeArg(*dtypeExpr, shown);
    if (!dt)
      return std::nullopt;
    if (*dt != DType::F32 && *dt != DType::F64)
      return err(dtypeExpr->loc, shown + "(): dtype must be float32 or float64");
    t = *dt;
  }
  if (sizeExpr && sizeExpr->kind != ExprKind::None) {
    if (!parseShape(*sizeExpr, shown, dims, sizes))
      return std::nullopt;
  } else if (!shaping.empty()) {
    // No size: one draw per element of the parameters' broadcast shape.
    if (shaping.size() == 1)
      dims.assign(shaping[0].type.dims.begin(), shaping[0].type.dims.end());
    else if (!checkBroadcast(shaping[0], shaping[1], dims, l))
      return std::nullopt;
    // A named size from a parameter that has it on the same axis.
    for (auto [axis, d] : llvm::enumerate(dims)) {
      if (!d.isNamed() || sizes.count(d.name))
        continue;
      for (const Val &p : shaping) {
        int64_t pa = int64_t(axis) - int64_t(dims.size() - p.type.rank());
        if (pa >= 0 && p.type.dims[pa] == d) {
          Location il = loc(l);
          sizes[d.name] = arith::IndexCastOp::create(b, il, b.getIndexType(),
                                                     sizeI64(p, pa, il));
          break;
        }
      }
    }
  }

  DType drawType = post == Post::Ints ? DType::F64 : t;
  ArrType rt{drawType, llvm::SmallVector<Dim, 4>(dims.begin(), dims.end())};
  llvm::SmallVector<Value> dynSizes; // sizes given by dimension names
  for (const Dim &d : rt.dims)
    if (d.isNamed()) {
      auto it = sizes.find(d.name);
      dynSizes.push_back(it != sizes.end() ? it->second : namedDimValue(d.name, loc(l)));
    }
  Val seed = scope->vars[seedVar], ctr = scope->vars[ctrVar];
  Value r = nd::RandomOp::create(b, loc(l), rt.tensorType(&ctx),
                                 b.getStringAttr(dist), seed.value, ctr.value,
                                 dynSizes);
  OptVal next = binary("+", ctr, Val::intLit(1), l);
  if (!next)
    return std::nullopt;
  scope->vars[ctrVar] = *next;
  Val u = Val::array(r, rt);
  switch (post) {
  case Post::None:
    return u;
  case Post::Permutation: {
    OptVal perm = sortVal(u, nullptr, /*indices=*/true, shown, l);
    if (!perm || !from)
      return perm;
    return gatherAlong(*from, *perm, 0, l);
  }
  case Post::Ints: {
    // low + min(floor(u * (last - low + 1)), last - low), the offsets in
    // u64: last - low (last: high - 1, or high with endpoint) is below 2**64
    // for every low <= last of i64, where an i64 difference would wrap
    // (low = -2**63, high = 2**62). The min keeps an f64 product rounded up
    // to the width (a width beyond 2**53) inside the range; the sum wraps
    // back into i64 exactly.
    Val lo = toArray(toArray(p0, DType::I64), DType::U64);
    Val last = toArray(toArray(p1, DType::I64), DType::U64);
    if (!endpoint) {
      OptVal h = emitBinary(OpKind::Sub, last, toArray(Val::intLit(1), DType::U64),
                            DType::U64, l);
      if (!h)
        return std::nullopt;
      last = *h;
    }
    OptVal span = emitBinary(OpKind::Sub, last, lo, DType::U64, l); // width - 1
    if (!span)
      return std::nullopt;
    OptVal width = emitBinary(OpKind::Add, toArray(*span, DType::F64),
                              toArray(Val::floatLit(1.0), DType::F64), DType::F64, l);
    if (!width)
      return std::nullopt;
    OptVal v = emitBinary(OpKind::Mul, u, *width, DType::F64, l);
    if (!v)
      return std::nullopt;
    Val f = unaryMath("floor", *v, DType::F64, l);
    OptVal off = emitBinary(OpKind::Min, toArray(f, DType::U64), *span, DType::U64, l);
    if (!off)
      return std::nullopt;
    OptVal s = emitBinary(OpKind::Add, *off, lo, DType::U64, l);
    if (!s)
      return std::nullopt;
    Val r = toArray(*s, DType::I64);
    if (from)
      return gatherAlong(*from, r, 0, l);
    return toArray(r, t);
  }
  case Post::Range: {
    // low + u * (high - low)
    OptVal w = binary("-", p1, p0, l);
    if (!w)
      return std::nullopt;
    OptVal v = binary("*", u, *w, l);
    if (v)
      v = binary("+", *v, p0, l);
    return v;
  }
  case Post::Affine: {
    // loc + u * scale
    OptVal v = binary("*", u, p1, l);
    if (v)
      v = binary("+", *v, p0, l);
    return v;
  }
  case Post::Exponential: {
    // -log1p(-u) * scale: -u is in (-1, 0].
    OptVal v = negate(u, l);
    if (!v)
      return std::nullopt;
    Val lg = unaryMath("log1p", *v, t, l);
    OptVal e = negate(lg, l);
    if (e && !(p1.kind == Val::Lit && p1.asDouble() == 1.0))
      e = binary("*", *e, p1, l);
    return e;
  }
  }
  llvm_unreachable("every post-processing kind is handled above");
}
