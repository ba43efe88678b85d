//===- NDArrayLinalgOps.td - numpy.linalg ops --------------*- tablegen -*-===//
//
// The matrix functions of `numpy.linalg` that need a factorization: det, inv,
// solve, cholesky, qr, svd, eigh, slogdet, lstsq, eig. Each works on stacks of matrices
// `(..., M, N)` in f32, f64, complex<f32> or complex<f64> (the frontend
// promotes integers and bool to f64 and rejects f16/bf16, as NumPy does).
// They are lowered by convert-ndarray-to-runtime to LAPACKE calls in the
// runtime (runtime/src/linalg.cpp); `norm` is built by the frontend from
// reductions and `svdvals`. Included from NDArrayOps.td.
//
// Shapes are checked where they are static; a dynamic dimension that turns
// out wrong (a non-square matrix, a mismatched right-hand side) is a run-time
// error of the runtime naming the op and its source location.
//
//===----------------------------------------------------------------------===//
#ifndef NDARRAY_LINALG_OPS_TD
#define NDARRAY_LINALG_OPS_TD

def NDArray_LinalgTensor : RankedTensorOf<[F32, F64, Complex<F32>, Complex<F64>]>;
def NDArray_LinalgRealTensor : RankedTensorOf<[F32, F64]>;
def NDArray_LinalgComplexTensor : RankedTensorOf<[Complex<F32>, Complex<F64>]>;

class NDArray_LinalgOp<string mnemonic, list<Trait> traits = []>
    : NDArray_Op<mnemonic, !listconcat(traits, [Pure])> {
  let hasVerifier = 1;
}

def NDArray_DetOp : NDArray_LinalgOp<"det"> {
  let summary = "determinant of a stack of square matrices";
  let description = [{
    `numpy.linalg.det`: the determinant of each `(M, M)` matrix of a
    `(..., M, M)` stack, from an LU factorization with partial pivoting
    (LAPACK `getrf`; the sign of the row permutation included). A singular
    matrix gives 0. An empty (0x0) matrix has determinant 1.

    Constraints: `det_c1` the input has rank >= 2; `det_c2` its last two
    dimensions are equal where both are static; `det_c3` the result has the
    input's batch shape `(...)` and element type.

    ```mlir
    %d = ndarray.det %a : tensor<4x3x3xf64> -> tensor<4xf64>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$input);
  let results = (outs NDArray_LinalgTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def NDArray_InvOp : NDArray_LinalgOp<"inv", [AllTypesMatch<["input", "result"]>]> {
  let summary = "inverse of a stack of square matrices";
  let description = [{
    `numpy.linalg.inv` (LAPACK `getrf` + `getri`). A singular matrix is a
    run-time error ("Singular matrix"), as NumPy's `LinAlgError`.

    Constraints: `inv_c1` the input has rank >= 2; `inv_c2` its last two
    dimensions are equal where both are static.

    ```mlir
    %i = ndarray.inv %a : tensor<?x?xf32>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$input);
  let results = (outs NDArray_LinalgTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
}

def NDArray_CholeskyOp : NDArray_LinalgOp<"cholesky",
    [AllTypesMatch<["input", "result"]>]> {
  let summary = "Cholesky factor of a stack of Hermitian positive-definite matrices";
  let description = [{
    `numpy.linalg.cholesky(a, upper=False)` (LAPACK `potrf`): the lower
    factor `L` with `a = L @ L^H`, read from the lower triangle; with
    `upper` the upper factor `U = L^H`, read from the upper triangle. The
    other triangle of the result is zero. A matrix that is not positive
    definite is a run-time error ("Matrix is not positive definite").

    Constraints: `cholesky_c1` the input has rank >= 2; `cholesky_c2` its
    last two dimensions are equal where both are static.

    ```mlir
    %l = ndarray.cholesky %a : tensor<5x5xf64>
    %u = ndarray.cholesky %a {upper} : tensor<5x5xf64>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$input, UnitAttr:$upper);
  let results = (outs NDArray_LinalgTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
}

def NDArray_SolveOp : NDArray_LinalgOp<"solve"> {
  let summary = "solution of a stack of linear systems";
  let description = [{
    `numpy.linalg.solve(a, b)` (LAPACK `gesv`): `x` with `a @ x = b` for each
    matrix of the stack `a: (..., M, M)`. `b` is either a stack of matrices
    `(..., M, K)` (same rank as `a`) or a stack of vectors `(..., M)` (rank
    one less); the frontend has broadcast the batch dimensions already
    (NumPy 2 treats `b` as a vector only when `b.ndim == 1`, which the
    frontend broadcasts to `a`'s batch shape). A singular matrix is a
    run-time error ("Singular matrix").

    Constraints: `solve_c1` `a` has rank >= 2; `solve_c2` `a`'s last two
    dimensions are equal where both are static; `solve_c3` `b` has the rank
    of `a` or one less, the batch dimensions of `a` and the row count `M`
    (where static); `solve_c4` `a`, `b` and the result have one element type
    and the result has `b`'s type.

    ```mlir
    %x = ndarray.solve %a, %b : tensor<2x3x3xf32>, tensor<2x3x4xf32> -> tensor<2x3x4xf32>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$a, NDArray_LinalgTensor:$b);
  let results = (outs NDArray_LinalgTensor:$result);
  let assemblyFormat = [{
    $a `,` $b attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
}

def NDArray_QRMode : I32EnumAttr<"QRMode", "numpy.linalg.qr mode", [
    I32EnumAttrCase<"reduced", 0>, I32EnumAttrCase<"complete", 1>]> {
  let cppNamespace = "::arrayc::ndarray";
  let genSpecializedAttr = 0;
}
def NDArray_QRModeAttr : EnumAttr<NDArray_Dialect, NDArray_QRMode, "qr_mode">;

def NDArray_QROp : NDArray_LinalgOp<"qr"> {
  let summary = "QR factorization of a stack of matrices";
  let description = [{
    `numpy.linalg.qr(a, mode)` (LAPACK `geqrf` + `orgqr`/`ungqr`) of
    `a: (..., M, N)`, with `K = min(M, N)`: `reduced` gives `q: (..., M, K)`,
    `r: (..., K, N)`; `complete` gives `q: (..., M, M)`, `r: (..., M, N)`.
    (`mode='r'` is the frontend's: it keeps `r` of `reduced`.)

    Constraints: `qr_c1` the input has rank >= 2; `qr_c2` `q` and `r` have
    the input's element type, its batch dimensions and the shapes above
    where they are static.

    ```mlir
    %q, %r = ndarray.qr %a {mode = #ndarray<qr_mode reduced>}
        : tensor<5x3xf64> -> tensor<5x3xf64>, tensor<3x3xf64>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$input, NDArray_QRModeAttr:$mode);
  let results = (outs NDArray_LinalgTensor:$q, NDArray_LinalgTensor:$r);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($q) `,` type($r)
  }];
}

def NDArray_SVDOp : NDArray_LinalgOp<"svd"> {
  let summary = "singular value decomposition of a stack of matrices";
  let description = [{
    `numpy.linalg.svd(a, full_matrices)` (LAPACK `gesdd`) of `a: (..., M, N)`
    with `K = min(M, N)`: `a = u @ diag(s) @ vh`, `s: (..., K)` real and
    descending; `u: (..., M, M)` and `vh: (..., N, N)` with `full_matrices`,
    else `u: (..., M, K)` and `vh: (..., K, N)`. Non-convergence is a run-time
    error ("SVD did not converge").

    Constraints: `svd_c1` the input has rank >= 2; `svd_c2` `u` and `vh` have
    the input's element type, `s` its real type, all the input's batch
    dimensions and the shapes above where static.

    ```mlir
    %u, %s, %vh = ndarray.svd %a {full_matrices}
        : tensor<4x3xf32> -> tensor<4x4xf32>, tensor<3xf32>, tensor<3x3xf32>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$input, UnitAttr:$full_matrices);
  let results = (outs NDArray_LinalgTensor:$u, NDArray_LinalgRealTensor:$s,
                      NDArray_LinalgTensor:$vh);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($u) `,` type($s) `,` type($vh)
  }];
}

def NDArray_SVDValsOp : NDArray_LinalgOp<"svdvals"> {
  let summary = "singular values of a stack of matrices";
  let description = [{
    `numpy.linalg.svd(a, compute_uv=False)` (LAPACK `gesdd` without
    vectors): the singular values `s: (..., K)`, `K = min(M, N)`, real and
    descending. A separate op rather than `svd` with an unused `u`/`vh`:
    without vectors LAPACK does less work and no `u`/`vh` buffers exist;
    `norm` with `ord` 2, -2 and 'nuc' uses it too.

    Constraints: `svdvals_c1` the input has rank >= 2; `svdvals_c2` the
    result has the input's real element type, batch dimensions and `K` where
    static.

    ```mlir
    %s = ndarray.svdvals %a : tensor<?x4x3xcomplex<f32>> -> tensor<?x3xf32>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$input);
  let results = (outs NDArray_LinalgRealTensor:$s);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($s)";
}

def NDArray_EighOp : NDArray_LinalgOp<"eigh"> {
  let summary = "eigen-decomposition of a stack of Hermitian matrices";
  let description = [{
    `numpy.linalg.eigh(a, UPLO)` (LAPACK `syevd`/`heevd`): eigenvalues `w`
    in ascending order (real) and the orthonormal eigenvectors as the
    columns of `v`, reading the lower triangle of `a`, or the upper one
    with `upper` (`UPLO='U'`). Non-convergence is a run-time error
    ("Eigenvalues did not converge").

    Constraints: `eigh_c1` the input has rank >= 2; `eigh_c2` its last two
    dimensions are equal where both are static; `eigh_c3` `v` has the
    input's type and `w` the input's real element type and shape `(..., M)`.

    ```mlir
    %w, %v = ndarray.eigh %a : tensor<3x3xf64> -> tensor<3xf64>, tensor<3x3xf64>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$input, UnitAttr:$upper);
  let results = (outs NDArray_LinalgRealTensor:$w, NDArray_LinalgTensor:$v);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($w) `,` type($v)";
}

def NDArray_SlogdetOp : NDArray_LinalgOp<"slogdet"> {
  let summary = "sign and log of the absolute determinant of a stack of square matrices";
  let description = [{
    `numpy.linalg.slogdet`: for each `(M, M)` matrix of a `(..., M, M)`
    stack, `sign` (of the input's element type: +-1, or a complex number of
    modulus 1) and `logabsdet = log|det|` (real), from an LU factorization
    (LAPACK `getrf`), so that `det = sign * exp(logabsdet)` without
    overflow. A singular matrix gives `sign = 0`, `logabsdet = -inf`; an
    empty (0x0) matrix gives 1 and 0.

    Constraints: `slogdet_c1` the input has rank >= 2; `slogdet_c2` its last
    two dimensions are equal where both are static; `slogdet_c3` `sign` has
    the input's batch shape and element type, `logabsdet` the batch shape and
    the real element type.

    ```mlir
    %s, %l = ndarray.slogdet %a : tensor<4x3x3xf64> -> tensor<4xf64>, tensor<4xf64>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$input);
  let results = (outs NDArray_LinalgTensor:$sign, NDArray_LinalgRealTensor:$logabsdet);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($sign) `,` type($logabsdet)
  }];
}

def NDArray_LstsqOp : NDArray_LinalgOp<"lstsq"> {
  let summary = "least-squares solution of a linear system";
  let description = [{
    `numpy.linalg.lstsq(a, b, rcond)` (LAPACK `gelsd`) with `a: (M, N)` and
    `b: (M, K)` or `(M,)`: `x: (N, K)` or `(N,)` minimizing `|b - a @ x|`,
    the effective `rank` of `a` (i32, 0-d, as NumPy), its singular values
    `s: (min(M, N),)` and `residuals`: the squared 2-norms of the columns of
    `b - a @ x`, `(K,)` (`(1,)` for a vector `b`) when `rank == N` and
    `M > N`, else empty -- a size known only after the call, so the
    result's dimension is dynamic. Singular values `<= rcond * s[0]` count
    as zero; without `rcond` the cut-off is NumPy's `rcond=None`:
    `eps * max(M, N)`; a negative `rcond` is machine precision.
    Non-convergence is a run-time error ("SVD did not converge in Linear
    Least Squares"). NumPy 1.x has no stacked lstsq; neither has this op.

    Constraints: `lstsq_c1` `a` has rank 2 and `b` rank 1 or 2 with `a`'s
    row count where static; `lstsq_c2` `a`, `b`, `x` share an element type,
    `residuals` and `s` have its real type, `rank` is a 0-d i32 tensor;
    `lstsq_c3` `x` is `(N, K)` or `(N,)`, `residuals` 1-d, `s` `(min(M, N),)`
    where static.

    ```mlir
    %x, %res, %rank, %s = ndarray.lstsq %a, %b : tensor<?x3xf64>, tensor<?xf64>
        -> tensor<3xf64>, tensor<?xf64>, tensor<i32>, tensor<3xf64>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$a, NDArray_LinalgTensor:$b,
                       OptionalAttr<F64Attr>:$rcond);
  let results = (outs NDArray_LinalgTensor:$x, NDArray_LinalgRealTensor:$residuals,
                       0DTensorOf<[I32]>:$rank, NDArray_LinalgRealTensor:$s);
  let assemblyFormat = [{
    $a `,` $b attr-dict `:` type($a) `,` type($b) `->` type($x) `,` type($residuals) `,`
    type($rank) `,` type($s)
  }];
}

def NDArray_EigOp : NDArray_LinalgOp<"eig"> {
  let summary = "eigen-decomposition of a stack of general square matrices";
  let description = [{
    `numpy.linalg.eig` (LAPACK `geev`): the eigenvalues `w: (..., M)` and
    the right eigenvectors as the columns of `v: (..., M, M)`, each of unit
    2-norm with its largest component real (LAPACK's normalization, as
    NumPy). Both are always complex (of the input's real type): NumPy
    returns a real array when every imaginary part is zero, a type only
    the data decides. Non-convergence is a run-time error ("Eigenvalues
    did not converge").

    Constraints: `eig_c1` the input has rank >= 2; `eig_c2` its last two
    dimensions are equal where both are static; `eig_c3` `w` is
    `(..., M)` and `v` `(..., M, M)` in the complex type of the input's
    real type.

    ```mlir
    %w, %v = ndarray.eig %a : tensor<3x3xf64>
        -> tensor<3xcomplex<f64>>, tensor<3x3xcomplex<f64>>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$input);
  let results = (outs NDArray_LinalgComplexTensor:$w, NDArray_LinalgComplexTensor:$v);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($w) `,` type($v)";
}

def NDArray_EigvalsOp : NDArray_LinalgOp<"eigvals"> {
  let summary = "eigenvalues of a stack of general square matrices";
  let description = [{
    `numpy.linalg.eigvals` (LAPACK `geev` without vectors): `w: (..., M)`,
    complex as `eig`'s.

    Constraints: `eigvals_c1` the input has rank >= 2; `eigvals_c2` its
    last two dimensions are equal where both are static; `eigvals_c3` `w`
    is `(..., M)` in the complex type of the input's real type.

    ```mlir
    %w = ndarray.eigvals %a : tensor<?x?xf32> -> tensor<?xcomplex<f32>>
    ```
  }];
  let arguments = (ins NDArray_LinalgTensor:$input);
  let results = (outs NDArray_LinalgComplexTensor:$w);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($w)";
}

#endif // NDARRAY_LINALG_OPS_TD
