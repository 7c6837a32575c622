// runQuery: prepare under the guard, refuse anything that is not a single
// read-only statement, then step while counting rows and bytes. Every way out
// maps to one QueryOutcome status with a Diagnostic that says why.
#include "core/exec/executor.h"

#include "core/exec/query_guard.h"
#include "core/exec/sql_text.h"
#include "core/exec/statement.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <cctype>
#include <limits>

namespace sqleq::exec {

namespace {

using Clock = QueryGuard::Clock;

QueryOutcome failure(OutcomeStatus status, std::string code, std::string message,
                     SourceSpan span = {})
{
    QueryOutcome out;
    out.status = status;
    out.error = Diagnostic{std::move(code), std::move(message), span, {}};
    return out;
}

/// The statement text for a message: trimmed and cut to a readable length.
std::string excerpt(std::string_view sql)
{
    const std::size_t begin = skipBlank(sql, 0, true);
    std::string text(sql.substr(begin, 80));
    while (!text.empty() && (text.back() == ';' || text.back() == ' ' || text.back() == '\n'))
        text.pop_back();
    return sql.size() - begin > 80 ? text + "…" : text;
}

/// The denial as a message; a schema write is named by the statement itself
/// because SQLite stops at the sqlite_master write before naming the DDL.
QueryOutcome denied(const Denial& denial, std::string_view sql)
{
    if (isSchemaWrite(denial))
        return failure(OutcomeStatus::Error, "exec.denied",
                       fmt::format("denied: schema change \"{}\" — candidate queries may only read",
                                   excerpt(sql)));
    return failure(OutcomeStatus::Error, "exec.denied", denialMessage(denial));
}

QueryOutcome interrupted(const QueryGuard& guard, const ExecLimits& limits)
{
    switch (guard.interruption()) {
    case Interruption::Cancelled:
        return failure(OutcomeStatus::Timeout, "exec.cancelled", "the query was cancelled");
    case Interruption::WallClock:
        return failure(OutcomeStatus::WallClockTimeout, "exec.wall_clock",
                       fmt::format("the wall-clock safety net of {} ms fired before the step budget "
                                   "ran out; this outcome may depend on the machine's load",
                                   limits.wallClockLimitMs));
    case Interruption::None:
    case Interruption::StepBudget:
        break;
    }
    return failure(OutcomeStatus::Timeout, "exec.timeout",
                   fmt::format("the query ran past its budget of {} VM steps", limits.maxSteps));
}

/// The first word of the statement, upper-cased ("SELECT", "WITH", "VACUUM").
std::string leadingKeyword(std::string_view sql)
{
    std::size_t pos = skipBlank(sql, 0, true);
    std::string word;
    for (; pos < sql.size() && std::isalpha(static_cast<unsigned char>(sql[pos])); ++pos)
        word += static_cast<char>(std::toupper(static_cast<unsigned char>(sql[pos])));
    return word;
}

std::size_t valueBytes(const Value& value)
{
    switch (value.type()) {
    case ValueType::Text: return sizeof(Value) + value.asText().size();
    case ValueType::Blob: return sizeof(Value) + value.asBlob().size();
    default: return sizeof(Value);
    }
}

/// Maps a failed prepare or step to its outcome; `rc` is the primary result code.
QueryOutcome stepFailure(int rc, sqlite3* db, const QueryGuard& guard, const ExecLimits& limits,
                         std::string_view sql)
{
    if (guard.denial()) return denied(*guard.denial(), sql);
    if (rc == SQLITE_INTERRUPT && guard.interruption() != Interruption::None)
        return interrupted(guard, limits);
    if (rc == SQLITE_NOMEM)
        return failure(OutcomeStatus::TooLarge, "exec.too_large", "the query ran out of memory");
    if (rc == SQLITE_TOOBIG)
        return failure(OutcomeStatus::TooLarge, "exec.too_large",
                       fmt::format("a value exceeds the length limit of {} bytes: {}",
                                   limits.maxValueLength, sqlite3_errmsg(db)));
    return failure(OutcomeStatus::Error, "exec.runtime",
                   fmt::format("the query failed while running: {}", sqlite3_errmsg(db)));
}

/// Steps `stmt` to the end, filling `out.result` or turning `out` into a failure.
QueryOutcome fetchRows(Statement& stmt, sqlite3* db, const QueryGuard& guard,
                       const ExecLimits& limits, std::string_view sql)
{
    QueryOutcome out;
    out.status = OutcomeStatus::Rows;
    const int columns = stmt.columnCount();
    for (int c = 0; c < columns; ++c) out.result.columnNames.push_back(stmt.columnName(c));
    std::size_t bytes = 0;
    for (;;) {
        const int rc = sqlite3_step(stmt.handle());
        if (rc == SQLITE_DONE) return out;
        if (rc != SQLITE_ROW) return stepFailure(rc & 0xFF, db, guard, limits, sql);
        if (out.result.rows.size() >= limits.maxRows)
            return failure(OutcomeStatus::TooLarge, "exec.too_large",
                           fmt::format("the result has more than {} rows", limits.maxRows));
        Row row;
        row.reserve(static_cast<std::size_t>(columns));
        bytes += sizeof(Row);
        for (int c = 0; c < columns; ++c) {
            row.push_back(stmt.value(c));
            bytes += valueBytes(row.back());
        }
        if (bytes > limits.maxResultBytes)
            return failure(OutcomeStatus::TooLarge, "exec.too_large",
                           fmt::format("the result exceeds {} bytes", limits.maxResultBytes));
        out.result.rows.push_back(std::move(row));
    }
}

QueryOutcome runGuarded(Connection& conn, std::string_view sql, const ExecLimits& limits,
                        Clock::time_point start)
{
    QueryGuard guard(conn.handle(), limits, start);
    std::size_t tail = 0;
    auto stmt = Statement::prepare(conn, sql, &tail);
    if (!stmt) {
        if (guard.denial()) return denied(*guard.denial(), sql);
        if (guard.interruption() != Interruption::None) return interrupted(guard, limits);
        const int rc = sqlite3_errcode(conn.handle()) & 0xFF;
        if (rc == SQLITE_TOOBIG || rc == SQLITE_NOMEM) return stepFailure(rc, conn.handle(), guard, limits, sql);
        return failure(OutcomeStatus::Error, "exec.prepare",
                       fmt::format("SQLite rejected the query: {}", stmt.error().message),
                       stmt.error().span);
    }
    if (!stmt->isValid())
        return failure(OutcomeStatus::Error, "exec.empty", "the query text holds no statement");
    if (!isBlankTail(sql.substr(tail))) {
        const auto second = static_cast<uint32_t>(skipBlank(sql, tail, true));
        return failure(OutcomeStatus::Error, "exec.multiple_statements",
                       fmt::format("only one statement may run; a second one starts at offset {}",
                                   second),
                       {second, static_cast<uint32_t>(sql.size())});
    }
    // Third guard, after the authorizer: candidate statements are queries. A
    // REINDEX or VACUUM with nothing to do asks the authorizer nothing at all.
    if (const std::string verb = leadingKeyword(sql); verb != "SELECT" && verb != "WITH"
                                                      && verb != "VALUES")
        return failure(OutcomeStatus::Error, "exec.denied",
                       fmt::format("denied: {} statement \"{}\" — candidate queries may only read "
                                   "(SELECT, WITH or VALUES)",
                                   verb, excerpt(sql.substr(0, tail))));
    if (!stmt->isReadOnly())
        return failure(OutcomeStatus::Error, "exec.denied",
                       fmt::format("denied: \"{}\" is not read-only — candidate queries may only read",
                                   excerpt(sql.substr(0, tail))));
    // Count from zero: the progress callbacks then fall at the same instructions on
    // every run, whatever ran on this connection before.
    sqlite3_stmt_status(stmt->handle(), SQLITE_STMTSTATUS_VM_STEP, 1);
    guard.startCountingSteps();
    QueryOutcome out = fetchRows(*stmt, conn.handle(), guard, limits, sql.substr(0, tail));
    out.vmSteps = sqlite3_stmt_status(stmt->handle(), SQLITE_STMTSTATUS_VM_STEP, 0);
    return out;
}

} // namespace

QueryOutcome runQuery(Connection& conn, std::string_view sql, const ExecLimits& limits)
{
    const Clock::time_point start = Clock::now();
    QueryOutcome out;
    if (!conn.isOpen()) {
        out = failure(OutcomeStatus::Error, "exec.closed", "the connection is not open");
    } else if (sql.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
        out = failure(OutcomeStatus::TooLarge, "exec.too_large", "the query text is too long");
    } else {
        out = runGuarded(conn, sql, limits, start);
    }
    out.elapsedMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return out;
}

} // namespace sqleq::exec
