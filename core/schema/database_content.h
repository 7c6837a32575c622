// DatabaseContent: the rows of every table of one database as plain data — what
// the fuzzer samples, the minimizer shrinks and the UI shows table by table.
// materialize() turns it into a real SQLite database; readContent() goes back.
#pragma once

#include "core/base/result.h"
#include "core/exec/connection.h"
#include "core/exec/statement.h"
#include "core/exec/value.h"
#include "core/schema/schema.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace sqleq::schema {

struct TableRows {
    std::string table;           ///< a table of the schema
    std::vector<exec::Row> rows; ///< each row has one Value per column, in the table's column order
};

struct DatabaseContent {
    std::vector<TableRows> tables;  ///< in schema order; a table without rows may be absent

    [[nodiscard]] std::size_t rowCount() const;
    /// Null when the table has no entry.
    [[nodiscard]] const TableRows* find(std::string_view table) const;
};

/// A new in-memory database with the schema's tables holding `content`, inserted parents
/// first (the given order wherever the keys allow; one transaction, prepared INSERTs) with
/// foreign keys enforced, so a row that breaks a key or constraint is an error
/// ("schema.materialize") naming the table and row index. Deterministic: the same content
/// gives the same bytes.
Result<exec::Connection> materialize(const Schema& schema, const DatabaseContent& content);

/// materialize() for many databases of one schema: the empty schema is built once and
/// each database starts from a copy of its image, so no DDL is parsed again (the search
/// builds hundreds of small databases per pair). Same results as materialize().
/// Immutable after construction: build() may be called from several threads.
class Materializer {
public:
    /// `schema` must outlive the object.
    explicit Materializer(const Schema& schema);

    [[nodiscard]] Result<exec::Connection> build(const DatabaseContent& content) const;

private:
    const Schema& m_schema;
    Result<exec::Bytes> m_empty;
};

/// One connection that takes one database's content after another: its tables are
/// emptied and refilled in place. The statements prepared on it (its StatementCache)
/// stay valid from one database to the next, where a new connection per database would
/// prepare every query again; distillation runs the same queries on a thousand sampled
/// databases. Each content reads exactly as materialize()'s: the same rows in the same
/// rowid order, and the same error for content that breaks a key or constraint.
/// It runs no script and sets no pragma after construction (both would drop or expire
/// the prepared statements), except defer_foreign_keys for a schema whose keys form a
/// cycle. One thread at a time.
class RefillableDatabase {
public:
    /// The schema's empty tables; `schema` must outlive the object.
    explicit RefillableDatabase(const Schema& schema);

    /// Replaces the content with `content`; after an error the tables are empty.
    Status refill(const DatabaseContent& content);
    [[nodiscard]] exec::Connection& connection() { return m_connection; }

private:
    Status prepareAll();
    Status empty();

    const Schema& m_schema;
    exec::Connection m_connection;
    std::optional<Diagnostic> m_broken;  ///< the schema could not be created
    // After the connection, so they are finalized before it closes.
    exec::Statement m_begin;
    exec::Statement m_commit;
    exec::Statement m_rollback;
    exec::Statement m_deferKeys;
    std::vector<exec::Statement> m_deletes;  ///< children before parents, then AUTOINCREMENT's counters
    std::vector<exec::Statement> m_inserts;  ///< per schema table
};

/// Every row of every schema table of `connection`, in rowid (or primary key) order.
Result<DatabaseContent> readContent(const exec::Connection& connection, const Schema& schema);

} // namespace sqleq::schema
