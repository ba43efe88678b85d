//===- Lexer.h - tokens of .arr source (a Python 3 subset) ------*- C++ -*-===//
//
// Turns a whole buffer into a token vector, Python style: INDENT/DEDENT from a
// stack of indentation widths, NEWLINE only outside brackets, `\` joins lines,
// comments and blank lines vanish. Keywords stay Name tokens; the parser
// decides what a word means.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_FRONTEND_LEXER_H
#define ARRAYC_FRONTEND_LEXER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>
#include <string>
#include <vector>

namespace arrayc::frontend {

/// A 1-based source position.
struct SrcLoc {
  unsigned line = 1, col = 1;
};

enum class Tok {
  Name,
  Int,
  Float,
  Imag, ///< An imaginary literal (`2j`, `1.5e3j`); floatValue is its value.
  String,
  Op, ///< Operators and punctuation; `text` says which.
  Newline,
  Indent,
  Dedent,
  Eof,
};

struct Token {
  Tok kind;
  std::string text; ///< Name/op spelling, or a string literal's decoded value.
  SrcLoc loc;
  int64_t intValue = 0;
  double floatValue = 0;

  bool is(Tok k) const { return kind == k; }
  bool isOp(llvm::StringRef s) const { return kind == Tok::Op && text == s; }
  bool isName(llvm::StringRef s) const { return kind == Tok::Name && text == s; }
};

using ErrorFn = llvm::function_ref<void(SrcLoc, const std::string &)>;

/// Tokenizes `source`. On a lexical error calls `error` once and returns false.
bool lex(llvm::StringRef source, std::vector<Token> &tokens, ErrorFn error);

} // namespace arrayc::frontend

#endif // ARRAYC_FRONTEND_LEXER_H
