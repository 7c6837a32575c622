// Token-span drops. The skip rules are about meaning, not syntax: a run that
// merely fails to parse is left for the filter, but one that would parse and
// provably change nothing (ASC, AS before an alias, ';', a qualifier `T1.` whose
// column the prepare filter re-resolves) is never proposed.

#include "core/neighbors/token_drops.h"

namespace sqleq::neighbors {
namespace {

using sql::Token;
using sql::TokenKind;

bool isNoise(const Token& token)
{
    return token.is(sql::Keyword::Asc) || token.is(sql::Keyword::As) || token.is(TokenKind::Semicolon);
}

bool isNameToken(const Token& token)
{
    return token.is(TokenKind::Identifier) || token.is(TokenKind::Keyword);
}

/// Tokens [first, last] that cannot change what the query means.
bool meaningless(const std::vector<Token>& tokens, std::size_t first, std::size_t last)
{
    bool allNoise = true;
    for (std::size_t i = first; i <= last; ++i) allNoise = allNoise && isNoise(tokens[i]);
    if (allNoise) return true;
    // `T1.` before a column: dropping it leaves the same column or an ambiguous one.
    const bool qualifier = last == first + 1 && isNameToken(tokens[first]) && tokens[last].is(TokenKind::Dot)
                           && last + 1 < tokens.size() && isNameToken(tokens[last + 1]);
    return qualifier;
}

} // namespace

void appendTokenDrops(const GoldQuery& gold, std::size_t maxSpan, Candidates& out)
{
    const auto& tokens = gold.tokens.tokens();
    for (std::size_t first = 0; first < tokens.size(); ++first) {
        for (std::size_t length = 1; length <= maxSpan && first + length <= tokens.size(); ++length) {
            const std::size_t last = first + length - 1;
            if (meaningless(tokens, first, last)) continue;
            const SourceSpan span{tokens[first].span.begin, tokens[last].span.end};
            out.push_back(makeDrop(gold.text, MutationFamily::DropTokens, span));
        }
    }
}

} // namespace sqleq::neighbors
