//===- NDArrayBuiltinOps.cpp - verifiers of the builtin ops ---------------===//
//
// Verifiers for NDArrayBuiltinOps.td; messages name the constraint IDs
// (test/Dialect/NDArray/builtin-invalid.mlir has one case per ID).
//
//===----------------------------------------------------------------------===//

#include "ndarray/NDArray.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace arrayc::ndarray;

static int64_t countDynamic(RankedTensorType t) {
  return llvm::count_if(t.getShape(), ShapedType::isDynamic);
}

LogicalResult IotaOp::verify() {
  auto t = getType();
  if (getDimension() < 0 || getDimension() >= t.getRank())
    return emitOpError("iota_c1: dimension ")
           << getDimension() << " is out of range for rank " << t.getRank();
  if (static_cast<int64_t>(getDynamicDims().size()) != countDynamic(t))
    return emitOpError("iota_c2: expected ")
           << countDynamic(t) << " dynamic_dims, got " << getDynamicDims().size();
  return success();
}

static bool isFloatTy(Type t) { return isa<FloatType>(t); }
static bool isComplexTy(Type t) { return isa<ComplexType>(t); }
/// The float functions that are defined on complex numbers too.
static const char *kUnaryComplex[] = {"tan", "log1p", "expm1"};

static const char *kUnaryFloat[] = {
    "floor", "ceil", "trunc", "rint", "tan", "arcsin", "arccos", "arctan",
    "sinh", "cosh", "arcsinh", "arccosh", "arctanh", "log1p", "expm1", "log2",
    "log10", "exp2"};
static const char *kUnaryPred[] = {"isnan", "isinf", "isfinite", "logical_not"};
static const char *kUnarySame[] = {"square", "sign", "reciprocal"};

LogicalResult UnaryMathOp::verify() {
  StringRef fn = getFn();
  auto in = cast<RankedTensorType>(getInput().getType());
  auto out = getType();
  bool isF = llvm::is_contained(kUnaryFloat, fn);
  bool isP = llvm::is_contained(kUnaryPred, fn);
  bool isS = llvm::is_contained(kUnarySame, fn);
  if (!isF && !isP && !isS)
    return emitOpError("unary_math_c1: unknown function '") << fn << "'";
  if (in.getShape() != out.getShape())
    return emitOpError("unary_math_c2: operand shape and result shape differ");
  Type ie = in.getElementType(), oe = out.getElementType();
  bool complexOk = isComplexTy(ie) && llvm::is_contained(kUnaryComplex, fn);
  if (isF && ((!isFloatTy(ie) && !complexOk) || ie != oe))
    return emitOpError("unary_math_c3: '")
           << fn << "' needs a float operand and the same result type";
  if (isP && !oe.isInteger(1))
    return emitOpError("unary_math_c3: '") << fn << "' gives bool (i1)";
  if (isS && ie != oe)
    return emitOpError("unary_math_c3: '") << fn << "' gives its operand's type";
  return success();
}

LogicalResult BinaryMathOp::verify() {
  StringRef fn = getFn();
  bool isF = fn == "arctan2" || fn == "hypot";
  bool isM = fn == "fmax" || fn == "fmin";
  bool isL = fn == "logical_and" || fn == "logical_or" || fn == "logical_xor";
  if (!isF && !isM && !isL)
    return emitOpError("binary_math_c1: unknown function '") << fn << "'";
  auto l = cast<RankedTensorType>(getLhs().getType());
  if (l != getRhs().getType() || l.getShape() != getType().getShape())
    return emitOpError("binary_math_c2: operands must have one type and the "
                       "result their shape");
  Type ie = l.getElementType(), oe = getType().getElementType();
  if ((isF && (!isFloatTy(ie) || ie != oe)) ||
      (isM && (ie != oe || isComplexTy(ie))) ||
      (isL && !oe.isInteger(1)))
    return emitOpError("binary_math_c3: element types do not fit '") << fn << "'";
  return success();
}

LogicalResult SelectOp::verify() {
  auto c = cast<RankedTensorType>(getCondition().getType());
  if (!c.getElementType().isInteger(1) || c.getShape() != getType().getShape())
    return emitOpError("select_c1: the condition must be i1 with the result's shape");
  if (getTrueValue().getType() != getType() || getFalseValue().getType() != getType())
    return emitOpError("select_c2: both values and the result must have one type");
  return success();
}

LogicalResult ArgReduceOp::verify() {
  if (getKind() != ReduceKind::max && getKind() != ReduceKind::min)
    return emitOpError("argreduce_c1: kind must be max or min");
  if (isComplexTy(cast<RankedTensorType>(getInput().getType()).getElementType()))
    return emitOpError("argreduce_c4: complex numbers are not ordered");
  auto in = cast<RankedTensorType>(getInput().getType());
  ArrayRef<int64_t> axes = getAxes();
  if (axes.empty())
    return emitOpError("argreduce_c2: axes must not be empty");
  for (size_t i = 0; i < axes.size(); ++i) {
    if (axes[i] < 0 || axes[i] >= in.getRank() || (i && axes[i] <= axes[i - 1]))
      return emitOpError("argreduce_c2: axes must be in range and strictly increasing");
    if (in.getDimSize(axes[i]) == 0)
      return emitOpError("argreduce_c2: axis ") << axes[i] << " has size 0";
  }
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < in.getRank(); ++d) {
    if (!llvm::is_contained(axes, d))
      shape.push_back(in.getDimSize(d));
    else if (getKeepdims())
      shape.push_back(1);
  }
  auto out = getType();
  if (!out.getElementType().isInteger(64) || out.getShape() != ArrayRef(shape))
    return emitOpError("argreduce_c3: the result must be i64 with the reduced shape");
  return success();
}

LogicalResult ScanOp::verify() {
  if (getKind() != ReduceKind::sum && getKind() != ReduceKind::prod)
    return emitOpError("scan_c1: kind must be sum or prod");
  auto in = cast<RankedTensorType>(getInput().getType());
  if (getAxis() < 0 || getAxis() >= in.getRank())
    return emitOpError("scan_c2: axis ") << getAxis() << " is out of range";
  if (in != getType())
    return emitOpError("scan_c3: input and result must have one type");
  return success();
}

LogicalResult ContractOp::verify() {
  ArrayAttr maps = getIndexingMaps();
  size_t n = getInputs().size();
  if (n == 0 || maps.size() != n + 1)
    return emitOpError("contract_c1: expected ") << n + 1 << " indexing maps";
  SmallVector<AffineMap> ms;
  for (Attribute a : maps) {
    auto m = dyn_cast<AffineMapAttr>(a);
    if (!m || m.getValue().getNumSymbols() != 0 ||
        (!ms.empty() && m.getValue().getNumDims() != ms[0].getNumDims()))
      return emitOpError("contract_c1: maps must be affine maps over the same "
                         "dimensions, without symbols");
    ms.push_back(m.getValue());
  }
  SmallVector<RankedTensorType> types;
  for (Value v : getInputs())
    types.push_back(cast<RankedTensorType>(v.getType()));
  types.push_back(getType());
  unsigned nd = ms[0].getNumDims();
  SmallVector<int64_t> sizes(nd, ShapedType::kDynamic);
  SmallVector<bool> seen(nd, false);
  for (auto [i, m] : llvm::enumerate(ms)) {
    if (m.getNumResults() != types[i].getRank())
      return emitOpError("contract_c2: map ") << i << " has " << m.getNumResults()
             << " results for an operand of rank " << types[i].getRank();
    for (auto [k, e] : llvm::enumerate(m.getResults())) {
      auto d = dyn_cast<AffineDimExpr>(e);
      if (!d)
        return emitOpError("contract_c2: map ") << i << " must be made of plain dimensions";
      if (i < n)
        seen[d.getPosition()] = true;
      int64_t s = types[i].getDimSize(k);
      int64_t &cur = sizes[d.getPosition()];
      if (!ShapedType::isDynamic(s)) {
        if (!ShapedType::isDynamic(cur) && cur != s)
          return emitOpError("contract_c5: loop dimension ")
                 << d.getPosition() << " has sizes " << cur << " and " << s;
        cur = s;
      }
    }
  }
  if (!ms.back().isProjectedPermutation())
    return emitOpError("contract_c3: the result map must name distinct dimensions");
  if (llvm::is_contained(seen, false))
    return emitOpError("contract_c3: every loop dimension must appear in an input map");
  for (RankedTensorType t : types)
    if (t.getElementType() != types[0].getElementType())
      return emitOpError("contract_c4: element types must match");
  return success();
}

LogicalResult RandomOp::verify() {
  if (getDistribution() != "uniform" && getDistribution() != "normal")
    return emitOpError("random_c1: distribution must be uniform or normal");
  for (Value v : {getSeed(), getCounter()})
    if (cast<RankedTensorType>(v.getType()).getRank() != 0)
      return emitOpError("random_c2: seed and counter must be 0-d i64 tensors");
  Type e = getType().getElementType();
  if (!e.isF32() && !e.isF64())
    return emitOpError("random_c3: the result must be f32 or f64");
  if (static_cast<int64_t>(getDynamicDims().size()) != countDynamic(getType()))
    return emitOpError("random_c4: expected ")
           << countDynamic(getType()) << " dynamic_dims, got " << getDynamicDims().size();
  return success();
}
