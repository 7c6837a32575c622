// store_sql: the few sqlite3 primitives the annotation store needs on its own
// read-write connection — a prepared statement that binds and reads plain C++
// values, a BEGIN IMMEDIATE transaction that rolls back unless committed, and
// errors that name the project file. Internal to core/audit; exec's wrappers stay
// read-only on purpose, so the store does not borrow them.
#pragma once

#include "core/base/result.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace sqleq::audit::detail {

/// "<file>: <what>: <SQLite's message>" under `code`.
Diagnostic storeError(std::string code, const std::filesystem::path& file, std::string_view what, sqlite3* db);

/// Runs trusted SQL of the store's own (DDL, pragmas); errors name the file.
Status execSql(sqlite3* db, const std::filesystem::path& file, const char* sql);

class StoreStatement {
public:
    /// Prepares `sql` on `db`; the statement must not outlive the connection.
    static Result<StoreStatement> prepare(sqlite3* db, const std::filesystem::path& file, std::string_view sql);

    StoreStatement(StoreStatement&& other) noexcept;
    StoreStatement& operator=(StoreStatement&& other) noexcept;
    StoreStatement(const StoreStatement&) = delete;
    StoreStatement& operator=(const StoreStatement&) = delete;
    ~StoreStatement();

    // Parameters are 1-based, as in SQLite; text is copied by SQLite.
    void bindText(int index, std::string_view text);
    void bindInt(int index, std::int64_t value);
    void bindDouble(int index, double value);
    void bindNull(int index);
    void bindOptionalBool(int index, const std::optional<bool>& value);

    /// True when a row is ready, false when done; errors name the file.
    Result<bool> step();
    /// Steps once, expecting no row (INSERT, UPDATE, DELETE).
    Status run();
    /// Resets the statement and clears its bindings, for reuse in a loop.
    void reset();

    [[nodiscard]] bool isNull(int column) const;
    [[nodiscard]] std::string text(int column) const;
    [[nodiscard]] std::int64_t integer(int column) const;
    [[nodiscard]] double real(int column) const;
    [[nodiscard]] std::optional<bool> optionalBool(int column) const;

private:
    StoreStatement(sqlite3* db, std::filesystem::path file, sqlite3_stmt* stmt)
        : m_db(db), m_file(std::move(file)), m_stmt(stmt) {}

    sqlite3* m_db = nullptr;
    std::filesystem::path m_file;
    sqlite3_stmt* m_stmt = nullptr;
};

/// BEGIN IMMEDIATE on construction (taking the write lock up front, so a busy
/// database fails here rather than halfway through an edit); ROLLBACK in the
/// destructor unless commit() succeeded.
class WriteTransaction {
public:
    static Result<WriteTransaction> begin(sqlite3* db, const std::filesystem::path& file);

    WriteTransaction(WriteTransaction&& other) noexcept;
    WriteTransaction& operator=(WriteTransaction&&) = delete;
    WriteTransaction(const WriteTransaction&) = delete;
    WriteTransaction& operator=(const WriteTransaction&) = delete;
    ~WriteTransaction();

    Status commit();

private:
    WriteTransaction(sqlite3* db, std::filesystem::path file) : m_db(db), m_file(std::move(file)) {}

    sqlite3* m_db = nullptr;
    std::filesystem::path m_file;
};

} // namespace sqleq::audit::detail
