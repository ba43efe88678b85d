//===- MLIRGen.cpp - checked lowering of the AST to ndarray IR ------------===//
//
// One walk over each function body both checks (types, shapes, arity, where
// host-side calls may appear) and emits IR; every check runs before the op
// it guards is built, so the emitted IR always verifies. Python scalars stay
// unmaterialized "weak" literals (folded with Python semantics) until they
// meet an array, so NEP 50 promotion can use the array's dtype.
//
// Functions are lowered on demand: a call to a function whose body has not
// been lowered yet lowers it first; meeting a function that is still being
// lowered is recursion, which is an error.
//
//===----------------------------------------------------------------------===//

#include "Frontend/MLIRGen.h"
#include "Frontend/Sema.h"

#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <map>
#include <set>

using namespace arrayc::frontend;
using namespace mlir;
namespace nd = arrayc::ndarray;

static bool isExtBuiltin(llvm::StringRef n);
// Control flow helpers (MLIRGenStatements.inc).
static bool alwaysReturns(const std::vector<StmtPtr> &body);
static bool hasNestedReturn(const std::vector<StmtPtr> &body);
static std::string resultSlot(size_t i);
static std::optional<double> extConstant(llvm::StringRef n);

namespace {

static const char *weakName(Weak w) {
  switch (w) {
  case Weak::Int: return "a Python int";
  case Weak::Float: return "a Python float";
  case Weak::Complex: return "a Python complex";
  case Weak::Bool: return "a Python bool";
  }
  return "a Python scalar";
}

/// The dtype NumPy gives a Python scalar of kind `w` on its own.
static DType weakDefault(Weak w) {
  switch (w) {
  case Weak::Int: return DType::I64;
  case Weak::Float: return DType::F64;
  case Weak::Complex: return DType::C128;
  case Weak::Bool: return DType::Bool;
  }
  return DType::F64;
}

/// A value during lowering.
struct Val {
  enum Kind { Array, Lit, Str, None, Tuple } kind = None;
  // Array.
  Value value;
  ArrType type;
  // Lit: a weak Python scalar. An Array with `weakRt` is a Python scalar
  // only known at run time (a loop index, a scalar carried by a loop): a 0-d
  // i64/f64/bool array that still promotes as the weak kind `weak`.
  Weak weak = Weak::Int;
  bool weakRt = false;
  int64_t i = 0;
  double f = 0;  ///< A float's value; a complex's real part.
  double im = 0; ///< A complex's imaginary part.
  SrcLoc at; ///< Where a Lit was written (or folded).
  // Str.
  std::string str;
  // Tuple.
  std::vector<Val> elts;

  static Val array(Value v, ArrType t) {
    Val r;
    r.kind = Array;
    r.value = v;
    r.type = std::move(t);
    return r;
  }
  static Val intLit(int64_t v) {
    Val r;
    r.kind = Lit;
    r.weak = Weak::Int;
    r.i = v;
    return r;
  }
  static Val floatLit(double v) {
    Val r;
    r.kind = Lit;
    r.weak = Weak::Float;
    r.f = v;
    return r;
  }
  static Val complexLit(double re, double imag) {
    Val r;
    r.kind = Lit;
    r.weak = Weak::Complex;
    r.f = re;
    r.im = imag;
    return r;
  }
  static Val boolLit(bool v) {
    Val r;
    r.kind = Lit;
    r.weak = Weak::Bool;
    r.i = v;
    return r;
  }
  /// The value as a double (a complex's real part, as NumPy's astype).
  double asDouble() const {
    return weak == Weak::Float || weak == Weak::Complex ? f : double(i);
  }
  std::complex<double> asComplex() const { return {asDouble(), im}; }
  std::string describe() const {
    switch (kind) {
    case Array:
      return type.str();
    case Lit:
      return weakName(weak);
    case Str:
      return "a string";
    case None:
      return "None";
    case Tuple:
      return "a tuple of " + std::to_string(elts.size()) + " values";
    }
    return "a value";
  }
};

using OptVal = std::optional<Val>;

/// A type description for diagnostics that names run-time Python scalars.
static std::string describeVal(const Val &v) {
  if (v.kind == Val::Array && v.weakRt)
    return weakName(v.weak);
  return v.describe();
}

/// A complex value: a Python complex or an array of a complex dtype.
static bool isComplexVal(const Val &v) {
  return (v.kind == Val::Lit && v.weak == Weak::Complex) ||
         (v.kind == Val::Array && isComplex(v.type.dtype));
}

struct FuncInfo {
  const Stmt *def = nullptr;
  bool isMain = false;
  llvm::SmallVector<ArrType> params;
  llvm::SmallVector<ArrType> results;
  /// No `-> ...` but a top-level `return value`: the results are the types
  /// of the first `return` (then fixed, as if declared).
  bool inferResults = false;
  func::FuncOp op;
  enum State { NotStarted, InProgress, Done } state = NotStarted;
};

/// Where a named dimension of `main` was first seen (a loaded array's axis).
struct DimSource {
  Value value;
  int64_t axis;
  std::string path;
};

struct Scope {
  FuncInfo *fn = nullptr;
  llvm::StringMap<Val> vars;
  llvm::StringMap<DimSource> dims;
  /// Names unbound after an if/loop (assigned on one path only): the error.
  llvm::StringMap<std::string> unbound;
};

enum class Builtin {
  None,
  Sqrt, Exp, Log, Sin, Cos, Tanh,
  Abs, Negative,
  Maximum, Minimum, Add, Subtract, Multiply, Divide, Power,
  Sum, Prod, Max, Min,
  Print, Save, Load,
};

struct WinDim;
struct ShapeEntry;

class Gen {
public:
  Gen(MLIRContext &ctx, llvm::StringRef file) : ctx(ctx), b(&ctx), file(file) {}

  OwningOpRef<ModuleOp> run(const Module &m);
  /// The exported functions' signatures, in source order (after run).
  void signatures(std::vector<arrayc::FunctionSignature> &out) const {
    auto value = [](const ArrType &t, std::string name) {
      arrayc::ValueSignature v;
      v.name = std::move(name);
      v.dtype = static_cast<int32_t>(t.dtype);
      for (const Dim &d : t.dims) {
        v.dims.push_back(d.isNamed() ? -1 : d.size);
        v.names.push_back(d.name);
      }
      return v;
    };
    for (const std::string &name : funcOrder) {
      const FuncInfo &fn = funcs.find(name)->second;
      if (fn.isMain)
        continue;
      arrayc::FunctionSignature sig;
      sig.name = name;
      for (auto [i, t] : llvm::enumerate(fn.params))
        sig.params.push_back(value(t, fn.def->params[i].name));
      for (const ArrType &t : fn.results)
        sig.results.push_back(value(t, ""));
      out.push_back(std::move(sig));
    }
  }

private:
  MLIRContext &ctx;
  OpBuilder b;
  std::string file;
  bool failed = false;
  llvm::StringSet<> npAliases{"np", "numpy"};
  /// Expressions already evaluated once for the statement being generated
  /// (the index of `x[i] op= y`, read and written): eval gives the value.
  llvm::DenseMap<const Expr *, Val> pinned;
  llvm::StringMap<FuncInfo> funcs;
  std::vector<std::string> funcOrder;
  Scope *scope = nullptr;

  Location loc(SrcLoc l) { return FileLineColLoc::get(&ctx, file, l.line, l.col); }
  std::nullopt_t err(SrcLoc l, const llvm::Twine &msg) {
    if (!failed)
      emitError(loc(l)) << msg;
    failed = true;
    return std::nullopt;
  }
  bool fail(SrcLoc l, const llvm::Twine &msg) {
    err(l, msg);
    return false;
  }

  // Declarations and bodies.
  bool declare(const Stmt &def);
  bool genFunction(FuncInfo &fn);
  bool genStmt(const Stmt &s, bool &returned);
  bool genReturn(const Stmt &s);
  bool returnValues(const Stmt &s, std::vector<Val> &out);
  bool assign(const Expr &target, Val v);
  bool genAnnAssign(const Stmt &s);
  bool genAugAssign(const Stmt &s);

  // Expressions.
  OptVal eval(const Expr &e);
  OptVal evalImpl(const Expr &e);
  OptVal evalArrayOperand(const Expr &e, llvm::StringRef what);
  OptVal evalCall(const Expr &call);
  OptVal callUser(FuncInfo &fn, llvm::StringRef name, const Expr &call);
  OptVal callBuiltin(Builtin bi, llvm::StringRef name, const Expr &call);
  Builtin lookupBuiltin(llvm::StringRef name, bool viaModule);

  bool checkBroadcast(const Val &a, const Val &c,
                      llvm::SmallVectorImpl<Dim> &shape, SrcLoc l);
  OptVal binary(llvm::StringRef op, Val a, Val b, SrcLoc l);
  OptVal compare(llvm::StringRef op, Val a, Val b, SrcLoc l);
  OptVal foldBinary(llvm::StringRef op, const Val &a, const Val &b, SrcLoc l);
  OptVal negate(Val a, SrcLoc l);
  OptVal unaryFloat(Builtin bi, llvm::StringRef name, Val a, SrcLoc l);
  OptVal reduce(Builtin bi, llvm::StringRef name, Val a, const Expr *axis,
                const Expr *keepdims, SrcLoc l);
  OptVal genPrint(const Expr &call);
  OptVal genSave(const Expr &call);
  OptVal genLoad(const Expr &call, const ArrType &type, SrcLoc annLoc);

  // IR helpers.
  Value constant(const Val &lit, DType t);
  Val toArray(const Val &v, DType t);        ///< Materialize or cast to t.
  Val materialize(const Val &v);             ///< Lit -> default-dtype array.
  Value dimValue(const std::vector<Val> &sources, llvm::ArrayRef<Dim> shape,
                 size_t axis, Location l);
  Val broadcastTo(const Val &v, llvm::ArrayRef<Dim> shape,
                  const std::vector<Val> &sources, Location l);
  bool weakFits(const Val &lit, DType t, SrcLoc l);
  bool coerceTo(Val &v, const ArrType &want, SrcLoc l, const llvm::Twine &what);
  bool bindArgs(llvm::StringRef fname, llvm::ArrayRef<std::string> names,
                size_t required, const Expr &call,
                llvm::SmallVectorImpl<const Expr *> &out);
  bool requireHost(llvm::StringRef name, SrcLoc l);

  // The NumPy builtins beyond the spine's (MLIRGenBuiltins.inc).
  OptVal extBuiltin(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  OptVal creation(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  OptVal ufunc(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  OptVal statistic(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  OptVal contraction(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  OptVal einsum(llvm::StringRef full, const Expr &call);
  OptVal randomCall(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  // numpy.fft (MLIRGenFFT.inc).
  bool isFFTModule(const Expr &e, std::string &shown);
  OptVal fftCall(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  std::optional<int64_t> fftLength(const Expr &e, llvm::StringRef fn, bool allowMinusOne);
  OptVal fftAlongAxis(nd::FFTKind kind, const Val &a, int64_t axis, int64_t length,
                      nd::FFTNorm norm, SrcLoc l);
  OptVal matmul(Val a, Val c, SrcLoc l, llvm::StringRef name);
  OptVal contract(llvm::ArrayRef<Val> ops,
                  llvm::ArrayRef<llvm::SmallVector<unsigned>> labels,
                  llvm::ArrayRef<unsigned> outLabels, llvm::ArrayRef<Dim> loopDims,
                  SrcLoc l);
  std::optional<DType> parseDType(const Expr &e, llvm::StringRef fname);
  bool parseShape(const Expr &e, llvm::StringRef fname, llvm::SmallVectorImpl<Dim> &dims);
  bool parseAxes(const Val &a, const Expr *axis, llvm::StringRef name,
                 llvm::SmallVectorImpl<int64_t> &axes, bool single);
  std::optional<bool> parseKeepdims(const Expr *e, llvm::StringRef name);
  Val litAs(const Val &v, DType t);
  Val fill(const Val &value, DType t, llvm::ArrayRef<Dim> dims,
           const std::vector<Val> &sources, SrcLoc l);
  Val iota(DType t, llvm::ArrayRef<Dim> dims, int64_t dim,
           const std::vector<Val> &sources, SrcLoc l);
  Val unaryMath(llvm::StringRef fn, const Val &x, DType out, SrcLoc l);
  /// `real imag conj abs` of an array (complex or not), as NumPy.
  Val complexPartOf(llvm::StringRef fn, const Val &x, SrcLoc l);
  bool promoteBinary(Val &x, Val &y, DType &t, SrcLoc l);
  Val reduceAxes(nd::ReduceKind kind, const Val &x, llvm::ArrayRef<int64_t> axes,
                 bool keep, SrcLoc l);
  Val countOver(const Val &x, llvm::ArrayRef<int64_t> axes, bool keep, DType t,
                SrcLoc l);
  void initRandomState(SrcLoc l);
  Val flatten(const Val &a, SrcLoc l);
  bool isRandomModule(const Expr &e);
  // numpy.linalg (MLIRGenLinalg.inc).
  bool isLinalgModule(const Expr &e);
  OptVal linalgCall(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  OptVal linalgOperand(const Expr &e, llvm::StringRef fn, unsigned minRank);
  bool checkSquare(const Val &x, llvm::StringRef fn, SrcLoc l);
  std::optional<bool> boolArg(const Expr *e, bool dflt, llvm::StringRef fn,
                              llvm::StringRef param);
  OptVal svdOf(const Val &a, bool full, bool uv, SrcLoc l);
  OptVal norm(llvm::StringRef fn, const Expr &call);
  // Statements and operators (MLIRGenStatements.inc).
  bool genBlock(const std::vector<StmtPtr> &body, size_t from = 0);
  bool genCompound(const Stmt &s);
  bool genIf(const Stmt &s);
  bool genBranches(const Val &c, SrcLoc condLoc, llvm::function_ref<bool()> thenFn,
                   llvm::function_ref<bool()> elseFn,
                   std::optional<SrcLoc> ifLoc = std::nullopt);
  llvm::SmallVector<llvm::StringRef, 3> exitFlags();
  OptVal stillRunning(SrcLoc l);
  void clearExitFlags();
  bool genGuarded(SrcLoc l, llvm::function_ref<bool()> fn);
  std::optional<Value> whileCondition(const Stmt &s, const struct Exits &ex,
                                      bool &never);
  bool genReturnToSlots(const Stmt &s);
  bool initResultSlots(SrcLoc l);
  Value namedDimValue(llvm::StringRef name, Location l);
  OptVal namedDimAsValue(llvm::StringRef name, SrcLoc l);
  Val sizeOf(const Val &a, int64_t d, SrcLoc l);
  bool genFor(const Stmt &s);
  bool genWhile(const Stmt &s);
  bool genAssert(const Stmt &s);
  std::optional<Value> condition(const Val &v, SrcLoc l, llvm::StringRef what);
  std::optional<bool> staticTruth(const Val &v);
  OptVal intOperator(llvm::StringRef op, Val a, Val c, SrcLoc l);
  OptVal foldIntOperator(llvm::StringRef op, const Val &a, const Val &c,
                         SrcLoc l);
  OptVal unaryInvert(Val a, SrcLoc l);
  OptVal logicalNot(Val a, SrcLoc l);
  OptVal boolOp(const Expr &e);
  OptVal chainedCompare(const Expr &e);
  OptVal weakRtBinary(llvm::StringRef op, Val a, Val c, SrcLoc l);
  Val toWeakRt(const Val &v);
  bool promoteOperands(const Val &a, const Val &c, DType &t);
  // Indexing, shape functions, attributes and methods (MLIRGenIndexing.inc).
  llvm::DenseMap<Value, Dim> shapeDims; ///< `x.shape[k]` values of named dims.
  unsigned freshDims = 0;
  Value idx(int64_t v);
  Value dimIndex(const Val &a, int64_t d, Location l);
  bool sliceDim(const Val &a, int64_t d, const Expr *lo, const Expr *hi,
                const Expr *step, WinDim &w, SrcLoc l);
  bool indexDim(const Val &a, int64_t d, const Expr &e, WinDim &w);
  bool runtimeInt(const Expr &e, std::optional<int64_t> &lit, Value &dyn,
                  llvm::StringRef what, Value *source = nullptr);
  Value checkedIndex(Value i, Value n, int64_t d, SrcLoc l);
  bool runtimeSliceDim(const Val &a, int64_t d, const Expr *lo, const Expr *hi,
                       std::optional<int64_t> vlo, std::optional<int64_t> vhi,
                       Value dlo, Value dhi, llvm::StringRef boundsKey,
                       int64_t step, const Expr *stepE, WinDim &w, SrcLoc l);
  std::map<std::string, std::string> runtimeSliceNames; ///< bounds -> dim name
  std::set<std::string> usedSliceNames;
  bool buildWindow(const Val &a, const Expr &sub, llvm::SmallVectorImpl<WinDim> &win,
                   llvm::SmallVectorImpl<int64_t> &layout);
  Val emitSlice(const Val &a, llvm::ArrayRef<WinDim> win, SrcLoc l);
  Val reshapeTo(const Val &a, const ArrType &to, llvm::ArrayRef<Value> dyn, SrcLoc l);
  OptVal genSubscript(const Expr &e);
  bool assignSubscript(const Expr &target, Val v);
  bool shapeArg(const Val &v, SrcLoc l, llvm::SmallVectorImpl<ShapeEntry> &out);
  OptVal reshapeVal(const Val &a, const Val &shape, SrcLoc l);
  Val transposeVal(const Val &a, llvm::ArrayRef<int64_t> perm, SrcLoc l);
  std::optional<int64_t> axisArg(const Expr *e, int64_t rank, llvm::StringRef fn);
  bool axesArg(const Expr *e, int64_t rank, llvm::StringRef fn,
               llvm::SmallVectorImpl<int64_t> &out);
  OptVal concatVals(std::vector<Val> xs, int64_t axis, bool hasAxis,
                    llvm::StringRef fn, SrcLoc l);
  Val expandDims(const Val &a, llvm::ArrayRef<int64_t> axesSorted, SrcLoc l);
  OptVal genShapeCall(llvm::StringRef name, llvm::StringRef shown, const Expr &call,
                      bool &handled);
  OptVal genAttribute(const Expr &e, Val obj);
  std::optional<DType> dtypeArg(const Expr &e);
  OptVal genMethod(const Expr &call, const Expr &f, Val obj);
  bool printTuple(const Val &t, SrcLoc l, llvm::SmallVectorImpl<Attribute> &pieces,
                  llvm::SmallVectorImpl<Value> &operands);
};

} // namespace

//===----------------------------------------------------------------------===//
// Module and functions
//===----------------------------------------------------------------------===//

/// `f32[n]`, or `(f32[n], i64)` for several results.
static std::string describeResults(llvm::ArrayRef<ArrType> results) {
  std::string s;
  for (const ArrType &t : results)
    s += (s.empty() ? "" : ", ") + t.str();
  return results.size() == 1 ? s : "(" + s + ")";
}

OwningOpRef<ModuleOp> Gen::run(const Module &m) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc({1, 1}));
  b.setInsertionPointToEnd(module->getBody());
  for (const StmtPtr &s : m.body) {
    switch (s->kind) {
    case StmtKind::Import:
      if (s->module != "numpy") {
        if (llvm::StringRef(s->module).starts_with("numpy."))
          return err(s->loc, "only `import numpy` and `import numpy as np` "
                             "are supported"),
                 nullptr;
        return err(s->loc, "module '" + s->module +
                               "' is not supported; arrayc programs use "
                               "`import numpy as np`"),
               nullptr;
      }
      npAliases.insert(s->alias.empty() ? "numpy" : s->alias);
      break;
    case StmtKind::Expr:
      if (s->value->kind == ExprKind::String)
        break; // A docstring.
      return err(s->loc, "only imports, function definitions and docstrings "
                         "are allowed at the top level"),
             nullptr;
    case StmtKind::FunctionDef:
      if (!declare(*s))
        return nullptr;
      break;
    case StmtKind::Pass:
      break;
    default:
      return err(s->loc, "only imports, function definitions and docstrings "
                         "are allowed at the top level"),
             nullptr;
    }
  }
  for (const std::string &name : funcOrder) {
    FuncInfo &fn = funcs[name];
    if (fn.state == FuncInfo::NotStarted && !genFunction(fn))
      return nullptr;
  }
  if (failed)
    return nullptr;
  return module;
}

bool Gen::declare(const Stmt &def) {
  if (def.name == "arrayc_main")
    return fail(def.loc, "the function name 'arrayc_main' is reserved");
  if (funcs.count(def.name))
    return fail(def.loc, "function '" + def.name + "' is already defined at line " +
                             std::to_string(funcs[def.name].def->loc.line));
  FuncInfo fn;
  fn.def = &def;
  fn.isMain = def.name == "main";
  auto error = [&](SrcLoc l, const std::string &msg) { err(l, msg); };
  llvm::StringSet<> paramNames;
  if (fn.isMain) {
    if (!def.params.empty())
      return fail(def.params[0].loc, "main() takes no parameters");
    if (def.returns && def.returns->kind != ExprKind::None)
      return fail(def.returns->loc,
                  "main() returns nothing; remove the '-> ...' annotation");
  }
  for (const Param &p : def.params) {
    if (!paramNames.insert(p.name).second)
      return fail(p.loc, "duplicate parameter '" + p.name + "' in '" +
                             def.name + "'");
    if (!p.annotation)
      return fail(p.loc, "parameter '" + p.name + "' of '" + def.name +
                             "' needs a type annotation, e.g. `" + p.name +
                             ": f32[n]`");
    std::optional<ArrType> t = parseTypeAnnotation(*p.annotation, error);
    if (!t)
      return false;
    fn.params.push_back(*t);
  }
  if (def.returns && def.returns->kind != ExprKind::None) {
    llvm::SmallVector<const Expr *> rs;
    if (def.returns->kind == ExprKind::Tuple)
      for (const ExprPtr &e : def.returns->elts)
        rs.push_back(e.get());
    else
      rs.push_back(def.returns.get());
    if (rs.empty())
      return fail(def.returns->loc, "expected at least one result type");
    for (const Expr *r : rs) {
      std::optional<ArrType> t = parseTypeAnnotation(*r, error);
      if (!t)
        return false;
      // Nothing in a function body creates a new size: every result
      // dimension name comes from a parameter.
      for (const Dim &d : t->dims) {
        bool found = false;
        for (const ArrType &p : fn.params)
          found |= llvm::is_contained(p.dims, d);
        if (d.isNamed() && !found)
          return fail(r->loc, "dimension '" + d.name + "' in the result of '" +
                                  def.name +
                                  "' does not appear in its parameters");
      }
      fn.results.push_back(*t);
    }
  }
  if (!def.returns && !fn.isMain &&
      llvm::any_of(def.body, [](const StmtPtr &st) {
        return st->kind == StmtKind::Return && st->value;
      })) {
    if (hasNestedReturn(def.body))
      return fail(def.loc, "'" + def.name + "' has no `-> ...` and returns from inside "
                                           "if/for/while: declare its result types");
    fn.inferResults = true;
  }
  llvm::SmallVector<Type> ins, outs;
  for (const ArrType &t : fn.params)
    ins.push_back(t.tensorType(&ctx));
  for (const ArrType &t : fn.results)
    outs.push_back(t.tensorType(&ctx));
  fn.op = func::FuncOp::create(b, loc(def.loc),
                               fn.isMain ? "arrayc_main" : def.name,
                               b.getFunctionType(ins, outs));
  funcOrder.push_back(def.name);
  funcs[def.name] = std::move(fn);
  return true;
}

bool Gen::genFunction(FuncInfo &fn) {
  fn.state = FuncInfo::InProgress;
  OpBuilder::InsertionGuard guard(b);
  Scope local;
  local.fn = &fn;
  Scope *outer = scope;
  scope = &local;
  auto restore = llvm::make_scope_exit([&] { scope = outer; });

  Block *entry = fn.op.addEntryBlock();
  b.setInsertionPointToStart(entry);
  if (fn.isMain)
    initRandomState(fn.def->loc);
  for (auto [i, p] : llvm::enumerate(fn.def->params))
    local.vars[p.name] = Val::array(entry->getArgument(i), fn.params[i]);

  const std::vector<StmtPtr> &body = fn.def->body;
  if (!fn.results.empty() && !alwaysReturns(body)) {
    SrcLoc at = body.empty() ? fn.def->loc : body.back()->loc;
    return fail(at, "function '" + fn.def->name + "' can reach its end "
                    "without a 'return' (Python would return None) but its "
                    "signature declares " + describeResults(fn.results));
  }
  if (hasNestedReturn(body)) {
    // Returns inside control flow go through result slots (see
    // MLIRGenStatements.inc); the one func.return is at the end.
    if (!initResultSlots(fn.def->loc) || !genBlock(body))
      return false;
    llvm::SmallVector<Value> outs;
    for (size_t i = 0; i < fn.results.size(); ++i)
      outs.push_back(local.vars[resultSlot(i)].value);
    func::ReturnOp::create(b, loc(fn.def->loc), outs);
    fn.state = FuncInfo::Done;
    return true;
  }
  bool returned = false;
  for (const StmtPtr &s : body) {
    if (returned)
      break; // Dead code after `return` (Python compiles but never runs it).
    if (!genStmt(*s, returned))
      return false;
  }
  if (!returned)
    func::ReturnOp::create(b, loc(fn.def->loc));
  fn.state = FuncInfo::Done;
  return true;
}

bool Gen::genStmt(const Stmt &s, bool &returned) {
  switch (s.kind) {
  case StmtKind::Pass:
    return true;
  case StmtKind::Import:
    return fail(s.loc, "imports must be at the top level");
  case StmtKind::FunctionDef:
    return fail(s.loc, "nested functions are not supported");
  case StmtKind::Expr: {
    if (s.value->kind == ExprKind::String)
      return true; // A docstring.
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
    scope->vars[target.name] = std::move(v);
    return true;
  case ExprKind::Tuple:
  case ExprKind::List: {
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

/// The ufunc NumPy runs for `x op= y` (for its casting error).
static llvm::StringRef augUfunc(llvm::StringRef op) {
  return llvm::StringSwitch<llvm::StringRef>(op)
      .Case("+", "add")
      .Case("-", "subtract")
      .Case("*", "multiply")
      .Case("/", "divide")
      .Case("**", "power")
      .Case("//", "floor_divide")
      .Case("%", "remainder")
      .Case("&", "bitwise_and")
      .Case("|", "bitwise_or")
      .Case("^", "bitwise_xor")
      .Case("<<", "left_shift")
      .Default("right_shift");
}

/// NumPy's dtype kinds in 'same_kind' order: bool < unsigned < signed <
/// float < complex (a cast to an earlier kind is not 'same_kind').
static int dtypeKind(DType t) {
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
  const Expr &t = *s.target;
  if (t.kind != ExprKind::Name && t.kind != ExprKind::Subscript)
    return fail(t.loc, "augmented assignment needs a variable name or an "
                       "indexed variable as its target");
  if (!llvm::is_contained({"+", "-", "*", "/", "**", "//", "%", "&", "|", "^",
                           "<<", ">>"},
                          s.op))
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
    return fail(s.loc, "cannot cast ufunc '" + augUfunc(s.op) + "' output from " +
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

/// Checks `v` against a declared type exactly (named dims by name); weak
/// scalars convert to a scalar declared type as NumPy would.
bool Gen::coerceTo(Val &v, const ArrType &want, SrcLoc l,
                   const llvm::Twine &what) {
  if (v.kind == Val::Lit && want.rank() == 0 &&
      promoteWeak(want.dtype, v.weak) == want.dtype) {
    if (!weakFits(v, want.dtype, l))
      return false;
    v = toArray(v, want.dtype);
    return true;
  }
  if (v.kind != Val::Array || v.type != want)
    return fail(l, what + " has type " + v.describe() + " but " + want.str() +
                       " is expected");
  return true;
}

bool Gen::genReturn(const Stmt &s) {
  std::vector<Val> vals;
  if (!returnValues(s, vals))
    return false;
  llvm::SmallVector<Value> outs;
  for (const Val &v : vals)
    outs.push_back(v.value);
  func::ReturnOp::create(b, loc(s.loc), outs);
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
    if (val.kind != Val::Array || val.type != want) {
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
// IR helpers
//===----------------------------------------------------------------------===//

Value Gen::constant(const Val &lit, DType t) {
  auto type = RankedTensorType::get({}, toMLIR(t, &ctx));
  if (isComplex(t)) {
    auto part = cast<FloatType>(toMLIR(complexPart(t), &ctx));
    auto toAP = [&](double v) {
      bool lost;
      APFloat a(v);
      a.convert(part.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
      return a;
    };
    std::complex<APFloat> v(toAP(lit.asDouble()), toAP(lit.im));
    auto attr = DenseElementsAttr::get(type, llvm::ArrayRef(v));
    return nd::ConstantOp::create(b, loc(lit.at), type,
                                  llvm::cast<ElementsAttr>(attr));
  }
  Attribute elem;
  if (isFloat(t)) {
    elem = FloatAttr::get(type.getElementType(), lit.asDouble());
  } else if (t == DType::Bool) {
    bool v = lit.weak == Weak::Float     ? lit.f != 0
             : lit.weak == Weak::Complex ? lit.f != 0 || lit.im != 0
                                         : lit.i != 0;
    elem = IntegerAttr::get(type.getElementType(), APInt(1, v ? 1 : 0));
  } else {
    unsigned width = type.getElementType().getIntOrFloatBitWidth();
    elem = IntegerAttr::get(type.getElementType(),
                            APInt(width, static_cast<uint64_t>(lit.i),
                                  /*isSigned=*/true, /*implicitTrunc=*/true));
  }
  auto attr = DenseElementsAttr::get(type, llvm::ArrayRef<Attribute>{elem});
  return nd::ConstantOp::create(b, loc(lit.at), type,
                                llvm::cast<ElementsAttr>(attr));
}

Val Gen::toArray(const Val &v, DType t) {
  if (v.kind == Val::Lit)
    return Val::array(constant(v, t), ArrType{t, {}});
  if (v.type.dtype == t)
    return v;
  ArrType nt = v.type;
  nt.dtype = t;
  Value c = nd::CastOp::create(b, v.value.getLoc(), nt.tensorType(&ctx), v.value);
  return Val::array(c, nt);
}

Val Gen::materialize(const Val &v) {
  if (v.kind != Val::Lit)
    return v;
  return toArray(v, weakDefault(v.weak));
}

bool Gen::weakFits(const Val &lit, DType t, SrcLoc l) {
  if (lit.kind == Val::Lit && lit.weak == Weak::Int && isInt(t) &&
      !fitsInt(t, lit.i))
    return fail(l, "Python integer " + std::to_string(lit.i) +
                       " is out of bounds for " + dtypeName(t));
  return true;
}

/// An index value for the size of dimension `axis` of `shape`, read with
/// tensor.dim from a source array that carries the same (named) dimension.
Value Gen::dimValue(const std::vector<Val> &sources, llvm::ArrayRef<Dim> shape,
                    size_t axis, Location l) {
  for (const Val &s : sources) {
    if (s.kind != Val::Array)
      continue;
    size_t offset = shape.size() - s.type.rank();
    if (s.type.rank() > shape.size() || axis < offset)
      continue;
    if (s.type.dims[axis - offset] == shape[axis])
      return tensor::DimOp::create(b, l, s.value,
                                   static_cast<int64_t>(axis - offset));
  }
  // A size given by a dimension name in scope (`zeros((n, 3))`).
  return namedDimValue(shape[axis].name, l);
}

Val Gen::broadcastTo(const Val &v, llvm::ArrayRef<Dim> shape,
                     const std::vector<Val> &sources, Location l) {
  if (llvm::ArrayRef<Dim>(v.type.dims) == shape)
    return v;
  ArrType nt{v.type.dtype, llvm::SmallVector<Dim, 4>(shape)};
  llvm::SmallVector<int64_t> bdims;
  for (size_t i = 0; i < v.type.rank(); ++i)
    bdims.push_back(static_cast<int64_t>(shape.size() - v.type.rank() + i));
  llvm::SmallVector<Value> dyn;
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i].isNamed())
      dyn.push_back(dimValue(sources, shape, i, l));
  Value r = nd::BroadcastInDimOp::create(b, l, nt.tensorType(&ctx), v.value,
                                         b.getDenseI64ArrayAttr(bdims), dyn);
  return Val::array(r, nt);
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

static bool isBuiltinConstant(llvm::StringRef n) {
  return llvm::is_contained({"pi", "e", "inf", "nan", "newaxis"}, n);
}

OptVal Gen::eval(const Expr &e) {
  if (auto it = pinned.find(&e); it != pinned.end())
    return it->second;
  OptVal v = evalImpl(e);
  if (v && v->kind == Val::Lit && e.kind != ExprKind::Name)
    v->at = e.loc;
  return v;
}

OptVal Gen::evalImpl(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Int:
    return Val::intLit(e.intValue);
  case ExprKind::Float:
    return Val::floatLit(e.floatValue);
  case ExprKind::Imag:
    return Val::complexLit(0, e.floatValue);
  case ExprKind::Bool:
    return Val::boolLit(e.boolValue);
  case ExprKind::None:
    return Val();
  case ExprKind::String: {
    Val v;
    v.kind = Val::Str;
    v.str = e.name;
    return v;
  }
  case ExprKind::Ellipsis:
    return err(e.loc, "'...' is only meaningful in indexing, which is not "
                      "supported yet");
  case ExprKind::Name: {
    auto it = scope->vars.find(e.name);
    if (it != scope->vars.end())
      return it->second;
    if (funcs.count(e.name) || lookupBuiltin(e.name, false) != Builtin::None ||
        isExtBuiltin(e.name))
      return err(e.loc, "'" + e.name + "' is a function; functions are not "
                                       "values, call it");
    if (npAliases.contains(e.name))
      return err(e.loc, "module '" + e.name + "' is not a value");
    if (std::optional<double> c = extConstant(e.name))
      return Val::floatLit(*c);
    if (isBuiltinConstant(e.name))
      return err(e.loc, "the constant '" + e.name + "' is not supported yet");
    auto ub = scope->unbound.find(e.name);
    if (ub != scope->unbound.end())
      return err(e.loc, ub->second);
    if (OptVal d = namedDimAsValue(e.name, e.loc))
      return d;
    return err(e.loc, "unknown name '" + e.name + "'");
  }
  case ExprKind::Unary: {
    OptVal a = eval(*e.lhs);
    if (!a)
      return std::nullopt;
    if (e.name == "not")
      return logicalNot(*a, e.loc);
    if (e.name == "~")
      return unaryInvert(*a, e.loc);
    if (e.name == "-")
      return negate(*a, e.loc);
    // Unary plus.
    if (a->kind == Val::Lit) {
      if (a->weak == Weak::Bool)
        return Val::intLit(a->i);
      return a;
    }
    if (a->kind != Val::Array)
      return err(e.loc, "bad operand type for unary +: " + a->describe());
    return a;
  }
  case ExprKind::Binary: {
    if (e.name == "@") {
      OptVal a = eval(*e.lhs);
      if (!a)
        return std::nullopt;
      OptVal c = eval(*e.rhs);
      if (!c)
        return std::nullopt;
      return matmul(*a, *c, e.loc, "matmul");
    }
    if (!llvm::is_contained({"+", "-", "*", "/", "**", "//", "%", "&", "|",
                             "^", "<<", ">>"},
                            e.name))
      return err(e.loc, "operator '" + e.name + "' is not supported yet");
    OptVal a = eval(*e.lhs);
    if (!a)
      return std::nullopt;
    OptVal c = eval(*e.rhs);
    if (!c)
      return std::nullopt;
    return binary(e.name, *a, *c, e.loc);
  }
  case ExprKind::Compare: {
    if (!llvm::is_contained({"==", "!=", "<", "<=", ">", ">="}, e.name))
      return err(e.loc, "'" + e.name + "' comparisons are not supported");
    if (!e.elts.empty())
      return chainedCompare(e);
    OptVal a = eval(*e.lhs);
    if (!a)
      return std::nullopt;
    OptVal c = eval(*e.rhs);
    if (!c)
      return std::nullopt;
    return compare(e.name, *a, *c, e.loc);
  }
  case ExprKind::BoolOp:
    return boolOp(e);
  case ExprKind::Call:
    return evalCall(e);
  case ExprKind::Attribute: {
    if (e.lhs->kind == ExprKind::Name && npAliases.contains(e.lhs->name) &&
        !scope->vars.count(e.lhs->name)) {
      if (std::optional<double> c = extConstant(e.name))
        return Val::floatLit(*c);
      if (lookupBuiltin(e.name, true) != Builtin::None || isExtBuiltin(e.name))
        return err(e.loc, "'" + e.lhs->name + "." + e.name +
                              "' is a function; functions are not values, "
                              "call it");
      return err(e.loc, "'" + e.lhs->name + "." + e.name +
                            "' is not supported yet");
    }
    OptVal a = eval(*e.lhs);
    if (!a)
      return std::nullopt;
    return genAttribute(e, *a);
  }
  case ExprKind::Subscript:
    return genSubscript(e);
  case ExprKind::Slice:
    return err(e.loc, "a slice is only allowed inside '[]'");
  case ExprKind::Tuple: {
    Val t;
    t.kind = Val::Tuple;
    for (const ExprPtr &x : e.elts) {
      OptVal v = eval(*x);
      if (!v)
        return std::nullopt;
      if (v->kind == Val::Tuple)
        return err(x->loc, "nested tuples are not supported");
      t.elts.push_back(*v);
    }
    return t;
  }
  case ExprKind::List:
    return err(e.loc, "lists are not supported yet");
  }
  return err(e.loc, "unsupported expression");
}

/// `+ - * / **` of two Python scalars, one of them complex (Python's
/// complex arithmetic; division by zero is an error as in Python).
static std::optional<std::complex<double>>
foldComplex(llvm::StringRef op, std::complex<double> x, std::complex<double> y,
            std::string &error) {
  if (op == "+")
    return x + y;
  if (op == "-")
    return x - y;
  if (op == "*")
    return x * y;
  if (op == "/") {
    if (y == 0.0) {
      error = "complex division by zero";
      return std::nullopt;
    }
    return x / y;
  }
  if (x == 0.0 && (y.imag() != 0 || y.real() < 0)) {
    error = "0.0 to a negative or complex power";
    return std::nullopt;
  }
  if (y == 0.0)
    return std::complex<double>(1.0);
  return std::pow(x, y);
}

OptVal Gen::foldBinary(llvm::StringRef op, const Val &a, const Val &c,
                       SrcLoc l) {
  if (a.weak == Weak::Complex || c.weak == Weak::Complex) {
    std::string error;
    auto r = foldComplex(op, a.asComplex(), c.asComplex(), error);
    if (!r)
      return err(l, error);
    return Val::complexLit(r->real(), r->imag());
  }
  bool isFloatMath = a.weak == Weak::Float || c.weak == Weak::Float;
  if (op == "/") {
    double y = c.asDouble();
    if (y == 0)
      return err(l, "division by zero");
    return Val::floatLit(a.asDouble() / y);
  }
  if (op == "**") {
    if (!isFloatMath && c.i >= 0) {
      int64_t r = 1, base = a.i;
      for (int64_t k = 0; k < c.i; ++k) {
        if (__builtin_mul_overflow(r, base, &r))
          return err(l, "integer power overflows 64 bits");
        if (r == 0 || r == 1)
          break;
      }
      return Val::intLit(r);
    }
    double x = a.asDouble(), y = c.asDouble();
    if (x == 0 && y < 0)
      return err(l, "0.0 cannot be raised to a negative power");
    if (x < 0 && y != std::floor(y))
      return err(l, "a negative number raised to a fractional power gives a "
                    "complex number, which is not supported");
    return Val::floatLit(std::pow(x, y));
  }
  if (isFloatMath) {
    double x = a.asDouble(), y = c.asDouble();
    return Val::floatLit(op == "+" ? x + y : op == "-" ? x - y : x * y);
  }
  int64_t r = 0;
  bool overflow = op == "+"   ? __builtin_add_overflow(a.i, c.i, &r)
                  : op == "-" ? __builtin_sub_overflow(a.i, c.i, &r)
                              : __builtin_mul_overflow(a.i, c.i, &r);
  if (overflow)
    return err(l, "integer arithmetic overflows 64 bits");
  return Val::intLit(r);
}

OptVal Gen::negate(Val a, SrcLoc l) {
  if (a.kind == Val::Lit) {
    if (a.weak == Weak::Float)
      return Val::floatLit(-a.f);
    if (a.weak == Weak::Complex)
      return Val::complexLit(-a.f, -a.im);
    if (a.i == INT64_MIN)
      return err(l, "integer arithmetic overflows 64 bits");
    return Val::intLit(-a.i);
  }
  if (a.kind != Val::Array)
    return err(l, "bad operand type for unary -: " + a.describe());
  if (a.type.dtype == DType::Bool)
    return err(l, "the numpy boolean negative, the `-` operator, is not "
                  "supported, use the `~` operator or the logical_not "
                  "function instead");
  Value r = nd::NegOp::create(b, loc(l), a.value.getType(), a.value);
  Val out = Val::array(r, a.type);
  out.weakRt = a.weakRt; // -i of a run-time Python int is a Python int.
  out.weak = a.weak;
  return out;
}

/// Broadcasts the shapes of two operands (before promotion, so the message
/// shows the types as written).
bool Gen::checkBroadcast(const Val &a, const Val &c,
                         llvm::SmallVectorImpl<Dim> &shape, SrcLoc l) {
  llvm::ArrayRef<Dim> da, dc;
  if (a.kind == Val::Array)
    da = a.type.dims;
  if (c.kind == Val::Array)
    dc = c.type.dims;
  if (broadcastShapes(da, dc, shape))
    return true;
  return fail(l, "operands could not be broadcast together with shapes " +
                     a.type.str() + " and " + c.type.str());
}

OptVal Gen::binary(llvm::StringRef op, Val a, Val c, SrcLoc l) {
  for (const Val *v : {&a, &c})
    if (v->kind != Val::Array && v->kind != Val::Lit)
      return err(l, "unsupported operand type for '" + op + "': " +
                        v->describe());
  if (llvm::is_contained({"//", "%", "&", "|", "^", "<<", ">>"}, op))
    return intOperator(op, a, c, l);
  if (a.kind == Val::Lit && c.kind == Val::Lit)
    return foldBinary(op, a, c, l);
  if ((a.weakRt || a.kind == Val::Lit) && (c.weakRt || c.kind == Val::Lit))
    return weakRtBinary(op, a, c, l);

  DType t;
  promoteOperands(a, c, t);
  if (!weakFits(a, t, l) || !weakFits(c, t, l))
    return std::nullopt;

  if (t == DType::Bool && op == "-")
    return err(l, "numpy boolean subtract, the `-` operator, is not "
                  "supported, use the bitwise_xor, the `^` operator, or the "
                  "logical_xor function instead");
  if (t == DType::Bool && op == "+")
    return err(l, "boolean addition with `+` is not supported; use `|` for "
                  "logical or");
  if (op == "/" && !isFloat(t) && !isComplex(t))
    t = DType::F64; // True division.
  if ((op == "max" || op == "min") && isComplex(t))
    return err(l, std::string(op == "max" ? "maximum" : "minimum") +
                      " is not supported for complex operands (arrayc does "
                      "not order complex numbers)");
  if (op == "**") {
    if (t == DType::Bool)
      t = DType::I8; // NumPy: bool ** bool is int8.
    if (isInt(t) && c.kind == Val::Lit && c.weak != Weak::Float && c.i < 0)
      return err(l, "integers to negative integer powers are not allowed");
  }

  Location il = loc(l);
  llvm::SmallVector<Dim> shape;
  if (!checkBroadcast(a, c, shape, l))
    return std::nullopt;
  Val x = toArray(a, t), y = toArray(c, t);
  std::vector<Val> sources{x, y};
  x = broadcastTo(x, shape, sources, il);
  y = broadcastTo(y, shape, sources, il);
  Type rt = x.value.getType();
  Value r;
  if (op == "+")
    r = nd::AddOp::create(b, il, rt, x.value, y.value);
  else if (op == "-")
    r = nd::SubOp::create(b, il, rt, x.value, y.value);
  else if (op == "*")
    r = nd::MulOp::create(b, il, rt, x.value, y.value);
  else if (op == "/")
    r = nd::DivOp::create(b, il, rt, x.value, y.value);
  else if (op == "**")
    r = nd::PowOp::create(b, il, rt, x.value, y.value);
  else if (op == "max")
    r = nd::MaxOp::create(b, il, rt, x.value, y.value);
  else
    r = nd::MinOp::create(b, il, rt, x.value, y.value);
  return Val::array(r, x.type);
}

OptVal Gen::compare(llvm::StringRef op, Val a, Val c, SrcLoc l) {
  for (const Val *v : {&a, &c})
    if (v->kind != Val::Array && v->kind != Val::Lit)
      return err(l, "unsupported operand type for '" + op + "': " +
                        v->describe());
  bool ordering = op != "==" && op != "!=";
  if (ordering && (isComplexVal(a) || isComplexVal(c)))
    return err(l, "'" + op + "' is not supported for complex operands (" +
                      describeVal(a) + " and " + describeVal(c) +
                      "): arrayc does not order complex numbers");
  if (a.kind == Val::Lit && c.kind == Val::Lit &&
      (a.weak == Weak::Complex || c.weak == Weak::Complex)) {
    bool same = a.asComplex() == c.asComplex();
    return Val::boolLit(op == "==" ? same : !same);
  }
  if (a.kind == Val::Lit && c.kind == Val::Lit) {
    double x = a.asDouble(), y = c.asDouble();
    bool r = op == "==" ? x == y : op == "!=" ? x != y : op == "<" ? x < y
             : op == "<=" ? x <= y : op == ">" ? x > y : x >= y;
    return Val::boolLit(r);
  }
  DType t;
  bool bothWeak = (a.weakRt || a.kind == Val::Lit) && (c.weakRt || c.kind == Val::Lit);
  if (bothWeak) {
    Val x = a.kind == Val::Lit ? toWeakRt(a) : a;
    Val y = c.kind == Val::Lit ? toWeakRt(c) : c;
    t = promote(x.type.dtype, y.type.dtype);
    a = x;
    c = y;
  } else if (a.kind == Val::Array && c.kind == Val::Array &&
             !a.weakRt && !c.weakRt) {
    t = promote(a.type.dtype, c.type.dtype);
  } else if (a.kind == Val::Array && c.kind == Val::Array) {
    const Val &arr = a.weakRt ? c : a;
    const Val &w = a.weakRt ? a : c;
    t = promoteWeak(arr.type.dtype, w.weak);
  } else {
    const Val &arr = a.kind == Val::Array ? a : c;
    const Val &lit = a.kind == Val::Array ? c : a;
    t = promoteWeak(arr.type.dtype, lit.weak);
    // NumPy 2 compares against an out-of-range Python int exactly.
    // (u64 against a negative int: f64 orders them exactly as well.)
    if (lit.weak == Weak::Int && isInt(t) && !fitsInt(t, lit.i))
      t = t == DType::U64 ? DType::F64 : DType::I64;
  }
  auto pred = llvm::StringSwitch<nd::ComparePredicate>(op)
                  .Case("==", nd::ComparePredicate::eq)
                  .Case("!=", nd::ComparePredicate::ne)
                  .Case("<", nd::ComparePredicate::lt)
                  .Case("<=", nd::ComparePredicate::le)
                  .Case(">", nd::ComparePredicate::gt)
                  .Default(nd::ComparePredicate::ge);
  Location il = loc(l);
  llvm::SmallVector<Dim> shape;
  if (!checkBroadcast(a, c, shape, l))
    return std::nullopt;
  Val x = toArray(a, t), y = toArray(c, t);
  std::vector<Val> sources{x, y};
  x = broadcastTo(x, shape, sources, il);
  y = broadcastTo(y, shape, sources, il);
  ArrType rt{DType::Bool, x.type.dims};
  Value r = nd::CompareOp::create(b, il, rt.tensorType(&ctx), pred, x.value,
                                  y.value);
  Val out = Val::array(r, rt);
  out.weakRt = bothWeak; // A comparison of Python scalars is a Python bool.
  out.weak = Weak::Bool;
  return out;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

Builtin Gen::lookupBuiltin(llvm::StringRef name, bool viaModule) {
  Builtin bi = llvm::StringSwitch<Builtin>(name)
                   .Case("sqrt", Builtin::Sqrt)
                   .Case("exp", Builtin::Exp)
                   .Case("log", Builtin::Log)
                   .Case("sin", Builtin::Sin)
                   .Case("cos", Builtin::Cos)
                   .Case("tanh", Builtin::Tanh)
                   .Cases({"abs", "absolute"}, Builtin::Abs)
                   .Case("negative", Builtin::Negative)
                   .Case("maximum", Builtin::Maximum)
                   .Case("minimum", Builtin::Minimum)
                   .Case("add", Builtin::Add)
                   .Case("subtract", Builtin::Subtract)
                   .Case("multiply", Builtin::Multiply)
                   .Case("divide", Builtin::Divide)
                   .Case("power", Builtin::Power)
                   .Case("sum", Builtin::Sum)
                   .Case("prod", Builtin::Prod)
                   .Cases({"max", "amax"}, Builtin::Max)
                   .Cases({"min", "amin"}, Builtin::Min)
                   .Case("print", Builtin::Print)
                   .Case("save", Builtin::Save)
                   .Case("load", Builtin::Load)
                   .Default(Builtin::None);
  if (viaModule && bi == Builtin::Print)
    return Builtin::None; // `np.print` does not exist.
  return bi;
}

bool Gen::bindArgs(llvm::StringRef fname, llvm::ArrayRef<std::string> names,
                   size_t required, const Expr &call,
                   llvm::SmallVectorImpl<const Expr *> &out) {
  std::string sig = fname.str() + "(";
  for (size_t i = 0; i < names.size(); ++i)
    sig += (i ? ", " : "") + names[i];
  sig += ")";
  out.assign(names.size(), nullptr);
  if (call.elts.size() > names.size())
    return fail(call.elts[names.size()]->loc,
                fname + "() takes at most " + std::to_string(names.size()) +
                    " positional argument(s) but " +
                    std::to_string(call.elts.size()) +
                    " were given; it expects " + sig);
  for (size_t i = 0; i < call.elts.size(); ++i)
    out[i] = call.elts[i].get();
  for (const Keyword &k : call.keywords) {
    auto it = llvm::find(names, k.name);
    if (it == names.end())
      return fail(k.loc, fname + "() got an unexpected keyword argument '" +
                             k.name + "'; it expects " + sig);
    size_t i = it - names.begin();
    if (out[i])
      return fail(k.loc, fname + "() got multiple values for argument '" +
                             k.name + "'");
    out[i] = k.value.get();
  }
  for (size_t i = 0; i < required; ++i)
    if (!out[i])
      return fail(call.loc, fname + "() is missing argument '" + names[i] +
                                "'; it expects " + sig);
  return true;
}

bool Gen::requireHost(llvm::StringRef name, SrcLoc l) {
  if (scope->fn->isMain)
    return true;
  return fail(l, "'" + name + "' runs on the host and is only allowed in "
                             "main()");
}

OptVal Gen::evalCall(const Expr &call) {
  const Expr &f = *call.lhs;
  if (f.kind == ExprKind::Name) {
    if (scope->vars.count(f.name))
      return err(f.loc, "'" + f.name + "' is a variable, not a function");
    auto it = funcs.find(f.name);
    if (it != funcs.end())
      return callUser(it->second, f.name, call);
    Builtin bi = lookupBuiltin(f.name, false);
    if (bi != Builtin::None)
      return callBuiltin(bi, f.name, call);
    if (isExtBuiltin(f.name))
      return extBuiltin(f.name, f.name, call);
    if (f.name == "perf_counter") {
      if (!requireHost("perf_counter", call.loc))
        return std::nullopt;
      llvm::SmallVector<const Expr *> none;
      if (!bindArgs("perf_counter", {}, 0, call, none))
        return std::nullopt;
      ArrType t{DType::F64, {}};
      Value v = nd::PerfCounterOp::create(b, loc(call.loc), t.tensorType(&ctx));
      return Val::array(v, t);
    }
    if (f.name == "len") {
      llvm::SmallVector<const Expr *> args;
      if (!bindArgs("len", {"obj"}, 1, call, args))
        return std::nullopt;
      OptVal a = eval(*args[0]);
      if (!a)
        return std::nullopt;
      if (a->kind == Val::Tuple)
        return Val::intLit(a->elts.size());
      if (a->kind != Val::Array || a->type.rank() == 0)
        return err(call.loc, "len() of unsized object (" + a->describe() + ")");
      return sizeOf(*a, 0, call.loc);
    }
    bool shapeFn = false;
    OptVal sr = genShapeCall(f.name, f.name, call, shapeFn);
    if (shapeFn)
      return sr;
    if (npAliases.contains(f.name))
      return err(f.loc, "module '" + f.name + "' is not callable");
    return err(f.loc, "unknown function '" + f.name + "'");
  }
  if (f.kind == ExprKind::Attribute && isRandomModule(*f.lhs))
    return randomCall(f.name, "random." + f.name, call);
  if (std::string mod; f.kind == ExprKind::Attribute && isFFTModule(*f.lhs, mod))
    return fftCall(f.name, mod + "." + f.name, call);
  if (f.kind == ExprKind::Attribute && isLinalgModule(*f.lhs))
    return linalgCall(f.name, "linalg." + f.name, call);
  if (f.kind == ExprKind::Attribute && f.lhs->kind == ExprKind::Name &&
      npAliases.contains(f.lhs->name) && !scope->vars.count(f.lhs->name)) {
    Builtin bi = lookupBuiltin(f.name, true);
    std::string full = f.lhs->name + "." + f.name;
    if (bi == Builtin::None && isExtBuiltin(f.name))
      return extBuiltin(f.name, full, call);
    if (bi == Builtin::None) {
      bool shapeFn = false;
      OptVal sr = genShapeCall(f.name, full, call, shapeFn);
      if (shapeFn)
        return sr;
      return err(f.loc, "'" + full + "' is not supported yet");
    }
    return callBuiltin(bi, full, call);
  }
  if (f.kind == ExprKind::Attribute) {
    OptVal obj = eval(*f.lhs);
    if (!obj)
      return std::nullopt;
    return genMethod(call, f, *obj);
  }
  return err(f.loc, "this expression cannot be called");
}

OptVal Gen::callUser(FuncInfo &fn, llvm::StringRef name, const Expr &call) {
  if (fn.isMain)
    return err(call.loc, "main() cannot be called");
  if (fn.state == FuncInfo::InProgress)
    return err(call.loc, "recursive call to '" + name +
                             "': recursion is not supported");
  llvm::SmallVector<std::string> names;
  for (const Param &p : fn.def->params)
    names.push_back(p.name);
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs(name, names, names.size(), call, args))
    return std::nullopt;
  // Lower the callee first so its own errors come first.
  if (fn.state == FuncInfo::NotStarted && !genFunction(fn))
    return std::nullopt;

  llvm::StringMap<std::pair<Dim, ArrType>> bound; // name -> (dim, from type)
  llvm::SmallVector<Value> operands;
  for (auto [i, argExpr] : llvm::enumerate(args)) {
    const ArrType &p = fn.params[i];
    OptVal a = eval(*argExpr);
    if (!a)
      return std::nullopt;
    std::string what = "argument '" + names[i] + "' of '" + name.str() + "'";
    if (a->kind == Val::Lit && p.rank() == 0 &&
        promoteWeak(p.dtype, a->weak) == p.dtype) {
      if (!weakFits(*a, p.dtype, argExpr->loc))
        return std::nullopt;
      a = toArray(*a, p.dtype);
    }
    if (a->kind != Val::Array)
      return err(argExpr->loc, what + " expects " + p.str() + ", got " +
                                   a->describe());
    if (a->type.dtype != p.dtype || a->type.rank() != p.rank())
      return err(argExpr->loc, what + " expects " + p.str() + ", got " +
                                   a->type.str() +
                                   " (calls do not convert types)");
    for (auto [pd, ad] : llvm::zip(p.dims, a->type.dims)) {
      if (!pd.isNamed()) {
        if (ad != pd)
          return err(argExpr->loc, what + " expects " + p.str() + ", got " +
                                       a->type.str());
        continue;
      }
      auto it = bound.find(pd.name);
      if (it == bound.end()) {
        bound[pd.name] = {ad, a->type};
      } else if (it->second.first != ad) {
        return err(argExpr->loc,
                   "dimension '" + pd.name + "' of '" + name +
                       "' cannot be both " + it->second.first.str() +
                       " and " + ad.str() + ": " + what + " has type " +
                       a->type.str() + " but an earlier argument has type " +
                       it->second.second.str());
      }
    }
    Value v = a->value;
    Type want = p.tensorType(&ctx);
    if (v.getType() != want)
      v = tensor::CastOp::create(b, loc(argExpr->loc), want, v);
    operands.push_back(v);
  }
  Location il = loc(call.loc);
  auto op = func::CallOp::create(b, il, fn.op, operands);
  std::vector<Val> results;
  for (auto [i, r] : llvm::enumerate(fn.results)) {
    ArrType t = r;
    for (Dim &d : t.dims)
      if (d.isNamed())
        d = bound[d.name].first;
    Value v = op.getResult(i);
    Type want = t.tensorType(&ctx);
    if (v.getType() != want)
      v = tensor::CastOp::create(b, il, want, v);
    results.push_back(Val::array(v, t));
  }
  if (results.empty())
    return Val();
  if (results.size() == 1)
    return results[0];
  Val t;
  t.kind = Val::Tuple;
  t.elts = std::move(results);
  return t;
}

OptVal Gen::evalArrayOperand(const Expr &e, llvm::StringRef what) {
  OptVal v = eval(e);
  if (!v)
    return std::nullopt;
  if (v->kind != Val::Array && v->kind != Val::Lit)
    return err(e.loc, what + " expects an array or a number, got " +
                          v->describe());
  return v;
}

OptVal Gen::callBuiltin(Builtin bi, llvm::StringRef name, const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  switch (bi) {
  case Builtin::None:
    break;
  case Builtin::Sqrt:
  case Builtin::Exp:
  case Builtin::Log:
  case Builtin::Sin:
  case Builtin::Cos:
  case Builtin::Tanh:
  case Builtin::Abs:
  case Builtin::Negative: {
    if (!bindArgs(name, {"x"}, 1, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], name);
    if (!x)
      return std::nullopt;
    Val a = materialize(*x);
    if (bi == Builtin::Negative)
      return negate(a, l);
    if (bi == Builtin::Abs) {
      if (a.type.dtype == DType::Bool)
        return a;
      if (isComplex(a.type.dtype))
        return complexPartOf("abs", a, l);
      return Val::array(nd::AbsOp::create(b, loc(l), a.value.getType(), a.value),
                        a.type);
    }
    return unaryFloat(bi, name, a, l);
  }
  case Builtin::Maximum:
  case Builtin::Minimum:
  case Builtin::Add:
  case Builtin::Subtract:
  case Builtin::Multiply:
  case Builtin::Divide:
  case Builtin::Power: {
    if (!bindArgs(name, {"x1", "x2"}, 2, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], name);
    if (!x)
      return std::nullopt;
    OptVal y = evalArrayOperand(*args[1], name);
    if (!y)
      return std::nullopt;
    // NumPy turns two Python scalars into default-dtype arrays.
    if (x->kind == Val::Lit && y->kind == Val::Lit) {
      x = materialize(*x);
      y = materialize(*y);
    }
    llvm::StringRef op = bi == Builtin::Maximum    ? "max"
                         : bi == Builtin::Minimum  ? "min"
                         : bi == Builtin::Add      ? "+"
                         : bi == Builtin::Subtract ? "-"
                         : bi == Builtin::Multiply ? "*"
                         : bi == Builtin::Divide   ? "/"
                                                   : "**";
    return binary(op, *x, *y, l);
  }
  case Builtin::Sum:
  case Builtin::Prod:
  case Builtin::Max:
  case Builtin::Min: {
    if (!bindArgs(name, {"a", "axis", "keepdims"}, 1, call, args))
      return std::nullopt;
    OptVal x = evalArrayOperand(*args[0], name);
    if (!x)
      return std::nullopt;
    return reduce(bi, name, materialize(*x), args[1], args[2], l);
  }
  case Builtin::Print:
    if (!requireHost(name, l))
      return std::nullopt;
    return genPrint(call);
  case Builtin::Save:
    if (!requireHost(name, l))
      return std::nullopt;
    return genSave(call);
  case Builtin::Load:
    if (!requireHost(name, l))
      return std::nullopt;
    return err(l, "np.load needs a type annotation, e.g. `x: f32[n] = "
                  "np.load(...)`");
  }
  return err(l, "unsupported builtin");
}

OptVal Gen::unaryFloat(Builtin bi, llvm::StringRef name, Val a, SrcLoc l) {
  Val x = toArray(a, floatFor(a.type.dtype));
  Location il = loc(l);
  Type t = x.value.getType();
  Value r;
  switch (bi) {
  case Builtin::Sqrt: r = nd::SqrtOp::create(b, il, t, x.value); break;
  case Builtin::Exp: r = nd::ExpOp::create(b, il, t, x.value); break;
  case Builtin::Log: r = nd::LogOp::create(b, il, t, x.value); break;
  case Builtin::Sin: r = nd::SinOp::create(b, il, t, x.value); break;
  case Builtin::Cos: r = nd::CosOp::create(b, il, t, x.value); break;
  default: r = nd::TanhOp::create(b, il, t, x.value); break;
  }
  return Val::array(r, x.type);
}

/// Reads an integer literal (possibly negated) for `axis`.
static std::optional<int64_t> axisLiteral(const Expr &e) {
  if (e.kind == ExprKind::Int)
    return e.intValue;
  if (e.kind == ExprKind::Unary && e.name == "-" && e.lhs->kind == ExprKind::Int)
    return -e.lhs->intValue;
  return std::nullopt;
}

OptVal Gen::reduce(Builtin bi, llvm::StringRef name, Val a, const Expr *axis,
                   const Expr *keepdims, SrcLoc l) {
  int64_t rank = a.type.rank();
  llvm::SmallVector<int64_t> axes;
  if (!axis || axis->kind == ExprKind::None) {
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
  } else {
    llvm::SmallVector<const Expr *> items;
    if (axis->kind == ExprKind::Tuple)
      for (const ExprPtr &x : axis->elts)
        items.push_back(x.get());
    else
      items.push_back(axis);
    for (const Expr *x : items) {
      std::optional<int64_t> v = axisLiteral(*x);
      if (!v) {
        std::string hint = (bi == Builtin::Max || bi == Builtin::Min)
                               ? std::string("; for the elementwise ") +
                                     (bi == Builtin::Max ? "maximum" : "minimum") +
                                     " of two arrays use " +
                                     (bi == Builtin::Max ? "maximum" : "minimum") +
                                     "(a, b)"
                               : "";
        return err(x->loc, name + "(): axis must be None, an integer literal "
                                  "or a tuple of integer literals" + hint);
      }
      int64_t n = *v < 0 ? *v + rank : *v;
      if (n < 0 || n >= rank)
        return err(x->loc, "axis " + std::to_string(*v) +
                               " is out of bounds for array of dimension " +
                               std::to_string(rank));
      if (llvm::is_contained(axes, n))
        return err(x->loc, "duplicate value in 'axis'");
      axes.push_back(n);
    }
    llvm::sort(axes);
  }
  bool keep = false;
  if (keepdims) {
    if (keepdims->kind != ExprKind::Bool)
      return err(keepdims->loc, name + "(): keepdims must be True or False");
    keep = keepdims->boolValue;
  }
  bool isMaxMin = bi == Builtin::Max || bi == Builtin::Min;
  if (isMaxMin && isComplex(a.type.dtype))
    return err(l, name + "() is not supported for complex numbers (" +
                      a.type.str() + "): arrayc does not order them");
  if (isMaxMin)
    for (int64_t ax : axes)
      if (!a.type.dims[ax].isNamed() && a.type.dims[ax].size == 0)
        return err(l, std::string("zero-size array to reduction operation ") +
                          (bi == Builtin::Max ? "maximum" : "minimum") +
                          " which has no identity");
  DType t = a.type.dtype;
  if (!isMaxMin)
    t = sumTypeFor(t); // NumPy sums small integers in the platform integer.
  Val x = toArray(a, t);
  ArrType rt{t, {}};
  for (int64_t d = 0; d < rank; ++d) {
    if (!llvm::is_contained(axes, d))
      rt.dims.push_back(x.type.dims[d]);
    else if (keep)
      rt.dims.push_back(Dim::lit(1));
  }
  nd::ReduceKind kind = bi == Builtin::Sum    ? nd::ReduceKind::sum
                        : bi == Builtin::Prod ? nd::ReduceKind::prod
                        : bi == Builtin::Max  ? nd::ReduceKind::max
                                              : nd::ReduceKind::min;
  Value r = nd::ReduceOp::create(
      b, loc(l), rt.tensorType(&ctx), nd::ReduceKindAttr::get(&ctx, kind),
      x.value, b.getDenseI64ArrayAttr(axes), keep ? b.getUnitAttr() : nullptr);
  return Val::array(r, rt);
}

//===----------------------------------------------------------------------===//
// Host-side builtins (main only)
//===----------------------------------------------------------------------===//

OptVal Gen::genPrint(const Expr &call) {
  std::optional<std::string> sep = " ", end = "\n";
  for (const Keyword &k : call.keywords) {
    if (k.name != "sep" && k.name != "end")
      return err(k.loc, "print() got an unexpected keyword argument '" +
                            k.name + "'; it accepts sep= and end=");
    std::string &dst = k.name == "sep" ? *sep : *end;
    if (k.value->kind == ExprKind::None)
      continue; // The default.
    if (k.value->kind != ExprKind::String)
      return err(k.value->loc, "print(): " + k.name +
                                   "= must be a string literal");
    dst = k.value->name;
  }
  llvm::SmallVector<Attribute> pieces;
  llvm::SmallVector<Value> operands;
  auto text = [&](llvm::StringRef s) {
    if (!s.empty())
      pieces.push_back(b.getStringAttr(s));
  };
  for (auto [i, arg] : llvm::enumerate(call.elts)) {
    if (i)
      text(*sep);
    OptVal v = eval(*arg);
    if (!v)
      return std::nullopt;
    switch (v->kind) {
    case Val::Str:
      text(v->str);
      break;
    case Val::None:
      text("None");
      break;
    case Val::Tuple:
      if (!printTuple(*v, arg->loc, pieces, operands))
        return std::nullopt;
      break;
    case Val::Lit:
      if (v->weak == Weak::Bool) {
        text(v->i ? "True" : "False");
        break;
      }
      v = materialize(*v);
      [[fallthrough]];
    case Val::Array:
      pieces.push_back(b.getI64IntegerAttr(operands.size()));
      operands.push_back(v->value);
      break;
    }
  }
  text(*end);
  nd::PrintOp::create(b, loc(call.loc), operands, b.getArrayAttr(pieces));
  return Val();
}

OptVal Gen::genSave(const Expr &call) {
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs("save", {"file", "arr"}, 2, call, args))
    return std::nullopt;
  if (args[0]->kind != ExprKind::String)
    return err(args[0]->loc, "np.save needs a string literal path");
  OptVal v = evalArrayOperand(*args[1], "save()");
  if (!v)
    return std::nullopt;
  Val a = materialize(*v);
  nd::SaveOp::create(b, loc(call.loc), b.getStringAttr(args[0]->name), a.value);
  return Val();
}

OptVal Gen::genLoad(const Expr &call, const ArrType &type, SrcLoc annLoc) {
  if (!requireHost("load", call.loc))
    return std::nullopt;
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs("load", {"file"}, 1, call, args))
    return std::nullopt;
  if (args[0]->kind != ExprKind::String)
    return err(args[0]->loc, "np.load needs a string literal path");
  const std::string &path = args[0]->name;
  Location il = loc(call.loc);
  Value v = nd::LoadOp::create(b, il, type.tensorType(&ctx),
                               b.getStringAttr(path));
  // Named dims of `main` are real sizes: the first load that names one
  // defines it; every later one is checked against it at run time.
  for (auto [axis, d] : llvm::enumerate(type.dims)) {
    if (!d.isNamed())
      continue;
    auto it = scope->dims.find(d.name);
    if (it == scope->dims.end()) {
      scope->dims[d.name] = DimSource{v, static_cast<int64_t>(axis), path};
      continue;
    }
    const DimSource &src = it->second;
    Value d0 = tensor::DimOp::create(b, il, src.value, src.axis);
    Value d1 = tensor::DimOp::create(b, il, v, static_cast<int64_t>(axis));
    Value eq = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, d0, d1);
    std::string msg = file + ":" + std::to_string(call.loc.line) + ":" +
                      std::to_string(call.loc.col) + ": dimension '" + d.name +
                      "' of '" + path + "' does not match '" + src.path + "'";
    nd::AssertOp::create(b, il, eq, b.getStringAttr(msg));
  }
  (void)annLoc;
  return Val::array(v, type);
}

/// `random` (not a variable) or `np.random`.
bool Gen::isRandomModule(const Expr &e) {
  if (e.kind == ExprKind::Name)
    return e.name == "random" && !scope->vars.count("random");
  return e.kind == ExprKind::Attribute && e.name == "random" &&
         e.lhs->kind == ExprKind::Name && npAliases.contains(e.lhs->name) &&
         !scope->vars.count(e.lhs->name);
}

#include "MLIRGenBuiltins.inc"
#include "MLIRGenFFT.inc"
#include "MLIRGenLinalg.inc"
#include "MLIRGenIndexing.inc"

OwningOpRef<ModuleOp> arrayc::frontend::genModule(const Module &module,
                                                  llvm::StringRef fileName,
                                                  MLIRContext &context,
                                                  std::vector<arrayc::FunctionSignature> *signatures) {
  Gen gen(context, fileName);
  OwningOpRef<ModuleOp> result = gen.run(module);
  if (result && signatures)
    gen.signatures(*signatures);
  return result;
}

#include "MLIRGenStatements.inc"
