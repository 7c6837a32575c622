// A session run: the schema source loaded, then core's one inspection, whose plain
// data is adapted into the RunResult the models show. No pipeline step lives here.

#include "ui/session/session_job.h"

#include "ui/models/database_naming.h"

#include "core/base/cancellation.h"
#include "core/exec/spider_compat.h"
#include "core/minimize/counterexample.h"
#include "ui/session/schema_source_loader.h"
#include "ui/widgets/utf8_offsets.h"

#include <QFile>

#include <cmath>
#include <tuple>

namespace sqleq::ui {
namespace {

// The GUI cannot show more than ~20 updates a second; more only floods its event queue.
constexpr auto kReportInterval = std::chrono::milliseconds(50);

int clampToInt(std::size_t value) { return static_cast<int>(std::min<std::size_t>(value, INT32_MAX)); }

DatabaseStatus statusOf(inspect::DatabaseStatus status)
{
    switch (status) {
    case inspect::DatabaseStatus::Same: return DatabaseStatus::Same;
    case inspect::DatabaseStatus::Different: return DatabaseStatus::Different;
    case inspect::DatabaseStatus::CandidateError: return DatabaseStatus::CandidateError;
    case inspect::DatabaseStatus::GoldError: return DatabaseStatus::GoldError;
    }
    return DatabaseStatus::NotRun;
}

void adaptDatabases(RunResult& result, std::vector<inspect::DatabaseRun>& runs)
{
    // A gold_error verdict also names a database: the one where the gold fails.
    const bool separates = result.check.verdict == suite::VerdictKind::Different
        || result.check.verdict == suite::VerdictKind::CandidateError;
    result.databases.reserve(runs.size());
    for (std::size_t d = 0; d < runs.size(); ++d) {
        SuiteDatabaseView view;
        view.label = QString::fromStdString(runs[d].label);
        view.status = statusOf(runs[d].status);
        // The one whose counterexample is shown: a later one when the first could not be shrunk.
        view.separating = separates && static_cast<int>(d) == separatingDatabaseOnScreen(result);
        view.fromSearch = runs[d].fromSearch;
        view.content = std::move(runs[d].content);
        view.goldOutcome = std::move(runs[d].goldOutcome);
        view.candidateOutcome = std::move(runs[d].candidateOutcome);
        view.comparison = std::move(runs[d].comparison);
        result.databases.push_back(std::move(view));
    }
}

void adaptCounterexample(RunResult& result, std::optional<minimize::Counterexample>& counterexample)
{
    if (!counterexample) return;
    result.counterexample = std::move(counterexample->content);
    result.counterexampleRowsBefore = counterexample->rowsBefore;
    result.counterexampleSourceRows = std::move(counterexample->sourceRows);
    result.counterexampleGold = std::move(counterexample->goldOutcome);
    result.counterexampleCandidate = std::move(counterexample->candidateOutcome);
    result.counterexampleComparison = std::move(counterexample->comparison);
    result.counterexampleMinimized = counterexample->minimized;
    result.counterexampleNote = QString::fromStdString(counterexample->note);
    result.counterexampleOutsideProfile = QString::fromStdString(counterexample->outsideProfile);
    result.counterexampleDatabase = counterexample->database;
    result.counterexampleFirstNotShrunk = QString::fromStdString(counterexample->firstNotShrunk);
    result.tablesRead = std::move(counterexample->tablesRead);
}

void adaptInspection(RunResult& result, inspect::Inspection& inspection)
{
    // Core's sentence names the suite's databases: said before the suite moves out.
    result.counterexampleOrigin = QString::fromStdString(inspect::counterexampleOrigin(inspection));
    result.distilled = std::move(inspection.distilled);
    result.check = std::move(inspection.check);
    result.suiteCheck = std::move(inspection.suiteCheck);
    result.metricDatabases = inspection.metricDatabases;
    result.testSuiteFalsePositive = inspection.testSuiteFalsePositive;
    result.suiteVerdictFromProof = inspection.suiteVerdictFromProof;
    result.conventionNote = QString::fromStdString(inspection.conventionNote);
    result.constraintNotes = std::move(inspection.constraintNotes);
    result.evidence = inspection.evidence;
    result.proof = std::move(inspection.proof);
    result.searchFoundBy = QString::fromStdString(inspection.searchFoundBy);
    result.otherProfile = std::move(inspection.otherProfile);
    result.diagnosis = std::move(inspection.diagnosis);
    result.orderMatters = inspection.orderMatters;
    result.timeLimitReached = inspection.timeLimitReached;
    result.verdictCutShort = inspection.verdictCutShort;
    result.phaseAtTimeLimit = QString::fromStdString(inspection.phaseAtTimeLimit);
    result.timeLimitSeconds = std::llround(inspection.settings.timeLimitSeconds);
    adaptCounterexample(result, inspection.counterexample);
    adaptDatabases(result, inspection.databases);
}

} // namespace

SessionJob::SessionJob(Session session, ProgressFn progress, const std::atomic<bool>* cancel)
    : m_session(std::move(session)), m_progress(std::move(progress)), m_cancel(cancel),
      m_gold(m_session.gold.toStdString()), m_candidate(m_session.candidate.toStdString())
{
}

bool SessionJob::cancelled() const { return cancelRequested(m_cancel); }

void SessionJob::report(const QString& phase, std::size_t done, std::size_t total, bool force)
{
    if (!m_progress) return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && phase == m_lastPhase && now - m_lastReport < kReportInterval) return;
    m_lastPhase = phase;
    m_lastReport = now;
    m_progress(phase, clampToInt(done), clampToInt(total));
}

inspect::CheckRequest SessionJob::checkRequest() const
{
    inspect::CheckRequest request;
    request.gold = m_gold;
    request.candidate = m_candidate;
    request.settings = checkSettings(m_session);
    request.suitesDir = QFile::encodeName(m_session.suitesDir).toStdString();
    request.runEveryDatabase = true;
    return request;
}

SessionJobOutcome SessionJob::run()
{
    const auto start = std::chrono::steady_clock::now();
    if (m_session.gold.trimmed().isEmpty()) {
        SessionJobOutcome empty{nullptr, QStringLiteral("gold: the gold query is empty"), false};
        empty.goldAtFault = true;
        return empty;
    }
    report(QStringLiteral("loading"), 0, 0, true);
    auto loaded = SchemaSourceLoader::load(m_session.schema);
    if (auto* error = std::get_if<QString>(&loaded)) return {nullptr, *error, false};
    if (cancelled()) return {nullptr, {}, true};
    auto& source = std::get<LoadedSchemaSource>(loaded);

    const inspect::CheckRequest request = checkRequest();
    const auto forward = [this](const suite::Progress& progress) {
        report(QString::fromStdString(progress.phase), progress.done, progress.total);
    };
    auto inspection = inspect::inspect(source, request, forward, m_cancel);
    if (!inspection) {
        if (inspection.error().subject == DiagnosticSubject::Suite)
            return {nullptr, QStringLiteral("prebuilt suite: %1").arg(QString::fromStdString(inspection.error().message)),
                    false};
        if (inspection.error().subject != DiagnosticSubject::Gold)
            return {nullptr, QString::fromStdString(inspection.error().message), false};
        // Diagnostics of the gold point into the text the parser saw: the postprocessed gold.
        const std::string parsedGold = exec::officialPostprocess(m_gold);
        SessionJobOutcome failure{
            nullptr, QStringLiteral("gold: %1").arg(QString::fromStdString(formatDiagnostic(parsedGold, inspection.error()))),
            false};
        failure.goldAtFault = true;
        if (const auto range = typedRange(m_session.gold, parsedGold, inspection.error().span))
            std::tie(failure.goldErrorBegin, failure.goldErrorEnd) = *range;
        return failure;
    }
    if (inspection->cancelled || cancelled()) return {nullptr, {}, true};

    auto result = std::make_shared<RunResult>();
    result->session = m_session;
    result->schema = std::move(source.schema);
    result->profileName = QString::fromStdString(std::string(fuzz::profileName(request.settings.profile)));
    result->seed = m_session.settings.seed;
    adaptInspection(*result, *inspection);
    // Without a counterexample the tables read still decide what the database view shows first.
    if (!result->counterexample) {
        result->tablesRead = minimize::tablesReadByEither(result->schema, result->check.goldUsed,
                                                          result->check.candidateUsed);
    }
    result->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return {std::move(result), {}, false};
}

} // namespace sqleq::ui
