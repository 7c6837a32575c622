// The Spider evaluator's text rewrites, re-done on our lexer: remove_distinct (drop
// DISTINCT keyword tokens, keep every other byte) and plug-value (every assignment of
// the gold's constants to the candidate's value slots). See checker.h for the contract
// and where we deliberately differ from test-suite-sql-eval (LIMIT counts).
#include "core/exec/spider_compat.h"
#include "core/sql/lexer.h"
#include "core/sql/parser.h"
#include "core/suite/checker.h"
#include "core/suite/spider_options.h"

#include <algorithm>

namespace sqleq::suite {
namespace {

std::vector<sql::Token> lex(std::string_view text)
{
    std::vector<sql::Token> tokens;
    sql::Lexer lexer(text);
    lexer.tokenize(tokens);
    return tokens;
}

/// A literal position of a query: its span and its value, keyed so that 'a' and "a"
/// are the same constant but 1 and '1' are not.
struct ValueSlot {
    SourceSpan span;
    std::string key;
};

std::string unquote(std::string_view quoted)
{
    std::string out;
    const char quote = quoted.front();
    for (std::size_t i = 1; i + 1 < quoted.size(); ++i) {
        out.push_back(quoted[i]);
        if (quoted[i] == quote && i + 2 < quoted.size() && quoted[i + 1] == quote) ++i;
    }
    return out;
}

bool isOperand(const sql::Token& token)
{
    using K = sql::TokenKind;
    switch (token.kind) {
    case K::Identifier: case K::String: case K::Integer: case K::Float: case K::Blob:
    case K::Parameter: case K::RParen:
        return true;
    default:
        return token.is(sql::Keyword::Null) || token.is(sql::Keyword::CurrentDate)
            || token.is(sql::Keyword::CurrentTime) || token.is(sql::Keyword::CurrentTimestamp);
    }
}

/// LIMIT n, OFFSET n and the "LIMIT m, n" form: counts, not values.
bool isLimitCount(const std::vector<sql::Token>& tokens, std::size_t i)
{
    if (i == 0) return false;
    const sql::Token& prev = tokens[i - 1];
    if (prev.is(sql::Keyword::Limit) || prev.is(sql::Keyword::Offset)) return true;
    return prev.is(sql::TokenKind::Comma) && i >= 3 && tokens[i - 3].is(sql::Keyword::Limit);
}

/// A double-quoted identifier standing alone: Spider's way of writing a string.
bool isQuotedValue(const std::vector<sql::Token>& tokens, std::size_t i, std::string_view text)
{
    if (tokens[i].text(text).front() != '"') return false;
    if (i > 0 && (tokens[i - 1].is(sql::TokenKind::Dot) || tokens[i - 1].is(sql::Keyword::As))) return false;
    const sql::Token& next = tokens[i + 1];  // the End token guarantees a successor
    return !next.is(sql::TokenKind::Dot) && !next.is(sql::TokenKind::LParen);
}

std::vector<ValueSlot> valueSlots(std::string_view text)
{
    const std::vector<sql::Token> tokens = lex(text);
    std::vector<ValueSlot> slots;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const sql::Token& token = tokens[i];
        if (token.is(sql::TokenKind::String)) {
            slots.push_back({token.span, "s:" + unquote(token.text(text))});
        } else if (token.is(sql::TokenKind::Identifier) && isQuotedValue(tokens, i, text)) {
            slots.push_back({token.span, "s:" + unquote(token.text(text))});
        } else if ((token.is(sql::TokenKind::Integer) || token.is(sql::TokenKind::Float))
                   && !isLimitCount(tokens, i)) {
            SourceSpan span = token.span;
            // "-5" written against its number is one value, as the evaluator's regex sees it.
            if (i > 0 && tokens[i - 1].is(sql::TokenKind::Minus) && tokens[i - 1].span.end == span.begin
                && (i == 1 || !isOperand(tokens[i - 2])))
                span = tokens[i - 1].span.merge(span);
            slots.push_back({span, "n:" + std::string(text.substr(span.begin, span.length()))});
        }
    }
    return slots;
}

std::string normalizedTokens(std::string_view text)
{
    std::string out;
    for (const sql::Token& token : lex(text)) {
        if (token.is(sql::TokenKind::End)) break;
        out.append(token.text(text));
        out.push_back('\x1f');
    }
    return out;
}

// `x IS [NOT] DISTINCT FROM y` is a comparison, not the set quantifier remove_distinct
// means: the official token cut would leave `x IS NOT  FROM y`, which no SQLite parses.
bool isDistinctFromOperator(const std::vector<sql::Token>& tokens, std::size_t distinct)
{
    if (distinct == 0) return false;
    const sql::Token& before = tokens[distinct - 1];
    if (before.is(sql::Keyword::Is)) return true;
    return before.is(sql::Keyword::Not) && distinct >= 2 && tokens[distinct - 2].is(sql::Keyword::Is);
}

} // namespace

std::string removeDistinct(std::string_view sql)
{
    std::string out;
    out.reserve(sql.size());
    std::size_t copied = 0;
    const std::vector<sql::Token> tokens = lex(sql);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const sql::Token& token = tokens[i];
        if (token.is(sql::TokenKind::End) || token.is(sql::TokenKind::Error)) break;
        if (!token.is(sql::Keyword::Distinct) || isDistinctFromOperator(tokens, i)) continue;
        out.append(sql.substr(copied, token.span.begin - copied));
        copied = token.span.end;
    }
    out.append(sql.substr(copied));
    return out;
}

std::vector<std::string> plugGoldValues(std::string_view gold, std::string_view candidate, std::size_t limit)
{
    std::vector<std::string> constants;  // the gold's spellings, one per distinct value
    std::vector<std::string> seenKeys;
    for (const ValueSlot& slot : valueSlots(gold)) {
        if (std::find(seenKeys.begin(), seenKeys.end(), slot.key) != seenKeys.end()) continue;
        seenKeys.push_back(slot.key);
        constants.emplace_back(gold.substr(slot.span.begin, slot.span.length()));
    }
    const std::vector<ValueSlot> slots = valueSlots(candidate);
    std::vector<std::string> variants;
    if (slots.empty() || constants.empty()) return variants;

    std::vector<std::size_t> odometer(slots.size(), 0);
    while (variants.size() < limit) {
        std::string text(candidate);
        for (std::size_t s = slots.size(); s-- > 0;)  // back to front keeps earlier spans valid
            text.replace(slots[s].span.begin, slots[s].span.length(), constants[odometer[s]]);
        variants.push_back(std::move(text));
        std::size_t digit = slots.size();
        while (digit > 0 && ++odometer[digit - 1] == constants.size()) odometer[--digit] = 0;
        if (digit == 0) break;
    }
    return variants;
}

std::string textAsRun(std::string_view sql, bool keepDistinct)
{
    std::string text = exec::officialPostprocess(sql);
    return keepDistinct ? text : removeDistinct(text);
}

bool orderMattersFor(std::string_view goldRun, compare::OrderRule rule)
{
    if (rule == compare::OrderRule::TopLevelOrderBy) {
        const sql::ParseOutput parsed = sql::parse(goldRun);
        if (parsed.ok()) return sql::hasTopLevelOrderBy(*parsed.statement);
    }
    return compare::officialOrderMatters(goldRun);
}

bool sameTokens(std::string_view a, std::string_view b)
{
    return normalizedTokens(a) == normalizedTokens(b);
}

} // namespace sqleq::suite
