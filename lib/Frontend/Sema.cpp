//===- Sema.cpp - the type and shape rules of .arr ------------------------===//

#include "Frontend/Sema.h"
#include "Frontend/DTypeNames.h"

#include "arrayc_rt/dtypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

using namespace arrayc::frontend;

bool arrayc::frontend::isFloat(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32 ||
         t == DType::F64;
}

bool arrayc::frontend::isInt(DType t) {
  return t == DType::I8 || t == DType::I16 || t == DType::I32 ||
         t == DType::I64 || isUnsigned(t);
}

bool arrayc::frontend::isUnsigned(DType t) {
  return t == DType::U8 || t == DType::U16 || t == DType::U32 ||
         t == DType::U64;
}

bool arrayc::frontend::isComplex(DType t) {
  return t == DType::C64 || t == DType::C128;
}

DType arrayc::frontend::complexPart(DType t) {
  return t == DType::C128 ? DType::F64 : DType::F32;
}

static unsigned bitWidth(DType t) {
  switch (t) {
  case DType::Bool:
    return 1;
  case DType::I8:
  case DType::U8:
    return 8;
  case DType::I16:
  case DType::U16:
  case DType::F16:
  case DType::BF16:
    return 16;
  case DType::I32:
  case DType::U32:
  case DType::F32:
    return 32;
  case DType::I64:
  case DType::U64:
  case DType::F64:
  case DType::C64:
    return 64;
  case DType::C128:
    return 128;
  }
  return 64;
}

int32_t arrayc::frontend::dtypeCode(DType t) { return static_cast<int32_t>(t); }

std::optional<DType> arrayc::frontend::dtypeFromCode(int32_t code) {
  switch (code) {
#define ARRAYC_DTYPE(ID, CXX, CODE, NAME, NUMPY, DESCR, CTYPE, KIND, SIZE)                 \
  case CODE:                                                                               \
    return DType::CXX;
#include "arrayc_rt/dtypes.def"
  }
  return std::nullopt;
}

llvm::StringRef arrayc::frontend::dtypeName(DType t) {
  return arrayc_rt_dtype_lookup(dtypeCode(t))->name;
}

llvm::StringRef arrayc::frontend::numpyDtypeName(DType t) {
  return arrayc_rt_dtype_lookup(dtypeCode(t))->numpy;
}

mlir::Type arrayc::frontend::toMLIR(DType t, mlir::MLIRContext *ctx) {
  switch (t) {
  case DType::Bool: return mlir::IntegerType::get(ctx, 1);
  case DType::I8: return mlir::IntegerType::get(ctx, 8);
  case DType::I16: return mlir::IntegerType::get(ctx, 16);
  case DType::I32: return mlir::IntegerType::get(ctx, 32);
  case DType::I64: return mlir::IntegerType::get(ctx, 64);
  // Unsigned dtypes keep their signedness in the ndarray IR; the element ops
  // pick unsigned division, comparison and casts from it (docs/passes.md).
  case DType::U8: return mlir::IntegerType::get(ctx, 8, mlir::IntegerType::Unsigned);
  case DType::U16: return mlir::IntegerType::get(ctx, 16, mlir::IntegerType::Unsigned);
  case DType::U32: return mlir::IntegerType::get(ctx, 32, mlir::IntegerType::Unsigned);
  case DType::U64: return mlir::IntegerType::get(ctx, 64, mlir::IntegerType::Unsigned);
  case DType::F16: return mlir::Float16Type::get(ctx);
  case DType::BF16: return mlir::BFloat16Type::get(ctx);
  case DType::F32: return mlir::Float32Type::get(ctx);
  case DType::F64: return mlir::Float64Type::get(ctx);
  case DType::C64: return mlir::ComplexType::get(mlir::Float32Type::get(ctx));
  case DType::C128: return mlir::ComplexType::get(mlir::Float64Type::get(ctx));
  }
  return {};
}

/// The smallest float that holds every value of an integer dtype exactly
/// (NumPy's rule: i8, u8 -> f16, i16, u16 -> f32, wider -> f64).
static DType floatHolding(DType intType) {
  switch (intType) {
  case DType::Bool:
  case DType::I8:
  case DType::U8:
    return DType::F16;
  case DType::I16:
  case DType::U16:
    return DType::F32;
  default:
    return DType::F64;
  }
}

static DType promoteFloats(DType a, DType b) {
  if (a == b)
    return a;
  // f16 and bf16 have no common 16-bit type.
  if ((a == DType::F16 && b == DType::BF16) ||
      (a == DType::BF16 && b == DType::F16))
    return DType::F32;
  return bitWidth(a) >= bitWidth(b) ? a : b;
}

/// numpy.promote_types over the integer dtypes, rows and columns in the
/// order i8 i16 i32 i64 u8 u16 u32 u64. A signed and an unsigned integer meet
/// in the smallest signed integer that holds both, or f64 where none does
/// (u64 with any signed integer).
static DType promoteInts(DType a, DType b) {
  using D = DType;
  static constexpr D kTable[8][8] = {
      /* i8  */ {D::I8, D::I16, D::I32, D::I64, D::I16, D::I32, D::I64, D::F64},
      /* i16 */ {D::I16, D::I16, D::I32, D::I64, D::I16, D::I32, D::I64, D::F64},
      /* i32 */ {D::I32, D::I32, D::I32, D::I64, D::I32, D::I32, D::I64, D::F64},
      /* i64 */ {D::I64, D::I64, D::I64, D::I64, D::I64, D::I64, D::I64, D::F64},
      /* u8  */ {D::I16, D::I16, D::I32, D::I64, D::U8, D::U16, D::U32, D::U64},
      /* u16 */ {D::I32, D::I32, D::I32, D::I64, D::U16, D::U16, D::U32, D::U64},
      /* u32 */ {D::I64, D::I64, D::I64, D::I64, D::U32, D::U32, D::U32, D::U64},
      /* u64 */ {D::F64, D::F64, D::F64, D::F64, D::U64, D::U64, D::U64, D::U64},
  };
  auto index = [](D t) {
    switch (t) {
    case D::I8: return 0;
    case D::I16: return 1;
    case D::I32: return 2;
    case D::I64: return 3;
    case D::U8: return 4;
    case D::U16: return 5;
    case D::U32: return 6;
    default: return 7; // u64
    }
  };
  return kTable[index(a)][index(b)];
}

DType arrayc::frontend::complexFor(DType t) {
  if (isComplex(t))
    return t;
  DType f = isFloat(t) ? t : floatHolding(t);
  return f == DType::F64 ? DType::C128 : DType::C64;
}

DType arrayc::frontend::promote(DType a, DType b) {
  if (a == b)
    return a;
  if (a == DType::Bool)
    return b;
  if (b == DType::Bool)
    return a;
  if (isComplex(a) || isComplex(b)) {
    // The parts promote as floats; integers as the float that holds them.
    auto part = [](DType t) {
      return isComplex(t) ? complexPart(t) : isFloat(t) ? t : floatHolding(t);
    };
    return complexFor(promoteFloats(part(a), part(b)));
  }
  if (isInt(a) && isInt(b))
    return promoteInts(a, b);
  if (isFloat(a) && isFloat(b))
    return promoteFloats(a, b);
  DType f = isFloat(a) ? a : b, i = isFloat(a) ? b : a;
  // bf16 holds every int8 and uint8 exactly (8 significant bits).
  if (f == DType::BF16 && (i == DType::I8 || i == DType::U8))
    return DType::BF16;
  return promoteFloats(f, floatHolding(i));
}

DType arrayc::frontend::promoteWeak(DType strong, Weak weak) {
  switch (weak) {
  case Weak::Bool:
    return strong;
  case Weak::Int:
    return strong == DType::Bool ? DType::I64 : strong;
  case Weak::Float:
    return isFloat(strong) || isComplex(strong) ? strong : DType::F64;
  case Weak::Complex:
    // A float array keeps its precision (f16/bf16/f32 -> c64, as NumPy 2).
    return isFloat(strong) || isComplex(strong) ? complexFor(strong)
                                                : DType::C128;
  }
  return strong;
}

DType arrayc::frontend::floatFor(DType t) {
  return isFloat(t) || isComplex(t) ? t : floatHolding(t);
}

DType arrayc::frontend::sumTypeFor(DType t) {
  if (isUnsigned(t))
    return DType::U64;
  if (t == DType::Bool || isInt(t))
    return DType::I64;
  return t;
}

bool arrayc::frontend::fitsInt(DType t, int64_t v) {
  switch (t) {
  case DType::I8: return v >= INT8_MIN && v <= INT8_MAX;
  case DType::I16: return v >= INT16_MIN && v <= INT16_MAX;
  case DType::I32: return v >= INT32_MIN && v <= INT32_MAX;
  case DType::I64: return true;
  case DType::U8: return v >= 0 && v <= UINT8_MAX;
  case DType::U16: return v >= 0 && v <= UINT16_MAX;
  case DType::U32: return v >= 0 && v <= UINT32_MAX;
  case DType::U64: return v >= 0; // literals are at most INT64_MAX
  case DType::Bool: return v == 0 || v == 1;
  default: return true;
  }
}

std::string ArrType::str() const {
  std::string s = dtypeName(dtype).str();
  if (dims.empty())
    return s;
  s += "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i)
      s += ", ";
    s += dims[i].str();
  }
  return s + "]";
}

mlir::RankedTensorType ArrType::tensorType(mlir::MLIRContext *ctx) const {
  llvm::SmallVector<int64_t> shape;
  for (const Dim &d : dims)
    shape.push_back(d.isNamed() ? mlir::ShapedType::kDynamic : d.size);
  return mlir::RankedTensorType::get(shape, toMLIR(dtype, ctx));
}

bool arrayc::frontend::broadcastShapes(llvm::ArrayRef<Dim> a,
                                       llvm::ArrayRef<Dim> b,
                                       llvm::SmallVectorImpl<Dim> &out) {
  size_t rank = std::max(a.size(), b.size());
  out.assign(rank, Dim::lit(1));
  for (size_t i = 0; i < rank; ++i) {
    // Right-aligned: position i of the result.
    const Dim *da = i + a.size() >= rank ? &a[i + a.size() - rank] : nullptr;
    const Dim *db = i + b.size() >= rank ? &b[i + b.size() - rank] : nullptr;
    if (!da) {
      out[i] = *db;
    } else if (!db) {
      out[i] = *da;
    } else if (*da == *db) {
      out[i] = *da;
    } else if (!da->isNamed() && da->size == 1) {
      out[i] = *db;
    } else if (!db->isNamed() && db->size == 1) {
      out[i] = *da;
    } else {
      return false;
    }
  }
  return true;
}

static std::optional<DType> parseDTypeName(const Expr &e, ErrorFn error) {
  if (e.kind != ExprKind::Name) {
    error(e.loc, "expected a dtype (bool, i8, i16, i32, i64, u8, u16, u32, "
                 "u64, f16, bf16, f32, f64, c64, c128) in the type annotation");
    return std::nullopt;
  }
  std::optional<DType> t = lookupDTypeName(e.name, DTypeSpelling::Short);
  if (t)
    return t;
  error(e.loc, "unknown dtype '" + e.name +
                   "'; expected one of bool, i8, i16, i32, i64, u8, u16, "
                   "u32, u64, f16, bf16, f32, f64, c64, c128");
  return std::nullopt;
}

std::optional<ArrType>
arrayc::frontend::parseTypeAnnotation(const Expr &e, ErrorFn error) {
  if (e.kind == ExprKind::Name) {
    std::optional<DType> t = parseDTypeName(e, error);
    if (!t)
      return std::nullopt;
    return ArrType{*t, {}};
  }
  if (e.kind != ExprKind::Subscript) {
    error(e.loc, "expected a type such as `f32` or `f32[n, 3]`");
    return std::nullopt;
  }
  std::optional<DType> t = parseDTypeName(*e.lhs, error);
  if (!t)
    return std::nullopt;
  ArrType type{*t, {}};
  llvm::SmallVector<const Expr *> dims;
  if (e.rhs->kind == ExprKind::Tuple && !e.rhs->parenthesized)
    for (const ExprPtr &d : e.rhs->elts)
      dims.push_back(d.get());
  else
    dims.push_back(e.rhs.get());
  for (const Expr *d : dims) {
    if (d->kind == ExprKind::Int) {
      type.dims.push_back(Dim::lit(d->intValue));
    } else if (d->kind == ExprKind::Name) {
      if (parseDTypeName(*d, [](SrcLoc, const std::string &) {})) {
        error(d->loc, "a dimension cannot be named after the dtype '" +
                          d->name + "'");
        return std::nullopt;
      }
      type.dims.push_back(Dim::named(d->name));
    } else {
      error(d->loc, "a dimension must be an integer literal or a name");
      return std::nullopt;
    }
  }
  return type;
}

std::optional<Weak> arrayc::frontend::pythonScalarAnnotation(const Expr &e) {
  if (e.kind != ExprKind::Name)
    return std::nullopt;
  return llvm::StringSwitch<std::optional<Weak>>(e.name)
      .Case("int", Weak::Int)
      .Case("float", Weak::Float)
      .Case("complex", Weak::Complex)
      .Default(std::nullopt);
}
