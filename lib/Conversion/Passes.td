//===- Passes.td - arrayc conversion passes ----------------*- tablegen -*-===//
#ifndef ARRAYC_CONVERSION_PASSES
#define ARRAYC_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertNDArrayToLinalg : Pass<"convert-ndarray-to-linalg", "mlir::ModuleOp"> {
  let summary = "Lower ndarray compute ops to linalg on tensors";
  let description = [{
    Every elementwise op, broadcast and cast becomes a `linalg.generic` on
    tensors with parallel iterators; `ndarray.reduce` becomes `linalg.fill` of
    the combiner's identity plus `linalg.reduce` (and `tensor.expand_shape`
    for `keepdims`); `ndarray.constant` becomes `arith.constant`. Output
    tensors are `tensor.empty` sized from `tensor.dim` of the operands, so
    dynamic shapes need no shape dialect. Host ops (load, save, print, assert)
    are left for `convert-ndarray-to-runtime`.

    Why generics and not named elementwise ops: the upstream elementwise
    fusion works on `linalg.generic`, and broadcasting is an indexing map.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect",
                           "mlir::arith::ArithDialect", "mlir::math::MathDialect",
                           "mlir::complex::ComplexDialect"];
}

def ConvertNDArrayToRuntime : Pass<"convert-ndarray-to-runtime", "mlir::ModuleOp"> {
  let summary = "Lower ndarray host ops to calls of the arrayc runtime";
  let description = [{
    `ndarray.load`, `ndarray.save`, `ndarray.print` and `ndarray.assert`
    become `func.call`s of `arrayc_rt_*` functions (runtime/include/arrayc_rt/
    runtime.h). Arrays cross as unranked memrefs (`bufferization.to_buffer` /
    `bufferization.to_tensor`), strings as `memref.global` constants of i8, and
    every call carries the op's source location as text so that run-time
    errors say where. The numpy.linalg ops (`det`, `inv`, `solve`,
    `cholesky`, `qr`, `svd`, `svdvals`, `eigh`) become calls of the runtime's
    LAPACKE wrappers `arrayc_rt_linalg_<op>_<T>` on output buffers allocated
    here from the input's dimensions (LinalgCalls.cpp). A program's `main` ends with `arrayc_rt_sync()`, which waits
    for the device work it queued and reports a kernel's fault. The runtime stages device buffers through the host, so
    the same calls serve the cpu and cuda targets.
    `ndarray.fft` becomes a call of `arrayc_rt_<fft|ifft|rfft|irfft>_<T>` on
    the input and an output buffer allocated here (FFTW in the runtime;
    patterns in NDArrayToRuntime/FFTCalls.cpp).
    With `cuda=1` (the cuda target) the linalg and fft ops call the GPU entry
    points instead, `arrayc_rt_cusolver_<op>_<T>` (cuSOLVER) and
    `arrayc_rt_cufft_<kind>_<T>` (cuFFT), and `ndarray.sort`,
    `ndarray.compress` and `ndarray.scatter` call
    `arrayc_rt_cub_<sort|argsort|compress|scatter>_<T>` (CUB; atomics for
    the scatter), with the same arguments. On the cpu target a scatter into a
    1-d array is an `scf.for` of `tensor.insert`s into the destination (each
    index wrapped and checked), which bufferization updates in place when the
    destination is dead after it.
  }];
  let options = [
    Option<"cuda", "cuda", "bool", /*default=*/"false",
           "Call the GPU entry points (cuSOLVER, cuFFT, CUB, scatter) of the cuda target">
  ];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::memref::MemRefDialect",
                           "mlir::bufferization::BufferizationDialect",
                           "mlir::arith::ArithDialect", "mlir::tensor::TensorDialect",
                           "mlir::scf::SCFDialect", "mlir::complex::ComplexDialect"];
}

def CheckArraySizes : Pass<"arrayc-check-array-sizes", "mlir::ModuleOp"> {
  let summary = "assert that arrays of run-time sizes fit in 64-bit byte counts";
  let description = [{
    On fused linalg on tensors: before each `tensor.empty` with run-time
    sizes, an `ndarray.assert` that the product of its nonzero sizes times
    the element size fits in int64 ("an array of shape (?, ?) is too large:
    its size in bytes overflows 64 bits", with the source location), as NumPy
    raises "array is too big". Static shapes are checked by the frontend.
    No check when the sizes are distinct dims of one tensor that exists
    already and the static part is no larger (a reduction's result, an
    elementwise one); with a function argument as that tensor, an element
    type up to 16 times wider (an f64 accumulator of i8 data) is accepted
    too, the argument being in memory. The assert goes right after the last
    of the sizes' definitions (usually the function's entry), not between the
    kernels around the `tensor.empty`: on the cuda target a call there would
    split their fusion.
  }];
  let dependentDialects = ["arrayc::ndarray::NDArrayDialect", "mlir::arith::ArithDialect"];
}

#endif // ARRAYC_CONVERSION_PASSES
