// Lexer: splits SQL text into Tokens following SQLite's tokenize.c, including its
// quirks (unterminated /* comments run to the end, 1abc is one illegal token,
// WINDOW/OVER/FILTER are keywords only in context). It reports the first
// unrecognized token as a Diagnostic and never throws.
#pragma once

#include "core/base/diagnostic.h"
#include "core/sql/token.h"

#include <optional>
#include <string_view>
#include <vector>

namespace sqleq::sql {

class Lexer {
public:
    /// `source` must outlive the lexer and the tokens it produces.
    explicit Lexer(std::string_view source) : m_source(source) {}

    /// Appends every token to `out` (reusing its capacity), ending with one End
    /// token. At an unrecognized token it appends an Error token, records error()
    /// and stops, so the parser can report it when (and if) it gets there.
    void tokenize(std::vector<Token>& out);

    [[nodiscard]] const std::optional<Diagnostic>& error() const { return m_error; }

private:
    Token scanToken(uint32_t& position);
    uint32_t skipTrivia(uint32_t position) const;
    uint32_t scanPunctuation(uint32_t begin, TokenKind& kind) const;
    uint32_t scanNumber(uint32_t begin, TokenKind& kind) const;
    uint32_t scanQuoted(uint32_t begin, char close, TokenKind okKind, TokenKind& kind) const;
    uint32_t scanParameter(uint32_t begin, TokenKind& kind) const;
    uint32_t scanBlob(uint32_t begin, TokenKind& kind) const;
    void resolveContextualKeywords(std::vector<Token>& tokens, size_t first) const;
    void recordError(const Token& token);

    std::string_view m_source;
    std::optional<Diagnostic> m_error;
};

} // namespace sqleq::sql
