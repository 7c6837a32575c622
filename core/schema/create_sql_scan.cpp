// A keyword scanner over CREATE TABLE text that steps over string literals,
// quoted identifiers ("x", `x`, [x]) and comments, so "check" inside a name or
// a string never counts.
#include "core/schema/create_sql_scan.h"

#include "core/base/ascii_space.h"

#include <cctype>

namespace sqleq::schema {

namespace {

bool isWordChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'
           || static_cast<unsigned char>(c) >= 0x80;
}

/// The end of the lexical unit starting at `pos` when it is a quote or a comment;
/// `pos` itself otherwise.
std::size_t skipQuotedOrComment(std::string_view sql, std::size_t pos)
{
    const char c = sql[pos];
    const char next = pos + 1 < sql.size() ? sql[pos + 1] : '\0';
    if (c == '-' && next == '-') {
        const std::size_t eol = sql.find('\n', pos);
        return eol == std::string_view::npos ? sql.size() : eol + 1;
    }
    if (c == '/' && next == '*') {
        const std::size_t close = sql.find("*/", pos + 2);
        return close == std::string_view::npos ? sql.size() : close + 2;
    }
    if (c == '\'' || c == '"' || c == '`' || c == '[') {
        const char close = c == '[' ? ']' : c;
        std::size_t at = pos + 1;
        for (;;) {
            at = sql.find(close, at);
            if (at == std::string_view::npos) return sql.size();
            // A doubled quote is an escaped quote ('it''s'); brackets do not escape.
            if (close != ']' && at + 1 < sql.size() && sql[at + 1] == close) {
                at += 2;
                continue;
            }
            return at + 1;
        }
    }
    return pos;
}

/// Calls `onWord(begin, end)` for every bare word outside quotes and comments;
/// stops early when it returns a position to continue from other than `end`.
template <typename OnWord>
void scanWords(std::string_view sql, OnWord onWord)
{
    std::size_t pos = 0;
    while (pos < sql.size()) {
        const std::size_t skipped = skipQuotedOrComment(sql, pos);
        if (skipped != pos) {
            pos = skipped;
        } else if (isWordChar(sql[pos])) {
            std::size_t end = pos;
            while (end < sql.size() && isWordChar(sql[end])) ++end;
            pos = onWord(pos, end);
        } else {
            ++pos;
        }
    }
}

bool keywordIs(std::string_view word, std::string_view keyword)
{
    if (word.size() != keyword.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(word[i])) != keyword[i]) return false;
    return true;
}

/// The offset just past the ')' matching the '(' at `open`, or the text's end.
std::size_t matchParen(std::string_view sql, std::size_t open)
{
    int depth = 0;
    std::size_t pos = open;
    while (pos < sql.size()) {
        const std::size_t skipped = skipQuotedOrComment(sql, pos);
        if (skipped != pos) {
            pos = skipped;
            continue;
        }
        if (sql[pos] == '(') ++depth;
        if (sql[pos] == ')' && --depth == 0) return pos + 1;
        ++pos;
    }
    return sql.size();
}

} // namespace

std::vector<std::string> extractCheckBodies(std::string_view createSql)
{
    std::vector<std::string> bodies;
    scanWords(createSql, [&](std::size_t begin, std::size_t end) {
        if (!keywordIs(createSql.substr(begin, end - begin), "CHECK")) return end;
        std::size_t open = end;
        while (open < createSql.size() && isAsciiSpace(createSql[open])) ++open;
        if (open >= createSql.size() || createSql[open] != '(') return end;
        const std::size_t close = matchParen(createSql, open);
        const std::size_t bodyEnd = close > open + 1 && createSql[close - 1] == ')' ? close - 1 : close;
        bodies.emplace_back(trimAsciiSpace(createSql.substr(open + 1, bodyEnd - open - 1)));
        return close;
    });
    return bodies;
}

std::size_t findStatementEnd(std::string_view sql, std::size_t pos)
{
    while (pos < sql.size()) {
        const std::size_t skipped = skipQuotedOrComment(sql, pos);
        if (skipped != pos) {
            pos = skipped;
            continue;
        }
        if (sql[pos] == ';') return pos;
        ++pos;
    }
    return sql.size();
}

bool mentionsAutoincrement(std::string_view createSql)
{
    bool found = false;
    scanWords(createSql, [&](std::size_t begin, std::size_t end) {
        found = found || keywordIs(createSql.substr(begin, end - begin), "AUTOINCREMENT");
        return end;
    });
    return found;
}

} // namespace sqleq::schema
