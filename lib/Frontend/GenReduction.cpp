//===- GenReduction.cpp - @reduction functions as ndarray.custom_reduce ---===//
//
// A def decorated `@reduction(identity=v)` is a binary combine function
// `f(acc, x)` folded over an array (CuPy's ReductionKernel, Numba's
// `@reduce`, NumPy's `ufunc.reduce` for a ufunc of the user's): a call
// `f(a)` reduces every element, `f(a, axis=k, keepdims=...)` the given
// axes, each output `f(...f(f(v, a0), a1)..., an)`; an empty slice gives
// `v`. The function is assumed associative with `v` its identity, so the
// compiler may combine partial results in any grouping. The result dtype is
// f's result for two elements of `a`'s dtype; the elements and `v` are
// converted to it first. One `ndarray.custom_reduce` holds the body as
// scalar code (GenScalar.h); it lowers to one linalg.generic, so a
// producer (`f(x * y)`) fuses into it.
//
//===----------------------------------------------------------------------===//

#include "Frontend/GenScalar.h"

#include <cmath>
#include <cstdio>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

/// `v` as a constant of the reduction's dtype `t`, or nothing and `error`.
static std::optional<TypedAttr> identityAttr(MLIRContext &ctx, const Val &v, DType t,
                                             std::string &error) {
  Builder b(&ctx);
  Type mt = toMLIR(t, &ctx);
  double d = v.asDouble();
  if (isFloat(t))
    return TypedAttr(b.getFloatAttr(mt, d));
  if (t == DType::Bool)
    return TypedAttr(b.getIntegerAttr(mt, d != 0));
  // An integer dtype: a whole number in its range.
  bool whole = v.weak != Weak::Float ||
               (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 0x1p63);
  int64_t i = v.weak == Weak::Float ? (whole ? static_cast<int64_t>(d) : 0) : v.i;
  unsigned width = mt.getIntOrFloatBitWidth();
  bool fits = width >= 64 ||
              (i >= -(int64_t(1) << (width - 1)) && i < (int64_t(1) << (width - 1)));
  if (!whole || !fits) {
    char text[32];
    std::snprintf(text, sizeof(text), "%g", d);
    error = std::string("the identity ") + text + " cannot be represented as " +
            numpyDtypeName(t).str() + ", the reduction's dtype";
    return std::nullopt;
  }
  return TypedAttr(b.getIntegerAttr(mt, i));
}

/// `in`'s type without (or, with `keep`, with 1 in place of) `axes`, of dtype `t`.
static ArrType reducedType(const ArrType &in, llvm::ArrayRef<int64_t> axes, bool keep,
                           DType t) {
  ArrType rt{t, {}};
  for (int64_t d = 0; d < in.rank(); ++d) {
    if (!llvm::is_contained(axes, d))
      rt.dims.push_back(in.dims[d]);
    else if (keep)
      rt.dims.push_back(Dim::lit(1));
  }
  return rt;
}

OptVal Gen::callReduction(FuncInfo &fn, llvm::StringRef name, const Expr &call) {
  const Stmt &def = *fn.def;
  llvm::SmallVector<const Expr *> exprs;
  if (!bindArgs(name, {"a", "axis", "keepdims"}, 1, call, exprs))
    return std::nullopt;
  OptVal a = eval(*exprs[0]);
  if (!a)
    return std::nullopt;
  SrcLoc at = exprs[0]->loc;
  if (a->kind != Val::Array && a->kind != Val::Lit)
    return err(at, "the argument of @reduction function '" + name +
                       "' must be an array or a number, got " + a->describe());
  if ((a->kind == Val::Lit && a->weak == Weak::Complex) ||
      (a->kind == Val::Array && !isScalarDType(a->type.dtype)))
    return err(at, "a @reduction function computes on bool, signed integers and "
                   "floats, not " +
                       (a->kind == Val::Lit ? std::string("complex numbers")
                                            : numpyDtypeName(a->type.dtype).str()));
  Val x = a->kind == Val::Lit ? materialize(*a) : *a;
  llvm::SmallVector<int64_t> axes;
  if (!parseAxes(x, exprs[1], name, axes, /*single=*/false))
    return std::nullopt;
  std::optional<bool> keep = parseKeepdims(exprs[2], name);
  if (!keep)
    return std::nullopt;
  const Expr &idExpr = *def.reductionIdentity;
  OptVal id = eval(idExpr);
  if (!id)
    return std::nullopt;
  if (id->kind != Val::Lit || id->weak == Weak::Complex)
    return err(idExpr.loc, "the identity of @reduction function '" + name +
                               "' must be a real number (0.0, -np.inf, 1, True), got " +
                               id->describe());
  Location l = loc(call.loc);
  // The body for elements of dtype `t`: its result, or nothing on an error.
  // The op is built with result type `t`; the caller keeps it when the body
  // computes in `t`.
  auto build = [&](const Val &in, DType t) -> std::optional<std::pair<nd::CustomReduceOp, DType>> {
    std::string error;
    std::optional<TypedAttr> idAttr = identityAttr(ctx, *id, t, error);
    if (!idAttr) {
      err(idExpr.loc, error);
      return std::nullopt;
    }
    ArrType rt = reducedType(in.type, axes, *keep, t);
    auto op = nd::CustomReduceOp::create(b, l, rt.tensorType(&ctx), in.value,
                                         b.getDenseI64ArrayAttr(axes), *idAttr,
                                         *keep ? b.getUnitAttr() : nullptr);
    OpBuilder::InsertionGuard guard(b);
    Type mt = toMLIR(t, &ctx);
    Block *block = b.createBlock(&op.getBody(), {}, {mt, mt}, {l, l});
    Scalar acc{block->getArgument(0), t, std::nullopt};
    Scalar elem{block->getArgument(1), t, std::nullopt};
    std::optional<llvm::SmallVector<Scalar>> out = ScalarBody(*this, 0).genFunction(def, {acc, elem});
    if (out && out->size() != 1) {
      err(def.loc, "a @reduction function returns one value, '" + name + "' returns " +
                       std::to_string(out->size()));
      out.reset();
    }
    if (!out) {
      op.erase();
      return std::nullopt;
    }
    DType result = out->front().t;
    nd::YieldOp::create(b, l, ScalarBody(*this, 0).cast(out->front(), t, def.loc).v);
    return std::pair{op, result};
  };
  auto first = build(x, x.type.dtype);
  if (!first)
    return std::nullopt;
  auto [op, dtype] = *first;
  if (dtype != x.type.dtype) {
    // f computes in another dtype (`a / b` of integers): the elements are
    // converted to it and f regenerated for it.
    op.erase();
    auto second = build(toArray(x, dtype), dtype);
    if (!second)
      return std::nullopt;
    op = second->first;
  }
  return Val::array(op.getResult(), reducedType(x.type, axes, *keep, dtype));
}
