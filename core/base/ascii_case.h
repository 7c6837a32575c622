// ASCII case folding, as SQLite folds identifiers and keywords: only A–Z and a–z
// change, so UTF-8 text passes through untouched.
#pragma once

#include <string>
#include <string_view>

namespace sqleq {

inline std::string asciiLower(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

inline std::string asciiUpper(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

} // namespace sqleq
