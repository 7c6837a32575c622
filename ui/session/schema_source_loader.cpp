// Mirrors sqleq-cli's database source (app/cli/database_source.cpp) for the GUI, with
// Qt resource paths read through QFile: a resource .sqlite is copied into memory, a
// resource DDL is run from its text. Files on disk are read under core's size caps.

#include "ui/session/schema_source_loader.h"

#include "core/base/capped_file.h"
#include "core/schema/csv_schema_loader.h"
#include "core/schema/ddl_loader.h"
#include "core/schema/schema_source.h"
#include "core/schema/spider_tables.h"

#include <QFile>
#include <QFileInfo>

namespace sqleq::ui {
namespace {

QString fromStd(const std::string& text) { return QString::fromStdString(text); }

/// The whole file, or a message naming it (missing files say so plainly). Resources
/// (":/...") are built in; any other path is read under `limit`.
std::variant<QByteArray, QString> readWholeFile(const QString& path, const QString& what, const FileLimit& limit)
{
    if (path.isEmpty()) return QStringLiteral("no %1 file given").arg(what);
    QFile file(path);
    if (!file.exists()) return QStringLiteral("%1 file not found: %2").arg(what, path);
    if (!path.startsWith(QLatin1Char(':'))) {
        auto text = readFileCapped(std::filesystem::path(QFile::encodeName(path).toStdString()), limit);
        if (!text) return fromStd(text.error().message);
        return QByteArray(text->data(), static_cast<qsizetype>(text->size()));
    }
    if (!file.open(QIODevice::ReadOnly)) return QStringLiteral("%1 file %2: %3").arg(what, path, file.errorString());
    return file.readAll();
}

std::string stemOf(const QString& path) { return QFileInfo(path).completeBaseName().toStdString(); }

} // namespace

std::variant<LoadedSchemaSource, QString> SchemaSourceLoader::load(const SchemaSourceRef& source)
{
    switch (source.kind) {
    case SchemaSourceKind::SqliteFile: return loadSqlite(source);
    case SchemaSourceKind::DdlFile: return loadDdl(source);
    case SchemaSourceKind::SpiderTables: return loadTables(source);
    }
    return QStringLiteral("unknown schema source kind");
}

std::variant<LoadedSchemaSource, QString> SchemaSourceLoader::loadSqlite(const SchemaSourceRef& source)
{
    if (!source.path.startsWith(QLatin1Char(':'))) {
        if (!QFileInfo::exists(source.path)) return QStringLiteral("database file not found: %1").arg(source.path);
        auto connection = exec::Connection::openReadOnly(source.path.toStdString());
        if (!connection) return fromStd(connection.error().message);
        return fromConnection(*connection, source.path);
    }
    // Resources are not files SQLite can open: deserialize a copy of their bytes.
    auto bytes = readWholeFile(source.path, QStringLiteral("database"), {});
    if (auto* error = std::get_if<QString>(&bytes)) return *error;
    const QByteArray& data = std::get<QByteArray>(bytes);
    const exec::Bytes copy(data.begin(), data.end());
    auto connection = exec::Connection::deserializeCopy(copy);
    if (!connection) return QStringLiteral("%1: %2").arg(source.path, fromStd(connection.error().message));
    return fromConnection(*connection, source.path);
}

std::variant<LoadedSchemaSource, QString> SchemaSourceLoader::loadDdl(const SchemaSourceRef& source)
{
    auto bytes = readWholeFile(source.path, QStringLiteral("DDL"), {input_limits::kDdl, "DDL file"});
    if (auto* error = std::get_if<QString>(&bytes)) return *error;
    const std::string text = std::get<QByteArray>(bytes).toStdString();
    auto loaded = schema::loadDatabaseFromDdl(text, stemOf(source.path));
    if (!loaded) return QStringLiteral("%1: %2").arg(source.path, fromStd(formatDiagnostic(text, loaded.error())));
    return fromConnection(loaded->connection, source.path);
}

std::variant<LoadedSchemaSource, QString> SchemaSourceLoader::loadTables(const SchemaSourceRef& source)
{
    // A classical NAME-schema.csv is a schema file holding one schema (its foreign keys
    // by the name rule: no golds to read joins from).
    if (schema::isCsvSchemaPath(source.path.toStdString())) {
        auto bytes = readWholeFile(source.path, QStringLiteral("schema CSV"), {input_limits::kTablesJson, "schema CSV file"});
        if (auto* error = std::get_if<QString>(&bytes)) return *error;
        const std::string text = std::get<QByteArray>(bytes).toStdString();
        auto parsed = schema::parseCsvSchema(text, schema::csvSchemaName(source.path.toStdString()), source.path.toStdString());
        if (!parsed) return fromStd(parsed.error().message);
        return LoadedSchemaSource{std::move(*parsed), std::nullopt};
    }
    auto bytes = readWholeFile(source.path, QStringLiteral("tables.json"), {input_limits::kTablesJson, "tables.json file"});
    if (auto* error = std::get_if<QString>(&bytes)) return *error;
    const std::string text = std::get<QByteArray>(bytes).toStdString();
    auto parsed = schema::parseSpiderSchema(text, source.dbId.toStdString(), source.path.toStdString());
    if (!parsed) return fromStd(parsed.error().message);
    return LoadedSchemaSource{std::move(*parsed), std::nullopt};
}

std::variant<LoadedSchemaSource, QString> SchemaSourceLoader::fromConnection(const exec::Connection& connection,
                                                                             const QString& path)
{
    auto source = schema::schemaSourceFromDatabase(connection, stemOf(path));
    if (!source) return QStringLiteral("%1: %2").arg(path, fromStd(source.error().message));
    return std::move(*source);
}

} // namespace sqleq::ui
