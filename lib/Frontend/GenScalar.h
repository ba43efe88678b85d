//===- GenScalar.h - scalar code of @vectorize bodies -----------*- C++ -*-===//
//
// `ScalarBody` generates the body of a `@vectorize` function (and of the
// functions it calls, inlined) as scalar code for given argument dtypes:
// arith/math ops, `if`/`elif`/`else` -> scf.if, `for ... in range(...)` ->
// scf.for, `while` -> scf.while. Scalars promote as NumPy's scalar
// arithmetic does (NEP 50: Python numbers are weak). GenScalarStmt.cpp holds
// the statements, GenScalarExpr.cpp the expressions and types,
// GenVectorize.cpp the call that wraps the body in one ndarray.map.
//
// A `return` inside an `if` makes the rest of the block that branch's
// alternative (the rest is generated on each path that reaches it); a
// `return` inside a loop is rejected. Variables assigned in a loop and
// defined before it are carried; their dtype is the promotion of every
// value they take (the loop is regenerated until the types settle).
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_FRONTEND_GENSCALAR_H
#define ARRAYC_FRONTEND_GENSCALAR_H

#include "Frontend/Gen.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace arrayc::frontend::gen {

/// The dtypes a scalar body computes on (ndarray.map's map_c4).
inline bool isScalarDType(DType t) { return !isUnsigned(t) && !isComplex(t); }

/// A scalar during the lowering of a vectorized body.
struct Scalar {
  Value v;
  DType t = DType::F64;
  /// A Python number (a literal, `float(...)`, a `range` index): NEP 50 lets
  /// the other operand's dtype win.
  std::optional<Weak> weak;
};

/// The scalar code of one @vectorize body (and of the functions it calls,
/// inlined).
class ScalarBody {
public:
  ScalarBody(Gen &g, unsigned depth) : g(g), b(g.b), depth(depth) {}

  /// The body of `def` for the parameter values `args`: its results.
  std::optional<llvm::SmallVector<Scalar>> genFunction(const Stmt &def,
                                                       llvm::ArrayRef<Scalar> args);
  /// `x` converted to `t` (NumPy's astype), no longer weak.
  Scalar cast(const Scalar &x, DType t, SrcLoc l);

private:
  Gen &g;
  OpBuilder &b;
  unsigned depth;
  const Stmt *def = nullptr;
  llvm::StringMap<Scalar> vars;
  /// Names assigned on some paths only, with the error a later read gives.
  llvm::StringMap<std::string> unbound;

  bool fail(SrcLoc l, const llvm::Twine &m) { return g.fail(l, m); }
  std::nullopt_t err(SrcLoc l, const llvm::Twine &m) { return g.err(l, m); }
  Location loc(SrcLoc l) { return g.loc(l); }
  Type mlirType(DType t) { return toMLIR(t, &g.ctx); }

  bool genTail(llvm::ArrayRef<const Stmt *> seq, llvm::SmallVector<Scalar> &out);
  /// An `scf.if` on `cond` with the branches of `shell` (a result-less if
  /// whose blocks hold the code) yielding `vals[k]`, each cast to the
  /// promotion of the two branches' values (into `merged`).
  std::optional<mlir::scf::IfOp> mergeIf(mlir::scf::IfOp shell, Value cond,
                                   llvm::ArrayRef<Scalar> vals0,
                                   llvm::ArrayRef<Scalar> vals1, SrcLoc at,
                                   llvm::SmallVectorImpl<Scalar> &merged);
  /// Ends one pass over a loop body: the values of the carried `names`
  /// widen `types`; when none changed (`settled`), the body yields them.
  bool yieldCarried(llvm::ArrayRef<std::string> names,
                    llvm::MutableArrayRef<Scalar> types, SrcLoc at, bool &settled);
  /// Creates a loop for the carried names and their current dtypes, its
  /// body ended by yieldCarried; null on an error.
  using LoopBuilder = llvm::function_ref<mlir::Operation *(
      llvm::ArrayRef<std::string> names, llvm::MutableArrayRef<Scalar> types,
      bool &settled)>;
  /// A loop carrying the names its body assigns that are defined before
  /// it, regenerated until their dtypes settle.
  bool genCarryingLoop(const Stmt &loop, llvm::StringRef loopVar, LoopBuilder build);
  /// After a loop: its results bound to the carried names, the names only
  /// the body assigned unbound (with the error a later read gives).
  void endLoop(const Stmt &loop, llvm::ArrayRef<std::string> names,
               llvm::ArrayRef<Scalar> types, mlir::ValueRange results,
               llvm::StringRef loopVar = {});
  bool genReturn(const Stmt &s, llvm::SmallVector<Scalar> &out);
  bool genIfTail(const Stmt &s, llvm::ArrayRef<const Stmt *> rest,
                 llvm::SmallVector<Scalar> &out);
  bool genStmt(const Stmt &s);
  bool genBlock(const std::vector<StmtPtr> &body);
  bool assign(const Expr &target, Scalar v);
  bool genIf(const Stmt &s);
  bool genFor(const Stmt &s);
  bool genWhile(const Stmt &s);

  std::optional<Scalar> eval(const Expr &e);
  std::optional<Scalar> name(const Expr &e);
  std::optional<Scalar> binary(llvm::StringRef op, Scalar x, Scalar y, SrcLoc l);
  std::optional<Scalar> compare(llvm::StringRef op, Scalar x, Scalar y, SrcLoc l);
  std::optional<Scalar> unary(const Expr &e);
  std::optional<Scalar> call(const Expr &e);
  std::optional<Scalar> mathCall(llvm::StringRef fn, llvm::ArrayRef<Scalar> a,
                                 const Expr &e);
  std::optional<Scalar> inlineCall(const FuncInfo &fn, llvm::ArrayRef<Scalar> a,
                                   const Expr &e);

  Scalar constant(double f, int64_t i, DType t, std::optional<Weak> weak);
  Value truth(const Scalar &x, SrcLoc l);
  /// The dtype two scalars compute in, and whether the result stays weak.
  bool common(const Scalar &x, const Scalar &y, SrcLoc l, DType &t,
              std::optional<Weak> &weak);
  /// Names `body` assigns that are defined now (carried by a loop or if).
  llvm::SmallVector<std::string> carried(const std::vector<StmtPtr> &body,
                                         const std::vector<StmtPtr> *orelse = nullptr);
};

} // namespace arrayc::frontend::gen

#endif // ARRAYC_FRONTEND_GENSCALAR_H
