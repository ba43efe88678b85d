//===- ShardStencil.cpp - stencils split by rows, with halo exchanges -----===//
//
// ShardStencil.h says what. How the locality is proved: the copy keeps the
// function's dynamic row count (every process runs it on its own rows plus
// halos: b + lo + hi rows, lo and hi 0 at the global ends), and an analysis
// follows every tensor derived from the split arguments ("tracked"):
//
//  - its row deficit c: it has R - c rows when the split arguments have R
//    (u[1:-1] has c = 2), the same on every process;
//  - its margins: how many rows at its low and high ends may differ from
//    the global program's rows where that end is a cut between processes
//    (never at a global end: there the local rows are the global ones).
//
// Index arithmetic on row counts (NumPy's slice clamping) is evaluated in
// "worlds": the global program (R = n) and each process's (R = b + h, and
// b + 2 h in the middle). A slice along the rows must start at the same
// constant offset o and have R - c - k rows with the same k in every world:
// then each local row maps to the global row at the same distance from the
// process's first row, so slices and elementwise ops keep local rows equal
// to the global ones, and only writes (insert_slice at offset o leaving k - o
// rows) add margins (o and k - o rows: there the global program wrote, the
// local one did not). Each loop-carried tracked tensor with a margin gets a
// halo exchange at the start of the iteration (its margins are then 0), and
// the halo h is the largest margin needed; results must be whole tracked
// tensors (c = 0), whose rows [lo, lo + b) are this process's block, gathered.
// Anything else touching a tracked tensor (a reduction along the rows,
// indexing by position or value, calls, while loops) is refused with a
// reason, and the call stays with MLIR's partitioner's answer.
//===----------------------------------------------------------------------===//
#include "Transforms/ShardStencil.h"

#include "Transforms/Shard.h"

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include <optional>
#include <tuple>

using namespace mlir;

namespace arrayc {
namespace {

/// A tracked tensor (the file comment).
struct Rows {
  int64_t deficit = 0;
  int64_t lo = 0, hi = 0;
};

/// An index or integer value in each world; `tainted` when it depends on a
/// tracked tensor's row count.
struct Eval {
  SmallVector<std::optional<int64_t>> at;
  bool tainted = false;
  /// Known, and the same in every world.
  std::optional<int64_t> invariant() const {
    if (at.empty() || !at[0])
      return std::nullopt;
    for (const auto &v : at)
      if (v != at[0])
        return std::nullopt;
    return at[0];
  }
};

std::string opText(Operation *op) {
  return "'" + op->getName().getStringRef().str() + "' at " + rtcall::locationText(op->getLoc());
}

class Locality {
public:
  /// `worlds`: the split arguments' row count in each world.
  Locality(ArrayRef<int64_t> worlds) : worlds(worlds.begin(), worlds.end()) {}

  std::string why;
  /// The largest margin the exchanges and results need.
  int64_t need = 0;
  /// Loop-carried tensors to exchange halos of: (loop, iter_arg index).
  SmallVector<std::pair<scf::ForOp, unsigned>> exchanges;
  DenseMap<Value, Rows> rows;

  bool run(func::FuncOp fn, ArrayRef<unsigned> splitArgs) {
    for (unsigned i : splitArgs)
      rows[fn.getArgument(i)] = Rows{};
    if (!visitBlock(fn.front()))
      return false;
    auto ret = cast<func::ReturnOp>(fn.front().getTerminator());
    for (Value v : ret.getOperands()) {
      auto it = rows.find(v);
      if (it == rows.end()) {
        if (!invariantUse(ret, v))
          return false;
        continue;
      }
      if (!collectiveElement(cast<ShapedType>(v.getType()).getElementType()))
        return refuse(ret, "returns elements the collectives do not carry");
      if (it->second.deficit != 0)
        return refuse(ret, "returns a slice of a split array's rows");
      need = std::max({need, it->second.lo, it->second.hi});
    }
    return true;
  }

private:
  SmallVector<int64_t> worlds;
  DenseMap<Value, Eval> evals;

  bool refuse(Operation *op, const Twine &what) {
    if (why.empty())
      why = (opText(op) + " " + what).str();
    return false;
  }

  Eval constant(std::optional<int64_t> v, bool tainted = false) {
    Eval e;
    e.at.assign(worlds.size(), v);
    e.tainted = tainted;
    return e;
  }

  Eval eval(Value v) {
    if (auto it = evals.find(v); it != evals.end())
      return it->second;
    Eval e = compute(v);
    evals[v] = e;
    return e;
  }

  Eval compute(Value v) {
    APInt c;
    if (matchPattern(v, m_ConstantInt(&c)))
      return constant(c.getSExtValue());
    Operation *def = v.getDefiningOp();
    if (!def)
      return constant(std::nullopt);
    if (auto dim = dyn_cast<tensor::DimOp>(def)) {
      std::optional<int64_t> idx = dim.getConstantIndex();
      auto it = rows.find(dim.getSource());
      if (it != rows.end() && idx == 0) {
        Eval e = constant(std::nullopt, true);
        for (auto [k, w] : llvm::enumerate(worlds))
          e.at[k] = w - it->second.deficit;
        return e;
      }
      auto st = cast<ShapedType>(dim.getSource().getType());
      if (idx && !st.isDynamicDim(*idx))
        return constant(st.getDimSize(*idx));
      // Another dimension: the same in every world, unknown here (a tracked
      // tensor's row count at an unknown dimension index: tainted).
      return constant(std::nullopt, it != rows.end() && !idx);
    }
    SmallVector<Eval> ins;
    bool tainted = false;
    for (Value o : def->getOperands()) {
      if (!o.getType().isIntOrIndex())
        return constant(std::nullopt, tainted || anyTracked(def));
      ins.push_back(eval(o));
      tainted |= ins.back().tainted;
    }
    Eval e = constant(std::nullopt, tainted);
    auto each = [&](auto f) {
      for (size_t w = 0; w < worlds.size(); ++w) {
        SmallVector<int64_t> xs;
        for (const Eval &in : ins) {
          if (!in.at[w])
            break;
          xs.push_back(*in.at[w]);
        }
        if (xs.size() == ins.size())
          e.at[w] = f(ArrayRef<int64_t>(xs));
      }
      return e;
    };
    using R = std::optional<int64_t>;
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R { return x[0]; });
    if (isa<arith::AddIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R { return x[0] + x[1]; });
    if (isa<arith::SubIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R { return x[0] - x[1]; });
    if (isa<arith::MulIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R { return x[0] * x[1]; });
    if (isa<arith::DivSIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R {
        return x[1] ? R(x[0] / x[1]) : std::nullopt;
      });
    if (isa<arith::FloorDivSIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R {
        if (!x[1])
          return std::nullopt;
        int64_t q = x[0] / x[1];
        return (x[0] % x[1] != 0 && ((x[0] < 0) != (x[1] < 0))) ? q - 1 : q;
      });
    if (isa<arith::CeilDivSIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R {
        if (!x[1])
          return std::nullopt;
        int64_t q = x[0] / x[1];
        return (x[0] % x[1] != 0 && ((x[0] < 0) == (x[1] < 0))) ? q + 1 : q;
      });
    if (isa<arith::RemSIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R {
        return x[1] ? R(x[0] % x[1]) : std::nullopt;
      });
    if (auto mul = dyn_cast<arith::MulUIExtendedOp>(def)) {
      bool high = v == mul.getHigh();
      return each([high](ArrayRef<int64_t> x) -> R {
        unsigned __int128 p = static_cast<unsigned __int128>(static_cast<uint64_t>(x[0])) *
                              static_cast<uint64_t>(x[1]);
        return static_cast<int64_t>(static_cast<uint64_t>(high ? p >> 64 : p));
      });
    }
    if (isa<arith::MaxUIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R {
        return std::max<uint64_t>(x[0], x[1]);
      });
    if (isa<arith::MinUIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R {
        return std::min<uint64_t>(x[0], x[1]);
      });
    if (isa<arith::MaxSIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R { return std::max(x[0], x[1]); });
    if (isa<arith::MinSIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R { return std::min(x[0], x[1]); });
    if (isa<arith::SelectOp>(def))
      return each([](ArrayRef<int64_t> x) -> R { return x[0] ? x[1] : x[2]; });
    if (auto cmp = dyn_cast<arith::CmpIOp>(def)) {
      auto pred = cmp.getPredicate();
      return each([pred](ArrayRef<int64_t> x) -> R {
        switch (pred) {
        case arith::CmpIPredicate::eq: return x[0] == x[1];
        case arith::CmpIPredicate::ne: return x[0] != x[1];
        case arith::CmpIPredicate::slt: return x[0] < x[1];
        case arith::CmpIPredicate::sle: return x[0] <= x[1];
        case arith::CmpIPredicate::sgt: return x[0] > x[1];
        case arith::CmpIPredicate::sge: return x[0] >= x[1];
        case arith::CmpIPredicate::ult: return uint64_t(x[0]) < uint64_t(x[1]);
        case arith::CmpIPredicate::ule: return uint64_t(x[0]) <= uint64_t(x[1]);
        case arith::CmpIPredicate::ugt: return uint64_t(x[0]) > uint64_t(x[1]);
        case arith::CmpIPredicate::uge: return uint64_t(x[0]) >= uint64_t(x[1]);
        default: return std::nullopt;
        }
      });
    }
    if (isa<arith::AndIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R { return x[0] & x[1]; });
    if (isa<arith::OrIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R { return x[0] | x[1]; });
    if (isa<arith::XOrIOp>(def))
      return each([](ArrayRef<int64_t> x) -> R { return x[0] ^ x[1]; });
    return e; // unknown; tainted when an operand is
  }

  bool anyTracked(Operation *op) {
    return llvm::any_of(op->getOperands(), [&](Value v) { return rows.count(v); });
  }

  /// A value used where its row dependence matters: the same in every world.
  bool invariantUse(Operation *op, Value v) {
    if (!v.getType().isIntOrIndex())
      return true;
    Eval e = eval(v);
    if (!e.tainted || e.invariant())
      return true;
    return refuse(op, "computes with a split array's row count");
  }

  /// A slice's offsets and sizes (from `offsets`, `sizes`, `strides`) on a
  /// tensor of `srcRows`: the row offset o and the rows left out k (the
  /// slice has R - deficit - k rows in every world); other dimensions the
  /// same in every world.
  bool sliceRows(Operation *op, ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes,
                 ArrayRef<OpFoldResult> strides, const Rows &src, int64_t &o, int64_t &k) {
    auto value = [&](OpFoldResult f) -> Eval {
      if (auto a = dyn_cast<Attribute>(f))
        return constant(cast<IntegerAttr>(a).getInt());
      return eval(cast<Value>(f));
    };
    std::optional<int64_t> stride = getConstantIntValue(strides[0]);
    if (stride != 1)
      return refuse(op, "takes every n-th row of a split array");
    std::optional<int64_t> off = value(offsets[0]).invariant();
    if (!off || *off < 0)
      return refuse(op, "starts at a row that depends on the array's size or on values");
    Eval size = value(sizes[0]);
    std::optional<int64_t> left;
    for (auto [w, r] : llvm::enumerate(worlds)) {
      if (!size.at[w])
        return refuse(op, "takes a number of rows not known from the array's size");
      int64_t l = r - src.deficit - *size.at[w];
      if (left && *left != l)
        return refuse(op, "takes a fixed number of rows of a split array (a position, not "
                          "a shift)");
      left = l;
    }
    if (*left < *off)
      return refuse(op, "ends past the array's last row");
    for (size_t d = 1; d < offsets.size(); ++d)
      for (OpFoldResult f : {offsets[d], sizes[d], strides[d]}) {
        Eval e = value(f);
        if (e.tainted && !e.invariant())
          return refuse(op, "slices another dimension by the split array's row count");
      }
    o = *off;
    k = *left;
    return true;
  }

  /// A tensor made with a row count (tensor.empty, alloc_tensor): tracked
  /// when its row count is R - c in every world.
  bool madeWithRows(Operation *op, Value rowCount, Value result) {
    Eval e = eval(rowCount);
    if (!e.tainted)
      return true; // untracked: its rows do not follow the split arrays'
    std::optional<int64_t> c;
    for (auto [w, r] : llvm::enumerate(worlds)) {
      if (!e.at[w] || (c && *c != r - *e.at[w]))
        return refuse(op, "makes an array whose row count is not the split array's");
      c = r - *e.at[w];
    }
    if (*c < 0)
      return refuse(op, "makes an array with more rows than the split array");
    rows[result] = Rows{*c, 0, 0};
    return true;
  }

  bool visitBlock(Block &block) {
    for (Operation &op : block.without_terminator())
      if (!visit(&op))
        return false;
    return true;
  }

  bool visit(Operation *op) {
    if (isa<arith::ArithDialect>(op->getDialect()) && !anyTracked(op))
      return true; // evaluated where used
    if (isa<tensor::DimOp>(op))
      return true;
    if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op)) {
      auto it = rows.find(slice.getSource());
      if (it == rows.end())
        return checkOperands(op);
      Rows src = it->second;
      int64_t o, k;
      if (!sliceRows(op, slice.getMixedOffsets(), slice.getMixedSizes(), slice.getMixedStrides(),
                     src, o, k))
        return false;
      if (slice.getResultType().getRank() != slice.getSourceType().getRank() &&
          slice.getDroppedDims().test(0))
        return refuse(op, "takes one row of a split array");
      rows[slice.getResult()] =
          Rows{src.deficit + k, std::max<int64_t>(0, src.lo - o), std::max<int64_t>(0, src.hi - (k - o))};
      return true;
    }
    if (auto ins = dyn_cast<tensor::InsertSliceOp>(op)) {
      auto dst = rows.find(ins.getDest());
      auto src = rows.find(ins.getSource());
      if (dst == rows.end() && src == rows.end())
        return checkOperands(op);
      if (dst == rows.end())
        return refuse(op, "writes a split array's rows into another array");
      if (src == rows.end())
        return refuse(op, "writes rows at fixed positions of a split array");
      if (ins.getSourceType().getRank() != ins.getDestType().getRank())
        return refuse(op, "writes one row of a split array");
      int64_t o, k;
      if (!sliceRows(op, ins.getMixedOffsets(), ins.getMixedSizes(), ins.getMixedStrides(),
                     dst->second, o, k))
        return false;
      if (src->second.deficit != dst->second.deficit + k)
        return refuse(op, "writes rows of another shift");
      Rows r{dst->second.deficit, o + src->second.lo, (k - o) + src->second.hi};
      rows[ins.getResult()] = r;
      return true;
    }
    if (auto empty = dyn_cast<tensor::EmptyOp>(op)) {
      if (empty.getType().getRank() == 0 || !empty.getType().isDynamicDim(0))
        return checkOperands(op);
      return madeWithRows(op, empty.getDynamicSizes()[0], empty.getResult());
    }
    if (auto alloc = dyn_cast<bufferization::AllocTensorOp>(op)) {
      if (Value copied = alloc.getCopy()) {
        if (auto it = rows.find(copied); it != rows.end())
          rows[alloc.getResult()] = it->second;
        return true;
      }
      if (alloc.getType().getRank() == 0 || !alloc.getType().isDynamicDim(0))
        return checkOperands(op);
      return madeWithRows(op, alloc.getDynamicSizes()[0], alloc.getResult());
    }
    if (auto cast = dyn_cast<tensor::CastOp>(op)) {
      auto it = rows.find(cast.getSource());
      if (it == rows.end())
        return true;
      auto to = dyn_cast<RankedTensorType>(cast.getType());
      if (!to || !to.isDynamicDim(0))
        return refuse(op, "gives a split array a fixed row count");
      rows[cast.getResult()] = it->second;
      return true;
    }
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
      return visitLinalg(linalgOp);
    if (auto forOp = dyn_cast<scf::ForOp>(op))
      return visitFor(forOp);
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      return visitIf(ifOp);
    if (anyTracked(op))
      return refuse(op, "uses a split array in a way whose rows are not local (no stencil "
                        "rule)");
    if (op->getNumRegions() > 0) {
      bool ok = true;
      op->walk([&](Operation *inner) {
        if (ok && inner != op && anyTracked(inner))
          ok = refuse(inner, "uses a split array inside a region");
      });
      if (!ok)
        return false;
    }
    return checkOperands(op);
  }

  bool checkOperands(Operation *op) {
    for (Value v : op->getOperands())
      if (!invariantUse(op, v))
        return false;
    return true;
  }

  /// The row a tracked tensor is read at, relative to the loop's row
  /// `rowDim`: `d` or `d + o` (o >= 0) in a map, or `linalg.index d + o` as a
  /// tensor.extract's index in the body (how the frontend reads a shifted
  /// slice `u[2:]`).
  static std::optional<int64_t> mapShift(AffineExpr e, unsigned rowDim) {
    if (auto d = dyn_cast<AffineDimExpr>(e))
      return d.getPosition() == rowDim ? std::optional<int64_t>(0) : std::nullopt;
    auto sum = dyn_cast<AffineBinaryOpExpr>(e);
    if (!sum || sum.getKind() != AffineExprKind::Add)
      return std::nullopt;
    auto d = dyn_cast<AffineDimExpr>(sum.getLHS());
    auto c = dyn_cast<AffineConstantExpr>(sum.getRHS());
    if (!d || !c || d.getPosition() != rowDim || c.getValue() < 0)
      return std::nullopt;
    return c.getValue();
  }
  static std::optional<int64_t> indexShift(Value v, unsigned rowDim) {
    if (auto index = v.getDefiningOp<linalg::IndexOp>())
      return index.getDim() == rowDim ? std::optional<int64_t>(0) : std::nullopt;
    auto add = v.getDefiningOp<arith::AddIOp>();
    if (!add)
      return std::nullopt;
    for (auto [a, c] : {std::pair(add.getLhs(), add.getRhs()), std::pair(add.getRhs(), add.getLhs())}) {
      auto index = a.getDefiningOp<linalg::IndexOp>();
      std::optional<int64_t> k = getConstantIntValue(c);
      if (index && index.getDim() == rowDim && k && *k >= 0)
        return k;
    }
    return std::nullopt;
  }

  /// A generic over the rows: its tracked outputs written row by row (the
  /// loop dimension `d` the rows), its tracked inputs read at d + o (a
  /// shifted slice: rows o .. o + R - c_out of an input of R - c_in rows),
  /// nothing else depending on d.
  bool visitLinalg(linalg::LinalgOp op) {
    SmallVector<tensor::ExtractOp> reads;
    op->walk([&](tensor::ExtractOp e) {
      if (rows.count(e.getTensor()))
        reads.push_back(e);
    });
    if (!anyTracked(op) && reads.empty())
      return checkCaptures(op, {});
    std::optional<unsigned> rowDim;
    int64_t deficit = -1, lo = 0, hi = 0;
    for (OpOperand &o : op.getDpsInitsMutable()) {
      auto it = rows.find(o.get());
      AffineMap map = op.getMatchingIndexingMap(&o);
      auto d = map.getNumResults() ? dyn_cast<AffineDimExpr>(map.getResult(0)) : nullptr;
      if (it == rows.end() || !d)
        return refuse(op, "reduces along the split rows");
      if ((rowDim && *rowDim != d.getPosition()) ||
          (deficit >= 0 && deficit != it->second.deficit))
        return refuse(op, "writes rows of split arrays of other shifts");
      rowDim = d.getPosition();
      deficit = it->second.deficit;
      lo = std::max(lo, it->second.lo);
      hi = std::max(hi, it->second.hi);
    }
    if (!rowDim)
      return refuse(op, "reduces along the split rows");
    if (op.getIteratorTypesArray()[*rowDim] != utils::IteratorType::parallel)
      return refuse(op, "reduces along the split rows");
    // An input of `src` rows read from row `shift`: margins as a slice's.
    auto read = [&](const Rows &src, int64_t shift) {
      int64_t k = deficit - src.deficit; // rows of the input the loop leaves out
      if (k < shift)
        return refuse(op, "reads past a split array's last row");
      lo = std::max(lo, std::max<int64_t>(0, src.lo - shift));
      hi = std::max(hi, std::max<int64_t>(0, src.hi - (k - shift)));
      return true;
    };
    for (OpOperand &o : op->getOpOperands()) {
      AffineMap map = op.getMatchingIndexingMap(&o);
      auto it = rows.find(o.get());
      for (auto [k, e] : llvm::enumerate(map.getResults())) {
        if (it != rows.end() && k == 0)
          continue;
        if (e.isFunctionOfDim(*rowDim))
          return refuse(op, "reads another array along the split rows (a broadcast or "
                            "transpose across them)");
      }
      if (it == rows.end() || op.isDpsInit(&o))
        continue;
      std::optional<int64_t> shift = mapShift(map.getResult(0), *rowDim);
      if (!shift)
        return refuse(op, "reads a split array's rows other than row by row");
      if (!read(it->second, *shift))
        return false;
    }
    for (tensor::ExtractOp e : reads) {
      std::optional<int64_t> shift =
          e.getIndices().empty() ? std::nullopt : indexShift(e.getIndices()[0], *rowDim);
      if (!shift)
        return refuse(op, "reads a split array inside its body at rows other than its own "
                          "(indexing by values)");
      for (Value i : e.getIndices().drop_front())
        if (dependsOnRowIndex(i, *rowDim))
          return refuse(op, "reads a split array across its rows");
      if (!read(rows[e.getTensor()], *shift))
        return false;
    }
    // The row index serves those reads' row indices only (anything else: a
    // position along the rows).
    auto rowIndexOnly = [&](Value v) {
      return llvm::all_of(v.getUses(), [&](OpOperand &use) {
        auto e = dyn_cast<tensor::ExtractOp>(use.getOwner());
        return e && llvm::is_contained(reads, e) && use.getOperandNumber() == 1;
      });
    };
    bool positional = false;
    op->walk([&](linalg::IndexOp index) {
      if (index.getDim() != *rowDim)
        return;
      for (OpOperand &use : index->getUses()) {
        Operation *user = use.getOwner();
        if (isa<tensor::ExtractOp>(user) && rowIndexOnly(index))
          continue;
        if (isa<arith::AddIOp>(user) && indexShift(user->getResult(0), *rowDim) &&
            rowIndexOnly(user->getResult(0)))
          continue;
        positional = true;
      }
    });
    if (positional)
      return refuse(op, "reads its row index (a position along the split rows)");
    if (!checkCaptures(op, reads))
      return false;
    for (Value r : op->getResults())
      rows[r] = Rows{deficit, lo, hi};
    return true;
  }

  static bool dependsOnRowIndex(Value v, unsigned rowDim) {
    if (auto index = v.getDefiningOp<linalg::IndexOp>())
      return index.getDim() == rowDim;
    Operation *def = v.getDefiningOp();
    if (!def || !isa<arith::ArithDialect>(def->getDialect()))
      return false;
    return llvm::any_of(def->getOperands(), [&](Value o) { return dependsOnRowIndex(o, rowDim); });
  }

  /// Values from outside `op`'s body: no split array other than `reads`,
  /// and no row count.
  bool checkCaptures(linalg::LinalgOp op, ArrayRef<tensor::ExtractOp> reads) {
    bool ok = true;
    op->walk([&](Operation *inner) {
      if (!ok || inner == op.getOperation())
        return;
      if (auto e = dyn_cast<tensor::ExtractOp>(inner); e && llvm::is_contained(reads, e))
        return;
      if (anyTracked(inner))
        ok = refuse(op, "reads a split array inside its body (indexing by values)");
      else
        for (Value v : inner->getOperands())
          if (v.getParentRegion() && !op->isAncestor(v.getParentRegion()->getParentOp()) &&
              !invariantUse(op, v))
            ok = false;
    });
    return ok;
  }

  bool visitFor(scf::ForOp loop) {
    for (Value v : {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()})
      if (!invariantUse(loop, v))
        return false;
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    SmallVector<std::optional<Rows>> inits;
    for (auto [init, arg] : llvm::zip(loop.getInitArgs(), loop.getRegionIterArgs())) {
      auto it = rows.find(init);
      if (it == rows.end()) {
        inits.push_back(std::nullopt);
        if (!invariantUse(loop, init))
          return false;
        continue;
      }
      inits.push_back(it->second);
      rows[arg] = Rows{it->second.deficit, 0, 0}; // exchanged if it needs
    }
    if (!visitBlock(*loop.getBody()))
      return false;
    for (auto [i, init] : llvm::enumerate(inits)) {
      Value next = yield.getOperand(i);
      auto it = rows.find(next);
      if (!init) {
        if (it != rows.end())
          return refuse(loop, "carries a split array's rows into another array");
        if (!invariantUse(yield, next))
          return false;
        continue;
      }
      if (it == rows.end() || it->second.deficit != init->deficit)
        return refuse(loop, "carries rows of a split array of another shift");
      Rows out{init->deficit, std::max(init->lo, it->second.lo), std::max(init->hi, it->second.hi)};
      if (out.lo || out.hi) {
        if (init->deficit)
          return refuse(loop, "carries a slice of a split array's rows with a halo");
        if (!collectiveElement(cast<ShapedType>(next.getType()).getElementType()))
          return refuse(loop, "carries elements the collectives do not carry");
        exchanges.push_back({loop, static_cast<unsigned>(i)});
        need = std::max({need, out.lo, out.hi});
      }
      rows[loop.getResult(i)] = out;
    }
    return true;
  }

  bool visitIf(scf::IfOp branch) {
    if (!invariantUse(branch, branch.getCondition()))
      return false;
    if (!visitBlock(*branch.thenBlock()))
      return false;
    if (branch.elseBlock() && !visitBlock(*branch.elseBlock()))
      return false;
    for (unsigned i = 0; i < branch.getNumResults(); ++i) {
      std::optional<Rows> out;
      bool untracked = false;
      for (Block *b : {branch.thenBlock(), branch.elseBlock()}) {
        if (!b)
          continue;
        Value v = b->getTerminator()->getOperand(i);
        auto it = rows.find(v);
        if (it == rows.end()) {
          untracked = true;
          if (!invariantUse(branch, v))
            return false;
          continue;
        }
        if (out && out->deficit != it->second.deficit)
          return refuse(branch, "gives arrays of other shifts on its two paths");
        out = out ? Rows{out->deficit, std::max(out->lo, it->second.lo),
                         std::max(out->hi, it->second.hi)}
                  : it->second;
      }
      if (out && untracked)
        return refuse(branch, "gives a split array on one path and another on the other");
      if (out)
        rows[branch.getResult(i)] = *out;
    }
    return true;
  }
};

/// This process's index along mesh axis `axis` of `processes` processes, and
/// its halo rows on each side: `halo`, or 0 where it has no neighbour.
std::tuple<Value, Value, Value> haloRows(OpBuilder &b, Location loc, int64_t axis,
                                         int64_t processes, int64_t halo) {
  Value r = shard::ProcessMultiIndexOp::create(b, loc, kMeshSymbol,
                                               ArrayRef<int16_t>{int16_t(axis)})
                ->getResult(0);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value h = arith::ConstantIndexOp::create(b, loc, halo);
  Value last = arith::ConstantIndexOp::create(b, loc, processes - 1);
  Value lo = arith::SelectOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, r, zero), h, zero);
  Value hi = arith::SelectOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, r, last), h, zero);
  return {r, lo, hi};
}

} // namespace

StencilCopy partitionStencil(func::FuncOp fn, ArrayRef<Type> types, ArrayRef<unsigned> splitArgs,
                             int64_t axis, int64_t processes,
                             function_ref<bool(func::FuncOp, std::string &)> fold,
                             std::string &why) {
  MLIRContext *ctx = fn.getContext();
  StencilCopy result;
  int64_t n = -1;
  for (unsigned i : splitArgs) {
    auto tt = cast<RankedTensorType>(types[i]);
    if (n >= 0 && tt.getDimSize(0) != n)
      return result; // not rows of one grid: no reason beyond the partitioner's
    n = tt.getDimSize(0);
  }
  if (n <= 0 || n % processes)
    return result; // said already (the argument stays whole)
  int64_t block = n / processes;

  // The call's shapes, except the split rows: each process has its own count.
  SmallVector<Type> argTypes(types.begin(), types.end());
  for (unsigned i : splitArgs) {
    auto tt = cast<RankedTensorType>(types[i]);
    SmallVector<int64_t> shape(tt.getShape());
    shape[0] = ShapedType::kDynamic;
    argTypes[i] = RankedTensorType::get(shape, tt.getElementType());
  }
  func::FuncOp copy = copyWithArgumentTypes(fn, "__stencil", argTypes);
  OpBuilder b(ctx);
  auto fail = [&](std::string text) {
    why = std::move(text);
    copy.erase();
    return StencilCopy();
  };
  std::string errors;
  if (!fold(copy, errors))
    return fail("its shapes did not fold: " + errors);

  // The halo: the largest margin, found in the worlds of that halo (the
  // global rows, an end process's and a middle one's).
  auto worldsOf = [&](int64_t h) {
    SmallVector<int64_t> w{n};
    if (processes > 1)
      w.push_back(block + h);
    if (processes > 2)
      w.push_back(block + 2 * h);
    return w;
  };
  std::optional<Locality> found;
  for (int64_t h = 1; h <= block && !found;) {
    Locality l(worldsOf(h));
    if (!l.run(copy, splitArgs))
      return fail("as a stencil: " + l.why);
    if (l.need <= h) {
      if (l.need < h) { // a smaller halo may do (0: no exchange)
        Locality smaller(worldsOf(l.need));
        if (smaller.run(copy, splitArgs) && smaller.need == l.need) {
          h = l.need;
          l = std::move(smaller);
        }
      }
      result.halo = h;
      found = std::move(l);
      break;
    }
    h = l.need;
  }
  if (!found)
    return fail("as a stencil: it needs a halo larger than a process's " +
                std::to_string(block) + " rows");
  Locality &l = *found;

  // The rows this process has beyond its block: its halos (0 at a global end).
  Location loc = copy.getLoc();
  b.setInsertionPointToStart(&copy.front());
  Value lo, hi;
  std::tie(std::ignore, lo, hi) = haloRows(b, loc, axis, processes, result.halo);
  Value lo64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), lo);
  Value hi64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), hi);
  auto meshRef = FlatSymbolRefAttr::get(ctx, kMeshSymbol);
  auto splitAxes = shard::GridAxesArrayAttr::get(
      ctx, ArrayRef<shard::GridAxesAttr>{shard::GridAxesAttr::get(ctx, {int16_t(axis)})});
  for (auto [loop, i] : l.exchanges) {
    BlockArgument arg = loop.getRegionIterArgs()[i];
    b.setInsertionPointToStart(loop.getBody());
    auto update = shard::UpdateHaloOp::create(b, loop.getLoc(), arg.getType(), arg, meshRef,
                                              splitAxes, ValueRange{lo64, hi64},
                                              b.getDenseI64ArrayAttr(
                                                  {ShapedType::kDynamic, ShapedType::kDynamic}));
    arg.replaceAllUsesExcept(update, update);
  }
  result.exchanges = l.exchanges.size();

  // The results: this process's block of rows, gathered.
  auto ret = cast<func::ReturnOp>(copy.front().getTerminator());
  b.setInsertionPoint(ret);
  SmallVector<Type> resultTypes;
  for (OpOperand &operand : ret->getOpOperands()) {
    Value v = operand.get();
    if (l.rows.count(v)) {
      auto tt = cast<RankedTensorType>(v.getType());
      SmallVector<int64_t> shape(tt.getShape());
      shape[0] = block;
      SmallVector<OpFoldResult> offsets(tt.getRank(), b.getIndexAttr(0)),
          strides(tt.getRank(), b.getIndexAttr(1)), sizes;
      offsets[0] = lo;
      for (auto [d, size] : llvm::enumerate(shape))
        sizes.push_back(ShapedType::isDynamic(size)
                            ? OpFoldResult(tensor::DimOp::create(b, ret.getLoc(), v, d))
                            : OpFoldResult(b.getIndexAttr(size)));
      Value blk = tensor::ExtractSliceOp::create(
          b, ret.getLoc(), RankedTensorType::get(shape, tt.getElementType()), v, offsets, sizes,
          strides);
      shape[0] = n;
      auto whole = RankedTensorType::get(shape, tt.getElementType());
      v = shard::AllGatherOp::create(b, ret.getLoc(), whole, kMeshSymbol,
                                     ArrayRef<int16_t>{int16_t(axis)}, blk, APInt(64, 0));
      operand.set(v);
      ++result.gathers;
    }
    resultTypes.push_back(operand.get().getType());
  }
  copy.setType(FunctionType::get(ctx, argTypes, resultTypes));
  result.fn = copy;
  result.axis = axis;
  result.processes = processes;
  result.rows = n;
  result.splitArgs.assign(splitArgs.begin(), splitArgs.end());
  return result;
}

void callStencilCopy(func::CallOp call, Location loc, ArrayRef<Value> operands,
                     const StencilCopy &copy) {
  OpBuilder b(call);
  int64_t block = copy.rows / copy.processes;
  auto [r, lo, hi] = haloRows(b, loc, copy.axis, copy.processes, copy.halo);
  Value start = arith::SubIOp::create(
      b, loc, arith::MulIOp::create(b, loc, r, arith::ConstantIndexOp::create(b, loc, block)), lo);
  Value count = arith::AddIOp::create(
      b, loc, arith::AddIOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, block), lo), hi);
  func::FuncOp fn = copy.fn;
  SmallVector<Value> args;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    Value v = operand;
    Type want = fn.getArgumentTypes()[i];
    if (llvm::is_contained(copy.splitArgs, static_cast<unsigned>(i))) {
      auto tt = cast<RankedTensorType>(v.getType());
      SmallVector<OpFoldResult> offsets(tt.getRank(), b.getIndexAttr(0)),
          strides(tt.getRank(), b.getIndexAttr(1)), sizes;
      offsets[0] = start;
      sizes.push_back(count);
      for (int64_t d = 1; d < tt.getRank(); ++d)
        sizes.push_back(b.getIndexAttr(tt.getDimSize(d)));
      v = tensor::ExtractSliceOp::create(b, loc, cast<RankedTensorType>(want), v, offsets, sizes,
                                         strides);
    }
    args.push_back(v);
  }
  replaceCall(call, fn, args, loc);
}

} // namespace arrayc
