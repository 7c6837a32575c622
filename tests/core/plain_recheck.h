// An independent re-check of sqleq's certificates with plain SQLite: rows inserted
// with the C API, both queries run, and the official comparison rule written again
// here (both empty: same; row and column counts; bags, or lists when order matters;
// Python-like values; any column permutation), plus the profile rules checked by
// SQL. Shared by the certificate tests; it must not call the code it checks.
#pragma once

#include "core/fuzz/profile.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

namespace sqleq::recheck {


using Cell = std::string;  ///< "N", "n:<number>", "t:<text>", "b:<hex>": Python-like equality
using Rows = std::vector<std::vector<Cell>>;

inline Cell cellOf(sqlite3_stmt* statement, int column)
{
    switch (sqlite3_column_type(statement, column)) {
    case SQLITE_NULL: return "N";
    case SQLITE_INTEGER:
    case SQLITE_FLOAT: {
        const double value = sqlite3_column_double(statement, column);
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "n:%.17g", value);
        return buffer;
    }
    case SQLITE_TEXT: return "t:" + std::string(reinterpret_cast<const char*>(sqlite3_column_text(statement, column)));
    default: {
        const auto* bytes = static_cast<const unsigned char*>(sqlite3_column_blob(statement, column));
        std::string hex = "b:";
        for (int i = 0; i < sqlite3_column_bytes(statement, column); ++i) hex += std::to_string(bytes[i]) + ",";
        return hex;
    }
    }
}

struct Run {
    bool ok = false;
    int columns = 0;
    Rows rows;
};

inline Run runPlain(sqlite3* db, const std::string& sql)
{
    Run run;
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) return run;
    run.columns = sqlite3_column_count(statement);
    int rc;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        std::vector<Cell> row;
        for (int c = 0; c < run.columns; ++c) row.push_back(cellOf(statement, c));
        run.rows.push_back(std::move(row));
    }
    run.ok = rc == SQLITE_DONE;
    sqlite3_finalize(statement);
    return run;
}

/// The official rule, written again: both empty → same; row or column counts differ →
/// different; else same when some permutation of the candidate's columns gives the
/// gold's rows (as a list when order matters, else as a bag).
inline bool sameResults(const Run& gold, Run candidate, bool orderMatters)
{
    if (gold.rows.empty() && candidate.rows.empty()) return true;
    if (gold.rows.size() != candidate.rows.size() || gold.columns != candidate.columns) return false;
    std::vector<int> permutation(static_cast<std::size_t>(candidate.columns));
    std::iota(permutation.begin(), permutation.end(), 0);
    Rows expected = gold.rows;
    if (!orderMatters) std::sort(expected.begin(), expected.end());
    do {
        Rows permuted;
        for (const auto& row : candidate.rows) {
            std::vector<Cell> cells;
            for (int c : permutation) cells.push_back(row[static_cast<std::size_t>(c)]);
            permuted.push_back(std::move(cells));
        }
        if (!orderMatters) std::sort(permuted.begin(), permuted.end());
        if (permuted == expected) return true;
    } while (std::next_permutation(permutation.begin(), permutation.end()));
    return false;
}

inline std::string quoted(const std::string& name) { return "\"" + name + "\""; }

/// An in-memory database with the schema's tables declared from their names and declared
/// types only, no constraints: a re-check that must not lean on sqleq's DDL writer.
inline sqlite3* openDeclaredTables(const schema::Schema& schema)
{
    sqlite3* db = nullptr;
    sqlite3_open(":memory:", &db);
    for (const auto& table : schema.tables) {
        std::string ddl = "CREATE TABLE " + quoted(table.name) + " (";
        for (std::size_t c = 0; c < table.columns.size(); ++c)
            ddl += (c ? ", " : "") + quoted(table.columns[c].name) + " " + table.columns[c].declaredType;
        sqlite3_exec(db, (ddl + ")").c_str(), nullptr, nullptr, nullptr);
    }
    return db;
}

/// Inserts every row of `content` with plain prepared INSERTs (no sqleq code). Returns
/// the first row SQLite refused (a CHECK, NOT NULL or UNIQUE constraint), empty when none.
inline std::string insertContent(sqlite3* db, const schema::DatabaseContent& content)
{
    std::string refused;
    for (const auto& entry : content.tables) {
        for (const auto& row : entry.rows) {
            std::string sql = "INSERT INTO " + quoted(entry.table) + " VALUES (";
            for (std::size_t c = 0; c < row.size(); ++c) sql += c ? ", ?" : "?";
            sqlite3_stmt* insert = nullptr;
            sqlite3_prepare_v2(db, (sql + ")").c_str(), -1, &insert, nullptr);
            for (std::size_t c = 0; c < row.size(); ++c) {
                const auto& value = row[c];
                const int slot = static_cast<int>(c) + 1;
                switch (value.type()) {
                case exec::ValueType::Null: sqlite3_bind_null(insert, slot); break;
                case exec::ValueType::Integer: sqlite3_bind_int64(insert, slot, value.asInteger()); break;
                case exec::ValueType::Real: sqlite3_bind_double(insert, slot, value.asReal()); break;
                case exec::ValueType::Text:
                    sqlite3_bind_text(insert, slot, value.asText().c_str(), -1, SQLITE_TRANSIENT);
                    break;
                case exec::ValueType::Blob:
                    sqlite3_bind_blob(insert, slot, value.asBlob().data(), static_cast<int>(value.asBlob().size()),
                                      SQLITE_TRANSIENT);
                    break;
                }
            }
            if (sqlite3_step(insert) != SQLITE_DONE && refused.empty())
                refused = entry.table + ": " + sqlite3_errmsg(db);
            sqlite3_finalize(insert);
        }
    }
    return refused;
}

/// Re-checks a counterexample against a schema's own DDL: `ddl` is run by SQLite itself
/// (the declared keys, UNIQUE, NOT NULL and CHECK enforced; foreign keys not), the rows
/// inserted, both queries run and compared under the official rule. Empty when the DDL
/// accepts every row and the two results differ (or the candidate fails); else why not.
inline std::string whyNotSeparatedUnderDdl(const std::string& ddl, const schema::DatabaseContent& content,
                                           const std::string& gold, const std::string& candidate, bool orderMatters)
{
    sqlite3* db = nullptr;
    sqlite3_open(":memory:", &db);
    if (sqlite3_exec(db, ddl.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
        std::string why = std::string("the DDL does not run: ") + sqlite3_errmsg(db);
        sqlite3_close(db);
        return why;
    }
    const std::string refused = insertContent(db, content);
    const Run goldRun = runPlain(db, gold);
    const Run candidateRun = runPlain(db, candidate);
    sqlite3_close(db);
    if (!refused.empty()) return "the DDL refuses a row: " + refused;
    if (!goldRun.ok) return "the gold does not run";
    if (candidateRun.ok && sameResults(goldRun, candidateRun, orderMatters)) return "the two results are the same";
    return {};
}

/// Names the first profile rule the database breaks; empty when it keeps them all.
inline std::string profileViolation(sqlite3* db, const schema::Schema& schema, fuzz::Profile profile)
{
    for (const auto& table : schema.tables) {
        if (profile == fuzz::Profile::Spider) {
            const Run count = runPlain(db, "SELECT count(*) FROM " + quoted(table.name));
            if (count.rows.empty() || count.rows[0][0] == "n:0") return "empty table " + table.name;
            for (const auto& column : table.columns) {
                const Run nulls = runPlain(db, "SELECT count(*) FROM " + quoted(table.name) + " WHERE "
                                                   + quoted(column.name) + " IS NULL");
                if (nulls.rows[0][0] != "n:0") return "NULL in " + table.name + "." + column.name;
            }
        }
        for (const auto& key : table.foreignKeys) {
            std::string sql = "SELECT count(*) FROM " + quoted(table.name) + " AS c WHERE ";
            std::string notNull, match;
            for (std::size_t k = 0; k < key.columns.size(); ++k) {
                notNull += (k ? " AND " : "") + std::string("c.") + quoted(key.columns[k]) + " IS NOT NULL";
                match += (k ? " AND " : "") + std::string("p.") + quoted(key.referencedColumns[k]) + " = c."
                    + quoted(key.columns[k]);
            }
            sql += notNull + " AND NOT EXISTS (SELECT 1 FROM " + quoted(key.referencedTable) + " AS p WHERE " + match + ")";
            const Run dangling = runPlain(db, sql);
            if (!dangling.ok || dangling.rows[0][0] != "n:0")
                return "a dangling " + table.name + " → " + key.referencedTable + " key";
        }
    }
    return {};
}


} // namespace sqleq::recheck
