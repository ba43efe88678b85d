//===- ShardToRuntime.cpp - arrayc-shard-to-runtime -----------------------===//
//
// Shard collectives as calls of the runtime's arrayc_rt_coll_* (Shard.h,
// runtime/include/arrayc_rt/coll.h), at the tensor level before
// bufferization, as the host ops of convert-ndarray-to-runtime are: the
// input is copied into a fresh buffer, reduced or gathered by the call, and
// read back with bufferization.to_tensor (restrict). Bufferization,
// ownership-based deallocation and the cpu lowering then see ordinary calls
// on memrefs. (MLIR's ShardToMPI + MPIToLLVM are not used: in 22.1.8 they
// link against misnamed OpenMPI symbols, load communicators as i32, lack
// all_gather and carry no memory effects for the deallocation.)
//
// The partitioner's neutral element of a split reduction (`scf.if rank == 0
// {yield init} else {linalg.fill neutral}`) becomes an elementwise select: on
// the cuda target a linalg op inside a host `scf.if` is not mapped to a kernel
// (the fill would be host code writing device memory).
//
// Then the program's main joins the job first (arrayc_rt_coll_init: the
// process count must be the mesh's; on cuda it also picks the process's GPU,
// so main's body, whose hoisted constants become device buffers, moves into
// arrayc_main_sharded, called after it) and leaves it last
// (arrayc_rt_coll_finalize), and the mesh symbol goes.
//===----------------------------------------------------------------------===//
#include "Transforms/Shard.h"
#include "Transforms/Symbols.h"

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace arrayc {
namespace {

/// Declares `name(args) -> (results)` once. The collectives are declared
/// per element type (`arrayc_rt_coll_all_reduce_f64`): one symbol has one
/// type in a module, though the C entry points share one ABI.
func::FuncOp declareFn(OpBuilder &b, ModuleOp module, const Twine &nameTwine, TypeRange args,
                       TypeRange results) {
  std::string name = nameTwine.str();
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto f = func::FuncOp::create(b, module.getLoc(), name, b.getFunctionType(args, results));
  f.setPrivate();
  return f;
}

Value i64(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
}

/// The dynamic sizes of `tensor` (those a buffer of its type is allocated with).
SmallVector<Value> dynamicSizes(PatternRewriter &rw, Location loc, Value tensor) {
  auto tt = cast<RankedTensorType>(tensor.getType());
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < tt.getRank(); ++d)
    if (tt.isDynamicDim(d))
      sizes.push_back(tensor::DimOp::create(rw, loc, tensor, d));
  return sizes;
}

/// `tensor` copied into a fresh buffer of identity layout.
Value freshCopy(PatternRewriter &rw, Location loc, Value tensor) {
  auto tt = cast<RankedTensorType>(tensor.getType());
  auto layout = StridedLayoutAttr::get(rw.getContext(), ShapedType::kDynamic,
                                       SmallVector<int64_t>(tt.getRank(), ShapedType::kDynamic));
  Value src = bufferization::ToBufferOp::create(
      rw, loc, MemRefType::get(tt.getShape(), tt.getElementType(), layout), tensor,
      /*readOnly=*/true);
  Value buf = memref::AllocOp::create(rw, loc, MemRefType::get(tt.getShape(), tt.getElementType()),
                                      dynamicSizes(rw, loc, tensor));
  memref::CopyOp::create(rw, loc, src, buf);
  return buf;
}

/// `tensor`'s buffer, read only, of identity layout: the runtime reads it as
/// a contiguous block. Bufferization casts the tensor's buffer when it has
/// that layout already (a product's result) and copies it only when it may
/// not (a slice): one copy fewer than freshCopy, whose buffer is written.
Value contiguousBuffer(PatternRewriter &rw, Location loc, Value tensor) {
  auto tt = cast<RankedTensorType>(tensor.getType());
  return bufferization::ToBufferOp::create(
      rw, loc, MemRefType::get(tt.getShape(), tt.getElementType()), tensor, /*readOnly=*/true);
}

/// `matrix`'s buffer, read only, its rows contiguous and evenly spaced (a
/// block of rows of a larger matrix as it is, without a copy).
Value rowMajorBuffer(PatternRewriter &rw, Location loc, Value matrix) {
  auto tt = cast<RankedTensorType>(matrix.getType());
  auto layout = StridedLayoutAttr::get(rw.getContext(), ShapedType::kDynamic,
                                       {ShapedType::kDynamic, 1});
  return bufferization::ToBufferOp::create(
      rw, loc, MemRefType::get(tt.getShape(), tt.getElementType(), layout), matrix,
      /*readOnly=*/true);
}

/// Bytes of an element the collectives carry (0: none).
int64_t elementBytes(Type elt) {
  return elt.isIntOrFloat() ? std::max<int64_t>(1, elt.getIntOrFloatBitWidth() / 8)
                            : isa<IndexType>(elt) ? 8 : 0;
}

Value unrankedOf(PatternRewriter &rw, Location loc, Value buf) {
  auto mt = cast<MemRefType>(buf.getType());
  return memref::CastOp::create(rw, loc, UnrankedMemRefType::get(mt.getElementType(), 0), buf);
}

Value where(PatternRewriter &rw, Location loc, ModuleOp module) {
  return rtcall::stringValue(rw, loc, module, rtcall::locationText(loc));
}

/// The mesh, and a process's place in it from its rank (the linear index,
/// row-major: the last axis minor).
struct Mesh {
  SmallVector<int64_t> shape;
  int64_t size() const {
    int64_t n = 1;
    for (int64_t s : shape)
      n *= s;
    return n;
  }
  /// The coordinate along axis `a` of the process of `rank` (index).
  Value coord(PatternRewriter &rw, Location loc, Value rank, int64_t a) const {
    int64_t stride = 1;
    for (size_t k = a + 1; k < shape.size(); ++k)
      stride *= shape[k];
    Value q = arith::DivUIOp::create(rw, loc, rank, arith::ConstantIndexOp::create(rw, loc, stride));
    return arith::RemUIOp::create(rw, loc, q, arith::ConstantIndexOp::create(rw, loc, shape[a]));
  }
  /// The coordinates along `axes` linearized, the first axis major.
  Value linearize(PatternRewriter &rw, Location loc, Value rank, ArrayRef<int64_t> axes) const {
    Value index = arith::ConstantIndexOp::create(rw, loc, 0);
    for (int64_t a : axes) {
      Value scaled = arith::MulIOp::create(rw, loc, index,
                                           arith::ConstantIndexOp::create(rw, loc, shape[a]));
      index = arith::AddIOp::create(rw, loc, scaled, coord(rw, loc, rank, a));
    }
    return index;
  }
  Value rank(PatternRewriter &rw, Location loc, ModuleOp module) const {
    Value w = where(rw, loc, module);
    auto f = declareFn(rw, module, "arrayc_rt_coll_rank", {rw.getI64Type(), w.getType()},
                       {rw.getI64Type()});
    Value r = func::CallOp::create(rw, loc, f, ValueRange{i64(rw, loc, size()), w}).getResult(0);
    return arith::IndexCastOp::create(rw, loc, rw.getIndexType(), r);
  }
};

/// The processes a collective over `gridAxes` (empty: all) runs among, as
/// the runtime's arguments: a communicator id (0: every process; else the
/// same on every process for these axes), this process's color (its place
/// along the other axes) and key (its place along `gridAxes`, the first
/// major: the order of an all-gather's blocks), and the group's size.
struct Group {
  SmallVector<Value> args; // i64 id, i64 color, i64 key, i64 size
  int64_t size = 1;
};

FailureOr<Group> groupOf(Operation *op, FlatSymbolRefAttr grid, ArrayRef<int16_t> gridAxes,
                         const Mesh &mesh, PatternRewriter &rw) {
  auto gridOp = SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(op, grid);
  if (!gridOp || gridOp.getShape() != ArrayRef<int64_t>(mesh.shape))
    return rw.notifyMatchFailure(op, "not on the program's mesh");
  SmallVector<int64_t> axes(gridAxes.begin(), gridAxes.end());
  if (axes.empty())
    for (size_t a = 0; a < mesh.shape.size(); ++a)
      axes.push_back(a);
  Group g;
  int64_t id = 0;
  bool world = true;
  for (auto [k, a] : llvm::enumerate(axes)) {
    g.size *= mesh.shape[a];
    id = id * 17 + a + 1;
    world &= a == static_cast<int64_t>(k);
  }
  world &= axes.size() == mesh.shape.size();
  Location loc = op->getLoc();
  ModuleOp module = op->getParentOfType<ModuleOp>();
  auto toI64 = [&](Value v) { return arith::IndexCastOp::create(rw, loc, rw.getI64Type(), v); };
  if (world) {
    g.args = {i64(rw, loc, 0), i64(rw, loc, 0), i64(rw, loc, 0), i64(rw, loc, g.size)};
    return g;
  }
  SmallVector<int64_t> others;
  for (size_t a = 0; a < mesh.shape.size(); ++a)
    if (!llvm::is_contained(axes, static_cast<int64_t>(a)))
      others.push_back(a);
  Value rank = mesh.rank(rw, loc, module);
  g.args = {i64(rw, loc, id), toI64(mesh.linearize(rw, loc, rank, others)),
            toI64(mesh.linearize(rw, loc, rank, axes)), i64(rw, loc, g.size)};
  return g;
}

struct LinearIndexPattern : OpRewritePattern<shard::ProcessLinearIndexOp> {
  LinearIndexPattern(MLIRContext *ctx, const Mesh &mesh) : OpRewritePattern(ctx), mesh(mesh) {}
  LogicalResult matchAndRewrite(shard::ProcessLinearIndexOp op,
                                PatternRewriter &rw) const override {
    rw.replaceOp(op, mesh.rank(rw, op.getLoc(), op->getParentOfType<ModuleOp>()));
    return success();
  }
  Mesh mesh;
};

struct MultiIndexPattern : OpRewritePattern<shard::ProcessMultiIndexOp> {
  MultiIndexPattern(MLIRContext *ctx, const Mesh &mesh) : OpRewritePattern(ctx), mesh(mesh) {}
  LogicalResult matchAndRewrite(shard::ProcessMultiIndexOp op,
                                PatternRewriter &rw) const override {
    SmallVector<int64_t> axes(op.getAxes().begin(), op.getAxes().end());
    if (axes.empty())
      for (size_t a = 0; a < mesh.shape.size(); ++a)
        axes.push_back(a);
    if (axes.size() != op->getNumResults())
      return failure();
    Location loc = op.getLoc();
    Value rank = mesh.rank(rw, loc, op->getParentOfType<ModuleOp>());
    SmallVector<Value> coords;
    for (int64_t a : axes)
      coords.push_back(mesh.shape.size() == 1 ? rank : mesh.coord(rw, loc, rank, a));
    rw.replaceOp(op, coords);
    return success();
  }
  Mesh mesh;
};

struct AllReducePattern : OpRewritePattern<shard::AllReduceOp> {
  AllReducePattern(MLIRContext *ctx, const Mesh &mesh) : OpRewritePattern(ctx), mesh(mesh) {}
  LogicalResult matchAndRewrite(shard::AllReduceOp op, PatternRewriter &rw) const override {
    auto in = dyn_cast<RankedTensorType>(op.getInput().getType());
    auto out = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!in || !out || !in.hasStaticShape() || in != out)
      return rw.notifyMatchFailure(op, "not a static tensor reduced into its own type");
    auto group = groupOf(op, op.getGridAttr(), op.getGridAxes(), mesh, rw);
    if (failed(group))
      return failure();
    int32_t code;
    switch (op.getReduction()) {
    case shard::ReductionKind::Sum: code = 0; break;
    case shard::ReductionKind::Product: code = 1; break;
    case shard::ReductionKind::Min: code = 2; break;
    case shard::ReductionKind::Max: code = 3; break;
    case shard::ReductionKind::BitwiseAnd: code = 4; break;
    case shard::ReductionKind::BitwiseOr: code = 5; break;
    case shard::ReductionKind::BitwiseXor: code = 6; break;
    default: return rw.notifyMatchFailure(op, "reduction without a runtime collective");
    }
    Type elt = in.getElementType();
    int32_t kind, bits;
    if (auto f = dyn_cast<FloatType>(elt)) {
      kind = 0;
      bits = f.getWidth();
    } else if (auto i = dyn_cast<IntegerType>(elt)) {
      kind = i.getWidth() == 1 || i.isUnsigned() ? 2 : 1;
      bits = i.getWidth();
    } else if (isa<IndexType>(elt)) {
      kind = 1;
      bits = 64;
    } else {
      return rw.notifyMatchFailure(op, "element type without a runtime collective");
    }
    Location loc = op.getLoc();
    ModuleOp module = op->getParentOfType<ModuleOp>();
    Value buf = freshCopy(rw, loc, op.getInput());
    Value u = unrankedOf(rw, loc, buf);
    Value w = where(rw, loc, module);
    auto i32 = [&](int32_t v) { return rtcall::i32(rw, loc, v); };
    SmallVector<Value> args{u, i32(kind), i32(bits), i32(code), i64(rw, loc, mesh.size())};
    args.append(group->args);
    args.push_back(w);
    auto f = declareFn(rw, module, "arrayc_rt_coll_all_reduce_" + rtcall::storageSuffix(elt),
                       ValueRange(args).getTypes(), {});
    func::CallOp::create(rw, loc, f, args);
    rw.replaceOpWithNewOp<bufferization::ToTensorOp>(op, out, buf, /*restrict=*/true,
                                                     /*writable=*/true);
    return success();
  }
  Mesh mesh;
};

struct AllGatherPattern : OpRewritePattern<shard::AllGatherOp> {
  AllGatherPattern(MLIRContext *ctx, const Mesh &mesh) : OpRewritePattern(ctx), mesh(mesh) {}
  LogicalResult matchAndRewrite(shard::AllGatherOp op, PatternRewriter &rw) const override {
    auto in = dyn_cast<RankedTensorType>(op.getInput().getType());
    auto out = dyn_cast<RankedTensorType>(op.getResult().getType());
    int64_t axis = op.getGatherAxis().getSExtValue();
    // Static along the gather axis; other dimensions (a stencil's columns)
    // may be dynamic, the same in and out.
    if (!in || !out || in.getElementType() != out.getElementType() ||
        in.isDynamicDim(axis) || out.isDynamicDim(axis))
      return rw.notifyMatchFailure(op, "not tensors of one element type, static along the axis");
    auto group = groupOf(op, op.getGridAttr(), op.getGridAxes(), mesh, rw);
    if (failed(group))
      return failure();
    Type elt = in.getElementType();
    int64_t bytes = elementBytes(elt);
    if (!bytes)
      return rw.notifyMatchFailure(op, "element type without a runtime collective");
    Location loc = op.getLoc();
    ModuleOp module = op->getParentOfType<ModuleOp>();
    Value inBuf = contiguousBuffer(rw, loc, op.getInput());
    SmallVector<Value> outSizes;
    for (int64_t d = 0; d < out.getRank(); ++d)
      if (out.isDynamicDim(d))
        outSizes.push_back(tensor::DimOp::create(rw, loc, op.getInput(), d));
    Value outBuf =
        memref::AllocOp::create(rw, loc, MemRefType::get(out.getShape(), elt), outSizes);
    Value w = where(rw, loc, module);
    SmallVector<Value> args{unrankedOf(rw, loc, inBuf), unrankedOf(rw, loc, outBuf),
                            rtcall::i32(rw, loc, static_cast<int32_t>(bytes)),
                            i64(rw, loc, axis),
                            i64(rw, loc, mesh.size())};
    args.append(group->args);
    args.push_back(w);
    auto f = declareFn(rw, module, "arrayc_rt_coll_all_gather_" + rtcall::storageSuffix(elt),
                       ValueRange(args).getTypes(), {});
    func::CallOp::create(rw, loc, f, args);
    rw.replaceOpWithNewOp<bufferization::ToTensorOp>(op, out, outBuf, /*restrict=*/true,
                                                     /*writable=*/true);
    return success();
  }
  Mesh mesh;
};

/// Whether `op` is C = A @ B as the frontend writes a matrix product of two
/// matrices (after linalg-generalize-named-ops): maps (i, l), (l, j) ->
/// (i, j), body `acc + a * b` in one float type (f32 or f64: no mixed
/// precision), the result zero-filled first.
bool isPlainProduct(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 || op.getNumLoops() != 3)
    return false;
  MLIRContext *ctx = op.getContext();
  AffineExpr i = getAffineDimExpr(0, ctx), j = getAffineDimExpr(1, ctx),
             l = getAffineDimExpr(2, ctx);
  SmallVector<AffineMap> want{AffineMap::get(3, 0, {i, l}, ctx), AffineMap::get(3, 0, {l, j}, ctx),
                              AffineMap::get(3, 0, {i, j}, ctx)};
  using It = utils::IteratorType;
  if (op.getIndexingMapsArray() != want ||
      op.getIteratorTypesArray() != SmallVector<It>{It::parallel, It::parallel, It::reduction})
    return false;
  Type elt = cast<ShapedType>(op->getResult(0).getType()).getElementType();
  if (!elt.isF32() && !elt.isF64())
    return false;
  for (Value v : op->getOperands())
    if (cast<ShapedType>(v.getType()).getElementType() != elt)
      return false;
  Block *body = op.getBlock();
  auto add = body->getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add || add->getBlock() != body || body->getOperations().size() != 3)
    return false;
  BlockArgument a = body->getArgument(0), b = body->getArgument(1), acc = body->getArgument(2);
  Value other = add.getLhs() == acc ? add.getRhs() : add.getRhs() == acc ? add.getLhs() : Value();
  auto mul = other ? other.getDefiningOp<arith::MulFOp>() : nullptr;
  return mul && ((mul.getLhs() == a && mul.getRhs() == b) ||
                 (mul.getLhs() == b && mul.getRhs() == a)) &&
         filledWith(op.getDpsInits()[0], FloatAttr::get(elt, 0.0));
}

/// A product whose rows are split, then gathered (what the partitioner
/// makes of `a @ b` with a's rows split and the result whole): one call of
/// arrayc_rt_coll_gemm_all_gather_<T> that computes this process's rows
/// straight into the gathered result and gathers the others' in place (no
/// copy of the block; on GPUs, parts of rows sent while the next part is
/// computed when $ARRAYC_GEMM_GATHER_PART_BYTES asks). Preferred over AllGatherPattern
/// (benefit 2); added when BLAS is on and the product's precision is the
/// element type's (no --tf32).
struct GemmAllGatherPattern : OpRewritePattern<shard::AllGatherOp> {
  GemmAllGatherPattern(MLIRContext *ctx, const Mesh &mesh)
      : OpRewritePattern(ctx, /*benefit=*/2), mesh(mesh) {}
  LogicalResult matchAndRewrite(shard::AllGatherOp op, PatternRewriter &rw) const override {
    auto product = op.getInput().getDefiningOp<linalg::GenericOp>();
    auto out = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (op.getGatherAxis().getSExtValue() != 0 || !product || !product->hasOneUse() ||
        !out || !out.hasStaticShape() || !isPlainProduct(product))
      return rw.notifyMatchFailure(op, "not a matrix product gathered along its rows");
    for (Value v : product.getDpsInputs())
      if (!cast<RankedTensorType>(v.getType()).hasStaticShape())
        return rw.notifyMatchFailure(op, "a product of dynamic shape");
    auto group = groupOf(op, op.getGridAttr(), op.getGridAxes(), mesh, rw);
    if (failed(group))
      return failure();
    Location loc = op.getLoc();
    ModuleOp module = op->getParentOfType<ModuleOp>();
    Type elt = out.getElementType();
    Value outBuf = memref::AllocOp::create(rw, loc, MemRefType::get(out.getShape(), elt));
    SmallVector<Value> args{
        unrankedOf(rw, loc, rowMajorBuffer(rw, loc, product.getDpsInputs()[0])),
        unrankedOf(rw, loc, rowMajorBuffer(rw, loc, product.getDpsInputs()[1])),
        unrankedOf(rw, loc, outBuf), i64(rw, loc, mesh.size())};
    args.append(group->args);
    args.push_back(where(rw, loc, module));
    auto f = declareFn(rw, module, "arrayc_rt_coll_gemm_all_gather_" + rtcall::storageSuffix(elt),
                       ValueRange(args).getTypes(), {});
    func::CallOp::create(rw, loc, f, args);
    rw.replaceOpWithNewOp<bufferization::ToTensorOp>(op, out, outBuf, /*restrict=*/true,
                                                     /*writable=*/true);
    rw.eraseOp(product);
    return success();
  }
  Mesh mesh;
};

/// A stencil's halo exchange (ShardStencil.h): `update_halo %x halo_sizes =
/// [lo, hi]` on a tensor whose rows are this process's block with `lo` rows
/// of the previous process's before it and `hi` of the next's after it (0 at
/// a global end). Its first `lo` and last `hi` block rows are sent (small
/// fresh copies), the neighbours' rows received into fresh buffers and
/// written into the tensor's halo rows (insert_slice: in place when the
/// tensor is not read after, as a loop-carried array is not).
struct UpdateHaloPattern : OpRewritePattern<shard::UpdateHaloOp> {
  UpdateHaloPattern(MLIRContext *ctx, const Mesh &mesh) : OpRewritePattern(ctx), mesh(mesh) {}
  LogicalResult matchAndRewrite(shard::UpdateHaloOp op, PatternRewriter &rw) const override {
    auto tt = dyn_cast<RankedTensorType>(op.getDestination().getType());
    ArrayRef<shard::GridAxesAttr> splitAxes = op.getSplitAxes().getAxes();
    if (!tt || splitAxes.size() != 1 || op.getHaloSizes().size() != 2 ||
        op.getStaticHaloSizes().size() != 2)
      return rw.notifyMatchFailure(op, "not a tensor's rows with a low and a high halo");
    for (int64_t s : op.getStaticHaloSizes())
      if (!ShapedType::isDynamic(s))
        return rw.notifyMatchFailure(op, "static halo sizes");
    auto group = groupOf(op, op.getGridAttr(), splitAxes.front().asArrayRef(), mesh, rw);
    if (failed(group))
      return failure();
    Type elt = tt.getElementType();
    int64_t bytes = elementBytes(elt);
    if (!bytes)
      return rw.notifyMatchFailure(op, "element type without a runtime collective");
    Location loc = op.getLoc();
    ModuleOp module = op->getParentOfType<ModuleOp>();
    Value x = op.getDestination();
    Value lo = arith::IndexCastOp::create(rw, loc, rw.getIndexType(), op.getHaloSizes()[0]);
    Value hi = arith::IndexCastOp::create(rw, loc, rw.getIndexType(), op.getHaloSizes()[1]);
    Value rows = tensor::DimOp::create(rw, loc, x, 0);
    Value hiStart = arith::SubIOp::create(rw, loc, rows, hi);
    Value hiSend = arith::SubIOp::create(rw, loc, hiStart, hi);
    auto slice = [&](Value t, OpFoldResult start, Value count) {
      SmallVector<OpFoldResult> offsets(tt.getRank(), rw.getIndexAttr(0)),
          strides(tt.getRank(), rw.getIndexAttr(1)), sizes;
      offsets[0] = start;
      sizes.push_back(count);
      for (int64_t d = 1; d < tt.getRank(); ++d)
        sizes.push_back(tt.isDynamicDim(d) ? OpFoldResult(tensor::DimOp::create(rw, loc, t, d))
                                           : OpFoldResult(rw.getIndexAttr(tt.getDimSize(d))));
      return std::make_tuple(offsets, sizes, strides);
    };
    auto send = [&](Value start, Value count) {
      auto [offsets, sizes, strides] = slice(x, start, count);
      return freshCopy(rw, loc, tensor::ExtractSliceOp::create(rw, loc, x, offsets, sizes, strides));
    };
    SmallVector<int64_t> shape(tt.getShape());
    shape[0] = ShapedType::kDynamic;
    auto haloType = MemRefType::get(shape, elt);
    auto receive = [&](Value count) {
      SmallVector<Value> sizes{count};
      for (int64_t d = 1; d < tt.getRank(); ++d)
        if (tt.isDynamicDim(d))
          sizes.push_back(tensor::DimOp::create(rw, loc, x, d));
      return memref::AllocOp::create(rw, loc, haloType, sizes).getResult();
    };
    Value loSend = send(lo, lo), hiSendBuf = send(hiSend, hi);
    Value loRecv = receive(lo), hiRecv = receive(hi);
    Value w = where(rw, loc, module);
    SmallVector<Value> args{unrankedOf(rw, loc, loSend), unrankedOf(rw, loc, hiSendBuf),
                            unrankedOf(rw, loc, loRecv), unrankedOf(rw, loc, hiRecv),
                            rtcall::i32(rw, loc, static_cast<int32_t>(bytes)),
                            i64(rw, loc, mesh.size())};
    args.append(group->args);
    args.push_back(w);
    auto f = declareFn(rw, module, "arrayc_rt_coll_exchange_halo_" + rtcall::storageSuffix(elt),
                       ValueRange(args).getTypes(), {});
    func::CallOp::create(rw, loc, f, args);
    auto haloTensor = RankedTensorType::get(shape, elt);
    Value loRows = bufferization::ToTensorOp::create(rw, loc, haloTensor, loRecv,
                                                     /*restrict=*/true, /*writable=*/true);
    Value hiRows = bufferization::ToTensorOp::create(rw, loc, haloTensor, hiRecv,
                                                     /*restrict=*/true, /*writable=*/true);
    auto [loOffsets, loSizes, loStrides] = slice(x, rw.getIndexAttr(0), lo);
    Value y = tensor::InsertSliceOp::create(rw, loc, loRows, x, loOffsets, loSizes, loStrides);
    auto [hiOffsets, hiSizes, hiStrides] = slice(x, hiStart, hi);
    rw.replaceOpWithNewOp<tensor::InsertSliceOp>(op, hiRows, y, hiOffsets, hiSizes, hiStrides);
    return success();
  }
  Mesh mesh;
};

/// The mesh's sizes along some axes: constants.
struct GridShapePattern : OpRewritePattern<shard::GridShapeOp> {
  GridShapePattern(MLIRContext *ctx, const Mesh &mesh) : OpRewritePattern(ctx), mesh(mesh) {}
  LogicalResult matchAndRewrite(shard::GridShapeOp op, PatternRewriter &rw) const override {
    SmallVector<int64_t> axes(op.getAxes().begin(), op.getAxes().end());
    if (axes.empty())
      for (size_t a = 0; a < mesh.shape.size(); ++a)
        axes.push_back(a);
    if (axes.size() != op->getNumResults())
      return failure();
    SmallVector<Value> sizes;
    for (int64_t a : axes)
      sizes.push_back(arith::ConstantIndexOp::create(rw, op.getLoc(), mesh.shape[a]));
    rw.replaceOp(op, sizes);
    return success();
  }
  Mesh mesh;
};

/// A replicated tensor's block on this process (resharding a replicated
/// operand to a split one: no communication).
struct AllSlicePattern : OpRewritePattern<shard::AllSliceOp> {
  AllSlicePattern(MLIRContext *ctx, const Mesh &mesh) : OpRewritePattern(ctx), mesh(mesh) {}
  LogicalResult matchAndRewrite(shard::AllSliceOp op, PatternRewriter &rw) const override {
    auto in = dyn_cast<RankedTensorType>(op.getInput().getType());
    auto out = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!in || !out || !in.hasStaticShape() || !out.hasStaticShape())
      return rw.notifyMatchFailure(op, "not static tensors");
    auto gridOp = SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(op, op.getGridAttr());
    if (!gridOp || gridOp.getShape() != ArrayRef<int64_t>(mesh.shape))
      return rw.notifyMatchFailure(op, "not on the program's mesh");
    SmallVector<int64_t> axes(op.getGridAxes().begin(), op.getGridAxes().end());
    if (axes.empty())
      for (size_t a = 0; a < mesh.shape.size(); ++a)
        axes.push_back(a);
    int64_t d = op.getSliceAxis().getSExtValue();
    Location loc = op.getLoc();
    Value rank = mesh.rank(rw, loc, op->getParentOfType<ModuleOp>());
    if (mesh.shape.size() > 1)
      rank = mesh.linearize(rw, loc, rank, axes); // the block's index
    Value block = arith::ConstantIndexOp::create(rw, loc, out.getDimSize(d));
    SmallVector<OpFoldResult> offsets(in.getRank(), rw.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes, strides(in.getRank(), rw.getIndexAttr(1));
    for (int64_t k = 0; k < in.getRank(); ++k)
      sizes.push_back(rw.getIndexAttr(out.getDimSize(k)));
    offsets[d] = arith::MulIOp::create(rw, loc, rank, block).getResult();
    rw.replaceOpWithNewOp<tensor::ExtractSliceOp>(op, out, op.getInput(), offsets, sizes,
                                                  strides);
    return success();
  }
  Mesh mesh;
};

/// `scf.if %c {yield %init} else {%f = linalg.fill ins(%n) outs(%e); yield %f}`
/// (either way round, %init, %n and %e defined before the if: the
/// partitioner's neutral element on ranks other than 0) as
/// `linalg.generic ins(%init) outs(%e) {select %c, %in, %n}`: the same
/// values, and an op the GPU mapping makes a kernel; as %init alone when
/// %init is a fill of %n.
struct NeutralInitPattern : OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::IfOp op, PatternRewriter &rewriter) const override {
    if (op.getNumResults() != 1 || op.getElseRegion().empty())
      return failure();
    auto type = dyn_cast<RankedTensorType>(op.getResult(0).getType());
    if (!type)
      return failure();
    auto outside = [&](Value v) {
      return !op->isAncestor(v.getParentBlock()->getParentOp()) &&
             v.getParentRegion()->isAncestor(op->getParentRegion());
    };
    // The branch that only yields a value from before the if, and the fill.
    auto kept = [&](Block &b) -> Value {
      if (b.getOperations().size() != 1)
        return {};
      Value v = cast<scf::YieldOp>(b.getTerminator()).getOperand(0);
      return outside(v) ? v : Value();
    };
    auto fillOf = [&](Block &b) -> linalg::FillOp {
      if (b.getOperations().size() != 2)
        return {};
      auto fill = dyn_cast<linalg::FillOp>(b.front());
      if (!fill || fill.getNumResults() != 1 ||
          cast<scf::YieldOp>(b.getTerminator()).getOperand(0) != fill.getResult(0))
        return {};
      Value n = fill.getInputs()[0], e = fill.getOutputs()[0];
      return outside(n) && outside(e) && !isa<ShapedType>(n.getType()) ? fill
                                                                       : linalg::FillOp();
    };
    Block &thenB = op.getThenRegion().front(), &elseB = op.getElseRegion().front();
    Value init;
    linalg::FillOp fill;
    bool initWhenTrue = true;
    if ((init = kept(thenB)) && (fill = fillOf(elseB))) {
    } else if ((init = kept(elseB)) && (fill = fillOf(thenB))) {
      initWhenTrue = false;
    } else {
      return failure();
    }
    if (init.getType() != type || fill.getResult(0).getType() != type)
      return failure();
    Value cond = op.getCondition(), neutral = fill.getInputs()[0];
    // Rank 0's init is the neutral element already (a product's zero-filled
    // output): every rank starts from it, and the product keeps its zero
    // init (a cuBLAS call, not a kernel over K).
    Attribute neutralValue;
    if (matchPattern(neutral, m_Constant(&neutralValue)) && filledWith(init, neutralValue)) {
      rewriter.replaceOp(op, init);
      return success();
    }
    Value out = fill.getOutputs()[0];
    int64_t rank = type.getRank();
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank, getContext());
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, op.getLoc(), TypeRange{type}, ValueRange{init}, ValueRange{out},
        ArrayRef<AffineMap>{id, id}, iters, [&](OpBuilder &b, Location loc, ValueRange args) {
          Value v = initWhenTrue ? arith::SelectOp::create(b, loc, cond, args[0], neutral)
                                 : arith::SelectOp::create(b, loc, cond, neutral, args[0]);
          linalg::YieldOp::create(b, loc, v);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct ShardToRuntimePass : PassWrapper<ShardToRuntimePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ShardToRuntimePass)

  StringRef getArgument() const final { return "arrayc-shard-to-runtime"; }
  StringRef getDescription() const final {
    return "Shard collectives and process indices as calls of the runtime's arrayc_rt_coll_*";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<bufferization::BufferizationDialect, memref::MemRefDialect,
                    arith::ArithDialect, func::FuncDialect>();
  }

  ShardToRuntimePass() = default;
  ShardToRuntimePass(const ShardToRuntimePass &other) : PassWrapper(other) {}

  Option<bool> gemm{*this, "gemm",
                    llvm::cl::desc("A matrix product gathered along its rows as one call of "
                                   "arrayc_rt_coll_gemm_all_gather_<T> (the runtime's BLAS)"),
                    llvm::cl::init(true)};

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto grid = module.lookupSymbol<shard::GridOp>(kMeshSymbol);
    if (!grid)
      return; // nothing sharded
    Mesh mesh{SmallVector<int64_t>(grid.getShape())};
    int64_t meshSize = mesh.size();
    RewritePatternSet patterns(&getContext());
    populateShardToRuntimePatterns(patterns, mesh.shape, gemm);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();
    // Sharding annotations the partitioner left unused.
    SmallVector<Operation *> dead;
    module.walk([&](shard::ShardingOp op) {
      if (op->use_empty())
        dead.push_back(op);
    });
    for (Operation *op : dead)
      op->erase();
    bool failedAny = false;
    module.walk([&](Operation *op) {
      if (isa<shard::ShardDialect>(op->getDialect()) && !isa<shard::GridOp>(op)) {
        op->emitError() << "'" << op->getName()
                        << "' has no lowering to the runtime's collectives yet";
        failedAny = true;
      }
    });
    if (failedAny)
      return signalPassFailure();
    grid.erase();

    // The program's main joins the job first and leaves it last. Its body
    // moves into a function of its own that main calls between the two:
    // canonicalization hoists constants (literals, zero-filled arrays) to the
    // start of the body, and on cuda bufferization makes them device buffers
    // there, which must come after coll_init has chosen the process's GPU.
    if (auto main = module.lookupSymbol<func::FuncOp>(kMainSymbol); main && !main.isExternal())
      wrapMain(module, main, meshSize);
  }

  static void wrapMain(ModuleOp module, func::FuncOp main, int64_t meshSize) {
    OpBuilder b(module.getContext());
    Location loc = main.getLoc();
    b.setInsertionPointAfter(main);
    auto body = cast<func::FuncOp>(b.clone(*main));
    body.setSymName(kMainBodySymbol);
    body.setPrivate();
    main.getBody().getBlocks().clear();
    Block *entry = main.addEntryBlock();
    b.setInsertionPointToStart(entry);
    Value w = rtcall::stringValue(b, loc, module, rtcall::locationText(loc));
    auto init = declareFn(b, module, "arrayc_rt_coll_init", {b.getI64Type(), w.getType()}, {});
    func::CallOp::create(b, loc, init, ValueRange{i64(b, loc, meshSize), w});
    auto call = func::CallOp::create(b, loc, body, entry->getArguments());
    auto fin = declareFn(b, module, "arrayc_rt_coll_finalize", {}, {});
    func::CallOp::create(b, loc, fin, ValueRange{});
    func::ReturnOp::create(b, loc, call.getResults());
  }
};

} // namespace

void populateShardToRuntimePatterns(RewritePatternSet &patterns, ArrayRef<int64_t> shape,
                                    bool gemm) {
  Mesh mesh{SmallVector<int64_t>(shape)};
  patterns.add<LinearIndexPattern, MultiIndexPattern, AllReducePattern, AllGatherPattern,
               UpdateHaloPattern,
               AllSlicePattern, GridShapePattern>(patterns.getContext(), mesh);
  if (gemm)
    patterns.add<GemmAllGatherPattern>(patterns.getContext(), mesh);
  patterns.add<NeutralInitPattern>(patterns.getContext());
}

std::unique_ptr<Pass> createShardToRuntime(bool gemm) {
  auto pass = std::make_unique<ShardToRuntimePass>();
  pass->gemm = gemm;
  return pass;
}

} // namespace arrayc
