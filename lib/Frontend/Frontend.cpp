//===- Frontend.cpp - .arr source to ndarray IR ---------------------------===//

#include "Frontend/Frontend.h"
#include "Frontend/Lexer.h"
#include "Frontend/MLIRGen.h"
#include "Frontend/Parser.h"

#include "ndarray/NDArray.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;

OwningOpRef<ModuleOp>
arrayc::frontend::importArr(llvm::SourceMgr &sourceMgr, MLIRContext &context,
                            std::vector<FunctionSignature> *signatures) {
  context.getOrLoadDialect<arrayc::ndarray::NDArrayDialect>();
  context.getOrLoadDialect<func::FuncDialect>();
  context.getOrLoadDialect<tensor::TensorDialect>();
  context.getOrLoadDialect<arith::ArithDialect>();
  context.getOrLoadDialect<scf::SCFDialect>();

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
  OwningOpRef<ModuleOp> module = genModule(*ast, file, context, signatures);
  if (!module)
    return nullptr;
  if (failed(verify(*module))) {
    emitError(FileLineColLoc::get(&context, file, 1, 1))
        << "internal error: the frontend produced IR that does not verify";
    return nullptr;
  }
  return module;
}
