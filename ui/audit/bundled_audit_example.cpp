// bundledAuditExample: everything is derived from text in the resources — no binary
// database is shipped: the original database is the schema script plus its INSERTs,
// and the suite is distilled by the audit build itself (the original database tried
// first) with a fixed seed, so the example is reproducible.

#include "ui/audit/bundled_audit_example.h"

#include "core/base/atomic_file.h"
#include "core/schema/ddl_loader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace sqleq::ui {
namespace {

constexpr auto kDbId = "concerts";
/// Databases sampled at most for the example's suite, stored with its settings.
constexpr std::size_t kExampleSamplingBudget = 400;

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
    // Suites left by an earlier build of the example belong to no project any more (the
    // project is being rebuilt because it is gone): the build distills them afresh, and
    // refuses a folder that exists.
    if (QDir suites(suitesDirectoryFor(projectPath)); suites.exists() && !QFileInfo::exists(projectPath)
                                                      && !suites.removeRecursively())
        return failure(QStringLiteral("cannot remove %1").arg(suites.path()));
    AuditBuildRequest request;
    request.gold = dir.filePath(QStringLiteral("gold.sql"));
    request.predictions = dir.filePath(QStringLiteral("predictions.txt"));
    request.tables = dir.filePath(QStringLiteral("tables.json"));
    request.databases = dir.filePath(QStringLiteral("databases"));
    // No suites given: the build distills them as every audit build does (suitesDirectoryFor),
    // the original database tried first; a smaller sampling budget keeps the first start quick.
    request.settings.samplingBudget = kExampleSamplingBudget;
    request.questions = dir.filePath(QStringLiteral("questions.tsv"));
    request.output = projectPath;
    return buildAuditProject(request, progress, cancel);
}

} // namespace sqleq::ui
