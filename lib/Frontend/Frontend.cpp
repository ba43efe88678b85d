//===- Frontend.cpp - .arr source to ndarray IR ---------------------------===//

#include "Frontend/Frontend.h"
#include "Frontend/Lexer.h"
#include "Frontend/MLIRGen.h"
#include "Frontend/Parser.h"

#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;

/// An error at the first value whose static sizes hold more than 2^63 - 1
/// bytes (the product of its static dimensions times the element size
/// overflows int64): no buffer size or index could address it.
static LogicalResult checkStaticSizes(ModuleOp module) {
  WalkResult r = module.walk([&](Operation *op) {
    for (Type t : op->getResultTypes()) {
      auto ranked = dyn_cast<RankedTensorType>(t);
      if (!ranked)
        continue;
      Type elem = ranked.getElementType();
      int64_t bytes = elem.isIntOrFloat() ? std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8)
                                          : 16; // complex<f64> at most
      bool overflow = false;
      for (int64_t d : ranked.getShape())
        if (!ShapedType::isDynamic(d))
          overflow |= __builtin_mul_overflow(bytes, d, &bytes);
      if (overflow) {
        std::string shape;
        for (int64_t d : ranked.getShape())
          shape += (shape.empty() ? "" : ", ") +
                   (ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d));
        emitError(op->getLoc()) << "an array of shape (" << shape
                        << ") is too large: its size in bytes overflows 64 bits";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

OwningOpRef<ModuleOp>
arrayc::frontend::importArr(llvm::SourceMgr &sourceMgr, MLIRContext &context,
                            std::vector<FunctionSignature> *signatures,
                            const ImportOptions &options) {
  context.getOrLoadDialect<arrayc::ndarray::NDArrayDialect>();
  context.getOrLoadDialect<func::FuncDialect>();
  context.getOrLoadDialect<tensor::TensorDialect>();
  context.getOrLoadDialect<arith::ArithDialect>();
  context.getOrLoadDialect<scf::SCFDialect>();
  context.getOrLoadDialect<math::MathDialect>();
  context.getOrLoadDialect<bufferization::BufferizationDialect>();

  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  std::string file = buffer->getBufferIdentifier().str();
  auto error = [&](SrcLoc l, const std::string &msg) {
    emitError(FileLineColLoc::get(&context, file, l.line, l.col)) << msg;
  };

  std::vector<Token> tokens;
  if (!lex(buffer->getBuffer(), tokens, error))
    return nullptr;
  std::unique_ptr<Module> ast = parse(tokens, error);
  if (!ast)
    return nullptr;
  OwningOpRef<ModuleOp> module = genModule(*ast, file, context, signatures, options);
  if (!module)
    return nullptr;
  if (failed(verify(*module))) {
    emitError(FileLineColLoc::get(&context, file, 1, 1))
        << "internal error: the frontend produced IR that does not verify";
    return nullptr;
  }
  if (failed(checkStaticSizes(*module)))
    return nullptr;
  return module;
}
