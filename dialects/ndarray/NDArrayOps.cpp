//===- NDArrayOps.cpp - ndarray verifiers and folders ---------------------===//
//
// Verifiers name the constraint IDs of the op descriptions (`add_c1`, ...);
// test/Dialect/NDArray/invalid.mlir has one case per ID.
//
//===----------------------------------------------------------------------===//

#include "ndarray/NDArray.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace arrayc::ndarray;

#include "ndarray/NDArrayDialect.cpp.inc"
#include "ndarray/NDArrayEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "ndarray/NDArrayAttrs.cpp.inc"

namespace {
/// Every ndarray op may be inlined: none refers to its enclosing function,
/// and the linalg pipeline inlines the user's helper functions so that
/// fusion sees through them (`norm_cdf(d1)` inside a Black-Scholes).
struct NDArrayInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

void NDArrayDialect::initialize() {
  addInterfaces<NDArrayInlinerInterface>();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ndarray/NDArrayAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ndarray/NDArrayOps.cpp.inc"
      >();
}

/// The discardable attributes of NDArrayDialect.td: the right kind of value
/// on the right kind of op, so that a mangled marker is an error where it
/// is made rather than a silently slower kernel.
LogicalResult NDArrayDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == kScanAttrName) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitOpError() << "'" << name << "' must be a unit attribute";
    if (op->getName().getStringRef() != "scf.for")
      return op->emitOpError() << "'" << name << "' marks an scf.for only";
    return success();
  }
  if (name == kArgReduceAttrName) {
    if (!isa<ArgReduceKindAttr>(attr.getValue()))
      return op->emitOpError() << "'" << name
                               << "' must be an #ndarray<arg_reduce max|min|umax|umin>";
    // arith-to-llvm keeps a select's discardable attributes on llvm.select.
    StringRef opName = op->getName().getStringRef();
    if ((opName != "arith.select" && opName != "llvm.select") || op->getNumResults() != 1 ||
        !op->getResult(0).getType().isInteger(64))
      return op->emitOpError() << "'" << name << "' marks a select of i64 only";
    return success();
  }
  if (name == kCombinerAttrName) {
    auto pos = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    if (!pos || pos.size() != 2 || pos[0] < 0 || pos[0] >= pos[1])
      return op->emitOpError() << "'" << name
                               << "' must be array<i64: k, n> with 0 <= k < n";
    return success();
  }
  if (name == kCombinerIdentityAttrName) {
    auto typed = dyn_cast<TypedAttr>(attr.getValue());
    if (!typed || !isa<IntegerAttr, FloatAttr>(typed))
      return op->emitOpError() << "'" << name << "' must be an integer or float constant";
    if (!llvm::is_contained(op->getResultTypes(), typed.getType()))
      return op->emitOpError() << "'" << name << "' of type " << typed.getType()
                               << " marks an op with a result of that type only";
    if (!op->hasAttr(kCombinerAttrName))
      return op->emitOpError() << "'" << name << "' marks an op marked '"
                               << kCombinerAttrName << "' only";
    return success();
  }
  return op->emitOpError() << "unknown ndarray attribute '" << name << "'";
}

/// `ndarray.written_arg = i` on result r of a function: r is the final
/// contents of argument i, which the function writes (the frontend's
/// reference semantics; arrayc-drop-written-results turns it into an
/// in-place update of the argument's buffer after bufferization).
LogicalResult NDArrayDialect::verifyRegionResultAttribute(Operation *op, unsigned regionIndex,
                                                          unsigned resultIndex,
                                                          NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name != kWrittenArgAttrName)
    return op->emitOpError() << "unknown ndarray result attribute '" << name << "'";
  auto fn = dyn_cast<FunctionOpInterface>(op);
  auto index = dyn_cast<IntegerAttr>(attr.getValue());
  if (!fn || !index)
    return op->emitOpError() << "'" << name << "' must be an integer on a function result";
  int64_t i = index.getInt();
  if (i < 0 || i >= (int64_t)fn.getNumArguments())
    return op->emitOpError() << "'" << name << "' of result " << resultIndex
                             << " names argument " << i << ", which does not exist";
  if (fn.getArgumentTypes()[i] != fn.getResultTypes()[resultIndex])
    return op->emitOpError() << "'" << name << "' of result " << resultIndex
                             << ": the result's type differs from argument " << i << "'s";
  return success();
}

Operation *NDArrayDialect::materializeConstant(OpBuilder &builder,
                                               Attribute value, Type type,
                                               Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}

//===----------------------------------------------------------------------===//
// Custom assembly: `: T` or `: (T1, T2) -> T3` for binary ops
//===----------------------------------------------------------------------===//

static ParseResult parseBinaryTypes(OpAsmParser &parser, Type &lhs, Type &rhs,
                                    Type &result) {
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseType(lhs) || parser.parseComma() || parser.parseType(rhs) ||
        parser.parseRParen() || parser.parseArrow() || parser.parseType(result))
      return failure();
    return success();
  }
  if (parser.parseType(result))
    return failure();
  lhs = rhs = result;
  return success();
}

static void printBinaryTypes(OpAsmPrinter &printer, Operation *, Type lhs,
                             Type rhs, Type result) {
  if (lhs == rhs && rhs == result) {
    printer << result;
    return;
  }
  printer << "(" << lhs << ", " << rhs << ") -> " << result;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static std::string typeString(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

static bool isZeroSplat(Attribute a) {
  return matchPattern(a, m_Zero()) || matchPattern(a, m_AnyZeroFloat());
}
static bool isOneSplat(Attribute a) {
  return matchPattern(a, m_One()) || matchPattern(a, m_OneFloat());
}

/// Shared verifier of the elementwise binary ops: constraint `<op>_c1`.
static LogicalResult verifyBinary(Operation *op) {
  Type lhs = op->getOperand(0).getType(), rhs = op->getOperand(1).getType(),
       res = op->getResult(0).getType();
  if (lhs != rhs || lhs != res)
    return op->emitOpError()
           << "(" << op->getName().stripDialect()
           << "_c1) operands and result must have one type, got "
           << typeString(lhs) << ", " << typeString(rhs) << " -> "
           << typeString(res);
  return success();
}

static LogicalResult verifyNotBool(Operation *op) {
  if (getElementTypeOrSelf(op->getResult(0).getType()).isInteger(1))
    return op->emitOpError() << "(" << op->getName().stripDialect()
                             << "_c2) is not defined on bool";
  return success();
}

static LogicalResult verifyFloatUnary(Operation *op) {
  if (!isa<FloatType, ComplexType>(
          getElementTypeOrSelf(op->getResult(0).getType())))
    return op->emitOpError() << "(" << op->getName().stripDialect()
                             << "_c1) needs a float or complex element type, got "
                             << typeString(op->getResult(0).getType());
  return success();
}

//===----------------------------------------------------------------------===//
// ConstantOp, CastOp
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

LogicalResult AssertOp::verify() {
  size_t n = getValues().size();
  if (n > 2) // assert_c1
    return emitOpError("takes at most two values, got ") << n;
  if (n == 0)
    return success(); // printed verbatim: braces are the user's text
  llvm::StringRef msg = getMessage();
  for (size_t pos = msg.find('{'); pos != llvm::StringRef::npos;
       pos = msg.find('{', pos + 1)) {
    size_t close = msg.find('}', pos);
    unsigned k;
    if (close == llvm::StringRef::npos ||
        msg.substr(pos + 1, close - pos - 1).getAsInteger(10, k))
      continue; // Not a placeholder.
    if (k >= n) // assert_c2
      return emitOpError("message names value {")
             << k << "} but the op has " << n << " value(s)";
  }
  return success();
}

LogicalResult CastOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto out = cast<RankedTensorType>(getResult().getType());
  if (in.getShape() != out.getShape())
    return emitOpError() << "(cast_c1) operand and result shapes differ: "
                         << typeString(in) << " vs " << typeString(out);
  return success();
}

/// Whether every value of element type `from` is exactly representable in
/// `to`, so casting there and back is the identity.
static bool widensExactly(Type from, Type to) {
  auto fromInt = dyn_cast<IntegerType>(from);
  if (auto toInt = dyn_cast<IntegerType>(to))
    return fromInt && toInt.getWidth() > fromInt.getWidth();
  auto toFloat = dyn_cast<FloatType>(to);
  if (!toFloat)
    return false;
  const llvm::fltSemantics &t = toFloat.getFloatSemantics();
  if (fromInt)
    return llvm::APFloat::semanticsPrecision(t) >= fromInt.getWidth();
  auto fromFloat = dyn_cast<FloatType>(from);
  if (!fromFloat)
    return false;
  const llvm::fltSemantics &f = fromFloat.getFloatSemantics();
  return llvm::APFloat::semanticsPrecision(t) >= llvm::APFloat::semanticsPrecision(f) &&
         llvm::APFloat::semanticsMaxExponent(t) >= llvm::APFloat::semanticsMaxExponent(f) &&
         llvm::APFloat::semanticsMinExponent(t) <= llvm::APFloat::semanticsMinExponent(f);
}

OpFoldResult CastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getResult().getType())
    return getInput();
  // cast(cast(x: A -> B) -> A) is x when B holds every A exactly.
  if (auto inner = getInput().getDefiningOp<CastOp>())
    if (inner.getInput().getType() == getType() &&
        widensExactly(getElementTypeOrSelf(getType()), getElementTypeOrSelf(inner.getType())))
      return inner.getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

LogicalResult AddOp::verify() { return verifyBinary(*this); }
LogicalResult SubOp::verify() { return verifyBinary(*this); }
LogicalResult MulOp::verify() { return verifyBinary(*this); }
/// `<op>_c2` of max/min: complex numbers are not ordered.
static LogicalResult verifyOrdered(Operation *op) {
  if (isa<ComplexType>(getElementTypeOrSelf(op->getResult(0).getType())))
    return op->emitOpError() << "(" << op->getName().stripDialect()
                             << "_c2) is not defined on complex numbers";
  return success();
}

LogicalResult MaxOp::verify() {
  return failure(failed(verifyBinary(*this)) || failed(verifyOrdered(*this)));
}
LogicalResult MinOp::verify() {
  return failure(failed(verifyBinary(*this)) || failed(verifyOrdered(*this)));
}
LogicalResult DivOp::verify() {
  return failure(failed(verifyBinary(*this)) || failed(verifyNotBool(*this)));
}
LogicalResult PowOp::verify() {
  return failure(failed(verifyBinary(*this)) || failed(verifyNotBool(*this)));
}

// x + 0 -> x, x - 0 -> x, x * 1 -> x (integers and floats; for floats x + 0
// is x except for x = -0.0, so only integer zeros and float -0.0 fold for add).
OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  if (auto rhs = adaptor.getRhs()) {
    if (matchPattern(rhs, m_Zero()) || matchPattern(rhs, m_NegZeroFloat()))
      return getLhs();
  }
  return {};
}
OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (auto rhs = adaptor.getRhs())
    if (isZeroSplat(rhs))
      return getLhs();
  return {};
}
OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (auto rhs = adaptor.getRhs())
    if (isOneSplat(rhs))
      return getLhs();
  return {};
}
OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  if (auto rhs = adaptor.getRhs())
    if (isOneSplat(rhs))
      return getLhs();
  return {};
}
/// The element of a splat constant `v`, looking through broadcasts (a Python
/// scalar exponent reaches `pow` broadcast to the base's, maybe dynamic, shape).
static Attribute splatElement(Value v) {
  while (auto b = v.getDefiningOp<BroadcastInDimOp>())
    v = b.getInput();
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return {};
  auto splat = dyn_cast<SplatElementsAttr>(attr);
  return splat ? splat.getSplatValue<Attribute>() : Attribute();
}

/// A splat of `v` shaped as `like`, a splat constant or a broadcast of one
/// (as a Python scalar exponent reaches `pow`); null otherwise.
static Value splatLike(PatternRewriter &rewriter, Location loc, Value like, double v) {
  if (auto b = like.getDefiningOp<BroadcastInDimOp>()) {
    Value in = splatLike(rewriter, loc, b.getInput(), v);
    if (!in)
      return {};
    return BroadcastInDimOp::create(rewriter, loc, b.getType(), in, b.getBroadcastDimensionsAttr(),
                                    b.getDynamicDims());
  }
  auto type = dyn_cast<RankedTensorType>(like.getType());
  Attribute attr;
  if (!type || !isa<FloatType>(type.getElementType()) || !matchPattern(like, m_Constant(&attr)))
    return {};
  return ConstantOp::create(rewriter, loc, type,
                            SplatElementsAttr::get(type, FloatAttr::get(type.getElementType(), v)));
}

/// x ** 1.5, x ** -1.5, x ** -0.5 and x ** -1 on floats (inverse-square and
/// inverse-cube laws: nbody's softened r^-3 = (r^2 + e^2) ** -1.5) as square
/// roots, products and quotients: within an ulp or two of the general
/// `powf` (a logarithm and an exponential per element, the cost of an
/// all-pairs force kernel), with its special values: x ** 1.5 is x * sqrt(x);
/// x ** -1.5 is (1 / sqrt(x)) / x, which neither overflows where the power
/// does not nor loses the sign rules (-0.0 gives +inf, negatives NaN);
/// x ** -0.5 is 1 / sqrt(x); x ** -1 is 1 / x (NumPy's own fast path).
static LogicalResult powAsRoots(PowOp op, double c, PatternRewriter &rewriter) {
  if (c != 1.5 && c != -1.5 && c != -0.5 && c != -1.0)
    return failure();
  Location loc = op.getLoc();
  Value x = op.getLhs();
  Type type = op.getType();
  Value one = splatLike(rewriter, loc, op.getRhs(), 1.0);
  if (!one)
    return failure();
  if (c == -1.0) {
    rewriter.replaceOpWithNewOp<DivOp>(op, type, one, x);
    return success();
  }
  Value root = SqrtOp::create(rewriter, loc, type, x);
  if (c == 1.5) {
    rewriter.replaceOpWithNewOp<MulOp>(op, type, x, root);
    return success();
  }
  Value inverse = DivOp::create(rewriter, loc, type, one, root);
  if (c == -0.5)
    rewriter.replaceOp(op, inverse);
  else
    rewriter.replaceOpWithNewOp<DivOp>(op, type, inverse, x);
  return success();
}

/// NumPy's fast paths of `array ** scalar` (`fast_scalar_power`): x ** 2 is
/// `square` (x * x, also for integers), x ** 0.5 is `sqrt` for floats; and
/// x ** 1 is x. Both give NumPy's answers bit for bit, and x * x avoids a
/// general `powf` (a log and an exp) per element.
LogicalResult PowOp::canonicalize(PowOp op, PatternRewriter &rewriter) {
  Attribute v = splatElement(op.getRhs());
  if (!v)
    return failure();
  if (auto f = dyn_cast<FloatAttr>(v)) {
    if (f.getValue().isExactlyValue(2.0)) {
      rewriter.replaceOpWithNewOp<MulOp>(op, op.getType(), op.getLhs(), op.getLhs());
      return success();
    }
    if (f.getValue().isExactlyValue(0.5) && isa<FloatType>(getElementTypeOrSelf(op.getType()))) {
      rewriter.replaceOpWithNewOp<SqrtOp>(op, op.getType(), op.getLhs());
      return success();
    }
    if (f.getValue().isExactlyValue(1.0)) {
      rewriter.replaceOp(op, op.getLhs());
      return success();
    }
    if (isa<FloatType>(getElementTypeOrSelf(op.getType())))
      return powAsRoots(op, f.getValueAsDouble(), rewriter);
    return failure();
  }
  if (auto i = dyn_cast<IntegerAttr>(v)) {
    if (i.getType().getIntOrFloatBitWidth() <= 2)
      return failure(); // bool (and i2): 2 does not exist
    if (i.getValue() == 2) {
      rewriter.replaceOpWithNewOp<MulOp>(op, op.getType(), op.getLhs(), op.getLhs());
      return success();
    }
    if (i.getValue() == 1) {
      rewriter.replaceOp(op, op.getLhs());
      return success();
    }
  }
  return failure();
}

OpFoldResult NegOp::fold(FoldAdaptor) {
  if (auto inner = getInput().getDefiningOp<NegOp>())
    return inner.getInput();
  return {};
}

LogicalResult CompareOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  if (lhs != getRhs().getType())
    return emitOpError() << "(compare_c1) operands must have one type, got "
                         << typeString(lhs) << " and "
                         << typeString(getRhs().getType());
  auto res = cast<RankedTensorType>(getResult().getType());
  if (res.getShape() != lhs.getShape())
    return emitOpError() << "(compare_c2) result shape must match operands: "
                         << typeString(res) << " vs " << typeString(lhs);
  if (isa<ComplexType>(lhs.getElementType()) &&
      getPredicate() != ComparePredicate::eq &&
      getPredicate() != ComparePredicate::ne)
    return emitOpError() << "(compare_c3) complex numbers are not ordered: "
                            "only eq and ne are defined on them";
  return success();
}

LogicalResult AbsOp::verify() {
  if (isa<ComplexType>(getElementTypeOrSelf(getType())))
    return emitOpError() << "(abs_c1) the absolute value of a complex number "
                            "is real: use ndarray.complex_abs";
  return success();
}
LogicalResult SqrtOp::verify() { return verifyFloatUnary(*this); }
LogicalResult ExpOp::verify() { return verifyFloatUnary(*this); }
LogicalResult LogOp::verify() { return verifyFloatUnary(*this); }
LogicalResult SinOp::verify() { return verifyFloatUnary(*this); }
LogicalResult CosOp::verify() { return verifyFloatUnary(*this); }
LogicalResult TanhOp::verify() { return verifyFloatUnary(*this); }

//===----------------------------------------------------------------------===//
// BroadcastInDimOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto out = cast<RankedTensorType>(getResult().getType());
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  if (static_cast<int64_t>(dims.size()) != in.getRank())
    return emitOpError() << "(broadcast_in_dim_c1) needs one broadcast "
                            "dimension per input dimension: "
                         << dims.size() << " for rank " << in.getRank();
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (d < 0 || d >= out.getRank() || (i > 0 && d <= dims[i - 1]))
      return emitOpError() << "(broadcast_in_dim_c2) broadcast dimensions "
                              "must be increasing and within the result rank "
                           << out.getRank();
    int64_t inDim = in.getDimSize(i), outDim = out.getDimSize(d);
    if (inDim != 1 && !ShapedType::isDynamic(inDim) &&
        !ShapedType::isDynamic(outDim) && inDim != outDim)
      return emitOpError() << "(broadcast_in_dim_c3) input dimension " << i
                           << " of size " << inDim
                           << " cannot broadcast to size " << outDim;
  }
  if (static_cast<int64_t>(getDynamicDims().size()) !=
      static_cast<int64_t>(out.getNumDynamicDims()))
    return emitOpError() << "(broadcast_in_dim_c4) needs "
                         << out.getNumDynamicDims()
                         << " dynamic dimension values, got "
                         << getDynamicDims().size();
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "(broadcast_in_dim_c5) element types differ: "
                         << typeString(in) << " vs " << typeString(out);
  return success();
}

OpFoldResult BroadcastInDimOp::fold(FoldAdaptor adaptor) {
  auto out = cast<RankedTensorType>(getType());
  if (getInput().getType() == out && out.hasStaticShape())
    return getInput();
  // A broadcast of a broadcast is one: x's dim i went to inner's dim
  // inner[i], which goes to this result's dim outer[inner[i]].
  if (auto inner = getInput().getDefiningOp<BroadcastInDimOp>()) {
    SmallVector<int64_t> composed;
    for (int64_t d : inner.getBroadcastDimensions())
      composed.push_back(getBroadcastDimensions()[d]);
    getInputMutable().assign(inner.getInput());
    setBroadcastDimensions(composed);
    return getResult();
  }
  // Broadcast of a splat constant is a splat constant of the result type.
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getInput()))
    if (out.hasStaticShape())
      return SplatElementsAttr::get(out, splat.getSplatValue<Attribute>());
  return {};
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

/// c1 and c2 of ndarray.reduce and ndarray.custom_reduce (`id` names the
/// op in the constraint IDs): axes in range and increasing, the result shape
/// the input's without (or, with `keepdims`, 1 in place of) the reduced axes.
LogicalResult arrayc::ndarray::detail::verifyReducedShape(Operation *op, StringRef id,
                                                          RankedTensorType in,
                                                          RankedTensorType out,
                                                          ArrayRef<int64_t> axes,
                                                          bool keepdims) {
  for (auto [i, a] : llvm::enumerate(axes))
    if (a < 0 || a >= in.getRank() || (i > 0 && a <= axes[i - 1]))
      return op->emitOpError() << "(" << id
                               << "_c1) axes must be increasing and within "
                                  "the input rank "
                               << in.getRank();
  SmallVector<int64_t> expected;
  for (int64_t d = 0; d < in.getRank(); ++d) {
    if (llvm::is_contained(axes, d)) {
      if (keepdims)
        expected.push_back(1);
      continue;
    }
    expected.push_back(in.getDimSize(d));
  }
  if (ArrayRef<int64_t>(expected) != out.getShape())
    return op->emitOpError() << "(" << id
                             << "_c2) result shape must be the input "
                                "shape with the reduced axes "
                             << (keepdims ? "set to 1" : "removed") << ", got "
                             << typeString(out) << " from " << typeString(in);
  return success();
}

LogicalResult ReduceOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto out = cast<RankedTensorType>(getResult().getType());
  ArrayRef<int64_t> axes = getAxes();
  if (failed(detail::verifyReducedShape(*this, "reduce", in, out, axes, getKeepdims())))
    return failure();
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "(reduce_c3) element types differ: "
                         << typeString(in) << " vs " << typeString(out);
  if ((getKind() == ReduceKind::max || getKind() == ReduceKind::min) &&
      isa<ComplexType>(in.getElementType()))
    return emitOpError() << "(reduce_c4) max and min are not defined on "
                            "complex numbers";
  if (getKind() == ReduceKind::max || getKind() == ReduceKind::min)
    for (int64_t a : axes)
      if (in.getDimSize(a) == 0)
        return emitOpError() << "(reduce_c3) zero-size reduction axis " << a
                             << " has no identity for "
                             << stringifyReduceKind(getKind());
  return success();
}

OpFoldResult ReduceOp::fold(FoldAdaptor) {
  if (getAxes().empty() && getInput().getType() == getType())
    return getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// PrintOp
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  for (Attribute piece : getFormat()) {
    if (isa<StringAttr>(piece))
      continue;
    auto index = dyn_cast<IntegerAttr>(piece);
    if (!index || index.getInt() < 0 ||
        index.getInt() >= static_cast<int64_t>(getInputs().size()))
      return emitOpError() << "(print_c1) format piece " << piece
                           << " is neither a string nor an operand index";
  }
  return success();
}

#define GET_OP_CLASSES
#include "ndarray/NDArrayOps.cpp.inc"
