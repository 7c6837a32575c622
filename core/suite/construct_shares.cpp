// Constructs read from tokens: a keyword (CAST, CASE, OVER, LIKE, …), an operator
// (`||`, `/`), or a function name followed by "(". Tokens rather than the parse tree,
// so that a gold the parser refuses is still counted.

#include "core/suite/construct_shares.h"

#include "core/base/ascii_case.h"
#include "core/sql/lexer.h"

#include <algorithm>
#include <array>
#include <set>

namespace sqleq::suite {
namespace {

constexpr std::string_view kNone = "none of these";

struct FunctionFamily {
    std::string_view construct;
    std::array<std::string_view, 8> names;  ///< lower case; empty entries unused
};

const std::array<FunctionFamily, 4> kFunctionFamilies{{
    {"IIF", {"iif"}},
    {"date and time functions", {"strftime", "date", "datetime", "julianday", "time", "unixepoch"}},
    {"substr", {"substr", "substring"}},
    {"text functions", {"trim", "ltrim", "rtrim", "upper", "lower", "instr", "replace", "length"}},
}};

std::string_view functionConstruct(std::string_view name)
{
    const std::string lower = asciiLower(name);
    if (lower.empty()) return {};
    for (const auto& family : kFunctionFamilies)
        if (std::find(family.names.begin(), family.names.end(), lower) != family.names.end()) return family.construct;
    return {};
}

std::string_view tokenConstruct(const std::vector<sql::Token>& tokens, std::size_t i, std::string_view sql)
{
    using sql::Keyword;
    using sql::TokenKind;
    const sql::Token& token = tokens[i];
    const sql::Token* next = i + 1 < tokens.size() ? &tokens[i + 1] : nullptr;
    if (token.is(Keyword::Cast)) return "CAST";
    if (token.is(Keyword::Case)) return "CASE";
    if (token.is(Keyword::Over)) return "window functions";
    if (token.is(TokenKind::Concat)) return "||";
    if (token.is(TokenKind::Slash)) return "division";
    if (token.is(Keyword::Like) || token.is(Keyword::Glob)) return "LIKE / GLOB";
    if (token.is(Keyword::Is) && next && (next->is(Keyword::Null) || next->is(Keyword::Not))) return "IS [NOT] NULL";
    if (token.is(Keyword::Distinct)) return "DISTINCT";
    if (token.is(Keyword::Limit)) return "LIMIT";
    if (token.is(Keyword::Union) || token.is(Keyword::Intersect) || token.is(Keyword::Except))
        return "UNION / INTERSECT / EXCEPT";
    if (token.is(TokenKind::LParen) && next && next->is(Keyword::Select)) return "subquery";
    if ((token.is(TokenKind::Identifier) || token.is(TokenKind::Keyword)) && next && next->is(TokenKind::LParen))
        return functionConstruct(token.text(sql));
    return {};
}

} // namespace

const std::vector<std::string_view>& constructNames()
{
    static const std::vector<std::string_view> names{
        "CAST", "IIF", "CASE", "date and time functions", "substr", "text functions", "||", "division",
        "window functions", "LIKE / GLOB", "IS [NOT] NULL", "DISTINCT", "LIMIT", "UNION / INTERSECT / EXCEPT",
        "subquery", kNone};
    return names;
}

std::vector<std::string_view> constructsUsed(std::string_view sql)
{
    std::vector<sql::Token> tokens;
    sql::Lexer(sql).tokenize(tokens);
    std::set<std::string_view> found;
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (const std::string_view construct = tokenConstruct(tokens, i, sql); !construct.empty()) found.insert(construct);
    std::vector<std::string_view> out;
    for (const std::string_view name : constructNames())
        if (found.contains(name)) out.push_back(name);
    return out;
}

void ConstructShares::add(std::string_view goldSql, std::size_t neighbors, std::size_t undistinguished)
{
    std::vector<std::string_view> used = constructsUsed(goldSql);
    if (used.empty()) used.push_back(kNone);
    for (const std::string_view construct : used) {
        ConstructShare& share = m_byConstruct[construct];
        share.construct = construct;
        ++share.golds;
        share.neighbors += neighbors;
        share.undistinguished += undistinguished;
    }
}

std::vector<ConstructShare> ConstructShares::shares() const
{
    std::vector<ConstructShare> out;
    for (const std::string_view name : constructNames())
        if (const auto found = m_byConstruct.find(name); found != m_byConstruct.end()) out.push_back(found->second);
    return out;
}

} // namespace sqleq::suite
