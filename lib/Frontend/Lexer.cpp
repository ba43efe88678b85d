//===- Lexer.cpp - tokens of .arr source ----------------------------------===//

#include "Frontend/Lexer.h"

#include "llvm/ADT/StringExtras.h"
#include <cerrno>
#include <cstdlib>

using namespace arrayc::frontend;

namespace {
class Lexer {
public:
  Lexer(llvm::StringRef src, std::vector<Token> &toks, ErrorFn error)
      : src(src), toks(toks), error(error) {}

  bool run();

private:
  llvm::StringRef src;
  std::vector<Token> &toks;
  ErrorFn error;
  size_t pos = 0;
  unsigned line = 1, col = 1;
  int depth = 0; ///< Bracket nesting: newlines inside brackets are ignored.
  std::vector<std::pair<unsigned, SrcLoc>> brackets;
  std::vector<unsigned> indents{0};
  bool failed = false;

  char peek(size_t k = 0) const {
    return pos + k < src.size() ? src[pos + k] : '\0';
  }
  void advance() {
    if (pos >= src.size())
      return;
    if (src[pos] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
    ++pos;
  }
  SrcLoc here() const { return {line, col}; }
  bool fail(SrcLoc loc, const std::string &msg) {
    if (!failed)
      error(loc, msg);
    failed = true;
    return false;
  }
  void push(Tok kind, std::string text, SrcLoc loc) {
    toks.push_back(Token{kind, std::move(text), loc});
  }
  bool lexLineStart();
  bool lexNumber();
  bool lexString(size_t prefixLen);
  bool lexOp();
};
} // namespace

/// Measures the indentation of a logical line start; emits INDENT/DEDENT.
/// Returns false on error; skips blank and comment-only lines.
bool Lexer::lexLineStart() {
  while (true) {
    unsigned width = 0;
    while (peek() == ' ' || peek() == '\t' || peek() == '\f') {
      if (peek() == '\t')
        width = (width / 8 + 1) * 8;
      else if (peek() == ' ')
        ++width;
      advance();
    }
    if (peek() == '#')
      while (peek() != '\n' && peek() != '\0')
        advance();
    if (peek() == '\r')
      advance();
    if (peek() == '\n') {
      advance();
      continue;
    }
    if (peek() == '\0')
      return true;
    if (peek() == '\\' && (peek(1) == '\n' || (peek(1) == '\r' && peek(2) == '\n')))
      return fail(here(), "a line continuation cannot start a line");
    SrcLoc loc = here();
    if (width > indents.back()) {
      indents.push_back(width);
      push(Tok::Indent, "", loc);
    } else {
      while (width < indents.back()) {
        indents.pop_back();
        push(Tok::Dedent, "", loc);
      }
      if (width != indents.back())
        return fail(loc, "unindent does not match any outer indentation level");
    }
    return true;
  }
}

bool Lexer::lexNumber() {
  SrcLoc loc = here();
  size_t start = pos;
  auto isDigitOrUnderscore = [](char c) {
    return llvm::isDigit(c) || c == '_';
  };
  if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X' || peek(1) == 'o' ||
                        peek(1) == 'O' || peek(1) == 'b' || peek(1) == 'B')) {
    char base = llvm::toLower(peek(1));
    unsigned radix = base == 'x' ? 16 : base == 'o' ? 8 : 2;
    advance();
    advance();
    std::string digits;
    while (llvm::isAlnum(peek()) || peek() == '_') {
      if (peek() != '_')
        digits += peek();
      advance();
    }
    uint64_t v = 0;
    if (digits.empty() || llvm::StringRef(digits).getAsInteger(radix, v))
      return fail(loc, "invalid integer literal '" +
                           src.substr(start, pos - start).str() + "'");
    if (v > static_cast<uint64_t>(INT64_MAX))
      return fail(loc, "integer literal is too large for 64 bits");
    push(Tok::Int, src.substr(start, pos - start).str(), loc);
    toks.back().intValue = static_cast<int64_t>(v);
    return true;
  }
  bool isFloat = false;
  while (isDigitOrUnderscore(peek()))
    advance();
  if (peek() == '.') {
    isFloat = true;
    advance();
    while (isDigitOrUnderscore(peek()))
      advance();
  }
  if (peek() == 'e' || peek() == 'E') {
    size_t k = 1;
    if (peek(1) == '+' || peek(1) == '-')
      k = 2;
    if (llvm::isDigit(peek(k))) {
      isFloat = true;
      for (size_t i = 0; i < k; ++i)
        advance();
      while (isDigitOrUnderscore(peek()))
        advance();
    }
  }
  bool isImag = peek() == 'j' || peek() == 'J';
  if (isImag)
    advance();
  if (llvm::isAlpha(peek()) || peek() == '_')
    return fail(loc, "invalid number literal");
  std::string text = src.substr(start, pos - start).str();
  std::string clean;
  for (char c : text)
    if (c != '_' && c != 'j' && c != 'J')
      clean += c;
  if (isFloat || isImag) {
    errno = 0;
    char *end = nullptr;
    double v = std::strtod(clean.c_str(), &end);
    if (!end || *end != '\0')
      return fail(loc, "invalid float literal '" + text + "'");
    push(isImag ? Tok::Imag : Tok::Float, text, loc);
    toks.back().floatValue = v;
    return true;
  }
  if (clean.size() > 1 && clean[0] == '0' &&
      clean.find_first_not_of('0') != std::string::npos)
    return fail(loc, "leading zeros in decimal integer literals are not "
                     "permitted; use an 0o prefix for octal integers");
  uint64_t v = 0;
  if (llvm::StringRef(clean).getAsInteger(10, v) ||
      v > static_cast<uint64_t>(INT64_MAX))
    return fail(loc, "integer literal is too large for 64 bits");
  push(Tok::Int, text, loc);
  toks.back().intValue = static_cast<int64_t>(v);
  return true;
}

bool Lexer::lexString(size_t prefixLen) {
  SrcLoc loc = here();
  bool raw = false;
  for (size_t i = 0; i < prefixLen; ++i) {
    char c = llvm::toLower(peek());
    if (c == 'r')
      raw = true;
    else if (c == 'b')
      return fail(loc, "bytes literals are not supported");
    else if (c == 'f')
      return fail(loc, "f-strings are not supported yet");
    advance();
  }
  char quote = peek();
  bool triple = peek(1) == quote && peek(2) == quote;
  for (int i = 0; i < (triple ? 3 : 1); ++i)
    advance();
  std::string value;
  while (true) {
    char c = peek();
    if (c == '\0' || (!triple && c == '\n'))
      return fail(loc, triple ? "unterminated triple-quoted string literal"
                              : "unterminated string literal");
    if (c == quote) {
      if (!triple) {
        advance();
        break;
      }
      if (peek(1) == quote && peek(2) == quote) {
        advance();
        advance();
        advance();
        break;
      }
    }
    if (c == '\\' && !raw) {
      SrcLoc escLoc = here();
      advance();
      char e = peek();
      advance();
      switch (e) {
      case 'n': value += '\n'; break;
      case 't': value += '\t'; break;
      case 'r': value += '\r'; break;
      case '0': value += '\0'; break;
      case 'a': value += '\a'; break;
      case 'b': value += '\b'; break;
      case 'f': value += '\f'; break;
      case 'v': value += '\v'; break;
      case '\\': value += '\\'; break;
      case '\'': value += '\''; break;
      case '"': value += '"'; break;
      case '\n': break; // Escaped newline: line continuation inside a string.
      case 'x': {
        unsigned v = 0;
        for (int i = 0; i < 2; ++i) {
          if (!llvm::isHexDigit(peek()))
            return fail(escLoc, "invalid \\x escape in string literal");
          v = v * 16 + llvm::hexDigitValue(peek());
          advance();
        }
        value += static_cast<char>(v);
        break;
      }
      case '\0':
        return fail(loc, "unterminated string literal");
      default: // Python keeps unknown escapes as written.
        value += '\\';
        value += e;
      }
      continue;
    }
    value += c;
    advance();
  }
  push(Tok::String, value, loc);
  return true;
}

bool Lexer::lexOp() {
  static const char *const ops[] = {
      "**=", "//=", ">>=", "<<=", "...", "->", "**", "//", "<<", ">>", "<=",
      ">=", "==", "!=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=",
      ":=", "+", "-", "*", "/", "%", "@", "&", "|", "^", "~", "<", ">", "(",
      ")", "[", "]", "{", "}", ",", ":", ".", ";", "="};
  SrcLoc loc = here();
  for (const char *op : ops) {
    if (!src.substr(pos).starts_with(op))
      continue;
    std::string s = op;
    for (size_t i = 0; i < s.size(); ++i)
      advance();
    if (s == "(" || s == "[" || s == "{") {
      ++depth;
      brackets.push_back({static_cast<unsigned>(s[0]), loc});
    } else if (s == ")" || s == "]" || s == "}") {
      char open = s == ")" ? '(' : s == "]" ? '[' : '{';
      if (brackets.empty())
        return fail(loc, "unmatched '" + s + "'");
      if (brackets.back().first != static_cast<unsigned>(open))
        return fail(loc, "closing parenthesis '" + s +
                             "' does not match opening parenthesis '" +
                             std::string(1, static_cast<char>(
                                                brackets.back().first)) +
                             "'");
      brackets.pop_back();
      --depth;
    }
    push(Tok::Op, s, loc);
    return true;
  }
  char c = peek();
  std::string shown = llvm::isPrint(c) ? std::string(1, c)
                                       : "\\x" + llvm::utohexstr(
                                                     static_cast<uint8_t>(c));
  return fail(loc, "unexpected character '" + shown + "'");
}

bool Lexer::run() {
  if (src.starts_with("\xEF\xBB\xBF"))
    pos = 3; // A UTF-8 byte order mark.
  if (!lexLineStart())
    return false;
  while (peek() != '\0') {
    char c = peek();
    if (c == ' ' || c == '\t' || c == '\f' || c == '\r') {
      advance();
      continue;
    }
    if (c == '#') {
      while (peek() != '\n' && peek() != '\0')
        advance();
      continue;
    }
    if (c == '\\') {
      size_t k = peek(1) == '\r' ? 2 : 1;
      if (peek(k) == '\0')
        return fail(here(), "unexpected end of file after line continuation");
      if (peek(k) != '\n')
        return fail(here(), "unexpected character after line continuation "
                            "character");
      for (size_t i = 0; i <= k; ++i)
        advance();
      if (peek() == '\0')
        return fail(here(), "unexpected end of file after line continuation");
      continue;
    }
    if (c == '\n') {
      SrcLoc loc = here();
      advance();
      if (depth > 0)
        continue;
      if (!toks.empty() && !toks.back().is(Tok::Newline) &&
          !toks.back().is(Tok::Indent) && !toks.back().is(Tok::Dedent))
        push(Tok::Newline, "", loc);
      if (!lexLineStart())
        return false;
      continue;
    }
    if (llvm::isDigit(c) || (c == '.' && llvm::isDigit(peek(1)))) {
      if (!lexNumber())
        return false;
      continue;
    }
    if (c == '"' || c == '\'') {
      if (!lexString(0))
        return false;
      continue;
    }
    if (llvm::isAlpha(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80) {
      // String prefixes: r, b, f, rb, br, fr, rf (any case), then a quote.
      size_t k = 0;
      while (k < 2 && llvm::is_contained(llvm::StringRef("rRbBfFuU"), peek(k)))
        ++k;
      for (size_t n = 1; n <= k; ++n)
        if (peek(n) == '"' || peek(n) == '\'') {
          if (!lexString(n))
            return false;
          k = 100;
          break;
        }
      if (k == 100)
        continue;
      if (static_cast<unsigned char>(c) >= 0x80)
        return fail(here(), "non-ASCII identifiers are not supported");
      SrcLoc loc = here();
      size_t start = pos;
      while (llvm::isAlnum(peek()) || peek() == '_')
        advance();
      push(Tok::Name, src.substr(start, pos - start).str(), loc);
      continue;
    }
    if (!lexOp())
      return false;
  }
  if (!brackets.empty()) {
    SrcLoc l = brackets.back().second;
    return fail(l, "'" + std::string(1, static_cast<char>(brackets.back().first)) +
                       "' was never closed");
  }
  SrcLoc end = here();
  if (!toks.empty() && !toks.back().is(Tok::Newline) &&
      !toks.back().is(Tok::Dedent) && !toks.back().is(Tok::Indent))
    push(Tok::Newline, "", end);
  while (indents.size() > 1) {
    indents.pop_back();
    push(Tok::Dedent, "", end);
  }
  push(Tok::Eof, "", end);
  return true;
}

bool arrayc::frontend::lex(llvm::StringRef source, std::vector<Token> &tokens,
                           ErrorFn error) {
  // The lexer reads '\0' as the end of the source: a NUL byte inside would
  // silently cut the file there (Python rejects it too).
  size_t nul = source.find('\0');
  if (nul != llvm::StringRef::npos) {
    llvm::StringRef before = source.take_front(nul);
    unsigned line = 1 + before.count('\n');
    size_t lineStart = before.rfind('\n');
    unsigned col = 1 + (lineStart == llvm::StringRef::npos ? nul : nul - lineStart - 1);
    error(SrcLoc{line, col}, "the source contains a NUL byte (a binary or damaged file?)");
    return false;
  }
  return Lexer(source, tokens, error).run();
}
