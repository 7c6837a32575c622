// Writing tables.json entries from Schemas.

#include "core/schema/spider_tables_writer.h"

#include <nlohmann/json.hpp>

namespace sqleq::schema {
namespace {

using json = nlohmann::json;

/// Index of `column` of `table` in column_names_original (entry 0 is `*`); -1 when absent.
int64_t columnIndex(const Schema& schema, std::string_view table, std::string_view column)
{
    int64_t index = 1;
    for (const Table& t : schema.tables) {
        for (const Column& c : t.columns) {
            if (sameIdentifier(t.name, table) && sameIdentifier(c.name, column)) return index;
            ++index;
        }
    }
    return -1;
}

json entryFor(const Schema& schema)
{
    json tables = json::array();
    json columns = json::array({json::array({-1, "*"})});
    json types = json::array({"text"});
    json primaryKeys = json::array();
    json foreignKeys = json::array();
    for (std::size_t t = 0; t < schema.tables.size(); ++t) {
        const Table& table = schema.tables[t];
        tables.push_back(table.name);
        for (const Column& column : table.columns) {
            columns.push_back(json::array({static_cast<int64_t>(t), column.name}));
            types.push_back(std::string(logicalTypeName(column.logicalType)));
        }
        json key = json::array();
        for (const std::string& part : table.primaryKey) key.push_back(columnIndex(schema, table.name, part));
        if (key.size() == 1) primaryKeys.push_back(key.front());
        else if (!key.empty()) primaryKeys.push_back(std::move(key));
    }
    for (const Table& table : schema.tables)
        for (const ForeignKey& key : table.foreignKeys)
            for (std::size_t k = 0; k < key.columns.size() && k < key.referencedColumns.size(); ++k) {
                const int64_t child = columnIndex(schema, table.name, key.columns[k]);
                const int64_t parent = columnIndex(schema, key.referencedTable, key.referencedColumns[k]);
                if (child > 0 && parent > 0) foreignKeys.push_back(json::array({child, parent}));
            }
    return json{{"db_id", schema.name},
                {"table_names_original", tables},
                {"table_names", tables},
                {"column_names_original", columns},
                {"column_names", columns},
                {"column_types", types},
                {"primary_keys", primaryKeys},
                {"foreign_keys", foreignKeys}};
}

} // namespace

std::string toSpiderTablesJson(const std::vector<Schema>& schemas)
{
    json all = json::array();
    for (const Schema& schema : schemas) all.push_back(entryFor(schema));
    return all.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace sqleq::schema
