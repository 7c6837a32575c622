// DDL → in-memory database → introspection. The only text handling is blanking
// out statements that create sqlite_sequence, keeping every other byte offset
// (and so every error span) unchanged.
#include "core/schema/ddl_loader.h"

#include "core/base/capped_file.h"
#include "core/exec/sql_text.h"
#include "core/schema/create_sql_scan.h"
#include "core/schema/schema_introspector.h"

#include <fmt/format.h>

#include <regex>

namespace sqleq::schema {

namespace {

bool createsSqliteSequence(std::string_view statement)
{
    static const std::regex kPattern(
        R"(^CREATE\s+TABLE\s+(IF\s+NOT\s+EXISTS\s+)?(["`\[]?main["`\]]?\s*\.\s*)?["`\[]?sqlite_sequence["`\]]?\s*\()",
        std::regex::icase | std::regex::ECMAScript);
    const std::string head(statement.substr(0, 200));
    return std::regex_search(head, kPattern, std::regex_constants::match_continuous);
}

/// `ddl` with every CREATE TABLE sqlite_sequence statement replaced by spaces.
std::string withoutSqliteSequence(std::string_view ddl)
{
    std::string out(ddl);
    std::size_t pos = 0;
    while (pos < out.size()) {
        const std::size_t start = exec::skipBlank(out, pos, true);
        if (start >= out.size()) break;
        const std::size_t end = findStatementEnd(out, start);
        if (createsSqliteSequence(std::string_view(out).substr(start, end - start)))
            std::fill(out.begin() + static_cast<std::ptrdiff_t>(start),
                      out.begin() + static_cast<std::ptrdiff_t>(std::min(end + 1, out.size())), ' ');
        pos = end + 1;
    }
    return out;
}

} // namespace

Result<DdlDatabase> loadDatabaseFromDdl(std::string_view ddl, std::string name)
{
    auto conn = exec::Connection::openMemory();
    if (!conn) return conn.error();
    if (const Status st = conn->executeScript(withoutSqliteSequence(ddl)); !st) {
        Diagnostic error = st.error();
        error.code = "schema.ddl";
        error.message = fmt::format("DDL \"{}\": {}", name, error.message);
        return error;
    }
    auto schema = introspectSchema(*conn, std::move(name));
    if (!schema) return schema.error();
    return DdlDatabase{std::move(schema).value(), std::move(conn).value()};
}

Result<Schema> loadSchemaFromDdl(std::string_view ddl, std::string name)
{
    auto db = loadDatabaseFromDdl(ddl, std::move(name));
    if (!db) return db.error();
    return std::move(db->schema);
}

Result<DdlDatabase> loadDatabaseFromDdlFile(const std::filesystem::path& path)
{
    auto read = readFileCapped(path, {input_limits::kDdl, "DDL file"});
    if (!read) {
        Diagnostic error = read.error();
        if (error.code != "io.too_large") error.code = "schema.ddl";
        return error;
    }
    const std::string& text = *read;
    auto db = loadDatabaseFromDdl(text, path.stem().string());
    if (!db) {
        Diagnostic error = db.error();
        error.message = fmt::format("{} (in \"{}\")", error.message, path.string());
        return error;
    }
    return db;
}

} // namespace sqleq::schema
