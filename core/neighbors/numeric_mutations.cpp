// Numeric constant mutations (see constant_mutations.h). A constant is mutated in
// place: the replacement spans only the literal (or `-literal`), so the neighbor
// differs from the gold in exactly that value.

#include "core/neighbors/constant_mutations.h"

#include "core/sql/walk.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

namespace sqleq::neighbors {
namespace {

constexpr int kRandomIntegers = 2;
constexpr int kRandomReals = 2;
constexpr double kEpsilon = 0.001;

struct NumericSite {
    SourceSpan span;
    const sql::Literal* literal = nullptr;
    bool negated = false;
};

std::vector<NumericSite> numericSites(const sql::SelectStatement& statement)
{
    std::vector<NumericSite> sites;
    auto isNumber = [](const sql::Node* node) {
        const auto* literal = node ? node->tryAs<sql::Literal>() : nullptr;
        return literal && (literal->literalKind == sql::LiteralKind::Integer
                           || literal->literalKind == sql::LiteralKind::Float);
    };
    sql::walk(statement, [&](const sql::Node& node) {
        if (const auto* unary = node.tryAs<sql::UnaryExpr>();
            unary && unary->op == sql::UnaryOp::Negate && isNumber(unary->operand.get())) {
            sites.push_back({unary->span(), &unary->operand->as<sql::Literal>(), true});
            return false;  // the literal below is this constant, not another one
        }
        if (isNumber(&node)) sites.push_back({node.span(), &node.as<sql::Literal>(), false});
        return true;
    });
    return sites;
}

std::optional<int64_t> parseInteger(std::string_view text)
{
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        text.remove_prefix(2);
        base = 16;
    }
    int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<double> parseReal(std::string_view text)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::vector<std::string> integerVariants(int64_t value, fuzz::Prng& prng)
{
    // Keep clear of overflow: far-out values only get their neighbours at ±1.
    constexpr int64_t kSafe = std::numeric_limits<int64_t>::max() / 4;
    std::vector<std::string> out;
    if (value > -kSafe && value < kSafe) {
        const int64_t magnitude = value < 0 ? -value : value;
        for (int i = 0; i < kRandomIntegers; ++i)
            out.push_back(std::to_string(prng.uniform(-magnitude - 1, magnitude + 1)));
    }
    if (value < std::numeric_limits<int64_t>::max()) out.push_back(std::to_string(value + 1));
    if (value > std::numeric_limits<int64_t>::min()) out.push_back(std::to_string(value - 1));
    return out;
}

std::string realText(double value, bool rounded)
{
    std::string text = rounded ? fmt::format("{:.2f}", value) : fmt::format("{}", value);
    // Keep the constant a real for SQLite: "3" would read as an integer.
    if (text.find_first_of(".eE") == std::string::npos) text += ".0";
    return text;
}

std::vector<std::string> realVariants(double value, fuzz::Prng& prng)
{
    std::vector<std::string> out;
    const double bound = std::fabs(value) + 1.0;
    for (int i = 0; i < kRandomReals; ++i) out.push_back(realText(-bound + prng.unit() * 2.0 * bound, true));
    out.push_back(realText(value + kEpsilon, false));
    out.push_back(realText(value - kEpsilon, false));
    return out;
}

} // namespace

void appendNumericMutations(const GoldQuery& gold, const fuzz::Prng& prng, Candidates& out)
{
    const std::vector<NumericSite> sites = numericSites(gold.statement);
    for (std::size_t i = 0; i < sites.size(); ++i) {
        const NumericSite& site = sites[i];
        fuzz::Prng stream = prng.fork(i);
        std::vector<std::string> variants;
        if (site.literal->literalKind == sql::LiteralKind::Integer) {
            const auto value = parseInteger(site.literal->text);
            if (!value) continue;
            variants = integerVariants(site.negated ? -*value : *value, stream);
        } else {
            const auto value = parseReal(site.literal->text);
            if (!value) continue;
            variants = realVariants(site.negated ? -*value : *value, stream);
        }
        const std::string_view original = gold.text.substr(site.span.begin, site.span.length());
        for (std::string& variant : variants) {
            if (variant == original) continue;
            out.push_back(makeReplacement(gold.text, MutationFamily::NumericConstant, site.span, std::move(variant)));
        }
    }
}

} // namespace sqleq::neighbors
