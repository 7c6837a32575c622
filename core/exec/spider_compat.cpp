// The evaluator's rewrites, replayed as literal replacements in its order, and its
// regular expression for the current year as a hand-written matcher.
#include "core/exec/spider_compat.h"

#include "core/base/ascii_space.h"

#include <cctype>

namespace sqleq::exec {

namespace {

/// Python's str.replace(from, to) with a non-empty `from`.
std::string replaceAll(std::string_view text, std::string_view from, std::string_view to)
{
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    for (;;) {
        const std::size_t hit = text.find(from, pos);
        if (hit == std::string_view::npos) break;
        out.append(text.substr(pos, hit - pos));
        out.append(to);
        pos = hit + from.size();
    }
    out.append(text.substr(pos));
    return out;
}

bool startsWithNoCase(std::string_view text, std::size_t at, std::string_view word)
{
    if (at + word.size() > text.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i) {
        if (std::toupper(static_cast<unsigned char>(text[at + i])) != word[i]) return false;
    }
    return true;
}

/// The end of a match of `YEAR\s*\(\s*CURDATE\s*\(\s*\)\s*\)\s*` at `at`, or npos.
std::size_t curYearMatchEnd(std::string_view text, std::size_t at)
{
    std::size_t i = at;
    const auto skipSpaces = [&] {
        while (i < text.size() && isAsciiSpace(text[i])) ++i;
    };
    const auto take = [&](std::string_view word) {
        if (!startsWithNoCase(text, i, word)) return false;
        i += word.size();
        skipSpaces();
        return true;
    };
    if (take("YEAR") && take("(") && take("CURDATE") && take("(") && take(")") && take(")")) return i;
    return std::string_view::npos;
}

} // namespace

std::string officialCurrentYear(std::string_view query)
{
    std::string out;
    out.reserve(query.size());
    std::size_t i = 0;
    while (i < query.size()) {
        const std::size_t end = curYearMatchEnd(query, i);
        if (end == std::string_view::npos) {
            out += query[i++];
            continue;
        }
        out += "2020";
        i = end;
    }
    return out;
}

std::string officialPostprocess(std::string_view query)
{
    std::string out = replaceAll(query, "> =", ">=");
    out = replaceAll(out, "< =", "<=");
    return officialCurrentYear(replaceAll(out, "! =", "!="));
}

std::string officialValuePlaceholder(std::string_view prediction)
{
    return replaceAll(prediction, "value", "1");
}

} // namespace sqleq::exec
