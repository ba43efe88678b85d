//===- MapPatterns.cpp - user scalar functions to one linalg.generic ------===//
//
// A user's scalar function (`@arrayc.vectorize`) becomes the body of one
// parallel `linalg.generic` with identity maps: fusion, bufferization and the
// GPU mapping see an elementwise op like any other. The scalar body (arith,
// math, scf) is cloned as it is; `ndarray.yield` becomes `linalg.yield`.
//
// A user's combine function (`@arrayc.reduction`, ndarray.custom_reduce)
// becomes the body of one `linalg.generic` with reduction loops over a
// linalg.fill of the identity. Its ops carry the verified marks
// `ndarray.combiner` (each op's place in the function) and
// `ndarray.combiner_identity` (on the op giving its result), so that after
// fusion has put a producer's ops in front of them arrayc-gpu-map-linalg can
// still tell the combine function from the producer and combine partial
// results with it (GPUMap/Combiner.cpp).
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"
#include "Conversion/NDArrayToLinalg/TensorBuilders.h"
#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

struct CustomReducePattern : OpRewritePattern<nd::CustomReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nd::CustomReduceOp op, PatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Value input = op.getInput();
    auto in = cast<RankedTensorType>(input.getType());
    Type elt = in.getElementType();
    ArrayRef<int64_t> axes = op.getAxes();
    SmallVector<int64_t> shape;
    SmallVector<Value> dyn;
    SmallVector<AffineExpr> outDims;
    SmallVector<utils::IteratorType> iters;
    for (int64_t d = 0; d < in.getRank(); ++d) {
      if (llvm::is_contained(axes, d)) {
        iters.push_back(utils::IteratorType::reduction);
        continue;
      }
      iters.push_back(utils::IteratorType::parallel);
      outDims.push_back(rw.getAffineDimExpr(d));
      shape.push_back(in.getDimSize(d));
      if (in.isDynamicDim(d))
        dyn.push_back(tensor::DimOp::create(rw, loc, input, d));
    }
    Value empty = tensor::EmptyOp::create(rw, loc, shape, elt, dyn);
    Value identity = arith::ConstantOp::create(rw, loc, op.getIdentity());
    Value filled = linalg::FillOp::create(rw, loc, identity, empty).getResult(0);
    SmallVector<AffineMap> maps{
        rw.getMultiDimIdentityMap(in.getRank()),
        AffineMap::get(in.getRank(), 0, outDims, rw.getContext())};
    Block &body = op.getBody().front();
    auto generic = linalg::GenericOp::create(
        rw, loc, filled.getType(), input, filled, maps, iters,
        [&](OpBuilder &b, Location, ValueRange args) {
          // The block is (acc, elem); the generic's is (elem, acc).
          IRMapping map;
          map.map(body.getArgument(0), args[1]);
          map.map(body.getArgument(1), args[0]);
          // Constants are not marked: folding moves and merges them, and any
          // constant serves the function.
          auto marked = [](Operation &o) { return !o.hasTrait<OpTrait::ConstantLike>(); };
          int64_t n = llvm::count_if(body.without_terminator(), marked), k = 0;
          Value result = cast<nd::YieldOp>(body.getTerminator()).getValues()[0];
          for (Operation &o : body.without_terminator()) {
            Operation *c = b.clone(o, map);
            if (!marked(o))
              continue;
            c->setAttr(nd::kCombinerAttrName, b.getDenseI64ArrayAttr({k++, n}));
            if (result.getDefiningOp() == &o)
              c->setAttr(nd::kCombinerIdentityAttrName, op.getIdentity());
          }
          linalg::YieldOp::create(b, loc, map.lookupOrDefault(result));
        });
    Value reduced = generic.getResult(0);
    if (op.getKeepdims())
      reduced = arrayc::expandKeepdims(rw, loc, reduced, input, axes, op.getType());
    rw.replaceOp(op, reduced);
    return success();
  }
};

} // namespace

void arrayc::populateNDArrayMapToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<MapPattern, CustomReducePattern>(patterns.getContext());
}
