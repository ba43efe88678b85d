//===- MixedPrecision.cpp - f32 contractions and intermediates in f16/bf16 ===//
//
// `arrayc --fp16` / `--bf16` (see Passes.td for the rules). Runs on linalg
// on tensors after fusion, so it sees the kernels-to-be: what a generic
// reads and writes is what goes through memory, and only that is demoted.
// Every float generic it looks at gets an `arrayc.precision` attribute
// saying what was decided and why (`arrayc --emit=linalg` shows it).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace arrayc {
#define GEN_PASS_DEF_MIXEDPRECISION
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kPrecisionAttr = "arrayc.precision";

void note(Operation *op, const Twine &why) {
  op->setAttr(kPrecisionAttr, StringAttr::get(op->getContext(), why));
}

bool isF32Tensor(Value v) {
  auto t = dyn_cast<RankedTensorType>(v.getType());
  return t && t.getElementType().isF32();
}

/// `v` rounded to `half`: an elementwise generic into a new tensor.
Value roundTensor(OpBuilder &b, Location loc, Value v, Type half) {
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, v);
  Value init = tensor::EmptyOp::create(b, loc, sizes, half);
  auto id = b.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iters(type.getRank(), utils::IteratorType::parallel);
  auto g = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{v}, ValueRange{init},
      ArrayRef<AffineMap>{id, id}, iters, [&](OpBuilder &bb, Location l, ValueRange args) {
        linalg::YieldOp::create(bb, l, arith::TruncFOp::create(bb, l, half, args[0]).getResult());
      });
  note(g, "rounds an f32 operand of a contraction");
  return g.getResult(0);
}

/// Makes block argument `arg` of `op`'s body (now fed a tensor of `half`)
/// take `half`, widened to f32 where the body reads it.
void widenArgument(linalg::GenericOp op, BlockArgument arg, Type half) {
  Type f32 = arg.getType();
  arg.setType(half);
  OpBuilder b = OpBuilder::atBlockBegin(arg.getOwner());
  Value wide = arith::ExtFOp::create(b, op.getLoc(), f32, arg);
  arg.replaceAllUsesExcept(wide, wide.getDefiningOp());
}

/// A contraction: some reduction loop, one f32 output, a body that yields
/// addf(acc, mulf(x, y)) (either order) with x and y block arguments of the
/// inputs or their extf.
bool isContraction(linalg::GenericOp op) {
  if (op.getNumReductionLoops() == 0 || op.getNumDpsInits() != 1 ||
      !isF32Tensor(op.getResult(0)))
    return false;
  Block &body = op.getRegion().front();
  auto add = body.getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  BlockArgument acc = body.getArgument(op.getNumDpsInputs());
  Value other = add.getLhs() == acc ? add.getRhs() : add.getRhs() == acc ? add.getLhs() : Value();
  auto mul = other ? other.getDefiningOp<arith::MulFOp>() : nullptr;
  if (!mul)
    return false;
  auto isInput = [&](Value v) {
    if (auto ext = v.getDefiningOp<arith::ExtFOp>())
      v = ext.getIn();
    auto a = dyn_cast<BlockArgument>(v);
    return a && a.getOwner() == &body && a.getArgNumber() < op.getNumDpsInputs();
  };
  return isInput(mul.getLhs()) && isInput(mul.getRhs());
}

/// Ops whose f32 result may leave f16's range (65504; smallest normal 6e-5)
/// for ordinary inputs: exp of large values, powers, quotients.
bool mayLeaveF16Range(Operation &op) {
  return isa<math::ExpOp, math::Exp2Op, math::ExpM1Op, math::PowFOp, math::FPowIOp,
             arith::DivFOp>(op);
}

struct MixedPrecisionPass : arrayc::impl::MixedPrecisionBase<MixedPrecisionPass> {
  using MixedPrecisionBase::MixedPrecisionBase;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    MLIRContext *ctx = &getContext();
    Type half;
    if (type == "f16")
      half = Float16Type::get(ctx);
    else if (type == "bf16")
      half = BFloat16Type::get(ctx);
    else {
      fn.emitError("arrayc-mixed-precision: type must be f16 or bf16, not '") << type << "'";
      return signalPassFailure();
    }
    SmallVector<linalg::GenericOp> generics;
    fn.walk([&](linalg::GenericOp op) {
      if (op.hasPureTensorSemantics())
        generics.push_back(op);
    });
    for (linalg::GenericOp op : generics) {
      if (isContraction(op))
        demoteContraction(op, half);
      else if (op.getNumReductionLoops() != 0 && op.getNumDpsInits() == 1 &&
               isF32Tensor(op.getResult(0)))
        note(op, "f32: a reduction accumulates in f32");
      else if (op.getNumReductionLoops() == 0)
        demoteElementwise(op, half);
    }
  }

  /// f32 operands rounded to `half` before the product, which accumulates
  /// in f32 (extf in the body: cuBLAS GemmEx on the tensor cores).
  void demoteContraction(linalg::GenericOp op, Type half) {
    OpBuilder b(op);
    bool any = false;
    for (OpOperand *in : op.getDpsInputOperands()) {
      if (!isF32Tensor(in->get()))
        continue;
      Value rounded = roundTensor(b, op.getLoc(), in->get(), half);
      BlockArgument arg = op.getMatchingBlockArgument(in);
      in->set(rounded);
      widenArgument(op, arg, half);
      any = true;
    }
    note(op, any ? "operands rounded to " + typeName(half) + ", f32 accumulation"
                 : "f32 accumulation (operands already narrow)");
  }

  /// An all-parallel generic's f32 results that only other generics read
  /// (as inputs) are stored in `half`; its body still computes in f32 (the
  /// round happens once, at the store), and each reader widens them back.
  /// Function results, results read by anything else, and results of ops
  /// that may leave f16's range (with f16) stay f32.
  void demoteElementwise(linalg::GenericOp op, Type half) {
    Block &body = op.getRegion().front();
    if (llvm::none_of(op->getResults(), [](Value r) { return isF32Tensor(r); }))
      return;
    if (half.isF16())
      for (Operation &inner : body)
        if (mayLeaveF16Range(inner)) {
          note(op, "f32: " + inner.getName().getStringRef() + " may leave f16's range");
          return;
        }
    bool any = false;
    for (OpResult result : op->getResults()) {
      if (!isF32Tensor(result))
        continue;
      unsigned k = result.getResultNumber();
      auto init = op.getDpsInits()[k].getDefiningOp<tensor::EmptyOp>();
      bool onlyGenericInputs = !result.use_empty() && llvm::all_of(result.getUses(), [](OpOperand &u) {
        auto g = dyn_cast<linalg::GenericOp>(u.getOwner());
        return g && !g.isDpsInit(&u);
      });
      if (!init || !body.getArgument(op.getNumDpsInputs() + k).use_empty() ||
          !onlyGenericInputs)
        continue;
      // The new output, rounded at the yield.
      OpBuilder b(op);
      Value newInit = tensor::EmptyOp::create(b, op.getLoc(), init.getMixedSizes(), half);
      op.getDpsInitsMutable()[k].set(newInit);
      body.getArgument(op.getNumDpsInputs() + k).setType(half);
      Operation *yield = body.getTerminator();
      OpBuilder yb(yield);
      yield->setOperand(k, arith::TruncFOp::create(yb, op.getLoc(), half, yield->getOperand(k)));
      result.setType(cast<RankedTensorType>(newInit.getType()));
      for (OpOperand &use : result.getUses()) {
        auto reader = cast<linalg::GenericOp>(use.getOwner());
        widenArgument(reader, reader.getMatchingBlockArgument(&use), half);
      }
      any = true;
    }
    if (any) {
      note(op, "result stored in " + typeName(half) + ", computed in f32");
      return;
    }
    bool accumulator = false, returned = false;
    for (OpOperand &use : op->getUses()) {
      auto g = dyn_cast<linalg::GenericOp>(use.getOwner());
      accumulator |= g && g.isDpsInit(&use);
      returned |= isa<func::ReturnOp>(use.getOwner());
    }
    note(op, accumulator ? "f32: an accumulator's initial value"
             : returned  ? "f32: a function result"
                         : "f32: read by other than a kernel");
  }

  static std::string typeName(Type t) { return t.isF16() ? "f16" : "bf16"; }
};

} // namespace
