// One cell of a tab-separated file: a tab or line break inside the text would shift
// the columns or rows, so each becomes a space (the text is otherwise kept).
#pragma once

#include <string>
#include <string_view>

namespace sqleq {

inline std::string tsvCell(std::string_view text)
{
    std::string cell(text);
    for (auto& c : cell) {
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    }
    return cell;
}

} // namespace sqleq
