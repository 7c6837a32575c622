// Preparing is enough: SQLite resolves every name and asks the authorizer about each
// column while it compiles the statement, before a single row is read. The statement is
// finalized unstepped, and the authorizer still refuses what a candidate may not do, so
// nothing here writes, attaches or loads anything.

#include "core/inspect/columns_read.h"

#include "core/exec/connection.h"
#include "core/exec/query_authorizer.h"
#include "core/schema/ddl_writer.h"

#include <sqlite3.h>

#include <algorithm>
#include <utility>

namespace sqleq::inspect {
namespace {

/// (table, column) pairs as the authorizer reports them, in the order it does.
using Reported = std::vector<std::pair<std::string, std::string>>;

int collectReads(void* reported, int action, const char* arg1, const char* arg2, const char*, const char*)
{
    // count(*) reports its table with an empty column name: a table read, no column.
    if (action == SQLITE_READ && arg1 != nullptr && arg2 != nullptr && *arg2 != '\0')
        static_cast<Reported*>(reported)->emplace_back(arg1, arg2);
    switch (exec::judgeAccess(action, arg1, arg2).decision) {
    case exec::AccessDecision::Allow: return SQLITE_OK;
    case exec::AccessDecision::Ignore: return SQLITE_IGNORE;
    case exec::AccessDecision::Deny: return SQLITE_DENY;
    }
    return SQLITE_DENY;
}

/// Adds what preparing `sql` on `connection` reads to `reported`; a statement that does
/// not prepare adds nothing.
void prepareReading(const exec::Connection& connection, std::string_view sql, Reported& reported)
{
    if (sql.empty()) return;
    Reported reads;
    sqlite3* db = connection.handle();
    sqlite3_set_authorizer(db, &collectReads, &reads);
    sqlite3_stmt* statement = nullptr;
    const int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(std::min<std::size_t>(sql.size(), INT32_MAX)),
                                      &statement, nullptr);
    sqlite3_finalize(statement);
    sqlite3_set_authorizer(db, nullptr, nullptr);
    if (rc == SQLITE_OK) reported.insert(reported.end(), reads.begin(), reads.end());
}

/// The reported pairs that name a schema column, in schema order, spelled as the schema does.
std::vector<ColumnRead> inSchemaOrder(const schema::Schema& schema, const Reported& reported)
{
    std::vector<ColumnRead> columns;
    for (const schema::Table& table : schema.tables)
        for (const schema::Column& column : table.columns) {
            const bool read = std::any_of(reported.begin(), reported.end(), [&](const auto& pair) {
                return schema::sameIdentifier(pair.first, table.name) && schema::sameIdentifier(pair.second, column.name);
            });
            if (read) columns.push_back({table.name, column.name});
        }
    return columns;
}

std::vector<ColumnRead> columnsRead(const schema::Schema& schema, const std::vector<std::string_view>& queries)
{
    auto connection = schema::createDatabase(schema);
    if (!connection) return {};
    Reported reported;
    for (std::string_view sql : queries) prepareReading(*connection, sql, reported);
    return inSchemaOrder(schema, reported);
}

} // namespace

std::vector<ColumnRead> columnsReadBy(const schema::Schema& schema, std::string_view sql)
{
    return columnsRead(schema, {sql});
}

std::vector<ColumnRead> columnsReadByEither(const schema::Schema& schema, std::string_view goldSql,
                                            std::string_view candidateSql)
{
    return columnsRead(schema, {goldSql, candidateSql});
}

bool readsColumn(const std::vector<ColumnRead>& columns, std::string_view table, std::string_view column)
{
    return std::any_of(columns.begin(), columns.end(), [&](const ColumnRead& read) {
        return schema::sameIdentifier(read.table, table) && schema::sameIdentifier(read.column, column);
    });
}

} // namespace sqleq::inspect
