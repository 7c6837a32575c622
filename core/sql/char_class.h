// SQLite's classes of bytes, as its tokenizer sees them: the lexer splits text
// with them and the printer asks them whether a name can stand without quotes,
// so both agree on what an identifier is. Whitespace is SQLite's, which is not
// isspace(): a vertical tab is an unrecognized token to SQLite, not a space.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace sqleq::sql {
namespace char_class {

enum Bits : uint8_t { kSpace = 1, kIdStart = 2, kIdChar = 4, kDigit = 8, kHex = 16 };

constexpr std::array<uint8_t, 256> buildTable()
{
    std::array<uint8_t, 256> table{};
    for (int c = 0; c < 256; ++c) {
        uint8_t bits = 0;
        const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        const bool digit = c >= '0' && c <= '9';
        if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r') bits |= kSpace;
        // Bytes >= 0x80 are identifier bytes, as in SQLite, so UTF-8 needs no decoding.
        if (alpha || c == '_' || c >= 0x80) bits |= kIdStart | kIdChar;
        if (digit || c == '$') bits |= kIdChar;
        if (digit) bits |= kDigit | kHex;
        if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) bits |= kHex;
        table[static_cast<size_t>(c)] = bits;
    }
    return table;
}

// One table lookup per byte: the lexer's hot loops call these for every byte.
inline constexpr std::array<uint8_t, 256> kTable = buildTable();

constexpr bool has(char c, uint8_t bits) { return (kTable[static_cast<unsigned char>(c)] & bits) != 0; }

} // namespace char_class

constexpr bool isSqlSpace(char c) { return char_class::has(c, char_class::kSpace); }
constexpr bool isSqlDigit(char c) { return char_class::has(c, char_class::kDigit); }
constexpr bool isSqlHexDigit(char c) { return char_class::has(c, char_class::kHex); }
constexpr bool isIdStart(char c) { return char_class::has(c, char_class::kIdStart); }
constexpr bool isIdChar(char c) { return char_class::has(c, char_class::kIdChar); }

} // namespace sqleq::sql
