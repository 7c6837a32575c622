// The start of a long text for a message: at most `maxBytes` bytes, cut at a UTF-8
// character boundary, with "…" when something was left off.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace sqleq {

inline std::string excerpt(std::string_view text, std::size_t maxBytes)
{
    if (text.size() <= maxBytes) return std::string(text);
    std::size_t cut = maxBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // inside a character
    return std::string(text.substr(0, cut)) + "…";
}

} // namespace sqleq
