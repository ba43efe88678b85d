//===- GenVectorize.cpp - @vectorize functions as ndarray.map -------------===//
//
// A def decorated `@vectorize` is a scalar function applied elementwise
// (numpy.vectorize, Numba's @vectorize, CuPy's ElementwiseKernel). A call
// broadcasts the array arguments (NumPy's rules) and emits one `ndarray.map`
// whose region is the function's body generated once as scalar code for
// the arguments' dtypes (GenScalar.h). The map lowers to one
// linalg.generic, so it fuses with the array code around it and takes the
// GPU's elementwise mapping.
//
//===----------------------------------------------------------------------===//

#include "Frontend/GenScalar.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

//===----------------------------------------------------------------------===//
// The call: broadcast operands, one ndarray.map
//===----------------------------------------------------------------------===//

OptVal Gen::callVectorized(FuncInfo &fn, llvm::StringRef name, const Expr &call) {
  const Stmt &def = *fn.def;
  llvm::SmallVector<std::string> names;
  size_t required = 0;
  for (const Param &p : def.params) {
    names.push_back(p.name);
    if (!p.defaultValue)
      required = names.size();
  }
  llvm::SmallVector<const Expr *> exprs;
  if (!bindArgs(name, names, required, call, exprs))
    return std::nullopt;
  // Arguments: arrays become operands (broadcast together), Python scalars
  // weak constants of the body. A parameter annotated with a dtype takes
  // its argument cast to it (Numba's signatures).
  std::vector<Val> given;
  llvm::SmallVector<std::optional<DType>> declared;
  for (size_t i = 0; i < exprs.size(); ++i) {
    const Param &p = def.params[i];
    OptVal a = exprs[i] ? eval(*exprs[i]) : evalDefault(*p.defaultValue);
    if (!a)
      return std::nullopt;
    SrcLoc at = exprs[i] ? exprs[i]->loc : p.defaultValue->loc;
    if (a->kind == Val::Lit && a->weak == Weak::Complex)
      return err(at, "a @vectorize function computes on bool, signed integers "
                     "and floats, not complex numbers");
    if (a->kind != Val::Array && a->kind != Val::Lit)
      return err(at, "argument '" + p.name + "' of @vectorize function '" + name +
                         "' must be an array or a number, got " + a->describe());
    if (a->kind == Val::Array && !isScalarDType(a->type.dtype))
      return err(at, "a @vectorize function computes on bool, signed integers "
                     "and floats; argument '" + p.name + "' is " +
                         numpyDtypeName(a->type.dtype).str());
    std::optional<DType> d;
    if (p.annotation) {
      auto error = [&](SrcLoc l, const std::string &m) { err(l, m); };
      std::optional<ArrType> t = parseTypeAnnotation(*p.annotation, error);
      if (!t)
        return std::nullopt;
      if (t->rank() != 0)
        return err(p.annotation->loc, "a @vectorize function's parameters are "
                                      "scalars: annotate a dtype (`" +
                                          dtypeName(t->dtype).str() + "`)");
      if (!isScalarDType(t->dtype))
        return err(p.annotation->loc, "a @vectorize function computes on bool, "
                                      "signed integers and floats");
      d = t->dtype;
    }
    declared.push_back(d);
    given.push_back(*a);
  }
  // The broadcast shape of the array arguments.
  llvm::SmallVector<Dim, 4> shape;
  std::optional<Val> acc;
  for (Val &a : given) {
    if (a.kind != Val::Array)
      continue;
    if (!acc) {
      acc = a;
      shape.assign(a.type.dims.begin(), a.type.dims.end());
      continue;
    }
    if (!checkBroadcast(*acc, a, shape, call.loc))
      return std::nullopt;
    *acc = broadcastTo(*acc, shape, {*acc, a}, loc(call.loc));
  }
  Location l = loc(call.loc);
  llvm::SmallVector<Value> operands;
  llvm::SmallVector<Type> argTypes;
  for (auto [a, d] : llvm::zip(given, declared)) {
    if (a.kind != Val::Array)
      continue;
    Val v = d ? toArray(a, *d) : a;
    v = broadcastTo(v, shape, {*acc, v}, l);
    operands.push_back(v.value);
    argTypes.push_back(toMLIR(v.type.dtype, &ctx));
  }
  // The body, into a map whose result types are known once it is generated.
  ArrType shapeOnly{DType::F64, shape};
  auto shell = nd::MapOp::create(b, l, TypeRange{shapeOnly.tensorType(&ctx)},
                                 operands);
  std::optional<llvm::SmallVector<Scalar>> out;
  {
    OpBuilder::InsertionGuard guard(b);
    Block *block = b.createBlock(&shell.getBody(), {}, argTypes,
                                 llvm::SmallVector<Location>(argTypes.size(), l));
    ScalarBody body(*this, 0);
    llvm::SmallVector<Scalar> args;
    unsigned k = 0;
    for (auto [a, d] : llvm::zip(given, declared)) {
      Scalar s;
      if (a.kind == Val::Array) {
        s = Scalar{block->getArgument(k++), d ? *d : a.type.dtype, std::nullopt};
      } else {
        s.weak = a.weak;
        s.t = weakDefault(a.weak);
        Type mt = toMLIR(s.t, &ctx);
        s.v = isFloat(s.t)
                  ? arith::ConstantOp::create(b, l, mt, b.getFloatAttr(mt, a.f))
                  : arith::ConstantOp::create(b, l, mt, b.getIntegerAttr(mt, a.i));
        if (d) {
          s = Scalar{s.v, s.t, std::nullopt};
          s = ScalarBody(*this, 0).cast(s, *d, call.loc);
        }
      }
      args.push_back(s);
    }
    out = body.genFunction(def, args);
    if (out) {
      std::optional<DType> ret;
      if (def.returns) {
        auto error = [&](SrcLoc el, const std::string &m) { err(el, m); };
        std::optional<ArrType> t = parseTypeAnnotation(*def.returns, error);
        if (!t || t->rank() != 0 || !isScalarDType(t->dtype)) {
          if (t)
            err(def.returns->loc, "a @vectorize function returns scalars: "
                                  "annotate a dtype (`-> f32`)");
          out.reset();
        } else {
          ret = t->dtype;
        }
      }
      if (out) {
        llvm::SmallVector<Value> vals;
        for (Scalar &s : *out) {
          if (ret)
            s = ScalarBody(*this, 0).cast(s, *ret, def.loc);
          vals.push_back(s.v);
        }
        nd::YieldOp::create(b, l, vals);
      }
    }
  }
  if (!out) {
    shell.erase();
    return std::nullopt;
  }
  llvm::SmallVector<Type> resultTypes;
  llvm::SmallVector<ArrType> results;
  for (const Scalar &s : *out) {
    results.push_back(ArrType{s.t, shape});
    resultTypes.push_back(results.back().tensorType(&ctx));
  }
  auto map = nd::MapOp::create(b, l, resultTypes, operands);
  map.getBody().takeBody(shell.getBody());
  shell.erase();
  if (results.size() == 1)
    return Val::array(map.getResult(0), results[0]);
  Val tuple;
  tuple.kind = Val::Tuple;
  for (auto [r, t] : llvm::zip(map.getResults(), results))
    tuple.elts.push_back(Val::array(r, t));
  return tuple;
}
