// Token lookups over the gold text. Offsets come from AST spans, which always
// start and end on token boundaries, so exact lookups suffice.

#include "core/neighbors/token_index.h"

#include "core/sql/lexer.h"

#include <algorithm>

namespace sqleq::neighbors {
namespace {

constexpr std::size_t kNoPartner = static_cast<std::size_t>(-1);

} // namespace

TokenIndex::TokenIndex(std::string_view text) : m_text(text)
{
    sql::Lexer lexer(text);
    lexer.tokenize(m_tokens);
    while (!m_tokens.empty() && (m_tokens.back().kind == sql::TokenKind::End
                                 || m_tokens.back().kind == sql::TokenKind::Error)) {
        m_tokens.pop_back();
    }
    m_partner.assign(m_tokens.size(), kNoPartner);
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < m_tokens.size(); ++i) {
        if (m_tokens[i].kind == sql::TokenKind::LParen) {
            open.push_back(i);
        } else if (m_tokens[i].kind == sql::TokenKind::RParen && !open.empty()) {
            m_partner[i] = open.back();
            m_partner[open.back()] = i;
            open.pop_back();
        }
    }
}

std::optional<std::size_t> TokenIndex::startingAt(uint32_t offset) const
{
    const std::size_t i = firstFrom(offset);
    if (i < m_tokens.size() && m_tokens[i].span.begin == offset) return i;
    return std::nullopt;
}

std::optional<std::size_t> TokenIndex::endingAt(uint32_t offset) const
{
    const auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), offset,
                                     [](const sql::Token& token, uint32_t value) { return token.span.end < value; });
    if (it != m_tokens.end() && it->span.end == offset) return static_cast<std::size_t>(it - m_tokens.begin());
    return std::nullopt;
}

std::size_t TokenIndex::firstFrom(uint32_t offset) const
{
    const auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), offset,
                                     [](const sql::Token& token, uint32_t value) { return token.span.begin < value; });
    return static_cast<std::size_t>(it - m_tokens.begin());
}

std::optional<std::size_t> TokenIndex::partner(std::size_t index) const
{
    if (index >= m_partner.size() || m_partner[index] == kNoPartner) return std::nullopt;
    return m_partner[index];
}

SourceSpan TokenIndex::grouped(SourceSpan span) const
{
    if (!span.valid()) return span;
    auto first = startingAt(span.begin);
    auto last = endingAt(span.end);
    if (!first || !last) return span;
    std::size_t i = *first;
    std::size_t j = *last;
    while (i > 0 && j + 1 < m_tokens.size() && m_tokens[i - 1].kind == sql::TokenKind::LParen
           && partner(i - 1) == j + 1) {
        --i;
        ++j;
    }
    return SourceSpan{m_tokens[i].span.begin, m_tokens[j].span.end};
}

std::optional<SourceSpan> TokenIndex::findKeyword(SourceSpan span, sql::Keyword keyword) const
{
    if (!span.valid()) return std::nullopt;
    for (std::size_t i = firstFrom(span.begin); i < m_tokens.size() && m_tokens[i].span.end <= span.end; ++i) {
        if (m_tokens[i].is(keyword)) return m_tokens[i].span;
    }
    return std::nullopt;
}

} // namespace sqleq::neighbors
