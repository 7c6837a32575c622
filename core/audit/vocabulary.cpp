// The fixed words of an audit: verdict names as stored and exchanged, and the
// reasons every new project offers before annotators add their own.

#include "core/audit/audit.h"

#include <array>
#include <utility>

namespace sqleq::audit {
namespace {

constexpr std::array<std::pair<Verdict, std::string_view>, 3> kVerdictNames{{
    {Verdict::Equivalent, "equivalent"},
    {Verdict::NotEquivalent, "not_equivalent"},
    {Verdict::Unsure, "unsure"},
}};

} // namespace

std::string_view verdictName(Verdict verdict)
{
    for (const auto& [value, name] : kVerdictNames) {
        if (value == verdict) return name;
    }
    return "unsure";
}

std::optional<Verdict> verdictFromName(std::string_view name)
{
    for (const auto& [value, known] : kVerdictNames) {
        if (known == name) return value;
    }
    return std::nullopt;
}

const std::vector<std::string>& defaultReasons()
{
    // The recurring explanations of the test-suite paper's false-negative table
    // (esm_false_negatives.tsv), shortened, plus the ones a "not equivalent" needs.
    static const std::vector<std::string> reasons{
        "redundant join with a parent key",
        "MAX/MIN equals ORDER BY … LIMIT 1",
        "value plugged in",
        "DISTINCT does not matter here",
        "equivalent join order / aliases",
        "NOT IN equals EXCEPT here",
        "different output columns",
        "different rows",
        "ties broken differently",
        "NULL handling differs",
        "gold is wrong",
    };
    return reasons;
}

} // namespace sqleq::audit
