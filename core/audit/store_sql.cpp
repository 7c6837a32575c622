// The store's sqlite3 primitives: statements, transactions and file-naming errors.

#include "core/audit/store_sql.h"

#include "core/audit/audit.h"
#include "core/audit/store_connection.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <utility>

namespace sqleq::audit::detail {
namespace {

// The first line is enough to recognise a statement in a message; the DDL is long.
std::string_view firstLineOf(std::string_view sql)
{
    const auto begin = sql.find_first_not_of(" \n");
    if (begin == std::string_view::npos) return sql;
    sql.remove_prefix(begin);
    return sql.substr(0, sql.find('\n'));
}

} // namespace

Diagnostic storeError(std::string code, const std::filesystem::path& file, std::string_view what, sqlite3* db)
{
    std::string reason = db != nullptr ? sqlite3_errmsg(db) : "out of memory";
    // Name the limit that was hit, not only SQLite's word for it.
    if (db != nullptr && sqlite3_errcode(db) == SQLITE_INTERRUPT) {
        if (auto budget = budgetExceeded(db); !budget.empty()) reason = std::move(budget);
    } else if (db != nullptr && sqlite3_errcode(db) == SQLITE_TOOBIG) {
        reason = fmt::format("a value is larger than {} MiB, the store's limit ({})",
                             StoreLimits::kMaxValueBytes >> 20, reason);
    }
    return Diagnostic{std::move(code), fmt::format("{}: {}: {}", file.string(), what, reason), {}, {}};
}

Status execSql(sqlite3* db, const std::filesystem::path& file, const char* sql)
{
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) {
        return storeError("audit.sql", file, fmt::format("cannot run \"{}\"", firstLineOf(sql)), db);
    }
    return {};
}

Result<StoreStatement> StoreStatement::prepare(sqlite3* db, const std::filesystem::path& file, std::string_view sql)
{
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) != SQLITE_OK) {
        return storeError("audit.sql", file, "cannot prepare a statement", db);
    }
    return StoreStatement(db, file, stmt);
}

StoreStatement::StoreStatement(StoreStatement&& other) noexcept
    : m_db(other.m_db), m_file(std::move(other.m_file)), m_stmt(std::exchange(other.m_stmt, nullptr))
{
}

StoreStatement& StoreStatement::operator=(StoreStatement&& other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(m_stmt);
        m_db = other.m_db;
        m_file = std::move(other.m_file);
        m_stmt = std::exchange(other.m_stmt, nullptr);
    }
    return *this;
}

StoreStatement::~StoreStatement()
{
    sqlite3_finalize(m_stmt);
}

void StoreStatement::bindText(int index, std::string_view text)
{
    sqlite3_bind_text64(m_stmt, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
}

void StoreStatement::bindInt(int index, std::int64_t value)
{
    sqlite3_bind_int64(m_stmt, index, value);
}

void StoreStatement::bindDouble(int index, double value)
{
    sqlite3_bind_double(m_stmt, index, value);
}

void StoreStatement::bindNull(int index)
{
    sqlite3_bind_null(m_stmt, index);
}

void StoreStatement::bindOptionalBool(int index, const std::optional<bool>& value)
{
    if (value) bindInt(index, *value ? 1 : 0);
    else bindNull(index);
}

Result<bool> StoreStatement::step()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return storeError("audit.sql", m_file, "a statement failed", m_db);
}

Status StoreStatement::run()
{
    auto stepped = step();
    if (!stepped) return stepped.error();
    return {};
}

void StoreStatement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

bool StoreStatement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

std::string StoreStatement::text(int column) const
{
    const auto* bytes = sqlite3_column_text(m_stmt, column);
    if (bytes == nullptr) return {};
    return std::string(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, column)));
}

std::int64_t StoreStatement::integer(int column) const
{
    return sqlite3_column_int64(m_stmt, column);
}

double StoreStatement::real(int column) const
{
    return sqlite3_column_double(m_stmt, column);
}

std::optional<bool> StoreStatement::optionalBool(int column) const
{
    if (isNull(column)) return std::nullopt;
    return integer(column) != 0;
}

Result<WriteTransaction> WriteTransaction::begin(sqlite3* db, const std::filesystem::path& file)
{
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) {
        return storeError("audit.busy", file, "cannot start a write transaction", db);
    }
    return WriteTransaction(db, file);
}

WriteTransaction::WriteTransaction(WriteTransaction&& other) noexcept
    : m_db(std::exchange(other.m_db, nullptr)), m_file(std::move(other.m_file))
{
}

WriteTransaction::~WriteTransaction()
{
    if (m_db != nullptr) sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
}

Status WriteTransaction::commit()
{
    if (sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
        return storeError("audit.sql", m_file, "cannot commit", m_db);
    }
    m_db = nullptr;
    return {};
}

} // namespace sqleq::audit::detail
