//===- Transpose.cpp - all-parallel generics reading a transposed input ---===//
//
// Strategy::Transpose: `a.T`-like reads through shared-memory tiles, so
// both the transposed input and the outputs are accessed along their rows.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/KernelConfig.h"
#include "Transforms/GPUMap/Strategies.h"

namespace arrayc::gpumap {

/// 32x32 tiles of the last two loops (block-stride over tiles): each
/// transposed input's tile is read along its own rows into shared memory
/// (32x33, so the column reads below hit distinct banks), then the outputs'
/// tile is computed and written along the output's rows, the transposed
/// values read down the shared tile's columns: both sides coalesced.
void lowerTranspose(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                    ArrayRef<Value> sizes) {
  unsigned n = sizes.size();
  Value R = sizes[n - 2], C = sizes[n - 1];
  Value tilesR = ceilDiv(b, loc, R, cIndex(b, loc, kTile));
  Value tilesC = ceilDiv(b, loc, C, cIndex(b, loc, kTile));
  SmallVector<Value> tileSizes(sizes.begin(), sizes.end() - 2);
  tileSizes.push_back(tilesR);
  tileSizes.push_back(tilesC);
  Value tiles = product(b, loc, tileSizes);
  Value grid = arith::MinUIOp::create(b, loc, tiles, cIndex(b, loc, ctx.maxBlocks));
  Value nonEmpty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, tiles, cIndex(b, loc, 0));
  SmallVector<Type> smemTypes;
  SmallVector<int64_t> smemOf(op->getNumOperands(), -1);
  for (OpOperand &operand : op->getOpOperands())
    if (transposedInput(op, operand)) {
      smemOf[operand.getOperandNumber()] = smemTypes.size();
      smemTypes.push_back(MemRefType::get(
          {kTile, kTile + 1}, cast<MemRefType>(operand.get().getType()).getElementType(),
          AffineMap(),
          gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup)));
    }
  int64_t rowsPerPass = ctx.blockSize / kTile;
  emitLaunch(b, loc, nonEmpty, grid, ctx.blockSize, smemTypes, [&](OpBuilder &kb, gpu::LaunchOp l) {
    Value tid = l.getThreadIds().x;
    Value tx = arith::RemUIOp::create(kb, loc, tid, cIndex(kb, loc, kTile));
    Value ty = arith::DivUIOp::create(kb, loc, tid, cIndex(kb, loc, kTile));
    auto tileLoop = scf::ForOp::create(kb, loc, l.getBlockIds().x, tiles, l.getGridSize().x);
    OpBuilder::InsertionGuard g(kb);
    kb.setInsertionPointToStart(tileLoop.getBody());
    auto coords = delinearize(kb, loc, tileLoop.getInductionVar(), tileSizes, ctx.narrowIndex);
    Value r0 = arith::MulIOp::create(kb, loc, coords[n - 2], cIndex(kb, loc, kTile));
    Value c0 = arith::MulIOp::create(kb, loc, coords[n - 1], cIndex(kb, loc, kTile));
    SmallVector<Value> lead(coords.begin(), coords.end() - 2);
    // In bounds: `if (r < R && c < C)` around `fn`.
    auto guarded = [&](Value r, Value c, function_ref<void()> fn) {
      Value in = arith::AndIOp::create(
          kb, loc, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, r, R),
          arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, c, C));
      auto ifOp = scf::IfOp::create(kb, loc, in, false);
      OpBuilder::InsertionGuard g2(kb);
      kb.setInsertionPointToStart(&ifOp.getThenRegion().front());
      fn();
    };
    // Load: thread (ty + k, tx) reads input[lead, c0 + ty + k, r0 + tx]
    // (consecutive tx: consecutive addresses) into tile[ty + k][tx].
    for (int64_t k = 0; k < kTile; k += rowsPerPass) {
      Value row = arith::AddIOp::create(kb, loc, ty, cIndex(kb, loc, k));
      Value c = arith::AddIOp::create(kb, loc, c0, row);
      Value r = arith::AddIOp::create(kb, loc, r0, tx);
      guarded(r, c, [&] {
        for (OpOperand &operand : op->getOpOperands()) {
          if (smemOf[operand.getOperandNumber()] < 0)
            continue;
          SmallVector<Value> idx(lead);
          idx.push_back(c);
          idx.push_back(r);
          Value v = memref::LoadOp::create(kb, loc, operand.get(), idx);
          memref::StoreOp::create(kb, loc, v,
                                  l.getWorkgroupAttributions()[smemOf[operand.getOperandNumber()]],
                                  ValueRange{row, tx});
        }
      });
    }
    gpu::BarrierOp::create(kb, loc);
    // Compute and store: thread (ty + k, tx) makes output[lead, r0 + ty + k,
    // c0 + tx]; a transposed input's value there is tile[tx][ty + k].
    for (int64_t k = 0; k < kTile; k += rowsPerPass) {
      Value row = arith::AddIOp::create(kb, loc, ty, cIndex(kb, loc, k));
      Value r = arith::AddIOp::create(kb, loc, r0, row);
      Value c = arith::AddIOp::create(kb, loc, c0, tx);
      guarded(r, c, [&] {
        SmallVector<Value> ivs(lead);
        ivs.push_back(r);
        ivs.push_back(c);
        SmallVector<Value> inputs;
        for (OpOperand *in : op.getDpsInputOperands()) {
          Value v = in->get();
          if (smemOf[in->getOperandNumber()] >= 0)
            v = memref::LoadOp::create(kb, loc,
                                       l.getWorkgroupAttributions()[smemOf[in->getOperandNumber()]],
                                       ValueRange{tx, row});
          else if (isa<MemRefType>(v.getType()))
            v = memref::LoadOp::create(kb, loc, v, ivs);
          inputs.push_back(v);
        }
        storeOutputs(kb, loc, op, ivs, cloneBody(kb, op, inputs, {}));
      });
    }
    gpu::BarrierOp::create(kb, loc);
  });
}
} // namespace arrayc::gpumap
