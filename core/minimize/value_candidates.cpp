// Candidate generation for value simplification. "Simpler" is a strict order:
// text by length in code points; numbers by (non-integral, magnitude). Numeric-
// looking text is never offered to a numeric-affinity column, where SQLite would
// silently store it as a number and the content would lie about the database.

#include "core/minimize/value_candidates.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace sqleq::minimize {
namespace {

bool looksNumeric(const std::string& text)
{
    const auto begin = text.find_first_not_of(" \t\n\r");
    if (begin == std::string::npos) return false;
    const auto end = text.find_last_not_of(" \t\n\r");
    const std::string trimmed = text.substr(begin, end - begin + 1);
    char* stop = nullptr;
    (void)std::strtod(trimmed.c_str(), &stop);
    return stop == trimmed.c_str() + trimmed.size();
}

// Byte offsets where each UTF-8 code point starts, plus the end.
std::vector<std::size_t> codePointBounds(const std::string& text)
{
    std::vector<std::size_t> bounds;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) bounds.push_back(i);
    }
    bounds.push_back(text.size());
    return bounds;
}

std::vector<exec::Value> simplerTexts(const std::string& text, schema::Affinity affinity)
{
    const auto bounds = codePointBounds(text);
    const std::size_t length = bounds.size() - 1;
    if (length <= 1) return {};
    std::vector<std::string> texts{text.substr(0, bounds[1]), "a", text.substr(0, bounds[2])};
    if (length / 2 > 2) texts.push_back(text.substr(0, bounds[length / 2]));
    const bool numericColumn = affinity == schema::Affinity::Integer || affinity == schema::Affinity::Real ||
                               affinity == schema::Affinity::Numeric;
    std::vector<exec::Value> out;
    for (auto& candidate : texts) {
        if (candidate.size() >= text.size() || (numericColumn && looksNumeric(candidate))) continue;
        auto value = exec::Value::text(std::move(candidate));
        if (std::find(out.begin(), out.end(), value) == out.end()) out.push_back(std::move(value));
    }
    return out;
}

// 57 -> 50, -347 -> -300: one significant digit, toward zero.
int64_t leadingDigit(int64_t value)
{
    int64_t scale = 1;
    while (value / scale >= 10 || value / scale <= -10) scale *= 10;
    return (value / scale) * scale;
}

uint64_t magnitude(int64_t value)
{
    return value < 0 ? static_cast<uint64_t>(-(value + 1)) + 1 : static_cast<uint64_t>(value);
}

std::vector<int64_t> simplerIntegers(int64_t value)
{
    std::vector<int64_t> candidates{0, 1, -1, value / 2, leadingDigit(value)};
    std::vector<int64_t> out;
    for (auto candidate : candidates) {
        if (magnitude(candidate) >= magnitude(value)) continue;
        if (std::find(out.begin(), out.end(), candidate) == out.end()) out.push_back(candidate);
    }
    std::stable_sort(out.begin(), out.end(), [](int64_t a, int64_t b) { return magnitude(a) < magnitude(b); });
    return out;
}

std::vector<exec::Value> simplerReals(double value, schema::Affinity affinity)
{
    if (!std::isfinite(value) || std::fabs(value) >= 9.0e15) return {};
    const bool integral = std::trunc(value) == value;
    std::vector<exec::Value> out;
    for (auto whole : simplerIntegers(static_cast<int64_t>(value))) {
        // Under INTEGER/NUMERIC affinity an integral real is stored as an integer anyway.
        if (affinity == schema::Affinity::Integer || affinity == schema::Affinity::Numeric) {
            out.push_back(exec::Value::integer(whole));
        } else {
            out.push_back(exec::Value::real(static_cast<double>(whole)));
        }
    }
    if (!integral) {
        const auto truncated = static_cast<int64_t>(value);
        const bool asInteger = affinity == schema::Affinity::Integer || affinity == schema::Affinity::Numeric;
        auto candidate = asInteger ? exec::Value::integer(truncated) : exec::Value::real(static_cast<double>(truncated));
        if (std::find(out.begin(), out.end(), candidate) == out.end()) out.push_back(std::move(candidate));
    }
    return out;
}

} // namespace

std::vector<exec::Value> simplerValues(const exec::Value& value, schema::Affinity affinity)
{
    switch (value.type()) {
    case exec::ValueType::Text: return simplerTexts(value.asText(), affinity);
    case exec::ValueType::Real:
        if (affinity == schema::Affinity::Text) return {};
        return simplerReals(value.asReal(), affinity);
    case exec::ValueType::Integer: {
        std::vector<exec::Value> out;
        // REAL affinity stores integers as reals; TEXT affinity would turn them into text.
        if (affinity == schema::Affinity::Real || affinity == schema::Affinity::Text) return out;
        for (auto candidate : simplerIntegers(value.asInteger())) out.push_back(exec::Value::integer(candidate));
        return out;
    }
    case exec::ValueType::Null:
    case exec::ValueType::Blob: return {};
    }
    return {};
}

} // namespace sqleq::minimize
