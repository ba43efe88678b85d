//===- ParserStmt.cpp - statements of the recursive-descent parser --------===//
//
// The module, blocks and lines (`;`, one-line bodies), compound statements
// (if/elif/else, while, for, def, @vectorize def) and simple statements
// (assignments, augmented assignments, return, assert, import...). The
// expressions they contain are parsed in ParserExpr.cpp.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ParserImpl.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"

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
  if (t.isName("def"))
    return parseFunctionDef(); // nested ones are hoisted (hoistNested)
  if (t.isOp("@")) {
    if (!topLevel)
      return failHere(defDepth ? "a decorated function must be defined at "
                                 "module level, not inside a function"
                               : "decorators are not supported");
    return parseDecoratedDef();
  }
  if (t.isName("nonlocal") && defDepth > 1)
    return failHere("'nonlocal' is not supported: a nested function reads "
                    "the enclosing function's variables (their values at "
                    "the call) but cannot rebind them; return the new value "
                    "instead");
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
  size_t firstLambda = lambdas.size();
  ++defDepth;
  auto leave = llvm::make_scope_exit([&] { --defDepth; });
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
  if (defDepth == 1 && !hoistNested(*fn, firstLambda))
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

std::unique_ptr<Module> arrayc::frontend::parse(const std::vector<Token> &tokens,
                                                ErrorFn error) {
  if (tokens.empty() || !tokens.back().is(Tok::Eof))
    return nullptr;
  return Parser(tokens, error).parseModule();
}
