//===- GenPromote.cpp - promotion, broadcasting and coercion --------------===//
//
// Where a value changes type or shape: weak Python scalars meeting arrays
// (NEP 50, with the rules in Sema), materializing literals, broadcasting
// operands to a common shape, and checking values against declared types.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"
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

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

//===----------------------------------------------------------------------===//
// Python scalars
//===----------------------------------------------------------------------===//

const char *gen::weakName(Weak w) {
  switch (w) {
  case Weak::Int: return "a Python int";
  case Weak::Float: return "a Python float";
  case Weak::Complex: return "a Python complex";
  case Weak::Bool: return "a Python bool";
  }
  return "a Python scalar";
}

DType gen::weakDefault(Weak w) {
  switch (w) {
  case Weak::Int: return DType::I64;
  case Weak::Float: return DType::F64;
  case Weak::Complex: return DType::C128;
  case Weak::Bool: return DType::Bool;
  }
  return DType::F64;
}

std::string gen::describeVal(const Val &v) {
  if (isGeneratorVal(v))
    return describeGenerator();
  if (v.kind == Val::Array && v.weakRt)
    return weakName(v.weak);
  return v.describe();
}

bool gen::isComplexVal(const Val &v) {
  return (v.kind == Val::Lit && v.weak == Weak::Complex) ||
         (v.kind == Val::Array && isComplex(v.type.dtype));
}

bool gen::isWeak(const Val &v) { return v.kind == Val::Lit || v.weakRt; }

bool gen::litTruth(const Val &v) {
  if (v.weak == Weak::Complex)
    return v.f != 0 || v.im != 0;
  return v.weak == Weak::Float ? v.f != 0 : v.i != 0;
}

/// A literal Python scalar as a run-time one (a 0-d array of its default
/// dtype that still promotes as a Python scalar).
Val Gen::toWeakRt(const Val &v) {
  if (v.kind != Val::Lit)
    return v;
  Val r = toArray(v, weakDefault(v.weak));
  r.weakRt = true;
  r.weak = v.weak;
  return r;
}

bool Gen::promoteOperands(const Val &a, const Val &c, DType &t) {
  bool as = a.kind == Val::Array && !a.weakRt;
  bool cs = c.kind == Val::Array && !c.weakRt;
  if (as && cs)
    t = promote(a.type.dtype, c.type.dtype);
  else if (as)
    t = promoteWeak(a.type.dtype, c.weak);
  else if (cs)
    t = promoteWeak(c.type.dtype, a.weak);
  else
    t = weakDefault(std::max(a.weak, c.weak));
  return true;
}

/// `a` and `c` as arrays of dtype `t` broadcast to their common shape: the
/// operands of every elementwise operator.
bool Gen::broadcastOperands(const Val &a, const Val &c, DType t, SrcLoc l,
                            Val &x, Val &y) {
  llvm::SmallVector<Dim> shape;
  Val ua = a, uc = c;
  if (!checkBroadcast(ua, uc, shape, l))
    return false;
  Location il = loc(l);
  x = toArray(ua, t);
  y = toArray(uc, t);
  std::vector<Val> sources{x, y};
  x = broadcastTo(x, shape, sources, il);
  y = broadcastTo(y, shape, sources, il);
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
  } else if (lit.weak == Weak::Float || lit.weak == Weak::Complex) {
    // A float stored into an integer array (`a[mask] = 3.9`,
    // np.insert(a, i, 2.7)): NumPy's cast, as an array's (truncation), not
    // the literal's unset integer field.
    Val f = lit;
    f.weak = Weak::Float;
    Value fv = constant(f, DType::F64);
    return nd::CastOp::create(b, loc(lit.at), type, fv);
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
  // A run-time size of the creation call being lowered (`zeros((N, N))`).
  auto rt = runtimeSizes.find(shape[axis].name);
  if (rt != runtimeSizes.end())
    return rt->second;
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

/// Broadcasts the shapes of two operands (before promotion, so the message
/// shows the types as written). Dims that agree only at run time are
/// checked then, and `a` and `c` get the same dim there.
bool Gen::checkBroadcast(Val &a, Val &c, llvm::SmallVectorImpl<Dim> &shape,
                         SrcLoc l) {
  std::string ta = a.type.str(), tc = c.type.str();
  if (!unifyBroadcast(a, c, l))
    return false;
  llvm::ArrayRef<Dim> da, dc;
  if (a.kind == Val::Array)
    da = a.type.dims;
  if (c.kind == Val::Array)
    dc = c.type.dims;
  if (broadcastShapes(da, dc, shape))
    return true;
  return fail(l, "operands could not be broadcast together with shapes " + ta +
                     " and " + tc);
}

//===----------------------------------------------------------------------===//
// Run-time shapes: sizes that must agree, checked when the program runs
//===----------------------------------------------------------------------===//

std::string Gen::where(SrcLoc l) {
  return file + ":" + std::to_string(l.line) + ":" + std::to_string(l.col) + ": ";
}

Value Gen::sizeI64(const Val &a, int64_t d, Location l) {
  const Dim &D = a.type.dims[d];
  if (!D.isNamed())
    return arith::ConstantIntOp::create(b, l, D.size, 64);
  Value n = tensor::DimOp::create(b, l, a.value, d);
  return arith::IndexCastOp::create(b, l, b.getI64Type(), n);
}

Val Gen::withDim(const Val &v, int64_t d, const Dim &dim, Location l) {
  Val r = v;
  r.type.dims[d] = dim;
  Type want = r.type.tensorType(&ctx);
  if (want != v.value.getType())
    r.value = tensor::CastOp::create(b, l, want, v.value);
  return r;
}

void Gen::assertEqual(Value x, Value y, SrcLoc l, const std::string &msg,
                      llvm::ArrayRef<Value> shown) {
  Location il = loc(l);
  Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, x, y);
  nd::AssertOp::create(b, il, ok, b.getStringAttr(msg), ValueRange(shown));
}

std::vector<std::string>
Gen::numpyShapes(llvm::ArrayRef<const Val *> vals,
                 llvm::ArrayRef<std::pair<unsigned, int64_t>> marked, Location l,
                 llvm::SmallVectorImpl<Value> &shown) {
  // The message can carry two run-time values: the marked sizes first,
  // then other run-time sizes while there is room; the rest by name.
  std::map<std::pair<unsigned, int64_t>, size_t> slot;
  auto take = [&](unsigned v, int64_t d) {
    if (shown.size() >= 2 || slot.count({v, d}) ||
        !vals[v]->type.dims[d].isNamed())
      return;
    slot[{v, d}] = shown.size();
    shown.push_back(sizeI64(*vals[v], d, l));
  };
  for (auto [v, d] : marked)
    take(v, d);
  for (unsigned v = 0; v < vals.size(); ++v)
    for (int64_t d = 0; d < (int64_t)vals[v]->type.rank(); ++d)
      take(v, d);
  std::vector<std::string> out;
  for (unsigned v = 0; v < vals.size(); ++v) {
    const ArrType &t = vals[v]->type;
    std::string s = "(";
    for (int64_t d = 0; d < (int64_t)t.rank(); ++d) {
      if (d)
        s += ",";
      auto it = slot.find({v, d});
      // A size without room in the message: the name the program wrote,
      // else `?` (names the compiler made up mean nothing to the reader).
      const std::string &n = t.dims[d].name;
      bool written = !n.empty() && llvm::all_of(n, [](char ch) {
        return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
      });
      s += it != slot.end()    ? "{" + std::to_string(it->second) + "}"
           : !t.dims[d].isNamed() ? t.dims[d].str()
           : written              ? n
                                  : "?";
    }
    out.push_back(s + (t.rank() == 1 ? ",)" : ")"));
  }
  return out;
}

/// Where two dims must agree for broadcasting and differ only by what is
/// known at run time (two names, or a name and a size other than 1), the
/// sizes are compared when the program runs. A named dim is never assumed
/// to be 1 (the check then fails with NumPy's message; docs/language.md).
bool Gen::unifyBroadcast(Val &a, Val &c, SrcLoc l, unsigned core,
                         llvm::StringRef what) {
  if (a.kind != Val::Array || c.kind != Val::Array)
    return true;
  const Val a0 = a, c0 = c;
  int64_t ra = (int64_t)a.type.rank() - core, rc = (int64_t)c.type.rank() - core;
  if (ra <= 0 || rc <= 0)
    return true;
  int64_t rank = std::max(ra, rc);
  Location il = loc(l);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t ia = i + ra - rank, ic = i + rc - rank;
    if (ia < 0 || ic < 0)
      continue;
    const Dim da = a.type.dims[ia], dc = c.type.dims[ic];
    if (da == dc || (!da.isNamed() && !dc.isNamed()))
      continue; // equal, or both static: the compile-time rule
    if ((!da.isNamed() && da.size == 1) || (!dc.isNamed() && dc.size == 1))
      continue; // a static 1 stretches
    llvm::SmallVector<Value> shown;
    std::vector<std::string> sh =
        numpyShapes({&a0, &c0}, {{0u, ia}, {1u, ic}}, il, shown);
    assertEqual(sizeI64(a0, ia, il), sizeI64(c0, ic, il), l,
                where(l) +
                    (what.empty() ? "operands could not be broadcast together with shapes"
                                  : what.str()) +
                    " " + sh[0] + " " + sh[1],
                shown);
    if (!da.isNamed())
      c = withDim(c, ic, da, il);
    else if (!dc.isNamed())
      a = withDim(a, ia, dc, il);
    else
      c = withDim(c, ic, da, il);
  }
  return true;
}

bool Gen::unifyStore(Val &x, const ArrType &rt, llvm::ArrayRef<WinDim> win,
                     llvm::ArrayRef<int64_t> layout, SrcLoc l) {
  if (x.kind != Val::Array)
    return true;
  int64_t rx = x.type.rank(), rr = rt.rank();
  if (rx > rr)
    return true; // the compile-time rule reports it
  Location il = loc(l);
  const Val x0 = x;
  // The target's size of window axis k, an i64 value.
  auto targetSize = [&](int64_t k) -> Value {
    int64_t d = layout[k];
    if (d < 0 || !win[d].dim.isNamed())
      return arith::ConstantIntOp::create(b, il, rt.dims[k].size, 64);
    Value n = win[d].sSize == ShapedType::kDynamic
                  ? win[d].dSize
                  : arith::ConstantIndexOp::create(b, il, win[d].sSize).getResult();
    return arith::IndexCastOp::create(b, il, b.getI64Type(), n);
  };
  for (int64_t ix = 0; ix < rx; ++ix) {
    int64_t k = ix + rr - rx;
    const Dim dx = x.type.dims[ix], dt = rt.dims[k];
    if (dx == dt || (!dx.isNamed() && !dt.isNamed()))
      continue;
    if (!dx.isNamed() && dx.size == 1)
      continue; // a static 1 stretches
    llvm::SmallVector<Value> shown;
    std::vector<std::string> sh = numpyShapes({&x0}, {{0u, ix}}, il, shown);
    Value want = targetSize(k);
    std::string into = "(";
    for (int64_t j = 0; j < rr; ++j) {
      if (j)
        into += ",";
      if (j == k && rt.dims[j].isNamed() && shown.size() < 2) {
        into += "{" + std::to_string(shown.size()) + "}";
        shown.push_back(want);
      } else {
        into += rt.dims[j].str();
      }
    }
    into += rr == 1 ? ",)" : ")";
    assertEqual(sizeI64(x0, ix, il), want, l,
                where(l) + "could not broadcast input array from shape " + sh[0] +
                    " into shape " + into,
                shown);
    x = withDim(x, ix, dt, il);
  }
  return true;
}

bool Gen::matchResult(Val &out, const ArrType &want, SrcLoc l) {
  Val v = out; // `out` changes only on success (errors show it as written)
  if (v.kind != Val::Array || v.type.dtype != want.dtype ||
      v.type.rank() != want.rank())
    return false;
  FuncInfo &fn = *scope->fn;
  if (!fn.results.empty() && &want == &fn.results.front())
    resultOnlyDims.clear(); // the first result of a new `return`
  auto inParams = [&](const Dim &d) {
    for (const ArrType &p : fn.params)
      if (llvm::is_contained(p.dims, d))
        return true;
    return false;
  };
  Location il = loc(l);
  const Val v0 = v;
  for (int64_t i = 0; i < (int64_t)want.rank(); ++i) {
    const Dim &w = want.dims[i], &d = v0.type.dims[i];
    if (!w.isNamed()) {
      if (!d.isNamed() && d.size != w.size)
        return false; // static sizes that differ
    } else if (!inParams(w)) {
      // A name only the result has: the first axis with it gives its size.
      auto it = resultOnlyDims.find(w.name);
      if (it == resultOnlyDims.end()) {
        resultOnlyDims[w.name] = {v0, i};
        v = withDim(v, i, w, il);
        continue;
      }
      const Dim &other = it->second.first.type.dims[it->second.second];
      if (d == other) {
        v = withDim(v, i, w, il);
        continue;
      }
      if (!d.isNamed() && !other.isNamed())
        return false; // static sizes that differ
    }
    if (d == w)
      continue;
    // Checked at run time: the size here against what the signature says.
    Value expect;
    std::string what;
    if (!w.isNamed()) {
      expect = arith::ConstantIntOp::create(b, il, w.size, 64);
    } else if (inParams(w)) {
      expect = arith::IndexCastOp::create(b, il, b.getI64Type(),
                                          namedDimValue(w.name, il));
      what = "'" + w.name + "' ({1})";
    } else {
      auto &[first, axis] = resultOnlyDims[w.name];
      expect = sizeI64(first, axis, il);
      what = "'" + w.name + "' ({1})";
    }
    Value got = sizeI64(v0, i, il);
    assertEqual(got, expect, l,
                where(l) + "'" + fn.def->name + "' returns an array whose dimension " +
                    std::to_string(i) + " has size {0} where its signature declares " +
                    want.str() + (what.empty() ? "" : " with " + what),
                {got, expect});
    v = withDim(v, i, w, il);
  }
  v.type = want;
  out = v;
  return true;
}
