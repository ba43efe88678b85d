//===- GenBuiltinLinalg.cpp - numpy.linalg --------------------------------===//
//
// `linalg.<fn>` and `np.linalg.<fn>`: solvers and decompositions (LAPACK
// calls in the runtime) and norm.
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

/// `linalg` (not a variable) or `np.linalg`.
bool Gen::isLinalgModule(const Expr &e) {
  if (e.kind == ExprKind::Name)
    return e.name == "linalg" && !scope->vars.count("linalg");
  return e.kind == ExprKind::Attribute && e.name == "linalg" &&
         e.lhs->kind == ExprKind::Name && npAliases.contains(e.lhs->name) &&
         !scope->vars.count(e.lhs->name);
}

/// NumPy's name of f16/bf16 (as in its TypeError).
static std::string halfName(DType t) { return t == DType::F16 ? "float16" : "bfloat16"; }

/// An operand of a linalg function: an array of rank >= `minRank` in a
/// dtype LAPACK computes in (integers and bool become f64, as NumPy).
OptVal Gen::linalgOperand(const Expr &e, llvm::StringRef fn, unsigned minRank) {
  OptVal v = evalArrayOperand(e, fn);
  if (!v)
    return std::nullopt;
  Val x = materialize(*v);
  DType t = x.type.dtype;
  if (t == DType::F16 || t == DType::BF16)
    return err(e.loc, fn + ": array type " + halfName(t) + " is unsupported in linalg");
  if (!isFloat(t) && !isComplex(t))
    x = toArray(x, DType::F64);
  if (x.type.rank() < minRank)
    return err(e.loc, fn + ": " + std::to_string(x.type.rank()) +
                          "-dimensional array given. Array must be at least " +
                          (minRank == 2 ? "two" : "one") + "-dimensional (" +
                          x.type.str() + ")");
  return x;
}

/// The last two dimensions of `x` must be equal; checked here where both are
/// static, by the runtime otherwise.
bool Gen::checkSquare(const Val &x, llvm::StringRef fn, SrcLoc l) {
  const Dim &m = x.type.dims[x.type.rank() - 2], &n = x.type.dims.back();
  if (!m.isNamed() && !n.isNamed() && m.size != n.size)
    return fail(l, fn + ": Last 2 dimensions of the array must be square, got " +
                       x.type.str());
  return true;
}

/// min(m, n) of two matrix dimensions, named when not both static.
static Dim minDimOf(const Dim &m, const Dim &n) {
  if (!m.isNamed() && !n.isNamed())
    return Dim::lit(std::min(m.size, n.size));
  if (m == n)
    return m;
  return Dim::named("min(" + m.str() + ", " + n.str() + ")");
}

/// `x.dims[:-2] ++ tail` in dtype `t`.
static ArrType stackType(const Val &x, DType t, llvm::ArrayRef<Dim> tail) {
  ArrType r{t, {}};
  r.dims.append(x.type.dims.begin(), x.type.dims.end() - 2);
  r.dims.append(tail.begin(), tail.end());
  return r;
}

static Val tupleOf(std::vector<Val> elts) {
  Val t;
  t.kind = Val::Tuple;
  t.elts = std::move(elts);
  return t;
}

/// A literal string argument among `allowed` (or `dflt` when absent).
static std::optional<std::string> stringChoice(const Expr *e, llvm::StringRef dflt) {
  if (!e)
    return dflt.str();
  if (e->kind != ExprKind::String)
    return std::nullopt;
  return e->name;
}

/// A `True`/`False` literal argument (or `dflt` when absent).
std::optional<bool> Gen::boolArg(const Expr *e, bool dflt, llvm::StringRef fn,
                                 llvm::StringRef param) {
  if (!e)
    return dflt;
  if (e->kind != ExprKind::Bool)
    return err(e->loc, fn + "(): " + param + " must be True or False");
  return e->boolValue;
}

OptVal Gen::linalgCall(llvm::StringRef name, llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  Location il = loc(l);
  llvm::SmallVector<const Expr *> args;
  std::string fn = full.str();
  if (!isModuleFunction("linalg", name))
    return err(call.lhs->loc, "'" + fn + "' is not supported (the linalg functions are " +
                                  moduleFunctionList("linalg") + ")");

  if (name == "det" || name == "inv") {
    if (!bindArgs(fn, {"a"}, 1, call, args))
      return std::nullopt;
    OptVal a = linalgOperand(*args[0], fn, 2);
    if (!a || !checkSquare(*a, fn, l))
      return std::nullopt;
    if (name == "inv")
      return Val::array(nd::InvOp::create(b, il, a->value.getType(), a->value), a->type);
    ArrType rt = stackType(*a, a->type.dtype, {});
    return Val::array(nd::DetOp::create(b, il, rt.tensorType(&ctx), a->value), rt);
  }

  if (name == "cholesky") {
    if (!bindArgs(fn, {"a", "upper"}, 1, call, args))
      return std::nullopt;
    OptVal a = linalgOperand(*args[0], fn, 2);
    std::optional<bool> upper = a ? boolArg(args[1], false, fn, "upper") : std::nullopt;
    if (!a || !upper || !checkSquare(*a, fn, l))
      return std::nullopt;
    Value r = nd::CholeskyOp::create(b, il, a->value.getType(), a->value,
                                     *upper ? b.getUnitAttr() : nullptr);
    return Val::array(r, a->type);
  }

  if (name == "eigh") {
    if (!bindArgs(fn, {"a", "UPLO"}, 1, call, args))
      return std::nullopt;
    OptVal a = linalgOperand(*args[0], fn, 2);
    if (!a || !checkSquare(*a, fn, l))
      return std::nullopt;
    std::optional<std::string> uplo = stringChoice(args[1], "L");
    if (!uplo || (*uplo != "L" && *uplo != "U"))
      return err(args[1]->loc, fn + "(): UPLO argument must be 'L' or 'U'");
    DType t = a->type.dtype;
    Dim m = a->type.dims.back();
    ArrType wt = stackType(*a, isComplex(t) ? complexPart(t) : t, {m});
    auto op = nd::EighOp::create(b, il, wt.tensorType(&ctx), a->value.getType(), a->value,
                                 *uplo == "U" ? b.getUnitAttr() : nullptr);
    return tupleOf({Val::array(op.getW(), wt), Val::array(op.getV(), a->type)});
  }

  if (name == "solve") {
    if (!bindArgs(fn, {"a", "b"}, 2, call, args))
      return std::nullopt;
    OptVal a = linalgOperand(*args[0], fn, 2);
    OptVal c = a ? linalgOperand(*args[1], fn, 1) : std::nullopt;
    if (!a || !c || !checkSquare(*a, fn, l))
      return std::nullopt;
    DType t = promote(a->type.dtype, c->type.dtype);
    Val av = toArray(*a, t), cv = toArray(*c, t);
    // NumPy 2: b is a vector only when b.ndim == 1; else a stack of (M, K).
    bool vector = cv.type.rank() == 1;
    if (!vector) // batch sizes known only at run time are checked then
      unifyBroadcast(av, cv, l, 2,
                     fn + ": batch dimensions could not be broadcast together with shapes");
    const Dim &m = av.type.dims.back();
    const Dim &bm = vector ? cv.type.dims[0] : cv.type.dims[cv.type.rank() - 2];
    if (!m.isNamed() && !bm.isNamed() && m.size != bm.size)
      return err(l, fn + ": b has " + bm.str() + " rows where a has " + m.str() + ": " +
                        av.type.str() + " and " + cv.type.str());
    llvm::ArrayRef<Dim> ba = llvm::ArrayRef<Dim>(av.type.dims).drop_back(2);
    llvm::ArrayRef<Dim> bb = vector ? llvm::ArrayRef<Dim>()
                                    : llvm::ArrayRef<Dim>(cv.type.dims).drop_back(2);
    llvm::SmallVector<Dim> batch;
    if (!broadcastShapes(ba, bb, batch))
      return err(l, fn + ": batch dimensions could not be broadcast together: " +
                        av.type.str() + " and " + cv.type.str());
    std::vector<Val> sources{av, cv};
    llvm::SmallVector<Dim> sa(batch), sb(batch);
    sa.append({av.type.dims[av.type.rank() - 2], m});
    sb.push_back(bm);
    if (!vector)
      sb.push_back(cv.type.dims.back());
    av = broadcastTo(av, sa, sources, il);
    cv = broadcastTo(cv, sb, sources, il);
    Value r = nd::SolveOp::create(b, il, cv.value.getType(), av.value, cv.value);
    return Val::array(r, cv.type);
  }

  if (name == "qr") {
    if (!bindArgs(fn, {"a", "mode"}, 1, call, args))
      return std::nullopt;
    OptVal a = linalgOperand(*args[0], fn, 2);
    if (!a)
      return std::nullopt;
    std::optional<std::string> mode = stringChoice(args[1], "reduced");
    if (!mode || (*mode != "reduced" && *mode != "complete" && *mode != "r"))
      return err(args[1]->loc, fn + "(): mode must be 'reduced', 'complete' or 'r' "
                                    "('raw' is not supported)");
    bool complete = *mode == "complete";
    const Dim &m = a->type.dims[a->type.rank() - 2], &n = a->type.dims.back();
    Dim k = complete ? m : minDimOf(m, n);
    ArrType qt = stackType(*a, a->type.dtype, {m, k});
    ArrType rt = stackType(*a, a->type.dtype, {k, n});
    auto op = nd::QROp::create(
        b, il, qt.tensorType(&ctx), rt.tensorType(&ctx), a->value,
        nd::QRModeAttr::get(&ctx, complete ? nd::QRMode::complete : nd::QRMode::reduced));
    if (*mode == "r")
      return Val::array(op.getR(), rt);
    return tupleOf({Val::array(op.getQ(), qt), Val::array(op.getR(), rt)});
  }

  if (name == "svd") {
    if (!bindArgs(fn, {"a", "full_matrices", "compute_uv", "hermitian"}, 1, call, args))
      return std::nullopt;
    OptVal a = linalgOperand(*args[0], fn, 2);
    if (!a)
      return std::nullopt;
    std::optional<bool> full = boolArg(args[1], true, fn, "full_matrices");
    std::optional<bool> uv = full ? boolArg(args[2], true, fn, "compute_uv") : std::nullopt;
    std::optional<bool> herm = uv ? boolArg(args[3], false, fn, "hermitian") : std::nullopt;
    if (!herm)
      return std::nullopt;
    if (*herm)
      return err(args[3]->loc, fn + "(): hermitian=True is not supported; use "
                                    "linalg.eigh for Hermitian matrices");
    return svdOf(*a, *full, *uv, l);
  }

  if (name == "norm")
    return norm(fn, call);

  if (name == "slogdet") {
    if (!bindArgs(fn, {"a"}, 1, call, args))
      return std::nullopt;
    OptVal a = linalgOperand(*args[0], fn, 2);
    if (!a || !checkSquare(*a, fn, l))
      return std::nullopt;
    DType t = a->type.dtype;
    ArrType st = stackType(*a, t, {}), lt = stackType(*a, isComplex(t) ? complexPart(t) : t, {});
    auto op = nd::SlogdetOp::create(b, il, st.tensorType(&ctx), lt.tensorType(&ctx), a->value);
    return tupleOf({Val::array(op.getSign(), st), Val::array(op.getLogabsdet(), lt)});
  }

  if (name == "eig" || name == "eigvals") {
    if (!bindArgs(fn, {"a"}, 1, call, args))
      return std::nullopt;
    OptVal a = linalgOperand(*args[0], fn, 2);
    if (!a || !checkSquare(*a, fn, l))
      return std::nullopt;
    Dim m = a->type.dims.back();
    DType ct = complexFor(a->type.dtype);
    ArrType wt = stackType(*a, ct, {m});
    if (name == "eigvals")
      return Val::array(nd::EigvalsOp::create(b, il, wt.tensorType(&ctx), a->value), wt);
    ArrType vt = stackType(*a, ct, {m, m});
    auto op = nd::EigOp::create(b, il, wt.tensorType(&ctx), vt.tensorType(&ctx), a->value);
    return tupleOf({Val::array(op.getW(), wt), Val::array(op.getV(), vt)});
  }

  if (name == "lstsq")
    return lstsq(fn, call);
  if (name == "pinv")
    return pinv(fn, call);
  if (name == "matrix_power")
    return matrixPower(fn, call);

  llvm_unreachable("a linalg function of ModuleFunctions.def without a lowering");
}

/// A real number literal, possibly negated.
static std::optional<double> realLiteral(const Expr &e) {
  const Expr *v = &e;
  double sign = 1;
  if (v->kind == ExprKind::Unary && (v->name == "-" || v->name == "+")) {
    sign = v->name == "-" ? -1 : 1;
    v = v->lhs.get();
  }
  if (v->kind == ExprKind::Int)
    return sign * double(v->intValue);
  if (v->kind == ExprKind::Float)
    return sign * v->floatValue;
  return std::nullopt;
}

/// lstsq(a, b, rcond=None): x, residuals, rank, s (NumPy 1.x: no stacks).
OptVal Gen::lstsq(llvm::StringRef fn, const Expr &call) {
  SrcLoc l = call.loc;
  Location il = loc(l);
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(fn, {"a", "b", "rcond"}, 2, call, args))
    return std::nullopt;
  OptVal a = linalgOperand(*args[0], fn, 2);
  OptVal c = a ? linalgOperand(*args[1], fn, 1) : std::nullopt;
  if (!a || !c)
    return std::nullopt;
  if (a->type.rank() != 2 || c->type.rank() > 2)
    return err(l, fn + ": a must be two-dimensional and b one- or two-dimensional "
                       "(stacks are not supported), got " +
                      a->type.str() + " and " + c->type.str());
  std::optional<double> rcond;
  if (args[2] && args[2]->kind != ExprKind::None) {
    rcond = realLiteral(*args[2]);
    if (!rcond)
      return err(args[2]->loc, fn + "(): rcond must be None or a number literal");
  }
  DType t = promote(a->type.dtype, c->type.dtype);
  Val av = toArray(*a, t), cv = toArray(*c, t);
  const Dim &m = av.type.dims[0], &n = av.type.dims[1], &bm = cv.type.dims[0];
  if (!m.isNamed() && !bm.isNamed() && m.size != bm.size)
    return err(l, fn + ": Incompatible dimensions: " + av.type.str() + " and " +
                      cv.type.str());
  DType rt = isComplex(t) ? complexPart(t) : t;
  ArrType xt{t, {n}};
  if (cv.type.rank() == 2)
    xt.dims.push_back(cv.type.dims[1]);
  // How many residuals there are depends on the rank found at run time.
  ArrType rest{rt, {Dim::named("lstsq().residuals#" + std::to_string(++freshDims))}};
  ArrType kt{DType::I32, {}}, st{rt, {minDimOf(m, n)}};
  auto op = nd::LstsqOp::create(b, il, xt.tensorType(&ctx), rest.tensorType(&ctx),
                                kt.tensorType(&ctx), st.tensorType(&ctx), av.value, cv.value,
                                rcond ? b.getF64FloatAttr(*rcond) : FloatAttr());
  return tupleOf({Val::array(op.getX(), xt), Val::array(op.getResiduals(), rest),
                  Val::array(op.getRank(), kt), Val::array(op.getS(), st)});
}

/// pinv(a, rcond=1e-15) from the reduced SVD, as NumPy: singular values
/// <= rcond * max(s) count as zero.
OptVal Gen::pinv(llvm::StringRef fn, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(fn, {"a", "rcond", "hermitian"}, 1, call, args))
    return std::nullopt;
  OptVal a = linalgOperand(*args[0], fn, 2);
  std::optional<bool> herm = a ? boolArg(args[2], false, fn, "hermitian") : std::nullopt;
  if (!herm)
    return std::nullopt;
  if (*herm)
    return err(args[2]->loc, fn + "(): hermitian=True is not supported");
  double rcond = 1e-15;
  if (args[1]) {
    std::optional<double> r = realLiteral(*args[1]);
    if (!r)
      return err(args[1]->loc, fn + "(): rcond must be a number literal");
    rcond = *r;
  }
  OptVal usv = svdOf(*a, /*full=*/false, /*uv=*/true, l);
  if (!usv)
    return std::nullopt;
  const Val &u = usv->elts[0], &s = usv->elts[1], &vh = usv->elts[2];
  int64_t rank = a->type.rank();
  Val smax = reduceAxes(nd::ReduceKind::max, s, {rank - 2}, true, l);
  OptVal cutoff = binary("*", Val::floatLit(rcond), smax, l);
  OptVal large = cutoff ? compare(">", s, *cutoff, l) : std::nullopt;
  if (!large)
    return std::nullopt;
  // 1/s where large, else 0: keep / (s + 1 - keep) never divides by zero.
  Val keep = toArray(*large, s.type.dtype);
  OptVal flip = binary("-", Val::floatLit(1), keep, l);
  OptVal den = flip ? binary("+", s, *flip, l) : std::nullopt;
  OptVal sinv = den ? binary("/", keep, *den, l) : std::nullopt;
  if (!sinv)
    return std::nullopt;
  llvm::SmallVector<int64_t> swap;
  for (int64_t d = 0; d < rank; ++d)
    swap.push_back(d);
  std::swap(swap[rank - 2], swap[rank - 1]);
  auto adjoint = [&](const Val &x) {
    Val t = transposeVal(x, swap, l);
    return isComplex(t.type.dtype) ? complexPartOf("conj", t, l) : t;
  };
  OptVal scaled = binary("*", expandDims(*sinv, {rank - 1}, l), adjoint(u), l);
  if (!scaled)
    return std::nullopt;
  return matmul(adjoint(vh), *scaled, l, fn);
}

/// matrix_power(a, n) for an integer literal n, by repeated squaring in
/// NumPy's order of products (n < 0: of inv(a); n == 0: the identity in a's
/// dtype).
OptVal Gen::matrixPower(llvm::StringRef fn, const Expr &call) {
  SrcLoc l = call.loc;
  Location il = loc(l);
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(fn, {"a", "n"}, 2, call, args))
    return std::nullopt;
  std::optional<double> nv = realLiteral(*args[1]);
  const Expr *ne = args[1]->kind == ExprKind::Unary ? args[1]->lhs.get() : args[1];
  if (!nv || ne->kind != ExprKind::Int)
    return err(args[1]->loc, fn + "(): exponent must be an integer literal");
  int64_t n = int64_t(*nv);
  OptVal av = evalArrayOperand(*args[0], fn);
  if (!av)
    return std::nullopt;
  Val a = materialize(*av);
  if (a.type.rank() < 2)
    return err(args[0]->loc, fn + ": " + std::to_string(a.type.rank()) +
                                 "-dimensional array given. Array must be at least "
                                 "two-dimensional (" + a.type.str() + ")");
  if (!checkSquare(a, fn, l))
    return std::nullopt;
  if (n == 0) {
    std::vector<Val> sources{a};
    int64_t r = a.type.rank();
    Val rows = iota(DType::I64, a.type.dims, r - 2, sources, l);
    Val cols = iota(DType::I64, a.type.dims, r - 1, sources, l);
    OptVal eye = compare("==", rows, cols, l);
    return eye ? OptVal(toArray(*eye, a.type.dtype)) : std::nullopt;
  }
  if (n < 0) {
    OptVal f = linalgOperand(*args[0], fn, 2);
    if (!f)
      return std::nullopt;
    a = Val::array(nd::InvOp::create(b, il, f->value.getType(), f->value), f->type);
    n = -n;
  }
  // NumPy's short-cuts: n == 1 (NumPy returns `a` itself; here a copy, as
  // a call result is not a view of its argument), n == 3 is (a @ a) @ a.
  if (n == 1)
    return copyOf(a, l);
  if (n == 3) {
    OptVal sq = matmul(a, a, l, fn);
    return sq ? matmul(*sq, a, l, fn) : std::nullopt;
  }
  OptVal z, result;
  for (; n > 0; n /= 2) {
    z = z ? matmul(*z, *z, l, fn) : OptVal(a);
    if (!z)
      return std::nullopt;
    if (n % 2)
      result = result ? matmul(*result, *z, l, fn) : z;
    if (!result && n % 2)
      return std::nullopt;
  }
  return result;
}

/// svd of a (checked) stack of matrices: (u, s, vh), or s alone.
OptVal Gen::svdOf(const Val &a, bool full, bool uv, SrcLoc l) {
  Location il = loc(l);
  DType t = a.type.dtype;
  const Dim &m = a.type.dims[a.type.rank() - 2], &n = a.type.dims.back();
  Dim k = minDimOf(m, n);
  ArrType st = stackType(a, isComplex(t) ? complexPart(t) : t, {k});
  if (!uv)
    return Val::array(nd::SVDValsOp::create(b, il, st.tensorType(&ctx), a.value), st);
  ArrType ut = stackType(a, t, {m, full ? m : k});
  ArrType vt = stackType(a, t, {full ? n : k, n});
  auto op = nd::SVDOp::create(b, il, ut.tensorType(&ctx), st.tensorType(&ctx),
                              vt.tensorType(&ctx), a.value,
                              full ? b.getUnitAttr() : nullptr);
  return tupleOf({Val::array(op.getU(), ut), Val::array(op.getS(), st),
                  Val::array(op.getVh(), vt)});
}

namespace {
/// The `ord` of norm: None, a number (inf included), 'fro' or 'nuc'.
struct NormOrd {
  enum Kind { Default, Num, Fro, Nuc } kind = Default;
  double p = 0;
};
} // namespace

/// Reads `ord`: None, an int or float literal, `inf`/`np.inf` (negated or
/// not), 'fro' or 'nuc'.
static std::optional<NormOrd> parseNormOrd(const Expr *e,
                                           const llvm::StringSet<> &npAliases) {
  NormOrd o;
  if (!e || e->kind == ExprKind::None)
    return o;
  if (e->kind == ExprKind::String) {
    if (e->name == "fro")
      o.kind = NormOrd::Fro;
    else if (e->name == "nuc")
      o.kind = NormOrd::Nuc;
    else
      return std::nullopt;
    return o;
  }
  double sign = 1;
  if (e->kind == ExprKind::Unary && (e->name == "-" || e->name == "+")) {
    sign = e->name == "-" ? -1 : 1;
    e = e->lhs.get();
  }
  o.kind = NormOrd::Num;
  if (e->kind == ExprKind::Int)
    o.p = sign * double(e->intValue);
  else if (e->kind == ExprKind::Float)
    o.p = sign * e->floatValue;
  else if ((e->kind == ExprKind::Name && e->name == "inf") ||
           (e->kind == ExprKind::Attribute && e->name == "inf" &&
            e->lhs->kind == ExprKind::Name && npAliases.contains(e->lhs->name)))
    o.p = sign * INFINITY;
  else
    return std::nullopt;
  return o;
}

OptVal Gen::norm(llvm::StringRef fn, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(fn, {"x", "ord", "axis", "keepdims"}, 1, call, args))
    return std::nullopt;
  OptVal xv = evalArrayOperand(*args[0], fn);
  if (!xv)
    return std::nullopt;
  Val x = materialize(*xv);
  if (!isFloat(x.type.dtype) && !isComplex(x.type.dtype))
    x = toArray(x, DType::F64);
  std::optional<NormOrd> ord = parseNormOrd(args[1], npAliases);
  if (!ord)
    return err(args[1]->loc, fn + "(): ord must be None, a number, inf, -inf, 'fro' or "
                                  "'nuc' (as a literal)");
  std::optional<bool> keep = parseKeepdims(args[3], fn);
  if (!keep)
    return std::nullopt;
  int64_t rank = x.type.rank();
  llvm::SmallVector<int64_t> axes; // in the order given (row, col for matrices)
  const Expr *axis = args[2];
  if (!axis || axis->kind == ExprKind::None) {
    if (ord->kind != NormOrd::Default && rank != 1 && rank != 2)
      return err(l, fn + ": Improper number of dimensions to norm (" + x.type.str() +
                        " with an ord and no axis)");
    for (int64_t d = 0; d < rank; ++d)
      axes.push_back(d);
  } else {
    llvm::SmallVector<const Expr *> items;
    if (axis->kind == ExprKind::Tuple)
      for (const ExprPtr &e : axis->elts)
        items.push_back(e.get());
    else
      items.push_back(axis);
    for (const Expr *e : items) {
      std::optional<int64_t> v = axisLiteral(*e);
      if (!v)
        return err(e->loc, fn + "(): axis must be None, an integer literal or a tuple "
                                "of two integer literals");
      int64_t d = *v < 0 ? *v + rank : *v;
      if (d < 0 || d >= rank)
        return err(e->loc, "axis " + std::to_string(*v) +
                               " is out of bounds for array of dimension " +
                               std::to_string(rank));
      if (llvm::is_contained(axes, d))
        return err(e->loc, fn + ": Duplicate axes given");
      axes.push_back(d);
    }
    if (axes.size() > 2)
      return err(axis->loc, fn + ": Improper number of dimensions to norm");
  }

  DType rt = isComplex(x.type.dtype) ? complexPart(x.type.dtype) : x.type.dtype;
  Val a = isComplex(x.type.dtype)
              ? complexPartOf("abs", x, l)
              : Val::array(nd::AbsOp::create(b, loc(l), x.value.getType(), x.value), x.type);
  llvm::SmallVector<int64_t> sorted(axes);
  llvm::sort(sorted);
  auto sumSquares = [&]() -> OptVal {
    OptVal sq = binary("*", a, a, l);
    if (!sq)
      return std::nullopt;
    return unaryFloat(Builtin::Sqrt, "sqrt", reduceAxes(nd::ReduceKind::sum, *sq, sorted,
                                                        *keep, l),
                      l);
  };
  // ord None: the 2-norm of the flattened array (any rank), or of the axes.
  if (ord->kind == NormOrd::Default || (ord->kind == NormOrd::Fro && axes.size() == 2))
    return sumSquares();

  if (axes.size() == 1) {
    if (ord->kind != NormOrd::Num)
      return err(args[1]->loc, fn + ": Invalid norm order '" + args[1]->name +
                                   "' for vectors");
    double p = ord->p;
    if (p == INFINITY || p == -INFINITY)
      return reduceAxes(p > 0 ? nd::ReduceKind::max : nd::ReduceKind::min, a, sorted,
                        *keep, l);
    if (p == 0) {
      OptVal nz = compare("!=", a, Val::intLit(0), l);
      if (!nz)
        return std::nullopt;
      return reduceAxes(nd::ReduceKind::sum, toArray(*nz, rt), sorted, *keep, l);
    }
    if (p == 1)
      return reduceAxes(nd::ReduceKind::sum, a, sorted, *keep, l);
    if (p == 2)
      return sumSquares();
    OptVal pw = binary("**", a, Val::floatLit(p), l);
    if (!pw)
      return std::nullopt;
    return binary("**", reduceAxes(nd::ReduceKind::sum, *pw, sorted, *keep, l),
                  Val::floatLit(1.0 / p), l);
  }

  // Matrix norms over (row, col) = axes.
  int64_t row = axes[0], col = axes[1];
  if (ord->kind == NormOrd::Num && (ord->p == 1 || ord->p == -1 || ord->p == INFINITY ||
                                    ord->p == -INFINITY)) {
    // 1: max over columns of the column sums; inf: max over rows of the row sums.
    bool colSums = ord->p == 1 || ord->p == -1;
    Val sums = reduceAxes(nd::ReduceKind::sum, a, {colSums ? row : col}, true, l);
    return reduceAxes(ord->p > 0 ? nd::ReduceKind::max : nd::ReduceKind::min, sums, sorted,
                      *keep, l);
  }
  if (ord->kind == NormOrd::Nuc || (ord->kind == NormOrd::Num && (ord->p == 2 ||
                                                                  ord->p == -2))) {
    if (x.type.dtype == DType::F16 || x.type.dtype == DType::BF16)
      return err(args[0]->loc, fn + ": array type " + halfName(x.type.dtype) +
                                   " is unsupported in linalg");
    // Singular values of the (row, col) matrices moved last.
    llvm::SmallVector<int64_t> perm;
    for (int64_t d = 0; d < rank; ++d)
      if (d != row && d != col)
        perm.push_back(d);
    perm.append({row, col});
    Val moved = transposeVal(x, perm, l);
    OptVal s = svdOf(moved, false, false, l);
    if (!s)
      return std::nullopt;
    nd::ReduceKind kind = ord->kind == NormOrd::Nuc ? nd::ReduceKind::sum
                          : ord->p > 0              ? nd::ReduceKind::max
                                                    : nd::ReduceKind::min;
    Val r = reduceAxes(kind, *s, {int64_t(s->type.rank()) - 1}, false, l);
    return *keep ? expandDims(r, sorted, l) : r;
  }
  return err(args[1]->loc, fn + ": Invalid norm order for matrices");
}
