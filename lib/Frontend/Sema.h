//===- Sema.h - the type and shape rules of .arr ----------------*- C++ -*-===//
//
// The typing rules MLIRGen checks while it lowers: dtypes, array types with
// literal or named dimensions, NumPy 2 (NEP 50) promotion with weak Python
// scalars, NumPy broadcasting by name, and reading type annotations.
// MLIRGen checks and lowers in one walk (every check happens before the op
// it guards is built); the rules live here so later passes over the AST
// (e.g. a separate checker for `if`/`while` joins) can reuse them.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_FRONTEND_SEMA_H
#define ARRAYC_FRONTEND_SEMA_H

#include "Frontend/AST.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace arrayc::frontend {

/// The dtypes of arrayc_rt/dtypes.def; each enumerator's value is its ABI code.
enum class DType : uint8_t {
#define ARRAYC_DTYPE(ID, CXX, CODE, NAME, NUMPY, DESCR, CTYPE, KIND, SIZE) CXX = CODE,
#include "arrayc_rt/dtypes.def"
};

/// The ABI code of `t` (signatures, the runtime, the C API).
int32_t dtypeCode(DType t);
/// The dtype of an ABI code; none for a code outside the table.
std::optional<DType> dtypeFromCode(int32_t code);

bool isFloat(DType t);
bool isInt(DType t); ///< Signed or unsigned integers; not bool.
bool isUnsigned(DType t); ///< u8, u16, u32, u64.
bool isComplex(DType t);
/// The float dtype of a complex dtype's parts (c64 -> f32, c128 -> f64).
DType complexPart(DType t);
/// The complex dtype holding every value of `t` (NumPy: f16/bf16/f32/i8/u8/
/// i16/u16 -> c64; f64 and wider integers -> c128; complex stays).
DType complexFor(DType t);
llvm::StringRef dtypeName(DType t);
/// NumPy's name of `t` (`str(x.dtype)`: float32, int64, complex128, ...;
/// bf16 as ml_dtypes calls it, bfloat16).
llvm::StringRef numpyDtypeName(DType t);
mlir::Type toMLIR(DType t, mlir::MLIRContext *ctx);

/// The kind of a weak (Python) scalar: NEP 50 lets the array's dtype win.
enum class Weak : uint8_t { Bool, Int, Float, Complex };

/// numpy.promote_types for two array dtypes.
DType promote(DType a, DType b);
/// The result dtype of an array of dtype `strong` combined with a Python
/// scalar of kind `weak` (NEP 50).
DType promoteWeak(DType strong, Weak weak);
/// The float dtype NumPy's float ufuncs (sqrt, exp, ...) compute in for an
/// input dtype: bool, i8, u8 -> f16; i16, u16 -> f32; wider integers -> f64;
/// floats and complex stay.
DType floatFor(DType t);
/// The dtype sum/prod/cumsum accumulate an integer or bool dtype in: NumPy's
/// platform integer (i64) for bool and signed integers, u64 for unsigned.
DType sumTypeFor(DType t);
/// Whether `v` is representable in integer dtype `t`.
bool fitsInt(DType t, int64_t v);

/// A dimension: a static size or a name (a size fixed per call).
struct Dim {
  int64_t size = 0;
  std::string name; ///< Non-empty for named dimensions.

  static Dim lit(int64_t n) { return Dim{n, ""}; }
  static Dim named(std::string n) { return Dim{0, std::move(n)}; }
  bool isNamed() const { return !name.empty(); }
  bool operator==(const Dim &o) const {
    return isNamed() ? o.name == name : !o.isNamed() && o.size == size;
  }
  bool operator!=(const Dim &o) const { return !(*this == o); }
  std::string str() const { return isNamed() ? name : std::to_string(size); }
};

/// The static type of an array value. Named dims are dynamic in the IR.
struct ArrType {
  DType dtype = DType::F32;
  llvm::SmallVector<Dim, 4> dims;

  unsigned rank() const { return dims.size(); }
  bool operator==(const ArrType &o) const {
    return dtype == o.dtype && dims == o.dims;
  }
  bool operator!=(const ArrType &o) const { return !(*this == o); }
  /// Source spelling: `f32[n, 784]`, or `f32` for a scalar.
  std::string str() const;
  mlir::RankedTensorType tensorType(mlir::MLIRContext *ctx) const;
};

/// NumPy broadcasting of two shapes (right-aligned; a static 1 stretches;
/// named dims must agree by name). Returns false when they do not broadcast.
bool broadcastShapes(llvm::ArrayRef<Dim> a, llvm::ArrayRef<Dim> b,
                     llvm::SmallVectorImpl<Dim> &out);

/// Reads a type annotation (`f32`, `f32[n, 3]`). Reports errors through
/// `error` and returns nullopt.
std::optional<ArrType> parseTypeAnnotation(const Expr &e, ErrorFn error);

/// A parameter annotated with Python's `int`, `float` or `complex` takes a
/// Python number: a 0-d i64/f64/c128 array that promotes as the weak kind
/// (NEP 50: `x_f32 * eps` stays f32). None for any other annotation.
std::optional<Weak> pythonScalarAnnotation(const Expr &e);

} // namespace arrayc::frontend

#endif // ARRAYC_FRONTEND_SEMA_H
