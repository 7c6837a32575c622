// Unit tests of the executor against hostile SQL: built-ins whose one call could
// run for long (printf, instr, replace, LIKE, GLOB, trim) are charged to the step
// budget and refused when it cannot pay, with results identical to SQLite's on
// normal inputs; the per-query heap cap; SQLite's own limits and their messages;
// files that are not SQLite databases. Budgets are small so every case is quick;
// the tests assert outcome kinds and messages, never timings.
#include "core/exec/connection.h"
#include "core/exec/executor.h"
#include "core/exec/heap_budget.h"
#include "core/exec/query_guard.h"
#include "exec_test_support.h"

#include <QtTest>

#include <fmt/format.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using namespace sqleq;
using namespace sqleq::exec;
using namespace sqleq::exec::testing;

namespace {

/// A small budget: about 40 ms of typical work.
ExecLimits small()
{
    ExecLimits limits;
    limits.maxSteps = 5'000'000;
    limits.wallClockLimitMs = 60'000;  // never the reason in these tests
    return limits;
}

bool contains(const std::string& text, std::string_view part)
{
    return text.find(part) != std::string::npos;
}

/// The value SQLite itself (no replacements, default limits) gives for `expr`.
Value plainSqlite(const std::string& expr)
{
    sqlite3* db = nullptr;
    sqlite3_open(":memory:", &db);
    sqlite3_stmt* stmt = nullptr;
    Value out = Value::text("<prepare failed>");
    if (sqlite3_prepare_v2(db, ("SELECT " + expr).c_str(), -1, &stmt, nullptr) == SQLITE_OK) {
        const int rc = sqlite3_step(stmt);
        if (rc != SQLITE_ROW) out = Value::text(std::string("<error> ") + sqlite3_errmsg(db));
        else switch (sqlite3_column_type(stmt, 0)) {
        case SQLITE_NULL: out = Value::null(); break;
        case SQLITE_INTEGER: out = Value::integer(sqlite3_column_int64(stmt, 0)); break;
        case SQLITE_FLOAT: out = Value::real(sqlite3_column_double(stmt, 0)); break;
        case SQLITE_TEXT:
            out = Value::text(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
            break;
        default: {
            const auto* data = static_cast<const char*>(sqlite3_column_blob(stmt, 0));
            out = Value::blob(std::string(data, data + sqlite3_column_bytes(stmt, 0)));
        }
        }
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return out;
}

constexpr std::string_view kBigDistinct =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) "
    "SELECT count(*) FROM (SELECT DISTINCT x, printf('%.*c', 1000, 'a') FROM c)";

} // namespace

class TestExecHostile : public QObject {
    Q_OBJECT

private slots:
    void printfWithAHugePrecisionIsRefusedAtOnce();
    void longNeedlesAndPatternsAreRefused_data();
    void longNeedlesAndPatternsAreRefused();
    void manyMediumCallsAreChargedDeterministically();
    void guardedBuiltinsGiveSqlitesResults_data();
    void guardedBuiltinsGiveSqlitesResults();
    void trustedSqlCannotRunALongCallEither();
    void heapCapEndsAQueryWithItsOwnError();
    void heapCapIsPerQueryAndPerThread();
    void programSizeLimitIsNotCalledOutOfMemory();
    void overLongSqlStatesTheRealLimit();
    void filesThatAreNotSqliteAreRefused();
    void untrustedViewCannotRunALongCall();
};

void TestExecHostile::printfWithAHugePrecisionIsRefusedAtOnce()
{
    Connection conn = memoryWith("");
    const QueryOutcome out = runQuery(conn, "SELECT printf('%.*c', 2000000000, 'x')", small());
    QCOMPARE(out.status, OutcomeStatus::Timeout);
    QCOMPARE(out.error.code, std::string("exec.timeout"));
    QVERIFY2(contains(out.error.message, "budget of 5000000 VM steps: printf()"), out.error.message.c_str());
    QCOMPARE(out.functionSteps, int64_t(0));  // refused before doing the work
    // format() is the same function.
    QCOMPARE(runQuery(conn, "SELECT format('%2000000000.2000000000c', 'x')", small()).status, OutcomeStatus::Timeout);
    QVERIFY(runQuery(conn, "SELECT printf('%.3c', 'x')").ok());
}

void TestExecHostile::longNeedlesAndPatternsAreRefused_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("name");
    // A 1 MB string of 'a' and a needle of 20,000 'a' then 'b': the naive search
    // compares almost the whole needle at every position.
    const QString big = "printf('%.*c', 1000000, 'a')";
    const QString needle = "printf('%.*c', 20000, 'a') || 'b'";
    QTest::newRow("instr") << QString("SELECT instr(%1, %2)").arg(big, needle) << "instr()";
    QTest::newRow("instr blob") << QString("SELECT instr(zeroblob(1000000), zeroblob(20000) || x'01')") << "instr()";
    QTest::newRow("replace") << QString("SELECT length(replace(%1, %2, 'x'))").arg(big, needle) << "replace()";
    QTest::newRow("like") << QString("SELECT %1 LIKE '%' || printf('%.*c', 9000, 'a') || 'b'").arg(big) << "LIKE";
    QTest::newRow("like escape")
        << QString("SELECT %1 LIKE '%' || printf('%.*c', 9000, 'a') || 'b' ESCAPE '!'").arg(big) << "LIKE";
    QTest::newRow("glob") << QString("SELECT %1 GLOB '*' || printf('%.*c', 9000, 'a') || 'b'").arg(big) << "GLOB";
    QTest::newRow("trim") << QString("SELECT length(trim(%1, printf('%.*c', 20000, 'b') || 'a'))").arg(big)
                          << "trim()";
}

void TestExecHostile::longNeedlesAndPatternsAreRefused()
{
    QFETCH(QString, sql);
    QFETCH(QString, name);
    Connection conn = memoryWith("");
    const QueryOutcome out = runQuery(conn, sql.toStdString(), small());
    QCOMPARE(outcomeStatusName(out.status), std::string_view("timeout"));
    QVERIFY2(contains(out.error.message, name.toStdString()), out.error.message.c_str());
    QVERIFY2(contains(out.error.message, "VM steps"), out.error.message.c_str());
    QVERIFY(runQuery(conn, "SELECT 1").ok());  // the connection is usable afterwards
}

void TestExecHostile::manyMediumCallsAreChargedDeterministically()
{
    // Each call is cheap enough alone; together they are not, though the VM
    // runs only a few instructions per row.
    constexpr std::string_view sql =
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 100000), "
        "big(s, n) AS (SELECT printf('%.*c', 100000, 'a'), printf('%.*c', 100, 'a') || 'b') "
        "SELECT sum(instr(s, n)) FROM c, big";
    Connection conn = memoryWith("");
    const QueryOutcome first = runQuery(conn, sql, small());
    QCOMPARE(first.status, OutcomeStatus::Timeout);
    QVERIFY(first.vmSteps < small().maxSteps);  // the VM alone would have gone on
    QVERIFY(first.functionSteps > 0);
    Connection other = memoryWith(kSetup);
    const QueryOutcome again = runQuery(other, sql, small());
    QCOMPARE(again.vmSteps, first.vmSteps);
    QCOMPARE(again.functionSteps, first.functionSteps);
    QCOMPARE(again.error.message, first.error.message);
}

void TestExecHostile::guardedBuiltinsGiveSqlitesResults_data()
{
    QTest::addColumn<QString>("expr");
    const char* cases[] = {
        "instr('héllo wörld', 'ö')", "instr('abc', '')", "instr(NULL, 'a')", "instr('a', NULL)",
        "instr(x'00610062', x'62')", "instr(x'616263', 'c')", "instr(12345, 34)", "instr('aaa', 'aaaa')",
        "replace('abcabc', 'bc', 'X')", "replace('abc', '', 'X')", "replace(123, 2, 9)", "replace(NULL, 'a', 'b')",
        "replace('a', 'a', NULL)", "replace(x'616263', 'b', 'Z')", "typeof(replace(x'6162', '', 'Z'))",
        "'Peru' LIKE 'p%'", "'Peru' LIKE 'P_ru'", "'a%b' LIKE 'a\\%b' ESCAPE '\\'", "'a%b' LIKE 'a%%b' ESCAPE '%'",
        "'a_b' LIKE 'a__b' ESCAPE '_'", "'ab' LIKE 'a' ESCAPE 'xy'", "'ÄB' LIKE 'äb'", "'x' LIKE NULL",
        "NULL LIKE 'x'", "'x' LIKE 'x' ESCAPE NULL", "12 LIKE '1%'", "x'6162' LIKE 'ab'", "'' LIKE '%'",
        "'abc' GLOB 'a*'", "'abc' GLOB 'A*'", "'abc' GLOB '[a-c]?c'", "'a]' GLOB '[]]'", "'abc' GLOB '[^a]*'",
        "'abc' NOT GLOB '*d'", "trim('xxhixx', 'x')", "ltrim('  hi', ' ')", "rtrim('hé€€', '€')",
        "trim(NULL, 'x')", "trim('x', NULL)", "printf('%5.2f|%-4d|%.3c|%q|%Q|%w', 3.14159, 7, 'x', 'it''s', NULL, 'a\"b')",
        "printf('%s %s', 'only')", "printf(NULL)", "printf('%*d|%-*d|%.*s', 5, 42, 4, 7, 2, 'abcdef')",
        "printf('%,d', 1234567)", "printf('%!.20g', 0.1)", "format('%x %o %%', 255, 8)",
        "printf('%.*c', -3, 'y')", "printf('%.0c|%c', 'q', 'héllo')", "length(printf('%.*c', 100000, 'z'))",
    };
    for (const char* expr : cases) QTest::newRow(expr) << QString::fromUtf8(expr);
}

void TestExecHostile::guardedBuiltinsGiveSqlitesResults()
{
    QFETCH(QString, expr);
    const std::string text = expr.toStdString();
    Connection conn = memoryWith("");
    const QueryOutcome out = runQuery(conn, "SELECT " + text);
    const Value expected = plainSqlite(text);
    if (expected.type() == ValueType::Text && expected.asText().rfind("<error>", 0) == 0) {
        QCOMPARE(out.status, OutcomeStatus::Error);
        QVERIFY2(contains(expected.asText(), out.error.message.substr(out.error.message.rfind(": ") + 2)),
                 (out.error.message + " vs " + expected.asText()).c_str());
        return;
    }
    QVERIFY2(out.ok(), out.error.message.c_str());
    QCOMPARE(out.result.rows.at(0).at(0), expected);
}

void TestExecHostile::trustedSqlCannotRunALongCallEither()
{
    // sqleq's own INSERT evaluating an untrusted CHECK runs with no query budget
    // armed; one call is still capped.
    Connection conn = memoryWith("CREATE TABLE t(x CHECK (printf('%.*c', 2000000000, 'x') IS NOT NULL));");
    const Status st = conn.executeScript("INSERT INTO t VALUES (1);");
    QVERIFY(!st.ok());
    QVERIFY2(contains(st.error().message, "printf()"), st.error().message.c_str());
}

void TestExecHostile::heapCapEndsAQueryWithItsOwnError()
{
    QVERIFY(heapBudgetsEnforced());
    Connection conn = memoryWith(kSetup);
    ExecLimits limits;
    limits.maxHeapBytes = int64_t{8} << 20;
    const QueryOutcome out = runQuery(conn, kBigDistinct, limits);
    QCOMPARE(out.status, OutcomeStatus::TooLarge);
    QCOMPARE(out.error.code, std::string("exec.memory"));
    QVERIFY2(contains(out.error.message, "memory budget exceeded (8 MiB)"), out.error.message.c_str());
    // Again on the same connection: the same outcome (the instruction it stops at
    // may move by a few rows: SQLite keeps some memory between statements).
    const QueryOutcome again = runQuery(conn, kBigDistinct, limits);
    QCOMPARE(again.status, OutcomeStatus::TooLarge);
    QCOMPARE(again.error.message, out.error.message);
    // On a fresh connection it stops at exactly the same instruction.
    Connection fresh = memoryWith(kSetup);
    QCOMPARE(runQuery(fresh, kBigDistinct, limits).vmSteps, out.vmSteps);
    // Normal queries under the same small cap are untouched.
    const QueryOutcome plain = runQuery(conn, "SELECT name FROM t ORDER BY a", limits);
    QVERIFY2(plain.ok(), plain.error.message.c_str());
    QCOMPARE(plain.result.rows.size(), std::size_t(2));
    // No cap: the step budget ends it instead.
    ExecLimits uncapped = small();
    uncapped.maxHeapBytes = 0;
    QCOMPARE(runQuery(conn, kBigDistinct, uncapped).status, OutcomeStatus::Timeout);
}

void TestExecHostile::heapCapIsPerQueryAndPerThread()
{
    // Two threads at once: each query is charged only its own allocations, so
    // both stop at the same instruction as when run alone.
    ExecLimits limits;
    limits.maxHeapBytes = int64_t{8} << 20;
    Connection alone = memoryWith("");
    const QueryOutcome reference = runQuery(alone, kBigDistinct, limits);
    QCOMPARE(reference.status, OutcomeStatus::TooLarge);
    std::vector<QueryOutcome> outcomes(2);
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        threads.emplace_back([&outcomes, &limits, i] {
            Connection conn = memoryWith("");
            outcomes[i] = runQuery(conn, kBigDistinct, limits);
        });
    }
    for (std::thread& thread : threads) thread.join();
    for (const QueryOutcome& out : outcomes) {
        QCOMPARE(out.status, OutcomeStatus::TooLarge);
        QCOMPARE(out.vmSteps, reference.vmSteps);
    }
}

void TestExecHostile::programSizeLimitIsNotCalledOutOfMemory()
{
    std::string list;
    for (int i = 0; i < 100'000; ++i) list += (i > 0 ? "," : "") + std::to_string(i);
    Connection conn = memoryWith("");
    const QueryOutcome out = runQuery(conn, "SELECT count(*) FROM (SELECT 1 WHERE 1 IN (" + list + "))");
    QCOMPARE(out.status, OutcomeStatus::TooLarge);
    QVERIFY2(!contains(out.error.message, "out of memory"), out.error.message.c_str());
    QVERIFY2(contains(out.error.message, fmt::format("{} virtual-machine instructions", kMaxVdbeOps)),
             out.error.message.c_str());
}

void TestExecHostile::overLongSqlStatesTheRealLimit()
{
    Connection conn = memoryWith("");
    const std::string sql = "SELECT '" + std::string(kMaxSqlTextBytes, 'a') + "'";
    const QueryOutcome out = runQuery(conn, sql);
    QCOMPARE(out.status, OutcomeStatus::TooLarge);
    QVERIFY2(contains(out.error.message, "over the limit of 1048576 bytes (1 MiB)"), out.error.message.c_str());
    QVERIFY2(!contains(out.error.message, "16777216"), out.error.message.c_str());
    // Just under the limit, it runs.
    const std::string fits = "SELECT '" + std::string(kMaxSqlTextBytes - 20, 'a') + "'";
    QVERIFY(runQuery(conn, fits).ok());
}

void TestExecHostile::filesThatAreNotSqliteAreRefused()
{
    QTemporaryDir dir;
    const std::filesystem::path base = dir.path().toStdString();
    std::ofstream(base / "text.sqlite") << "hello, not a database\n";
    std::ofstream(base / "empty.sqlite");
    const std::filesystem::path fifo = base / "fifo.sqlite";
    QCOMPARE(mkfifo(fifo.c_str(), 0600), 0);
    const std::vector<std::filesystem::path> paths = {"/dev/zero", base / "text.sqlite", base / "empty.sqlite", fifo};
    for (const auto& path : paths) {
        auto conn = Connection::openReadOnly(path);
        QVERIFY2(!conn.ok(), path.c_str());
        QCOMPARE(conn.error().code, std::string("exec.not_database"));
        QVERIFY2(contains(conn.error().message, path.string()), conn.error().message.c_str());
    }
    // A real database still opens.
    sqlite3* db = nullptr;
    sqlite3_open((base / "real.sqlite").c_str(), &db);
    sqlite3_exec(db, "CREATE TABLE t(a); INSERT INTO t VALUES (1);", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    auto real = Connection::openReadOnly(base / "real.sqlite");
    QVERIFY(real.ok());
    QVERIFY(runQuery(*real, "SELECT a FROM t").ok());
}

void TestExecHostile::untrustedViewCannotRunALongCall()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("view.sqlite").toStdString();
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_exec(db, "CREATE TABLE t(a); INSERT INTO t VALUES (1);"
                     "CREATE VIEW slow AS SELECT printf('%.*c', 2000000000, 'x') AS p FROM t;",
                 nullptr, nullptr, nullptr);
    sqlite3_close(db);
    auto conn = Connection::openReadOnly(path);
    QVERIFY(conn.ok());
    const QueryOutcome out = runQuery(*conn, "SELECT * FROM slow", small());
    QCOMPARE(out.status, OutcomeStatus::Timeout);
    QVERIFY2(contains(out.error.message, "printf()"), out.error.message.c_str());
}

QTEST_APPLESS_MAIN(TestExecHostile)
#include "test_exec_hostile.moc"
