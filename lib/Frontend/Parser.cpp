//===- Parser.cpp - recursive-descent parser for .arr ---------------------===//
//
// Follows Python's grammar precedence, loosest first:
//   or, and, not, comparisons, |, ^, &, << >>, + -, * / // % @,
//   unary - + ~, ** (right-associative; binds tighter than a unary operator
//   on its left), then calls, attributes and subscripts.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ParserImpl.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>

using namespace arrayc::frontend;


std::unique_ptr<Module> Parser::parseModule() {
  auto mod = std::make_unique<Module>();
  while (!cur().is(Tok::Eof)) {
    if (cur().is(Tok::Newline)) {
      next();
      continue;
    }
    if (cur().is(Tok::Indent))
      return fail(cur().loc, "unexpected indent");
    if (!parseLine(mod->body, /*topLevel=*/true))
      return nullptr;
  }
  for (StmtPtr &f : lambdas)
    mod->body.push_back(std::move(f));
  return mod;
}

bool Parser::parseBlock(std::vector<StmtPtr> &body) {
  if (!expectOp(":", "to start the block"))
    return false;
  if (!cur().is(Tok::Newline))
    return parseSimpleLine(body); // A one-line body: `def f(): return x`.
  next();
  if (!cur().is(Tok::Indent)) {
    failHere("expected an indented block");
    return false;
  }
  next();
  while (!cur().is(Tok::Dedent) && !cur().is(Tok::Eof))
    if (!parseLine(body, /*topLevel=*/false))
      return false;
  next();
  return true;
}

void Parser::emit(StmtPtr s, std::vector<StmtPtr> &out) {
  std::vector<StmtPtr> pre = std::move(before), post = std::move(after);
  before.clear();
  after.clear();
  for (StmtPtr &p : pre)
    out.push_back(std::move(p));
  out.push_back(std::move(s));
  for (StmtPtr &p : post)
    out.push_back(std::move(p));
}

bool Parser::parseLine(std::vector<StmtPtr> &out, bool topLevel) {
  StmtPtr s = parseStatement(topLevel);
  if (!s)
    return false;
  emit(std::move(s), out);
  return !sameLine || parseSimpleLine(out);
}

bool Parser::parseSimpleLine(std::vector<StmtPtr> &out) {
  do {
    sameLine = false;
    if (cur().kind == Tok::Name &&
        llvm::is_contained({"if", "while", "for", "def", "elif", "else",
                            "class", "with", "try"},
                           cur().text)) {
      failHere("'" + cur().text + "' cannot follow ';' or ':' on one line; "
               "start it on a new line");
      return false;
    }
    StmtPtr s = parseStatement(/*topLevel=*/false);
    if (!s)
      return false;
    emit(std::move(s), out);
  } while (sameLine);
  return true;
}

StmtPtr Parser::parseStatement(bool topLevel) {
  const Token &t = cur();
  if (t.is(Tok::Indent))
    return failHere("unexpected indent");
  if (t.isName("def")) {
    if (!topLevel)
      return failHere("nested functions are not supported");
    return parseFunctionDef();
  }
  if (t.isOp("@")) {
    if (!topLevel)
      return failHere("decorators are not supported");
    return parseDecoratedDef();
  }
  if (t.kind == Tok::Name) {
    llvm::StringRef kw = t.text;
    if (kw == "if" || kw == "while" || kw == "for")
      return parseCompound();
    if (kw == "with")
      return parseWith();
    bool compound =
        llvm::is_contained({"elif", "else", "try", "except", "finally",
                            "class", "async"},
                           kw);
    bool simple = llvm::is_contained({"del", "global", "nonlocal", "raise",
                                      "yield", "await", "lambda"},
                                     kw);
    if (compound || simple)
      return failHere("'" + kw.str() + "' statements are not supported yet");
  }
  return parseSimpleStatement();
}

bool Parser::endOfSimpleStatement() {
  if (consumeOp(";")) {
    // `a = 1; b = 2`: another statement follows on the line (a trailing
    // `;` ends the line, as in Python).
    if (cur().is(Tok::Newline)) {
      next();
      return true;
    }
    if (cur().is(Tok::Eof) || cur().is(Tok::Dedent))
      return true;
    sameLine = true;
    return true;
  }
  if (cur().is(Tok::Newline)) {
    next();
    return true;
  }
  if (cur().is(Tok::Eof) || cur().is(Tok::Dedent))
    return true;
  failHere("expected end of line, got " + describe(cur()));
  return false;
}

StmtPtr Parser::parseCompound() {
  SrcLoc loc = cur().loc;
  std::string kw = cur().text;
  next();
  if (kw == "for") {
    auto s = std::make_unique<Stmt>(StmtKind::For, loc);
    s->target = parseLoopTarget();
    if (!s->target)
      return nullptr;
    if (!cur().isName("in"))
      return failHere("expected 'in' after the loop variable, got " +
                      describe(cur()));
    next();
    s->value = parseTestList();
    // What the header queued (a comprehension) runs before the loop, not
    // in its body.
    std::vector<StmtPtr> header = std::move(before);
    before.clear();
    if (!s->value || !parseBlock(s->body))
      return nullptr;
    if (cur().isName("else"))
      return failHere("'for ... else' is not supported yet");
    StmtPtr d = desugarFor(std::move(s));
    header.insert(header.end(), std::make_move_iterator(before.begin()),
                  std::make_move_iterator(before.end()));
    before = std::move(header);
    return d;
  }
  auto s = std::make_unique<Stmt>(kw == "while" ? StmtKind::While : StmtKind::If,
                                  loc);
  s->value = parseTest();
  std::vector<StmtPtr> header = std::move(before);
  before.clear();
  if (kw == "while" && !header.empty())
    return fail(header.front()->loc, "a comprehension in a 'while' condition is not "
                               "supported; compute it in the loop body");
  if (!s->value || !parseBlock(s->body))
    return nullptr;
  auto restoreHeader = llvm::make_scope_exit([&] {
    header.insert(header.end(), std::make_move_iterator(before.begin()),
                  std::make_move_iterator(before.end()));
    before = std::move(header);
  });
  if (kw == "while") {
    if (cur().isName("else"))
      return failHere("'while ... else' is not supported yet");
    return s;
  }
  if (cur().isName("elif")) {
    StmtPtr e = parseCompound(); // Parses the elif as an `if`.
    if (!e)
      return nullptr;
    s->orelse.push_back(std::move(e));
  } else if (cur().isName("else")) {
    next();
    if (!parseBlock(s->orelse))
      return nullptr;
  }
  return s;
}

/// `@vectorize` or `@arrayc.vectorize` on its own line, then a `def`: a
/// scalar function applied elementwise (GenVectorize.cpp); or
/// `@reduction(identity=v)` (also `@arrayc.reduction`): a binary combine
/// function folded over arrays (GenReduction.cpp). No other decorator has a
/// meaning in a .arr file.
StmtPtr Parser::parseDecoratedDef() {
  SrcLoc at = cur().loc;
  next();
  std::string name;
  if (cur().is(Tok::Name)) {
    name = cur().text;
    next();
    if (cur().isOp(".")) {
      next();
      if (cur().is(Tok::Name)) {
        name += "." + cur().text;
        next();
      }
    }
  }
  bool vectorize = name == "vectorize" || name == "arrayc.vectorize";
  bool reduction = name == "reduction" || name == "arrayc.reduction";
  if (!vectorize && !reduction)
    return fail(at, "decorators are not supported (except @vectorize, "
                    "@arrayc.vectorize, @reduction, @arrayc.reduction)");
  ExprPtr identity;
  if (vectorize && cur().isOp("("))
    return failHere("@vectorize takes no arguments in a .arr file; annotate "
                    "the parameters (`x: f32`) to fix their dtypes");
  if (reduction) {
    if (!cur().isOp("("))
      return fail(at, "@reduction needs its identity: @reduction(identity=0.0)");
    next();
    if (!cur().isName("identity"))
      return failHere("@reduction takes one argument, identity=<number>");
    next();
    if (!expectOp("=", "after 'identity'"))
      return nullptr;
    identity = parseTest();
    if (!identity || !expectOp(")", "after the identity"))
      return nullptr;
  }
  if (!cur().is(Tok::Newline))
    return failHere("expected end of line after the decorator, got " +
                    describe(cur()));
  next();
  if (!cur().isName("def"))
    return failHere("expected 'def' after @" + name);
  StmtPtr fn = parseFunctionDef();
  if (fn) {
    fn->vectorize = vectorize;
    fn->reductionIdentity = std::move(identity);
  }
  return fn;
}

StmtPtr Parser::parseFunctionDef() {
  auto fn = std::make_unique<Stmt>(StmtKind::FunctionDef, cur().loc);
  next();
  if (!cur().is(Tok::Name) || isKeyword(cur().text))
    return failHere("expected a function name after 'def'");
  fn->name = cur().text;
  next();
  if (!expectOp("(", "after the function name"))
    return nullptr;
  while (!cur().isOp(")")) {
    if (cur().isOp("*") || cur().isOp("**") || cur().isOp("/"))
      return failHere("'" + cur().text +
                      "' parameters are not supported; list each parameter");
    if (!cur().is(Tok::Name) || isKeyword(cur().text))
      return failHere("expected a parameter name, got " + describe(cur()));
    Param p;
    p.name = cur().text;
    p.loc = cur().loc;
    next();
    if (consumeOp(":")) {
      p.annotation = parseTest();
      if (!p.annotation)
        return nullptr;
    }
    if (consumeOp("=")) {
      p.defaultValue = parseTest();
      if (!p.defaultValue)
        return nullptr;
    } else if (!fn->params.empty() && fn->params.back().defaultValue) {
      return fail(p.loc, "parameter '" + p.name + "' without a default "
                         "follows one with a default (non-default argument "
                         "follows default argument)");
    }
    fn->params.push_back(std::move(p));
    if (!consumeOp(","))
      break;
  }
  if (!expectOp(")", "to close the parameter list"))
    return nullptr;
  if (consumeOp("->")) {
    fn->returns = parseTest();
    if (!fn->returns)
      return nullptr;
  }
  if (!parseBlock(fn->body))
    return nullptr;
  return fn;
}

StmtPtr Parser::parseSimpleStatement() {
  SrcLoc loc = cur().loc;
  if (cur().isName("pass")) {
    next();
    auto s = std::make_unique<Stmt>(StmtKind::Pass, loc);
    return endOfSimpleStatement() ? std::move(s) : nullptr;
  }
  if (cur().isName("break") || cur().isName("continue")) {
    auto s = std::make_unique<Stmt>(
        cur().isName("break") ? StmtKind::Break : StmtKind::Continue, loc);
    next();
    return endOfSimpleStatement() ? std::move(s) : nullptr;
  }
  if (cur().isName("assert")) {
    next();
    auto s = std::make_unique<Stmt>(StmtKind::Assert, loc);
    s->value = parseTest();
    if (!s->value)
      return nullptr;
    if (consumeOp(",")) {
      s->message = parseTest();
      if (!s->message)
        return nullptr;
    }
    return endOfSimpleStatement() ? std::move(s) : nullptr;
  }
  if (cur().isName("return")) {
    next();
    auto s = std::make_unique<Stmt>(StmtKind::Return, loc);
    if (!cur().is(Tok::Newline) && !cur().is(Tok::Eof) &&
        !cur().is(Tok::Dedent) && !cur().isOp(";")) {
      s->value = parseTestList();
      if (!s->value)
        return nullptr;
    }
    return endOfSimpleStatement() ? std::move(s) : nullptr;
  }
  if (cur().isName("from")) {
    // `from M import a as b, c`: one Import per name, `name` set (the
    // statements after the first go to `after`).
    next();
    std::string module;
    do {
      if (!module.empty())
        next();
      if (!cur().is(Tok::Name) || isKeyword(cur().text))
        return failHere("expected a module name after 'from'");
      module += (module.empty() ? "" : ".") + cur().text;
      next();
    } while (cur().isOp("."));
    if (!cur().isName("import"))
      return failHere("expected 'import' after 'from " + module + "'");
    next();
    bool paren = cur().isOp("(");
    if (paren)
      next();
    std::vector<StmtPtr> names;
    do {
      if (!names.empty())
        next();
      if (paren && cur().isOp(")"))
        break;
      if (cur().isOp("*"))
        return failHere("'from " + module + " import *' is not supported; "
                        "name what you import");
      if (!cur().is(Tok::Name) || isKeyword(cur().text))
        return failHere("expected a name to import");
      auto s = std::make_unique<Stmt>(StmtKind::Import, cur().loc);
      s->module = module;
      s->name = cur().text;
      next();
      if (cur().isName("as")) {
        next();
        if (!cur().is(Tok::Name) || isKeyword(cur().text))
          return failHere("expected a name after 'as'");
        s->alias = cur().text;
        next();
      }
      names.push_back(std::move(s));
    } while (cur().isOp(","));
    if (names.empty())
      return failHere("expected a name to import");
    if (paren) {
      if (!cur().isOp(")"))
        return failHere("expected ')' after the imported names");
      next();
    }
    for (size_t i = 1; i < names.size(); ++i)
      after.push_back(std::move(names[i]));
    if (!endOfSimpleStatement())
      return nullptr;
    return std::move(names[0]);
  }
  if (cur().isName("import")) {
    next();
    auto s = std::make_unique<Stmt>(StmtKind::Import, loc);
    if (!cur().is(Tok::Name))
      return failHere("expected a module name after 'import'");
    s->module = cur().text;
    next();
    while (cur().isOp(".")) {
      next();
      if (!cur().is(Tok::Name))
        return failHere("expected a module name after '.'");
      s->module += "." + cur().text;
      next();
    }
    if (cur().isName("as")) {
      next();
      if (!cur().is(Tok::Name) || isKeyword(cur().text))
        return failHere("expected a name after 'as'");
      s->alias = cur().text;
      next();
    }
    if (cur().isOp(","))
      return failHere("import one module per statement");
    return endOfSimpleStatement() ? std::move(s) : nullptr;
  }

  ExprPtr first = parseTestList();
  if (!first)
    return nullptr;
  if (cur().isOp(":")) {
    auto s = std::make_unique<Stmt>(StmtKind::AnnAssign, loc);
    next();
    s->target = std::move(first);
    s->annotation = parseTest();
    if (!s->annotation)
      return nullptr;
    if (!cur().isOp("="))
      return failHere("a variable annotation needs a value: `x: f32[n] = ...`");
    next();
    s->value = parseTestList();
    if (!s->value)
      return nullptr;
    return endOfSimpleStatement() ? std::move(s) : nullptr;
  }
  if (cur().isOp("=")) {
    next();
    auto s = std::make_unique<Stmt>(StmtKind::Assign, loc);
    s->target = std::move(first);
    s->value = parseTestList();
    if (!s->value)
      return nullptr;
    // `a = b = value`: the value once, bound to each target left to right
    // (one object under every name, as in Python): `a = value`, `b = a`.
    std::vector<ExprPtr> more;
    while (cur().isOp("=")) {
      next();
      more.push_back(std::move(s->value));
      s->value = parseTestList();
      if (!s->value)
        return nullptr;
    }
    if (!more.empty()) {
      std::vector<ExprPtr> targets;
      targets.push_back(std::move(s->target));
      for (ExprPtr &t : more)
        targets.push_back(std::move(t));
      ExprPtr value = std::move(s->value);
      std::string first = targets[0]->kind == ExprKind::Name
                              ? targets[0]->name
                              : hiddenName("value", loc);
      StmtPtr head;
      if (targets[0]->kind == ExprKind::Name) {
        head = assignStmt(std::move(targets[0]), std::move(value), loc);
      } else {
        head = assignStmt(nameExpr(first, loc), std::move(value), loc);
        after.push_back(assignStmt(std::move(targets[0]), nameExpr(first, loc), loc));
      }
      for (size_t i = 1; i < targets.size(); ++i) {
        SrcLoc tl = targets[i]->loc;
        after.push_back(assignStmt(std::move(targets[i]), nameExpr(first, tl), tl));
      }
      return endOfSimpleStatement() ? std::move(head) : nullptr;
    }
    return endOfSimpleStatement() ? std::move(s) : nullptr;
  }
  if (cur().kind == Tok::Op && cur().text.size() >= 2 &&
      cur().text.back() == '=' &&
      !llvm::is_contained({"==", "!=", "<=", ">="}, cur().text)) {
    if (cur().text == ":=")
      return failHere("assignment expressions (':=') are not supported");
    auto s = std::make_unique<Stmt>(StmtKind::AugAssign, loc);
    s->op = cur().text.substr(0, cur().text.size() - 1);
    next();
    s->target = std::move(first);
    s->value = parseTestList();
    if (!s->value)
      return nullptr;
    return endOfSimpleStatement() ? std::move(s) : nullptr;
  }
  auto s = std::make_unique<Stmt>(StmtKind::Expr, loc);
  s->value = std::move(first);
  return endOfSimpleStatement() ? std::move(s) : nullptr;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

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

std::unique_ptr<Module> arrayc::frontend::parse(const std::vector<Token> &tokens,
                                                ErrorFn error) {
  if (tokens.empty() || !tokens.back().is(Tok::Eof))
    return nullptr;
  return Parser(tokens, error).parseModule();
}
