// Moving table rows between plain data and SQLite: prepared INSERTs in one
// transaction, and SELECT * per table for the way back. Trusted SQL only.

#include "core/schema/database_content.h"

#include "core/exec/statement.h"
#include "core/schema/ddl_writer.h"

#include <fmt/format.h>

#include <algorithm>

namespace sqleq::schema {
namespace {

std::string insertSql(const Table& table)
{
    std::string columns;
    std::string marks;
    for (const auto& column : table.columns) {
        if (!columns.empty()) {
            columns += ", ";
            marks += ", ";
        }
        columns += quoteIdentifier(column.name);
        marks += '?';
    }
    return fmt::format("INSERT INTO {} ({}) VALUES ({})", quoteIdentifier(table.name), columns, marks);
}

/// Inserts `rows` with `statement`, insertSql(table) prepared.
Status insertRowsWith(exec::Statement& statement, const Table& table, const std::vector<exec::Row>& rows)
{
    for (std::size_t index = 0; index < rows.size(); ++index) {
        const auto& row = rows[index];
        if (row.size() != table.columns.size()) {
            return Diagnostic{"schema.materialize",
                              fmt::format("row {} of table \"{}\" has {} values for {} columns", index, table.name,
                                          row.size(), table.columns.size()),
                              {}, {}};
        }
        statement.reset();
        for (std::size_t column = 0; column < row.size(); ++column) {
            if (auto bound = statement.bind(static_cast<int>(column) + 1, row[column]); !bound) return bound;
        }
        if (auto stepped = statement.step(); !stepped) {
            return Diagnostic{"schema.materialize",
                              fmt::format("row {} of table \"{}\" was refused: {}", index, table.name,
                                          stepped.error().message),
                              {}, {}};
        }
    }
    return {};
}

Status insertRows(exec::Connection& connection, const Table& table, const std::vector<exec::Row>& rows)
{
    auto statement = exec::Statement::prepare(connection, insertSql(table));
    if (!statement) return statement.error();
    return insertRowsWith(*statement, table, rows);
}

/// Runs a statement prepared once, from the start, and leaves it ready for the next run.
Result<bool> stepOnce(exec::Statement& statement)
{
    statement.reset();
    auto stepped = statement.step();
    statement.reset();
    return stepped;
}

/// The error materialize() reports when COMMIT fails (a key cycle's deferred check),
/// in its words: those of Connection::executeScript.
Diagnostic commitFailure(const Diagnostic& stepError)
{
    return Diagnostic{"exec.script", fmt::format("statement 1 failed: {}", stepError.message), {}, {}};
}

/// Content tables in an order in which every parent comes before its children (stable:
/// the given order wherever the keys allow), so rows can be checked as they go in. Tables
/// on a key cycle keep their given order; `cyclic` tells the caller to defer the checks.
std::vector<const TableRows*> parentsFirst(const Schema& schema, const DatabaseContent& content, bool& cyclic)
{
    std::vector<const TableRows*> pending;
    for (const auto& entry : content.tables) pending.push_back(&entry);
    const auto dependsOnPending = [&](const TableRows* child) {
        const Table* table = schema.findTable(child->table);
        if (table == nullptr) return false;
        return std::any_of(table->foreignKeys.begin(), table->foreignKeys.end(), [&](const ForeignKey& key) {
            return !sameIdentifier(key.referencedTable, child->table)
                && std::any_of(pending.begin(), pending.end(), [&](const TableRows* other) {
                       return other != child && sameIdentifier(other->table, key.referencedTable);
                   });
        });
    };
    std::vector<const TableRows*> ordered;
    // A table that references itself (emp.manager_id → emp.emp_id) is a cycle of one:
    // a row may name a parent inserted after it.
    cyclic = std::any_of(pending.begin(), pending.end(), [&](const TableRows* entry) {
        const Table* table = schema.findTable(entry->table);
        return table != nullptr
            && std::any_of(table->foreignKeys.begin(), table->foreignKeys.end(), [&](const ForeignKey& key) {
                   return sameIdentifier(key.referencedTable, entry->table);
               });
    });
    while (!pending.empty()) {
        auto ready = std::find_if(pending.begin(), pending.end(), [&](const TableRows* t) { return !dependsOnPending(t); });
        if (ready == pending.end()) {
            cyclic = true;
            ready = pending.begin();
        }
        ordered.push_back(*ready);
        pending.erase(ready);
    }
    return ordered;
}

} // namespace

std::size_t DatabaseContent::rowCount() const
{
    std::size_t count = 0;
    for (const auto& table : tables) count += table.rows.size();
    return count;
}

const TableRows* DatabaseContent::find(std::string_view table) const
{
    for (const auto& entry : tables) {
        if (sameIdentifier(entry.table, table)) return &entry;
    }
    return nullptr;
}

namespace {

/// Inserts `content` into `connection`, which holds the schema's empty tables. On an
/// error the transaction is left open.
Status fillInPlace(exec::Connection& connection, const Schema& schema, const DatabaseContent& content)
{
    // Keys are checked per row, so a dangling reference is reported where it happens;
    // only a key cycle among the tables defers the check to COMMIT.
    bool cyclic = false;
    const auto order = parentsFirst(schema, content, cyclic);
    const char* begin = cyclic ? "PRAGMA foreign_keys = ON; BEGIN; PRAGMA defer_foreign_keys = ON;"
                               : "PRAGMA foreign_keys = ON; BEGIN;";
    if (auto status = connection.executeScript(begin); !status) return status.error();
    for (const TableRows* entry : order) {
        const Table* table = schema.findTable(entry->table);
        if (table == nullptr) {
            return Diagnostic{"schema.materialize",
                              fmt::format("schema \"{}\" has no table \"{}\"", schema.name, entry->table), {}, {}};
        }
        if (auto status = insertRows(connection, *table, entry->rows); !status) return status;
    }
    return connection.executeScript("COMMIT; PRAGMA foreign_keys = OFF;");
}

Result<exec::Connection> fill(exec::Connection connection, const Schema& schema, const DatabaseContent& content)
{
    if (auto status = fillInPlace(connection, schema, content); !status) return status.error();
    return connection;
}

Result<exec::Bytes> emptyImage(const Schema& schema)
{
    auto connection = createDatabase(schema);
    if (!connection) return connection.error();
    return connection->serialize();
}

} // namespace

Result<exec::Connection> materialize(const Schema& schema, const DatabaseContent& content)
{
    auto connection = createDatabase(schema);
    if (!connection) return connection.error();
    return fill(std::move(*connection), schema, content);
}

Materializer::Materializer(const Schema& schema) : m_schema(schema), m_empty(emptyImage(schema)) {}

Result<exec::Connection> Materializer::build(const DatabaseContent& content) const
{
    if (!m_empty) return m_empty.error();
    auto connection = exec::Connection::deserializeCopy(*m_empty);
    if (!connection) return connection.error();
    return fill(std::move(*connection), m_schema, content);
}

RefillableDatabase::RefillableDatabase(const Schema& schema) : m_schema(schema)
{
    auto created = createDatabase(schema);
    if (!created) {
        m_broken = created.error();
        return;
    }
    m_connection = std::move(*created);
    // Keys stay enforced for good: setting the pragma per database would expire every
    // prepared statement, and queries read the same either way.
    if (auto on = m_connection.executeScript("PRAGMA foreign_keys = ON;"); !on) m_broken = on.error();
    else if (auto prepared = prepareAll(); !prepared) m_broken = prepared.error();
}

Status RefillableDatabase::prepareAll()
{
    const auto prepare = [&](std::string_view sql, exec::Statement& into) -> Status {
        auto statement = exec::Statement::prepare(m_connection, sql);
        if (!statement) return statement.error();
        into = std::move(*statement);
        return {};
    };
    if (auto ok = prepare("BEGIN", m_begin); !ok) return ok;
    if (auto ok = prepare("COMMIT", m_commit); !ok) return ok;
    if (auto ok = prepare("ROLLBACK", m_rollback); !ok) return ok;
    if (auto ok = prepare("PRAGMA defer_foreign_keys = ON", m_deferKeys); !ok) return ok;
    // Children before parents, so no delete leaves a dangling key behind; a table
    // that references itself empties in one statement, which is checked as a whole.
    DatabaseContent everyTable;
    for (const Table& table : m_schema.tables) everyTable.tables.push_back({table.name, {}});
    bool cyclic = false;
    const auto order = parentsFirst(m_schema, everyTable, cyclic);
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        if (auto ok = prepare(fmt::format("DELETE FROM {}", quoteIdentifier((*it)->table)), m_deletes.emplace_back());
            !ok)
            return ok;
    }
    // AUTOINCREMENT's counters restart, as in a new database.
    auto counters = exec::Statement::prepare(m_connection, "SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'");
    if (!counters) return counters.error();
    if (auto found = counters->step(); found && *found) {
        if (auto ok = prepare("DELETE FROM sqlite_sequence", m_deletes.emplace_back()); !ok) return ok;
    }
    for (const Table& table : m_schema.tables)
        if (auto ok = prepare(insertSql(table), m_inserts.emplace_back()); !ok) return ok;
    return {};
}

Status RefillableDatabase::empty()
{
    const auto run = [](exec::Statement& statement) -> Status {
        auto stepped = stepOnce(statement);
        if (!stepped) return stepped.error();
        return {};
    };
    if (auto begun = run(m_begin); !begun) return begun;
    for (exec::Statement& statement : m_deletes) {
        if (auto deleted = run(statement); !deleted) {
            (void)run(m_rollback);
            return deleted;
        }
    }
    if (auto committed = run(m_commit); !committed) {
        (void)run(m_rollback);
        return committed;
    }
    return {};
}

Status RefillableDatabase::refill(const DatabaseContent& content)
{
    if (m_broken) return *m_broken;
    if (auto emptied = empty(); !emptied) return emptied;
    // The steps of fill(), on statements prepared once.
    bool cyclic = false;
    const auto order = parentsFirst(m_schema, content, cyclic);
    if (auto begun = stepOnce(m_begin); !begun) return begun.error();
    const auto fail = [&](Diagnostic error) -> Status {
        (void)stepOnce(m_rollback);
        return error;
    };
    if (cyclic) {
        if (auto deferred = stepOnce(m_deferKeys); !deferred) return fail(deferred.error());
    }
    for (const TableRows* entry : order) {
        const Table* table = m_schema.findTable(entry->table);
        if (table == nullptr) {
            return fail(Diagnostic{"schema.materialize",
                                   fmt::format("schema \"{}\" has no table \"{}\"", m_schema.name, entry->table), {},
                                   {}});
        }
        const auto listed = std::find_if(m_schema.tables.begin(), m_schema.tables.end(),
                                         [&](const Table& candidate) { return &candidate == table; });
        Status inserted;
        if (listed != m_schema.tables.end()) {
            exec::Statement& insert = m_inserts[static_cast<std::size_t>(listed - m_schema.tables.begin())];
            inserted = insertRowsWith(insert, *table, entry->rows);
            insert.reset();
        } else {
            inserted = insertRows(m_connection, *table, entry->rows);  // a table findTable() knows beyond `tables`
        }
        if (!inserted) return fail(inserted.error());
    }
    if (auto committed = stepOnce(m_commit); !committed) return fail(commitFailure(committed.error()));
    return {};
}

Result<DatabaseContent> readContent(const exec::Connection& connection, const Schema& schema)
{
    DatabaseContent content;
    for (const auto& table : schema.tables) {
        std::string columns;
        for (const auto& column : table.columns) {
            columns += columns.empty() ? "" : ", ";
            columns += quoteIdentifier(column.name);
        }
        const auto order = table.withoutRowid ? std::string("") : std::string(" ORDER BY rowid");
        auto statement = exec::Statement::prepare(
            connection, fmt::format("SELECT {} FROM {}{}", columns, quoteIdentifier(table.name), order));
        if (!statement) return statement.error();
        auto& entry = content.tables.emplace_back(TableRows{table.name, {}});
        for (;;) {
            auto more = statement->step();
            if (!more) return more.error();
            if (!*more) break;
            auto& row = entry.rows.emplace_back();
            for (int column = 0; column < statement->columnCount(); ++column) row.push_back(statement->value(column));
        }
    }
    return content;
}

} // namespace sqleq::schema
