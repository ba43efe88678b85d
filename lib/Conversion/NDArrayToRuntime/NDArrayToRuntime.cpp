//===- NDArrayToRuntime.cpp - ndarray host ops to runtime calls -----------===//
//
// The ABI is runtime/include/arrayc_rt/runtime.h: arrays and strings travel as
// unranked memrefs, which func-to-llvm passes as (i64 rank, ptr descriptor).
//
//===----------------------------------------------------------------------===//

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"
#include "Conversion/Passes.h"
#include "ndarray/NDArray.h"
#include "arrayc_rt/runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringExtras.h"

namespace arrayc {
#define GEN_PASS_DEF_CONVERTNDARRAYTORUNTIME
#include "Conversion/Passes.h.inc"
} // namespace arrayc

using namespace mlir;
using namespace arrayc;
using namespace arrayc::rtcall;
namespace nd = arrayc::ndarray;

namespace arrayc::rtcall {

/// The dtype code (arrayc_rt/dtypes.def) of an element type. Signless
/// integers are the signed dtypes, `uiN` the unsigned ones.
int32_t dtypeCode(Type t) {
  if (t.isInteger(1)) return ARRAYC_RT_BOOL;
  if (t.isSignlessInteger(8)) return ARRAYC_RT_I8;
  if (t.isSignlessInteger(16)) return ARRAYC_RT_I16;
  if (t.isSignlessInteger(32)) return ARRAYC_RT_I32;
  if (t.isSignlessInteger(64)) return ARRAYC_RT_I64;
  if (t.isUnsignedInteger(8)) return ARRAYC_RT_U8;
  if (t.isUnsignedInteger(16)) return ARRAYC_RT_U16;
  if (t.isUnsignedInteger(32)) return ARRAYC_RT_U32;
  if (t.isUnsignedInteger(64)) return ARRAYC_RT_U64;
  if (t.isF16()) return ARRAYC_RT_F16;
  if (t.isBF16()) return ARRAYC_RT_BF16;
  if (t.isF32()) return ARRAYC_RT_F32;
  if (t.isF64()) return ARRAYC_RT_F64;
  if (auto c = dyn_cast<ComplexType>(t))
    return c.getElementType().isF32() ? ARRAYC_RT_C64 : ARRAYC_RT_C128;
  return -1;
}

/// The element type arrays cross the ABI with: signless, as everything after
/// convert-ndarray-to-linalg computes on; the dtype code carries signedness.
Type storageType(Type t) {
  if (auto it = dyn_cast<IntegerType>(t); it && it.isUnsigned())
    return IntegerType::get(t.getContext(), it.getWidth());
  return t;
}

/// `tensor` with its element type made signless (a cast that folds with the
/// one convert-ndarray-to-linalg leaves in front of the host op).
Value storageTensor(PatternRewriter &rewriter, Location loc, Value tensor) {
  auto tt = cast<RankedTensorType>(tensor.getType());
  Type elt = storageType(tt.getElementType());
  if (elt == tt.getElementType())
    return tensor;
  return UnrealizedConversionCastOp::create(rewriter, loc, tt.clone(elt), tensor)
      .getResult(0);
}

/// The storage suffix of the runtime entry points (`arrayc_rt_print_f32`).
std::string storageSuffix(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return c.getElementType().isF32() ? "c64" : "c128";
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

std::string locationText(Location loc) {
  if (auto fl = dyn_cast<FileLineColLoc>(loc))
    return (fl.getFilename().getValue() + ":" + Twine(fl.getLine()) + ":" +
            Twine(fl.getColumn()))
        .str();
  if (auto nl = dyn_cast<NameLoc>(loc))
    return locationText(nl.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (auto text = locationText(inner); !text.empty())
        return text;
  if (auto cs = dyn_cast<CallSiteLoc>(loc))
    return locationText(cs.getCaller());
  return "";
}

/// Declares `name` with `argTypes` (no results) at the module's top, once.
func::FuncOp declare(OpBuilder &rewriter, ModuleOp module, StringRef name,
                     TypeRange argTypes) {
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  auto f = func::FuncOp::create(rewriter, module.getLoc(), name,
                                rewriter.getFunctionType(argTypes, {}));
  f.setPrivate();
  return f;
}

/// A string as an unranked i8 memref backed by a constant `memref.global`
/// (one global per distinct string; the runtime reads sizes[0] bytes, so the
/// text needs no terminator and may be empty).
Value stringValue(OpBuilder &rewriter, Location loc, ModuleOp module,
                  StringRef text) {
  auto type = MemRefType::get({static_cast<int64_t>(text.size())}, rewriter.getI8Type());
  auto tensorType = RankedTensorType::get(type.getShape(), rewriter.getI8Type());
  SmallVector<int8_t> bytes(text.begin(), text.end());
  auto init = DenseElementsAttr::get(tensorType, ArrayRef<int8_t>(bytes));
  // Named by a hash of the text; a (rare) collision with different text
  // takes the next free suffix.
  std::string base = "__arrayc_str_" + llvm::utohexstr(llvm::hash_value(text), true);
  std::string name = base;
  for (unsigned n = 1;; ++n) {
    auto existing = module.lookupSymbol<memref::GlobalOp>(name);
    if (!existing)
      break;
    if (existing.getInitialValueAttr() == init)
      return memref::CastOp::create(
          rewriter, loc, UnrankedMemRefType::get(rewriter.getI8Type(), 0),
          memref::GetGlobalOp::create(rewriter, loc, type, name));
    name = base + "_" + std::to_string(n);
  }
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    memref::GlobalOp::create(rewriter, loc, name, rewriter.getStringAttr("private"), type,
                             init, /*constant=*/true, /*alignment=*/nullptr);
  }
  Value g = memref::GetGlobalOp::create(rewriter, loc, type, name);
  return memref::CastOp::create(rewriter, loc,
                                UnrankedMemRefType::get(rewriter.getI8Type(), 0), g);
}

/// A tensor as an unranked memref for a runtime call that reads it.
Value tensorAsUnranked(PatternRewriter &rewriter, Location loc, Value tensor) {
  tensor = storageTensor(rewriter, loc, tensor);
  auto tt = cast<RankedTensorType>(tensor.getType());
  auto layout = StridedLayoutAttr::get(
      rewriter.getContext(), ShapedType::kDynamic,
      SmallVector<int64_t>(tt.getRank(), ShapedType::kDynamic));
  auto mt = MemRefType::get(tt.getShape(), tt.getElementType(), layout);
  Value m = bufferization::ToBufferOp::create(rewriter, loc, mt, tensor, /*readOnly=*/true);
  return memref::CastOp::create(rewriter, loc,
                                UnrankedMemRefType::get(tt.getElementType(), 0), m);
}

Value i32(PatternRewriter &rewriter, Location loc, int32_t v) {
  return arith::ConstantOp::create(rewriter, loc, rewriter.getI32IntegerAttr(v));
}

UnrankedMemRefType unranked(Type elt) { return UnrankedMemRefType::get(elt, 0); }

} // namespace arrayc::rtcall

namespace {

struct SavePattern : OpRewritePattern<nd::SaveOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::SaveOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    Type elt = op.getInput().getType().getElementType();
    Type storage = storageType(elt);
    Type i8u = unranked(rewriter.getI8Type());
    auto f = declare(rewriter, module, "arrayc_rt_save_" + storageSuffix(storage),
                     {i8u, unranked(storage), rewriter.getI32Type(), i8u});
    Value path = stringValue(rewriter, loc, module, op.getPath());
    Value data = tensorAsUnranked(rewriter, loc, op.getInput());
    Value where = stringValue(rewriter, loc, module, locationText(loc));
    rewriter.replaceOpWithNewOp<func::CallOp>(
        op, f, ValueRange{path, data, i32(rewriter, loc, dtypeCode(elt)), where});
    return success();
  }
};

struct LoadPattern : OpRewritePattern<nd::LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::LoadOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    auto type = cast<RankedTensorType>(op.getType());
    Type elt = type.getElementType();
    Type i8u = unranked(rewriter.getI8Type());
    Type i64 = rewriter.getI64Type();
    int64_t rank = type.getRank();
    Value path = stringValue(rewriter, loc, module, op.getPath());
    Value where = stringValue(rewriter, loc, module, locationText(loc));
    Value code = i32(rewriter, loc, dtypeCode(elt));

    // Ask the runtime for the file's shape, checked against the static dims.
    auto shapeType = MemRefType::get({rank}, i64);
    Value shape = memref::AllocaOp::create(rewriter, loc, shapeType);
    for (int64_t d = 0; d < rank; ++d) {
      int64_t expect = type.isDynamicDim(d) ? -1 : type.getDimSize(d);
      Value v = arith::ConstantOp::create(rewriter, loc, rewriter.getI64IntegerAttr(expect));
      Value idx = arith::ConstantIndexOp::create(rewriter, loc, d);
      memref::StoreOp::create(rewriter, loc, v, shape, idx);
    }
    auto probe = declare(rewriter, module, "arrayc_rt_load_shape",
                         {i8u, rewriter.getI32Type(), i64, unranked(i64), i8u});
    Value rankV = arith::ConstantOp::create(rewriter, loc, rewriter.getI64IntegerAttr(rank));
    Value shapeU = memref::CastOp::create(rewriter, loc, unranked(i64), shape);
    func::CallOp::create(rewriter, loc, probe, ValueRange{path, code, rankV, shapeU, where});

    SmallVector<Value> dyn;
    for (int64_t d = 0; d < rank; ++d) {
      if (!type.isDynamicDim(d))
        continue;
      Value idx = arith::ConstantIndexOp::create(rewriter, loc, d);
      Value v = memref::LoadOp::create(rewriter, loc, shape, idx);
      dyn.push_back(arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), v));
    }
    Type storage = storageType(elt);
    auto bufType = MemRefType::get(type.getShape(), storage);
    Value buf = memref::AllocOp::create(rewriter, loc, bufType, dyn);
    auto read = declare(rewriter, module, "arrayc_rt_load_" + storageSuffix(storage),
                        {i8u, unranked(storage), rewriter.getI32Type(), i8u});
    Value bufU = memref::CastOp::create(rewriter, loc, unranked(storage), buf);
    func::CallOp::create(rewriter, loc, read, ValueRange{path, bufU, code, where});
    Value loaded = bufferization::ToTensorOp::create(rewriter, loc, type.clone(storage), buf,
                                                     /*restrict=*/true,
                                                     /*writable=*/true);
    if (storage != elt)
      loaded = UnrealizedConversionCastOp::create(rewriter, loc, type, loaded).getResult(0);
    rewriter.replaceOp(op, loaded);
    return success();
  }
};

struct PrintPattern : OpRewritePattern<nd::PrintOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::PrintOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    Type i8u = unranked(rewriter.getI8Type());
    for (Attribute piece : op.getFormat()) {
      if (auto text = dyn_cast<StringAttr>(piece)) {
        if (text.getValue().empty())
          continue;
        auto f = declare(rewriter, module, "arrayc_rt_print_str", {i8u});
        func::CallOp::create(rewriter, loc, f,
                             stringValue(rewriter, loc, module, text.getValue()));
        continue;
      }
      Value v = op.getInputs()[cast<IntegerAttr>(piece).getInt()];
      Type elt = cast<RankedTensorType>(v.getType()).getElementType();
      Type storage = storageType(elt);
      auto f = declare(rewriter, module, "arrayc_rt_print_" + storageSuffix(storage),
                       {unranked(storage), rewriter.getI32Type()});
      func::CallOp::create(rewriter, loc, f,
                           ValueRange{tensorAsUnranked(rewriter, loc, v),
                                      i32(rewriter, loc, dtypeCode(elt))});
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AssertPattern : OpRewritePattern<nd::AssertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::AssertOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    Type i8u = unranked(rewriter.getI8Type());
    Value msg = stringValue(rewriter, loc, module, op.getMessage());
    if (op.getValues().empty()) {
      auto f = declare(rewriter, module, "arrayc_rt_assert", {rewriter.getI1Type(), i8u});
      rewriter.replaceOpWithNewOp<func::CallOp>(op, f, ValueRange{op.getCondition(), msg});
      return success();
    }
    // The values fill `{0}` and `{1}`; a missing one is passed as 0.
    Type i64 = rewriter.getI64Type();
    auto f = declare(rewriter, module, "arrayc_rt_assert_values",
                     {rewriter.getI1Type(), i8u, i64, i64});
    llvm::SmallVector<Value> args{op.getCondition(), msg};
    for (unsigned k = 0; k < 2; ++k)
      args.push_back(k < op.getValues().size()
                         ? op.getValues()[k]
                         : arith::ConstantIntOp::create(rewriter, loc, 0, 64).getResult());
    rewriter.replaceOpWithNewOp<func::CallOp>(op, f, args);
    return success();
  }
};

/// perf_counter: the runtime writes the time into a fresh 0-d buffer.
struct PerfCounterPattern : OpRewritePattern<nd::PerfCounterOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::PerfCounterOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    Type f64 = rewriter.getF64Type();
    auto f = declare(rewriter, module, "arrayc_rt_perf_counter", {unranked(f64)});
    Value buf = memref::AllocOp::create(rewriter, loc, MemRefType::get({}, f64));
    Value bufU = memref::CastOp::create(rewriter, loc, unranked(f64), buf);
    func::CallOp::create(rewriter, loc, f, ValueRange{bufU});
    rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(op, op.getType(), buf,
                                                           /*restrict=*/true,
                                                           /*writable=*/true);
    return success();
  }
};

struct ConvertNDArrayToRuntimePass
    : arrayc::impl::ConvertNDArrayToRuntimeBase<ConvertNDArrayToRuntimePass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ConversionTarget target(*ctx);
    target.addIllegalOp<nd::LoadOp, nd::SaveOp, nd::PrintOp, nd::AssertOp,
                        nd::PerfCounterOp, nd::FFTOp>();
    target.addIllegalOp<nd::DetOp, nd::InvOp, nd::CholeskyOp, nd::SolveOp, nd::QROp,
                        nd::SVDOp, nd::SVDValsOp, nd::EighOp, nd::SlogdetOp, nd::LstsqOp,
                        nd::EigOp, nd::EigvalsOp>();
    target.addIllegalOp<nd::CompressOp, nd::ScatterOp, nd::SortOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(ctx);
    populateNDArrayToRuntimeConversionPatterns(patterns, cuda);
    populateNDArrayLinalgToRuntimePatterns(patterns, cuda);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      return signalPassFailure();
    finishMain();
  }

  /// A program's `main` ends by waiting for the device work it queued, so a
  /// fault in its last kernels is reported before it exits (arrayc_rt_sync).
  void finishMain() {
    ModuleOp module = getOperation();
    auto main = module.lookupSymbol<func::FuncOp>("arrayc_main");
    if (!main || main.isExternal())
      return;
    OpBuilder b(module.getBodyRegion());
    auto sync = module.lookupSymbol<func::FuncOp>("arrayc_rt_sync");
    if (!sync) {
      sync = func::FuncOp::create(b, module.getLoc(), "arrayc_rt_sync", b.getFunctionType({}, {}));
      sync.setPrivate();
    }
    main.walk([&](func::ReturnOp ret) {
      b.setInsertionPoint(ret);
      func::CallOp::create(b, ret.getLoc(), sync, ValueRange{});
    });
  }
};

} // namespace

void arrayc::populateNDArrayToRuntimeConversionPatterns(RewritePatternSet &patterns,
                                                        bool cuda) {
  patterns.add<SavePattern, LoadPattern, PrintPattern, AssertPattern,
               PerfCounterPattern>(
      patterns.getContext());
  populateFFTToRuntimeCallPatterns(patterns, cuda);
  populateIndexToRuntimeCallPatterns(patterns, cuda);
}
