//===- GenBuiltinIO.cpp - host-side builtins: print, save, load -----------===//
//
// The builtins that run on the host and only in main().
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"
#include "Frontend/NpyHeader.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <cmath>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

//===----------------------------------------------------------------------===//
// Host-side builtins (main only)
//===----------------------------------------------------------------------===//

/// print, save, perf_counter, and load without an annotation.
OptVal Gen::hostBuiltin(Builtin id, llvm::StringRef name, const Expr &call) {
  SrcLoc l = call.loc;
  if (!requireHost(name, l))
    return std::nullopt;
  switch (id) {
  case Builtin::Print:
    return genPrint(call);
  case Builtin::Save:
    return genSave(call);
  case Builtin::Load:
    return genUnannotatedLoad(call);
  default: {
    llvm::SmallVector<const Expr *> none;
    if (!bindArgs("perf_counter", {}, 0, call, none))
      return std::nullopt;
    ArrType t{DType::F64, {}};
    Value v = nd::PerfCounterOp::create(b, loc(l), t.tensorType(&ctx));
    return Val::array(v, t);
  }
  }
}

OptVal Gen::genPrint(const Expr &call) {
  std::optional<std::string> sep = " ", end = "\n";
  for (const Keyword &k : call.keywords) {
    if (k.name != "sep" && k.name != "end")
      return err(k.loc, "print() got an unexpected keyword argument '" +
                            k.name + "'; it accepts sep= and end=");
    std::string &dst = k.name == "sep" ? *sep : *end;
    if (k.value->kind == ExprKind::None)
      continue; // The default.
    if (k.value->kind != ExprKind::String)
      return err(k.value->loc, "print(): " + k.name +
                                   "= must be a string literal");
    dst = k.value->name;
  }
  llvm::SmallVector<Attribute> pieces;
  llvm::SmallVector<Value> operands;
  auto text = [&](llvm::StringRef s) {
    if (!s.empty())
      pieces.push_back(b.getStringAttr(s));
  };
  for (auto [i, arg] : llvm::enumerate(call.elts)) {
    if (i)
      text(*sep);
    OptVal v = eval(*arg);
    if (!v)
      return std::nullopt;
    switch (v->kind) {
    case Val::Str:
      text(v->str);
      break;
    case Val::None:
      text("None");
      break;
    case Val::Tuple:
      if (!printTuple(*v, arg->loc, pieces, operands))
        return std::nullopt;
      break;
    case Val::Lit:
      if (v->weak == Weak::Bool) {
        text(v->i ? "True" : "False");
        break;
      }
      v = materialize(*v);
      [[fallthrough]];
    case Val::Array:
      pieces.push_back(b.getI64IntegerAttr(operands.size()));
      operands.push_back(v->value);
      break;
    }
  }
  text(*end);
  nd::PrintOp::create(b, loc(call.loc), operands, b.getArrayAttr(pieces));
  return Val();
}

OptVal Gen::genSave(const Expr &call) {
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs("save", {"file", "arr"}, 2, call, args))
    return std::nullopt;
  if (args[0]->kind != ExprKind::String)
    return err(args[0]->loc, "np.save needs a string literal path");
  OptVal v = evalArrayOperand(*args[1], "save()");
  if (!v)
    return std::nullopt;
  Val a = materialize(*v);
  nd::SaveOp::create(b, loc(call.loc), b.getStringAttr(args[0]->name), a.value);
  return Val();
}

/// The path of `np.load(path)`: a string literal.
std::optional<std::string> Gen::loadPath(const Expr &call) {
  llvm::SmallVector<const Expr *> args;
  if (!bindArgs("load", {"file"}, 1, call, args))
    return std::nullopt;
  if (args[0]->kind != ExprKind::String)
    return err(args[0]->loc, "np.load needs a string literal path");
  return args[0]->name;
}

OptVal Gen::genLoad(const Expr &call, const ArrType &type, SrcLoc annLoc) {
  if (!requireHost("load", call.loc))
    return std::nullopt;
  std::optional<std::string> pathArg = loadPath(call);
  if (!pathArg)
    return std::nullopt;
  const std::string &path = *pathArg;
  Location il = loc(call.loc);
  Value v = nd::LoadOp::create(b, il, type.tensorType(&ctx),
                               b.getStringAttr(path));
  // Named dims of `main` are real sizes: the first load that names one
  // defines it; every later one is checked against it at run time.
  for (auto [axis, d] : llvm::enumerate(type.dims)) {
    if (!d.isNamed())
      continue;
    auto it = scope->dims.find(d.name);
    if (it == scope->dims.end()) {
      scope->dims[d.name] = DimSource{v, static_cast<int64_t>(axis), path};
      continue;
    }
    const DimSource &src = it->second;
    Value d0 = tensor::DimOp::create(b, il, src.value, src.axis);
    Value d1 = tensor::DimOp::create(b, il, v, static_cast<int64_t>(axis));
    Value eq = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, d0, d1);
    std::string msg = file + ":" + std::to_string(call.loc.line) + ":" +
                      std::to_string(call.loc.col) + ": dimension '" + d.name +
                      "' of '" + path + "' does not match '" + src.path + "'";
    nd::AssertOp::create(b, il, eq, b.getStringAttr(msg));
  }
  (void)annLoc;
  return Val::array(v, type);
}

/// `np.load("f.npy")` without an annotation: typed from the file's header
/// when the program runs now (`arrayc run`), else an error naming the
/// annotation to write.
OptVal Gen::genUnannotatedLoad(const Expr &call) {
  SrcLoc l = call.loc;
  std::optional<std::string> pathArg = loadPath(call);
  if (!pathArg)
    return std::nullopt;
  const std::string &path = *pathArg;
  llvm::Expected<NpyHeader> header = readNpyHeader(path);
  if (options.typeLoadsFromFiles) {
    if (!header)
      return err(l, "np.load without a type annotation reads the file's header when "
                    "compiling, but " + llvm::toString(header.takeError()) +
                    "; annotate it, e.g. `x: f32[n] = np.load(...)`");
    ArrType t{header->dtype, {}};
    // The sizes are the file's, known when the program runs; a later load
    // of the same file is checked against the first (genLoad).
    for (unsigned d = 0; d < header->rank; ++d)
      t.dims.push_back(Dim::named(path + ".shape[" + std::to_string(d) + "]"));
    if (options.filesTyped)
      options.filesTyped->push_back(path);
    return genLoad(call, t, l);
  }
  std::string example = "x: f32[n] = np.load(...)";
  if (header) {
    std::string dims;
    for (unsigned d = 0; d < header->rank; ++d)
      dims += (d ? ", n" : "n") + std::to_string(d);
    example = "x: " + dtypeName(header->dtype).str() +
              (header->rank ? "[" + dims + "]" : "") + " = np.load(\"" + path + "\")";
  } else {
    llvm::consumeError(header.takeError());
  }
  if (failed)
    return std::nullopt;
  InFlightDiagnostic diag =
      emitError(loc(l)) << "np.load needs a type annotation when compiling ahead of "
                           "time (`arrayc run` reads the file's header instead), e.g. `"
                        << example << "`";
  if (header)
    diag.attachNote(loc(l)) << "'" << path << "' holds " << dtypeName(header->dtype)
                            << " data of rank " << header->rank << " now";
  failed = true;
  return std::nullopt;
}

/// Prints a tuple of integers (e.g. `x.shape`) as Python does: `(3, 4)`, `(3,)`.
bool Gen::printTuple(const Val &t, SrcLoc l, llvm::SmallVectorImpl<Attribute> &pieces,
                     llvm::SmallVectorImpl<Value> &operands) {
  std::string text = "(";
  auto flush = [&]() {
    if (!text.empty())
      pieces.push_back(b.getStringAttr(text));
    text.clear();
  };
  for (auto [i, e] : llvm::enumerate(t.elts)) {
    if (i)
      text += ", ";
    if (e.kind == Val::Lit && e.weak == Weak::Int) {
      text += std::to_string(e.i);
    } else if (e.kind == Val::Array && e.type.rank() == 0 && isInt(e.type.dtype)) {
      flush();
      pieces.push_back(b.getI64IntegerAttr(operands.size()));
      operands.push_back(e.value);
    } else {
      return fail(l, "printing a tuple is supported for tuples of integers "
                     "(such as '.shape') only; print its elements");
    }
  }
  text += t.elts.size() == 1 ? ",)" : ")";
  flush();
  return true;
}
