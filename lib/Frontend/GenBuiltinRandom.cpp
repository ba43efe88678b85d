//===- GenBuiltinRandom.cpp - numpy.random --------------------------------===//
//
// Random numbers (main only): Philox4x32-10 keyed by the seed.
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

/// `random` (not a variable) or `np.random`.
bool Gen::isRandomModule(const Expr &e) {
  if (e.kind == ExprKind::Name)
    return e.name == "random" && !scope->vars.count("random");
  return e.kind == ExprKind::Attribute && e.name == "random" &&
         e.lhs->kind == ExprKind::Name && npAliases.contains(e.lhs->name) &&
         !scope->vars.count(e.lhs->name);
}

//===----------------------------------------------------------------------===//
// Random numbers (main only): Philox4x32-10 keyed by the seed, one counter
// per call, both threaded through main as the hidden variables below.
//===----------------------------------------------------------------------===//

static constexpr const char *kSeedVar = "$random.seed";
static constexpr const char *kCounterVar = "$random.counter";

void Gen::initRandomState(SrcLoc l) {
  scope->vars[kSeedVar] = toArray(Val::intLit(0), DType::I64);
  scope->vars[kCounterVar] = toArray(Val::intLit(0), DType::I64);
  (void)l;
}

OptVal Gen::randomCall(llvm::StringRef name, llvm::StringRef full,
                       const Expr &call) {
  SrcLoc l = call.loc;
  if (!isModuleFunction("random", name))
    return err(call.lhs->loc, "'" + full + "' is not supported (the random functions are " +
                                  moduleFunctionList("random") + ")");
  if (!requireHost(full, l))
    return std::nullopt;
  llvm::SmallVector<const Expr *> args;
  if (name == "seed") {
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
  auto it = scope->vars.find(kSeedVar);
  if (it == scope->vars.end())
    initRandomState(l);
  Val seed = scope->vars[kSeedVar], ctr = scope->vars[kCounterVar];
  // Arguments: (names, required, which one is the size, dtype or not).
  llvm::SmallVector<Dim> dims;
  DType t = DType::F64;
  const Expr *dtypeExpr = nullptr;
  llvm::StringMap<Value> sizes; // sizes known only at run time
  auto sizeFrom = [&](const Expr *e) {
    return !e || e->kind == ExprKind::None || parseShape(*e, full, dims, sizes);
  };
  std::string dist = "uniform";
  Val p0, p1;
  bool isInt = false;
  if (name == "rand" || name == "randn") {
    for (const Keyword &k : call.keywords)
      if (k.name == "dtype")
        dtypeExpr = k.value.get();
      else
        return err(k.loc, full + "() got an unexpected keyword argument '" +
                              k.name + "'");
    for (const ExprPtr &e : call.elts)
      if (!sizeFrom(e.get()))
        return std::nullopt;
    if (name == "randn")
      dist = "normal";
  } else if (name == "random" || name == "random_sample" ||
             name == "standard_normal" || name == "sample") {
    if (!bindArgs(full, {"size", "dtype"}, 0, call, args) || !sizeFrom(args[0]))
      return std::nullopt;
    dtypeExpr = args[1];
    if (name == "standard_normal")
      dist = "normal";
  } else if (name == "uniform" || name == "normal") {
    if (!bindArgs(full, {name == "uniform" ? "low" : "loc",
                         name == "uniform" ? "high" : "scale", "size", "dtype"},
                  0, call, args) ||
        !sizeFrom(args[2]))
      return std::nullopt;
    dtypeExpr = args[3];
    dist = name;
    p0 = Val::floatLit(name == "uniform" ? 0.0 : 0.0);
    p1 = Val::floatLit(1.0);
    for (int i = 0; i < 2; ++i) {
      if (!args[i])
        continue;
      OptVal v = evalArrayOperand(*args[i], full);
      if (!v)
        return std::nullopt;
      (i ? p1 : p0) = *v;
    }
  } else if (name == "randint") {
    if (!bindArgs(full, {"low", "high", "size", "dtype"}, 1, call, args) ||
        !sizeFrom(args[2]))
      return std::nullopt;
    int64_t lh[2] = {0, 0};
    for (int i = 0; i < 2; ++i) {
      if (!args[i] || args[i]->kind == ExprKind::None)
        continue;
      OptVal v = eval(*args[i]);
      if (!v)
        return std::nullopt;
      if (v->kind != Val::Lit || v->weak != Weak::Int)
        return err(args[i]->loc, full + "(): low and high must be integer "
                                        "literals here");
      lh[i] = v->i;
    }
    if (!args[1] || args[1]->kind == ExprKind::None) {
      lh[1] = lh[0];
      lh[0] = 0;
    }
    if (lh[0] >= lh[1])
      return err(l, "low >= high");
    p0 = Val::intLit(lh[0]);
    p1 = Val::intLit(lh[1]);
    isInt = true;
    t = DType::I64;
    if (args[3] && args[3]->kind != ExprKind::None) {
      std::optional<DType> dt = dtypeArg(*args[3], full);
      if (!dt)
        return std::nullopt;
      if (!arrayc::frontend::isInt(*dt))
        return err(args[3]->loc, full + "(): dtype must be an integer type");
      t = *dt;
      if (!fitsInt(t, lh[0]) || !fitsInt(t, lh[1] - 1))
        return err(l, full + "(): low/high out of bounds for " +
                          dtypeName(t).str());
    }
  } else {
    llvm_unreachable("a random function of ModuleFunctions.def without a lowering");
  }
  if (!isInt && dtypeExpr && dtypeExpr->kind != ExprKind::None) {
    std::optional<DType> dt = dtypeArg(*dtypeExpr, full);
    if (!dt)
      return std::nullopt;
    if (*dt != DType::F32 && *dt != DType::F64)
      return err(dtypeExpr->loc, full + "(): dtype must be float32 or float64");
    t = *dt;
  }
  DType gen = isInt ? DType::F64 : t;
  ArrType rt{gen, llvm::SmallVector<Dim, 4>(dims.begin(), dims.end())};
  llvm::SmallVector<Value> dynSizes; // sizes given by dimension names
  for (const Dim &d : rt.dims)
    if (d.isNamed()) {
      auto it = sizes.find(d.name);
      dynSizes.push_back(it != sizes.end() ? it->second : namedDimValue(d.name, loc(l)));
    }
  Value r = nd::RandomOp::create(b, loc(l), rt.tensorType(&ctx),
                                 b.getStringAttr(dist), seed.value, ctr.value,
                                 dynSizes);
  OptVal next = binary("+", ctr, Val::intLit(1), l);
  if (!next)
    return std::nullopt;
  scope->vars[kCounterVar] = *next;
  Val u = Val::array(r, rt);
  if (isInt) {
    // floor(u * (high - low)) + low, in f64 then cast.
    OptVal v = binary("*", u, Val::floatLit(double(p1.i - p0.i)), l);
    if (!v)
      return std::nullopt;
    Val f = unaryMath("floor", *v, DType::F64, l);
    Val iv = toArray(f, DType::I64);
    OptVal s = binary("+", iv, p0, l);
    if (!s)
      return std::nullopt;
    return toArray(*s, t);
  }
  if (dist == "uniform" && name == "uniform") {
    // low + u * (high - low)
    OptVal w = binary("-", p1, p0, l);
    if (!w)
      return std::nullopt;
    OptVal v = binary("*", u, *w, l);
    if (v)
      v = binary("+", *v, p0, l);
    return v;
  }
  if (name == "normal") {
    OptVal v = binary("*", u, p1, l);
    if (v)
      v = binary("+", *v, p0, l);
    return v;
  }
  return u;
}
