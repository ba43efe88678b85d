//===- BroadcastVector.cpp - all-parallel generics with broadcasts --------===//
//
// Strategy::BroadcastVector: operands broadcast along rows or columns
// (`a[i, j] + b[j]`, `a[i, j] * c[i]`) next to streamed ones. Groups of
// `width` consecutive points take 16-byte accesses of the streamed and
// row-inner operands and one load of the others; the run-time check
// (aligned buffers, rows a multiple of the width) falls back to the scalar
// elementwise kernel.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/KernelConfig.h"
#include "Transforms/GPUMap/Strategies.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace arrayc::gpumap {

/// The broadcast vector kernel (see broadcastVectorWidth): a grid-stride
/// loop over groups of `width` consecutive points, streamed and inner
/// operands moved 16 bytes at a time (an inner one at the group's offset
/// within its own trailing dims), outer ones loaded once per group.
static void emitBroadcastVector(const MapContext &ctx, OpBuilder &b, Location loc,
                                linalg::GenericOp op, ArrayRef<Value> sizes, Value total,
                                Value nonEmpty, int64_t width) {
  auto flat = flatViews(b, loc, op);
  Value w = cIndex(b, loc, width);
  Value groups = arith::DivUIOp::create(b, loc, total, w);
  Value grid = groupGrid(ctx, b, loc, groups);
  // Each inner operand's element count (its trailing loops' sizes).
  SmallVector<Value> innerCount;
  for (OpOperand &operand : op->getOpOperands()) {
    Value n;
    if (accessOf(op, operand) == Access::Inner) {
      unsigned nres = op.getMatchingIndexingMap(&operand).getNumResults();
      n = product(b, loc, ArrayRef<Value>(sizes).take_back(nres));
    }
    innerCount.push_back(n);
  }
  emitLaunch(b, loc, nonEmpty, grid, ctx.blockSize, {}, [&](OpBuilder &kb, gpu::LaunchOp l) {
    auto [gid, stride] = gridStride(kb, loc, l);
    OpBuilder::InsertionGuard g(kb);
    Value base = enterGroupLoop(kb, loc, gid, stride, groups, w);
    SmallVector<Value> ivs; // the group's first point, for outer operands
    SmallVector<SmallVector<Value>> lanes(width);
    for (OpOperand *in : op.getDpsInputOperands()) {
      Access a = accessOf(op, *in);
      Value v = in->get();
      if (a == Access::Streamed || a == Access::Inner) {
        auto type = cast<MemRefType>(v.getType());
        Value at = a == Access::Streamed
                       ? base
                       : Value(arith::RemUIOp::create(kb, loc, base,
                                                      innerCount[in->getOperandNumber()]));
        Value vec = vector::LoadOp::create(
            kb, loc, VectorType::get({width}, type.getElementType()),
            flat[in->getOperandNumber()], at, false, vectorAlign(type.getElementType(), width));
        for (int64_t lane = 0; lane < width; ++lane)
          lanes[lane].push_back(vector::ExtractOp::create(kb, loc, vec, lane));
        continue;
      }
      if (a == Access::Outer) {
        if (ivs.empty())
          ivs = delinearize(kb, loc, base, sizes, ctx.narrowIndex);
        v = memref::LoadOp::create(kb, loc, v,
                                   applyMap(kb, loc, op.getMatchingIndexingMap(in), ivs));
      }
      for (int64_t lane = 0; lane < width; ++lane)
        lanes[lane].push_back(v);
    }
    SmallVector<SmallVector<Value>> results(op.getNumDpsInits());
    for (auto &inputs : lanes)
      for (auto [k, y] : llvm::enumerate(cloneBody(kb, op, inputs, {})))
        results[k].push_back(y);
    storeLaneVectors(kb, loc, ArrayRef<Value>(flat).drop_front(op.getNumDpsInputs()), results,
                     base, width);
  });
}
void lowerBroadcastVector(const MapContext &ctx, OpBuilder &b, Location loc,
                          linalg::GenericOp op, ArrayRef<Value> sizes, int64_t width) {
  auto [total, zero, nonEmpty] = parallelSpace(b, loc, sizes);
  // Broadcast operands (a row's or a column's value): 16-byte accesses
  // when the vector-accessed buffers are aligned and the innermost size
  // is a multiple of the width (groups stay within a row); else scalar.
  SmallVector<Value> vectored;
  for (OpOperand &operand : op->getOpOperands())
    if (Access a = accessOf(op, operand); a == Access::Streamed || a == Access::Inner)
      vectored.push_back(operand.get());
  Value whole = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, sizes.back(), cIndex(b, loc, width)), zero);
  auto ifOp = scf::IfOp::create(
      b, loc, arith::AndIOp::create(b, loc, whole, allAligned16(b, loc, vectored)),
      /*withElse=*/true);
  OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
  emitBroadcastVector(ctx, tb, loc, op, sizes, total, nonEmpty, width);
  OpBuilder eb = OpBuilder::atBlockBegin(&ifOp.getElseRegion().front());
  emitScalarParallel(ctx, eb, loc, op, sizes, total);
}

} // namespace arrayc::gpumap
