// runQuery: arm the connection's guard, take the statement from the cache or
// prepare it and refuse anything that is not a single read-only query, then step
// while counting rows and bytes. Every way out maps to one QueryOutcome status
// with a Diagnostic that says why.
#include "core/exec/executor.h"

#include "core/exec/query_guard.h"
#include "core/exec/sql_text.h"
#include "core/exec/statement.h"
#include "core/exec/statement_cache.h"

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
    if (!guard.interruptionDetail().empty())
        return failure(OutcomeStatus::Timeout, "exec.timeout",
                       fmt::format("the query ran past its budget of {} VM steps: {}", limits.maxSteps,
                                   guard.interruptionDetail()));
    return failure(OutcomeStatus::Timeout, "exec.timeout",
                   fmt::format("the query ran past its budget of {} VM steps", limits.maxSteps));
}

/// SQLITE_NOMEM has three causes: the query's heap budget, SQLite's limit on
/// program size (it reports a statement past SQLITE_LIMIT_VDBE_OP as out of
/// memory), and the machine itself.
QueryOutcome outOfMemory(const QueryGuard& guard, const ExecLimits& limits)
{
    const HeapBudget* heap = guard.heapBudget();
    if (heap != nullptr && heap->exceeded())
        return failure(OutcomeStatus::TooLarge, "exec.memory",
                       fmt::format("memory budget exceeded ({} MiB): the query needs more SQLite heap",
                                   limits.maxHeapBytes >> 20));
    if (heap != nullptr && !heap->allocatorFailed())
        return failure(OutcomeStatus::TooLarge, "exec.too_large",
                       fmt::format("the query compiles to more than {} virtual-machine instructions, "
                                   "SQLite's limit on one statement's program",
                                   kMaxVdbeOps));
    return failure(OutcomeStatus::TooLarge, "exec.too_large", "the query ran out of memory");
}

QueryOutcome notReadOnly(std::string_view statement)
{
    return failure(OutcomeStatus::Error, "exec.denied",
                   fmt::format("denied: \"{}\" is not read-only — candidate queries may only read",
                               excerpt(statement)));
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
    if (rc == SQLITE_NOMEM) return outOfMemory(guard, limits);
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

/// Prepares `sql` and vets it: one statement, a query, read-only, allowed by the
/// authorizer. Fills `out` and returns false when it may not run.
bool prepareVetted(Connection& conn, std::string_view sql, const QueryGuard& guard,
                   const ExecLimits& limits, CachedStatement& vetted, QueryOutcome& out)
{
    std::size_t tail = 0;
    auto stmt = Statement::prepare(conn, sql, &tail);
    if (!stmt) {
        if (guard.denial()) out = denied(*guard.denial(), sql);
        else if (guard.interruption() != Interruption::None) out = interrupted(guard, limits);
        else if (const int rc = sqlite3_errcode(conn.handle()) & 0xFF;
                 rc == SQLITE_TOOBIG || rc == SQLITE_NOMEM)
            out = stepFailure(rc, conn.handle(), guard, limits, sql);
        else if (stmt.error().message.starts_with("Expression tree is too large"))
            // The parser's message for the same limit: one limit, one wording.
            out = failure(OutcomeStatus::Error, "exec.too_deep", queryTooDeepMessage(), stmt.error().span);
        else
            out = failure(OutcomeStatus::Error, "exec.prepare",
                          fmt::format("SQLite rejected the query: {}", stmt.error().message),
                          stmt.error().span);
        return false;
    }
    if (!stmt->isValid()) {
        out = failure(OutcomeStatus::Error, "exec.empty", "the query text holds no statement");
        return false;
    }
    if (!isBlankTail(sql.substr(tail))) {
        const auto second = static_cast<uint32_t>(skipBlank(sql, tail, true));
        out = failure(OutcomeStatus::Error, "exec.multiple_statements",
                      fmt::format("only one statement may run; a second one starts at offset {}",
                                  second),
                      {second, static_cast<uint32_t>(sql.size())});
        return false;
    }
    // Third guard, after the authorizer: candidate statements are queries. A
    // REINDEX or VACUUM with nothing to do asks the authorizer nothing at all.
    if (const std::string verb = leadingKeyword(sql); verb != "SELECT" && verb != "WITH"
                                                      && verb != "VALUES") {
        out = failure(OutcomeStatus::Error, "exec.denied",
                      fmt::format("denied: {} statement \"{}\" — candidate queries may only read "
                                  "(SELECT, WITH or VALUES)",
                                  verb, excerpt(sql.substr(0, tail))));
        return false;
    }
    if (!stmt->isReadOnly()) {
        out = notReadOnly(sql.substr(0, tail));
        return false;
    }
    vetted = CachedStatement{std::move(stmt).value(), tail};
    return true;
}

/// Resets a cached statement however its run ends, so it holds no read
/// transaction between queries and starts from the top next time.
class ResetOnExit {
public:
    explicit ResetOnExit(sqlite3_stmt* stmt) : m_stmt(stmt) {}
    ~ResetOnExit()
    {
        sqlite3_reset(m_stmt);
        sqlite3_clear_bindings(m_stmt);
    }
    ResetOnExit(const ResetOnExit&) = delete;
    ResetOnExit& operator=(const ResetOnExit&) = delete;

private:
    sqlite3_stmt* m_stmt;
};

QueryOutcome runVetted(CachedStatement& vetted, sqlite3* db, QueryGuard& guard,
                       const ExecLimits& limits, std::string_view sql, const Row* parameters)
{
    Statement& stmt = vetted.statement;
    // Defence in depth: a vetted text stays a read-only query when SQLite
    // re-prepares it after a schema change, but checking costs nothing.
    if (!stmt.isReadOnly()) return notReadOnly(sql.substr(0, vetted.statementLength));
    const ResetOnExit reset(stmt.handle());
    if (parameters != nullptr) {
        for (std::size_t i = 0; i < parameters->size(); ++i) {
            if (auto bound = stmt.bind(static_cast<int>(i) + 1, (*parameters)[i]); !bound)
                return failure(OutcomeStatus::Error, "exec.bind",
                               fmt::format("cannot bind parameter {}: {}", i + 1, bound.error().message));
        }
    }
    // Count from zero: the progress callbacks then fall at the same instructions on
    // every run, whatever ran on this connection or statement before.
    sqlite3_stmt_status(stmt.handle(), SQLITE_STMTSTATUS_VM_STEP, 1);
    guard.startCountingSteps();
    QueryOutcome out = fetchRows(stmt, db, guard, limits, sql.substr(0, vetted.statementLength));
    out.vmSteps = sqlite3_stmt_status(stmt.handle(), SQLITE_STMTSTATUS_VM_STEP, 0);
    return out;
}

/// Arms the connection's guard for one query and disarms it however the query ends.
class ArmedGuard {
public:
    ArmedGuard(QueryGuard& guard, const ExecLimits& limits, Clock::time_point start,
               StatementCache& cache)
        : m_guard(guard)
    {
        // Statements prepared under another value-length limit skipped its
        // prepare-time checks under this one: prepare them again.
        if (m_guard.arm(limits, start)) cache.clear();
    }
    ~ArmedGuard() { m_guard.disarm(); }
    ArmedGuard(const ArmedGuard&) = delete;
    ArmedGuard& operator=(const ArmedGuard&) = delete;

private:
    QueryGuard& m_guard;
};

QueryOutcome runGuarded(QueryGuard& guard, StatementCache& cache, Connection& conn,
                        std::string_view sql, const ExecLimits& limits, const Row* parameters)
{
    CachedStatement* vetted = cache.find(sql);
    if (vetted == nullptr) {
        CachedStatement fresh;
        QueryOutcome refused;
        if (!prepareVetted(conn, sql, guard, limits, fresh, refused)) return refused;
        vetted = &cache.insert(sql, std::move(fresh));
    }
    QueryOutcome out = runVetted(*vetted, conn.handle(), guard, limits, sql, parameters);
    // A statement that failed (a denial on re-prepare, a runtime error) is not kept.
    if (out.status == OutcomeStatus::Error) cache.erase(sql);
    return out;
}

} // namespace

QueryOutcome runQuery(Connection& conn, std::string_view sql, const ExecLimits& limits, const Row& parameters)
{
    return runQueryWith(conn, sql, limits, &parameters);
}

QueryOutcome runQuery(Connection& conn, std::string_view sql, const ExecLimits& limits)
{
    return runQueryWith(conn, sql, limits, nullptr);
}

QueryOutcome runQueryWith(Connection& conn, std::string_view sql, const ExecLimits& limits, const Row* parameters)
{
    const Clock::time_point start = Clock::now();
    QueryOutcome out;
    if (!conn.isOpen()) {
        out = failure(OutcomeStatus::Error, "exec.closed", "the connection is not open");
    } else if (sql.size() > kMaxSqlTextBytes) {
        // SQLite would say "statement too long" without the limit; say both.
        out = failure(OutcomeStatus::TooLarge, "exec.too_large",
                      fmt::format("the query text is {} bytes, over the limit of {} bytes (1 MiB) on one "
                                  "SQL text",
                                  sql.size(), kMaxSqlTextBytes));
    } else {
        QueryGuard& guard = conn.queryGuard();
        StatementCache& cache = conn.statementCache();
        const ArmedGuard armed(guard, limits, start, cache);
        out = runGuarded(guard, cache, conn, sql, limits, parameters);
        out.functionSteps = guard.chargedSteps();
    }
    out.elapsedMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return out;
}

} // namespace sqleq::exec
