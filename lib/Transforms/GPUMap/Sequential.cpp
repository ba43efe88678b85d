//===- Sequential.cpp - any other generic, a thread per output point ------===//
//
// Strategy::Sequential: what no other strategy takes (a reduction without a
// combiner we know, several outputs): correct, not fast. Also the
// arg-reduction's kernel for reduction domains no longer than a warp.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/Strategies.h"

namespace arrayc::gpumap {

/// One thread per output point, sequential over the reduction dimensions.
void lowerSequential(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                     ArrayRef<Value> sizes) {
  LoopSplit split = splitLoops(op, sizes);
  Value P = product(b, loc, split.parSizes);
  emitGridStrideLoop(ctx, b, loc, P, [&](OpBuilder &kb, Value point) {
    auto parIvs = delinearize(kb, loc, point, split.parSizes, ctx.narrowIndex);
    SmallVector<Value> ivs(sizes.size());
    for (auto [i, d] : llvm::enumerate(split.parDims))
      ivs[d] = parIvs[i];
    for (unsigned d : split.redDims) {
      auto inner = scf::ForOp::create(kb, loc, cIndex(kb, loc, 0), sizes[d], cIndex(kb, loc, 1));
      kb.setInsertionPointToStart(inner.getBody());
      ivs[d] = inner.getInductionVar();
    }
    storeOutputs(kb, loc, op, ivs, emitBody(kb, loc, op, ivs));
  });
}

} // namespace arrayc::gpumap
