//===- MapPatterns.cpp - ndarray.map to one linalg.generic ----------------===//
//
// A user's scalar function (`@arrayc.vectorize`) becomes the body of one
// parallel `linalg.generic` with identity maps: fusion, bufferization and the
// GPU mapping see an elementwise op like any other. The scalar body (arith,
// math, scf) is cloned as it is; `ndarray.yield` becomes `linalg.yield`.
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"
#include "Conversion/NDArrayToLinalg/TensorBuilders.h"
#include "ndarray/NDArray.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace nd = arrayc::ndarray;

namespace {

struct MapPattern : OpRewritePattern<nd::MapOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::MapOp op, PatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto shapeType = cast<RankedTensorType>(op.getResult(0).getType());
    // map_c1: every operand has the results' shape, so any gives the sizes.
    Value like = op.getInputs().empty() ? Value() : op.getInputs().front();
    if (!like && !shapeType.hasStaticShape())
      return rw.notifyMatchFailure(op, "dynamic result without operands");
    SmallVector<Value> inits;
    for (Type t : op.getResultTypes()) {
      auto rt = cast<RankedTensorType>(t);
      inits.push_back(like ? arrayc::emptyLike(rw, loc, rt, like)
                           : tensor::EmptyOp::create(rw, loc, rt.getShape(),
                                                     rt.getElementType())
                                 .getResult());
    }
    unsigned rank = shapeType.getRank();
    SmallVector<AffineMap> maps(op.getInputs().size() + inits.size(),
                                rw.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    Block &body = op.getBody().front();
    auto generic = linalg::GenericOp::create(
        rw, loc, op.getResultTypes(), op.getInputs(), inits, maps, iters,
        [&](OpBuilder &b, Location, ValueRange args) {
          IRMapping map;
          map.map(body.getArguments(), args.take_front(body.getNumArguments()));
          for (Operation &o : body.without_terminator())
            b.clone(o, map);
          auto yield = cast<nd::YieldOp>(body.getTerminator());
          SmallVector<Value> out;
          for (Value v : yield.getValues())
            out.push_back(map.lookupOrDefault(v));
          linalg::YieldOp::create(b, yield.getLoc(), out);
        });
    rw.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void arrayc::populateNDArrayMapToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<MapPattern>(patterns.getContext());
}
