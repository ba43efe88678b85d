//===- GenList.cpp - Python lists and conditional expressions -------------===//
//
// A Python list whose items share one dtype and shape is an array whose
// first axis runs over the items (`Val::list`): a list of numbers is a 1-d
// array, a list of same-shape arrays has a new leading axis. Reading it
// (`xs[i]`, `len(xs)`, `for x in xs`, `np.array(xs)`, ufuncs) is reading
// that array, which is what NumPy does with a list. What only lists do:
//
// - `[]` is an empty list (`f64[0]`, as np.array([])) whose item type the
//   first append decides: a loop that appends carries the list with a
//   length known at run time (GenControlFlow.cpp merges `[]` with it).
// - `xs.append(v)` rebinds `xs` to the list one item longer (a copy of the
//   items; see docs/language/statements-operators.md). When the length is
//   only known at run time, an empty list takes the item as is (its shape
//   decides). A range loop that appends exactly once per iteration rewrites
//   what this emits into one allocation of the final length and a write of
//   each item into its slot (GenControlFlow.cpp, `preallocate` in genFor).
// - Comprehensions are desugared by the parser into such an append loop
//   (ParserDesugar.cpp).
// - Operators are an error: `+` on lists concatenates, `*` repeats.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"
#include "Frontend/ListItems.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <functional>

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;
using namespace mlir;

OptVal Gen::listDisplay(const Expr &e) {
  OptVal v = arrayFromList(e, std::nullopt, "list");
  if (!v)
    return std::nullopt;
  v->alias.reset();
  v->list = true;
  v->emptyList = e.elts.empty();
  return v;
}

Value Gen::emptyList(const ArrType &t, Location l) {
  Value zero = constant(Val::intLit(0), t.dtype);
  // The length 0 as a value the canonicalizer does not fold: a constant
  // would make the list's type static (tensor<0x..>) and scf.for's cast
  // folding would then give the loop's list that static length.
  Val z = Val::array(constant(Val::intLit(0), DType::I64),
                     ArrType{DType::I64, {}});
  Val sum = reduceAxes(nd::ReduceKind::sum, expandDims(z, {0}, SrcLoc{}), {0},
                       /*keep=*/false, SrcLoc{});
  Value n = arith::IndexCastOp::create(
      b, l, b.getIndexType(), tensor::ExtractOp::create(b, l, sum.value));
  llvm::SmallVector<Value> dyn;
  ArrType et = t;
  for (Dim &d : et.dims)
    if (d.isNamed())
      dyn.push_back(n);
  if (!t.dims[0].isNamed())
    et.dims[0] = Dim::lit(0);
  return nd::BroadcastInDimOp::create(b, l, et.tensorType(&ctx), zero,
                                      b.getDenseI64ArrayAttr({}), dyn);
}

bool Gen::genAppend(const Expr &call) {
  const Expr &f = *call.lhs;
  const Expr &obj = *f.lhs;
  OptVal xs = eval(obj);
  if (!xs)
    return false;
  if (!xs->list || obj.kind != ExprKind::Name)
    return fail(f.loc, xs->describe() + " has no method append(): only a "
                       "Python list held by a variable does (`xs = []`, "
                       "`xs.append(v)`); an array's size is fixed");
  if (call.elts.size() != 1 || !call.keywords.empty())
    return fail(call.loc, "list.append() takes exactly one argument");
  const Expr &arg = *call.elts[0];
  OptVal v = eval(arg);
  if (!v)
    return false;
  if (v->kind != Val::Lit && v->kind != Val::Array)
    return fail(arg.loc, "a list holds numbers or arrays here, not " +
                             v->describe());
  // Python's list keeps a reference: an in-place change to a named array
  // after the append would show in the list. Only comprehensions' hidden
  // lists (consumed where they are made) take views.
  bool hidden = llvm::StringRef(obj.name).contains('@');
  if (v->kind == Val::Array && v->type.rank() > 0 && v->alias && !hidden)
    return fail(arg.loc, "appending a named array (or a view of one) keeps "
                         "a reference to it in Python: a later in-place "
                         "change would show in the list; append a copy "
                         "(`" + obj.name + ".append(a.copy())`)");
  Val item = materialize(*v);
  item.weakRt = false;
  item.alias.reset();
  Location il = loc(call.loc);
  Val one = expandDims(item, {0}, call.loc);
  auto rebind = [&](Val r) {
    r.list = true;
    r.emptyList = false;
    r.alias.reset();
    bindName(obj.name, std::move(r));
    return true;
  };
  if (xs->emptyList)
    return rebind(one);
  if (xs->type.rank() != item.type.rank() + 1)
    return fail(arg.loc, "list items must have one shape: appending " +
                             item.type.str() + " to a list of " +
                             ArrType{xs->type.dtype,
                                     {xs->type.dims.begin() + 1,
                                      xs->type.dims.end()}}
                                 .str());
  if (!xs->type.dims[0].isNamed()) {
    OptVal r = concatVals({*xs, one}, 0, true, "list.append", call.loc);
    return r && rebind(*r);
  }
  // A length known only at run time may be 0: the list that came in empty
  // (a loop's first append) takes the item's shape, not the placeholder's.
  ArrType rt{promote(xs->type.dtype, item.type.dtype), xs->type.dims};
  rt.dims[0] = Dim::named(xs->type.dims[0].name + "+1");
  Value n = tensor::DimOp::create(b, il, xs->value, 0);
  Value isEmpty = arith::CmpIOp::create(b, il, arith::CmpIPredicate::eq, n,
                                        arith::ConstantIndexOp::create(b, il, 0));
  Type rtt = rt.tensorType(&ctx);
  auto ifOp = scf::IfOp::create(b, il, TypeRange{rtt}, isEmpty,
                                /*withElseRegion=*/true);
  auto yieldAs = [&](Value v) {
    if (v.getType() != rtt)
      v = tensor::CastOp::create(b, il, rtt, v);
    scf::YieldOp::create(b, il, v);
  };
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    yieldAs(toArray(one, rt.dtype).value);
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    OptVal r = concatVals({*xs, one}, 0, true, "list.append", call.loc);
    if (!r)
      return false;
    yieldAs(toArray(*r, rt.dtype).value);
  }
  return rebind(Val::array(ifOp.getResult(0), rt));
}

bool arrayc::frontend::gen::stackedListItems(Value stack, llvm::SmallVectorImpl<Value> &items) {
  auto stackType = cast<RankedTensorType>(stack.getType());
  auto leaf = [&](Value v) {
    auto r = v.getDefiningOp<nd::ReshapeOp>();
    if (!r)
      return false;
    auto in = cast<RankedTensorType>(r.getInput().getType());
    auto out = cast<RankedTensorType>(v.getType());
    if (in.getRank() + 1 != out.getRank() || out.getDimSize(0) != 1 ||
        in.getElementType() != stackType.getElementType())
      return false;
    // Only a leading unit axis put before the item's own shape: each
    // static size the same, each run-time size read from the item itself
    // (not `x.reshape(1, 3, 10)` of a (6, 5) array).
    auto dyn = r.getDynamicDims().begin();
    for (int64_t d = 0; d < in.getRank(); ++d) {
      if (!out.isDynamicDim(d + 1)) {
        if (in.isDynamicDim(d) || in.getDimSize(d) != out.getDimSize(d + 1))
          return false;
        continue;
      }
      auto dim = (*dyn++).getDefiningOp<tensor::DimOp>();
      std::optional<int64_t> at = dim ? dim.getConstantIndex() : std::nullopt;
      if (!dim || dim.getSource() != r.getInput() || at != d)
        return false;
    }
    items.push_back(r.getInput());
    return true;
  };
  std::function<bool(Value)> walk = [&](Value v) {
    if (auto c = v.getDefiningOp<nd::ConcatenateOp>(); c && c.getAxis() == 0) {
      for (Value in : c.getInputs())
        if (!walk(in))
          return false;
      return true;
    }
    return leaf(v);
  };
  return walk(stack) && items.size() >= 2;
}

OptVal Gen::listReduce(const Expr &call, bool &handled) {
  handled = false;
  const Expr &f = *call.lhs;
  if (f.kind != ExprKind::Name || funcs.count(f.name) ||
      !llvm::is_contained({"sum", "max", "min", "any", "all", "list"}, f.name) ||
      call.elts.size() != 1 || !call.keywords.empty())
    return std::nullopt;
  const Expr &arg = *call.elts[0];
  bool isList = arg.kind == ExprKind::List;
  if (arg.kind == ExprKind::Name) {
    auto it = scope->vars.find(arg.name);
    isList = it != scope->vars.end() && it->second.list;
  }
  if (!isList)
    return std::nullopt;
  handled = true;
  OptVal xs = eval(arg);
  if (!xs)
    return std::nullopt;
  if (f.name == "list") {
    xs->alias.reset();
    return xs;
  }
  // Python iterates the list: over numbers these are NumPy's reductions;
  // sum() adds array items elementwise.
  Val a = *xs;
  a.list = false;
  if (f.name == "sum") {
    // Items known one by one (an unrolled comprehension such as the eight
    // neighbour rolls of a stencil): Python's own `0 + x0 + x1 + ...`, one
    // fused elementwise chain, instead of stacking copies of them (each
    // append copying the stack so far) and reducing the stack.
    llvm::SmallVector<Value> items;
    if (a.type.rank() > 1 && stackedListItems(a.value, items)) {
      ArrType it{a.type.dtype, llvm::SmallVector<Dim, 4>(a.type.dims.begin() + 1,
                                                          a.type.dims.end())};
      OptVal acc = Val::intLit(0);
      for (Value v : items) {
        acc = binary("+", *acc, Val::array(v, it), call.loc);
        if (!acc)
          return std::nullopt;
      }
      acc->alias.reset();
      return acc;
    }
    Expr axis0(ExprKind::Int, call.loc);
    axis0.intValue = 0;
    return reduce(Builtin::Sum, "sum", a, &axis0, nullptr, call.loc);
  }
  if (a.type.rank() > 1)
    return err(arg.loc, "the truth value of an array with more than one "
                        "element is ambiguous: " + f.name + "() compares the "
                        "list's items, which are arrays here");
  handled = false;
  return std::nullopt;
}

OptVal Gen::conditionalExpr(const Expr &e) {
  OptVal c = eval(*e.elts[0]);
  if (!c)
    return std::nullopt;
  if (std::optional<bool> st = staticTruth(*c))
    return eval(*(*st ? e.lhs : e.rhs));
  // Each branch binds a hidden variable; the scf.if that genBranches builds
  // merges its two types as an if statement merges a variable's.
  std::string hidden = "ifexp@" + std::to_string(e.loc.line) + ":" +
                       std::to_string(e.loc.col);
  auto branch = [&](const Expr &x) {
    OptVal v = eval(x);
    if (!v)
      return false;
    if (v->kind != Val::Array && v->kind != Val::Lit)
      return fail(x.loc, "a conditional expression with a run-time condition "
                         "takes numbers or arrays, not " + v->describe());
    v->alias.reset();
    scope->vars[hidden] = *v;
    return true;
  };
  if (!genBranches(*c, e.elts[0]->loc, [&] { return branch(*e.lhs); },
                   [&] { return branch(*e.rhs); }, e.loc))
    return std::nullopt;
  auto it = scope->vars.find(hidden);
  if (it == scope->vars.end()) {
    scope->unbound.erase(hidden);
    return err(e.loc, "the two values of the conditional expression have "
                      "different types; convert one so that both have one "
                      "type (e.g. float(x))");
  }
  Val r = it->second;
  scope->vars.erase(it);
  return r;
}
