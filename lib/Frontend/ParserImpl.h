//===- ParserImpl.h - the parser's class, shared by its units ---*- C++ -*-===//
//
// ParserStmt.cpp and ParserExpr.cpp parse statements and expressions
// (Python's grammar); ParserDesugar.cpp rewrites what the
// later stages need not know about (for over sequences, comprehensions,
// `with`) into the statements they mean.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_FRONTEND_PARSERIMPL_H
#define ARRAYC_FRONTEND_PARSERIMPL_H

#include "Frontend/Parser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace arrayc::frontend {
class Parser {
public:
  Parser(const std::vector<Token> &toks, ErrorFn error)
      : toks(toks), error(error) {}

  std::unique_ptr<Module> parseModule();

private:
  const std::vector<Token> &toks;
  ErrorFn error;
  size_t pos = 0;
  bool failed = false;
  unsigned depth = 0;

  const Token &cur() const { return toks[pos]; }
  const Token &peekTok(size_t k = 1) const {
    return toks[std::min(pos + k, toks.size() - 1)];
  }
  void next() {
    if (pos + 1 < toks.size())
      ++pos;
  }
  std::nullptr_t fail(SrcLoc loc, const std::string &msg) {
    if (!failed)
      error(loc, msg);
    failed = true;
    return nullptr;
  }
  std::nullptr_t failHere(const std::string &msg) { return fail(cur().loc, msg); }
  bool consumeOp(llvm::StringRef op) {
    if (!cur().isOp(op))
      return false;
    next();
    return true;
  }
  bool expectOp(llvm::StringRef op, llvm::StringRef what) {
    if (consumeOp(op))
      return true;
    failHere("expected '" + op.str() + "' " + what.str() + ", got " +
             describe(cur()));
    return false;
  }
  static std::string describe(const Token &t) {
    switch (t.kind) {
    case Tok::Name:
      return "'" + t.text + "'";
    case Tok::Int:
    case Tok::Float:
    case Tok::Imag:
      return "number '" + t.text + "'";
    case Tok::String:
      return "a string";
    case Tok::Op:
      return "'" + t.text + "'";
    case Tok::Newline:
      return "end of line";
    case Tok::Indent:
      return "an indented block";
    case Tok::Dedent:
      return "the end of the block";
    case Tok::Eof:
      return "end of file";
    }
    return "a token";
  }
  static bool isKeyword(llvm::StringRef s) {
    return llvm::StringSwitch<bool>(s)
        .Cases({"False", "None", "True", "and", "as", "assert", "async",
                "await", "break", "class", "continue", "def", "del", "elif",
                "else", "except", "finally", "for", "from", "global", "if",
                "import", "in", "is", "lambda", "nonlocal", "not", "or",
                "pass", "raise", "return", "try", "while", "with", "yield"},
               true)
        .Default(false);
  }

  StmtPtr parseStatement(bool topLevel);
  StmtPtr parseSimpleStatement();
  /// One line's statements: a compound statement, or simple statements
  /// separated by `;`, with the statements they desugar to.
  bool parseLine(std::vector<StmtPtr> &out, bool topLevel);
  /// Simple statements separated by `;` up to the end of the line.
  bool parseSimpleLine(std::vector<StmtPtr> &out);
  /// Moves `s` with the statements its parse queued around it to `out`.
  void emit(StmtPtr s, std::vector<StmtPtr> &out);
  /// `for TARGET in ITER` over anything but `range(...)` into a range loop.
  StmtPtr desugarFor(std::unique_ptr<Stmt> s);
  /// `for TARGET in (a, b, ...)`: the body once per item, in order.
  StmtPtr unrollFor(std::unique_ptr<Stmt> s);
  /// Suffixes of the nested functions unrolled copies define (`f#N`), unique
  /// in the file: loops over tuple displays nest, and an outer copy renames
  /// the inner copies' functions again.
  size_t unrolledDefs = 0;
  /// `[elt for ... in ... if ...]` (at its first `for`; `eltPre` are the
  /// statements `elt`'s parse queued) into a loop that appends to a hidden
  /// list, queued in `before`; returns the list's name.
  ExprPtr parseComprehension(ExprPtr elt, std::vector<StmtPtr> eltPre, SrcLoc loc);
  /// A loop target: names and parenthesized groups (`i, (a, b)`).
  ExprPtr parseLoopTarget();
  /// `with np.errstate(...):` runs its body (arrayc never traps float errors).
  StmtPtr parseWith();
  /// `lambda a, b: e` becomes a module-level function `lambda@L:C` returning
  /// `e` (queued in `lambdas`); the expression is its name.
  ExprPtr parseLambda();
  /// Module-level functions the parse made: lambdas, and nested `def`s
  /// hoisted out of their functions (hoistNested); parseModule appends them.
  std::vector<StmtPtr> lambdas;
  /// How many `def`s enclose the parse position (0 at module level).
  unsigned defDepth = 0;
  /// A module-level `def` (`fn`, just parsed) with nested functions or
  /// lambdas (those of `lambdas` from `firstLambda` on): each becomes a
  /// module-level function under a hidden name taking the enclosing
  /// functions' variables it reads as extra parameters, passed at each
  /// call (ParserDesugar.cpp).
  bool hoistNested(Stmt &fn, size_t firstLambda);
  std::string hiddenName(const char *what, SrcLoc l) {
    return std::string(what) + "@" + std::to_string(l.line) + ":" +
           std::to_string(l.col);
  }
  ExprPtr nameExpr(const std::string &n, SrcLoc l) {
    ExprPtr e = make(ExprKind::Name, l);
    e->name = n;
    return e;
  }
  ExprPtr callExpr(const std::string &f, SrcLoc l, ExprPtr arg) {
    ExprPtr e = make(ExprKind::Call, l);
    e->lhs = nameExpr(f, l);
    e->elts.push_back(std::move(arg));
    return e;
  }
  StmtPtr assignStmt(ExprPtr target, ExprPtr value, SrcLoc l) {
    auto s = std::make_unique<Stmt>(StmtKind::Assign, l);
    s->target = std::move(target);
    s->value = std::move(value);
    return s;
  }
  /// Statements a parse produced to run before / after the one it returns.
  std::vector<StmtPtr> before, after;
  /// A `;` ended the last simple statement and more follow on its line.
  bool sameLine = false;
  StmtPtr parseFunctionDef();
  StmtPtr parseDecoratedDef(); ///< `@vectorize` or `@reduction(identity=v)`, then a def
  bool parseBlock(std::vector<StmtPtr> &body);
  StmtPtr parseCompound(); ///< if/elif/else, while, for
  bool endOfSimpleStatement();

  ExprPtr parseTestList(); ///< expr or unparenthesized tuple
  ExprPtr parseTest();
  ExprPtr parseOr();
  ExprPtr parseAnd();
  ExprPtr parseNot();
  ExprPtr parseComparison();
  ExprPtr parseBinary(int level);
  ExprPtr parseUnary();
  ExprPtr parsePower();
  ExprPtr parsePostfix();
  ExprPtr parseAtom();
  ExprPtr parseSubscriptItem();
  ExprPtr parseSubscriptList();
  bool parseCallArgs(Expr &call);

  ExprPtr make(ExprKind k, SrcLoc loc) { return std::make_unique<Expr>(k, loc); }

  /// Computes `e`'s height and rejects trees deep enough to exhaust the
  /// stack of the recursive passes after parsing (e.g. `x+x+...+x`).
  ExprPtr checkHeight(ExprPtr e) {
    if (!e)
      return nullptr;
    unsigned h = 0;
    for (const Expr *c : {e->lhs.get(), e->rhs.get()})
      if (c)
        h = std::max(h, c->height);
    for (const ExprPtr &c : e->elts)
      if (c)
        h = std::max(h, c->height);
    for (const Keyword &k : e->keywords)
      if (k.value)
        h = std::max(h, k.value->height);
    e->height = h + 1;
    if (e->height > 400)
      return fail(e->loc, "expression is too deeply nested");
    return e;
  }
};
} // namespace arrayc::frontend

#endif // ARRAYC_FRONTEND_PARSERIMPL_H
