//===- GPUMergeModules.cpp - the kernels in a few gpu.modules -------------===//
//
// Kernel outlining makes a gpu.module per kernel (k-means: 109). Each is
// then lowered, translated to LLVM IR, linked with libdevice, optimized and
// code-generated on its own, and at run time loaded (for PTX: compiled by
// the driver's JIT) by its own cuModuleLoadDataEx in a global constructor:
// a cost per module paid 109 times, one after the other at load. This pass
// moves the kernels of the gpu.modules of the same targets into as many
// modules as the compile has threads (`modules=N` sets it; 1 without
// threads), named `arrayc_kernels[_N]`, the largest kernels spread first so
// that arrayc-serialize-gpu-modules still keeps every thread busy. The
// kernels' code is the same: each kernel is translated and optimized as
// before (kernels do not call each other; libdevice's functions are always
// inlined).
//
// Symbols other than the kernels (a constant's memref.global, a device
// function's declaration) that two modules both define are kept once when
// the two ops are identical, else the later one is renamed (its module's
// uses follow). gpu.launch_func and every other reference to
// @module::@symbol are rewritten to the merged module (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"

namespace arrayc {
#define GEN_PASS_DEF_GPUMERGEMODULES
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

struct GPUMergeModulesPass : arrayc::impl::GPUMergeModulesBase<GPUMergeModulesPass> {
  using Base::Base;

  /// Where ops go at the end of a gpu.module (before its terminator, if the
  /// op has one).
  static Block::iterator headEnd(gpu::GPUModuleOp head) {
    Block *body = head.getBody();
    if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
      return Block::iterator(&body->back());
    return body->end();
  }

  /// The module's attributes but its name: modules merge when these agree
  /// (targets, offloading handler).
  static DictionaryAttr attributesButName(gpu::GPUModuleOp module) {
    NamedAttrList attrs(module->getAttrDictionary());
    attrs.erase(SymbolTable::getSymbolAttrName());
    return attrs.getDictionary(module->getContext());
  }

  void runOnOperation() override {
    ModuleOp top = getOperation();
    auto gpuModules = llvm::to_vector(top.getOps<gpu::GPUModuleOp>());
    if (gpuModules.size() < 2)
      return;
    unsigned chunks = modules;
    if (chunks == 0)
      chunks = getContext().isMultithreadingEnabled() ? getContext().getNumThreads() : 1;
    SymbolTable topSymbols(top);
    // Groups by attributes, in module order.
    SmallVector<std::pair<DictionaryAttr, SmallVector<gpu::GPUModuleOp>>> groups;
    for (gpu::GPUModuleOp module : gpuModules) {
      DictionaryAttr attrs = attributesButName(module);
      auto it = llvm::find_if(groups, [&](auto &g) { return g.first == attrs; });
      if (it == groups.end())
        groups.push_back({attrs, {module}});
      else
        it->second.push_back(module);
    }
    // Each group's modules in `chunks` parts of about equal size (operations,
    // a proxy of the compile time): the largest first, each to the part
    // with the fewest operations so far; a part's first module in program
    // order (its head) receives the others' ops, in program order.
    llvm::DenseMap<Operation *, gpu::GPUModuleOp> headOf;
    SmallVector<gpu::GPUModuleOp> heads;
    for (auto &[attrs, members] : groups) {
      unsigned n = std::min<size_t>(chunks, members.size());
      SmallVector<std::pair<size_t, unsigned>> bySize; // (operations, index)
      for (auto [i, m] : llvm::enumerate(members)) {
        size_t ops = 0;
        m->walk([&](Operation *) { ++ops; });
        bySize.push_back({ops, unsigned(i)});
      }
      llvm::stable_sort(bySize, [](auto &a, auto &b) { return a.first > b.first; });
      SmallVector<size_t> load(n, 0);
      SmallVector<unsigned> part(members.size());
      for (auto [ops, i] : bySize) {
        unsigned least = std::min_element(load.begin(), load.end()) - load.begin();
        part[i] = least;
        load[least] += ops;
      }
      SmallVector<gpu::GPUModuleOp> partHead(n);
      for (auto [i, m] : llvm::enumerate(members)) {
        if (!partHead[part[i]]) {
          partHead[part[i]] = m;
          heads.push_back(m);
        }
        headOf[m] = partHead[part[i]];
      }
    }
    // (old module, old symbol) -> (new module, new symbol), for the symbols
    // renamed or deduplicated; (old module, null) -> (new module, null) for
    // every merged module.
    llvm::DenseMap<std::pair<StringAttr, StringAttr>, std::pair<StringAttr, StringAttr>> moved;
    unsigned merged = 0;
    for (gpu::GPUModuleOp module : gpuModules) {
      gpu::GPUModuleOp head = headOf[module];
      if (head == module)
        continue;
      SymbolTable headSymbols(head), ownSymbols(module);
      for (Operation &op : llvm::make_early_inc_range(*module.getBody())) {
        if (op.hasTrait<OpTrait::IsTerminator>())
          continue;
        auto name = op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
        StringAttr newName = name;
        if (name) {
          if (Operation *existing = headSymbols.lookup(name)) {
            if (OperationEquivalence::isEquivalentTo(
                    existing, &op, OperationEquivalence::ignoreValueEquivalence, nullptr,
                    OperationEquivalence::IgnoreLocations)) {
              moved[{module.getNameAttr(), name}] = {head.getNameAttr(), name};
              op.erase();
              continue;
            }
            FailureOr<StringAttr> renamed =
                ownSymbols.renameToUnique(&op, {&headSymbols});
            if (failed(renamed)) {
              op.emitError("cannot rename this symbol to merge the kernels' modules");
              return signalPassFailure();
            }
            newName = *renamed;
          }
          moved[{module.getNameAttr(), name}] = {head.getNameAttr(), newName};
          ownSymbols.remove(&op);
        }
        // (The module's own symbols are distinct: headSymbols, made again
        // for the next module, needs no update.)
        op.moveBefore(head.getBody(), headEnd(head));
      }
      moved[{module.getNameAttr(), StringAttr()}] = {head.getNameAttr(), StringAttr()};
      topSymbols.erase(module);
      ++merged;
    }
    if (!merged)
      return;
    // The merged modules are named for what they hold, not their first kernel.
    llvm::DenseMap<StringAttr, StringAttr> headNames;
    for (gpu::GPUModuleOp head : heads) {
      StringAttr old = head.getNameAttr();
      topSymbols.remove(head);
      head.setName("arrayc_kernels");
      topSymbols.insert(head); // made unique if taken
      headNames[old] = head.getNameAttr();
    }
    // References to @module::@symbol (gpu.launch_func's kernel, ...).
    AttrTypeReplacer replacer;
    replacer.addReplacement([&](SymbolRefAttr ref) -> std::optional<Attribute> {
      // Only nested references: the replacer also visits the flat
      // references a nested one is made of (`@kernel` of `@module::@kernel`).
      ArrayRef<FlatSymbolRefAttr> nested = ref.getNestedReferences();
      if (nested.empty())
        return std::nullopt;
      StringAttr root = ref.getRootReference();
      StringAttr leaf = nested.front().getAttr();
      auto it = moved.find({root, leaf});
      if (it == moved.end())
        it = moved.find({root, StringAttr()});
      StringAttr newRoot, newLeaf = leaf;
      if (it != moved.end()) {
        newRoot = it->second.first;
        if (it->second.second)
          newLeaf = it->second.second;
      } else if (auto h = headNames.find(root); h != headNames.end()) {
        newRoot = root; // the head itself
      } else {
        return std::nullopt;
      }
      if (auto h = headNames.find(newRoot); h != headNames.end())
        newRoot = h->second;
      SmallVector<FlatSymbolRefAttr> rest{FlatSymbolRefAttr::get(newLeaf)};
      rest.append(nested.begin() + 1, nested.end());
      return SymbolRefAttr::get(newRoot, rest);
    });
    top->walk([&](Operation *op) {
      if (!isa<gpu::GPUModuleOp>(op) && !op->getParentOfType<gpu::GPUModuleOp>())
        replacer.replaceElementsIn(op, /*replaceAttrs=*/true, /*replaceLocs=*/false,
                                   /*replaceTypes=*/false);
    });
  }
};

} // namespace
