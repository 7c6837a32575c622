// Whether a key names a row is asked of SQLite itself: `child.k = parent.k` under the
// columns' affinities is the rule the queries see (a TEXT column's '19' names the
// INTEGER key 19, as a join on them matches it), so the check can never disagree with
// the queries, nor with the sampler, which leaves key values to SQLite's conversion.

#include "core/fuzz/profile_check.h"

#include "core/exec/executor.h"
#include "core/schema/ddl_writer.h"

#include <fmt/format.h>

namespace sqleq::fuzz {
namespace {

std::string shown(const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Integer: return std::to_string(value.asInteger());
    case exec::ValueType::Real: return fmt::format("{}", value.asReal());
    case exec::ValueType::Text: return "'" + value.asText() + "'";
    default: return "a value";
    }
}

/// "SELECT c.k FROM child AS c WHERE c.k IS NOT NULL AND NOT EXISTS (SELECT 1 FROM
/// parent AS p WHERE p.r = c.k) LIMIT 1": the first child row whose key names no parent
/// row; empty when the key's columns do not line up with the parent's.
std::string danglingKeyQuery(const schema::Schema& schema, const schema::Table& table, const schema::ForeignKey& key)
{
    const schema::Table* parent = schema.findTable(key.referencedTable);
    if (parent == nullptr) return {};
    const std::vector<std::string>& referenced = key.referencedColumns.empty() ? parent->primaryKey : key.referencedColumns;
    if (referenced.size() != key.columns.size() || key.columns.empty()) return {};
    std::string set;
    std::string match;
    for (std::size_t k = 0; k < key.columns.size(); ++k) {
        if (table.findColumn(key.columns[k]) == nullptr || parent->findColumn(referenced[k]) == nullptr) return {};
        const std::string child = "c." + schema::quoteIdentifier(key.columns[k]);
        set += fmt::format(" AND {} IS NOT NULL", child);
        match += fmt::format("{}p.{} = {}", k == 0 ? "" : " AND ", schema::quoteIdentifier(referenced[k]), child);
    }
    return fmt::format("SELECT c.{} FROM {} AS c WHERE 1{} AND NOT EXISTS (SELECT 1 FROM {} AS p WHERE {}) LIMIT 1",
                       schema::quoteIdentifier(key.columns.front()), schema::quoteIdentifier(table.name), set,
                       schema::quoteIdentifier(parent->name), match);
}

/// The first key, in schema order, that names no row, in words.
std::optional<std::string> danglingKey(const schema::Schema& schema, const schema::DatabaseContent& content)
{
    // The rows as they are, keys not enforced: a dangling key is what is looked for.
    schema::Schema unenforced = schema;
    for (schema::Table& table : unenforced.tables) table.foreignKeys.clear();
    auto connection = schema::materialize(unenforced, content);
    // Rows that do not load break the schema itself (a key, UNIQUE, NOT NULL or CHECK):
    // that is the first promise broken, and the keys cannot be asked about.
    if (!connection) return fmt::format("the rows break the schema's constraints ({})", connection.error().message);
    exec::ExecLimits limits;
    limits.maxSteps = 0;  // our own lookups, not a user's query: no step budget
    for (const schema::Table& table : schema.tables) {
        for (const schema::ForeignKey& key : table.foreignKeys) {
            const std::string query = danglingKeyQuery(schema, table, key);
            if (query.empty()) continue;
            const exec::QueryOutcome outcome = exec::runQuery(*connection, query, limits);
            if (!outcome.ok() || outcome.result.rows.empty()) continue;
            return fmt::format("{}.{} = {} names no row of {}", table.name, key.columns.front(),
                               shown(outcome.result.rows.front().at(0)), schema.findTable(key.referencedTable)->name);
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> profileViolation(const schema::Schema& schema, const schema::DatabaseContent& content,
                                            Profile profile)
{
    for (const schema::Table& table : schema.tables) {
        const schema::TableRows* rows = content.find(table.name);
        if (profile == Profile::Spider) {
            if (rows == nullptr || rows->rows.empty()) return fmt::format("table {} has no row", table.name);
            for (const exec::Row& row : rows->rows)
                for (std::size_t c = 0; c < row.size() && c < table.columns.size(); ++c)
                    if (row[c].isNull()) return fmt::format("NULL in {}.{}", table.name, table.columns[c].name);
        }
    }
    return danglingKey(schema, content);
}

} // namespace sqleq::fuzz
