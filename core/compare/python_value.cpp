// Python value semantics for SQLite values: str(), ==, hash. The formats reproduce
// CPython 3 exactly (float repr per Objects/floatobject.c + Python/pystrtod.c,
// bytes repr per Objects/bytesobject.c) because quick_rej sorts by them.
#include "core/compare/python_value.h"
#include "core/compare/compare.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <functional>

namespace sqleq::compare {
namespace detail {
namespace {

constexpr uint64_t kNullHash = 0x6e756c6c6e756c6cULL;
constexpr uint64_t kTextTag = 0x7465787474657874ULL;
constexpr uint64_t kBlobTag = 0x626c6f62626c6f62ULL;
constexpr uint64_t kRealTag = 0x7265616c7265616cULL;
constexpr double kTwoPow63 = 9223372036854775808.0;

/// The int64 a double equals exactly, when there is one (Python compares int and float
/// exactly, so 2^53 + 1 must not equal the double 2^53).
bool integralInInt64(double value, int64_t& out)
{
    if (!std::isfinite(value) || value != std::trunc(value)) return false;
    if (value < -kTwoPow63 || value >= kTwoPow63) return false;
    out = static_cast<int64_t>(value);
    return true;
}

uint64_t hashInteger(int64_t value) { return mixHash(static_cast<uint64_t>(value)); }

/// Length of the valid UTF-8 sequence starting at `at`, 0 when none starts there.
std::size_t validSequenceLength(std::string_view s, std::size_t at)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[at + k]); };
    const auto continuation = [&](std::size_t k, unsigned lo, unsigned hi) {
        return at + k < s.size() && byte(k) >= lo && byte(k) <= hi;
    };
    const unsigned lead = byte(0);
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) return continuation(1, 0x80, 0xBF) ? 2 : 0;
    if (lead >= 0xE0 && lead <= 0xEF) {
        const unsigned lo = lead == 0xE0 ? 0xA0 : 0x80;  // no overlong forms
        const unsigned hi = lead == 0xED ? 0x9F : 0xBF;  // no surrogates
        return continuation(1, lo, hi) && continuation(2, 0x80, 0xBF) ? 3 : 0;
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        const unsigned lo = lead == 0xF0 ? 0x90 : 0x80;
        const unsigned hi = lead == 0xF4 ? 0x8F : 0xBF;  // nothing above U+10FFFF
        return continuation(1, lo, hi) && continuation(2, 0x80, 0xBF)
                       && continuation(3, 0x80, 0xBF)
                   ? 4
                   : 0;
    }
    return 0;
}

void appendExponent(std::string& out, int exponent)
{
    out += exponent < 0 ? "e-" : "e+";
    const int magnitude = exponent < 0 ? -exponent : exponent;
    if (magnitude < 10) out += '0';
    char buffer[8];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, magnitude);
    out.append(buffer, end);
}

} // namespace

std::string_view pythonTypeString(exec::ValueType type)
{
    switch (type) {
    case exec::ValueType::Null: return "<class 'NoneType'>";
    case exec::ValueType::Integer: return "<class 'int'>";
    case exec::ValueType::Real: return "<class 'float'>";
    case exec::ValueType::Text: return "<class 'str'>";
    case exec::ValueType::Blob: return "<class 'bytes'>";
    }
    return "<class 'NoneType'>";
}

void appendFloatRepr(std::string& out, double value)
{
    if (std::isnan(value)) return void(out += "nan");
    if (std::isinf(value)) return void(out += value < 0 ? "-inf" : "inf");
    // to_chars without a precision yields the shortest round-trip digits, like
    // CPython's _Py_dg_dtoa mode 0; only the layout below is Python's own.
    char buffer[64];
    const auto [end, ec] =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
    const char* at = buffer;
    if (*at == '-') {
        out += '-';
        ++at;
    }
    char digits[32];  // at most 17 significant digits
    int count = 0;
    for (; *at != 'e'; ++at) {
        if (*at != '.') digits[count++] = *at;
    }
    ++at;  // past 'e'; to_chars always writes the exponent's sign
    const bool negativeExponent = *at++ == '-';
    int exponent = 0;
    std::from_chars(at, end, exponent);
    if (negativeExponent) exponent = -exponent;

    const int pointAt = exponent + 1;  // digits before the decimal point
    if (exponent < -4 || exponent >= 16) {
        out += digits[0];
        if (count > 1) out.append(".").append(digits + 1, digits + count);
        return appendExponent(out, exponent);
    }
    if (pointAt <= 0) {
        out.append("0.").append(static_cast<std::size_t>(-pointAt), '0').append(digits, digits + count);
    } else if (pointAt < count) {
        out.append(digits, digits + pointAt).append(".").append(digits + pointAt, digits + count);
    } else {
        out.append(digits, digits + count)
            .append(static_cast<std::size_t>(pointAt - count), '0')
            .append(".0");
    }
}

std::string pythonFloatRepr(double value)
{
    std::string out;
    appendFloatRepr(out, value);
    return out;
}

void appendPythonStr(std::string& out, const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Null: out += "None"; return;
    case exec::ValueType::Integer: {
        char buffer[24];
        const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value.asInteger());
        out.append(buffer, end);
        return;
    }
    case exec::ValueType::Real: appendFloatRepr(out, value.asReal()); return;
    case exec::ValueType::Text:
        if (isValidUtf8(value.asText())) out += value.asText();
        else out += dropInvalidUtf8(value.asText());
        return;
    case exec::ValueType::Blob: out += pythonBytesRepr(value.asBlob()); return;
    }
}

std::string pythonBytesRepr(std::string_view bytes)
{
    const bool useDouble = bytes.find('\'') != std::string_view::npos
                           && bytes.find('"') == std::string_view::npos;
    const char quote = useDouble ? '"' : '\'';
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "b";
    out += quote;
    for (const char c : bytes) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == quote || c == '\\') {
            out += '\\';
            out += c;
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (byte < 0x20 || byte >= 0x7f) {
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xF];
        } else {
            out += c;
        }
    }
    out += quote;
    return out;
}

bool isValidUtf8(std::string_view bytes)
{
    for (std::size_t at = 0; at < bytes.size();) {
        const std::size_t length = validSequenceLength(bytes, at);
        if (length == 0) return false;
        at += length;
    }
    return true;
}

std::string dropInvalidUtf8(std::string_view bytes)
{
    // Dropping byte by byte equals CPython's "maximal subpart" error handling here:
    // the bytes after an invalid lead are continuation bytes, which never start a sequence.
    std::string out;
    out.reserve(bytes.size());
    for (std::size_t at = 0; at < bytes.size();) {
        const std::size_t length = validSequenceLength(bytes, at);
        if (length == 0) {
            ++at;
            continue;
        }
        out.append(bytes.substr(at, length));
        at += length;
    }
    return out;
}

bool equalsAnInteger(double value)
{
    int64_t ignored = 0;
    return integralInInt64(value, ignored);
}

bool equalNormalized(const exec::Value& a, const exec::Value& b)
{
    using exec::ValueType;
    const ValueType ta = a.type();
    const ValueType tb = b.type();
    if (ta == ValueType::Integer && tb == ValueType::Real) {
        int64_t asInteger = 0;
        return integralInInt64(b.asReal(), asInteger) && asInteger == a.asInteger();
    }
    if (ta == ValueType::Real && tb == ValueType::Integer) return equalNormalized(b, a);
    if (ta != tb) return false;
    switch (ta) {
    case ValueType::Null: return true;
    case ValueType::Integer: return a.asInteger() == b.asInteger();
    case ValueType::Real: return a.asReal() == b.asReal();  // 0.0 == -0.0, as in Python
    case ValueType::Text: return a.asText() == b.asText();
    case ValueType::Blob: return a.asBlob() == b.asBlob();
    }
    return false;
}

uint64_t hashNormalized(const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Null: return kNullHash;
    case exec::ValueType::Integer: return hashInteger(value.asInteger());
    case exec::ValueType::Real: {
        int64_t asInteger = 0;
        if (integralInInt64(value.asReal(), asInteger)) return hashInteger(asInteger);
        return mixHash(std::bit_cast<uint64_t>(value.asReal()) ^ kRealTag);
    }
    case exec::ValueType::Text:
        return mixHash(std::hash<std::string_view>{}(value.asText()) ^ kTextTag);
    case exec::ValueType::Blob:
        return mixHash(std::hash<std::string_view>{}(value.asBlob()) ^ kBlobTag);
    }
    return kNullHash;
}

uint64_t combineHash(uint64_t seed, uint64_t value)
{
    return mixHash(seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)));
}

uint64_t mixHash(uint64_t value)
{
    value += 0x9e3779b97f4a7c15ULL;
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
    return value ^ (value >> 31);
}

} // namespace detail

bool pythonEqual(const exec::Value& a, const exec::Value& b)
{
    if (a.type() == exec::ValueType::Text && b.type() == exec::ValueType::Text) {
        if (a.asText() == b.asText()) return true;  // same bytes decode alike
        return detail::dropInvalidUtf8(a.asText()) == detail::dropInvalidUtf8(b.asText());
    }
    return detail::equalNormalized(a, b);
}

std::string pythonStr(const exec::Value& value)
{
    std::string out;
    detail::appendPythonStr(out, value);
    return out;
}

} // namespace sqleq::compare
