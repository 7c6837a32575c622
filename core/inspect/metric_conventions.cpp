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

bool judgedAsWritten(const suite::CheckResult& metric, std::string_view gold, std::string_view candidate)
{
    // With plug-value the candidate itself is reported whenever it passed or was the one
    // separated, so its own text as run means its own verdict.
    return metric.goldUsed == suite::textAsRun(gold, true) && metric.candidateUsed == suite::textAsRun(candidate, true);
}

suite::CheckResult checkAsWritten(std::string_view gold, std::string_view candidate, const suite::Suite& suite,
                                  const suite::CheckResult& metric, const CheckSettings& settings,
                                  const std::atomic<bool>* cancel, exec::RememberedRuns* remembered)
{
    if (metric.cancelled || judgedAsWritten(metric, gold, candidate)) return metric;
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

std::string conventionNote(std::string_view gold, std::string_view candidate, const suite::CheckResult& metric,
                           const suite::CheckResult& sqleq, const suite::Suite& suite, std::size_t metricDatabases,
                           const CheckSettings& settings, const std::atomic<bool>* cancel)
{
    if (metric.cancelled || sqleq.cancelled || judgedAsWritten(metric, gold, candidate)) return {};
    const Conventions applied = conventionsApplied(metric, sqleq, settings);
    const std::string what = conventionsInWords(applied);
    if (rejects(metric) && sqleq.verdict == suite::VerdictKind::Equivalent)
        return fmt::format("the metric {}; as written no database tried separates them", what);
    if (metric.verdict != suite::VerdictKind::Equivalent || !rejects(sqleq) || sqleq.separatingDatabase < 0) return {};
    // A database the search added: does the metric, conventions and all, reject it too?
    // Then the suite merely missed it (a test-suite false positive), no convention hid it.
    if (static_cast<std::size_t>(sqleq.separatingDatabase) >= metricDatabases
        && rejects(suite::checkCandidate(gold, candidate, suite, checkOptions(settings, cancel), cancel)))
        return {};
    const bool onlyDistinct = applied.distinctRemoved && !applied.valuesPlugged;
    return fmt::format("the metric {}; {} they differ: {} vs {}", what, onlyDistinct ? "with it kept" : "as written",
                       resultInWords(sqleq.goldOutcome), resultInWords(sqleq.candidateOutcome));
}

} // namespace sqleq::inspect
