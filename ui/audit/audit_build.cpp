// buildAuditProject: the dialog's own checks (every required field given), then
// core's audit::buildProject, which CLI `audit new` runs too (with --distill-suites
// when it distills the suites as the GUI does).

#include "ui/audit/audit_build.h"
#include "ui/core_text.h"

#include "core/audit/audit.h"
#include "core/evaluation/evaluation.h"

#include <QDir>
#include <QFileInfo>

namespace sqleq::ui {
namespace {

AuditBuildOutcome failure(const QString& message)
{
    AuditBuildOutcome outcome;
    outcome.error = message;
    return outcome;
}

} // namespace

QString suitesDirectoryFor(const QString& projectPath)
{
    const QFileInfo project(projectPath);
    return project.absoluteDir().filePath(project.completeBaseName() + QStringLiteral("-suites"));
}

AuditBuildOutcome buildAuditProject(const AuditBuildRequest& request, const suite::ProgressCallback& progress,
                                    const std::atomic<bool>* cancel)
{
    if (request.output.isEmpty()) return failure(QStringLiteral("no project file given"));
    if (request.tables.isEmpty()) return failure(QStringLiteral("no tables.json given"));

    const audit::ProjectSources sources{.gold = request.gold.toStdString(),
                                        .predictions = request.predictions.toStdString(),
                                        .tables = request.tables.toStdString(),
                                        .originalDatabases = request.databases.toStdString(),
                                        .suites = request.suites.toStdString(),
                                        .questions = request.questions.toStdString(),
                                        .settings = request.settings};
    audit::SuiteDistillation distillation;
    if (request.suites.isEmpty() && request.distillSuites)
        distillation.into = suitesDirectoryFor(request.output).toStdString();
    auto build = audit::buildProject(request.output.toStdString(), sources, 0, progress, cancel, distillation);
    if (!build) return failure(fromStd(build.error().message));
    AuditBuildOutcome outcome;
    if (!build->store) {
        outcome.cancelled = true;
        return outcome;
    }
    for (const evaluation::ItemMetrics& metrics : build->evaluation.items)
        outcome.disagreeing += evaluation::metricsDisagree(metrics);
    outcome.items = build->evaluation.items.size();
    outcome.seconds = build->evaluation.seconds;
    outcome.distillSeconds = build->distillSeconds;
    outcome.path = request.output;
    outcome.distilledSuites = fromStd(build->distilledSuites);
    return outcome;
}

} // namespace sqleq::ui
