// Statement: a move-only owner of one prepared sqlite3_stmt, finalized on
// destruction. It reads columns as exec::Value with SQLite's storage classes and
// binds Values for sqleq's own inserts. It applies no safety policy: untrusted
// SQL goes through runQuery() (core/exec/executor.h), never straight to here.
#pragma once

#include "core/base/result.h"
#include "core/exec/value.h"

#include <cstddef>
#include <string>
#include <string_view>

struct sqlite3_stmt;

namespace sqleq::exec {

class Connection;

class Statement {
public:
    Statement() = default;
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    /// Prepares the first statement of `sql`; `*tailOffset` (if given) receives
    /// the offset where the rest of the text starts. Text without any statement
    /// gives an empty Statement (isValid() false). Errors ("exec.prepare") carry
    /// SQLite's message and the error offset as span when SQLite reports one.
    static Result<Statement> prepare(const Connection& conn, std::string_view sql,
                                     std::size_t* tailOffset = nullptr);

    /// Advances: true when a row is ready, false when done; errors "exec.step".
    Result<bool> step();
    void reset();

    /// Binds a Value to the 1-based parameter `index` (SQLite's numbering).
    Status bind(int index, const Value& value);

    [[nodiscard]] bool isValid() const { return m_stmt != nullptr; }
    [[nodiscard]] bool isReadOnly() const;
    [[nodiscard]] int columnCount() const;
    [[nodiscard]] std::string columnName(int column) const;
    /// The value of `column` in the current row, typed by its storage class.
    [[nodiscard]] Value value(int column) const;
    /// The raw handle, still owned by this Statement.
    [[nodiscard]] sqlite3_stmt* handle() const { return m_stmt; }

private:
    explicit Statement(sqlite3_stmt* stmt) : m_stmt(stmt) {}

    sqlite3_stmt* m_stmt = nullptr;
};

} // namespace sqleq::exec
