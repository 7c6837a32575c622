// buildAuditProject: the order is cheap checks first (output free, files readable),
// then the long evaluation, then one store transaction — so a mistyped path fails in
// a second, not after the batch.

#include "ui/audit/audit_build.h"

#include "core/audit/audit.h"
#include "core/dataset/questions_file.h"
#include "core/evaluation/evaluation.h"

#include <QFileInfo>

#include <map>
#include <variant>

namespace sqleq::ui {
namespace {

QString fromStd(const std::string& text) { return QString::fromStdString(text); }

AuditBuildOutcome failure(const QString& message)
{
    AuditBuildOutcome outcome;
    outcome.error = message;
    return outcome;
}

/// Questions by item index, or a message naming the file and line.
std::variant<std::map<std::size_t, std::string>, QString> readQuestions(const QString& path)
{
    std::map<std::size_t, std::string> byIndex;
    if (path.isEmpty()) return byIndex;
    auto questions = dataset::readQuestionsFile(path.toStdString());
    if (!questions) return fromStd(questions.error().message);
    for (dataset::Question& question : *questions) byIndex[question.index] = std::move(question.text);
    return byIndex;
}

} // namespace

AuditBuildOutcome buildAuditProject(const AuditBuildRequest& request, const suite::ProgressCallback& progress,
                                    const std::atomic<bool>* cancel)
{
    if (request.output.isEmpty()) return failure(QStringLiteral("no project file given"));
    if (QFileInfo::exists(request.output))
        return failure(QStringLiteral("%1 already exists; choose a new file name").arg(request.output));
    if (request.tables.isEmpty()) return failure(QStringLiteral("no tables.json given"));

    auto inputs = evaluation::readSubmission(request.gold.toStdString(), request.predictions.toStdString());
    if (!inputs) return failure(fromStd(inputs.error().message));
    auto questions = readQuestions(request.questions);
    if (auto* error = std::get_if<QString>(&questions)) return failure(*error);
    inputs->tables = request.tables.toStdString();
    inputs->originalDatabases = request.databases.toStdString();
    inputs->suites = request.suites.toStdString();

    evaluation::EvaluationOptions options;
    options.check.plugValue = request.plugValue;
    options.check.keepDistinct = request.keepDistinct;
    auto evaluated = evaluation::evaluateSubmission(*inputs, options, progress, cancel);
    if (!evaluated) return failure(fromStd(evaluated.error().message));
    AuditBuildOutcome outcome;
    if (evaluated->cancelled || (cancel && cancel->load())) {
        outcome.cancelled = true;
        return outcome;
    }

    const auto& byIndex = std::get<std::map<std::size_t, std::string>>(questions);
    std::vector<audit::AuditItem> items;
    items.reserve(evaluated->items.size());
    for (evaluation::ItemMetrics& metrics : evaluated->items) {
        if (metrics.index >= inputs->gold.size()) continue;  // evaluateSubmission keeps indices in range
        audit::AuditItem item;
        item.index = metrics.index;
        item.dbId = metrics.dbId;
        if (const auto found = byIndex.find(metrics.index); found != byIndex.end()) item.question = found->second;
        item.gold = inputs->gold[metrics.index].sql;
        item.prediction = inputs->predictions[metrics.index];
        outcome.disagreeing += evaluation::metricsDisagree(metrics);
        item.metrics = std::move(metrics);
        items.push_back(std::move(item));
    }
    audit::ProjectSources sources;
    sources.gold = request.gold.toStdString();
    sources.predictions = request.predictions.toStdString();
    sources.tables = request.tables.toStdString();
    sources.originalDatabases = request.databases.toStdString();
    sources.suites = request.suites.toStdString();
    sources.questions = request.questions.toStdString();
    sources.plugValue = request.plugValue;
    sources.keepDistinct = request.keepDistinct;
    auto store = audit::AnnotationStore::create(request.output.toStdString(), sources, items);
    if (!store) return failure(fromStd(store.error().message));
    outcome.path = request.output;
    outcome.items = items.size();
    outcome.seconds = evaluated->seconds;
    return outcome;
}

} // namespace sqleq::ui
