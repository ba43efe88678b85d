//===- NDArrayFFTOps.td - discrete Fourier transforms ------*- tablegen -*-===//
//
// `numpy.fft`: one op transforms one axis; the frontend chains them for
// fft2/fftn (as NumPy does, last axis first). Included from NDArrayOps.td;
// lowered by convert-ndarray-to-runtime to arrayc_rt_fft_* (FFTW on the CPU).
//
//===----------------------------------------------------------------------===//
#ifndef NDARRAY_FFT_OPS_TD
#define NDARRAY_FFT_OPS_TD

def NDArray_FFTKind : I32EnumAttr<"FFTKind", "discrete Fourier transform kind", [
    I32EnumAttrCase<"fft", 0>, I32EnumAttrCase<"ifft", 1>,
    I32EnumAttrCase<"rfft", 2>, I32EnumAttrCase<"irfft", 3>]> {
  let cppNamespace = "::arrayc::ndarray";
  let genSpecializedAttr = 0;
}
def NDArray_FFTKindAttr : EnumAttr<NDArray_Dialect, NDArray_FFTKind, "fft_kind">;

// The values are the runtime's norm codes (arrayc_rt_fft_*).
def NDArray_FFTNorm : I32EnumAttr<"FFTNorm", "FFT normalization (numpy `norm=`)", [
    I32EnumAttrCase<"backward", 0>, I32EnumAttrCase<"ortho", 1>,
    I32EnumAttrCase<"forward", 2>]> {
  let cppNamespace = "::arrayc::ndarray";
  let genSpecializedAttr = 0;
}
def NDArray_FFTNormAttr : EnumAttr<NDArray_Dialect, NDArray_FFTNorm, "fft_norm">;

def NDArray_FFTOp : NDArray_Op<"fft", [Pure]> {
  let summary = "one-dimensional discrete Fourier transform along one axis";
  let description = [{
    `numpy.fft.fft/ifft/rfft/irfft(input, n=length, axis=axis, norm=norm)`:
    transforms every 1-d line of `input` along `axis`; the other axes are
    batch axes. `length` is the transform length `n`; along `axis` the input
    is first cropped or zero-padded to `n` (`fft`, `ifft`, `rfft`) or to
    `n // 2 + 1` (`irfft`), as NumPy does. `length = -1` means NumPy's
    default: the input's length (`fft`, `ifft`, `rfft`) or `2 * (m - 1)` for
    an input of length `m` (`irfft`). A length known only at run time is
    the `dynamic_length` operand (with `length = -1`): the result is then
    dynamic along `axis`, and the runtime rejects a value below 1 with
    NumPy's error. `norm` scales as NumPy: `backward` by
    `1/n` on the inverse transforms, `forward` by `1/n` on the forward ones,
    `ortho` by `1/sqrt(n)` on both. `irfft` ignores the imaginary parts of
    the zero-frequency term and, for even `n`, of the Nyquist term.

    Constraints:
    - `fft_c1`: `0 <= axis < rank(input)`.
    - `fft_c2`: `length >= 1`, or `length == -1`.
    - `fft_c3`: element types: `fft`/`ifft` complex to the same complex type;
      `rfft` f32/f64 to `complex<f32>`/`complex<f64>`; `irfft` complex to its
      parts' float type.
    - `fft_c4`: the result has the input's shape except along `axis`, where
      it is `n` (`fft`, `ifft`, `irfft`) or `n // 2 + 1` (`rfft`); a dynamic
      size there must stay dynamic unless `n` is known (static input or
      `length` given).
    - `fft_c5`: with `dynamic_length`, `length` is -1 and the result is
      dynamic along `axis`.

    ```mlir
    %f = ndarray.fft fft %z axis 1 n 8 norm backward
        : tensor<4x5xcomplex<f32>> -> tensor<4x8xcomplex<f32>>
    %r = ndarray.fft rfft %x axis 0 n -1 norm ortho
        : tensor<?xf64> -> tensor<?xcomplex<f64>>
    %p = ndarray.fft fft %z [%len] axis 1 n -1 norm backward
        : tensor<4x5xcomplex<f32>> -> tensor<4x?xcomplex<f32>>
    ```
  }];
  let arguments = (ins NDArray_FFTKindAttr:$kind, NDArray_Tensor:$input,
                       I64Attr:$axis, I64Attr:$length, NDArray_FFTNormAttr:$norm,
                       Optional<Index>:$dynamic_length);
  let results = (outs NDArray_Tensor:$result);
  let assemblyFormat = [{
    $kind $input (`[` $dynamic_length^ `]`)? `axis` $axis `n` $length `norm` $norm attr-dict
    `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// `length` and `axis` as signed values (I64Attr's getters are unsigned).
    int64_t getN() { return static_cast<int64_t>(getLength()); }
    int64_t getAxisIndex() { return static_cast<int64_t>(getAxis()); }
    /// The transform length when it is known statically (from `length` or
    /// a static input size; never with `dynamic_length`), else std::nullopt.
    std::optional<int64_t> getStaticLength();
  }];
}

#endif // NDARRAY_FFT_OPS_TD
