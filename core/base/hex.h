// Lower-case hexadecimal of raw bytes: how BLOB values are shown in JSON and text.
#pragma once

#include <string>
#include <string_view>

namespace sqleq {

inline std::string toHex(std::string_view bytes)
{
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(bytes.size() * 2);
    for (const char c : bytes) {
        hex += kDigits[static_cast<unsigned char>(c) >> 4];
        hex += kDigits[static_cast<unsigned char>(c) & 0xF];
    }
    return hex;
}

} // namespace sqleq
