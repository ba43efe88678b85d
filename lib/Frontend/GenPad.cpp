//===- GenPad.cpp - np.pad ------------------------------------------------===//
//
// np.pad along one axis at a time: `constant` fills, and the modes that
// copy the array's own values (`edge`, `reflect`, `wrap`) as
// slices of it concatenated around it, with widths known when compiling or
// at run time (padAxisRuntime). The builtin's arguments are read in
// GenBuiltinComposite.cpp.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/ScopeExit.h"

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

OptVal Gen::padAxis(const Val &a, int64_t axis, int64_t before, int64_t after,
                    llvm::StringRef mode, const Val &value, SrcLoc l) {
  if (before == 0 && after == 0)
    return a;
  Location il = loc(l);
  const Dim &D = a.type.dims[axis];
  // The widest slice each mode reads must fit in the axis.
  int64_t need = mode == "constant" ? 0
                 : mode == "edge"   ? 1
                 : mode == "reflect" ? std::max(before, after) + 1
                                     : std::max(before, after);
  std::string tooWide = "pad(): mode '" + mode.str() +
                        "' with a pad width larger than the axis is not "
                        "supported (axis " + std::to_string(axis) + " has {0} elements)";
  if (!D.isNamed() && D.size < need) {
    if (D.size == 0)
      return err(l, "can't extend empty axis " + std::to_string(axis) +
                        " using modes other than 'constant' or 'empty'");
    return err(l, tooWide.replace(tooWide.find("{0}"), 3, std::to_string(D.size)));
  }
  if (D.isNamed() && need > 0) {
    Value n = sizeI64(a, axis, il);
    Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, n,
                                     arith::ConstantIntOp::create(b, il, need, 64));
    nd::AssertOp::create(b, il, ok, b.getStringAttr(where(l) + tooWide),
                         ValueRange{n});
  }
  auto flip = [&](OptVal v) -> OptVal {
    if (!v)
      return std::nullopt;
    Expr minusOne(ExprKind::Int, l);
    minusOne.intValue = -1;
    llvm::SmallVector<WinDim> win(v->type.rank());
    for (int64_t d = 0; d < int64_t(v->type.rank()); ++d)
      if (!sliceDim(*v, d, nullptr, nullptr, d == axis ? &minusOne : nullptr, win[d], l))
        return std::nullopt;
    return emitSlice(*v, win, l);
  };
  auto block = [&](bool front, int64_t w) -> OptVal {
    if (mode == "constant" || mode == "edge") {
      llvm::SmallVector<Dim, 4> dims(a.type.dims);
      dims[axis] = Dim::lit(w);
      if (mode == "constant")
        return fill(value, a.type.dtype, dims, {a}, l);
      OptVal e = front ? sliceAlong(a, axis, 0, 1, l) : sliceAlong(a, axis, -1, std::nullopt, l);
      if (!e)
        return std::nullopt;
      Val one = withDim(*e, axis, Dim::lit(1), il);
      return broadcastTo(one, dims, {one, a}, il);
    }
    if (mode == "wrap")
      return front ? sliceAlong(a, axis, -w, std::nullopt, l) : sliceAlong(a, axis, 0, w, l);
    if (mode == "reflect")
      return flip(front ? sliceAlong(a, axis, 1, w + 1, l)
                        : sliceAlong(a, axis, -w - 1, -1, l));
    return flip(front ? sliceAlong(a, axis, 0, w, l)
                      : sliceAlong(a, axis, -w, std::nullopt, l));
  };
  std::vector<Val> parts;
  if (before) {
    OptVal p = block(true, before);
    if (!p)
      return std::nullopt;
    parts.push_back(*p);
  }
  parts.push_back(a);
  if (after) {
    OptVal p = block(false, after);
    if (!p)
      return std::nullopt;
    parts.push_back(*p);
  }
  OptVal r = concatVals(parts, axis, true, "pad", l);
  if (!r)
    return std::nullopt;
  Dim out = Dim::lit(D.size + before + after);
  if (D.isNamed()) {
    Value n = arith::AddIOp::create(b, il, dimIndex(a, axis, il),
                                    arith::ConstantIndexOp::create(b, il, before + after));
    out = runtimeSizeDim(n, nullptr, D.name + "+" + std::to_string(before + after));
  }
  return withDim(*r, axis, out, il);
}

/// padAxis with widths known only at run time (either may be static): the
/// same blocks as run-time windows, the same "wider than the axis" check
/// (at run time) for the modes that read the axis.
OptVal Gen::padAxisRuntime(const Val &a, int64_t axis, PadWidth before, PadWidth after,
                           llvm::StringRef mode, const Val &value, SrcLoc l) {
  Location il = loc(l);
  auto asIndex = [&](const PadWidth &w) {
    return w.dyn ? w.dyn : Value(arith::ConstantIndexOp::create(b, il, w.size));
  };
  Value wb = asIndex(before), wa = asIndex(after);
  Value n = dimIndex(a, axis, il);
  Value zero = arith::ConstantIndexOp::create(b, il, 0);
  Value one = arith::ConstantIndexOp::create(b, il, 1);
  if (mode != "constant") {
    // The widest window each mode reads must fit in the axis.
    Value widest = arith::MaxUIOp::create(b, il, wb, wa);
    Value need = mode == "edge"      ? arith::MinUIOp::create(b, il, widest, one).getResult()
                 : mode == "reflect" ? arith::AddIOp::create(b, il, widest, one).getResult()
                                     : widest;
    Value ok = arith::CmpIOp::create(b, il, arith::CmpIPredicate::sge, n, need);
    Value n64 = arith::IndexCastOp::create(b, il, b.getI64Type(), n);
    nd::AssertOp::create(
        b, il, ok,
        b.getStringAttr(where(l) + "pad(): mode '" + mode.str() +
                        "' with a pad width larger than the axis is not supported "
                        "(axis " + std::to_string(axis) + " has {0} elements)"),
        ValueRange{n64});
  }
  auto block = [&](bool front, Value w) -> OptVal {
    Dim wd = freshDim("pad", l);
    llvm::SmallVector<Dim, 4> dims(a.type.dims);
    dims[axis] = wd;
    if (mode == "constant" || mode == "edge") {
      runtimeSizes[wd.name] = w;
      auto clear = llvm::make_scope_exit([&] { runtimeSizes.erase(wd.name); });
      if (mode == "constant")
        return fill(value, a.type.dtype, dims, {a}, l);
      Value at = front ? zero : arith::SubIOp::create(b, il, n, one).getResult();
      // An empty pad of an empty axis reads nothing: clamp the start.
      at = arith::MaxSIOp::create(b, il, at, zero);
      Value len = arith::MinSIOp::create(b, il, n, one);
      Val e = withDim(windowAlong(a, axis, at, len, freshDim("pad", l), l), axis,
                      Dim::lit(1), il);
      return broadcastTo(e, dims, {e, a}, il);
    }
    Value rest = arith::SubIOp::create(b, il, n, w);
    if (mode == "wrap")
      return windowAlong(a, axis, front ? rest : zero, w, wd, l);
    Value start = mode == "reflect"
                      ? (front ? one : arith::SubIOp::create(b, il, rest, one).getResult())
                      : (front ? zero : rest);
    return reversedAlong(windowAlong(a, axis, start, w, wd, l), axis, l);
  };
  OptVal lo = block(true, wb);
  OptVal hi = lo ? block(false, wa) : std::nullopt;
  OptVal r = hi ? concatVals({*lo, a, *hi}, axis, true, "pad", l) : std::nullopt;
  if (!r)
    return std::nullopt;
  Value total = arith::AddIOp::create(b, il, n, arith::AddIOp::create(b, il, wb, wa));
  const Dim &D = a.type.dims[axis];
  return withDim(*r, axis, runtimeSizeDim(total, nullptr, "(" + D.str() + " padded at " +
                                                              std::to_string(l.line) + ":" +
                                                              std::to_string(l.col) + ")"),
                 il);
}
