//===- Parser.h - recursive-descent parser for .arr -------------*- C++ -*-===//
#ifndef ARRAYC_FRONTEND_PARSER_H
#define ARRAYC_FRONTEND_PARSER_H

#include "Frontend/AST.h"

namespace arrayc::frontend {

/// Parses a token vector (ending in Eof) into a module. Statements the subset
/// does not have yet (`if`, `while`, ...) are errors at their keyword. On the
/// first error calls `error` and returns null.
std::unique_ptr<Module> parse(const std::vector<Token> &tokens, ErrorFn error);

} // namespace arrayc::frontend

#endif // ARRAYC_FRONTEND_PARSER_H
