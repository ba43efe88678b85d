//===- NDArrayLinalgOps.cpp - verifiers of the numpy.linalg ops -----------===//
//
// Ops defined in NDArrayLinalgOps.td (generated into NDArrayOps.cpp.inc).
// test/Dialect/NDArray/linalg-invalid.mlir has one case per constraint ID.
//
//===----------------------------------------------------------------------===//

#include "ndarray/NDArray.h"

using namespace mlir;
using namespace arrayc::ndarray;

namespace {

/// Two dimensions that may be equal at run time (one is dynamic).
bool compatible(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}

/// The verifier of one op: errors carry `(<op>_c<n>)`.
struct Checker {
  Operation *op;
  InFlightDiagnostic fail(unsigned c) {
    return op->emitOpError() << "(" << op->getName().stripDialect() << "_c" << c
                             << ") ";
  }
  /// `_c1`: a stack of matrices.
  LogicalResult matrixStack(RankedTensorType t) {
    if (t.getRank() < 2)
      return fail(1) << "expects a stack of matrices (rank >= 2), got " << t;
    return success();
  }
  /// `_c2`: of square matrices.
  LogicalResult square(RankedTensorType t) {
    if (failed(matrixStack(t)))
      return failure();
    int64_t m = t.getDimSize(t.getRank() - 2), n = t.getDimSize(t.getRank() - 1);
    if (!compatible(m, n))
      return fail(2) << "expects square matrices, got " << t;
    return success();
  }
  /// `_c<c>`: `t` is `batch ++ tail` in `elt`, where static.
  LogicalResult shapeIs(unsigned c, StringRef what, RankedTensorType t,
                        ArrayRef<int64_t> batch, ArrayRef<int64_t> tail, Type elt) {
    SmallVector<int64_t> want(batch);
    want.append(tail.begin(), tail.end());
    bool ok = t.getElementType() == elt && t.getRank() == (int64_t)want.size();
    for (int64_t i = 0; ok && i < t.getRank(); ++i)
      ok = compatible(t.getDimSize(i), want[i]);
    if (!ok)
      return fail(c) << what << " must be " << RankedTensorType::get(want, elt)
                     << " (? is any size), got " << t;
    return success();
  }
};

RankedTensorType tensorOf(Value v) { return cast<RankedTensorType>(v.getType()); }
ArrayRef<int64_t> batchOf(RankedTensorType t) { return t.getShape().drop_back(2); }
int64_t rows(RankedTensorType t) { return t.getDimSize(t.getRank() - 2); }
int64_t cols(RankedTensorType t) { return t.getDimSize(t.getRank() - 1); }
Type realOf(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return c.getElementType();
  return t;
}
/// min(M, N) where both are static; dynamic otherwise.
int64_t minDim(int64_t m, int64_t n) {
  if (ShapedType::isDynamic(m) || ShapedType::isDynamic(n))
    return ShapedType::kDynamic;
  return std::min(m, n);
}

} // namespace

LogicalResult DetOp::verify() {
  Checker c{*this};
  auto in = tensorOf(getInput());
  if (failed(c.square(in)))
    return failure();
  return c.shapeIs(3, "result", tensorOf(getResult()), batchOf(in), {},
                   in.getElementType());
}

LogicalResult InvOp::verify() { return Checker{*this}.square(tensorOf(getInput())); }

LogicalResult CholeskyOp::verify() { return Checker{*this}.square(tensorOf(getInput())); }

LogicalResult SolveOp::verify() {
  Checker c{*this};
  auto a = tensorOf(getA()), bt = tensorOf(getB());
  if (failed(c.square(a)))
    return failure();
  bool vector = bt.getRank() == a.getRank() - 1;
  if (bt.getRank() != a.getRank() && !vector)
    return c.fail(3) << "b must have the rank of a or one less, got " << a << " and " << bt;
  SmallVector<int64_t> tail{rows(a)};
  if (!vector)
    tail.push_back(cols(bt));
  if (failed(c.shapeIs(3, "b", bt, batchOf(a), tail, bt.getElementType())))
    return failure();
  if (bt.getElementType() != a.getElementType() || getResult().getType() != bt)
    return c.fail(4) << "a, b and the result must have one element type and the "
                        "result b's type, got "
                     << a << ", " << bt << " -> " << getResult().getType();
  return success();
}

LogicalResult QROp::verify() {
  Checker c{*this};
  auto in = tensorOf(getInput());
  if (failed(c.matrixStack(in)))
    return failure();
  int64_t m = rows(in), n = cols(in), k = minDim(m, n);
  bool complete = getMode() == QRMode::complete;
  Type elt = in.getElementType();
  if (failed(c.shapeIs(2, "q", tensorOf(getQ()), batchOf(in), {m, complete ? m : k}, elt)))
    return failure();
  return c.shapeIs(2, "r", tensorOf(getR()), batchOf(in), {complete ? m : k, n}, elt);
}

LogicalResult SVDOp::verify() {
  Checker c{*this};
  auto in = tensorOf(getInput());
  if (failed(c.matrixStack(in)))
    return failure();
  int64_t m = rows(in), n = cols(in), k = minDim(m, n);
  bool full = getFullMatrices();
  Type elt = in.getElementType();
  if (failed(c.shapeIs(2, "u", tensorOf(getU()), batchOf(in), {m, full ? m : k}, elt)) ||
      failed(c.shapeIs(2, "s", tensorOf(getS()), batchOf(in), {k}, realOf(elt))))
    return failure();
  return c.shapeIs(2, "vh", tensorOf(getVh()), batchOf(in), {full ? n : k, n}, elt);
}

LogicalResult SVDValsOp::verify() {
  Checker c{*this};
  auto in = tensorOf(getInput());
  if (failed(c.matrixStack(in)))
    return failure();
  return c.shapeIs(2, "s", tensorOf(getS()), batchOf(in), {minDim(rows(in), cols(in))},
                   realOf(in.getElementType()));
}

LogicalResult EighOp::verify() {
  Checker c{*this};
  auto in = tensorOf(getInput());
  if (failed(c.square(in)))
    return failure();
  int64_t m = rows(in);
  if (failed(c.shapeIs(3, "w", tensorOf(getW()), batchOf(in), {m},
                       realOf(in.getElementType()))))
    return failure();
  return c.shapeIs(3, "v", tensorOf(getV()), batchOf(in), {m, m}, in.getElementType());
}

LogicalResult SlogdetOp::verify() {
  Checker c{*this};
  auto in = tensorOf(getInput());
  if (failed(c.square(in)))
    return failure();
  if (failed(c.shapeIs(3, "sign", tensorOf(getSign()), batchOf(in), {},
                       in.getElementType())))
    return failure();
  return c.shapeIs(3, "logabsdet", tensorOf(getLogabsdet()), batchOf(in), {},
                   realOf(in.getElementType()));
}

LogicalResult LstsqOp::verify() {
  Checker c{*this};
  auto a = tensorOf(getA()), bt = tensorOf(getB());
  if (a.getRank() != 2 || (bt.getRank() != 1 && bt.getRank() != 2) ||
      !compatible(rows(a), bt.getDimSize(0)))
    return c.fail(1) << "expects a matrix a and a vector or matrix b with a's row count, got "
                     << a << " and " << bt;
  Type elt = a.getElementType();
  auto x = tensorOf(getX());
  if (bt.getElementType() != elt || x.getElementType() != elt)
    return c.fail(2) << "a, b and x must have one element type, got " << a << ", " << bt
                     << " -> " << x;
  SmallVector<int64_t> xs{cols(a)};
  if (bt.getRank() == 2)
    xs.push_back(cols(bt));
  if (failed(c.shapeIs(3, "x", x, {}, xs, elt)) ||
      failed(c.shapeIs(3, "residuals", tensorOf(getResiduals()), {}, {ShapedType::kDynamic},
                       realOf(elt))))
    return failure();
  return c.shapeIs(3, "s", tensorOf(getS()), {}, {minDim(rows(a), cols(a))}, realOf(elt));
}

/// `_c3` of eig and eigvals: `t` is `batch ++ tail` in complex<real(input)>.
static LogicalResult eigResult(Checker &c, StringRef what, Value v, RankedTensorType in,
                               ArrayRef<int64_t> tail) {
  return c.shapeIs(3, what, tensorOf(v), batchOf(in), tail,
                   ComplexType::get(realOf(in.getElementType())));
}

LogicalResult EigOp::verify() {
  Checker c{*this};
  auto in = tensorOf(getInput());
  if (failed(c.square(in)) || failed(eigResult(c, "w", getW(), in, {rows(in)})))
    return failure();
  return eigResult(c, "v", getV(), in, {rows(in), rows(in)});
}

LogicalResult EigvalsOp::verify() {
  Checker c{*this};
  auto in = tensorOf(getInput());
  if (failed(c.square(in)))
    return failure();
  return eigResult(c, "w", getW(), in, {rows(in)});
}
