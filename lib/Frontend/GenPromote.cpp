//===- GenPromote.cpp - promotion, broadcasting and coercion --------------===//
//
// Where a value changes type or shape: weak Python scalars meeting arrays
// (NEP 50, with the rules in Sema), materializing literals, broadcasting
// operands to a common shape, and checking values against declared types.
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
  if (!checkBroadcast(a, c, shape, l))
    return false;
  Location il = loc(l);
  x = toArray(a, t);
  y = toArray(c, t);
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
