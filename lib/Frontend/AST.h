//===- AST.h - syntax tree of .arr source -----------------------*- C++ -*-===//
//
// A small Python-shaped AST. Every node carries the location of its first
// token (or of its operator, for binary expressions) for diagnostics.
// Type annotations stay expressions (`f32[n, 3]` is a Subscript, a tuple of
// results is a Tuple); Sema reads them as types.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_FRONTEND_AST_H
#define ARRAYC_FRONTEND_AST_H

#include "Frontend/Lexer.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <string>
#include <vector>

namespace arrayc::frontend {

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;

enum class ExprKind {
  Name,
  Int,
  Float,
  Imag, ///< An imaginary literal; floatValue is its imaginary part.
  Bool,
  None,
  String,
  Ellipsis,
  Unary,     ///< op: "-", "+", "~", "not"
  Binary,    ///< op: "+", "-", "*", "/", "//", "%", "@", "**", "|", "^", "&", "<<", ">>"
  Compare,   ///< op: "==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not";
             ///< a chain `a < b <= c` keeps the later links in elts, each a
             ///< Compare whose lhs is null (it compares the previous rhs)
  BoolOp,    ///< op: "and", "or"
  Call,      ///< lhs(args..., keywords...)
  Attribute, ///< lhs.name
  Subscript, ///< lhs[rhs]
  Slice,     ///< lo:hi:step inside a subscript (operands may be null)
  Tuple,
  List,
  IfExp, ///< lhs if elts[0] else rhs (Python's conditional expression)
};

struct Keyword {
  std::string name;
  SrcLoc loc;
  ExprPtr value;
};

struct Expr {
  ExprKind kind;
  SrcLoc loc;
  std::string name; ///< Name/Attribute identifier, String value, operator.
  int64_t intValue = 0;
  double floatValue = 0;
  bool boolValue = false;
  ExprPtr lhs, rhs;          ///< Operands; Call/Attribute/Subscript use lhs.
  std::vector<ExprPtr> elts; ///< Tuple/List elements, Call args, Slice parts.
  std::vector<Keyword> keywords;
  bool parenthesized = false;
  unsigned height = 1; ///< Longest path to a leaf; the parser bounds it.

  Expr(ExprKind kind, SrcLoc loc) : kind(kind), loc(loc) {}
};

enum class StmtKind {
  Expr,
  Assign,    ///< target = value (target may be a Tuple)
  AnnAssign, ///< target: annotation = value
  AugAssign, ///< target op= value; op is the binary operator ("+", ...)
  Return,    ///< value may be null
  Pass,
  Import,     ///< import module [as alias]
  FunctionDef,
  If,       ///< if value: body else: orelse (elif: orelse holds one If)
  While,    ///< while value: body (an `else:` clause is rejected)
  For,      ///< for target in value: body
  Assert,   ///< assert value[, message]
  Break,
  Continue,
};

struct Param {
  std::string name;
  SrcLoc loc;
  ExprPtr annotation; ///< Null when missing.
  ExprPtr defaultValue; ///< `= value`; null when there is none.
};

struct Stmt {
  StmtKind kind;
  SrcLoc loc;
  std::string op;          ///< AugAssign operator.
  ExprPtr target, annotation, value;
  // Import.
  std::string module, alias;
  // FunctionDef.
  std::string name;
  std::vector<Param> params;
  ExprPtr returns; ///< Null when there is no `->`.
  bool vectorize = false; ///< Decorated `@vectorize`: applied elementwise.
  /// Decorated `@reduction(identity=...)`: the identity (a binary combine
  /// function folded over an array, GenReduction.cpp); null otherwise.
  ExprPtr reductionIdentity;
  std::vector<StmtPtr> body;
  // If/While/For/Assert (see StmtKind).
  std::vector<StmtPtr> orelse;
  ExprPtr message;

  Stmt(StmtKind kind, SrcLoc loc) : kind(kind), loc(loc) {}
};

struct Module {
  std::vector<StmtPtr> body;
};

/// Deep copies (a loop over a tuple display is unrolled: ParserDesugar.cpp).
ExprPtr cloneExpr(const Expr &e);
StmtPtr cloneStmt(const Stmt &s);

/// Names that `body` assigns (recursively: assignment and loop targets, the
/// array of an indexed store), in first-assignment order, with where each
/// is first assigned (ParserDesugar.cpp).
void assignedNames(const std::vector<StmtPtr> &body, std::vector<std::string> &out,
                   llvm::StringMap<SrcLoc> &where);

} // namespace arrayc::frontend

#endif // ARRAYC_FRONTEND_AST_H
