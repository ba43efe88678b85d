//===- Gen.h - the checked lowering of .arr to ndarray IR -------*- C++ -*-===//
//
// One walk over each function body both checks (types, shapes, arity, where
// host-side calls may appear) and emits IR; every check runs before the op
// it guards is built, so the emitted IR always verifies. Python scalars stay
// unmaterialized "weak" literals (folded with Python semantics) until they
// meet an array, so NEP 50 promotion can use the array's dtype.
//
// `Gen` is one class split over translation units by concept, as Clang's
// CodeGenFunction: README.md lists which Gen*.cpp holds what. Only the
// Gen*.cpp files include this header; the rest of the compiler sees
// MLIRGen.h.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_FRONTEND_GEN_H
#define ARRAYC_FRONTEND_GEN_H

#include "Frontend/MLIRGen.h"
#include "Frontend/Sema.h"

#include "ndarray/NDArray.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <complex>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace arrayc::frontend::gen {

// The MLIR names the generator uses everywhere (as CIRCT's LLVM.h does).
using mlir::Attribute;
using mlir::FileLineColLoc;
using mlir::Location;
using mlir::MLIRContext;
using mlir::ModuleOp;
using mlir::OpBuilder;
using mlir::OwningOpRef;
using mlir::Type;
using mlir::Value;
namespace nd = arrayc::ndarray;

/// How diagnostics name a Python scalar of kind `w` ("a Python int").
const char *weakName(Weak w);
/// The dtype NumPy gives a Python scalar of kind `w` on its own.
DType weakDefault(Weak w);

struct AliasRef;
class ScalarBody;

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
  /// Array: what this value is a view of (reference semantics, GenAlias.cpp):
  /// a variable or a storage slot and the views from it. Only meaningful
  /// while `alias->value == value`: anything that computes a new value drops
  /// it, and eval() drops it from expressions that are not views.
  std::shared_ptr<const AliasRef> alias;
  /// Array: a Python list whose items are this array's rows (GenList.cpp);
  /// `emptyList`: `[]`, whose item type the first append decides.
  bool list = false;
  bool emptyList = false;

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
std::string describeVal(const Val &v);
/// A complex value: a Python complex or an array of a complex dtype.
bool isComplexVal(const Val &v);
/// A Python scalar, known at compile time or only at run time.
bool isWeak(const Val &v);
/// An integer argument: a literal or a run-time integer scalar.
bool isIntScalar(const Val &v);
/// Python's truth value of a Python scalar literal.
bool litTruth(const Val &v);

struct FuncInfo {
  const Stmt *def = nullptr;
  /// The parameters the body writes to (reference semantics): each has a
  /// hidden result after the declared ones, marked `ndarray.written_arg`.
  llvm::SmallVector<unsigned> written;
  /// Per declared result: the parameter whose array the function returns
  /// as it is (`def f(a): a[0] = 1; return a`), or -1. A caller binds such a
  /// result to the array it passed, as NumPy does (GenAlias.cpp).
  llvm::SmallVector<int> returnsParam;
  bool isMain = false;
  llvm::SmallVector<ArrType> params;
  llvm::SmallVector<ArrType> results;
  /// No `-> ...` but a top-level `return value`: the results are the types
  /// of the first `return` (then fixed, as if declared).
  bool inferResults = false;
  mlir::func::FuncOp op;
  enum State { NotStarted, InProgress, Done } state = NotStarted;
  // Functions with unannotated parameters (Python's duck typing): the
  // function as written is a template without an op; each distinct list of
  // argument types at its calls gets a specialization (GenModule.cpp).
  bool generic = false;
  /// Template: argument types -> its specialization.
  std::map<std::string, FuncInfo *> specializations;
  /// The parameters that take Python scalars (weak kinds): a specialization's
  /// arguments that are Python numbers, and parameters annotated
  /// `int`/`float`/`complex` (pythonScalarAnnotation).
  llvm::SmallVector<std::optional<Weak>> weakParams;
  /// Specialization: parameters bound to a value known at specialization
  /// time (None, a tuple of numbers, an int or bool literal): no operand,
  /// the body reads the value.
  std::vector<std::optional<Val>> constParams;
  /// The names the body assigns (Python's locals), computed on first use.
  std::optional<llvm::StringSet<>> locals;
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

/// A builtin function: one row of Builtins.def.
enum class Builtin : uint8_t {
  None,
#define BUILTIN(Id, Spelling, Family) Id,
#include "Frontend/Builtins.def"
};

/// The handler that lowers a builtin (Builtins.def).
enum class BuiltinFamily : uint8_t {
  Elementwise, Ufunc, Reduction, Statistic, Creation, Contraction, Shape, Host,
  Index, Composite, Stats, Signal, ArrayUtil
};

struct BuiltinInfo {
  Builtin id;
  llvm::StringRef name;
  BuiltinFamily family;
  bool pythonOnly; ///< Python's builtin: `f(...)` only, never `np.f(...)`.
};

/// The builtin `name` as called bare (`f(...)`) or through numpy
/// (`np.f(...)`, `viaModule`), or null (GenBuiltin.cpp).
const BuiltinInfo *lookupBuiltin(llvm::StringRef name, bool viaModule);
/// An attribute or method of arrays: one row of Methods.def.
enum class Method : uint8_t {
#define ATTRIBUTE(Id, Spelling) Id,
#define METHOD(Id, Spelling, Kind) Id,
#include "Frontend/Methods.def"
};
/// How a method lowers (Methods.def).
enum class MethodKind : uint8_t { Attribute, Own, Reduction, Function };
struct MethodInfo {
  Method id;
  llvm::StringRef name;
  MethodKind kind;
};
/// The attribute (`x.shape`) or method (`x.sum()`) `name` of arrays, or null
/// (GenBuiltin.cpp).
const MethodInfo *lookupMethod(llvm::StringRef name, bool attribute);
/// Whether `np.<module>.<name>` is a function of ModuleFunctions.def.
bool isModuleFunction(llvm::StringRef module, llvm::StringRef name);
/// The functions of `np.<module>` (ModuleFunctions.def), comma-separated,
/// for the error on an unknown one.
std::string moduleFunctionList(llvm::StringRef module);

/// The builtin name that `np.float32(...)`, `np.int64(...)`, ... (NumPy's
/// scalar types, any dtype name) look up as: a Creation builtin.
inline constexpr llvm::StringLiteral kScalarTypeBuiltin = "<scalar type>";

/// One source dim of an indexing window (GenIndex.cpp).
struct WinDim {
  int64_t sStart = 0, sSize = 0; ///< kDynamic when dynamic.
  mlir::Value dStart, dSize;     ///< Set when dynamic.
  int64_t step = 1;
  Dim dim;                       ///< The size, as a type dim.
  bool drop = false;             ///< Integer index: the dim goes away.
};

/// One step from an array to a view of it (GenAlias.cpp).
struct ViewStep {
  enum Kind : uint8_t { Window, Reshape, Transpose } kind = Window;
  llvm::SmallVector<WinDim> win;      ///< Window: a basic index's window.
  ArrType to;                         ///< Reshape: the view's type.
  llvm::SmallVector<mlir::Value> dyn; ///< Reshape: `to`'s dynamic sizes.
  llvm::SmallVector<int64_t> perm;    ///< Transpose.
  ArrType from;                       ///< The type the step applies to.
  bool operator==(const ViewStep &o) const;
};

/// What an array refers to under NumPy's reference semantics: the array held
/// by a storage slot (a hidden variable, `$s3`; `$p0` for parameter 0) or,
/// before anything shares it, by the plain variable `var`; and the views
/// taken from it, in order. Writes through a view update the slot, and
/// every name referring to the slot reads the new contents.
struct AliasRef {
  std::string slot;
  std::string var;
  llvm::SmallVector<ViewStep, 2> steps;
  mlir::Value value; ///< The value this describes (see Val::alias).
  /// A plain variable's array (`var` may have been rebound since).
  mlir::Value rootValue;
  ArrType rootType;
  bool sameTarget(const AliasRef &o) const {
    return slot == o.slot && var == o.var && steps == o.steps;
  }
  /// The storage: the slot's name, or the plain variable's.
  std::string root() const { return slot.empty() ? "var:" + var : slot; }
};
/// One entry of a shape argument: a static size (maybe -1) or a named dim
/// (GenShape.cpp).
struct ShapeEntry {
  int64_t size = 0;
  Dim dim;      ///< Named when dynamic.
  Value value;  ///< Its index value when dynamic.
};

/// An operator of .arr: one row of Operators.def.
enum class OpKind : uint8_t {
#define BINARY_OP(Kind, Spelling, Ufunc, Class, NDOp) Kind,
#define CONTRACT_OP(Kind, Spelling, Ufunc) Kind,
#define COMPARE_OP(Kind, Spelling, Predicate) Kind,
#define UNARY_OP(Kind, Spelling, Ufunc) Kind,
#include "Frontend/Operators.def"
};

/// Which typing and folding rules an operator follows (Operators.def).
enum class OpClass : uint8_t {
  Arith, Integer, Bitwise, Shift, Contract, Compare, Unary
};

struct OperatorInfo {
  OpKind kind;
  llvm::StringRef spelling;
  llvm::StringRef ufunc; ///< NumPy's name, for diagnostics.
  OpClass cls;
  bool inSource; ///< Written in programs (not only used by builtins).
};

/// The binary operator (elementwise or `@`) spelled `s`, or null.
const OperatorInfo *binaryOperator(llvm::StringRef s);
/// The comparison spelled `s`, or null.
const OperatorInfo *compareOperator(llvm::StringRef s);
/// The unary operator spelled `s`, or null.
const OperatorInfo *unaryOperator(llvm::StringRef s);

/// Which exits a statement list contains (break/continue of the loop it is
/// the body of; return anywhere).
struct Exits {
  bool brk = false, cont = false, ret = false;
  bool any() const { return brk || cont || ret; }
};

class Gen {
public:
  Gen(MLIRContext &ctx, llvm::StringRef file, const ImportOptions &options = {})
      : ctx(ctx), b(&ctx), file(file), options(options) {}

  OwningOpRef<ModuleOp> run(const Module &m);
  /// The exported functions' signatures, in source order (after run).
  void signatures(std::vector<arrayc::FunctionSignature> &out) const;

private:
  MLIRContext &ctx;
  OpBuilder b;
  std::string file;
  ImportOptions options;
  bool failed = false;
  llvm::StringSet<> npAliases{"np", "numpy"};
  llvm::StringSet<> mathAliases{"math"}; ///< Python's math module
  /// Expressions already evaluated once for the statement being generated
  /// (the index of `x[i] op= y`, read and written): eval gives the value.
  llvm::DenseMap<const Expr *, Val> pinned;
  /// Index arrays known to be within their axis: the true positions of a
  /// boolean index whose length was checked against the axis
  /// (boolIndexPositions). Their gathers skip checkIndexBounds' kernels and
  /// reads back (kmeans' `X[labels == j]`: two reads per cluster and step).
  llvm::DenseSet<Value> inBoundsIndices;
  /// The boolean mask of each such index (its true positions -> the mask).
  llvm::DenseMap<Value, Val> maskOfPositions;
  /// `X[mask]` along one axis: the gather's result -> X, the mask and the
  /// axis. A sum over that axis (`X[labels == j].mean(axis=0)`) reads X
  /// through the mask (masked elements the sum's identity) instead of the
  /// compacted copy: no compaction, no gather (reduceAxes).
  struct MaskedRows {
    Val source, mask;
    int64_t axis;
  };
  llvm::DenseMap<Value, MaskedRows> maskedRows;
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

  // Sizes read from arrays and named by slicing (GenIndex.cpp, GenShape.cpp).
  llvm::DenseMap<Value, Dim> shapeDims; ///< `x.shape[k]` values of named dims.
  unsigned freshDims = 0;
  std::map<std::string, std::string> runtimeSliceNames; ///< bounds -> dim name
  std::set<std::string> usedSliceNames;

  // Module, functions, calls (GenModule.cpp).
  bool declare(const Stmt &def);
  /// Parameter and result types of `def` into `fn` (an unannotated
  /// parameter i takes `given[i]`) and its func op named `symbol`.
  bool declareTypes(FuncInfo &fn, llvm::ArrayRef<std::optional<ArrType>> given,
                    llvm::StringRef symbol);
  bool genFunction(FuncInfo &fn);
  /// The specialization of the generic `fn` for the arguments `args`.
  FuncInfo *specialize(FuncInfo &fn, llvm::StringRef name,
                       llvm::ArrayRef<Val> args,
                       llvm::ArrayRef<const Expr *> exprs);
  /// A parameter's default value, evaluated as Python does at `def` time
  /// (module names only).
  OptVal evalDefault(const Expr &e);
  // Module-level constants: `NAME = <number or tuple of numbers>`.
  llvm::StringMap<Val> constants;
  std::map<std::string, FuncInfo> specialized; ///< owns specializations
  bool defineConstant(const Stmt &s);
  /// `name` read in the current function: the module constant, or the
  /// error Python raises when the function also assigns it (a local).
  OptVal readConstant(const Val &c, llvm::StringRef name, SrcLoc l);
  // Module-level arrays and specialization-time constants (issue 26, helper
  // B; GenModule.cpp).
  /// `NAME = <array expression>` at module level: the expression, evaluated
  /// at each function's entry into the hidden slot `$m:NAME` (moduleSlot).
  llvm::StringMap<const Stmt *> moduleArrays;
  /// Module arrays being evaluated (a cycle is an error).
  llvm::StringSet<> evaluatingModule;
  /// The top scope of the function being lowered.
  Scope *funcScope = nullptr;
  bool defineModuleArray(const Stmt &s);
  OptVal evalModuleArray(llvm::StringRef name, SrcLoc use);
  /// Evaluates, at the entry of `fn`, the module arrays it may read.
  bool bindModuleArrays(FuncInfo &fn);
  /// `x is None`, `x is not None`: folded at compile time.
  OptVal identityCompare(const Expr &e);
  OptVal evalCall(const Expr &call);

  // Python lists and conditional expressions (GenList.cpp).
  OptVal listDisplay(const Expr &e);
  /// `xs.append(v)` as a statement: rebinds `xs` to the longer list.
  bool genAppend(const Expr &call);
  /// A list of type `t` with no items (the entry of a loop that appends).
  Value emptyList(const ArrType &t, Location l);
  /// Python's sum/max/min/any/all of a list; `handled` when `call` is one.
  OptVal listReduce(const Expr &call, bool &handled);
  /// `x if c else y`: one branch runs (an scf.if on a run-time `c`).
  OptVal conditionalExpr(const Expr &e);
  OptVal callUser(FuncInfo &fn, llvm::StringRef name, const Expr &call);
  /// The call of `fn` (declared types) on the evaluated arguments `given`.
  OptVal callSpecialized(FuncInfo &fn, llvm::StringRef name, const Expr &call,
                         llvm::ArrayRef<const Expr *> args, llvm::ArrayRef<Val> given);
  bool bindArgs(llvm::StringRef fname, llvm::ArrayRef<std::string> names,
                size_t required, const Expr &call,
                llvm::SmallVectorImpl<const Expr *> &out);
  bool requireHost(llvm::StringRef name, SrcLoc l);

  // @vectorize functions applied elementwise (GenVectorize.cpp): the body
  // becomes the scalar region of one ndarray.map.
  friend class ScalarBody;
  OptVal callVectorized(FuncInfo &fn, llvm::StringRef name, const Expr &call);
  // @reduction functions folded over axes (GenReduction.cpp): the body
  // becomes the combine region of one ndarray.custom_reduce.
  OptVal callReduction(FuncInfo &fn, llvm::StringRef name, const Expr &call);

  // Reference semantics: names, views, writes through them (GenAlias.cpp).
  unsigned freshSlots = 0;
  /// The slot ensureSlot moved a plain variable's array into, by that array's
  /// value: other views taken of the variable before the move (`a, b = X`,
  /// `a, b = X, X`) name the same slot.
  llvm::DenseMap<mlir::Value, std::string> slotOfRoot;
  /// Names whose aliasing depends on the path taken (a control-flow merge
  /// demoted them to values): writing through them is an error (the text).
  llvm::StringMap<std::string> aliasLost;
  /// Slot -> such a name that may share it: writing to the slot is that
  /// name's error while the name is still bound to its demoted value.
  llvm::StringMap<std::string> slotLost;
  Val readVar(llvm::StringRef name, const Val &v, SrcLoc l);
  bool hasAlias(const Val &v) const;
  bool contiguousView(const Val &v) const;
  Val deriveStep(const Val &base, const ViewStep &step, SrcLoc l);
  Val undoStep(const Val &base, const ViewStep &step, const Val &view, SrcLoc l);
  Val viewOf(const Val &base, Val view, ViewStep step);
  Val transposeView(const Val &a, llvm::ArrayRef<int64_t> perm, SrcLoc l);
  /// A new array with v's contents (`.copy()`): its own buffer, which later
  /// writes to v do not reach.
  Val copyOf(const Val &v, SrcLoc l);
  /// `r`, a reshape of `a`, as a view of it: NumPy's reshape gives a view
  /// when it can (`always`: squeeze and expand_dims always can).
  Val reshapeView(const Val &a, Val r, bool always);
  std::string ensureSlot(const AliasRef &a);
  void bindName(llvm::StringRef name, Val v);
  /// The array a named argument (or a view of a slot) refers to, read again
  /// after a call wrote it back; nullopt when it cannot be named any more.
  OptVal rereadArgument(const Val &arg, SrcLoc l);
  bool writeThrough(const Val &target, const Val &updated, SrcLoc l);
  Value updateWindow(const Val &base, llvm::ArrayRef<WinDim> win, Value x, Location l);
  void refreshViews(SrcLoc l);
  Val plainValue(const Val &v, const llvm::StringMap<Val> &vars, SrcLoc l);
  bool isViewExpr(const Expr &e) const;
  std::string lostAliasMessage(llvm::StringRef name, llvm::StringRef where);
  void markLost(llvm::StringRef name, const Val &v, llvm::StringRef where);
  /// At the end of a region (a branch, a loop body): names referring to
  /// slots made inside it become values, the slots do not outlive it.
  void leaveRegionSlots(const llvm::StringMap<Val> &before, SrcLoc l,
                        llvm::StringRef where, bool loop);
  /// The two paths of an `if`: names with the same target on both are kept
  /// (`kept`), others become values on each path (aliasing lost).
  bool mergeAliases(llvm::StringMap<Val> (&paths)[2], mlir::Block *(&blocks)[2],
                    llvm::StringSet<> &kept, SrcLoc l, llvm::StringRef where);
  /// A loop carries the slots of the names it assigns, not their views.
  void carriedStorage(std::vector<std::string> &assigned,
                      const llvm::StringSet<> &writtenNames);
  void enterLoopAliases(llvm::StringMap<Val> &before, const llvm::StringSet<> &demote,
                        SrcLoc l, llvm::StringRef where);
  /// After a loop body: whether the loop must be generated again, carrying
  /// more (`carry`) or with names demoted to values at entry (`demote`).
  bool settleLoopAliases(const llvm::StringMap<Val> &before,
                         llvm::ArrayRef<std::string> carried, llvm::StringRef loopVar,
                         std::vector<std::string> &carry, llvm::StringSet<> &demote,
                         SrcLoc l, llvm::StringRef where);
  void bindParams(FuncInfo &fn, mlir::Block *entry);
  void emitReturn(SrcLoc l, llvm::SmallVector<Value> outs);
  bool writeBackArgs(FuncInfo &fn, llvm::StringRef name, const Expr &call,
                     llvm::ArrayRef<const Expr *> argExprs, llvm::ArrayRef<Val> args,
                     mlir::Operation *op);

  // Statements, assignment, return, exits (GenStmt.cpp).
  bool genStmt(const Stmt &s, bool &returned);
  bool genReturn(const Stmt &s);
  bool returnValues(const Stmt &s, std::vector<Val> &out);
  bool assign(const Expr &target, Val v);
  bool genAnnAssign(const Stmt &s);
  bool genAugAssign(const Stmt &s);
  bool coerceTo(Val &v, const ArrType &want, SrcLoc l, const llvm::Twine &what);
  bool genBlock(const std::vector<StmtPtr> &body, size_t from = 0);
  bool genCompound(const Stmt &s);
  llvm::SmallVector<llvm::StringRef, 3> exitFlags();
  OptVal stillRunning(SrcLoc l);
  void clearExitFlags();
  bool genGuarded(SrcLoc l, llvm::function_ref<bool()> fn);
  bool genReturnToSlots(const Stmt &s);
  bool initResultSlots(SrcLoc l);
  bool genAssert(const Stmt &s);
  std::optional<Value> condition(const Val &v, SrcLoc l, llvm::StringRef what);

  // if/for/while (GenControlFlow.cpp).
  bool genIf(const Stmt &s);
  /// `v` as control flow carries it: in `t`'s dtype and tensor type.
  Value carriedValue(const Val &v, const ArrType &t, Location l);
  bool genBranches(const Val &c, SrcLoc condLoc, llvm::function_ref<bool()> thenFn,
                   llvm::function_ref<bool()> elseFn,
                   std::optional<SrcLoc> ifLoc = std::nullopt);
  /// A `for i in range(...)` loop run as a `while` (when its body may
  /// `break` or `return`): the i64 start, step and trip count, and whether
  /// the loop variable is carried out of the loop.
  struct RangeLoop {
    std::string var;
    Value start, step, trips;
    bool carryVar = false;
    SrcLoc varLoc;
  };
  std::optional<Value> whileCondition(const Stmt &s, const Exits &ex,
                                      bool &never, Value rangeCond = Value());
  Val rangeIndexVal(Value iv, Location l);
  bool genFor(const Stmt &s);
  bool genWhile(const Stmt &s);
  bool genWhileLoop(const Stmt &s, const Exits &ex, const RangeLoop *range);

  // The expression walk (GenExpr.cpp).
  OptVal eval(const Expr &e);
  OptVal evalImpl(const Expr &e);

  // Operators (GenOperator.cpp, the table in Operators.def).
  OptVal binary(llvm::StringRef op, Val a, Val b, SrcLoc l);
  OptVal compare(llvm::StringRef op, Val a, Val b, SrcLoc l);
  OptVal foldBinary(llvm::StringRef op, const Val &a, const Val &b, SrcLoc l);
  OptVal negate(Val a, SrcLoc l);
  std::optional<bool> staticTruth(const Val &v);
  OptVal intOperator(const OperatorInfo &info, Val a, Val c, SrcLoc l);
  OptVal unary(llvm::StringRef op, Val a, SrcLoc l);
  bool checkOperands(llvm::StringRef op, const Val &a, const Val &c, SrcLoc l);
  OptVal emitBinary(OpKind kind, const Val &a, const Val &c, DType t, SrcLoc l);
  OptVal foldIntOperator(llvm::StringRef op, const Val &a, const Val &c,
                         SrcLoc l);
  OptVal unaryInvert(Val a, SrcLoc l);
  OptVal logicalNot(Val a, SrcLoc l);
  OptVal boolOp(const Expr &e);
  OptVal chainedCompare(const Expr &e);
  OptVal weakRtBinary(llvm::StringRef op, Val a, Val c, SrcLoc l);

  // Promotion, broadcasting, coercion (GenPromote.cpp).
  bool checkBroadcast(Val &a, Val &c, llvm::SmallVectorImpl<Dim> &shape,
                      SrcLoc l);
  bool broadcastOperands(const Val &a, const Val &c, DType t, SrcLoc l,
                         Val &x, Val &y);
  Value constant(const Val &lit, DType t);
  Val toArray(const Val &v, DType t);        ///< Materialize or cast to t.
  Val materialize(const Val &v);             ///< Lit -> default-dtype array.
  Value dimValue(const std::vector<Val> &sources, llvm::ArrayRef<Dim> shape,
                 size_t axis, Location l);
  Val broadcastTo(const Val &v, llvm::ArrayRef<Dim> shape,
                  const std::vector<Val> &sources, Location l);
  bool weakFits(const Val &lit, DType t, SrcLoc l);
  bool promoteOperands(const Val &a, const Val &c, DType &t);
  Val toWeakRt(const Val &v);

  // Run-time shapes (GenPromote.cpp): sizes that must agree but are only
  // known at run time are checked there (NumPy's message, the location),
  // then treated as one dim.
  /// Sizes of dims named by run-time sizes of the creation call being
  /// lowered (dimValue reads them; empty outside such a call).
  llvm::StringMap<Value> runtimeSizes;
  /// Names of run-time sizes by what computes them (creation functions).
  std::map<std::string, std::string> runtimeSizeNames;
  /// "file:line:col: " before a run-time message.
  std::string where(SrcLoc l);
  /// The size of axis `d` of `a` as an i64 value.
  Value sizeI64(const Val &a, int64_t d, Location l);
  /// `v` with axis `d` typed as `dim` (a tensor.cast where the static
  /// shape changes).
  Val withDim(const Val &v, int64_t d, const Dim &dim, Location l);
  /// Emits `ndarray.assert` that the i64 values `x` and `y` are equal, with
  /// `msg` (its `{0}`/`{1}` filled from `shown`).
  void assertEqual(Value x, Value y, SrcLoc l, const std::string &msg,
                   llvm::ArrayRef<Value> shown);
  /// NumPy's spelling of the shapes of `vals` in an error (`(3,)`, `(2,3)`):
  /// static sizes inline; the dynamic sizes `(val, axis)` in `marked` as
  /// `{k}` (their i64 values appended to `shown`, at most two), the others
  /// by name.
  std::vector<std::string>
  numpyShapes(llvm::ArrayRef<const Val *> vals,
              llvm::ArrayRef<std::pair<unsigned, int64_t>> marked, Location l,
              llvm::SmallVectorImpl<Value> &shown);
  /// Makes the shapes of `a` and `c` broadcast where they differ only in
  /// dims known at run time: checks those sizes at run time (NumPy's
  /// message) and gives both operands the same dim.
  /// With `core`, the last `core` axes of each are left out (matmul's and
  /// solve's batch dims) and `what` starts the message.
  bool unifyBroadcast(Val &a, Val &c, SrcLoc l, unsigned core = 0,
                      llvm::StringRef what = {});
  /// As unifyBroadcast for a value stored into `x[...]` whose window has
  /// the shape `rt` (the window dims in `win`, `layout` as buildWindow).
  bool unifyStore(Val &x, const ArrType &rt, llvm::ArrayRef<WinDim> win,
                  llvm::ArrayRef<int64_t> layout, SrcLoc l);
  /// A `return` value against a declared result type: dims named in the
  /// parameters must agree (at run time when only known then); the other
  /// names take whatever the body produces (the same name, the same size).
  bool matchResult(Val &v, const ArrType &want, SrcLoc l);
  /// The result-only names bound by the `return` being checked: the value
  /// and axis that gave each its size (reset at its first result).
  llvm::StringMap<std::pair<Val, int64_t>> resultOnlyDims;
  /// A shape argument whose sizes may be any integer value; `sizes` gets
  /// the index value of each run-time size, by dim name.
  bool parseShape(const Expr &e, llvm::StringRef fname,
                  llvm::SmallVectorImpl<Dim> &dims,
                  llvm::StringMap<Value> &sizes);
  /// A dim for a size computed at run time (`idx`, an index value; `e` is
  /// what the program wrote): the same computation gives the same dim.
  Dim runtimeSizeDim(Value idx, const Expr *e, llvm::StringRef spelled = {});
  /// An integer scalar (literal or run-time) as an i64 value; none (and an
  /// error) for anything else.
  std::optional<Value> intScalar(const Val &v, const Expr &e,
                                 const llvm::Twine &what);

  // Indexing and slicing (GenIndex.cpp).
  Value namedDimValue(llvm::StringRef name, Location l);
  OptVal namedDimAsValue(llvm::StringRef name, SrcLoc l);
  Val sizeOf(const Val &a, int64_t d, SrcLoc l);
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
  bool buildWindow(const Val &a, const Expr &sub, llvm::SmallVectorImpl<WinDim> &win,
                   llvm::SmallVectorImpl<int64_t> &layout);
  Val emitSlice(const Val &a, llvm::ArrayRef<WinDim> win, SrcLoc l);
  Val reshapeTo(const Val &a, const ArrType &to, llvm::ArrayRef<Value> dyn, SrcLoc l);
  OptVal genSubscript(const Expr &e);
  /// base[sub]: a view for basic indices, a copy for index arrays and masks.
  OptVal indexArray(const Val &base, const Expr &sub, SrcLoc l);
  /// `a, b, c = X`: X's rows along axis 0 (views, as iterating NumPy's array).
  bool unpackArray(const Expr &target, const Val &v);
  bool assignSubscript(const Expr &target, Val v);

  // Advanced indexing: masks and index arrays in subscripts, reads and
  // stores (GenAdvancedIndex.cpp); nonzero and sorting (GenBuiltinSearch.cpp).
  /// Evaluates the items of a subscript that basic indexing does not read
  /// itself once, pinning them (`pinnedHere`: the ones pinned here);
  /// `advanced`: one of them is an array (an index array or a mask).
  bool pinSubscript(const Expr &sub, llvm::SmallVectorImpl<const Expr *> &pinnedHere,
                    bool &advanced);
  void unpin(llvm::ArrayRef<const Expr *> pinnedHere);
  const Val *wholeMask(const Val &base, const Expr &sub);
  OptVal advancedSubscript(const Val &base, const Expr &sub);
  bool assignAdvanced(const Val &base, const Expr &sub, Val v, SrcLoc l);
  /// `A[[i, j]] = v`: a list of at most kMaxListRows integers on axis 0 is
  /// assigned row by row (window updates), not scattered.
  bool assignListRows(const Val &base, mlir::ValueRange rows, Val v, SrcLoc l);
  static constexpr size_t kMaxListRows = 8;
  bool advancedItems(const Val &base, const Expr &sub, std::vector<Val> &idx,
                     int64_t &axis);
  /// A mask of x's whole shape; sizes only known at run time checked then.
  bool checkMaskShape(const Val &x, Val &mask, SrcLoc l);
  /// A mask of rank k on axes axis..axis+k of x (the same checks).
  bool checkMaskAxes(const Val &x, Val &mask, int64_t axis, SrcLoc l);
  const Val *maskAmongSlices(const Val &base, const Expr &sub, int64_t &axis);
  bool assignMaskOnAxes(const Val &base, Val mask, int64_t axis, Val v, SrcLoc l);
  static bool isScalarValue(const Val &v);
  /// The number of true elements of a 1-d mask, an index value.
  Value countTrue(const Val &flatMask, SrcLoc l);
  Val compressFlat(const Val &flat, const Val &flatMask, Value count, SrcLoc l);
  Val truePositions(const Val &flatMask, Value count, SrcLoc l);
  OptVal maskRead(const Val &x, Val mask, SrcLoc l);
  bool assignMask(const Val &base, Val mask, Val v, SrcLoc l);
  OptVal boolIndexPositions(const Val &x, int64_t d, const Val &m, SrcLoc l);
  /// Index arrays as i64, broadcast together to `shape`.
  bool indexArrays(std::vector<Val> &idx, llvm::SmallVectorImpl<Dim> &shape, SrcLoc l);
  /// Run-time IndexError unless every element of `idx` indexes axis `d` of x.
  void checkIndexBounds(const Val &idx, const Val &x, int64_t d, SrcLoc l);
  OptVal gatherVal(const Val &x, std::vector<Val> idx, int64_t axis, SrcLoc l);
  bool scatterInto(const Val &base, Val idx, Val v, bool accumulate, SrcLoc l);
  OptVal nonzero(llvm::StringRef full, const Expr &call);
  OptVal sortVal(const Val &a, const Expr *axis, bool indices, llvm::StringRef fn,
                 SrcLoc l);
  OptVal indexBuiltin(Builtin id, llvm::StringRef full, const Expr &call);

  // Shape functions, shapes and axes as arguments (GenShape.cpp).
  bool shapeArg(const Val &v, SrcLoc l, llvm::SmallVectorImpl<ShapeEntry> &out);
  OptVal reshapeVal(const Val &a, const Val &shape, SrcLoc l);
  Val transposeVal(const Val &a, llvm::ArrayRef<int64_t> perm, SrcLoc l);
  OptVal concatList(const Val &list, llvm::StringRef name, llvm::StringRef shown,
                    const Expr *axisArg, SrcLoc l);
  std::optional<int64_t> axisArg(const Expr *e, int64_t rank, llvm::StringRef fn);
  bool axesArg(const Expr *e, int64_t rank, llvm::StringRef fn,
               llvm::SmallVectorImpl<int64_t> &out);
  OptVal concatVals(std::vector<Val> xs, int64_t axis, bool hasAxis,
                    llvm::StringRef fn, SrcLoc l);
  Val expandDims(const Val &a, llvm::ArrayRef<int64_t> axesSorted, SrcLoc l);
  OptVal genShapeCall(llvm::StringRef name, llvm::StringRef shown,
                      const Expr &call);

  // Attributes and methods (GenAttribute.cpp).
  OptVal genAttribute(const Expr &e, Val obj);
  OptVal genMethod(const Expr &call, const Expr &f, Val obj);
  OptVal methodAsFunction(const BuiltinInfo &bi, const Expr &call, const Expr &f,
                          const Val &obj);

  // The builtin registry (GenBuiltin.cpp).
  OptVal evalArrayOperand(const Expr &e, llvm::StringRef what);
  OptVal callBuiltin(const BuiltinInfo &bi, llvm::StringRef full,
                     const Expr &call);
  std::optional<DType> dtypeArg(const Expr &e, llvm::StringRef fname);

  // Creation builtins (GenBuiltinCreation.cpp).
  OptVal creation(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  Val litAs(const Val &v, DType t);
  Val fill(const Val &value, DType t, llvm::ArrayRef<Dim> dims,
           const std::vector<Val> &sources, SrcLoc l);
  Val iota(DType t, llvm::ArrayRef<Dim> dims, int64_t dim,
           const std::vector<Val> &sources, SrcLoc l);
  Val flatten(const Val &a, SrcLoc l);

  // Ufuncs (GenBuiltinMath.cpp).
  OptVal elementwise(Builtin id, llvm::StringRef name, const Expr &call);
  OptVal unaryFloat(Builtin bi, llvm::StringRef name, Val a, SrcLoc l);
  OptVal ufunc(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  // Python's math module on scalars (GenMathModule.cpp).
  OptVal mathCall(llvm::StringRef fname, const Expr &call);
  OptVal mathArgument(const Expr &e, llvm::StringRef full, bool keepInt);
  bool mathRaise(const Val &bad, SrcLoc l, llvm::StringRef exception);
  /// A ufunc call with NumPy's `out=` and `where=` keywords (GenBuiltin.cpp).
  OptVal ufuncWithOut(const BuiltinInfo &bi, llvm::StringRef full, const Expr &call);
  /// The call whose `out`/`where` keywords bindArgs leaves to ufuncWithOut.
  const Expr *ufuncKeywordsCall = nullptr;
  Val unaryMath(llvm::StringRef fn, const Val &x, DType out, SrcLoc l);
  /// `real imag conj abs` of an array (complex or not), as NumPy.
  Val complexPartOf(llvm::StringRef fn, const Val &x, SrcLoc l);
  bool promoteBinary(Val &x, Val &y, DType &t, SrcLoc l);

  // Reductions and statistics (GenBuiltinReduce.cpp).
  OptVal reduction(Builtin id, llvm::StringRef name, const Expr &call);
  OptVal reduce(Builtin bi, llvm::StringRef name, Val a, const Expr *axis,
                const Expr *keepdims, SrcLoc l);
  OptVal statistic(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  bool parseAxes(const Val &a, const Expr *axis, llvm::StringRef name,
                 llvm::SmallVectorImpl<int64_t> &axes, bool single);
  std::optional<bool> parseKeepdims(const Expr *e, llvm::StringRef name);
  Val reduceAxes(nd::ReduceKind kind, const Val &x, llvm::ArrayRef<int64_t> axes,
                 bool keep, SrcLoc l);
  Val countOver(const Val &x, llvm::ArrayRef<int64_t> axes, bool keep, DType t,
                SrcLoc l);

  // Contractions (GenBuiltinContract.cpp).
  OptVal contraction(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  OptVal einsum(llvm::StringRef full, const Expr &call);
  OptVal matmul(Val a, Val c, SrcLoc l, llvm::StringRef name);
  OptVal contract(llvm::ArrayRef<Val> ops,
                  llvm::ArrayRef<llvm::SmallVector<unsigned>> labels,
                  llvm::ArrayRef<unsigned> outLabels, llvm::ArrayRef<Dim> loopDims,
                  SrcLoc l);

  // numpy.linalg (GenBuiltinLinalg.cpp).
  bool isLinalgModule(const Expr &e);
  OptVal linalgCall(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  OptVal linalgOperand(const Expr &e, llvm::StringRef fn, unsigned minRank);
  bool checkSquare(const Val &x, llvm::StringRef fn, SrcLoc l);
  std::optional<bool> boolArg(const Expr *e, bool dflt, llvm::StringRef fn,
                              llvm::StringRef param);
  OptVal svdOf(const Val &a, bool full, bool uv, SrcLoc l);
  OptVal norm(llvm::StringRef fn, const Expr &call);
  OptVal lstsq(llvm::StringRef fn, const Expr &call);
  OptVal pinv(llvm::StringRef fn, const Expr &call);
  OptVal matrixPower(llvm::StringRef fn, const Expr &call);

  // numpy.fft (GenBuiltinFFT.cpp).
  bool isFFTModule(const Expr &e, std::string &shown);
  OptVal fftCall(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  /// A transform length: a constant `n` (-1: the input's), or a value known
  /// at run time (`dyn`, an index) whose size is `dim`.
  struct FFTLength {
    int64_t n = -1;
    Value dyn;
    Dim dim;
  };
  std::optional<FFTLength> fftLength(const Val &v, const Expr &e, llvm::StringRef fn,
                                     bool allowMinusOne);
  OptVal fftAlongAxis(nd::FFTKind kind, const Val &a, int64_t axis, const FFTLength &length,
                      nd::FFTNorm norm, SrcLoc l);

  // numpy.random (GenBuiltinRandom.cpp).
  OptVal randomCall(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  void initRandomState(SrcLoc l);
  bool isRandomModule(const Expr &e);

  // NumPy functions composed from other builtins' ops (issue 26, helper B):
  // GenBuiltinComposite.cpp, GenBuiltinCreation.cpp (array/asarray, scalar
  // types), GenBuiltinReduce.cpp (nan-reductions, Python's max/min).
  OptVal composite(Builtin id, llvm::StringRef name, llvm::StringRef full,
                   const Expr &call);
  OptVal selectVals(const Val &cond, const Val &x, const Val &y, SrcLoc l);
  Val absVal(const Val &x, SrcLoc l);
  /// `col - row <pred> k` over the last two axes of `dims` (bool): the
  /// diagonals of eye/triu/tril/diag.
  OptVal diagonalMask(llvm::ArrayRef<Dim> dims, const std::vector<Val> &sources,
                      const Val &k, llvm::StringRef pred, SrcLoc l);
  /// `a[..., lo:lo+size, ...]` along `axis` with run-time bounds.
  Val windowAlong(const Val &a, int64_t axis, Value lo, Value size, Dim dim,
                  SrcLoc l);
  /// `a[..., lo:hi, ...]` along `axis` with literal bounds (Python's).
  OptVal sliceAlong(const Val &a, int64_t axis, std::optional<int64_t> lo,
                    std::optional<int64_t> hi, SrcLoc l);
  Dim freshDim(llvm::StringRef what, SrcLoc l);
  OptVal diagOf(const Val &a, int64_t k, SrcLoc l);
  OptVal rollAlong(const Val &a, int64_t axis, Value shift, SrcLoc l);

  // np.repeat and np.tile (GenBuiltinRepeatTile.cpp).
  /// How many copies: a literal, or an index value checked non-negative
  /// when the program runs.
  struct RepeatCount {
    int64_t lit = 0;
    Value dyn;
  };
  OptVal repeatOrTile(Builtin id, llvm::StringRef full, const Expr &call);
  /// A count (`what`: reps or repeats) from an integer or bool scalar.
  std::optional<RepeatCount> repeatCount(const Val &v, SrcLoc at, llvm::StringRef full,
                                         llvm::StringRef what);
  /// `a` with every element of axis `axis` repeated `c` times: after
  /// itself (repeat) or the whole axis `c` times (`whole`, tile).
  Val repeatAxis(const Val &a, int64_t axis, const RepeatCount &c, bool whole,
                 llvm::StringRef what, SrcLoc l);
  /// tile's counts, one per axis: `reps` written as a tuple or list, or
  /// `value`, its value (a count, a tuple, a 1-d array of known length).
  std::optional<llvm::SmallVector<RepeatCount>>
  tileCounts(const Expr &reps, const OptVal &value, llvm::StringRef full, SrcLoc l);
  OptVal tileOf(const Val &a, const Expr &reps, const OptVal &value, llvm::StringRef full,
                SrcLoc l);
  OptVal repeatOf(const Val &a, const Expr *axis, const Expr &reps, Val value,
                  llvm::StringRef full, SrcLoc l);
  /// repeat with an array of counts (`at`: where they were written).
  OptVal repeatEach(const Val &x, int64_t axis, const Val &counts, SrcLoc at, SrcLoc l);
  OptVal covOf(const Val &m, bool rowvar, double ddof, SrcLoc l);
  OptVal padAxis(const Val &a, int64_t axis, int64_t before, int64_t after,
                 llvm::StringRef mode, const Val &value, SrcLoc l);
  /// `np.add`, `np.multiply`, ...: a binary ufunc named as an object, whose
  /// methods (outer, reduce, accumulate) are called (GenBuiltinMath.cpp).
  bool isUfuncObject(const Expr &e);
  OptVal ufuncMethod(const Expr &ufunc, llvm::StringRef method, const Expr &call);
  /// fftfreq/rfftfreq/fftshift/ifftshift (GenBuiltinFFT.cpp, at its end).
  OptVal fftHelper(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  OptVal isclose(const Val &a, const Val &c, const Val &rtol, const Val &atol,
                 bool equalNan, SrcLoc l);
  OptVal arrayFromList(const Expr &e, std::optional<DType> dtype,
                       llvm::StringRef full);
  OptVal scalarType(DType t, llvm::StringRef full, const Expr &call);
  OptVal pythonMinMax(bool isMax, const Expr &call);
  OptVal pythonNumber(bool isInt, const Expr &call);
  OptVal nanReduction(llvm::StringRef name, llvm::StringRef full, const Expr &call);
  Val argReduce(nd::ReduceKind k, const Val &a, llvm::ArrayRef<int64_t> axes,
                bool keep, SrcLoc l);

  // Searching, unique values, counting (GenBuiltinSearch.cpp); gathers,
  // scatters and ufunc.at (GenAdvancedIndex.cpp); order statistics, histograms, interpolation:
  // GenBuiltinStats.cpp.
  /// `x` gathered along `axis` at `idx` (i64, any shape), unchecked: for
  /// indices computed in range.
  Val gatherAlong(const Val &x, const Val &idx, int64_t axis, SrcLoc l);
  Val scatterFlat(const Val &dest, const Val &idx, const Val &upd, bool accumulate,
                  SrcLoc l);
  /// A 1-d array of `n` (an index) copies of `value`.
  Val filledOfSize(const Val &value, DType t, Value n, llvm::StringRef what, SrcLoc l);
  /// `flat` (1-d) in the shape of `like` (0-d for a Python scalar).
  Val reshapeLike(const Val &flat, const Val &like, SrcLoc l);
  /// An array argument; a list or tuple literal is an array.
  OptVal arrayArg(const Expr &e, llvm::StringRef full);
  OptVal searchSorted(const Val &a, const Val &v, bool right, SrcLoc l);
  OptVal searchsorted(llvm::StringRef full, const Expr &call);
  OptVal unique(llvm::StringRef full, const Expr &call);
  OptVal bincount(llvm::StringRef full, const Expr &call);
  OptVal arrayEqual(llvm::StringRef full, const Expr &call);
  OptVal ufuncAt(Builtin id, llvm::StringRef full, const Expr &call);
  bool scatterRows(const Val &base, std::vector<Val> idx, Val v, bool accumulate,
                   SrcLoc l);
  OptVal statsBuiltin(Builtin id, llvm::StringRef full, const Expr &call);
  bool sortedAlong(const Val &a, const Expr *axisE, llvm::StringRef fn, Val &sorted,
                   int64_t &axis, SrcLoc l);
  Val atPosition(const Val &sorted, int64_t axis, const Val &pos, SrcLoc l);
  /// `r` without its length-1 axis `axis`.
  Val dropUnitAxis(const Val &r, int64_t axis, SrcLoc l);
  OptVal nanWhereLast(const Val &sorted, int64_t axis, const Val &res,
                      const Val &lastPos, SrcLoc l);
  OptVal median(llvm::StringRef full, const Expr &call);
  OptVal quantile(bool percent, llvm::StringRef full, const Expr &call);
  OptVal histogram(llvm::StringRef full, const Expr &call);
  OptVal interp(llvm::StringRef full, const Expr &call);
  // Signal helpers and array utilities (issue 26, helper C2):
  // GenBuiltinSignal.cpp, GenBuiltinArrayUtil.cpp.
  OptVal signalBuiltin(Builtin id, llvm::StringRef full, const Expr &call);
  OptVal arrayUtil(Builtin id, llvm::StringRef full, const Expr &call);
  OptVal reversedAlong(const Val &a, int64_t axis, SrcLoc l);
  /// 0, 1, ..., n-1 (a count from countArg) in dtype `t`.
  Val rangeOf(const ShapeEntry &n, DType t, SrcLoc l);
  std::optional<ShapeEntry> countArg(const Expr &e, llvm::StringRef fn,
                                     llvm::StringRef what, bool negativeIsEmpty);
  OptVal convolveOf(Val a, Val v, bool isCorrelate, llvm::StringRef mode,
                    llvm::StringRef fn, SrcLoc l);
  OptVal windowOf(Builtin id, llvm::StringRef fn, const Expr &mArg, SrcLoc l);
  OptVal trapzOf(const Val &y, const Val *x, const Val &dx, int64_t axis, SrcLoc l);
  OptVal vanderOf(const Val &x, const Expr *nArg, bool increasing, llvm::StringRef fn,
                  SrcLoc l);
  OptVal signbitOf(const Val &x, SrcLoc l);
  OptVal nanToNum(const Val &x, const Val &nan, const Val *posinf, const Val *neginf,
                  SrcLoc l);
  OptVal fillDiagonal(const Val &a, const Val &val, SrcLoc l);
  OptVal unravelIndex(const Val &idx, const Val &shape, SrcLoc shapeLoc, SrcLoc l);
  /// np.mgrid[...] / np.ogrid[...] and np.fromfunction
  /// (GenBuiltinCreation.cpp).
  bool isGridObject(const Expr &e);
  OptVal gridAxis(const Expr &slice, const Val &lo, const Val &hi, DType t, SrcLoc l);
  OptVal gridSubscript(const Expr &obj, const Expr &sub);
  OptVal fromFunction(llvm::StringRef full, const Expr &call);
  /// A pad width of np.pad: a literal `size`, or `dyn` (an index) when only
  /// known at run time (GenBuiltinComposite.cpp).
  struct PadWidth {
    int64_t size = 0;
    Value dyn;
  };
  OptVal padAxisRuntime(const Val &a, int64_t axis, PadWidth before, PadWidth after,
                        llvm::StringRef mode, const Val &value, SrcLoc l);
  /// np.maximum.accumulate / np.minimum.accumulate (GenBuiltinReduce.cpp).
  OptVal extremumAccumulate(bool isMax, const Val &a, int64_t axis, SrcLoc l);
  OptVal arrayFromTuple(const Val &tup, std::optional<DType> dtype,
                        llvm::StringRef full, SrcLoc l);
  /// Expressions the generator writes itself (fromfunction's call of f),
  /// alive as long as the generator.
  std::vector<std::unique_ptr<Expr>> synthesized;

  // Host-side builtins (GenBuiltinIO.cpp).
  OptVal hostBuiltin(Builtin id, llvm::StringRef name, const Expr &call);
  OptVal genPrint(const Expr &call);
  OptVal genSave(const Expr &call);
  OptVal genLoad(const Expr &call, const ArrType &type, SrcLoc annLoc);
  OptVal genUnannotatedLoad(const Expr &call);
  std::optional<std::string> loadPath(const Expr &call);
  bool printTuple(const Val &t, SrcLoc l, llvm::SmallVectorImpl<Attribute> &pieces,
                  llvm::SmallVectorImpl<Value> &operands);
};

//===----------------------------------------------------------------------===//
// Helpers shared by several units
//===----------------------------------------------------------------------===//

/// `f32[n]`, or `(f32[n], i64)` for several results (GenModule.cpp).
std::string describeResults(llvm::ArrayRef<ArrType> results);
/// "the truth value of an array ... is ambiguous" for `what`
/// (GenOperator.cpp).
std::string ambiguous(const Val &v, llvm::StringRef what);
/// An integer literal, possibly negated, as written for an axis or index,
/// or a name bound to an integer known at compile time (GenIndex.cpp).
std::optional<int64_t> axisLiteral(const Expr &e);
/// The variables of the function being lowered, for axisLiteral's names (a
/// parameter bound per specialization: `np.max(x, axis=axis)`).
extern thread_local const llvm::StringMap<Val> *literalNames;

/// The constants `pi`, `e`, `inf`, `nan` (GenBuiltin.cpp).
std::optional<double> extConstant(llvm::StringRef n);

// break/continue/return inside control flow (GenStmt.cpp): hidden flag
// variables and result slots.
inline constexpr const char *kBreak = "$break";
inline constexpr const char *kContinue = "$continue";
inline constexpr const char *kReturned = "$returned";
std::string resultSlot(size_t i);
/// NumPy's dtype kinds in 'same_kind' order: bool < unsigned < signed <
/// float < complex (a cast to an earlier kind is not 'same_kind').
int dtypeKind(DType t);
/// The hidden variable holding parameter i's array (GenAlias.cpp).
std::string paramSlot(size_t i);
/// The hidden variable holding module array `name` in a function
/// (GenModule.cpp); writes to it are errors (GenAlias.cpp).
std::string moduleSlot(llvm::StringRef name);
inline constexpr llvm::StringLiteral kModuleSlotPrefix = "$m:";
/// Whether a function body has a `return` below its top level.
bool hasNestedReturn(const std::vector<StmtPtr> &body);
/// Whether every path through `body` ends in a `return`.
bool alwaysReturns(const std::vector<StmtPtr> &body);
/// The exits of a loop's own body.
Exits loopExits(const Stmt &loop);

} // namespace arrayc::frontend::gen

#endif // ARRAYC_FRONTEND_GEN_H
