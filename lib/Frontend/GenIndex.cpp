//===- GenIndex.cpp - indexing and slicing --------------------------------===//
//
// `x[i]`, `x[a:b:s]`, `x[i] = v`: windows over source dims, run-time
// bounds checks, and names for sizes that slicing computes.
//
// Sizes that slicing computes from a named dim get a canonical name that
// depends on the bounds, so that two slices with the same bounds have the
// same type.
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

thread_local const llvm::StringMap<Val> *gen::literalNames = nullptr;

std::optional<int64_t> gen::axisLiteral(const Expr &e) {
  if (e.kind == ExprKind::Int)
    return e.intValue;
  if (e.kind == ExprKind::Name && literalNames)
    if (auto it = literalNames->find(e.name); it != literalNames->end() &&
                                              it->second.kind == Val::Lit &&
                                              it->second.weak == Weak::Int)
      return it->second.i;
  if (e.kind == ExprKind::Unary && e.name == "-" && e.lhs->kind == ExprKind::Int)
    return -e.lhs->intValue;
  return std::nullopt;
}

static std::string sliceSpell(std::optional<int64_t> lo, std::optional<int64_t> hi,
                              int64_t step) {
  auto s = [](std::optional<int64_t> v) { return v ? std::to_string(*v) : ""; };
  return "[" + s(lo) + ":" + s(hi) + (step == 1 ? "" : ":" + std::to_string(step)) + "]";
}

Value Gen::idx(int64_t v) {
  return arith::ConstantIndexOp::create(b, b.getUnknownLoc(), v);
}

Value Gen::dimIndex(const Val &a, int64_t d, Location l) {
  if (!a.type.dims[d].isNamed())
    return arith::ConstantIndexOp::create(b, l, a.type.dims[d].size);
  return tensor::DimOp::create(b, l, a.value, d);
}

/// The size of the named dimension `name` of the current function: read
/// from a parameter that has it, or (in `main`) from the load that defined
/// it. Null when no such array is in scope.
Value Gen::namedDimValue(llvm::StringRef name, Location l) {
  FuncInfo &fn = *scope->fn;
  Block &entry = fn.op.getBody().front();
  for (auto [i, p] : llvm::enumerate(fn.params))
    for (auto [d, dim] : llvm::enumerate(p.dims))
      if (dim.isNamed() && dim.name == name)
        return tensor::DimOp::create(b, l, entry.getArgument(i),
                                     static_cast<int64_t>(d));
  auto it = scope->dims.find(name);
  if (it != scope->dims.end())
    return tensor::DimOp::create(b, l, it->second.value, it->second.axis);
  return {};
}

/// The size of dim `d` of `a` as a Python int: a literal for a static dim,
/// else a run-time Python int that remembers its dimension (so that it can
/// be used as a shape: `zeros((x.shape[0], 2))` has type `f64[n, 2]`).
Val Gen::sizeOf(const Val &a, int64_t d, SrcLoc l) {
  const Dim &D = a.type.dims[d];
  if (!D.isNamed())
    return Val::intLit(D.size);
  Value v = nd::DimOp::create(b, loc(l), a.value, d);
  shapeDims[v] = D;
  Val r = Val::array(v, ArrType{DType::I64, {}});
  r.weakRt = true;
  r.weak = Weak::Int;
  return r;
}

/// A dimension name of the function's signature (or of a load in `main`)
/// used as a value: its size, a run-time Python int.
OptVal Gen::namedDimAsValue(llvm::StringRef name, SrcLoc l) {
  FuncInfo &fn = *scope->fn;
  Block &entry = fn.op.getBody().front();
  for (auto [i, p] : llvm::enumerate(fn.params))
    for (auto [d, dim] : llvm::enumerate(p.dims))
      if (dim.isNamed() && dim.name == name)
        return sizeOf(Val::array(entry.getArgument(i), p), d, l);
  auto it = scope->dims.find(name);
  if (it == scope->dims.end())
    return std::nullopt;
  Value src = it->second.value;
  ArrType t{DType::F32, {}};
  for (int64_t k = 0, r = cast<RankedTensorType>(src.getType()).getRank(); k < r; ++k)
    t.dims.push_back(k == it->second.axis ? Dim::named(name.str()) : Dim::lit(1));
  return sizeOf(Val::array(src, t), it->second.axis, l);
}

/// A string naming what `v` computes: for the result of a pure op without
/// regions, the op's name, attributes and its operands' keys (so two
/// evaluations of `k + 1` agree); otherwise the value's identity.
static std::string structuralKey(Value v, unsigned depth = 0) {
  Operation *op = v.getDefiningOp();
  if (!op || depth > 16 || op->getNumRegions() || !isPure(op))
    return std::to_string(reinterpret_cast<uintptr_t>(v.getAsOpaquePointer()));
  std::string key;
  llvm::raw_string_ostream os(key);
  os << op->getName() << op->getAttrDictionary() << "#"
     << cast<OpResult>(v).getResultNumber() << "(";
  for (Value operand : op->getOperands())
    os << structuralKey(operand, depth + 1) << ",";
  os << ")";
  return key;
}

/// Python's slice.indices + len(range()) for one dim. Literal bounds only.
bool Gen::sliceDim(const Val &a, int64_t d, const Expr *lo, const Expr *hi,
                   const Expr *stepE, WinDim &w, SrcLoc l) {
  Value dlo, dhi, slo, shi;
  auto bound = [&](const Expr *e, std::optional<int64_t> &out, Value &dyn,
                   Value *src) {
    return !e || e->kind == ExprKind::None ||
           runtimeInt(*e, out, dyn, "slice indices", src);
  };
  std::optional<int64_t> vlo, vhi, vstep;
  Value dstep;
  if (!bound(lo, vlo, dlo, &slo) || !bound(hi, vhi, dhi, &shi) ||
      !bound(stepE, vstep, dstep, nullptr))
    return false;
  // Same-named sizes for slices whose run-time bounds are the same values:
  // the same SSA value, or the same pure computation on the same values
  // (`A[k+1:, k]` written twice evaluates `k + 1` twice).
  auto key = [](std::optional<int64_t> v, Value src) {
    return src ? structuralKey(src) : v ? "#" + std::to_string(*v) : "";
  };
  std::string boundsKey = key(vlo, slo) + "|" + key(vhi, shi);
  if (dstep)
    return fail(stepE->loc, "a slice step must be an integer literal (a "
                            "run-time step is not supported yet)");
  if (dlo || dhi)
    return runtimeSliceDim(a, d, lo, hi, vlo, vhi, dlo, dhi, boundsKey,
                           vstep.value_or(1), stepE, w, l);
  int64_t step = vstep.value_or(1);
  if (step == 0)
    return fail(stepE->loc, "slice step cannot be zero");
  w.step = step;
  const Dim &D = a.type.dims[d];
  if (!D.isNamed()) {
    int64_t n = D.size, start, stop;
    auto clampIdx = [&](std::optional<int64_t> v, int64_t dflt, int64_t lowc,
                        int64_t highc) {
      if (!v)
        return dflt;
      int64_t x = *v < 0 ? *v + n : *v;
      return std::min(std::max(x, lowc), highc);
    };
    if (step > 0) {
      start = clampIdx(vlo, 0, 0, n);
      stop = clampIdx(vhi, n, 0, n);
    } else {
      start = clampIdx(vlo, n - 1, -1, n - 1);
      stop = clampIdx(vhi, -1, -1, n - 1);
    }
    int64_t diff = step > 0 ? stop - start : start - stop;
    int64_t as = step > 0 ? step : -step;
    int64_t size = diff > 0 ? (diff + as - 1) / as : 0;
    w.sStart = size > 0 ? start : 0;
    w.sSize = size;
    w.dim = Dim::lit(size);
    return true;
  }
  // A named dim: the same formulas on index values.
  Location il = loc(l);
  Value n = dimIndex(a, d, il);
  int64_t lo1 = vlo.value_or(0);
  if (step == 1 && vhi && lo1 >= 0 && *vhi == lo1 + 1) {
    // `x[:, k:k+1]` or `x[:, :1]`, the keep-the-axis idiom: size 1, so that it broadcasts
    // against any size as NumPy's does (a run-time size cannot stretch).
    // Where the axis is too short NumPy's slice is empty: a located error.
    Value n64 = arith::IndexCastOp::create(b, il, b.getI64Type(), n);
    Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt, n64,
                                     arith::ConstantIntOp::create(b, il, lo1, 64));
    std::string msg = file + ":" + std::to_string(l.line) + ":" +
                      std::to_string(l.col) + ": the slice " + std::to_string(lo1) +
                      ":" + std::to_string(*vhi) + " of an axis of size {0} is empty; " +
                      "arrayc types it as size 1 (an axis of size > " +
                      std::to_string(lo1) + " is needed)";
    nd::AssertOp::create(b, il, ok, b.getStringAttr(msg), ValueRange{n64});
    w.sStart = lo1;
    w.sSize = 1;
    w.dim = Dim::lit(1);
    return true;
  }
  if (!vlo && !vhi && step == 1) { // The whole dim: its size is `tensor.dim`.
    w.sStart = 0;
    w.sSize = ShapedType::kDynamic;
    w.dSize = n;
    w.dim = D;
    return true;
  }
  auto c = [&](int64_t v) { return arith::ConstantIndexOp::create(b, il, v).getResult(); };
  auto mn = [&](Value x, Value y) { return arith::MinSIOp::create(b, il, x, y).getResult(); };
  auto mx = [&](Value x, Value y) { return arith::MaxSIOp::create(b, il, x, y).getResult(); };
  auto clampIdx = [&](std::optional<int64_t> v, Value dflt, Value lowc, Value highc) {
    if (!v)
      return dflt;
    Value x = *v < 0 ? arith::AddIOp::create(b, il, n, c(*v)).getResult() : c(*v);
    return mn(mx(x, lowc), highc);
  };
  Value start, stop;
  Value nm1 = arith::SubIOp::create(b, il, n, c(1));
  if (step > 0) {
    start = clampIdx(vlo, c(0), c(0), n);
    stop = clampIdx(vhi, n, c(0), n);
  } else {
    start = clampIdx(vlo, nm1, c(-1), nm1);
    stop = clampIdx(vhi, c(-1), c(-1), nm1);
  }
  Value diff = step > 0 ? arith::SubIOp::create(b, il, stop, start).getResult()
                        : arith::SubIOp::create(b, il, start, stop).getResult();
  int64_t as = step > 0 ? step : -step;
  Value num = arith::AddIOp::create(b, il, mx(diff, c(0)), c(as - 1));
  Value size = arith::DivSIOp::create(b, il, num, c(as));
  // A static start when Python's clamping cannot change it observably.
  if (step > 0 && (!vlo || *vlo >= 0)) {
    w.sStart = vlo.value_or(0);
  } else {
    w.sStart = ShapedType::kDynamic;
    // When the size is 0 the start is never read; keep it in range anyway.
    w.dStart = mx(start, c(0));
  }
  w.sSize = ShapedType::kDynamic;
  w.dSize = size;
  // Canonical names: equal formulas give equal dims.
  if (step == 1 && (!vlo || *vlo >= 0) && (!vhi || *vhi < 0)) {
    int64_t k = vlo.value_or(0) + (vhi ? -*vhi : 0);
    w.dim = Dim::named(k == 0 ? D.name : D.name + "-" + std::to_string(k));
  } else if (step == -1 && !vlo && !vhi) {
    w.dim = D;
  } else {
    w.dim = Dim::named(D.name + sliceSpell(vlo, vhi, step));
  }
  return true;
}

/// An integer index or slice bound known only at run time, as an i64; a
/// literal (or a folded Python int) in `lit`. Fails with NumPy's IndexError
/// text for anything else.
bool Gen::runtimeInt(const Expr &e, std::optional<int64_t> &lit, Value &dyn,
                     llvm::StringRef what, Value *source) {
  if (std::optional<int64_t> v = axisLiteral(e)) {
    lit = *v;
    return true;
  }
  OptVal v = eval(e);
  if (!v)
    return false;
  if (v->kind == Val::Lit && v->weak == Weak::Int) {
    lit = v->i;
    return true;
  }
  if (v->kind != Val::Array || v->type.rank() != 0 || !isInt(v->type.dtype))
    return fail(e.loc, what + " must be integers (a Python int or a 0-d integer "
                       "array), got " + describeVal(*v) +
                       (v->kind == Val::Array && v->type.rank() > 0
                            ? "; indexing with arrays (fancy indexing) is not "
                              "supported yet"
                            : ""));
  Location il = loc(e.loc);
  if (source)
    *source = v->value;
  // In i64: an unsigned index zero-extends through ndarray.cast.
  Val wide = isUnsigned(v->type.dtype) ? toArray(*v, DType::I64) : *v;
  dyn = tensor::ExtractOp::create(b, il, wide.value, ValueRange{});
  if (dyn.getType().getIntOrFloatBitWidth() < 64)
    dyn = arith::ExtSIOp::create(b, il, b.getI64Type(), dyn);
  return true;
}

/// `i` wrapped like NumPy (`i < 0` counts from the end) and checked at run
/// time against the size `n` of axis `d`; an index value.
Value Gen::checkedIndex(Value i, Value n, int64_t d, SrcLoc l) {
  Location il = loc(l);
  Type i64 = b.getI64Type();
  Value n64 = arith::IndexCastOp::create(b, il, i64, n);
  Value zero = arith::ConstantIntOp::create(b, il, 0, 64);
  Value neg = arith::CmpIOp::create(b, il, arith::CmpIPredicate::slt, i, zero);
  Value wrapped = arith::SelectOp::create(
      b, il, neg, arith::AddIOp::create(b, il, i, n64), i);
  Value ok = arith::AndIOp::create(
      b, il,
      arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, wrapped, zero),
      arith::CmpIOp::create(b, il, arith::CmpIPredicate::slt, wrapped, n64));
  std::string msg = file + ":" + std::to_string(l.line) + ":" +
                    std::to_string(l.col) + ": index {0} is out of bounds for axis " +
                    std::to_string(d) + " with size {1}";
  nd::AssertOp::create(b, il, ok, b.getStringAttr(msg), ValueRange{i, n64});
  return arith::IndexCastOp::create(b, il, b.getIndexType(), wrapped);
}

/// A slice with a bound known only at run time: Python's clamping on index
/// values; the size is a new dimension named after the bounds' SSA values
/// (the same bounds on the same dim give the same name, so `x[i:j] +
/// y[i:j]` type-checks when x and y share the dim).
bool Gen::runtimeSliceDim(const Val &a, int64_t d, const Expr *lo,
                          const Expr *hi, std::optional<int64_t> vlo,
                          std::optional<int64_t> vhi, Value dlo, Value dhi,
                          llvm::StringRef boundsKey, int64_t step,
                          const Expr *stepE, WinDim &w, SrcLoc l) {
  if (step == 0)
    return fail(stepE->loc, "slice step cannot be zero");
  Location il = loc(l);
  Value n = dimIndex(a, d, il);
  auto c = [&](int64_t v) { return arith::ConstantIndexOp::create(b, il, v).getResult(); };
  auto mn = [&](Value x, Value y) { return arith::MinSIOp::create(b, il, x, y).getResult(); };
  auto mx = [&](Value x, Value y) { return arith::MaxSIOp::create(b, il, x, y).getResult(); };
  // A bound as an index value, negative ones counted from the end.
  auto wrapped = [&](std::optional<int64_t> v, Value dyn) -> Value {
    Value x = dyn ? arith::IndexCastOp::create(b, il, b.getIndexType(), dyn).getResult()
                  : c(*v);
    Value neg = arith::CmpIOp::create(b, il, arith::CmpIPredicate::slt, x, c(0));
    return arith::SelectOp::create(b, il, neg, arith::AddIOp::create(b, il, x, n), x);
  };
  bool hasLo = vlo || dlo, hasHi = vhi || dhi;
  Value nm1 = arith::SubIOp::create(b, il, n, c(1));
  Value start, stop;
  if (step > 0) {
    start = hasLo ? mn(mx(wrapped(vlo, dlo), c(0)), n) : c(0);
    stop = hasHi ? mn(mx(wrapped(vhi, dhi), c(0)), n) : n;
  } else {
    start = hasLo ? mn(mx(wrapped(vlo, dlo), c(-1)), nm1) : nm1;
    stop = hasHi ? mn(mx(wrapped(vhi, dhi), c(-1)), nm1) : c(-1);
  }
  Value diff = step > 0 ? arith::SubIOp::create(b, il, stop, start).getResult()
                        : arith::SubIOp::create(b, il, start, stop).getResult();
  int64_t as = step > 0 ? step : -step;
  Value num = arith::AddIOp::create(b, il, mx(diff, c(0)), c(as - 1));
  w.step = step;
  w.sStart = ShapedType::kDynamic;
  w.dStart = mx(start, c(0)); // Never read when the size is 0; keep it in range.
  w.sSize = ShapedType::kDynamic;
  w.dSize = arith::DivSIOp::create(b, il, num, c(as));
  auto spell = [](const Expr *e, std::optional<int64_t> v) -> std::string {
    if (!e || e->kind == ExprKind::None)
      return "";
    if (v)
      return std::to_string(*v);
    return e->kind == ExprKind::Name ? e->name : "?";
  };
  const Dim &D = a.type.dims[d];
  std::string k = D.str() + "|" + boundsKey.str() + "|" + std::to_string(step);
  std::string &name = runtimeSliceNames[k];
  if (name.empty()) {
    name = D.str() + "[" + spell(lo, vlo) + ":" + spell(hi, vhi) +
           (step == 1 ? "" : ":" + std::to_string(step)) + "]";
    // A different run-time slice spelled the same gets a distinct name.
    if (!usedSliceNames.insert(name).second)
      name += "#" + std::to_string(++freshDims);
  }
  w.dim = Dim::named(name);
  return true;
}

bool Gen::indexDim(const Val &a, int64_t d, const Expr &e, WinDim &w) {
  std::optional<int64_t> v;
  Value dyn;
  if (!runtimeInt(e, v, dyn, "indices"))
    return false;
  w.drop = true;
  w.step = 1;
  w.sSize = 1;
  w.dim = Dim::lit(1);
  const Dim &D = a.type.dims[d];
  if (v && !D.isNamed()) {
    if (*v >= D.size || *v < -D.size)
      return fail(e.loc, "index " + std::to_string(*v) +
                             " is out of bounds for axis " + std::to_string(d) +
                             " with size " + std::to_string(D.size));
    w.sStart = *v < 0 ? *v + D.size : *v;
    return true;
  }
  Location il = loc(e.loc);
  if (v)
    dyn = arith::ConstantIntOp::create(b, il, *v, 64);
  w.sStart = ShapedType::kDynamic;
  w.dStart = checkedIndex(dyn, dimIndex(a, d, il), d, e.loc);
  return true;
}

/// Reads the subscript list of `x[...]` into per-dim windows plus the
/// positions of new axes. `layout` lists, per result dim, the source dim
/// (>= 0) or -1 for a new axis.
bool Gen::buildWindow(const Val &a, const Expr &sub,
                      llvm::SmallVectorImpl<WinDim> &win,
                      llvm::SmallVectorImpl<int64_t> &layout) {
  llvm::SmallVector<const Expr *> items;
  if (sub.kind == ExprKind::Tuple)
    for (const ExprPtr &x : sub.elts)
      items.push_back(x.get());
  else
    items.push_back(&sub);
  auto isNewAxis = [&](const Expr *x) {
    return x->kind == ExprKind::None ||
           (x->kind == ExprKind::Name && x->name == "newaxis" && !scope->vars.count("newaxis")) ||
           (x->kind == ExprKind::Attribute && x->name == "newaxis" &&
            x->lhs->kind == ExprKind::Name && npAliases.contains(x->lhs->name));
  };
  int64_t rank = a.type.rank(), consuming = 0;
  const Expr *ellipsis = nullptr;
  for (const Expr *x : items) {
    if (x->kind == ExprKind::Ellipsis) {
      if (ellipsis)
        return fail(x->loc, "an index can only have a single ellipsis ('...')");
      ellipsis = x;
    } else if (!isNewAxis(x)) {
      if (x->kind == ExprKind::List || x->kind == ExprKind::Tuple)
        return fail(x->loc, "indexing with lists (fancy indexing) is not "
                            "supported yet; index with an integer array");
      ++consuming;
    }
  }
  if (consuming > rank)
    return fail(sub.loc, "too many indices for array: array is " +
                             std::to_string(rank) + "-dimensional, but " +
                             std::to_string(consuming) + " were indexed");
  win.assign(rank, WinDim());
  int64_t d = 0;
  auto full = [&](int64_t dd) {
    return sliceDim(a, dd, nullptr, nullptr, nullptr, win[dd], sub.loc);
  };
  for (const Expr *x : items) {
    if (x->kind == ExprKind::Ellipsis) {
      for (int64_t k = 0; k < rank - consuming; ++k, ++d) {
        if (!full(d))
          return false;
        layout.push_back(d);
      }
      continue;
    }
    if (isNewAxis(x)) {
      layout.push_back(-1);
      continue;
    }
    if (x->kind == ExprKind::Slice) {
      if (!sliceDim(a, d, x->elts[0].get(), x->elts[1].get(), x->elts[2].get(),
                    win[d], x->loc))
        return false;
      layout.push_back(d);
    } else if (!indexDim(a, d, *x, win[d])) {
      return false;
    }
    ++d;
  }
  for (; d < rank; ++d) {
    if (!full(d))
      return false;
    layout.push_back(d);
  }
  return true;
}

/// Emits the slice of the window (no reshape); the window's own type.
Val Gen::emitSlice(const Val &a, llvm::ArrayRef<WinDim> win, SrcLoc l) {
  bool identity = true;
  ArrType wt{a.type.dtype, {}};
  llvm::SmallVector<int64_t> ss, sz, st;
  llvm::SmallVector<Value> ds, dz;
  for (auto [d, w] : llvm::enumerate(win)) {
    wt.dims.push_back(w.dim);
    ss.push_back(w.sStart);
    sz.push_back(w.sSize);
    st.push_back(w.step);
    if (w.sStart == ShapedType::kDynamic)
      ds.push_back(w.dStart);
    if (w.sSize == ShapedType::kDynamic)
      dz.push_back(w.dSize);
    identity &= !w.drop && w.step == 1 && w.sStart == 0 && w.dim == a.type.dims[d];
  }
  if (identity)
    return a;
  Value r = nd::SliceOp::create(b, loc(l), wt.tensorType(&ctx), a.value, ds, dz,
                                b.getDenseI64ArrayAttr(ss), b.getDenseI64ArrayAttr(sz),
                                b.getDenseI64ArrayAttr(st));
  return Val::array(r, wt);
}

/// Reshapes `a` to `dims`; dynamic sizes read from `from` (dims by name).
Val Gen::reshapeTo(const Val &a, const ArrType &to,
                   llvm::ArrayRef<Value> dynSizes, SrcLoc l) {
  if (a.type.dims == to.dims)
    return a;
  Value r = nd::ReshapeOp::create(b, loc(l), to.tensorType(&ctx), a.value, dynSizes);
  return Val::array(r, to);
}

/// `t[lo:hi:step]` of a tuple (`x.shape[:2]`): Python's slice of its
/// elements, the bounds integer literals; none (and `bad`, what to report)
/// otherwise.
static std::optional<Val> sliceTuple(const Val &t, const Expr &slice,
                                     const Expr *&bad) {
  int64_t n = t.elts.size();
  std::optional<int64_t> part[3];
  for (int i = 0; i < 3; ++i) {
    const Expr *x = i < int(slice.elts.size()) ? slice.elts[i].get() : nullptr;
    if (!x)
      continue;
    part[i] = axisLiteral(*x);
    if (!part[i] || (i == 2 && *part[i] == 0)) {
      bad = x;
      return std::nullopt;
    }
  }
  int64_t step = part[2].value_or(1);
  auto clamp = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v)
      return dflt;
    int64_t x = *v < 0 ? *v + n : *v;
    return step > 0 ? std::clamp<int64_t>(x, 0, n) : std::clamp<int64_t>(x, -1, n - 1);
  };
  int64_t lo = clamp(part[0], step > 0 ? 0 : n - 1);
  int64_t hi = clamp(part[1], step > 0 ? n : -1);
  Val r;
  r.kind = Val::Tuple;
  for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step)
    r.elts.push_back(t.elts[i]);
  return r;
}

OptVal Gen::genSubscript(const Expr &e) {
  if (isGridObject(*e.lhs)) // np.mgrid[0:n, 0:m] (GenBuiltinCreation.cpp)
    return gridSubscript(*e.lhs, *e.rhs);
  OptVal base = eval(*e.lhs);
  if (!base)
    return std::nullopt;
  if (base->kind == Val::Tuple && e.rhs->kind == ExprKind::Slice) {
    const Expr *bad = nullptr;
    if (std::optional<Val> r = sliceTuple(*base, *e.rhs, bad))
      return r;
    return err(bad->loc, "a tuple can only be sliced by integer literals (a step "
                         "other than 0)");
  }
  if (base->kind == Val::Tuple) {
    std::optional<int64_t> k = axisLiteral(*e.rhs);
    if (!k)
      return err(e.rhs->loc, "a tuple can only be indexed by an integer literal");
    int64_t n = base->elts.size(), i = *k < 0 ? *k + n : *k;
    if (i < 0 || i >= n)
      return err(e.rhs->loc, "tuple index out of range");
    return base->elts[i];
  }
  if (base->kind != Val::Array)
    return err(e.loc, base->describe() + " cannot be indexed");
  return indexArray(*base, *e.rhs, e.loc);
}

OptVal Gen::indexArray(const Val &base, const Expr &sub, SrcLoc l) {
  // Index arrays and masks (GenAdvancedIndex.cpp): a copy, not a view.
  llvm::SmallVector<const Expr *> pinnedHere;
  auto unpinLater = llvm::make_scope_exit([&] { unpin(pinnedHere); });
  bool advanced;
  if (!pinSubscript(sub, pinnedHere, advanced))
    return std::nullopt;
  if (advanced)
    return advancedSubscript(base, sub);
  llvm::SmallVector<WinDim> win;
  llvm::SmallVector<int64_t> layout;
  if (!buildWindow(base, sub, win, layout))
    return std::nullopt;
  ViewStep window;
  window.win = win;
  Val s = viewOf(base, emitSlice(base, win, l), window);
  ArrType rt{base.type.dtype, {}};
  llvm::SmallVector<Value> dyn;
  for (int64_t d : layout) {
    if (d < 0) {
      rt.dims.push_back(Dim::lit(1));
      continue;
    }
    rt.dims.push_back(win[d].dim);
    if (win[d].dim.isNamed())
      dyn.push_back(tensor::DimOp::create(b, loc(l), s.value, d));
  }
  ViewStep reshape;
  reshape.kind = ViewStep::Reshape;
  reshape.to = rt;
  reshape.dyn = dyn;
  // An integer index of every axis reads one element: a scalar, not a view.
  return viewOf(s, reshapeTo(s, rt, dyn, l), reshape);
}

bool Gen::assignSubscript(const Expr &target, Val v) {
  OptVal base = eval(*target.lhs);
  if (!base)
    return false;
  if (base->kind != Val::Array)
    return fail(target.loc, base->describe() + " does not support item assignment");
  if (v.kind != Val::Array && v.kind != Val::Lit)
    return fail(target.loc, "cannot assign " + v.describe() + " to an array element");
  const Expr &sl = *target.rhs;
  if (sl.kind == ExprKind::Slice && sl.elts.size() > 2 && sl.elts[2] &&
      !axisLiteral(*sl.elts[2]) && base->type.rank() == 1) {
    // A step known only at run time (`a[i*i::i] = False`): a scatter of the
    // value to positions lo, lo + step, ... below hi (Python's bounds; the
    // step must be positive).
    SrcLoc l = target.loc;
    Location il = loc(l);
    if (v.kind == Val::Array && v.type.rank() != 0)
      return fail(l, "storing an array into a slice with a run-time step is not "
                     "supported yet (only one value)");
    OptVal st = eval(*sl.elts[2]);
    std::optional<Value> step =
        st ? intScalar(*st, *sl.elts[2], "slice indices must be integers")
           : std::nullopt;
    if (!step)
      return false;
    Value zero = arith::ConstantIntOp::create(b, il, 0, 64);
    Value one = arith::ConstantIntOp::create(b, il, 1, 64);
    nd::AssertOp::create(
        b, il, arith::CmpIOp::create(b, il, arith::CmpIPredicate::sgt, *step, zero),
        b.getStringAttr(where(sl.elts[2]->loc) +
                        "a slice step known only at run time must be positive (got {0})"),
        ValueRange{*step});
    Value n = sizeI64(*base, 0, il);
    auto bound = [&](const Expr *e, Value dflt) -> std::optional<Value> {
      if (!e)
        return dflt;
      OptVal bv = eval(*e);
      std::optional<Value> x =
          bv ? intScalar(*bv, *e, "slice indices must be integers") : std::nullopt;
      if (!x)
        return std::nullopt;
      Value neg = arith::CmpIOp::create(b, il, arith::CmpIPredicate::slt, *x, zero);
      Value adj = arith::SelectOp::create(b, il, neg,
                                          arith::AddIOp::create(b, il, *x, n), *x);
      return arith::MinSIOp::create(b, il, arith::MaxSIOp::create(b, il, adj, zero), n)
          .getResult();
    };
    std::optional<Value> lo = bound(sl.elts[0].get(), zero);
    std::optional<Value> hi = lo ? bound(sl.elts[1].get(), n) : std::nullopt;
    if (!hi)
      return false;
    Value span = arith::AddIOp::create(
        b, il, arith::SubIOp::create(b, il, *hi, *lo),
        arith::SubIOp::create(b, il, *step, one));
    Value count = arith::MaxSIOp::create(b, il, arith::DivSIOp::create(b, il, span, *step),
                                         zero);
    Value countIx = arith::IndexCastOp::create(b, il, b.getIndexType(), count);
    Dim cd = runtimeSizeDim(countIx, nullptr,
                            "(slice at " + std::to_string(l.line) + ":" +
                                std::to_string(l.col) + ")");
    Val pos;
    {
      runtimeSizes[cd.name] = countIx;
      auto clear = llvm::make_scope_exit([&] { runtimeSizes.erase(cd.name); });
      pos = iota(DType::I64, {cd}, 0, {}, l);
    }
    auto scalar = [&](Value x) {
      return Val::array(tensor::FromElementsOp::create(
                            b, il, RankedTensorType::get({}, b.getI64Type()), ValueRange{x}),
                        ArrType{DType::I64, {}});
    };
    OptVal idx = binary("*", pos, scalar(*step), l);
    if (idx)
      idx = binary("+", *idx, scalar(*lo), l);
    if (!idx)
      return false;
    DType t = base->type.dtype;
    Val x = v.kind == Val::Lit ? litAs(v, t) : toArray(v, t);
    return scatterInto(*base, *idx, broadcastTo(x, {cd}, {*idx}, il), false, l);
  }
  llvm::SmallVector<const Expr *> pinnedHere;
  auto unpinLater = llvm::make_scope_exit([&] { unpin(pinnedHere); });
  bool advanced;
  if (!pinSubscript(*target.rhs, pinnedHere, advanced))
    return false;
  if (advanced)
    return assignAdvanced(*base, *target.rhs, std::move(v), target.loc);
  llvm::SmallVector<WinDim> win;
  llvm::SmallVector<int64_t> layout;
  if (!buildWindow(*base, *target.rhs, win, layout))
    return false;
  // The shape of `base[index]` (what the value broadcasts to).
  ArrType rt{base->type.dtype, {}};
  for (int64_t d : layout)
    rt.dims.push_back(d < 0 ? Dim::lit(1) : win[d].dim);
  DType t = base->type.dtype;
  if (v.kind == Val::Lit && v.weak == Weak::Complex && !isComplex(t))
    return fail(target.loc, "cannot store a Python complex into an array of " +
                                dtypeName(t).str() + " (NumPy raises TypeError)");
  if (v.kind == Val::Lit && v.weak == Weak::Float && isInt(t)) {
    // NumPy's unsafe cast of a Python float stored into an integer array.
    if (!std::isfinite(v.f) || std::fabs(v.f) >= 9.2e18)
      return fail(target.loc, "cannot convert float " + std::to_string(v.f) +
                                  " to " + dtypeName(t).str());
    v = Val::intLit(static_cast<int64_t>(v.f));
  }
  if (v.kind == Val::Lit && !weakFits(v, t, target.loc))
    return false;
  Val x = toArray(v, t);
  std::string shownType = x.type.str(); // as written, for the error below
  if (!unifyStore(x, rt, win, layout, target.loc)) // run-time sizes: checked then
    return false;
  llvm::SmallVector<Dim> out;
  if (!broadcastShapes(x.type.dims, rt.dims, out) ||
      llvm::ArrayRef<Dim>(out) != llvm::ArrayRef<Dim>(rt.dims))
    return fail(target.loc, "could not broadcast input array from shape " +
                                shownType + " into shape " + rt.str());
  Location il = loc(target.loc);
  auto sizeOf = [&](const WinDim &w) {
    return w.sSize == ShapedType::kDynamic ? w.dSize
                                           : arith::ConstantIndexOp::create(b, il, w.sSize).getResult();
  };
  // Broadcast to rt, then reshape to the window's shape.
  if (x.type.dims != rt.dims) {
    llvm::SmallVector<int64_t> bdims;
    for (size_t i = 0; i < x.type.rank(); ++i)
      bdims.push_back(rt.rank() - x.type.rank() + i);
    llvm::SmallVector<Value> dyn;
    for (int64_t d : layout)
      if (d >= 0 && win[d].dim.isNamed())
        dyn.push_back(sizeOf(win[d]));
    Value r = nd::BroadcastInDimOp::create(b, il, rt.tensorType(&ctx), x.value,
                                           b.getDenseI64ArrayAttr(bdims), dyn);
    x = Val::array(r, rt);
  }
  ArrType wt{t, {}};
  llvm::SmallVector<Value> wdyn;
  for (const WinDim &w : win) {
    wt.dims.push_back(w.dim);
    if (w.dim.isNamed())
      wdyn.push_back(w.dSize);
  }
  x = reshapeTo(x, wt, wdyn, target.loc);
  Value r = updateWindow(*base, win, x.value, il);
  return writeThrough(*base, Val::array(r, base->type), target.loc);
}
