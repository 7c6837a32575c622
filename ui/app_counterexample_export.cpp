// CounterexampleExport: the database file goes through schema::materialize, the same
// path every sampled database takes, so an exported file satisfies the schema exactly as
// the one the queries were run on.

#include "ui/app_counterexample_export.h"

#include "ui/models/database_naming.h"

#include "core/base/atomic_file.h"
#include "core/schema/ddl_writer.h"

#include <QObject>

#include <fmt/format.h>

#include <cmath>

namespace sqleq::ui {

std::optional<schema::DatabaseContent> CounterexampleExport::contentOf(const RunResult& result)
{
    if (result.counterexample) return result.counterexample;
    for (const SuiteDatabaseView& database : result.databases)
        if (database.separating) return database.content;
    return std::nullopt;
}

std::string CounterexampleExport::sqlLiteral(const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Null: return "NULL";
    case exec::ValueType::Integer: return std::to_string(value.asInteger());
    case exec::ValueType::Real: {
        const double real = value.asReal();
        if (std::isnan(real)) return "NULL";  // SQLite stores NaN as NULL anyway
        if (std::isinf(real)) return real > 0 ? "9e999" : "-9e999";
        std::string text = fmt::format("{:.17g}", real);
        if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
        return text;
    }
    case exec::ValueType::Text: {
        std::string out = "'";
        for (char c : value.asText()) {
            if (c == '\'') out += '\'';
            out += c;
        }
        return out + "'";
    }
    case exec::ValueType::Blob: {
        std::string out = "X'";
        for (unsigned char byte : value.asBlob()) out += fmt::format("{:02X}", byte);
        return out + "'";
    }
    }
    return "NULL";
}

QString CounterexampleExport::sqlScript(const RunResult& result)
{
    const std::optional<schema::DatabaseContent> content = contentOf(result);
    if (!content) return {};
    std::string script = fmt::format("-- Counterexample for schema {} ({} row{}) from database {}, exported by sqleq.\n",
                                     result.schema.name, content->rowCount(), content->rowCount() == 1 ? "" : "s",
                                     separatingDatabaseOnScreenName(result).toStdString());
    // Said where the file goes too: a reader re-checking it by hand should know it is
    // not the first database that separated the pair, and why.
    if (!result.counterexampleOrigin.isEmpty())
        script += fmt::format("-- {}.\n", result.counterexampleOrigin.simplified().toStdString());
    script += "BEGIN;\n" + schema::toDdl(result.schema);
    // materialize() inserts in content order with keys enforced, so that order is safe.
    for (const schema::TableRows& table : content->tables) {
        const schema::Table* definition = result.schema.findTable(table.table);
        std::string columns;
        if (definition != nullptr) {
            for (const schema::Column& column : definition->columns)
                columns += (columns.empty() ? "" : ", ") + schema::quoteIdentifier(column.name);
        }
        for (const exec::Row& row : table.rows) {
            std::string values;
            for (const exec::Value& value : row) values += (values.empty() ? "" : ", ") + sqlLiteral(value);
            script += fmt::format("INSERT INTO {}{} VALUES ({});\n", schema::quoteIdentifier(table.table),
                                  columns.empty() ? "" : " (" + columns + ")", values);
        }
    }
    script += "COMMIT;\n";
    return QString::fromStdString(script);
}

bool CounterexampleExport::writeSqlite(const RunResult& result, const QString& path, QString* error)
{
    const auto fail = [error](const std::string& message) {
        if (error != nullptr) *error = QString::fromStdString(message);
        return false;
    };
    const std::optional<schema::DatabaseContent> content = contentOf(result);
    if (!content) return fail("the run has no separating database to export");
    Result<exec::Connection> database = schema::materialize(result.schema, *content);
    if (!database) return fail(database.error().message);
    Result<exec::Bytes> bytes = database->serialize();
    if (!bytes) return fail(bytes.error().message);
    const std::string_view view(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    const Status written = writeFileAtomically(path.toStdString(), view);
    if (!written) return fail(written.error().message);
    return true;
}

bool CounterexampleExport::writeSqlScript(const RunResult& result, const QString& path, QString* error)
{
    const QString script = sqlScript(result);
    if (script.isEmpty()) {
        if (error != nullptr) *error = QObject::tr("the run has no separating database to export");
        return false;
    }
    const QByteArray utf8 = script.toUtf8();
    const Status written = writeFileAtomically(path.toStdString(), std::string_view(utf8.constData(), utf8.size()));
    if (!written) {
        if (error != nullptr) *error = QString::fromStdString(written.error().message);
        return false;
    }
    return true;
}

} // namespace sqleq::ui
