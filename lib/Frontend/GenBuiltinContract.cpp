//===- GenBuiltinContract.cpp - contractions ------------------------------===//
//
// matmul/@, dot, outer and einsum, all lowered to ndarray.contract.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Gen.h"

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
// Contractions
//===----------------------------------------------------------------------===//

/// One einsum term: `labels[i]` is the loop dimension of operand axis i.
OptVal Gen::contract(llvm::ArrayRef<Val> ops,
                     llvm::ArrayRef<llvm::SmallVector<unsigned>> labels,
                     llvm::ArrayRef<unsigned> outLabels,
                     llvm::ArrayRef<Dim> loopDims, SrcLoc l) {
  DType t = ops[0].type.dtype;
  for (const Val &v : ops.drop_front())
    t = promote(t, v.type.dtype);
  llvm::SmallVector<Value> inputs;
  std::vector<Val> sources;
  for (const Val &v : ops) {
    Val c = toArray(v, t);
    inputs.push_back(c.value);
    sources.push_back(c);
  }
  unsigned n = loopDims.size();
  llvm::SmallVector<Attribute> maps;
  auto mapOf = [&](llvm::ArrayRef<unsigned> ls) {
    llvm::SmallVector<AffineExpr> es;
    for (unsigned x : ls)
      es.push_back(b.getAffineDimExpr(x));
    return AffineMapAttr::get(AffineMap::get(n, 0, es, &ctx));
  };
  for (const auto &ls : labels)
    maps.push_back(mapOf(ls));
  maps.push_back(mapOf(outLabels));
  ArrType rt{t, {}};
  for (unsigned x : outLabels)
    rt.dims.push_back(loopDims[x]);
  Value r = nd::ContractOp::create(b, loc(l), rt.tensorType(&ctx), inputs,
                                   b.getArrayAttr(maps));
  return Val::array(r, rt);
}

OptVal Gen::matmul(Val a, Val c, SrcLoc l, llvm::StringRef name) {
  for (const Val *v : {&a, &c})
    if (v->kind != Val::Array || v->type.rank() == 0)
      return err(l, name + ": Input operand " + std::to_string(v == &a ? 0 : 1) +
                        " does not have enough dimensions (a scalar)");
  bool aVec = a.type.rank() == 1, cVec = c.type.rank() == 1;
  Dim ka = a.type.dims.back();
  int64_t kcAxis = cVec ? 0 : c.type.rank() - 2;
  Dim kc = c.type.dims[kcAxis];
  if (ka != kc && !ka.isNamed() && !kc.isNamed())
    return err(l, name + ": Input operand 1 has a mismatch in its core "
                         "dimension 0 (size " + kc.str() + " is different "
                         "from " + ka.str() + "): " + a.type.str() + " @ " +
                         c.type.str());
  if (ka != kc) {
    // Known only at run time: checked then, with NumPy's message.
    Location il = loc(l);
    int64_t kaAxis = a.type.rank() - 1;
    Value sa = sizeI64(a, kaAxis, il), sc = sizeI64(c, kcAxis, il);
    if (name == "dot") {
      llvm::SmallVector<Value> shown; // ka's size first, then kc's
      std::vector<std::string> sh =
          numpyShapes({&a, &c}, {{0u, kaAxis}, {1u, kcAxis}}, il, shown);
      std::string ta = ka.isNamed() ? "{0}" : ka.str();
      std::string tc = kc.isNamed() ? (ka.isNamed() ? "{1}" : "{0}") : kc.str();
      assertEqual(sa, sc, l,
                  where(l) + "shapes " + sh[0] + " and " + sh[1] +
                      " not aligned: " + ta + " (dim " + std::to_string(kaAxis) +
                      ") != " + tc + " (dim " + std::to_string(kcAxis) + ")",
                  shown);
    } else {
      assertEqual(sa, sc, l,
                  where(l) + name.str() +
                      ": Input operand 1 has a mismatch in its core dimension 0, "
                      "with gufunc signature (n?,k),(k,m?)->(n?,m?) (size {1} "
                      "is different from {0})",
                  {sa, sc});
    }
    if (!kc.isNamed())
      a = withDim(a, kaAxis, kc, il);
    else
      c = withDim(c, kcAxis, ka, il);
    ka = kc = a.type.dims.back();
  }
  // Batch dims broadcast (checked at run time where only then known);
  // operands are broadcast explicitly first.
  unifyBroadcast(a, c, l, 2,
                 (name + ": batch dimensions could not be broadcast together "
                         "with shapes").str());
  llvm::ArrayRef<Dim> ba, bc;
  if (a.type.rank() > 2)
    ba = llvm::ArrayRef<Dim>(a.type.dims).drop_back(2);
  if (c.type.rank() > 2)
    bc = llvm::ArrayRef<Dim>(c.type.dims).drop_back(2);
  llvm::SmallVector<Dim> batch;
  if (!broadcastShapes(ba, bc, batch))
    return err(l, name + ": batch dimensions could not be broadcast together: " +
                      a.type.str() + " @ " + c.type.str());
  std::vector<Val> sources{a, c};
  llvm::SmallVector<Dim> loop(batch.begin(), batch.end());
  unsigned nb = batch.size();
  llvm::SmallVector<unsigned> la, lc, lo;
  for (unsigned i = 0; i < nb; ++i) {
    la.push_back(i);
    lc.push_back(i);
    lo.push_back(i);
  }
  unsigned iDim = 0, jDim = 0, kDim;
  if (!aVec) {
    iDim = loop.size();
    loop.push_back(a.type.dims[a.type.rank() - 2]);
  }
  if (!cVec) {
    jDim = loop.size();
    loop.push_back(c.type.dims.back());
  }
  kDim = loop.size();
  loop.push_back(ka);
  if (!aVec) {
    la.push_back(iDim);
    lo.push_back(iDim);
  }
  la.push_back(kDim);
  lc.push_back(kDim);
  if (!cVec) {
    lc.push_back(jDim);
    lo.push_back(jDim);
  }
  if (nb) {
    llvm::SmallVector<Dim> sa(batch.begin(), batch.end()), sc = sa;
    if (!aVec) {
      sa.push_back(a.type.dims[a.type.rank() - 2]);
      sa.push_back(ka);
      a = broadcastTo(a, sa, sources, loc(l));
    } else {
      la.erase(la.begin(), la.begin() + nb);
    }
    if (!cVec) {
      sc.push_back(kc);
      sc.push_back(c.type.dims.back());
      c = broadcastTo(c, sc, sources, loc(l));
    } else {
      lc.erase(lc.begin(), lc.begin() + nb);
    }
  }
  return contract({a, c}, {la, lc}, lo, loop, l);
}

OptVal Gen::contraction(llvm::StringRef name, llvm::StringRef full,
                        const Expr &call) {
  SrcLoc l = call.loc;
  llvm::SmallVector<const Expr *> args;
  if (name == "einsum")
    return einsum(full, call);
  if (!bindArgs(full, {"a", "b"}, 2, call, args))
    return std::nullopt;
  OptVal av = evalArrayOperand(*args[0], full);
  if (!av)
    return std::nullopt;
  OptVal cv = evalArrayOperand(*args[1], full);
  if (!cv)
    return std::nullopt;
  if (name == "matmul")
    return matmul(*av, *cv, l, "matmul");
  Val a = materialize(*av), c = materialize(*cv);
  if (name == "outer") {
    if (a.type.rank() > 1)
      a = flatten(a, l);
    if (c.type.rank() > 1)
      c = flatten(c, l);
    auto vec = [&](Val v) {
      return v.type.rank() == 1 ? v : broadcastTo(v, {Dim::lit(1)}, {v}, loc(l));
    };
    a = vec(a);
    c = vec(c);
    return contract({a, c}, {{0}, {1}}, {0, 1}, {a.type.dims[0], c.type.dims[0]}, l);
  }
  // dot
  if (a.type.rank() == 0 || c.type.rank() == 0)
    return binary("*", *av, *cv, l);
  if (a.type.rank() <= 2 && c.type.rank() <= 2)
    return matmul(a, c, l, "dot");
  if (c.type.rank() == 1) {
    if (a.type.dims.back() != c.type.dims[0])
      return err(l, "shapes " + a.type.str() + " and " + c.type.str() +
                        " not aligned");
    llvm::SmallVector<unsigned> la, lo;
    llvm::SmallVector<Dim> loop(a.type.dims.begin(), a.type.dims.end());
    for (unsigned i = 0; i < a.type.rank(); ++i)
      la.push_back(i);
    lo.assign(la.begin(), la.end() - 1);
    return contract({a, c}, {la, {a.type.rank() - 1}}, lo, loop, l);
  }
  return err(l, full + "() of an N-d array with an M-d array (M >= 2, N > 2) "
                       "is not supported yet; use matmul or einsum");
}

OptVal Gen::einsum(llvm::StringRef full, const Expr &call) {
  SrcLoc l = call.loc;
  if (!call.keywords.empty())
    return err(call.keywords[0].loc, full + "(): keyword arguments are not "
                                            "supported");
  if (call.elts.empty() || call.elts[0]->kind != ExprKind::String)
    return err(l, full + "() needs a string literal of subscripts first");
  std::string spec = call.elts[0]->name;
  SrcLoc sl = call.elts[0]->loc;
  std::vector<Val> ops;
  for (size_t i = 1; i < call.elts.size(); ++i) {
    OptVal v = evalArrayOperand(*call.elts[i], full);
    if (!v)
      return std::nullopt;
    ops.push_back(materialize(*v));
  }
  std::string lhs = spec, rhs;
  bool explicitOut = false;
  size_t arrow = spec.find("->");
  if (arrow != std::string::npos) {
    lhs = spec.substr(0, arrow);
    rhs = spec.substr(arrow + 2);
    explicitOut = true;
  }
  auto strip = [](std::string s) {
    s.erase(std::remove(s.begin(), s.end(), ' '), s.end());
    return s;
  };
  lhs = strip(lhs);
  rhs = strip(rhs);
  size_t nTerms = std::count(lhs.begin(), lhs.end(), ',') + 1;
  if (nTerms != ops.size())
    return err(sl, full + "(): the subscripts name " + std::to_string(nTerms) +
                       " operand(s) but " + std::to_string(ops.size()) +
                       " were given");
  std::vector<std::string> terms;

  {
    size_t start = 0;
    for (;;) {
      size_t c = lhs.find(',', start);
      terms.push_back(lhs.substr(start, c == std::string::npos ? std::string::npos : c - start));
      if (c == std::string::npos)
        break;
      start = c + 1;
    }
  }
  // Loop dims: one per letter, then the ellipsis dims (right-aligned).
  std::map<char, unsigned> letter;
  llvm::SmallVector<Dim> loop;
  llvm::SmallVector<llvm::SmallVector<unsigned>> labels;
  std::map<char, int> count;
  int ellRank = -1;
  llvm::SmallVector<int> ellRanks;
  llvm::SmallVector<llvm::SmallVector<char>> parsed;
  for (auto [ti, term] : llvm::enumerate(terms)) {
    llvm::SmallVector<char> ls;
    int ell = -1;
    for (size_t i = 0; i < term.size(); ++i) {
      if (term.compare(i, 3, "...") == 0) {
        if (ell >= 0)
          return err(sl, full + "(): an operand has more than one '...'");
        ell = ls.size();
        ls.push_back('.');
        i += 2;
        continue;
      }
      if (!std::isalpha(static_cast<unsigned char>(term[i])))
        return err(sl, full + "(): invalid subscript '" + std::string(1, term[i]) +
                           "'; use letters and '...'");
      ls.push_back(term[i]);
    }
    int named = ls.size() - (ell >= 0 ? 1 : 0);
    int rank = ops[ti].type.rank();
    if (ell < 0 ? named != rank : named > rank)
      return err(sl, full + "(): operand " + std::to_string(ti) + " has " +
                         std::to_string(rank) + " dimension(s) but its "
                         "subscripts '" + term + "' name " +
                         std::to_string(named));
    int er = ell >= 0 ? rank - named : 0;
    ellRanks.push_back(ell >= 0 ? er : -1);
    ellRank = std::max(ellRank, ell >= 0 ? er : -1);
    parsed.push_back(ls);
  }
  // Ellipsis loop dims first (their sizes from right-aligned operands).
  unsigned nEll = ellRank > 0 ? ellRank : 0;
  loop.assign(nEll, Dim::lit(1));
  llvm::SmallVector<bool> ellSet(nEll, false);
  // Which operand axis gave each loop dim its size; the axes whose size
  // must equal it but is only known at run time (checked below).
  std::map<unsigned, std::pair<unsigned, unsigned>> loopSrc;
  struct Pending { unsigned ld, ti, axis; };
  llvm::SmallVector<Pending> pending;
  unsigned curTi = 0, curAxis = 0;
  auto bindDim = [&](unsigned ld, const Dim &d, bool &set, const std::string &what) {
    if (!set) {
      loop[ld] = d;
      loopSrc[ld] = {curTi, curAxis};
      set = true;
      return true;
    }
    if (loop[ld] == Dim::lit(1)) { // a size-1 dim stretches
      loop[ld] = d;
      loopSrc[ld] = {curTi, curAxis};
    } else if (loop[ld] != d && d != Dim::lit(1)) {
      if (!loop[ld].isNamed() && !d.isNamed())
        return fail(sl, full + "(): " + what + " has sizes " + loop[ld].str() +
                            " and " + d.str() + ", which do not broadcast");
      pending.push_back({ld, curTi, curAxis});
    }
    return true;
  };
  std::map<char, bool> letterSet;
  for (auto [ti, ls] : llvm::enumerate(parsed)) {
    llvm::SmallVector<unsigned> lab;
    const ArrType &ty = ops[ti].type;
    unsigned axis = 0;
    for (char ch : ls) {
      if (ch == '.') {
        int er = ellRanks[ti];
        for (int k = 0; k < er; ++k) {
          unsigned ld = nEll - er + k;
          bool s = ellSet[ld];
          curTi = ti;
          curAxis = axis;
          if (!bindDim(ld, ty.dims[axis], s, "a dimension of '...'"))
            return std::nullopt;
          ellSet[ld] = s;
          lab.push_back(ld);
          ++axis;
        }
        continue;
      }
      curTi = ti;
      curAxis = axis;
      if (!letter.count(ch)) {
        letter[ch] = loop.size();
        loopSrc[loop.size()] = {ti, axis};
        loop.push_back(ty.dims[axis]);
        letterSet[ch] = true;
      } else {
        bool s = true;
        if (!bindDim(letter[ch], ty.dims[axis], s,
                     "label '" + std::string(1, ch) + "'"))
          return std::nullopt;
      }
      ++count[ch];
      lab.push_back(letter[ch]);
      ++axis;
    }
    labels.push_back(lab);
  }
  llvm::SmallVector<unsigned> out;
  if (explicitOut) {
    bool sawEll = false;
    std::set<char> seen;
    for (size_t i = 0; i < rhs.size(); ++i) {
      if (rhs.compare(i, 3, "...") == 0) {
        sawEll = true;
        for (unsigned k = 0; k < nEll; ++k)
          out.push_back(k);
        i += 2;
        continue;
      }
      char ch = rhs[i];
      if (!letter.count(ch))
        return err(sl, full + "(): output subscript '" + std::string(1, ch) +
                           "' does not appear in the inputs");
      if (!seen.insert(ch).second)
        return err(sl, full + "(): output subscript '" + std::string(1, ch) +
                           "' appears more than once");
      out.push_back(letter[ch]);
    }
    if (!sawEll && nEll > 0)
      return err(sl, full + "(): the output must contain '...' when an input "
                         "broadcasts");
  } else {
    for (unsigned k = 0; k < nEll; ++k)
      out.push_back(k);
    for (auto &[ch, ld] : letter) // std::map: alphabetical (A-Z before a-z)
      if (count[ch] == 1)
        out.push_back(ld);
  }
  if (ops.empty())
    return err(l, full + "() needs at least one operand");
  // Sizes that agree only at run time: checked then, with NumPy's message
  // (each operand's shape and its shape remapped to the iteration order:
  // the output's loop dims, then the summed labels in ascending order).
  if (!pending.empty()) {
    Location il = loc(l);
    llvm::SmallVector<unsigned> iter(out.begin(), out.end());
    for (auto &[ch, ld] : letter)
      if (!llvm::is_contained(iter, ld))
        iter.push_back(ld);
    const std::vector<Val> ops0 = ops;
    for (const Pending &p : pending) {
      auto [st, sa] = loopSrc[p.ld];
      llvm::SmallVector<Value> shown;
      std::map<std::pair<unsigned, unsigned>, std::string> text;
      for (auto [t, a] : {std::pair<unsigned, unsigned>{st, sa}, {p.ti, p.axis}})
        if (ops0[t].type.dims[a].isNamed() && !text.count({t, a})) {
          text[{t, a}] = "{" + std::to_string(shown.size()) + "}";
          shown.push_back(sizeI64(ops0[t], a, il));
        }
      auto dimText = [&](unsigned t, unsigned a) -> std::string {
        auto it = text.find({t, a});
        if (it != text.end())
          return it->second;
        const Dim &d = ops0[t].type.dims[a];
        bool written = d.isNamed() && llvm::all_of(d.name, [](char ch) {
          return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
        });
        return !d.isNamed() ? d.str() : written ? d.name : "?";
      };
      std::string msg = where(l) + "operands could not be broadcast together "
                                   "with remapped shapes [original->remapped]:";
      for (unsigned t = 0; t < ops0.size(); ++t) {
        std::string o = "(", r = "(";
        for (unsigned a = 0; a < ops0[t].type.rank(); ++a)
          o += (a ? "," : "") + dimText(t, a);
        o += ops0[t].type.rank() == 1 ? ",)" : ")";
        bool any = false;
        for (auto [k, ld] : llvm::enumerate(iter)) {
          auto at = llvm::find(labels[t], ld);
          if (at == labels[t].end() && !any)
            continue; // leading broadcast dims are not shown
          r += any ? "," : "";
          r += at == labels[t].end() ? "newaxis"
                                     : dimText(t, at - labels[t].begin());
          any = true;
        }
        r += iter.size() == 1 ? ",)" : ")";
        msg += " " + o + "->" + r;
      }
      assertEqual(sizeI64(ops0[st], sa, il), sizeI64(ops0[p.ti], p.axis, il), l,
                  msg, shown);
      ops[p.ti] = withDim(ops[p.ti], p.axis, loop[p.ld], il);
    }
  }
  // Operands with a stretched size-1 dim are broadcast explicitly.
  for (auto [ti, op] : llvm::enumerate(ops)) {
    llvm::SmallVector<Dim> want;
    for (unsigned ld : labels[ti])
      want.push_back(loop[ld]);
    if (llvm::ArrayRef<Dim>(want) == llvm::ArrayRef<Dim>(op.type.dims))
      continue;
    for (auto [i, d] : llvm::enumerate(want))
      if (d.isNamed() && op.type.dims[i] != d &&
          !dimValue(ops, want, i, loc(l)))
        return err(sl, full + "(): broadcasting a size-1 dimension to the "
                           "size '" + d.name + "' of another operand at a "
                           "different position is not supported yet");
    op = broadcastTo(op, want, ops, loc(l));
  }
  return contract(ops, labels, out, loop, l);
}
