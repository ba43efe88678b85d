//===- NDArrayFFTOps.cpp - verifier of ndarray.fft ------------------------===//
//
// The op is defined in NDArrayFFTOps.td (generated into NDArrayOps.cpp.inc).
// test/Dialect/NDArray/fft-invalid.mlir has one case per constraint ID.
//
//===----------------------------------------------------------------------===//

#include "ndarray/NDArray.h"

using namespace mlir;
using namespace arrayc::ndarray;

std::optional<int64_t> FFTOp::getStaticLength() {
  if (getDynamicLength())
    return std::nullopt;
  if (getN() >= 1)
    return getN();
  auto in = cast<RankedTensorType>(getInput().getType());
  int64_t axis = getAxisIndex();
  if (axis < 0 || axis >= in.getRank() || in.isDynamicDim(axis))
    return std::nullopt;
  int64_t m = in.getDimSize(axis);
  return getKind() == FFTKind::irfft ? 2 * (m - 1) : m;
}

LogicalResult FFTOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto out = cast<RankedTensorType>(getResult().getType());
  int64_t axis = getAxisIndex();
  if (axis < 0 || axis >= in.getRank())
    return emitOpError() << "(fft_c1) axis " << axis
                         << " is out of bounds for an input of rank " << in.getRank();
  if (getN() < 1 && getN() != -1)
    return emitOpError() << "(fft_c2) n must be >= 1 or -1 (the default), got "
                         << getN();

  if (getDynamicLength() && getN() != -1)
    return emitOpError() << "(fft_c5) n must be -1 with a dynamic length, got " << getN();

  // fft_c3: element types by kind.
  Type inElt = in.getElementType(), outElt = out.getElementType();
  auto inC = dyn_cast<ComplexType>(inElt);
  Type want;
  switch (getKind()) {
  case FFTKind::fft:
  case FFTKind::ifft:
    if (inC)
      want = inElt;
    break;
  case FFTKind::rfft:
    if (inElt.isF32() || inElt.isF64())
      want = ComplexType::get(inElt);
    break;
  case FFTKind::irfft:
    if (inC)
      want = inC.getElementType();
    break;
  }
  if (!want)
    return emitOpError() << "(fft_c3) " << stringifyFFTKind(getKind())
                         << " does not take " << inElt << " input";
  if (outElt != want)
    return emitOpError() << "(fft_c3) " << stringifyFFTKind(getKind()) << " of " << inElt
                         << " gives " << want << ", got " << outElt;

  // fft_c4: the shape.
  if (out.getRank() != in.getRank())
    return emitOpError() << "(fft_c4) result rank " << out.getRank()
                         << " differs from the input's " << in.getRank();
  for (int64_t d = 0; d < in.getRank(); ++d) {
    int64_t expect = in.getDimSize(d);
    if (d == axis) {
      std::optional<int64_t> n = getStaticLength();
      expect = !n ? ShapedType::kDynamic
               : getKind() == FFTKind::rfft ? *n / 2 + 1
                                            : *n;
    }
    int64_t got = out.getDimSize(d);
    if (expect == got)
      continue;
    auto shapeText = [](int64_t s) {
      return ShapedType::isDynamic(s) ? std::string("?") : std::to_string(s);
    };
    return emitOpError() << "(fft_c4) result size along axis " << d << " must be "
                         << shapeText(expect) << ", got " << shapeText(got);
  }
  if (std::optional<int64_t> n = getStaticLength(); n && *n < 1)
    return emitOpError() << "(fft_c2) invalid number of data points (" << *n << ")";
  return success();
}
