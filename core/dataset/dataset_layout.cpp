// The dataset layout's rules in one place: db_id validity, the original database's
// path, the prebuilt suite's files in test-suite-sql-eval's order, the descriptions'
// folder. Filesystem errors are caught here and become Diagnostics naming the path.
#include "core/dataset/dataset_layout.h"

#include "core/base/capped_file.h"
#include "core/schema/csv_schema_loader.h"

#include <fmt/format.h>

#include <algorithm>
#include <system_error>

namespace sqleq::dataset {
namespace fs = std::filesystem;
namespace {

Diagnostic layoutError(std::string code, std::string message)
{
    Diagnostic diagnostic;
    diagnostic.code = std::move(code);
    diagnostic.message = std::move(message);
    return diagnostic;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

/// Name order with digit runs compared as numbers ("db_2" < "db_10").
bool naturalLess(const std::string& a, const std::string& b)
{
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (isDigit(a[i]) && isDigit(b[j])) {
            std::size_t ie = i, je = j;
            while (ie < a.size() && isDigit(a[ie])) ++ie;
            while (je < b.size() && isDigit(b[je])) ++je;
            std::string_view da(a.data() + i, ie - i), db(b.data() + j, je - j);
            while (da.size() > 1 && da.front() == '0') da.remove_prefix(1);
            while (db.size() > 1 && db.front() == '0') db.remove_prefix(1);
            if (da.size() != db.size()) return da.size() < db.size();
            if (da != db) return da < db;
            i = ie;
            j = je;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    if ((a.size() - i) != (b.size() - j)) return (a.size() - i) < (b.size() - j);
    return a < b;  // equal up to leading zeros: any fixed order
}

} // namespace

Status checkDbId(std::string_view dbId)
{
    if (dbId.empty()) return layoutError("dataset.db_id", "an empty db_id names no folder");
    if (dbId.find_first_of("/\\") != std::string_view::npos || dbId == "." || dbId == "..")
        return layoutError("dataset.db_id",
                           fmt::format("'{}' is not a usable db_id for a folder name (it is '.' or '..', or holds "
                                       "'/' or '\\')",
                                       dbId));
    return {};
}

fs::path DatasetLayout::originalDatabasesFolder() const
{
    return !originalDatabases.empty() ? originalDatabases : tables.parent_path() / "database";
}

Result<fs::path> DatasetLayout::originalDatabasePath(std::string_view dbId) const
{
    if (auto usable = checkDbId(dbId); !usable) return usable.error();
    const std::string id(dbId);
    return originalDatabasesFolder() / id / (id + ".sqlite");
}

Result<exec::Bytes> DatasetLayout::readOriginal(std::string_view dbId) const
{
    auto path = originalDatabasePath(dbId);
    if (!path) return path.error();
    auto connection = exec::Connection::openReadOnly(*path);
    // The connection's message already names the file.
    if (!connection) return layoutError("dataset.original", fmt::format("no original database: {}", connection.error().message));
    auto bytes = connection->serialize();
    if (!bytes) return layoutError("dataset.original", fmt::format("{}: {}", path->string(), bytes.error().message));
    return std::move(*bytes);
}

Result<std::string> DatasetLayout::readTables() const
{
    return readFileCapped(tables, {input_limits::kTablesJson, schema::isCsvSchemaPath(tables) ? "schema CSV file"
                                                                                             : "tables.json file"});
}

Result<schema::SchemaSource> DatasetLayout::schemaSource(std::string_view dbId, const HeldFiles& held) const
{
    schema::SchemaSourceSpec spec{.kind = schema::SchemaSourceKind::SchemaFile,
                                  .path = tables,
                                  .dbId = std::string(dbId),
                                  .content = held.tables};
    // A classical schema file holds one schema and no database; a tables.json without a
    // db_id gets the opener's own message.
    if (schema::isCsvSchemaPath(tables) || dbId.empty()) return schema::openSchemaSource(spec);
    auto path = originalDatabasePath(dbId);
    if (!path) return path.error();
    spec.original = *path;
    spec.originalContent = held.original;
    std::error_code ec;
    // Held text stands for a file that may not be where `tables` says: only a folder
    // named outright is searched beside it.
    const bool search = !held.tables || !originalDatabases.empty();
    if (!spec.originalContent && (!search || !fs::exists(*path, ec))) spec.original.clear();
    return schema::openSchemaSource(spec);
}

bool DatasetLayout::hasSuite(std::string_view dbId) const
{
    std::error_code ec;
    return !suites.empty() && checkDbId(dbId).ok() && fs::is_directory(suites / std::string(dbId), ec);
}

Result<std::vector<fs::path>> DatasetLayout::suiteFiles(std::string_view dbId) const
{
    if (auto usable = checkDbId(dbId); !usable) return usable.error();
    const fs::path folder = suites / std::string(dbId);
    const auto importError = [&folder](std::string_view what) {
        return layoutError("suite.import", fmt::format("{}: {}", folder.string(), what));
    };
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) return importError("no such suite folder");
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.find(".sqlite") != std::string::npos && entry.is_regular_file(ec)) names.push_back(name);
    }
    if (ec) return importError(ec.message());
    if (names.empty()) return importError("no .sqlite file in the suite folder");
    std::sort(names.begin(), names.end(), naturalLess);
    std::vector<fs::path> files;
    files.reserve(names.size());
    for (const std::string& name : names) files.push_back(folder / name);
    return files;
}

std::optional<fs::path> DatasetLayout::descriptionFolder(std::string_view dbId) const
{
    if (!checkDbId(dbId)) return std::nullopt;
    const fs::path root = !descriptions.empty() ? descriptions : tables.parent_path() / "database_description";
    const fs::path folder = root / std::string(dbId);
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) return std::nullopt;
    return folder;
}

Result<ColumnDescriptions> DatasetLayout::readDescriptions(std::string_view dbId) const
{
    const auto folder = descriptionFolder(dbId);
    if (!folder) return ColumnDescriptions{};
    return readColumnDescriptions(*folder);
}

Status DatasetLayout::requireFolder(const fs::path& folder, std::string_view role)
{
    std::error_code ec;
    if (fs::is_directory(folder, ec)) return {};
    return layoutError("dataset.folder", fmt::format("{}: the {} directory does not exist", folder.string(), role));
}

} // namespace sqleq::dataset
