// Metric conventions: the test-suite metric judges a pair as the official evaluator
// does — DISTINCT removed from both unless keep-distinct, and with plug-value the
// gold's constants tried in the candidate's value slots. Those are the metric's rules,
// not what the queries mean, so sqleq's own verdict judges the queries as written
// (DISTINCT kept, no value plugged) and, where a convention changes the metric's
// answer, says so in one sentence. The comparison rule (bags, or lists under a
// top-level ORDER BY; free column order) is shared by both: it is what "the same
// result" means. docs/verdicts.md states the rule.
#pragma once

#include "core/exec/remembered_runs.h"
#include "core/inspect/check_request.h"
#include "core/suite/checker.h"

#include <atomic>
#include <string>
#include <string_view>

namespace sqleq::inspect {

/// sqleq's own check options: the settings' order rule and limits, DISTINCT kept and
/// no value plugged, whatever the metric's conventions are.
suite::CheckOptions asWrittenOptions(const CheckSettings& settings, const std::atomic<bool>* cancel = nullptr);

/// `metric` (the test-suite metric's result) already judged the two texts as written:
/// its gold and candidate as run are theirs with DISTINCT kept and nothing plugged or
/// replaced, so the verdict as written is the same.
bool judgedAsWritten(const suite::CheckResult& metric, std::string_view gold, std::string_view candidate);

/// The pair judged as written on `suite`: `metric` itself (the test-suite metric's
/// result on the same suite) when it judgedAsWritten, else one more run of the suite
/// under asWrittenOptions.
suite::CheckResult checkAsWritten(std::string_view gold, std::string_view candidate, const suite::Suite& suite,
                                  const suite::CheckResult& metric, const CheckSettings& settings,
                                  const std::atomic<bool>* cancel = nullptr,
                                  exec::RememberedRuns* remembered = nullptr);

/// When the metric's conventions, not the queries, decide its answer, what they did, in
/// words. The metric accepts and sqleq separates on a database the metric, with its
/// conventions, still accepts (one of the metric's own `metricDatabases`, or the
/// search's, re-checked under the metric's options on the extended `suite`): "the
/// metric removes DISTINCT; with it kept they differ: 3 vs 6". The metric rejects and
/// sqleq accepts: "the metric removes DISTINCT; as written no database tried separates
/// them". Empty when both agree, when the conventions changed neither text, when the
/// metric too rejects the search's database (a test-suite false positive), or when
/// either is an error or cancelled.
std::string conventionNote(std::string_view gold, std::string_view candidate, const suite::CheckResult& metric,
                           const suite::CheckResult& sqleq, const suite::Suite& suite, std::size_t metricDatabases,
                           const CheckSettings& settings, const std::atomic<bool>* cancel = nullptr);

/// A query's result in a few words, for the note above: the value of a one-value
/// result ("3", "'France'", "NULL"), "(1, 'a')" for one row, else "4 rows"; "an error"
/// or "a timeout" when it did not run.
std::string resultInWords(const exec::QueryOutcome& outcome);

} // namespace sqleq::inspect
