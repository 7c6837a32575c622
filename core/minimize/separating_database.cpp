// From a serialized separating database to its minimal counterexample.

#include "core/minimize/separating_database.h"

#include "core/minimize/counterexample.h"
#include "core/schema/database_content.h"
#include "core/sql/sql.h"

#include <algorithm>

namespace sqleq::minimize {

std::vector<std::string> tablesReadBy(std::string_view sql)
{
    std::vector<std::string> tables;
    const auto parsed = sql::parse(sql);
    if (!parsed.ok()) return tables;
    sql::walk(*parsed.statement, [&](const sql::Node& node) {
        if (const auto* table = node.tryAs<sql::TableRef>()) {
            const auto seen = std::find_if(tables.begin(), tables.end(), [&](const std::string& name) {
                return schema::sameIdentifier(name, table->name.name);
            });
            if (seen == tables.end()) tables.push_back(table->name.name);
        }
        return true;
    });
    return tables;
}

std::vector<std::string> tablesReadByEither(const schema::Schema& schema, std::string_view goldSql,
                                            std::string_view candidateSql)
{
    std::vector<std::string> read = tablesReadBy(goldSql);
    for (auto& table : tablesReadBy(candidateSql)) read.push_back(std::move(table));
    std::vector<std::string> inSchemaOrder;
    for (const auto& table : schema.tables) {
        const bool isRead = std::any_of(read.begin(), read.end(), [&](const std::string& name) {
            return schema::sameIdentifier(name, table.name);
        });
        if (isRead) inSchemaOrder.push_back(table.name);
    }
    return inSchemaOrder;
}

Result<MinimizeResult> minimizeSeparatingDatabase(const exec::Bytes& database, const SeparationCase& separation)
{
    auto connection = exec::Connection::deserializeCopy(database);
    if (!connection) return connection.error();
    auto content = schema::readContent(*connection, *separation.schema);
    if (!content) return content.error();

    MinimizeRequest request;
    request.schema = separation.schema;
    request.keySchema = separation.keySchema;
    request.goldSql = separation.goldSql;
    request.candidateSql = separation.candidateSql;
    request.orderMatters = separation.orderMatters;
    request.limits = separation.limits;
    request.cancel = separation.cancel;
    if (separation.keepTablesNonEmpty) {
        for (const auto& table : separation.schema->tables) request.nonEmptyTables.push_back(table.name);
        // An imported or original database may already hold an empty table; it stays allowed.
        std::erase_if(request.nonEmptyTables, [&](const std::string& table) {
            const auto* rows = content->find(table);
            return rows == nullptr || rows->rows.empty();
        });
    }
    return minimizeCounterexample(*content, request);
}

} // namespace sqleq::minimize
