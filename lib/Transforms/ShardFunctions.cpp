//===- ShardFunctions.cpp - arrayc-shard-functions ------------------------===//
//
// `--mesh=N --shard=FUNC:ARG=DIM` (Shard.h, docs/distributed.md). Every
// process of the job runs the whole program on the same, global arrays, as
// NumPy code under `mpirun` does. A call of FUNC whose arguments have static
// shapes instead calls a copy of FUNC specialized to those shapes and
// partitioned by MLIR's shard dialect: the copy takes this process's block of
// each split argument (a slice taken at the call) and returns replicated
// results (the partitioner inserts the all-reduces and all-gathers), so the
// program prints what NumPy prints.
//
// MLIR 22's partitioner silently miscompiles or aborts on some inputs
// (/work/notes research, docs/distributed.md): a call is left replicated
// (FUNC as written, on the whole arrays) when a split dimension is not a
// multiple of the mesh size, a generic reads linalg.index along a dimension
// the partitioner splits (checked after partitioning), a reduction has
// several results or a combiner other than add/mul/min/max (signed or
// float)/and/or/xor (the partitioner aborts on those), reads a value
// defined outside its body, uses its accumulator twice or computes with
// index values (ShardIndexInputs.cpp), an operation
// has no sharding rule (anything but linalg ops, tensor.empty, constants:
// scf loops, calls, slices; `x[:, None]`'s expand_shape becomes a generic
// first), a shape is not static, or the partitioner fails.
// `verbose` says which and why. argmin/argmax (a two-result reduction
// computing its index with linalg.index) is first rewritten in the copy
// only: the index read from an iota input, then a min reduction and a
// first-matching-index reduction (ShardIndexInputs.h). The folds' and the
// partitioner's errors become the note; their warnings and remarks pass on.
//===----------------------------------------------------------------------===//
#include "Transforms/Shard.h"

#include "Transforms/ShardIndexInputs.h"
#include "Transforms/ShardPrepare.h"
#include "Transforms/ShardStencil.h"
#include "Transforms/Symbols.h"

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;

namespace arrayc {

namespace {

/// An argument's split dimensions, each over mesh axes (major first).
using ArgSplits = std::map<int64_t, SmallVector<int16_t>>;
/// The split arguments of a function.
using Splits = std::map<unsigned, ArgSplits>;

/// Processes along `axes` of `mesh`: the number of blocks of a dimension.
int64_t groupSize(ArrayRef<int64_t> mesh, ArrayRef<int16_t> axes) {
  int64_t n = 1;
  for (int16_t a : axes)
    n *= mesh[a];
  return n;
}

std::string axesText(ArrayRef<int16_t> axes) {
  std::string t;
  for (int16_t a : axes)
    t += (t.empty() ? "" : "+") + std::to_string(a);
  return t;
}

struct ShardFunctionsPass
    : PassWrapper<ShardFunctionsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ShardFunctionsPass)

  ShardFunctionsPass() = default;
  ShardFunctionsPass(const ShardFunctionsPass &other) : PassWrapper(other) {}
  explicit ShardFunctionsPass(const ShardFunctionsOptions &o) {
    mesh = o.mesh;
    shards = o.shards;
    verbose = o.verbose;
  }

  StringRef getArgument() const final { return "arrayc-shard-functions"; }
  StringRef getDescription() const final {
    return "Partition the calls of the named functions over a mesh of processes (MLIR's "
           "shard dialect), replicating what the partitioner cannot split correctly";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<shard::ShardDialect, tensor::TensorDialect, arith::ArithDialect,
                    scf::SCFDialect, linalg::LinalgDialect>();
  }

  Option<std::string> mesh{*this, "mesh",
                           llvm::cl::desc("Processes along each mesh axis: 4, 2x2")};
  ListOption<std::string> shards{
      *this, "shard",
      llvm::cl::desc("FUNC:ARG=DIM: argument ARG of FUNC split along dimension DIM")};
  Option<bool> verbose{*this, "verbose",
                       llvm::cl::desc("Say what is split or replicated, and why, on stderr"),
                       llvm::cl::init(false)};

  void note(const Twine &text) {
    if (verbose)
      llvm::errs() << "arrayc: shard: " << text << "\n";
  }

  void runOnOperation() override;

  /// Canonicalizes and CSEs `copy`; false with `errors` set when that
  /// failed. The folds' errors (an op the static shapes made invalid) say
  /// why the call stays replicated; they are not the program's errors.
  /// Warnings and remarks are not handled here: they go on to the driver's
  /// handler, as they would without this one.
  bool foldCopy(func::FuncOp copy, std::string &errors) {
    ScopedDiagnosticHandler handler(copy.getContext(), [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return failure();
      errors += (errors.empty() ? "" : "; ") + diag.str();
      return success();
    });
    OpPassManager pm(func::FuncOp::getOperationName());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    return succeeded(runPipeline(pm, copy));
  }

  /// When every split argument is split along its rows (dimension 0) over
  /// one mesh axis: `fn`'s copy as a stencil (ShardStencil.h), noted; else a
  /// null copy, with the stencil's reason added to `why`.
  StencilCopy stencil(func::FuncOp fn, ArrayRef<Type> types, const Splits &splits,
                      ArrayRef<int64_t> mesh, std::string &why);

  /// The partitioned copy of `fn` for argument types `types` (static), or
  /// null with `why` set. `splits` loses the arguments left whole.
  func::FuncOp partition(func::FuncOp fn, ArrayRef<Type> types, Splits &splits,
                         ArrayRef<int64_t> mesh, std::string &why);
};

void ShardFunctionsPass::runOnOperation() {
  ModuleOp module = getOperation();
  std::string error;
  auto shape = parseMesh(mesh, error);
  if (!shape) {
    module.emitError() << error;
    return signalPassFailure();
  }
  SmallVector<int64_t> meshShape = *shape;

  llvm::MapVector<Operation *, Splits> plan;
  for (const std::string &text : shards) {
    auto spec = parseShardSpec(text, error);
    if (!spec) {
      module.emitError() << error;
      return signalPassFailure();
    }
    auto fn = module.lookupSymbol<func::FuncOp>(spec->function);
    if (!fn || fn.isExternal()) {
      module.emitError() << "shard '" << text << "': the program has no function '"
                         << spec->function << "'";
      return signalPassFailure();
    }
    if (spec->argument >= fn.getNumArguments()) {
      fn.emitError() << "shard '" << text << "': '" << spec->function << "' has "
                     << fn.getNumArguments() << " argument(s), counted from 0";
      return signalPassFailure();
    }
    auto type = dyn_cast<RankedTensorType>(fn.getArgumentTypes()[spec->argument]);
    if (!type || type.getRank() == 0 || spec->dim >= type.getRank()) {
      fn.emitError() << "shard '" << text << "': argument " << spec->argument << " of '"
                     << spec->function << "' has no dimension " << spec->dim;
      return signalPassFailure();
    }
    for (int16_t a : spec->axes)
      if (a >= static_cast<int64_t>(meshShape.size())) {
        module.emitError() << "shard '" << text << "': the mesh '" << mesh << "' has "
                           << meshShape.size() << " axis(es), counted from 0";
        return signalPassFailure();
      }
    ArgSplits &argSplits = plan[fn][spec->argument];
    if (argSplits.count(spec->dim)) {
      fn.emitError() << "shard '" << text << "': dimension " << spec->dim << " of argument "
                     << spec->argument << " is split twice";
      return signalPassFailure();
    }
    for (auto &[d, axes] : argSplits)
      for (int16_t a : spec->axes)
        if (llvm::is_contained(axes, a)) {
          fn.emitError() << "shard '" << text << "': mesh axis " << a
                         << " already splits dimension " << d << " of argument "
                         << spec->argument;
          return signalPassFailure();
        }
    argSplits[spec->dim] = SmallVector<int16_t>(spec->axes.begin(), spec->axes.end());
  }
  if (plan.empty())
    return;

  OpBuilder b(module.getContext());
  if (!module.lookupSymbol(kMeshSymbol)) {
    b.setInsertionPointToStart(module.getBody());
    shard::GridOp::create(b, module.getLoc(), kMeshSymbol, *shape);
  }

  for (auto &[op, splits] : plan) {
    auto fn = cast<func::FuncOp>(op);
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp c) {
      if (c.getCallee() == fn.getSymName())
        calls.push_back(c);
    });
    // A function called only from outside (the C API, `@arrayc.jit`): its
    // body moves into a private function that a public one of the same name
    // and type calls, and that call is split like a call in a program.
    if (calls.empty() && isExportedFunction(fn)) {
      std::string name = fn.getSymName().str(), inner = name + kEntrySuffix.str();
      for (unsigned k = 1; module.lookupSymbol(inner); ++k)
        inner = name + kEntrySuffix.str() + std::to_string(k);
      b.setInsertionPoint(fn);
      auto outer = cast<func::FuncOp>(b.cloneWithoutRegions(*fn.getOperation()));
      fn.setSymName(inner);
      fn.setPrivate();
      Block *entry = outer.addEntryBlock();
      b.setInsertionPointToStart(entry);
      auto call = func::CallOp::create(b, fn.getLoc(), fn, entry->getArguments());
      func::ReturnOp::create(b, fn.getLoc(), call.getResults());
      calls.push_back(call);
    }
    if (calls.empty())
      note(fn.getSymName() + ": not called by the program; it runs replicated");
    // One partitioned copy per static signature: MLIR's partitioner's, else
    // a stencil's (ShardStencil.h).
    struct Copy {
      func::FuncOp fn;
      Splits used;
      StencilCopy stencil;
    };
    std::map<std::string, Copy> copies;
    for (func::CallOp call : calls) {
      // The call an exported function's wrapper makes of its body (here,
      // or `@arrayc.jit`'s): located at the function, not the wrapper.
      Location at = fn.getSymName().contains(kEntrySuffix) ? fn.getLoc() : call.getLoc();
      std::string where = rtcall::locationText(at);
      SmallVector<Value> operands;
      SmallVector<Type> types;
      bool known = true;
      for (auto [i, v] : llvm::enumerate(call.getOperands())) {
        if (auto rt = dyn_cast<RankedTensorType>(v.getType()); rt && !rt.hasStaticShape()) {
          auto cast = v.getDefiningOp<tensor::CastOp>();
          if (cast && cast.getSource().getType().hasStaticShape())
            v = cast.getSource();
          else
            known = false;
        }
        operands.push_back(v);
        types.push_back(v.getType());
      }
      if (!known) {
        note(shownName(fn) + " called at " + where +
             ": replicated (an argument's shape is not known at compile time)");
        continue;
      }
      std::string key;
      llvm::raw_string_ostream ks(key);
      for (Type t : types)
        ks << t << ";";
      auto it = copies.find(key);
      if (it == copies.end()) {
        Copy c{{}, splits, {}};
        std::string why;
        c.fn = partition(fn, types, c.used, meshShape, why);
        if (!c.fn)
          c.stencil = stencil(fn, types, splits, meshShape, why);
        if (!c.fn && !c.stencil.fn)
          note(shownName(fn) + " called at " + where + ": replicated (" + why + ")");
        it = copies.emplace(key, std::move(c)).first;
      }
      if (it->second.stencil.fn) {
        callStencilCopy(call, at, operands, it->second.stencil);
        continue;
      }
      func::FuncOp copy = it->second.fn;
      Splits &used = it->second.used;
      if (!copy)
        continue;

      // This process's block of each split argument.
      b.setInsertionPoint(call);
      Location loc = at;
      SmallVector<Value> args;
      for (auto [i, v] : llvm::enumerate(operands)) {
        auto found = used.find(static_cast<unsigned>(i));
        if (found != used.end()) {
          auto tt = cast<RankedTensorType>(v.getType());
          SmallVector<OpFoldResult> offsets(tt.getRank(), b.getIndexAttr(0));
          SmallVector<OpFoldResult> strides(tt.getRank(), b.getIndexAttr(1));
          SmallVector<int64_t> local(tt.getShape());
          for (auto &[d, axes] : found->second) {
            int64_t block = tt.getDimSize(d) / groupSize(meshShape, axes);
            local[d] = block;
            // The block's index: this process's coordinates along `axes`,
            // linearized with the first axis major (the shard dialect's order).
            auto coords = shard::ProcessMultiIndexOp::create(b, loc, kMeshSymbol, axes);
            Value index;
            for (auto [k, c] : llvm::enumerate(coords.getResults())) {
              if (!index) {
                index = c;
                continue;
              }
              Value size = arith::ConstantIndexOp::create(b, loc, meshShape[axes[k]]);
              index = arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, index, size), c);
            }
            Value blockSize = arith::ConstantIndexOp::create(b, loc, block);
            offsets[d] = arith::MulIOp::create(b, loc, index, blockSize).getResult();
          }
          SmallVector<OpFoldResult> sizes;
          for (int64_t k : local)
            sizes.push_back(b.getIndexAttr(k));
          v = tensor::ExtractSliceOp::create(b, loc, RankedTensorType::get(local, tt.getElementType()),
                                             v, offsets, sizes, strides);
        }
        args.push_back(v);
      }
      replaceCall(call, copy, args, loc);
    }
  }
}

StencilCopy ShardFunctionsPass::stencil(func::FuncOp fn, ArrayRef<Type> types,
                                        const Splits &splits, ArrayRef<int64_t> mesh,
                                        std::string &why) {
  SmallVector<unsigned> args;
  std::optional<int16_t> axis;
  for (auto &[i, dims] : splits) {
    if (dims.size() != 1 || dims.begin()->first != 0 || dims.begin()->second.size() != 1)
      return {};
    int16_t a = dims.begin()->second.front();
    if (axis && *axis != a)
      return {};
    axis = a;
    args.push_back(i);
  }
  if (!axis || args.empty())
    return {};
  std::string stencilWhy;
  StencilCopy copy = partitionStencil(
      fn, types, args, *axis, mesh[*axis],
      [&](func::FuncOp f, std::string &errors) { return foldCopy(f, errors); }, stencilWhy);
  if (!copy.fn) {
    if (!stencilWhy.empty())
      why += "; " + stencilWhy;
    return copy;
  }
  std::string what;
  for (unsigned i : args)
    what += (what.empty() ? "" : ", ") + ("argument " + Twine(i)).str();
  std::string onAxis =
      mesh.size() > 1 ? " (mesh axis " + std::to_string(*axis) + ")" : std::string();
  note(shownName(fn) + ": " + what + " along dimension 0 split over " + Twine(mesh[*axis]) +
       " processes" + onAxis +
       (copy.halo ? " as a stencil, a halo of " + std::to_string(copy.halo) + " row(s); " +
                        std::to_string(copy.exchanges) + " halo exchange(s) in loops, "
                  : std::string(" row by row (no halo); ")) +
       Twine(copy.gathers) + " collective(s)");
  return copy;
}

func::FuncOp ShardFunctionsPass::partition(func::FuncOp fn, ArrayRef<Type> types,
                                           Splits &splits, ArrayRef<int64_t> mesh,
                                           std::string &why) {
  MLIRContext *ctx = fn.getContext();
  OpBuilder b(ctx);
  // Specialize to the static shapes, then let the folds propagate them.
  func::FuncOp copy = copyWithArgumentTypes(fn, "__sharded", types);
  auto fail = [&](std::string text) {
    why = std::move(text);
    copy.erase();
    return func::FuncOp();
  };
  std::string foldErrors;
  auto fold = [&]() { return success(foldCopy(copy, foldErrors)); };
  if (failed(fold()))
    return fail("its shapes did not fold: " + foldErrors);
  auto ret = cast<func::ReturnOp>(copy.front().getTerminator());
  for (OpOperand &operand : ret->getOpOperands())
    if (auto cast = operand.get().getDefiningOp<tensor::CastOp>())
      if (cast.getSource().getType().hasStaticShape())
        operand.set(cast.getSource());
  copy.setType(FunctionType::get(ctx, types, ret.getOperandTypes()));
  if (failed(fold()))
    return fail("its shapes did not fold: " + foldErrors);

  // Checks that the static shapes answered (`n` of x and y agree): gone.
  SmallVector<Operation *> settled;
  copy.walk([&](Operation *op) {
    if (op->getName().getStringRef() == "ndarray.assert" && op->getNumOperands() >= 1 &&
        matchPattern(op->getOperand(0), m_One()))
      settled.push_back(op);
  });
  for (Operation *op : settled)
    op->erase();
  if (!settled.empty() && failed(fold()))
    return fail("its shapes did not fold: " + foldErrors);

  expandShapesAsGenerics(copy);
  broadcastsIntoReaders(copy);
  // argmin/argmax: the index an input (an iota generic), then a min and a
  // first-matching-index reduction (ShardIndexInputs.h). Only this copy
  // changes: the function as written, and every other target, keep the
  // two-result arg-reduction.
  bool movedIndex = moveIndexValuesToInputs(copy);
  if ((splitArgReductions(copy) || movedIndex) && failed(fold()))
    return fail("its shapes did not fold: " + foldErrors);
  if (std::string problem = bodyProblem(copy); !problem.empty())
    return fail(problem);
  // A reduction still computing with index values, or reading a value from
  // outside its body, crashes the partitioner: it never reaches it.
  if (std::string problem = reductionBodyProblem(copy); !problem.empty())
    return fail(problem);
  unsigned marked = countWholeDimsMarks(copy);
  for (auto it = splits.begin(); it != splits.end();) {
    auto tt = cast<RankedTensorType>(types[it->first]);
    for (auto dt = it->second.begin(); dt != it->second.end();) {
      int64_t size = tt.getDimSize(dt->first), n = groupSize(mesh, dt->second);
      if (size % n == 0 && size != 0) {
        ++dt;
        continue;
      }
      note(shownName(fn) + ": argument " + Twine(it->first) + " stays whole: its dimension " +
           Twine(dt->first) + " (" + Twine(size) + ") is not a multiple of the mesh's " +
           Twine(n) + " processes" +
           (mesh.size() > 1 ? " along axes " + axesText(dt->second) : std::string()));
      dt = it->second.erase(dt);
    }
    if (it->second.empty())
      it = splits.erase(it);
    else
      ++it;
  }
  if (splits.empty())
    return fail("no split argument left");
  // One dimension over several mesh axes (split_axes [[0, 1]]) aborts MLIR
  // 22's partitioner (partitionTriviallyShardableOperation).
  for (auto &[i, dims] : splits)
    for (auto &[d, axes] : dims)
      if (axes.size() > 1)
        return fail(("dimension " + Twine(d) + " of argument " + Twine(i) +
                     " is split over several mesh axes, which MLIR 22's partitioner aborts on")
                        .str());

  // The shardings: split arguments on mesh axis 0, everything else
  // replicated, every result replicated.
  auto meshRef = FlatSymbolRefAttr::get(ctx, kMeshSymbol);
  b.setInsertionPointToStart(&copy.front());
  Location loc = copy.getLoc();
  Value replicated = shard::ShardingOp::create(
      b, loc, meshRef, ArrayRef<shard::GridAxesAttr>{shard::GridAxesAttr::get(ctx, {})});
  for (auto [i, arg] : llvm::enumerate(copy.front().getArguments())) {
    if (!isa<RankedTensorType>(arg.getType()))
      continue;
    Value sharding = replicated;
    if (auto it = splits.find(static_cast<unsigned>(i)); it != splits.end()) {
      SmallVector<shard::GridAxesAttr> axes(it->second.rbegin()->first + 1,
                                            shard::GridAxesAttr::get(ctx, {}));
      for (auto &[d, gridAxes] : it->second)
        axes[d] = shard::GridAxesAttr::get(ctx, gridAxes);
      sharding = shard::ShardingOp::create(b, loc, meshRef, axes);
    }
    auto annotated = shard::ShardOp::create(b, loc, arg, sharding);
    arg.replaceAllUsesExcept(annotated, annotated);
  }
  ret = cast<func::ReturnOp>(copy.front().getTerminator());
  b.setInsertionPoint(ret);
  for (OpOperand &operand : ret->getOpOperands())
    if (isa<RankedTensorType>(operand.get().getType()))
      operand.set(shard::ShardOp::create(b, loc, operand.get(), replicated,
                                         /*annotate_for_users=*/true));

  // What the partitioned copy must take and return: the blocks, and the
  // whole (replicated) results.
  SmallVector<Type> wantArgs(types.begin(), types.end());
  for (auto &[i, dims] : splits) {
    auto tt = cast<RankedTensorType>(wantArgs[i]);
    SmallVector<int64_t> local(tt.getShape());
    for (auto &[d, axes] : dims)
      local[d] /= groupSize(mesh, axes);
    wantArgs[i] = RankedTensorType::get(local, tt.getElementType());
  }
  SmallVector<Type> wantResults(copy.getResultTypes());

  // Last: no fold runs between this and the partitioner (canonicalization
  // would hoist the constants out again).
  sinkConstantsIntoReductions(copy);
  std::string messages;
  LogicalResult result = success();
  {
    ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return failure(); // warnings and remarks go on to the driver's handler
      messages += (messages.empty() ? "" : "; ") + diag.str();
      return success();
    });
    OpPassManager pm(func::FuncOp::getOperationName());
    // Forward first: the inputs' splits flow into the ops (a reduction of a
    // split array reduces locally, then all-reduces), and the replicated
    // results only decide what is left.
    pm.addPass(shard::createShardingPropagation(
        shard::ShardingPropagationOptions{shard::TraversalOrder::ForwardBackward}));
    pm.addPass(shard::createPartition());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    result = runPipeline(pm, copy);
  }
  if (failed(result))
    return fail("MLIR's partitioner failed: " + messages);
  if (std::string problem = wholeDimsProblem(copy, marked); !problem.empty())
    return fail(problem);
  // After the check of the iotas' whole dimensions: joining reads them by
  // linalg.index again.
  joinArgReductions(copy);
  // MLIR 22 reshards a result split along several mesh axes back to
  // replicated along one of them only (tensor<8x2xf64> for tensor<8x4xf64>):
  // a silent miscompile, caught here.
  auto typeText = [](Type t) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << t;
    return s;
  };
  for (auto [got, want] : llvm::zip(copy.getResultTypes(), wantResults))
    if (got != want)
      return fail("MLIR's partitioner returned a " + typeText(got) + " for a " +
                  typeText(want) + " result");
  for (auto [got, want] : llvm::zip(copy.getArgumentTypes(), wantArgs))
    if (got != want)
      return fail("MLIR's partitioner took a " + typeText(got) + " for a " + typeText(want) +
                  " block");

  // Only what arrayc-shard-to-runtime lowers: anything else (all_to_all,
  // reduce_scatter, halo updates, "generic" reductions) keeps the call
  // replicated rather than failing the compile.
  unsigned collectives = 0;
  std::string unlowered;
  copy.walk([&](Operation *op) {
    if (isa<shard::AllReduceOp, shard::AllGatherOp>(op))
      ++collectives;
    if (auto r = dyn_cast<shard::AllReduceOp>(op);
        r && (r.getReduction() == shard::ReductionKind::Generic ||
              r.getReduction() == shard::ReductionKind::Average))
      unlowered = "a '" + stringifyReductionKind(r.getReduction()).str() + "' all-reduce";
    else if (isa<shard::ShardDialect>(op->getDialect()) &&
             !isa<shard::AllReduceOp, shard::AllGatherOp, shard::AllSliceOp,
                  shard::ProcessLinearIndexOp, shard::ProcessMultiIndexOp, shard::ShardingOp,
                  shard::GridShapeOp>(op))
      unlowered = "'" + op->getName().getStringRef().str() + "'";
  });
  if (!unlowered.empty())
    return fail("the partitioned function needs " + unlowered +
                ", which arrayc does not lower to the runtime yet");
  std::string what;
  int64_t processes = 1;
  for (int64_t m : mesh)
    processes *= m;
  for (auto &[i, dims] : splits)
    for (auto &[d, axes] : dims)
      what += (what.empty() ? "" : ", ") +
              ("argument " + Twine(i) + " along dimension " + Twine(d)).str() +
              (mesh.size() > 1 ? " (mesh axes " + axesText(axes) + ")" : std::string());
  note(shownName(fn) + ": " + what + " split over " + Twine(processes) + " processes; " +
       Twine(collectives) + " collective(s)");
  return copy;
}

} // namespace

std::unique_ptr<Pass> createShardFunctions(const ShardFunctionsOptions &options) {
  return std::make_unique<ShardFunctionsPass>(options);
}

void registerShardPasses() {
  PassRegistration<ShardFunctionsPass>();
  registerPass([] { return createShardToRuntime(); });
}

} // namespace arrayc
