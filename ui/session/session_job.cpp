// The pipeline of one inspection, step by step as sqleq-cli `check` runs it
// (app/cli/check_command.cpp, counterexample_report.cpp), plus what only the GUI
// needs: every suite database read back and both queries' outcomes on each, and the
// databases of a prebuilt suite (an audit project's) appended to the distilled ones.

#include "ui/session/session_job.h"

#include "core/compare/compare.h"
#include "core/exec/executor.h"
#include "core/exec/spider_compat.h"
#include "core/fuzz/sampler.h"
#include "core/minimize/counterexample.h"
#include "ui/session/schema_source_loader.h"

#include <QDir>
#include <QFileInfo>

namespace sqleq::ui {
namespace {

// The GUI cannot show more than ~20 updates a second; more only floods its event queue.
constexpr auto kReportInterval = std::chrono::milliseconds(50);

int clampToInt(std::size_t value) { return static_cast<int>(std::min<std::size_t>(value, INT32_MAX)); }

DatabaseStatus statusOf(const exec::QueryOutcome& gold, const exec::QueryOutcome& candidate,
                        const compare::Comparison& comparison)
{
    if (!gold.ok()) return DatabaseStatus::GoldError;
    if (!candidate.ok()) return DatabaseStatus::CandidateError;
    return comparison.same() ? DatabaseStatus::Same : DatabaseStatus::Different;
}

} // namespace

SessionJob::SessionJob(Session session, ProgressFn progress, const std::atomic<bool>* cancel)
    : m_session(std::move(session)), m_progress(std::move(progress)), m_cancel(cancel),
      m_gold(m_session.gold.toStdString()), m_candidate(m_session.candidate.toStdString())
{
}

bool SessionJob::cancelled() const { return m_cancel != nullptr && m_cancel->load(std::memory_order_relaxed); }

void SessionJob::report(const QString& phase, std::size_t done, std::size_t total, bool force)
{
    if (!m_progress) return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && phase == m_lastPhase && now - m_lastReport < kReportInterval) return;
    m_lastPhase = phase;
    m_lastReport = now;
    m_progress(phase, clampToInt(done), clampToInt(total));
}

exec::ExecLimits SessionJob::limits() const
{
    exec::ExecLimits limits = exec::limitsForIdleBudget(m_session.settings.timeoutMs);
    limits.cancel = m_cancel;
    return limits;
}

SessionJobOutcome SessionJob::run()
{
    const auto start = std::chrono::steady_clock::now();
    if (m_session.gold.trimmed().isEmpty()) return {nullptr, QStringLiteral("gold: the gold query is empty"), false};
    report(QStringLiteral("loading"), 0, 0, true);
    auto loaded = SchemaSourceLoader::load(m_session.schema);
    if (auto* error = std::get_if<QString>(&loaded)) return {nullptr, *error, false};
    if (cancelled()) return {nullptr, {}, true};

    auto result = std::make_shared<RunResult>();
    result->session = m_session;
    result->schema = std::move(std::get<LoadedSchemaSource>(loaded).schema);
    result->profileName = m_session.settings.strictProfile ? QStringLiteral("strict") : QStringLiteral("spider");
    result->seed = m_session.settings.seed;
    if (QString error = distillSuite(*result, std::get<LoadedSchemaSource>(loaded).original); !error.isEmpty())
        return {nullptr, error, false};
    if (cancelled()) return {nullptr, {}, true};
    if (QString error = appendPrebuiltSuite(*result); !error.isEmpty()) return {nullptr, error, false};

    suite::CheckOptions check;
    check.plugValue = m_session.settings.plugValue;
    check.keepDistinct = m_session.settings.keepDistinct;
    check.limits = limits();
    report(QStringLiteral("checking"), 0, result->distilled.suite.databases.size(), true);
    result->check = suite::checkCandidate(m_gold, m_candidate, result->distilled.suite, check, m_cancel);
    if (result->check.cancelled || cancelled()) return {nullptr, {}, true};

    viewDatabases(*result);
    if (cancelled()) return {nullptr, {}, true};
    buildCounterexample(*result);
    if (cancelled()) return {nullptr, {}, true};
    result->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return {std::move(result), {}, false};
}

QString SessionJob::distillSuite(RunResult& result, const std::optional<exec::Bytes>& original)
{
    const auto& settings = m_session.settings;
    suite::DistillOptions options;
    options.profile = settings.strictProfile ? fuzz::Profile::Strict : fuzz::Profile::Spider;
    options.seed = settings.seed;
    options.budget = static_cast<std::size_t>(std::max(settings.budget, 0));
    options.keepDistinct = settings.keepDistinct;
    const exec::ExecLimits idle = exec::limitsForIdleBudget(settings.timeoutMs);
    options.limits.maxSteps = idle.maxSteps;
    options.limits.wallClockLimitMs = idle.wallClockLimitMs;
    options.limits.cancel = m_cancel;
    options.original = original;
    const auto forward = [this](const suite::Progress& progress) {
        report(QString::fromStdString(progress.phase), progress.done, progress.total);
    };
    auto distilled = suite::distill(result.schema, {m_gold}, options, forward, m_cancel);
    // Diagnostics of the gold point into the text the parser saw: the postprocessed gold.
    const std::string parsedGold = exec::officialPostprocess(m_gold);
    if (!distilled) return QStringLiteral("gold: %1").arg(QString::fromStdString(formatDiagnostic(parsedGold, distilled.error())));
    if (const auto& error = distilled->golds.front().error)
        return QStringLiteral("gold: %1").arg(QString::fromStdString(formatDiagnostic(parsedGold, *error)));
    result.orderMatters = distilled->golds.front().orderMatters;
    result.distilled = std::move(*distilled);
    return {};
}

QString SessionJob::appendPrebuiltSuite(RunResult& result)
{
    if (m_session.suitesDir.isEmpty()) return {};
    // A Spider tables.json names the schema by db_id; an original database lives at
    // DIR/<db_id>/<db_id>.sqlite, so its file name is the db_id.
    const SchemaSourceRef& source = m_session.schema;
    const QString dbId = !source.dbId.isEmpty() ? source.dbId : QFileInfo(source.path).completeBaseName();
    // Like the evaluation, which leaves the metric unset for a db_id without a suite.
    if (!QFileInfo(QDir(m_session.suitesDir).filePath(dbId)).isDir()) return {};
    report(QStringLiteral("loading suite"), 0, 0, true);
    auto imported = suite::importSuite(m_session.suitesDir.toStdString(), dbId.toStdString());
    if (!imported) return QStringLiteral("prebuilt suite: %1").arg(QString::fromStdString(imported.error().message));
    // Appended after the distilled databases: the neighbors' distinguishing indices stay
    // valid, and the prebuilt database that separates the pair is still found by the check.
    auto& databases = result.distilled.suite.databases;
    for (auto& database : imported->databases) databases.push_back(std::move(database));
    return {};
}

void SessionJob::viewDatabases(RunResult& result)
{
    const schema::Schema readable = fuzz::materializableSchema(result.schema);
    const auto& databases = result.distilled.suite.databases;
    const exec::ExecLimits queryLimits = limits();
    // A gold_error verdict also names a database: the one where the gold fails.
    const bool separates = result.check.verdict == suite::VerdictKind::Different
        || result.check.verdict == suite::VerdictKind::CandidateError;
    result.databases.reserve(databases.size());
    for (std::size_t d = 0; d < databases.size(); ++d) {
        if (cancelled()) return;
        report(QStringLiteral("checking"), d, databases.size());
        SuiteDatabaseView view;
        view.label = QString::fromStdString(databases[d].label);
        view.separating = separates && static_cast<int>(d) == result.check.separatingDatabase;
        auto connection = exec::Connection::deserializeCopy(databases[d].bytes);
        if (!connection) {
            view.goldOutcome.error = connection.error();
            view.status = DatabaseStatus::GoldError;
            result.databases.push_back(std::move(view));
            continue;
        }
        if (auto content = schema::readContent(*connection, readable)) view.content = std::move(*content);
        // The texts as the checker ran them (postprocessed, DISTINCT handled, plugged variant).
        view.goldOutcome = exec::runQuery(*connection, result.check.goldUsed, queryLimits);
        view.candidateOutcome = exec::runQuery(*connection, result.check.candidateUsed, queryLimits);
        view.comparison = compare::compareOutcomes(view.goldOutcome, view.candidateOutcome, result.orderMatters);
        view.status = statusOf(view.goldOutcome, view.candidateOutcome, view.comparison);
        result.databases.push_back(std::move(view));
    }
}

void SessionJob::buildCounterexample(RunResult& result)
{
    if (result.check.verdict != suite::VerdictKind::Different) return;
    report(QStringLiteral("minimizing"), 0, 0, true);
    auto counterexample = minimize::buildCounterexample(result.schema, result.distilled.suite, result.check,
                                                        !m_session.settings.strictProfile, limits(), m_cancel);
    if (!counterexample) return;
    result.counterexample = std::move(counterexample->content);
    result.counterexampleRowsBefore = counterexample->rowsBefore;
    result.counterexampleGold = std::move(counterexample->goldOutcome);
    result.counterexampleCandidate = std::move(counterexample->candidateOutcome);
    result.counterexampleComparison = std::move(counterexample->comparison);
    result.counterexampleMinimized = counterexample->minimized;
    result.counterexampleNote = QString::fromStdString(counterexample->note);
}

} // namespace sqleq::ui
