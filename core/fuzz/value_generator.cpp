// Typed random values and the mix with gold constants. Ranges are deliberately
// narrow and often centred on the constants: the paper's full int64 range almost
// never lands near `age > 34`, and ties need small ranges.

#include "core/fuzz/value_generator.h"

#include "core/fuzz/constant_variants.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace sqleq::fuzz {
namespace {

std::optional<double> numberOf(const exec::Value& value)
{
    if (value.type() == exec::ValueType::Integer) return static_cast<double>(value.asInteger());
    if (value.type() == exec::ValueType::Real) return value.asReal();
    return std::nullopt;
}

/// The number a text spells in full ("12", "-3.5"), if any.
std::optional<exec::Value> numberInText(const std::string& text)
{
    int64_t integer = 0;
    const char* end = text.data() + text.size();
    if (auto [at, ec] = std::from_chars(text.data(), end, integer); ec == std::errc() && at == end && !text.empty())
        return exec::Value::integer(integer);
    double real = 0;
    if (auto [at, ec] = std::from_chars(text.data(), end, real); ec == std::errc() && at == end && !text.empty()
        && std::isfinite(real))
        return exec::Value::real(real);
    return std::nullopt;
}

/// A number as a column of TEXT affinity would store it.
std::string numberText(const exec::Value& value)
{
    if (value.type() == exec::ValueType::Integer) return std::to_string(value.asInteger());
    return fmt::format("{}", value.asReal());
}

int64_t powerOfTen(int exponent)
{
    int64_t value = 1;
    for (int i = 0; i < exponent; ++i) value *= 10;
    return value;
}

/// The year of a 'YYYY…' text.
std::optional<double> yearOf(const std::string& text)
{
    double year = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        if (text[i] < '0' || text[i] > '9') return std::nullopt;
        year = year * 10 + (text[i] - '0');
    }
    return year;
}

int64_t clampToInt(double value)
{
    constexpr double kLimit = 1.0e15;  // leaves room for scaling by 100 and 10^9
    return static_cast<int64_t>(std::clamp(value, -kLimit, kLimit));
}

} // namespace

ValueGenerator::ValueGenerator(GeneratorInputs inputs, Prng& rng) : m_in(std::move(inputs))
{
    if (!m_in.constants.empty()) m_constantChance = 0.2 + 0.5 * rng.unit();
    if (!m_in.extras.empty()) m_extraChance = 0.05;
    m_integral = m_in.kind.integersOnly || rng.chance(0.65);
    m_dateOnly = rng.chance(0.35);
    m_capitalize = rng.chance(0.5);
    const int cap = m_in.kind.maxLength > 0 ? m_in.kind.maxLength : 12;
    m_maxWord = std::max(1, std::min(cap, static_cast<int>(rng.uniform(4, 12))));
    m_minWord = std::min(m_maxWord, static_cast<int>(rng.uniform(1, 4)));
    chooseNumericRange(rng);
    if (m_in.kind.kind == ValueKind::Boolean) {
        for (const GoldConstant& constant : m_in.constants)
            if (constant.value.type() == exec::ValueType::Text) m_booleanWords.push_back(constant.value.asText());
        if (!m_booleanWords.empty()) {
            // The gold compares with words: offer the usual opposite too.
            for (const char* word : {"T", "F"})
                if (std::find(m_booleanWords.begin(), m_booleanWords.end(), word) == m_booleanWords.end())
                    m_booleanWords.emplace_back(word);
        }
    }
}

void ValueGenerator::chooseNumericRange(Prng& rng)
{
    std::vector<double> numbers;
    const ValueKind kind = m_in.kind.kind;
    const bool dated = kind == ValueKind::Year || kind == ValueKind::Date || kind == ValueKind::DateTime;
    for (const GoldConstant& constant : m_in.constants) {
        if (auto number = numberOf(constant.value)) numbers.push_back(*number);
        else if (auto spelled = m_in.numericText ? numberInText(constant.value.asText()) : std::nullopt)
            numbers.push_back(*numberOf(*spelled));
        else if (dated && constant.value.asText().size() >= 4)
            if (auto year = yearOf(constant.value.asText())) numbers.push_back(*year);
    }
    if (kind == ValueKind::Id) {
        const auto rows = static_cast<int64_t>(m_in.rowsHint);
        m_lo = 1;
        m_hi = std::max<int64_t>(rows * (rng.chance(0.5) ? 1 : 3), 5);
    } else if (dated) {
        m_lo = rng.chance(0.5) ? 1990 : 1950;
        m_hi = rng.chance(0.5) ? 2010 : 2025;
    } else {
        static constexpr int64_t kHighs[] = {10, 100, 1000, 100000};
        m_lo = rng.chance(0.15) ? -static_cast<int64_t>(rng.uniform(1, 100)) : 0;
        m_hi = kHighs[rng.below(4)];
    }
    if (!numbers.empty() && kind != ValueKind::Id && rng.chance(0.7)) {
        // Centre on the constants so that both sides of `col > c` get rows.
        const auto [low, high] = std::minmax_element(numbers.begin(), numbers.end());
        const double spread = dated ? 10.0 : std::max(3.0, std::abs(*high) * 0.5);
        m_lo = clampToInt(std::floor(*low - spread));
        m_hi = clampToInt(std::ceil(*high + spread));
    }
    if (m_in.kind.kind == ValueKind::Decimal) {
        const int digits = std::max(1, m_in.kind.precision - m_in.kind.scale);
        const int64_t limit = powerOfTen(std::min(digits, 9)) - 1;
        m_lo = std::clamp<int64_t>(m_lo, -limit, limit);
        m_hi = std::clamp<int64_t>(m_hi, m_lo, limit);
    }
}

exec::Value ValueGenerator::next(Prng& rng)
{
    if (m_constantChance > 0 && rng.chance(m_constantChance)) return fit(constantValue(rng), rng);
    if (m_extraChance > 0 && rng.chance(m_extraChance))
        return fit(numericVariant(rng.pick(m_in.extras), false, rng), rng);
    return randomValue(rng);
}

exec::Value ValueGenerator::constantValue(Prng& rng)
{
    const GoldConstant& constant = rng.pick(m_in.constants);
    const exec::Value& value = constant.value;
    if (value.type() != exec::ValueType::Text) {
        const bool fractional = m_in.kind.kind == ValueKind::Real || m_in.kind.kind == ValueKind::Decimal
                                || (m_in.kind.kind == ValueKind::Number && !m_integral)
                                || value.type() == exec::ValueType::Real;
        return numericVariant(value, fractional, rng);
    }
    const ValueKind kind = m_in.kind.kind;
    if ((kind == ValueKind::Date || kind == ValueKind::DateTime) && constant.use == ConstantUse::Compare
        && rng.chance(0.4))
        return exec::Value::text(dateVariant(value.asText(), rng));
    if (kind == ValueKind::Boolean) return value;
    if (m_in.numericText && constant.use == ConstantUse::Compare)
        if (auto number = numberInText(value.asText()))
            return exec::Value::text(numberText(numericVariant(*number, !m_integral, rng)));
    return exec::Value::text(textVariant(value.asText(), constant.use, m_in.caseVariants, rng));
}

exec::Value ValueGenerator::randomValue(Prng& rng)
{
    switch (m_in.kind.kind) {
    case ValueKind::Id:
    case ValueKind::Integer:
    case ValueKind::Year: return exec::Value::integer(rng.uniform(m_lo, m_hi));
    case ValueKind::Number:
        if (m_integral) return exec::Value::integer(rng.uniform(m_lo, m_hi));
        [[fallthrough]];
    case ValueKind::Real:
        return exec::Value::real(static_cast<double>(rng.uniform(m_lo, m_hi) * 100 + rng.uniform(0, 99)) / 100.0);
    case ValueKind::Decimal: {
        // Exact integer scaling and one correctly rounded division: the same
        // bits on every machine, unlike std::pow.
        const int64_t scale = powerOfTen(std::clamp(m_in.kind.scale, 0, 9));
        const int64_t units = rng.uniform(m_lo, m_hi) * scale + rng.uniform(0, scale - 1);
        return exec::Value::real(static_cast<double>(units) / static_cast<double>(scale));
    }
    case ValueKind::Date: return exec::Value::text(randomDate(rng));
    case ValueKind::DateTime:
        return exec::Value::text(m_dateOnly ? randomDate(rng) : randomDate(rng) + " " + randomClock(rng));
    case ValueKind::Time: return exec::Value::text(randomClock(rng));
    case ValueKind::Boolean:
        if (!m_booleanWords.empty()) return exec::Value::text(rng.pick(m_booleanWords));
        return exec::Value::integer(rng.uniform(0, 1));
    case ValueKind::Blob: return exec::Value::blob(randomWord(rng, 1, 8));
    case ValueKind::Text: break;
    }
    if (m_in.numericText) return numericTextValue(rng);
    std::string word = randomWord(rng, m_minWord, m_maxWord);
    if (m_capitalize) word[0] = static_cast<char>(word[0] - 'a' + 'A');
    return exec::Value::text(std::move(word));
}

exec::Value ValueGenerator::numericTextValue(Prng& rng)
{
    const int64_t whole = rng.uniform(m_lo, m_hi);
    if (m_integral || whole < 0) return exec::Value::text(std::to_string(whole));
    // Integer arithmetic only: the same text on every machine.
    return exec::Value::text(fmt::format("{}.{:02d}", whole, rng.uniform(0, 99)));
}

exec::Value ValueGenerator::fit(exec::Value value, Prng& rng)
{
    if (!m_in.kind.integersOnly) return value;
    // INTEGER PRIMARY KEY and STRICT INTEGER columns refuse anything but integers.
    if (value.type() == exec::ValueType::Real) return exec::Value::integer(clampToInt(std::round(value.asReal())));
    if (value.type() != exec::ValueType::Integer) return randomValue(rng);
    return value;
}

std::string ValueGenerator::randomDate(Prng& rng)
{
    const int64_t year = std::clamp<int64_t>(rng.uniform(m_lo, m_hi), 1000, 9999);
    return fmt::format("{:04d}-{:02d}-{:02d}", year, rng.uniform(1, 12), rng.uniform(1, 28));
}

std::string ValueGenerator::randomClock(Prng& rng)
{
    return fmt::format("{:02d}:{:02d}:{:02d}", rng.uniform(0, 23), rng.uniform(0, 59), rng.uniform(0, 59));
}

} // namespace sqleq::fuzz
