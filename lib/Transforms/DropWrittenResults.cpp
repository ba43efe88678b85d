//===- DropWrittenResults.cpp - written arguments update in place ---------===//
//
// See Passes.td (arrayc-drop-written-results).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "ndarray/NDArray.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/BitVector.h"

namespace arrayc {
#define GEN_PASS_DEF_DROPWRITTENRESULTS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// `v` without the memref.casts around it.
Value stripCasts(Value v) {
  while (auto c = v.getDefiningOp<memref::CastOp>())
    v = c.getSource();
  return v;
}

struct DropWrittenResultsPass
    : arrayc::impl::DropWrittenResultsBase<DropWrittenResultsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    SymbolUserMap users(symbols, module);
    for (auto fn : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      if (fn.isExternal())
        continue;
      // result index -> argument index
      llvm::SmallVector<std::pair<unsigned, unsigned>> written;
      for (unsigned r = 0; r < fn.getNumResults(); ++r)
        if (auto a = fn.getResultAttrOfType<IntegerAttr>(r, arrayc::ndarray::kWrittenArgAttrName))
          written.push_back({r, (unsigned)a.getInt()});
      if (written.empty())
        continue;
      llvm::BitVector drop(fn.getNumResults());
      for (auto [r, i] : written)
        drop.set(r);
      // The function: copy into the argument where bufferization returned
      // another buffer, then return only the declared results.
      fn.walk([&](func::ReturnOp ret) {
        OpBuilder b(ret);
        for (auto [r, i] : written) {
          Value arg = fn.getArgument(i);
          Value out = ret.getOperand(r);
          if (stripCasts(out) == arg)
            continue;
          if (!isa<BaseMemRefType>(out.getType())) {
            ret.emitOpError("written argument ") << i << " returned as a tensor "
                                                    "(run after bufferization)";
            return signalPassFailure();
          }
          memref::CopyOp::create(b, ret.getLoc(), out, arg);
        }
        llvm::SmallVector<Value> keep;
        for (unsigned r = 0; r < ret.getNumOperands(); ++r)
          if (!drop.test(r))
            keep.push_back(ret.getOperand(r));
        ret->setOperands(keep);
      });
      // Each call: its written results are the buffers it passed.
      for (Operation *user : users.getUsers(fn)) {
        auto call = dyn_cast<func::CallOp>(user);
        if (!call)
          continue;
        OpBuilder b(call);
        b.setInsertionPointAfter(call);
        for (auto [r, i] : written) {
          Value res = call.getResult(r);
          Value passed = call.getOperand(i);
          if (passed.getType() != res.getType())
            passed = memref::CastOp::create(b, call.getLoc(), res.getType(), passed);
          res.replaceAllUsesWith(passed);
        }
        b.setInsertionPoint(call);
        llvm::SmallVector<Type> types;
        for (unsigned r = 0; r < call.getNumResults(); ++r)
          if (!drop.test(r))
            types.push_back(call.getResult(r).getType());
        auto repl = func::CallOp::create(b, call.getLoc(), call.getCalleeAttr(), types,
                                         call.getOperands());
        repl->setAttrs(call->getAttrs());
        unsigned k = 0;
        for (unsigned r = 0; r < call.getNumResults(); ++r)
          if (!drop.test(r))
            call.getResult(r).replaceAllUsesWith(repl.getResult(k++));
        call.erase();
      }
      if (failed(fn.eraseResults(drop)))
        return signalPassFailure();
    }
    // Copies of a buffer onto itself (the in-place case above leaves none,
    // but bufferization may emit them for materialize_in_destination).
    module.walk([](memref::CopyOp copy) {
      if (stripCasts(copy.getSource()) == stripCasts(copy.getTarget()))
        copy.erase();
    });
  }
};

} // namespace
