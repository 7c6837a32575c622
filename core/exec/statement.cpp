// Prepared-statement ownership and the mapping between SQLite values and exec::Value.
#include "core/exec/statement.h"

#include "core/exec/connection.h"
#include "core/exec/sql_text.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <utility>

namespace sqleq::exec {

Statement::~Statement()
{
    sqlite3_finalize(m_stmt);
}

Statement::Statement(Statement&& other) noexcept : m_stmt(std::exchange(other.m_stmt, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(m_stmt);
        m_stmt = std::exchange(other.m_stmt, nullptr);
    }
    return *this;
}

Result<Statement> Statement::prepare(const Connection& conn, std::string_view sql,
                                     std::size_t* tailOffset)
{
    sqlite3* db = conn.handle();
    if (db == nullptr)
        return Diagnostic{"exec.prepare", "cannot prepare on a closed connection", {}, {}};
    sqlite3_stmt* stmt = nullptr;
    const char* tail = nullptr;
    const int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt, &tail);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt);
        const int offset = sqlite3_error_offset(db);
        SourceSpan span;
        if (offset >= 0) {
            const auto at = static_cast<std::size_t>(offset);
            span = {static_cast<uint32_t>(at), static_cast<uint32_t>(at + wordLengthAt(sql, at))};
        }
        return Diagnostic{"exec.prepare", sqlite3_errmsg(db), span, {}};
    }
    if (tailOffset != nullptr)
        *tailOffset = tail != nullptr ? static_cast<std::size_t>(tail - sql.data()) : sql.size();
    return Statement(stmt);
}

Result<bool> Statement::step()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return Diagnostic{"exec.step", sqlite3_errmsg(sqlite3_db_handle(m_stmt)), {}, {}};
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
}

Status Statement::bind(int index, const Value& value)
{
    int rc = SQLITE_OK;
    switch (value.type()) {
    case ValueType::Null: rc = sqlite3_bind_null(m_stmt, index); break;
    case ValueType::Integer: rc = sqlite3_bind_int64(m_stmt, index, value.asInteger()); break;
    case ValueType::Real: rc = sqlite3_bind_double(m_stmt, index, value.asReal()); break;
    case ValueType::Text:
        rc = sqlite3_bind_text64(m_stmt, index, value.asText().data(), value.asText().size(),
                                 SQLITE_TRANSIENT, SQLITE_UTF8);
        break;
    case ValueType::Blob:
        rc = sqlite3_bind_blob64(m_stmt, index, value.asBlob().data(), value.asBlob().size(),
                                 SQLITE_TRANSIENT);
        break;
    }
    if (rc == SQLITE_OK) return {};
    return Diagnostic{"exec.bind",
                      fmt::format("cannot bind parameter {}: {}", index, sqlite3_errstr(rc)), {}, {}};
}

bool Statement::isReadOnly() const
{
    return sqlite3_stmt_readonly(m_stmt) != 0;
}

int Statement::columnCount() const
{
    return sqlite3_column_count(m_stmt);
}

std::string Statement::columnName(int column) const
{
    const char* name = sqlite3_column_name(m_stmt, column);
    return name != nullptr ? name : std::string();
}

Value Statement::value(int column) const
{
    switch (sqlite3_column_type(m_stmt, column)) {
    case SQLITE_INTEGER: return Value::integer(sqlite3_column_int64(m_stmt, column));
    case SQLITE_FLOAT: return Value::real(sqlite3_column_double(m_stmt, column));
    case SQLITE_TEXT: {
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, column));
        const int size = sqlite3_column_bytes(m_stmt, column);
        return Value::text(text != nullptr ? std::string(text, static_cast<std::size_t>(size))
                                           : std::string());
    }
    case SQLITE_BLOB: {
        const auto* data = static_cast<const char*>(sqlite3_column_blob(m_stmt, column));
        const int size = sqlite3_column_bytes(m_stmt, column);
        return Value::blob(data != nullptr ? std::string(data, static_cast<std::size_t>(size))
                                           : std::string());
    }
    default: return Value::null();
    }
}

} // namespace sqleq::exec
