// TokenIndex: the gold's tokens with lookups by byte offset and matched
// parentheses. AST spans exclude the parentheses that only group an operand, so
// mutations ask here for the grouped extent of a node before cutting it out, and
// for keyword tokens the AST keeps no span of (ASC, DISTINCT, NOT before IN).
#pragma once

#include "core/base/source_span.h"
#include "core/sql/token.h"

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace sqleq::neighbors {

class TokenIndex {
public:
    /// Lexes `text`, which must outlive the index. A lexer error leaves the
    /// tokens up to it; the gold parsed, so this does not happen in practice.
    explicit TokenIndex(std::string_view text);

    [[nodiscard]] std::string_view text() const { return m_text; }
    /// Every token, without the final End token.
    [[nodiscard]] const std::vector<sql::Token>& tokens() const { return m_tokens; }

    /// Index of the token starting exactly at `offset`.
    [[nodiscard]] std::optional<std::size_t> startingAt(uint32_t offset) const;
    /// Index of the token ending exactly at `offset`.
    [[nodiscard]] std::optional<std::size_t> endingAt(uint32_t offset) const;
    /// Index of the first token starting at or after `offset`.
    [[nodiscard]] std::size_t firstFrom(uint32_t offset) const;
    /// Index of the ')' matching the '(' at `index`, or of the '(' matching a ')'.
    [[nodiscard]] std::optional<std::size_t> partner(std::size_t index) const;

    /// `span` widened over every pair of parentheses that encloses exactly it.
    [[nodiscard]] SourceSpan grouped(SourceSpan span) const;
    /// The first keyword token `keyword` inside `span`, if any.
    [[nodiscard]] std::optional<SourceSpan> findKeyword(SourceSpan span, sql::Keyword keyword) const;

private:
    std::string_view m_text;
    std::vector<sql::Token> m_tokens;
    std::vector<std::size_t> m_partner;  ///< per token; kNone unless a matched parenthesis
};

} // namespace sqleq::neighbors
