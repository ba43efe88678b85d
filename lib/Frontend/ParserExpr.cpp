//===- ParserExpr.cpp - expressions of the recursive-descent parser -------===//
//
// Follows Python's grammar precedence, loosest first:
//   lambda, x if c else y, or, and, not, comparisons, |, ^, &, << >>, + -,
//   * / // % @, unary - + ~, ** (right-associative; binds tighter than a
//   unary operator on its left), then calls, attributes and subscripts, and
//   atoms (names, numbers, strings, parenthesized expressions, displays).
//
//===----------------------------------------------------------------------===//

#include "Frontend/ParserImpl.h"

#include "llvm/ADT/STLExtras.h"

using namespace arrayc::frontend;

static bool startsExpression(const Token &t) {
  switch (t.kind) {
  case Tok::Name:
    return !llvm::is_contained({"and", "or", "in", "is", "if", "else", "for",
                                "as", "import"},
                               t.text);
  case Tok::Int:
  case Tok::Float:
  case Tok::Imag:
  case Tok::String:
    return true;
  case Tok::Op:
    return llvm::is_contained({"(", "[", "{", "-", "+", "~", "..."}, t.text);
  default:
    return false;
  }
}

ExprPtr Parser::parseTestList() {
  SrcLoc loc = cur().loc;
  ExprPtr first = parseTest();
  if (!first || !cur().isOp(","))
    return first;
  auto tuple = make(ExprKind::Tuple, loc);
  tuple->elts.push_back(std::move(first));
  while (consumeOp(",")) {
    if (!startsExpression(cur()))
      break;
    ExprPtr e = parseTest();
    if (!e)
      return nullptr;
    tuple->elts.push_back(std::move(e));
  }
  return checkHeight(std::move(tuple));
}

ExprPtr Parser::parseTest() {
  if (++depth > 200) {
    --depth;
    return failHere("expression is nested too deeply");
  }
  if (cur().isName("lambda")) {
    ExprPtr f = parseLambda();
    --depth;
    return f;
  }
  ExprPtr e = parseOr();
  if (e && cur().isName("if")) {
    auto ie = make(ExprKind::IfExp, cur().loc);
    next();
    ExprPtr c = parseOr();
    if (!c) {
      --depth;
      return nullptr;
    }
    if (!cur().isName("else")) {
      --depth;
      return failHere("expected 'else' in the conditional expression "
                      "('x if c else y'), got " + describe(cur()));
    }
    next();
    ExprPtr o = parseTest();
    if (!o) {
      --depth;
      return nullptr;
    }
    ie->lhs = std::move(e);
    ie->rhs = std::move(o);
    ie->elts.push_back(std::move(c));
    e = checkHeight(std::move(ie));
  }
  --depth;
  return e;
}

ExprPtr Parser::parseOr() {
  ExprPtr lhs = parseAnd();
  while (lhs && cur().isName("or")) {
    auto e = make(ExprKind::BoolOp, cur().loc);
    e->name = "or";
    next();
    e->lhs = std::move(lhs);
    e->rhs = parseAnd();
    if (!e->rhs)
      return nullptr;
    lhs = checkHeight(std::move(e));
  }
  return lhs;
}

ExprPtr Parser::parseAnd() {
  ExprPtr lhs = parseNot();
  while (lhs && cur().isName("and")) {
    auto e = make(ExprKind::BoolOp, cur().loc);
    e->name = "and";
    next();
    e->lhs = std::move(lhs);
    e->rhs = parseNot();
    if (!e->rhs)
      return nullptr;
    lhs = checkHeight(std::move(e));
  }
  return lhs;
}

ExprPtr Parser::parseNot() {
  if (cur().isName("not")) {
    if (++depth > 200)
      return failHere("expression is nested too deeply");
    auto e = make(ExprKind::Unary, cur().loc);
    e->name = "not";
    next();
    e->lhs = parseNot();
    --depth;
    if (!e->lhs)
      return nullptr;
    return checkHeight(std::move(e));
  }
  return parseComparison();
}

/// Returns the comparison operator at the cursor (consuming it), or "".
static std::string compareOp(const Token &t, const Token &next, bool &twoTokens) {
  twoTokens = false;
  if (t.kind == Tok::Op &&
      llvm::is_contained({"==", "!=", "<", "<=", ">", ">="}, t.text))
    return t.text;
  if (t.isName("in"))
    return "in";
  if (t.isName("not") && next.isName("in")) {
    twoTokens = true;
    return "not in";
  }
  if (t.isName("is")) {
    if (next.isName("not")) {
      twoTokens = true;
      return "is not";
    }
    return "is";
  }
  return "";
}

ExprPtr Parser::parseComparison() {
  ExprPtr lhs = parseBinary(0);
  if (!lhs)
    return nullptr;
  bool two = false;
  std::string op = compareOp(cur(), peekTok(), two);
  if (op.empty())
    return lhs;
  auto e = make(ExprKind::Compare, cur().loc);
  e->name = op;
  next();
  if (two)
    next();
  e->lhs = std::move(lhs);
  e->rhs = parseBinary(0);
  if (!e->rhs)
    return nullptr;
  // A chain `a < b <= c`: the later links compare the previous rhs.
  while (!(op = compareOp(cur(), peekTok(), two)).empty()) {
    auto link = make(ExprKind::Compare, cur().loc);
    link->name = op;
    next();
    if (two)
      next();
    link->rhs = parseBinary(0);
    if (!link->rhs)
      return nullptr;
    e->elts.push_back(checkHeight(std::move(link)));
  }
  return checkHeight(std::move(e));
}

/// Binary levels, loosest first: | ^ & (<< >>) (+ -) (* / // % @).
ExprPtr Parser::parseBinary(int level) {
  static const std::vector<std::vector<const char *>> levels = {
      {"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "//", "%", "@"}};
  if (level == static_cast<int>(levels.size()))
    return parseUnary();
  ExprPtr lhs = parseBinary(level + 1);
  while (lhs && cur().kind == Tok::Op &&
         llvm::is_contained(levels[level], llvm::StringRef(cur().text))) {
    auto e = make(ExprKind::Binary, cur().loc);
    e->name = cur().text;
    next();
    e->lhs = std::move(lhs);
    e->rhs = parseBinary(level + 1);
    if (!e->rhs)
      return nullptr;
    lhs = checkHeight(std::move(e));
  }
  return lhs;
}

ExprPtr Parser::parseUnary() {
  if (cur().isOp("-") || cur().isOp("+") || cur().isOp("~")) {
    if (++depth > 200)
      return failHere("expression is nested too deeply");
    auto e = make(ExprKind::Unary, cur().loc);
    e->name = cur().text;
    next();
    e->lhs = parseUnary();
    --depth;
    if (!e->lhs)
      return nullptr;
    return checkHeight(std::move(e));
  }
  return parsePower();
}

ExprPtr Parser::parsePower() {
  ExprPtr base = parsePostfix();
  if (!base || !cur().isOp("**"))
    return base;
  auto e = make(ExprKind::Binary, cur().loc);
  e->name = "**";
  next();
  e->lhs = std::move(base);
  // The exponent may carry unary operators: 2 ** -1.
  if (++depth > 200)
    return failHere("expression is nested too deeply");
  e->rhs = parseUnary();
  --depth;
  if (!e->rhs)
    return nullptr;
  return checkHeight(std::move(e));
}

bool Parser::parseCallArgs(Expr &call) {
  // The '(' is consumed.
  while (!cur().isOp(")")) {
    if (cur().isOp("*") || cur().isOp("**")) {
      failHere("argument unpacking ('" + cur().text + "') is not supported");
      return false;
    }
    if (cur().is(Tok::Name) && peekTok().isOp("=")) {
      Keyword kw;
      kw.name = cur().text;
      kw.loc = cur().loc;
      next();
      next();
      kw.value = parseTest();
      if (!kw.value)
        return false;
      for (const Keyword &k : call.keywords)
        if (k.name == kw.name) {
          fail(kw.loc, "keyword argument repeated: '" + kw.name + "'");
          return false;
        }
      call.keywords.push_back(std::move(kw));
    } else {
      if (!call.keywords.empty()) {
        failHere("positional argument follows keyword argument");
        return false;
      }
      std::vector<StmtPtr> outer = std::move(before);
      before.clear();
      SrcLoc aloc = cur().loc;
      ExprPtr a = parseTest();
      if (!a)
        return false;
      if (cur().isName("for")) {
        // Python's reducers take a generator; here it is a list (the same
        // values in the same order).
        bool reducer = call.lhs->kind == ExprKind::Name && call.elts.empty() &&
                       llvm::is_contained({"sum", "max", "min", "any", "all",
                                           "list"},
                                          call.lhs->name);
        if (!reducer) {
          failHere("a generator expression is supported as the only argument "
                   "of sum(), max(), min(), any(), all() and list(); use a "
                   "list comprehension [...]");
          return false;
        }
        std::vector<StmtPtr> pre = std::move(before);
        before = std::move(outer);
        a = parseComprehension(std::move(a), std::move(pre), aloc);
        if (!a)
          return false;
        if (!cur().isOp(")")) {
          failHere("a generator expression must be the only argument "
                   "(parenthesize it)");
          return false;
        }
      } else {
        outer.insert(outer.end(), std::make_move_iterator(before.begin()),
                     std::make_move_iterator(before.end()));
        before = std::move(outer);
      }
      call.elts.push_back(std::move(a));
    }
    if (!consumeOp(","))
      break;
  }
  return expectOp(")", "to close the argument list");
}

ExprPtr Parser::parseSubscriptItem() {
  SrcLoc loc = cur().loc;
  ExprPtr lo;
  if (!cur().isOp(":")) {
    lo = parseTest();
    if (!lo)
      return nullptr;
    if (!cur().isOp(":"))
      return lo;
  }
  auto slice = make(ExprKind::Slice, loc);
  slice->elts.resize(3);
  slice->elts[0] = std::move(lo);
  next(); // ':'
  auto endsPart = [&] {
    return cur().isOp(":") || cur().isOp(",") || cur().isOp("]");
  };
  if (!endsPart()) {
    slice->elts[1] = parseTest();
    if (!slice->elts[1])
      return nullptr;
  }
  if (consumeOp(":") && !cur().isOp(",") && !cur().isOp("]")) {
    slice->elts[2] = parseTest();
    if (!slice->elts[2])
      return nullptr;
  }
  return slice;
}

ExprPtr Parser::parseSubscriptList() {
  SrcLoc loc = cur().loc;
  ExprPtr first = parseSubscriptItem();
  if (!first || !cur().isOp(","))
    return first;
  auto tuple = make(ExprKind::Tuple, loc);
  tuple->elts.push_back(std::move(first));
  while (consumeOp(",")) {
    if (cur().isOp("]"))
      break;
    ExprPtr e = parseSubscriptItem();
    if (!e)
      return nullptr;
    tuple->elts.push_back(std::move(e));
  }
  return tuple;
}

ExprPtr Parser::parsePostfix() {
  ExprPtr e = parseAtom();
  while (e) {
    if (cur().isOp("(")) {
      auto call = make(ExprKind::Call, cur().loc);
      next();
      call->lhs = std::move(e);
      if (!parseCallArgs(*call))
        return nullptr;
      // Point at the start of the callee: `np.load(...)` at `np`.
      const Expr *head = call->lhs.get();
      while (head->kind == ExprKind::Attribute && head->lhs)
        head = head->lhs.get();
      call->loc = head->loc;
      e = checkHeight(std::move(call));
    } else if (cur().isOp(".")) {
      next();
      if (!cur().is(Tok::Name))
        return failHere("expected an attribute name after '.'");
      auto a = make(ExprKind::Attribute, cur().loc);
      a->name = cur().text;
      next();
      a->lhs = std::move(e);
      e = checkHeight(std::move(a));
    } else if (cur().isOp("[")) {
      auto s = make(ExprKind::Subscript, cur().loc);
      next();
      s->lhs = std::move(e);
      if (cur().isOp("]"))
        return failHere("expected an index inside '[]'");
      s->rhs = parseSubscriptList();
      if (!s->rhs)
        return nullptr;
      if (!expectOp("]", "to close the subscript"))
        return nullptr;
      e = checkHeight(std::move(s));
    } else {
      break;
    }
  }
  return e;
}

ExprPtr Parser::parseAtom() {
  const Token &t = cur();
  SrcLoc loc = t.loc;
  switch (t.kind) {
  case Tok::Int: {
    auto e = make(ExprKind::Int, loc);
    e->intValue = t.intValue;
    next();
    return e;
  }
  case Tok::Float: {
    auto e = make(ExprKind::Float, loc);
    e->floatValue = t.floatValue;
    next();
    return e;
  }
  case Tok::Imag: {
    auto e = make(ExprKind::Imag, loc);
    e->floatValue = t.floatValue;
    next();
    return e;
  }
  case Tok::String: {
    auto e = make(ExprKind::String, loc);
    e->name = t.text;
    next();
    // Adjacent string literals concatenate.
    while (cur().is(Tok::String)) {
      e->name += cur().text;
      next();
    }
    return e;
  }
  case Tok::Name: {
    if (t.text == "True" || t.text == "False") {
      auto e = make(ExprKind::Bool, loc);
      e->boolValue = t.text == "True";
      next();
      return e;
    }
    if (t.text == "None") {
      next();
      return make(ExprKind::None, loc);
    }
    if (isKeyword(t.text))
      return failHere("unexpected keyword '" + t.text + "' in an expression");
    auto e = make(ExprKind::Name, loc);
    e->name = t.text;
    next();
    return e;
  }
  case Tok::Op:
    if (t.text == "...") {
      next();
      return make(ExprKind::Ellipsis, loc);
    }
    if (t.text == "(") {
      next();
      if (consumeOp(")"))
        return make(ExprKind::Tuple, loc); // ()
      ExprPtr e = parseTestList();
      if (!e)
        return nullptr;
      if (cur().isName("for"))
        return failHere("a generator expression is supported as the only "
                        "argument of sum(), max(), min(), any(), all() and "
                        "list(); use a list comprehension [...]");
      if (!expectOp(")", "to close the parenthesis"))
        return nullptr;
      e->parenthesized = true;
      return e;
    }
    if (t.text == "[") {
      auto list = make(ExprKind::List, loc);
      next();
      while (!cur().isOp("]")) {
        std::vector<StmtPtr> outer = std::move(before);
        before.clear();
        ExprPtr e = parseTest();
        if (!e)
          return nullptr;
        if (cur().isName("for") && list->elts.empty()) {
          std::vector<StmtPtr> pre = std::move(before);
          before = std::move(outer);
          ExprPtr c = parseComprehension(std::move(e), std::move(pre), loc);
          if (!c || !expectOp("]", "to close the list comprehension"))
            return nullptr;
          return c;
        }
        outer.insert(outer.end(), std::make_move_iterator(before.begin()),
                     std::make_move_iterator(before.end()));
        before = std::move(outer);
        list->elts.push_back(std::move(e));
        if (!consumeOp(","))
          break;
      }
      if (!expectOp("]", "to close the list"))
        return nullptr;
      return checkHeight(std::move(list));
    }
    if (t.text == "{")
      return failHere("dict and set displays are not supported");
    break;
  default:
    break;
  }
  return failHere("expected an expression, got " + describe(t));
}
