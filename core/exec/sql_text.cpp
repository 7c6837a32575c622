// Whitespace/comment skipping with SQLite's own rules for what separates statements.
#include "core/exec/sql_text.h"

#include "core/base/ascii_space.h"

#include <cctype>

namespace sqleq::exec {

namespace {

bool isWordChar(char c)
{
    // Bytes >= 0x80 belong to UTF-8 identifiers, as in SQLite's tokenizer.
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'
           || static_cast<unsigned char>(c) >= 0x80;
}

} // namespace

std::size_t skipBlank(std::string_view sql, std::size_t pos, bool skipSemicolons)
{
    const std::size_t n = sql.size();
    while (pos < n) {
        const char c = sql[pos];
        if (isAsciiSpace(c) || (skipSemicolons && c == ';')) {
            ++pos;
        } else if (c == '-' && pos + 1 < n && sql[pos + 1] == '-') {
            const std::size_t eol = sql.find('\n', pos + 2);
            pos = eol == std::string_view::npos ? n : eol + 1;
        } else if (c == '/' && pos + 1 < n && sql[pos + 1] == '*') {
            const std::size_t close = sql.find("*/", pos + 2);
            pos = close == std::string_view::npos ? n : close + 2;
        } else {
            break;
        }
    }
    return pos;
}

bool isBlankTail(std::string_view tail)
{
    return skipBlank(tail, 0, true) == tail.size();
}

std::size_t wordLengthAt(std::string_view sql, std::size_t pos)
{
    if (pos >= sql.size()) return 0;
    std::size_t end = pos;
    while (end < sql.size() && isWordChar(sql[end])) ++end;
    return end == pos ? 1 : end - pos;
}

} // namespace sqleq::exec
