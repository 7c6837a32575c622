// One inspection in order: distill the gold's suite (original first), append a prebuilt
// suite, take the test-suite verdict, search past the suite when it finds nothing,
// shrink the separating database, then the per-database view and the diagnosis.
// Every stage is called here and nowhere else in the front ends.

#include "core/inspect/inspect.h"

#include "core/base/cancellation.h"
#include "core/fuzz/profile_check.h"
#include "core/fuzz/sampler.h"
#include "core/inspect/inspection_steps.h"
#include "core/search/search.h"
#include "core/suite/checker.h"
#include "core/suite/distill.h"

#include <chrono>

namespace sqleq::inspect {
namespace {

void report(const ProgressCallback& progress, std::string phase, std::size_t done, std::size_t total)
{
    if (!progress) return;
    suite::Progress step;
    step.phase = std::move(phase);
    step.done = done;
    step.total = total;
    progress(step);
}

bool separates(const suite::CheckResult& check)
{
    return check.verdict == suite::VerdictKind::Different || check.verdict == suite::VerdictKind::CandidateError;
}

/// The search past the suite: targeted, then random databases built from both queries.
void search(Inspection& inspection, const schema::Schema& schema, std::string_view gold, std::string_view candidate,
            const InspectOptions& options, const std::atomic<bool>* cancel)
{
    const search::SearchOptions searchOptions{options.searchBudget, options.distill.profile, options.distill.seed,
                                              options.distill.jobs};
    auto searched = search::searchPastSuite(schema, gold, candidate, inspection.distilled.suite,
                                            inspection.suiteCheck, options.check, searchOptions, cancel);
    inspection.check = std::move(searched.check);
    inspection.searchFoundBy = std::move(searched.foundBy);
    inspection.evidence.searchDatabases = searched.tried;
}

Evidence evidenceFor(const Inspection& inspection)
{
    Evidence evidence = inspection.evidence;
    evidence.suiteDatabases = inspection.metricDatabases;
    if (separates(inspection.check)) {
        evidence.kind = EvidenceKind::Counterexample;
    } else {
        evidence.kind = evidence.searchDatabases > 0 ? EvidenceKind::SuiteAndSearch : EvidenceKind::Suite;
    }
    return evidence;
}

} // namespace

std::string_view evidenceKindName(EvidenceKind kind)
{
    switch (kind) {
    case EvidenceKind::Counterexample: return "counterexample";
    case EvidenceKind::Suite: return "suite";
    case EvidenceKind::SuiteAndSearch: return "suite+search";
    }
    return "suite";
}

Result<Inspection> inspect(const schema::Schema& schema, std::string_view gold, std::string_view candidate,
                           const InspectOptions& options, const ProgressCallback& progress,
                           const std::atomic<bool>* cancel)
{
    const auto start = std::chrono::steady_clock::now();
    Inspection inspection;
    suite::DistillOptions distillOptions = options.distill;
    distillOptions.keepDistinct = options.check.keepDistinct;
    distillOptions.limits.cancel = cancel;
    auto distilled = suite::distill(schema, {std::string(gold)}, distillOptions, progress, cancel);
    if (!distilled) return distilled.error();
    if (const auto& error = distilled->golds.front().error) return *error;
    inspection.distilled = std::move(*distilled);
    inspection.orderMatters = inspection.distilled.golds.front().orderMatters;
    inspection.cancelled = inspection.distilled.cancelled || cancelRequested(cancel);
    if (inspection.cancelled) return inspection;

    auto& databases = inspection.distilled.suite.databases;
    if (options.prebuilt) {
        // After the distilled databases, so the neighbors' distinguishing indices stay valid.
        databases.insert(databases.end(), options.prebuilt->databases.begin(), options.prebuilt->databases.end());
    }
    inspection.metricDatabases = databases.size();

    report(progress, "checking", 0, databases.size());
    inspection.suiteCheck = suite::checkCandidate(gold, candidate, inspection.distilled.suite, options.check, cancel);
    inspection.check = inspection.suiteCheck;
    if (inspection.suiteCheck.verdict == suite::VerdictKind::Equivalent && options.searchBudget > 0
        && !inspection.suiteCheck.cancelled) {
        report(progress, "searching", 0, options.searchBudget);
        search(inspection, schema, gold, candidate, options, cancel);
    }
    inspection.cancelled = inspection.check.cancelled || cancelRequested(cancel);
    if (inspection.cancelled) return inspection;
    inspection.testSuiteFalsePositive
        = inspection.suiteCheck.verdict == suite::VerdictKind::Equivalent && separates(inspection.check);
    inspection.evidence = evidenceFor(inspection);
    for (const auto* outcome : {&inspection.check.goldOutcome, &inspection.check.candidateOutcome}) {
        inspection.wallClockFired |= outcome->status == exec::OutcomeStatus::WallClockTimeout;
    }

    exec::ExecLimits limits = options.check.limits;
    limits.cancel = cancel;
    if (options.minimize && inspection.check.verdict == suite::VerdictKind::Different) {
        report(progress, "minimizing", 0, 0);
        inspection.counterexample = minimize::buildCounterexample(
            schema, inspection.distilled.suite, inspection.check, options.distill.profile == fuzz::Profile::Spider,
            limits, cancel);
        if (inspection.counterexample)
            inspection.counterexample->outsideProfile
                = fuzz::profileViolation(schema, inspection.counterexample->content, options.distill.profile)
                      .value_or(std::string());
    }
    if (options.runEveryDatabase) {
        report(progress, "checking", 0, databases.size());
        runEveryDatabase(inspection, schema, limits, cancel);
    }
    if (options.diagnose && separates(inspection.check)) {
        report(progress, "diagnosing", 0, 0);
        diagnoseNearestNeighbors(inspection, schema, limits, cancel);
        diagnoseNondeterminism(inspection, fuzz::materializableSchema(schema), limits);
        inspection.diagnosis.clauses = diffClauses(gold, inspection.check.candidateUsed);
    }
    inspection.cancelled = cancelRequested(cancel);
    inspection.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return inspection;
}

} // namespace sqleq::inspect
