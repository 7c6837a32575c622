// One inspection in order: distill the gold's suite (original first), append a prebuilt
// suite, take the test-suite verdict, search past the suite when it finds nothing,
// shrink the separating database, then the per-database view and the diagnosis.
// Every stage is called here and nowhere else in the front ends.

#include "core/inspect/inspect.h"

#include "core/base/cancellation.h"
#include "core/base/deadline_stop.h"
#include "core/fuzz/profile_check.h"
#include "core/fuzz/sampler.h"
#include "core/inspect/inspection_steps.h"
#include "core/inspect/metric_conventions.h"
#include "core/search/search.h"
#include "core/suite/checker.h"
#include "core/suite/distill.h"

#include <fmt/format.h>

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

/// The phase a progress callback last heard, so that a time limit can name what it stopped.
ProgressCallback remembering(const ProgressCallback& progress, std::string& phase)
{
    return [&progress, &phase](const suite::Progress& step) {
        phase = step.phase;
        if (progress) progress(step);
    };
}

/// The user's database as the suite's first database, when a time limit stopped the
/// distillation before anything joined: the check then still runs on something real.
void keepOriginal(suite::Suite& suite, const std::optional<exec::Bytes>& original)
{
    if (!suite.databases.empty() || !original) return;
    suite::SuiteDatabase database;
    database.origin = suite::DatabaseOrigin::Original;
    database.label = "original";
    database.bytes = *original;
    suite.databases.push_back(std::move(database));
}

/// A run the stop flag ended: its outcome says nothing about the query.
bool cancelledRun(const exec::QueryOutcome& outcome)
{
    return outcome.status == exec::OutcomeStatus::Timeout && outcome.error.code == "exec.cancelled";
}

bool separates(const suite::CheckResult& check)
{
    return check.verdict == suite::VerdictKind::Different || check.verdict == suite::VerdictKind::CandidateError;
}

Evidence evidenceFor(const Inspection& inspection)
{
    Evidence evidence = inspection.evidence;
    evidence.suiteDatabases = inspection.metricDatabases;
    if (separates(inspection.check)) {
        evidence.kind = EvidenceKind::Counterexample;
    } else if (inspection.proof) {
        evidence.kind = EvidenceKind::Proof;
    } else {
        evidence.kind = evidence.searchDatabases > 0 ? EvidenceKind::SuiteAndSearch : EvidenceKind::Suite;
    }
    return evidence;
}

} // namespace

std::string provedMessage(const prove::Proof& proof)
{
    const std::size_t rewrites = proof.rewrites();
    return fmt::format("{} {} bring gold and candidate to one normal form: equivalent on every database the {} "
                       "profile allows",
                       rewrites, rewrites == 1 ? "rewrite" : "rewrites", fuzz::profileName(proof.profile));
}

bool madeBySqleq(const suite::Suite& suite, int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= suite.databases.size()) return false;
    const auto origin = suite.databases[static_cast<std::size_t>(index)].origin;
    return origin == suite::DatabaseOrigin::Sampled || origin == suite::DatabaseOrigin::Targeted;
}

namespace {

std::string nameOf(const Inspection& inspection, int index)
{
    const auto& databases = inspection.distilled.suite.databases;
    if (index < 0 || static_cast<std::size_t>(index) >= databases.size()) return {};
    const auto at = static_cast<std::size_t>(index);
    return databaseName(at, databases[at].label);
}

} // namespace

std::string counterexampleDatabaseName(const Inspection& inspection)
{
    return nameOf(inspection, inspection.counterexample ? inspection.counterexample->database
                                                        : inspection.check.separatingDatabase);
}

std::string counterexampleOrigin(const Inspection& inspection)
{
    if (!inspection.counterexample || !inspection.counterexample->fromLaterDatabase()) return {};
    return fmt::format("database {} separates them first but could not be shrunk ({}); this counterexample comes "
                       "from database {}, which separates them too",
                       nameOf(inspection, inspection.check.separatingDatabase),
                       inspection.counterexample->firstNotShrunk, counterexampleDatabaseName(inspection));
}

std::string_view evidenceKindName(EvidenceKind kind)
{
    switch (kind) {
    case EvidenceKind::Counterexample: return "counterexample";
    case EvidenceKind::Proof: return "proof";
    case EvidenceKind::Suite: return "suite";
    case EvidenceKind::SuiteAndSearch: return "suite+search";
    }
    return "suite";
}

SearchedVerdict verdictAfterSearch(const schema::Schema& schema, std::string_view gold, std::string_view candidate,
                                   suite::Suite& suite, const suite::CheckResult& suiteCheck,
                                   const CheckSettings& settings, const std::atomic<bool>* cancel)
{
    const std::size_t metricDatabases = suite.databases.size();
    suite::CheckResult asWritten = checkAsWritten(gold, candidate, suite, suiteCheck, settings, cancel);
    SearchedVerdict out{asWritten, {}, 0, asWritten.cancelled, {}, {}};
    const bool searchWanted
        = asWritten.verdict == suite::VerdictKind::Equivalent && settings.searchBudget > 0 && !asWritten.cancelled;
    if (searchWanted && settings.prove) {
        // A proof settles the pair for every database the profile allows; the suite (which
        // may hold the user's original, outside the profile) has had its say above.
        auto proof = prove::prove(schema, gold, candidate, settings.profile, settings.orderRule);
        if (proof.proved) {
            out.check.message = provedMessage(*(out.proof = std::move(proof)));
        }
    }
    if (searchWanted && !out.proof) {
        auto searched = search::searchPastSuite(schema, gold, candidate, suite, asWritten,
                                                asWrittenOptions(settings, cancel), searchOptions(settings), cancel);
        out.check = std::move(searched.check);
        out.foundBy = std::move(searched.foundBy);
        out.searched = searched.tried;
        out.cancelled = searched.cancelled;
    }
    if (out.cancelled) return out;
    out.conventionNote = conventionNote(gold, candidate, suiteCheck, out.check, suite, metricDatabases, settings, cancel);
    // A difference the metric's conventions hid is theirs, not a miss of the suite's.
    out.testSuiteFalsePositive
        = suiteCheck.verdict == suite::VerdictKind::Equivalent && separates(out.check) && out.conventionNote.empty();
    return out;
}

namespace {

/// inspect() once the request's profile is resolved for its schema source.
Result<Inspection> inspectResolved(const schema::SchemaSource& source, const CheckRequest& request,
                                   const ProgressCallback& userProgress, const std::atomic<bool>* cancel)
{
    const auto start = std::chrono::steady_clock::now();
    // Every stage that may run long stops at `halt`: the user's Cancel or the time limit.
    // The check itself runs on `cancel` alone: it is bounded by the suite's size times the
    // query budget, and it is what turns the databases tried so far into a verdict.
    const DeadlineStop stop(cancel, std::chrono::duration_cast<DeadlineStop::Clock::duration>(
                                        std::chrono::duration<double>(request.settings.timeLimitSeconds)));
    const std::atomic<bool>* halt = stop.flag();
    const auto timeLimitStopped = [&] { return stop.deadlinePassed() && !cancelRequested(cancel); };
    std::string phase;
    const ProgressCallback progress = remembering(userProgress, phase);
    const schema::Schema& schema = source.schema;
    const std::string_view gold = request.gold;
    const std::string_view candidate = request.candidate;
    const CheckSettings& settings = request.settings;
    std::optional<suite::Suite> prebuilt;
    if (!request.suitesDir.empty()) {
        auto imported = importPrebuiltSuite(request.suitesDir, schema);
        if (!imported) return imported.error();
        prebuilt = std::move(*imported);
    }

    if (settings.prove && settings.searchBudget > 0) {
        if (auto proved = inspectByProof(source, request, prebuilt, halt)) {
            if (request.otherProfile) {
                report(progress, "other profile", 0, 0);
                judgeUnderOtherProfile(*proved, schema, settings, halt);
            }
            // The databases that were run (the original, a prebuilt suite), for the GUI's view.
            if (request.runEveryDatabase) runEveryDatabase(*proved, schema, queryLimits(settings, cancel), cancel);
            proved->cancelled = cancelRequested(cancel);
            proved->timeLimitReached = timeLimitStopped();
            if (proved->timeLimitReached) proved->phaseAtTimeLimit = phase;
            proved->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            return std::move(*proved);
        }
    }

    Inspection inspection;
    inspection.constraintNotes = source.constraintNotes;
    suite::DistillOptions distill = distillOptions(settings, source.original);
    distill.limits.cancel = halt;
    auto distilled = suite::distill(schema, {request.gold}, distill, progress, halt);
    if (!distilled) return distilled.error();
    if (const auto& error = distilled->golds.front().error) return *error;
    inspection.distilled = std::move(*distilled);
    inspection.orderMatters = inspection.distilled.golds.front().orderMatters;
    if (inspection.distilled.cancelled && timeLimitStopped()) {
        // The suite holds what joined before the limit: the verdict is taken on it, and says so.
        inspection.timeLimitReached = inspection.verdictCutShort = true;
        inspection.phaseAtTimeLimit = phase;
        inspection.distilled.cancelled = false;
        keepOriginal(inspection.distilled.suite, source.original);
    }
    inspection.cancelled = inspection.distilled.cancelled || cancelRequested(cancel);
    if (inspection.cancelled) return inspection;

    auto& databases = inspection.distilled.suite.databases;
    if (prebuilt) {
        // After the distilled databases, so the neighbors' distinguishing indices stay valid.
        databases.insert(databases.end(), std::make_move_iterator(prebuilt->databases.begin()),
                         std::make_move_iterator(prebuilt->databases.end()));
    }
    inspection.metricDatabases = databases.size();

    report(progress, "checking", 0, databases.size());
    inspection.suiteCheck = suite::checkCandidate(gold, candidate, inspection.distilled.suite,
                                                  checkOptions(settings, cancel), cancel);
    // Past the time limit there is no search: the verdict is the suite's, cut short.
    CheckSettings unsearched = settings;
    unsearched.searchBudget = 0;
    if (inspection.suiteCheck.verdict == suite::VerdictKind::Equivalent && settings.searchBudget > 0
        && !inspection.verdictCutShort)
        report(progress, "searching", 0, settings.searchBudget);
    auto searched = verdictAfterSearch(schema, gold, candidate, inspection.distilled.suite, inspection.suiteCheck,
                                       inspection.verdictCutShort ? unsearched : settings,
                                       inspection.verdictCutShort ? cancel : halt);
    if (searched.cancelled && timeLimitStopped() && !inspection.verdictCutShort) {
        inspection.timeLimitReached = inspection.verdictCutShort = true;
        inspection.phaseAtTimeLimit = phase;
        searched = verdictAfterSearch(schema, gold, candidate, inspection.distilled.suite, inspection.suiteCheck,
                                      unsearched, cancel);
    }
    inspection.check = std::move(searched.check);
    inspection.searchFoundBy = std::move(searched.foundBy);
    inspection.conventionNote = std::move(searched.conventionNote);
    inspection.proof = std::move(searched.proof);
    inspection.evidence.searchDatabases = searched.searched;
    inspection.cancelled = searched.cancelled || inspection.check.cancelled || cancelRequested(cancel);
    if (inspection.cancelled) return inspection;
    inspection.testSuiteFalsePositive = searched.testSuiteFalsePositive;
    inspection.evidence = evidenceFor(inspection);
    inspection.wallClockFired = inspection.distilled.wallClockFired;
    for (const auto* outcome : {&inspection.check.goldOutcome, &inspection.check.candidateOutcome}) {
        inspection.wallClockFired |= outcome->status == exec::OutcomeStatus::WallClockTimeout;
    }

    // The stages after the verdict stop at the time limit; the verdict stands.
    const exec::ExecLimits limits = queryLimits(settings, halt);
    if (request.minimize && inspection.check.verdict == suite::VerdictKind::Different && !cancelRequested(halt)) {
        report(progress, "minimizing", 0, 0);
        inspection.counterexample = minimize::buildCounterexample(
            schema, inspection.distilled.suite, inspection.check, settings.profile == fuzz::Profile::Spider, limits,
            halt);
        // The time limit may stop it before its own runs of the two queries: a counterexample
        // whose results were never read is none (the separating database stands for it).
        if (inspection.counterexample && (cancelledRun(inspection.counterexample->goldOutcome)
                                          || cancelledRun(inspection.counterexample->candidateOutcome)))
            inspection.counterexample.reset();
        // Only a database sqleq did not make (the user's original, a prebuilt suite's
        // file) may break the profile; sampled and built ones keep it by construction,
        // and `ctest -R certificates` holds them to it.
        if (inspection.counterexample && !madeBySqleq(inspection.distilled.suite, inspection.counterexample->database))
            inspection.counterexample->outsideProfile
                = fuzz::profileViolation(schema, inspection.counterexample->content, settings.profile)
                      .value_or(std::string());
    }
    if (request.otherProfile) {
        report(progress, "other profile", 0, 0);
        judgeUnderOtherProfile(inspection, schema, settings, halt);
    }
    if (request.runEveryDatabase) {
        // Bounded by the suite like the check, and what the per-database view shows.
        report(progress, "checking", 0, databases.size());
        runEveryDatabase(inspection, schema, queryLimits(settings, cancel), cancel);
    }
    if (request.diagnose && separates(inspection.check)) {
        report(progress, "diagnosing", 0, 0);
        diagnoseNearestNeighbors(inspection, schema, limits, halt, progress);
        diagnoseNondeterminism(inspection, fuzz::materializableSchema(schema), limits);
        inspection.diagnosis.clauses = diffClauses(gold, inspection.check.candidateUsed);
    }
    inspection.cancelled = cancelRequested(cancel);
    if (timeLimitStopped() && !inspection.timeLimitReached) {
        inspection.timeLimitReached = true;
        inspection.phaseAtTimeLimit = phase;
    }
    inspection.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return inspection;
}

} // namespace

Result<Inspection> inspect(const schema::SchemaSource& source, const CheckRequest& request,
                           const ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    CheckRequest resolved = request;
    resolved.settings = resolveProfile(request.settings, source.kind);
    auto inspection = inspectResolved(source, resolved, progress, cancel);
    if (inspection) inspection->settings = resolved.settings;
    return inspection;
}

} // namespace sqleq::inspect
