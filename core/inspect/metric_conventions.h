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

/// The metric's conventions leave both texts as they are written: keep-distinct is on
/// or neither query has a DISTINCT to remove, and plug-value is off.
bool conventionsChangeNothing(std::string_view gold, std::string_view candidate, const CheckSettings& settings);

/// The pair judged as written on `suite`: `metric` itself (the test-suite metric's
/// result on the same suite) when the conventions change neither text, else one more
/// run of the suite under asWrittenOptions.
suite::CheckResult checkAsWritten(std::string_view gold, std::string_view candidate, const suite::Suite& suite,
                                  const suite::CheckResult& metric, const CheckSettings& settings,
                                  const std::atomic<bool>* cancel = nullptr,
                                  exec::RememberedRuns* remembered = nullptr);

/// When the metric's conventions decide its answer on the suite — the metric accepts
/// what as written differs, or the reverse — what they did, in words: "the metric
/// removes DISTINCT; with it kept they differ: 3 vs 6". Empty when both agree, or when
/// either is an error or cancelled.
std::string conventionNote(const suite::CheckResult& metric, const suite::CheckResult& asWritten,
                           const CheckSettings& settings);

/// A query's result in a few words, for the note above: the value of a one-value
/// result ("3", "'France'", "NULL"), "(1, 'a')" for one row, else "4 rows"; "an error"
/// or "a timeout" when it did not run.
std::string resultInWords(const exec::QueryOutcome& outcome);

} // namespace sqleq::inspect
