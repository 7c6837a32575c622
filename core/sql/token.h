// Token: one lexical unit of SQL as a kind plus a byte span into the source.
// Tokens never copy text; `text()` slices the source they were lexed from, which
// must outlive them. Whitespace and comments produce no tokens.
#pragma once

#include "core/base/source_span.h"
#include "core/sql/keyword.h"

#include <cstdint>
#include <string_view>

namespace sqleq::sql {

enum class TokenKind : uint8_t {
    End,          ///< end of input (span is empty, at the end)
    Error,        ///< an unrecognized token; the lexer's diagnostic explains it
    Identifier,   ///< bare, "double", [bracket] or `backtick` name
    Keyword,      ///< see Token::keyword
    String,       ///< 'single-quoted'
    Integer,      ///< 42, 0x2A
    Float,        ///< 1.5, 1., .5, 1e5
    Blob,         ///< x'0A'
    Parameter,    ///< ?, ?1, :name, @name, $name
    LParen, RParen, Comma, Semicolon, Dot,
    Plus, Minus, Star, Slash, Percent, Tilde,
    Concat,       ///< ||
    Arrow,        ///< ->
    DoubleArrow,  ///< ->>
    Eq,           ///< =
    EqEq,         ///< ==
    NotEq,        ///< !=
    LessGreater,  ///< <>
    Less, LessEq, Greater, GreaterEq,
    ShiftLeft, ShiftRight, BitAnd, BitOr,
};

struct Token {
    TokenKind kind = TokenKind::End;
    Keyword keyword = Keyword::None; ///< set when kind == Keyword
    SourceSpan span;

    [[nodiscard]] std::string_view text(std::string_view source) const
    {
        return source.substr(span.begin, span.end - span.begin);
    }
    [[nodiscard]] bool is(Keyword k) const { return kind == TokenKind::Keyword && keyword == k; }
    [[nodiscard]] bool is(TokenKind k) const { return kind == k; }
};

/// Human name of a token kind for messages ("','", "end of input").
std::string_view tokenKindName(TokenKind kind);

} // namespace sqleq::sql
