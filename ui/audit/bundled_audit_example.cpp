// bundledAuditExample: everything is derived from text in the resources — no binary
// database is shipped: the original database is the schema script plus its INSERTs,
// and the suite is distilled with a fixed seed, so the example is reproducible.

#include "ui/audit/bundled_audit_example.h"

#include "core/base/atomic_file.h"
#include "core/dataset/spider_files.h"
#include "core/schema/ddl_loader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace sqleq::ui {
namespace {

constexpr auto kDbId = "concerts";

std::variant<QByteArray, QString> readResource(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return QStringLiteral("%1: %2").arg(path, file.errorString());
    return file.readAll();
}

/// Copies `:/examples/audit/<name>` to `dir/<name>`; empty on success, else the message.
QString copyResource(const QString& name, const QDir& dir)
{
    auto bytes = readResource(QStringLiteral(":/examples/audit/%1").arg(name));
    if (auto* error = std::get_if<QString>(&bytes)) return *error;
    const QByteArray& data = std::get<QByteArray>(bytes);
    const Status written = writeFileAtomically(dir.filePath(name).toStdString(), std::string_view(data.constData(), static_cast<std::size_t>(data.size())));
    return written ? QString() : QString::fromStdString(written.error().message);
}

/// DIR/databases/concerts/concerts.sqlite from the schema script and the example's rows.
QString writeOriginalDatabase(const QDir& dir)
{
    auto schema = readResource(QStringLiteral(":/examples/concerts/database.sql"));
    if (auto* error = std::get_if<QString>(&schema)) return *error;
    auto rows = readResource(QStringLiteral(":/examples/audit/concerts-data.sql"));
    if (auto* error = std::get_if<QString>(&rows)) return *error;
    const QByteArray script = std::get<QByteArray>(schema) + '\n' + std::get<QByteArray>(rows);
    auto loaded = schema::loadDatabaseFromDdl(script.toStdString(), kDbId);
    if (!loaded) return QString::fromStdString(loaded.error().message);
    auto bytes = loaded->connection.serialize();
    if (!bytes) return QString::fromStdString(bytes.error().message);
    const QString folder = dir.filePath(QStringLiteral("databases/%1").arg(QLatin1String(kDbId)));
    if (!QDir().mkpath(folder)) return QStringLiteral("cannot create %1").arg(folder);
    const Status written = writeFileAtomically(
        QDir(folder).filePath(QStringLiteral("%1.sqlite").arg(QLatin1String(kDbId))).toStdString(),
        std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
    return written ? QString() : QString::fromStdString(written.error().message);
}

/// DIR/suites/concerts/concerts_<n>.sqlite: one suite distilled for every gold query.
QString writeSuite(const QDir& dir, const suite::ProgressCallback& progress, const std::atomic<bool>* cancel)
{
    auto gold = dataset::readGoldFile(dir.filePath(QStringLiteral("gold.sql")).toStdString());
    if (!gold) return QString::fromStdString(gold.error().message);
    std::vector<suite::GoldItem> items;
    for (const dataset::GoldItem& item : *gold) items.push_back({item.sql, item.dbId});
    suite::DistillOptions options;
    options.seed = 0;
    options.budget = 400;
    auto batch = suite::distillBatch(items, dir.filePath(QStringLiteral("tables.json")).toStdString(), options,
                                     progress, cancel);
    if (!batch) return QString::fromStdString(batch.error().message);
    for (const suite::BatchSchemaResult& schema : *batch) {
        if (schema.error) return QString::fromStdString(schema.error->message);
        if (schema.result.cancelled) return {};
        const Status exported = suite::exportSuite(schema.result.suite, dir.filePath(QStringLiteral("suites")).toStdString());
        if (!exported) return QString::fromStdString(exported.error().message);
    }
    return {};
}

AuditBuildOutcome failure(const QString& message)
{
    AuditBuildOutcome outcome;
    outcome.error = QStringLiteral("audit example: %1").arg(message);
    return outcome;
}

} // namespace

QString bundledAuditExampleProject()
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(base).filePath(QStringLiteral("examples/audit/concerts.sqleq-audit"));
}

AuditBuildOutcome buildBundledAuditExample(const QString& projectPath, const suite::ProgressCallback& progress,
                                           const std::atomic<bool>* cancel)
{
    const QDir dir = QFileInfo(projectPath).absoluteDir();
    if (!QDir().mkpath(dir.path())) return failure(QStringLiteral("cannot create %1").arg(dir.path()));
    for (const char* name : {"gold.sql", "predictions.txt", "tables.json", "questions.tsv"})
        if (const QString error = copyResource(QLatin1String(name), dir); !error.isEmpty()) return failure(error);
    if (const QString error = writeOriginalDatabase(dir); !error.isEmpty()) return failure(error);
    if (const QString error = writeSuite(dir, progress, cancel); !error.isEmpty()) return failure(error);
    if (cancel && cancel->load()) {
        AuditBuildOutcome outcome;
        outcome.cancelled = true;
        return outcome;
    }
    AuditBuildRequest request;
    request.gold = dir.filePath(QStringLiteral("gold.sql"));
    request.predictions = dir.filePath(QStringLiteral("predictions.txt"));
    request.tables = dir.filePath(QStringLiteral("tables.json"));
    request.databases = dir.filePath(QStringLiteral("databases"));
    request.suites = dir.filePath(QStringLiteral("suites"));
    request.questions = dir.filePath(QStringLiteral("questions.tsv"));
    request.output = projectPath;
    return buildAuditProject(request, progress, cancel);
}

} // namespace sqleq::ui
