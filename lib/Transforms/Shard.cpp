//===- Shard.cpp - Shard.h's shared helpers -------------------------------===//
//
// The option parsing of `--mesh`/`--shard` and the function and call
// helpers that arrayc-shard-functions and its stencil path share (Shard.h).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Shard.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace arrayc {

std::optional<SmallVector<int64_t>> parseMesh(StringRef text, std::string &error) {
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  SmallVector<int64_t> shape;
  for (StringRef p : parts) {
    int64_t v = 0;
    if (p.trim().getAsInteger(10, v) || v < 1) {
      error = ("invalid mesh '" + text + "': expected process counts like 4 or 2x2").str();
      return std::nullopt;
    }
    shape.push_back(v);
  }
  if (shape.empty()) {
    error = "empty mesh";
    return std::nullopt;
  }
  return shape;
}

std::string shownName(func::FuncOp fn) {
  StringRef name = fn.getSymName();
  size_t at = name.rfind(kEntrySuffix);
  return (at == StringRef::npos ? name : name.take_front(at)).str();
}

func::FuncOp copyWithArgumentTypes(func::FuncOp fn, StringRef suffix, ArrayRef<Type> types) {
  ModuleOp module = fn->getParentOfType<ModuleOp>();
  OpBuilder b(fn.getContext());
  b.setInsertionPointAfter(fn);
  auto copy = cast<func::FuncOp>(b.clone(*fn));
  std::string base = shownName(fn) + suffix.str(), name = base;
  for (unsigned k = 1; module.lookupSymbol(name); ++k)
    name = base + std::to_string(k);
  copy.setSymName(name);
  copy.setPrivate();
  Block &entry = copy.front();
  b.setInsertionPointToStart(&entry);
  for (auto [arg, type] : llvm::zip(entry.getArguments(), types)) {
    if (arg.getType() == type)
      continue;
    Type old = arg.getType();
    arg.setType(type);
    auto cast = tensor::CastOp::create(b, copy.getLoc(), old, arg);
    arg.replaceAllUsesExcept(cast, cast);
  }
  copy.setType(FunctionType::get(fn.getContext(), types, copy.getResultTypes()));
  return copy;
}

void replaceCall(func::CallOp call, func::FuncOp callee, ArrayRef<Value> args, Location loc) {
  OpBuilder b(call);
  SmallVector<Value> cast;
  for (auto [v, want] : llvm::zip(args, callee.getArgumentTypes()))
    cast.push_back(v.getType() == want ? v : Value(tensor::CastOp::create(b, loc, want, v)));
  auto newCall = func::CallOp::create(b, loc, callee, cast);
  SmallVector<Value> results;
  for (auto [r, old] : llvm::zip(newCall.getResults(), call.getResults()))
    results.push_back(r.getType() == old.getType()
                          ? Value(r)
                          : Value(tensor::CastOp::create(b, loc, old.getType(), r)));
  call.replaceAllUsesWith(results);
  call.erase();
}

bool collectiveElement(Type t) {
  if (auto f = dyn_cast<FloatType>(t))
    return f.getWidth() == 32 || f.getWidth() == 64;
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth() == 1 || i.getWidth() == 8 || i.getWidth() == 16 || i.getWidth() == 32 ||
           i.getWidth() == 64;
  return isa<IndexType>(t);
}

std::optional<ShardSpec> parseShardSpec(StringRef text, std::string &error) {
  auto [fn, rest] = text.split(':');
  auto [arg, split] = rest.split('=');
  auto [dim, axes] = split.split('/');
  ShardSpec spec;
  spec.function = fn.trim().str();
  bool bad = spec.function.empty() || arg.trim().getAsInteger(10, spec.argument) ||
             dim.trim().getAsInteger(10, spec.dim) || spec.dim < 0;
  if (!bad && split.contains('/')) {
    spec.axes.clear();
    SmallVector<StringRef> parts;
    axes.split(parts, '+');
    for (StringRef a : parts) {
      int16_t v = 0;
      if (a.trim().getAsInteger(10, v) || v < 0) {
        bad = true;
        break;
      }
      spec.axes.push_back(v);
    }
  }
  if (bad) {
    error = ("invalid shard '" + text +
             "': expected FUNC:ARG=DIM (argument ARG of FUNC, counted from 0, split "
             "along its dimension DIM over mesh axis 0) or FUNC:ARG=DIM/AXIS[+AXIS...]")
                .str();
    return std::nullopt;
  }
  return spec;
}

} // namespace arrayc
