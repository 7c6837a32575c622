// ASCII whitespace — space, \t, \n, \v, \f, \r — as C's isspace() sees it in the
// "C" locale and Python's str.split() sees it on ASCII text, but without the
// process locale that isspace() consults, so a result never depends on where the
// program runs. Not SQLite's whitespace (core/sql/char_class.h: no \v there).
#pragma once

#include <string_view>

namespace sqleq {

constexpr bool isAsciiSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/// `text` without leading and trailing ASCII whitespace; a view into `text`.
constexpr std::string_view trimAsciiSpace(std::string_view text)
{
    while (!text.empty() && isAsciiSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && isAsciiSpace(text.back())) text.remove_suffix(1);
    return text;
}

} // namespace sqleq
