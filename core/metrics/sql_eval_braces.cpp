// Brace expansion of SQL-Eval gold queries (get_all_minimal_queries): split the
// gold on ';', cut each piece into text and `{…}` groups, and emit the product of
// every group's non-empty combinations. Only braces in SQL code count: string
// literals, quoted names and comments are masked first. No SQL is parsed here.
#include "core/metrics/sql_eval.h"

#include "core/base/ascii_space.h"

#include <fmt/format.h>

#include <cstdint>

namespace sqleq::metrics {
namespace {

/// isCode[i]: byte i lies outside string literals, quoted names and comments.
std::vector<bool> codeMask(std::string_view text)
{
    std::vector<bool> isCode(text.size(), true);
    std::size_t i = 0;
    auto maskUntil = [&](std::size_t from, std::size_t to) {
        for (std::size_t k = from; k < to && k < text.size(); ++k) isCode[k] = false;
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\'' || c == '"' || c == '`' || c == '[') {
            const char close = c == '[' ? ']' : c;
            std::size_t j = i + 1;
            while (j < text.size()) {
                if (text[j] == close) {
                    if (close != ']' && j + 1 < text.size() && text[j + 1] == close) { j += 2; continue; }
                    break;
                }
                ++j;
            }
            maskUntil(i, j + 1);
            i = j + 1;
        } else if (c == '-' && i + 1 < text.size() && text[i + 1] == '-') {
            const std::size_t j = text.find('\n', i);
            const std::size_t end = j == std::string_view::npos ? text.size() : j;
            maskUntil(i, end);
            i = end;
        } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            const std::size_t j = text.find("*/", i + 2);
            const std::size_t end = j == std::string_view::npos ? text.size() : j + 2;
            maskUntil(i, end);
            i = end;
        } else {
            ++i;
        }
    }
    return isCode;
}

Diagnostic braceError(std::string message, std::size_t at)
{
    const auto offset = static_cast<uint32_t>(at);
    return Diagnostic{"sql_eval.braces", std::move(message), SourceSpan{offset, offset + 1}, {}};
}

/// One piece of a gold query: literal text, a group of items, or `{}` (repeat).
struct Part {
    enum class Kind { Text, Group, Repeat } kind = Kind::Text;
    std::string text;
    std::vector<std::string> items;
};

/// Items of the group whose content is text[begin, end): split on commas outside
/// parentheses and masked spans, trimmed; an empty item is an error.
Result<std::vector<std::string>> splitItems(std::string_view text, const std::vector<bool>& isCode,
                                            std::size_t begin, std::size_t end)
{
    std::vector<std::string> items;
    int depth = 0;
    std::size_t start = begin;
    for (std::size_t i = begin; i <= end; ++i) {
        const bool atEnd = i == end;
        if (!atEnd && isCode[i]) {
            if (text[i] == '(') ++depth;
            if (text[i] == ')' && depth > 0) --depth;
        }
        if (atEnd || (isCode[i] && text[i] == ',' && depth == 0)) {
            const std::string_view item = trimAsciiSpace(text.substr(start, i - start));
            if (item.empty()) return braceError("a brace group has an empty item", i == end ? end : i);
            items.emplace_back(item);
            start = i + 1;
        }
    }
    return items;
}

/// Cuts text[begin, end) into parts; braces must pair up without nesting.
Result<std::vector<Part>> cutPiece(std::string_view text, const std::vector<bool>& isCode,
                                   std::size_t begin, std::size_t end)
{
    std::vector<Part> parts;
    std::size_t textStart = begin;
    bool sawGroup = false;
    for (std::size_t i = begin; i < end; ++i) {
        if (!isCode[i] || (text[i] != '{' && text[i] != '}')) continue;
        if (text[i] == '}') return braceError("'}' without a matching '{'", i);
        std::size_t close = i + 1;
        while (close < end && !(isCode[close] && (text[close] == '{' || text[close] == '}'))) ++close;
        if (close == end) return braceError("'{' without a matching '}'", i);
        if (text[close] == '{') return braceError("brace groups cannot be nested", close);
        parts.push_back(Part{Part::Kind::Text, std::string(text.substr(textStart, i - textStart)), {}});
        if (trimAsciiSpace(text.substr(i + 1, close - i - 1)).empty()) {
            if (!sawGroup) return braceError("'{}' repeats a brace group, but none comes before it", i);
            parts.push_back(Part{Part::Kind::Repeat, {}, {}});
        } else {
            auto items = splitItems(text, isCode, i + 1, close);
            if (!items) return items.error();
            parts.push_back(Part{Part::Kind::Group, {}, std::move(items.value())});
            sawGroup = true;
        }
        textStart = close + 1;
        i = close;
    }
    parts.push_back(Part{Part::Kind::Text, std::string(text.substr(textStart, end - textStart)), {}});
    return parts;
}

/// itertools.combinations(items, r) for r = 1..n, each joined with ", ".
std::vector<std::string> combinations(const std::vector<std::string>& items)
{
    std::vector<std::string> out;
    const std::size_t n = items.size();
    for (std::size_t r = 1; r <= n; ++r) {
        std::vector<std::size_t> idx(r);
        for (std::size_t k = 0; k < r; ++k) idx[k] = k;
        while (true) {
            std::string joined;
            for (std::size_t k = 0; k < r; ++k) joined += (k ? ", " : "") + items[idx[k]];
            out.push_back(std::move(joined));
            std::size_t k = r;
            while (k > 0 && idx[k - 1] == n - r + k - 1) --k;
            if (k == 0) break;
            ++idx[k - 1];
            for (std::size_t m = k; m < r; ++m) idx[m] = idx[m - 1] + 1;
        }
    }
    return out;
}

/// Appends the product of the parts' choices to `out`, first group slowest.
Status expandParts(const std::vector<Part>& parts, std::vector<std::string>& out)
{
    std::vector<std::vector<std::string>> choices;
    std::size_t total = 1;
    for (const Part& part : parts) {
        if (part.kind != Part::Kind::Group) continue;
        if (part.items.size() > 12) total = kMaxAlternatives + 1;
        else total *= (std::size_t{1} << part.items.size()) - 1;
        if (total + out.size() > kMaxAlternatives)
            return Diagnostic{"sql_eval.too_many",
                              fmt::format("the brace groups expand to more than {} queries", kMaxAlternatives),
                              {}, {}};
        choices.push_back(combinations(part.items));
    }
    std::vector<std::size_t> pick(choices.size(), 0);
    for (std::size_t n = 0; n < total; ++n) {
        std::string query;
        std::size_t group = 0;
        const std::string* last = nullptr;
        for (const Part& part : parts) {
            if (part.kind == Part::Kind::Text) query += part.text;
            else if (part.kind == Part::Kind::Repeat) query += *last;
            else { last = &choices[group][pick[group]]; query += *last; ++group; }
        }
        out.emplace_back(trimAsciiSpace(query));
        for (std::size_t g = choices.size(); g-- > 0;) {
            if (++pick[g] < choices[g].size()) break;
            pick[g] = 0;
        }
    }
    return {};
}

} // namespace

Result<std::vector<std::string>> expandBraces(std::string_view goldSql)
{
    const std::vector<bool> isCode = codeMask(goldSql);
    std::vector<std::string> out;
    std::size_t pieceStart = 0;
    for (std::size_t i = 0; i <= goldSql.size(); ++i) {
        if (i < goldSql.size() && !(isCode[i] && goldSql[i] == ';')) continue;
        if (!trimAsciiSpace(goldSql.substr(pieceStart, i - pieceStart)).empty()) {
            auto parts = cutPiece(goldSql, isCode, pieceStart, i);
            if (!parts) return parts.error();
            if (Status expanded = expandParts(parts.value(), out); !expanded) return expanded.error();
        }
        pieceStart = i + 1;
    }
    if (out.empty()) return Diagnostic{"sql_eval.empty", "the gold query is empty", {}, {}};
    return out;
}

std::string_view sqlEvalMatchName(SqlEvalMatch match)
{
    switch (match) {
    case SqlEvalMatch::None: return "none";
    case SqlEvalMatch::Exact: return "exact";
    case SqlEvalMatch::Subset: return "subset";
    }
    return "none";
}

} // namespace sqleq::metrics
