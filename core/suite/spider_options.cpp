// The Spider evaluator's text rewrites, re-done on our lexer: remove_distinct (drop
// DISTINCT keyword tokens, keep every other byte) and plug-value (every assignment of
// the gold's constants to the candidate's value slots). See checker.h for the contract
// and where we deliberately differ from test-suite-sql-eval (LIMIT counts).
#include "core/base/ascii_case.h"
#include "core/exec/spider_compat.h"
#include "core/sql/lexer.h"
#include "core/sql/parser.h"
#include "core/suite/checker.h"
#include "core/suite/spider_options.h"

#include <algorithm>
#include <utility>

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
/// are the same constant but 1 and '1' are not; `column` is the column it is compared
/// with, lower case ("T2.Language = 'x'" gives "language"), empty when there is none.
struct ValueSlot {
    SourceSpan span;
    std::string key;
    std::string column;
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

bool isListedValue(const sql::Token& token)
{
    using K = sql::TokenKind;
    return token.is(K::String) || token.is(K::Integer) || token.is(K::Float) || token.is(K::Minus)
        || token.is(K::Comma) || token.is(K::Identifier);
}

bool isComparisonOperator(const sql::Token& token)
{
    using K = sql::TokenKind;
    switch (token.kind) {
    case K::Eq: case K::EqEq: case K::NotEq: case K::LessGreater:
    case K::Less: case K::LessEq: case K::Greater: case K::GreaterEq:
        return true;
    default:
        return token.is(sql::Keyword::Like) || token.is(sql::Keyword::Glob) || token.is(sql::Keyword::Between);
    }
}

/// The column the slot starting at token `first` is compared with: `col = v`,
/// `col LIKE v`, `col [NOT] IN (u, v)`, `col BETWEEN u AND v`. Only the name after
/// the last dot counts, so `T1.Language` and `language` are the same column; a slot
/// anywhere else has none. A guess to order the plugged variants, never a verdict.
std::string comparedColumn(const std::vector<sql::Token>& tokens, std::size_t first, std::string_view text)
{
    std::size_t op = first;  // the operator is tokens[op - 1]
    if (op >= 4 && tokens[op - 1].is(sql::Keyword::And) && tokens[op - 3].is(sql::Keyword::Between)) op -= 2;
    if (op > 0 && (tokens[op - 1].is(sql::TokenKind::Comma) || tokens[op - 1].is(sql::TokenKind::LParen))) {
        while (op > 0 && isListedValue(tokens[op - 1])) --op;
        if (op < 2 || !tokens[op - 1].is(sql::TokenKind::LParen) || !tokens[op - 2].is(sql::Keyword::In)) return {};
        --op;
    } else if (op == 0 || !isComparisonOperator(tokens[op - 1])) {
        return {};
    }
    std::size_t name = op - 1;  // the operator's index; the column stands before it (and a NOT)
    if (name > 0 && tokens[name - 1].is(sql::Keyword::Not)) --name;
    if (name == 0 || !tokens[name - 1].is(sql::TokenKind::Identifier)) return {};
    std::string_view spelled = tokens[name - 1].text(text);
    const bool quoted = spelled.size() >= 2 && (spelled.front() == '"' || spelled.front() == '`' || spelled.front() == '[');
    return asciiLower(quoted ? unquote(spelled) : std::string(spelled));
}

std::vector<ValueSlot> valueSlots(std::string_view text)
{
    const std::vector<sql::Token> tokens = lex(text);
    std::vector<ValueSlot> slots;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const sql::Token& token = tokens[i];
        if (token.is(sql::TokenKind::String)) {
            slots.push_back({token.span, "s:" + unquote(token.text(text)), comparedColumn(tokens, i, text)});
        } else if (token.is(sql::TokenKind::Identifier) && isQuotedValue(tokens, i, text)) {
            slots.push_back({token.span, "s:" + unquote(token.text(text)), comparedColumn(tokens, i, text)});
        } else if ((token.is(sql::TokenKind::Integer) || token.is(sql::TokenKind::Float))
                   && !isLimitCount(tokens, i)) {
            SourceSpan span = token.span;
            std::size_t first = i;
            // "-5" written against its number is one value, as the evaluator's regex sees it.
            if (i > 0 && tokens[i - 1].is(sql::TokenKind::Minus) && tokens[i - 1].span.end == span.begin
                && (i == 1 || !isOperand(tokens[i - 2]))) {
                span = tokens[i - 1].span.merge(span);
                first = i - 1;
            }
            slots.push_back({span, "n:" + std::string(text.substr(span.begin, span.length())),
                             comparedColumn(tokens, first, text)});
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

/// The gold's constants and the candidate's slots, and every way to fill the slots.
struct Plugging {
    std::vector<std::string> constants;  ///< the gold's spellings, one per distinct value
    std::vector<std::string> keys;       ///< their keys, same order
    std::vector<ValueSlot> goldSlots;
    std::vector<ValueSlot> slots;        ///< the candidate's

    Plugging(std::string_view gold, std::string_view candidate) : goldSlots(valueSlots(gold)), slots(valueSlots(candidate))
    {
        for (const ValueSlot& slot : goldSlots) {
            if (std::find(keys.begin(), keys.end(), slot.key) != keys.end()) continue;
            keys.push_back(slot.key);
            constants.emplace_back(gold.substr(slot.span.begin, slot.span.length()));
        }
    }

    std::size_t constantOf(const ValueSlot& goldSlot) const
    {
        return static_cast<std::size_t>(std::find(keys.begin(), keys.end(), goldSlot.key) - keys.begin());
    }

    /// The constants in odometer order (the last slot varies fastest), at most `limit`.
    std::vector<std::vector<std::size_t>> assignments(std::size_t limit) const
    {
        std::vector<std::vector<std::size_t>> out;
        if (slots.empty() || constants.empty()) return out;
        std::vector<std::size_t> odometer(slots.size(), 0);
        while (out.size() < limit) {
            out.push_back(odometer);
            std::size_t digit = slots.size();
            while (digit > 0 && ++odometer[digit - 1] == constants.size()) odometer[--digit] = 0;
            if (digit == 0) break;
        }
        return out;
    }

    std::string variant(std::string_view candidate, const std::vector<std::size_t>& assignment) const
    {
        std::string text(candidate);
        for (std::size_t s = slots.size(); s-- > 0;)  // back to front keeps earlier spans valid
            text.replace(slots[s].span.begin, slots[s].span.length(), constants[assignment[s]]);
        return text;
    }

    /// For each candidate slot, the constant the gold puts in "its" slot: the k-th
    /// slot the gold compares with the same column as the candidate's k-th slot on
    /// that column (the gold's last one when it has fewer), else the gold's slot at
    /// the same position; constants.size() when there is none.
    std::vector<std::size_t> goldChoice() const
    {
        std::vector<std::size_t> choice(slots.size(), constants.size());
        for (std::size_t s = 0; s < slots.size(); ++s) {
            std::vector<std::size_t> sameColumn;
            if (!slots[s].column.empty()) {
                for (std::size_t g = 0; g < goldSlots.size(); ++g)
                    if (goldSlots[g].column == slots[s].column) sameColumn.push_back(g);
            }
            const auto earlier = static_cast<std::size_t>(
                std::count_if(slots.begin(), slots.begin() + static_cast<std::ptrdiff_t>(s),
                              [&](const ValueSlot& other) { return other.column == slots[s].column; }));
            if (!sameColumn.empty()) choice[s] = constantOf(goldSlots[sameColumn[std::min(earlier, sameColumn.size() - 1)]]);
            else if (s < goldSlots.size()) choice[s] = constantOf(goldSlots[s]);
        }
        return choice;
    }
};

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
    const Plugging plugging(gold, candidate);
    std::vector<std::string> variants;
    for (const auto& assignment : plugging.assignments(limit)) variants.push_back(plugging.variant(candidate, assignment));
    return variants;
}

std::vector<std::string> plugGoldValuesLikeliestFirst(std::string_view gold, std::string_view candidate,
                                                      std::size_t limit)
{
    const Plugging plugging(gold, candidate);
    const auto assignments = plugging.assignments(limit);
    const std::vector<std::size_t> choice = plugging.goldChoice();
    std::vector<std::pair<std::size_t, std::size_t>> ranked;  // (slots not given the gold's choice, odometer index)
    ranked.reserve(assignments.size());
    for (std::size_t a = 0; a < assignments.size(); ++a) {
        std::size_t misses = 0;
        for (std::size_t s = 0; s < choice.size(); ++s) misses += assignments[a][s] != choice[s] ? 1 : 0;
        ranked.emplace_back(misses, a);
    }
    std::sort(ranked.begin(), ranked.end());
    std::vector<std::string> variants;
    variants.reserve(ranked.size());
    for (const auto& [misses, a] : ranked) variants.push_back(plugging.variant(candidate, assignments[a]));
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
