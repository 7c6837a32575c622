// Variant shapes and their weights. Weights favour the constant itself: a
// database needs the exact value (for =, IN) at least as often as a neighbour
// (for <, <=, BETWEEN bounds) to tell comparison operators apart.

#include "core/fuzz/constant_variants.h"

#include <fmt/format.h>

#include <cmath>

namespace sqleq::fuzz {
namespace {

/// The index of the weight chosen, proportionally to `weights`.
std::size_t weighted(Prng& rng, std::initializer_list<int> weights)
{
    int total = 0;
    for (int w : weights) total += w;
    auto roll = static_cast<int>(rng.below(static_cast<uint64_t>(total)));
    std::size_t index = 0;
    for (int w : weights) {
        if (roll < w) return index;
        roll -= w;
        ++index;
    }
    return 0;
}

char flipCase(char c)
{
    if (c >= 'a' && c <= 'z') return static_cast<char>(c - 'a' + 'A');
    if (c >= 'A' && c <= 'Z') return static_cast<char>(c - 'A' + 'a');
    return c;
}

std::string caseVariant(std::string_view text, Prng& rng)
{
    std::string out(text);
    switch (rng.below(3)) {
    case 0: for (char& c : out) if (c >= 'a' && c <= 'z') c = flipCase(c); break;
    case 1: for (char& c : out) if (c >= 'A' && c <= 'Z') c = flipCase(c); break;
    default: if (!out.empty()) out[0] = flipCase(out[0]); break;
    }
    return out;
}

std::string nearMiss(std::string_view text, Prng& rng)
{
    std::string out(text);
    if (out.empty()) return "x";
    char& c = out[rng.index(out.size())];
    c = c == 'z' ? 'y' : (c >= 'a' && c < 'z' ? static_cast<char>(c + 1) : 'q');
    return out;
}

bool isLeap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int daysIn(int year, int month)
{
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && isLeap(year) ? 29 : kDays[month - 1];
}

} // namespace

std::string randomWord(Prng& rng, int minLength, int maxLength)
{
    const auto length = static_cast<std::size_t>(rng.uniform(minLength, std::max(minLength, maxLength)));
    std::string word(length, 'a');
    for (char& c : word) c = static_cast<char>('a' + rng.below(26));
    return word;
}

exec::Value numericVariant(const exec::Value& value, bool fractional, Prng& rng)
{
    const bool isInteger = value.type() == exec::ValueType::Integer;
    if (!isInteger && value.type() != exec::ValueType::Real) return value;
    const double base = isInteger ? static_cast<double>(value.asInteger()) : value.asReal();
    double delta = 0;
    switch (weighted(rng, {5, 2, 2, 1, fractional ? 2 : 0, fractional ? 1 : 0})) {
    case 0: return value;
    case 1: delta = 1; break;
    case 2: delta = -1; break;
    case 3: delta = static_cast<double>(rng.uniform(2, 10)) * (rng.chance(0.5) ? 1 : -1); break;
    case 4: delta = rng.chance(0.5) ? 0.01 : -0.01; break;
    default: delta = rng.chance(0.5) ? 0.5 : -0.5; break;
    }
    if (isInteger && std::floor(delta) == delta) {
        const int64_t step = static_cast<int64_t>(delta);
        const int64_t v = value.asInteger();
        // Stay in range rather than overflow at the extremes.
        if ((step > 0 && v > INT64_MAX - step) || (step < 0 && v < INT64_MIN - step)) return value;
        return exec::Value::integer(v + step);
    }
    return exec::Value::real(std::round((base + delta) * 100.0) / 100.0);
}

std::string textVariant(std::string_view text, ConstantUse use, bool caseVariants, Prng& rng)
{
    const int variantCase = caseVariants ? 1 : 0;
    const std::size_t size = text.size();
    if (use == ConstantUse::Pattern) {
        switch (weighted(rng, {4, 2, 1, 1, 1, variantCase})) {
        case 0: return randomWord(rng, 1, 4) + std::string(text) + randomWord(rng, 1, 4);
        case 1: return std::string(text);
        case 2: return randomWord(rng, 1, 5) + std::string(text);
        case 3: return std::string(text) + randomWord(rng, 1, 5);
        case 4: return nearMiss(text, rng);
        default: return caseVariant(text, rng);
        }
    }
    switch (weighted(rng, {6, 1, 1, 1, 1, variantCase})) {
    case 0: return std::string(text);
    case 1: return size >= 2 ? std::string(text.substr(0, rng.uniform(1, static_cast<int64_t>(size) - 1)))
                             : std::string(text) + randomWord(rng, 1, 2);
    case 2: return size >= 2 ? std::string(text.substr(static_cast<std::size_t>(rng.uniform(1, static_cast<int64_t>(size) - 1))))
                             : randomWord(rng, 1, 2) + std::string(text);
    case 3: return std::string(text) + (rng.chance(0.5) ? " " : "") + randomWord(rng, 1, 5);
    case 4: return randomWord(rng, 1, 3) + std::string(text) + randomWord(rng, 1, 3);
    default: return caseVariant(text, rng);
    }
}

std::string dateVariant(std::string_view text, Prng& rng)
{
    auto digits = [&](std::size_t at, std::size_t count) {
        int value = 0;
        for (std::size_t i = at; i < at + count; ++i) {
            if (text[i] < '0' || text[i] > '9') return -1;
            value = value * 10 + (text[i] - '0');
        }
        return value;
    };
    if (text.size() < 10 || text[4] != '-' || text[7] != '-') return std::string(text);
    int year = digits(0, 4);
    int month = digits(5, 2);
    int day = digits(8, 2);
    if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return std::string(text);
    const int shift = static_cast<int>(rng.uniform(1, 2)) * (rng.chance(0.5) ? 1 : -1);
    day += shift;
    if (day < 1) {
        if (--month < 1) { month = 12; --year; }
        day += daysIn(year, month);
    } else if (day > daysIn(year, month)) {
        day -= daysIn(year, month);
        if (++month > 12) { month = 1; ++year; }
    }
    return fmt::format("{:04d}-{:02d}-{:02d}{}", year, month, day, text.substr(10));
}

} // namespace sqleq::fuzz
