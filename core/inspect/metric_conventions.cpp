// sqleq's as-written check beside the test-suite metric's, and the sentence that says
// when the metric's conventions, not the queries, decided the metric's answer.

#include "core/inspect/metric_conventions.h"

#include "core/suite/spider_options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <vector>

namespace sqleq::inspect {
namespace {

bool rejects(const suite::CheckResult& check)
{
    return check.verdict == suite::VerdictKind::Different || check.verdict == suite::VerdictKind::CandidateError;
}

std::string valueInWords(const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Null: return "NULL";
    case exec::ValueType::Integer: return std::to_string(value.asInteger());
    case exec::ValueType::Real: return fmt::format("{}", value.asReal());
    case exec::ValueType::Text: return fmt::format("'{}'", value.asText());
    case exec::ValueType::Blob: return fmt::format("a blob of {} bytes", value.asBlob().size());
    }
    return "a value";
}

struct Conventions {
    bool distinctRemoved = false;
    bool valuesPlugged = false;
};

/// What the metric did to the pair that as written is not done.
Conventions conventionsApplied(const suite::CheckResult& metric, const suite::CheckResult& asWritten,
                               const CheckSettings& settings)
{
    Conventions applied;
    applied.distinctRemoved = !settings.keepDistinct
        && (suite::removeDistinct(asWritten.goldUsed) != asWritten.goldUsed
            || suite::removeDistinct(asWritten.candidateUsed) != asWritten.candidateUsed);
    const std::string candidateAsRun
        = settings.keepDistinct ? asWritten.candidateUsed : suite::removeDistinct(asWritten.candidateUsed);
    applied.valuesPlugged = settings.plugValue && metric.candidateUsed != candidateAsRun;
    return applied;
}

/// "removes DISTINCT", "plugs the gold's values into the candidate", or both.
std::string conventionsInWords(const Conventions& applied)
{
    if (applied.distinctRemoved && applied.valuesPlugged)
        return "removes DISTINCT and plugs the gold's values into the candidate";
    if (applied.valuesPlugged) return "plugs the gold's values into the candidate";
    if (applied.distinctRemoved) return "removes DISTINCT";
    return "applies the official evaluator's conventions";
}

} // namespace

suite::CheckOptions asWrittenOptions(const CheckSettings& settings, const std::atomic<bool>* cancel)
{
    suite::CheckOptions options = checkOptions(settings, cancel);
    options.keepDistinct = true;
    options.plugValue = false;
    return options;
}

bool conventionsChangeNothing(std::string_view gold, std::string_view candidate, const CheckSettings& settings)
{
    if (settings.plugValue) return false;
    if (settings.keepDistinct) return true;
    const auto untouched = [](std::string_view sql) {
        const std::string asRun = suite::textAsRun(sql, true);
        return suite::removeDistinct(asRun) == asRun;
    };
    return untouched(gold) && untouched(candidate);
}

suite::CheckResult checkAsWritten(std::string_view gold, std::string_view candidate, const suite::Suite& suite,
                                  const suite::CheckResult& metric, const CheckSettings& settings,
                                  const std::atomic<bool>* cancel, exec::RememberedRuns* remembered)
{
    if (conventionsChangeNothing(gold, candidate, settings) || metric.cancelled) return metric;
    return suite::checkCandidate(gold, candidate, suite, asWrittenOptions(settings, cancel), cancel, remembered);
}

std::string resultInWords(const exec::QueryOutcome& outcome)
{
    switch (outcome.status) {
    case exec::OutcomeStatus::Rows: break;
    case exec::OutcomeStatus::Error: return "an error";
    case exec::OutcomeStatus::TooLarge: return "too many rows";
    case exec::OutcomeStatus::Timeout:
    case exec::OutcomeStatus::WallClockTimeout: return "a timeout";
    }
    const auto& rows = outcome.result.rows;
    if (rows.size() != 1) return fmt::format("{} rows", rows.size());
    const exec::Row& row = rows.front();
    if (row.size() == 1) return valueInWords(row.front());
    std::vector<std::string> values;
    for (const exec::Value& value : row) values.push_back(valueInWords(value));
    return fmt::format("({})", fmt::join(values, ", "));
}

std::string conventionNote(const suite::CheckResult& metric, const suite::CheckResult& asWritten,
                           const CheckSettings& settings)
{
    if (metric.cancelled || asWritten.cancelled) return {};
    const Conventions applied = conventionsApplied(metric, asWritten, settings);
    const std::string what = conventionsInWords(applied);
    if (metric.verdict == suite::VerdictKind::Equivalent && rejects(asWritten)) {
        const bool onlyDistinct = applied.distinctRemoved && !applied.valuesPlugged;
        return fmt::format("the metric {}; {} they differ: {} vs {}", what,
                           onlyDistinct ? "with it kept" : "as written", resultInWords(asWritten.goldOutcome),
                           resultInWords(asWritten.candidateOutcome));
    }
    if (rejects(metric) && asWritten.verdict == suite::VerdictKind::Equivalent)
        return fmt::format("the metric {}; as written no database of the suite separates them", what);
    return {};
}

} // namespace sqleq::inspect
