// Unit tests of core/exec: typed results, the read-only authorizer (also proving
// that a database file stays byte-identical, also through cached statements),
// the statement cache, row/byte caps, connection reuse after a guarded run,
// serialize/deserialize copies and open errors. Budgets: test_exec_budget.cpp.
#include "core/exec/connection.h"
#include "core/exec/executor.h"
#include "core/exec/remembered_runs.h"
#include "core/exec/spider_compat.h"
#include "core/exec/statement.h"
#include "exec_test_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

using namespace sqleq;
using namespace sqleq::exec;
using namespace sqleq::exec::testing;

namespace {

std::string readFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeFile(const std::filesystem::path& path, std::string_view bytes)
{
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::filesystem::path makeDatabaseFile(const QTemporaryDir& dir)
{
    Connection conn = memoryWith(kSetup);
    auto bytes = conn.serialize();
    if (!bytes) qFatal("serialize failed");
    const std::filesystem::path path = std::filesystem::path(dir.path().toStdString()) / "t.sqlite";
    writeFile(path, std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
    return path;
}

int64_t countRows(Connection& conn, std::string_view sql)
{
    const QueryOutcome out = runQuery(conn, sql);
    if (!out.ok() || out.result.rows.empty()) return -1;
    return out.result.rows[0][0].asInteger();
}

} // namespace

class TestExec : public QObject {
    Q_OBJECT

private slots:
    void rememberedRunsKeepOnlyWhatCannotChange();
    void typedValuesAndColumnNames();
    void doubleQuotedStringsStillWork();
    void tailMayHoldOnlyCommentsAndSemicolons();
    void emptyAndMalformedQueries();
    void deniedOperations_data();
    void deniedOperations();
    void databaseFileStaysByteIdentical();
    void connectionIsReusableAfterAGuardedRun();
    void cachedStatementsStayVetted();
    void cachedStatementsFollowSchemaAndLimits();
    void cachedStatementsRestartFromTheTop();
    void cacheIsBoundedAndSurvivesAMove();
    void valueAndByteCaps();
    void serializeAndDeserializeCopy();
    void copiesMoveAcrossThreads();
    void openErrorsNameTheFile();
    void scriptErrorsCarryPosition();
    void statementBindsValues();
    void officialPostprocessMatchesPython();
};

void TestExec::typedValuesAndColumnNames()
{
    Connection conn = memoryWith("");
    const QueryOutcome out =
        runQuery(conn, "SELECT NULL AS n, 42 AS i, 2.5 AS r, 'hé' AS t, x'00ff' AS b, 9223372036854775807");
    QVERIFY2(out.ok(), out.error.message.c_str());
    QCOMPARE(out.result.columnNames,
             (std::vector<std::string>{"n", "i", "r", "t", "b", "9223372036854775807"}));
    QCOMPARE(out.result.rows.size(), std::size_t(1));
    const Row& row = out.result.rows[0];
    QCOMPARE(row[0].type(), ValueType::Null);
    QCOMPARE(row[1], Value::integer(42));
    QCOMPARE(row[2], Value::real(2.5));
    QCOMPARE(row[3], Value::text("hé"));
    QCOMPARE(row[4], Value::blob(std::string("\x00\xff", 2)));
    QCOMPARE(row[5].asInteger(), int64_t(9223372036854775807));
    QVERIFY(out.elapsedMs >= 0.0);
}

void TestExec::doubleQuotedStringsStillWork()
{
    // Spider gold queries rely on SQLite's double-quoted-string fallback.
    Connection conn = memoryWith(kSetup);
    const QueryOutcome out = runQuery(conn, "SELECT a FROM t WHERE name = \"France\"");
    QVERIFY2(out.ok(), out.error.message.c_str());
    QCOMPARE(out.result.rows.size(), std::size_t(1));
    QCOMPARE(out.result.rows[0][0], Value::integer(1));
}

void TestExec::tailMayHoldOnlyCommentsAndSemicolons()
{
    Connection conn = memoryWith(kSetup);
    QVERIFY(runQuery(conn, "SELECT 1;").ok());
    QVERIFY(runQuery(conn, "  SELECT 1 ; ; -- done\n /* end */ ;").ok());
    const QueryOutcome two = runQuery(conn, "SELECT 1; SELECT 2");
    QCOMPARE(two.status, OutcomeStatus::Error);
    QCOMPARE(two.error.code, std::string("exec.multiple_statements"));
    QCOMPARE(two.error.span.begin, uint32_t(10));
}

void TestExec::emptyAndMalformedQueries()
{
    Connection conn = memoryWith(kSetup);
    QCOMPARE(runQuery(conn, "  -- nothing\n").error.code, std::string("exec.empty"));
    const QueryOutcome missing = runQuery(conn, "SELECT * FROM nosuch");
    QCOMPARE(missing.status, OutcomeStatus::Error);
    QCOMPARE(missing.error.code, std::string("exec.prepare"));
    QVERIFY2(missing.error.message.find("no such table: nosuch") != std::string::npos,
             missing.error.message.c_str());
    const QueryOutcome syntax = runQuery(conn, "SELECT name FROM t WHERE a > = 1");
    QCOMPARE(syntax.error.code, std::string("exec.prepare"));
    QVERIFY(syntax.error.span.valid());
    QCOMPARE(syntax.error.span.begin, uint32_t(29));  // at the second '='
    const QueryOutcome runtime = runQuery(conn, "SELECT abs(-9223372036854775807 - 1)");
    QCOMPARE(runtime.error.code, std::string("exec.runtime"));
    QVERIFY(runtime.error.message.find("integer overflow") != std::string::npos);
}

void TestExec::deniedOperations_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("mentions");
    const auto row = [](const char* name, const char* sql, const char* mentions) {
        QTest::newRow(name) << QString::fromUtf8(sql) << QString::fromUtf8(mentions);
    };
    row("attach", "ATTACH DATABASE '%DIR%/x.db' AS x", "ATTACH of \"%DIR%/x.db\"");
    row("detach", "DETACH DATABASE main", "DETACH of \"main\"");
    row("insert", "INSERT INTO t VALUES (3, 'Chad', 0)", "INSERT into \"t\"");
    row("replace", "REPLACE INTO t VALUES (1, 'x', 0)", "INSERT into \"t\"");
    row("insert via cte", "WITH c AS (SELECT 9, 'x', 0) INSERT INTO t SELECT * FROM c",
        "INSERT into \"t\"");
    row("update", "UPDATE t SET name = 'x'", "UPDATE of \"t\"");
    row("delete", "DELETE FROM t", "DELETE from \"t\"");
    row("create table", "CREATE TABLE u(x)", "schema change \"CREATE TABLE u");
    row("create table as", "CREATE TABLE u AS SELECT * FROM t", "schema change \"CREATE TABLE u");
    row("create temp table", "CREATE TEMP TABLE u(x)", "schema change \"CREATE TEMP TABLE u");
    row("create view", "CREATE VIEW w AS SELECT 1", "schema change \"CREATE VIEW w");
    row("create temp view", "CREATE TEMP VIEW w AS SELECT 1", "schema change \"CREATE TEMP VIEW w");
    row("create trigger", "CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM t; END",
        "CREATE TRIGGER \"tr\"");
    row("create index", "CREATE INDEX i ON t(name)", "schema change \"CREATE INDEX i");
    row("create virtual", "CREATE VIRTUAL TABLE f USING fts5(x)", "schema change \"CREATE VIRTUAL TABLE f");
    row("drop table", "DROP TABLE t", "schema change \"DROP TABLE t");
    row("drop view", "DROP VIEW v", "schema change \"DROP VIEW v");
    row("alter rename", "ALTER TABLE t RENAME TO u", "ALTER TABLE \"t\"");
    row("alter add", "ALTER TABLE t ADD COLUMN c", "ALTER TABLE \"t\"");
    row("pragma set", "PRAGMA user_version = 7", "PRAGMA \"user_version\"");
    row("pragma read", "PRAGMA table_info(t)", "PRAGMA \"table_info\"");
    row("pragma function", "SELECT * FROM pragma_table_info('t')", "PRAGMA \"table_info\"");
    row("begin", "BEGIN", "BEGIN");
    row("commit", "COMMIT", "COMMIT");
    row("rollback", "ROLLBACK", "ROLLBACK");
    row("savepoint", "SAVEPOINT sp", "SAVEPOINT \"sp\"");
    row("release", "RELEASE sp", "RELEASE SAVEPOINT \"sp\"");
    row("analyze", "ANALYZE", "ANALYZE");
    row("reindex", "REINDEX", "REINDEX statement");
    row("vacuum", "VACUUM", "VACUUM");
    row("vacuum into", "VACUUM INTO '%DIR%/copy.db'", "VACUUM statement \"VACUUM INTO '%DIR%/copy.db'");
    row("load_extension", "SELECT load_extension('x')", "function \"load_extension\"");
    row("fts3_tokenizer", "SELECT fts3_tokenizer('simple')", "function \"fts3_tokenizer\"");
    row("two statements", "SELECT 1; DROP TABLE t", "second");
    row("attach after select", "SELECT 1; ATTACH '%DIR%/y.db' AS y", "second");
}

void TestExec::deniedOperations()
{
    QFETCH(QString, sql);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path file = makeDatabaseFile(dir);
    const std::string query = sql.replace("%DIR%", dir.path()).toStdString();
    const std::string expected = mentions.replace("%DIR%", dir.path()).toStdString();

    // Against a writable in-memory database too: the policy must not rely on read-only files.
    auto readOnly = Connection::openReadOnly(file);
    QVERIFY(readOnly.ok());
    Connection memory = memoryWith(kSetup);
    for (Connection* conn : {&readOnly.value(), &memory}) {
        const QueryOutcome out = runQuery(*conn, query);
        QCOMPARE(out.status, OutcomeStatus::Error);
        QVERIFY2(out.error.message.find(expected) != std::string::npos, out.error.message.c_str());
        if (expected != "second") {
            QCOMPARE(out.error.code, std::string("exec.denied"));
            QVERIFY2(out.error.message.rfind("denied: ", 0) == 0, out.error.message.c_str());
        }
        QCOMPARE(countRows(*conn, "SELECT count(*) FROM t"), int64_t(2));
        QCOMPARE(countRows(*conn, "SELECT count(*) FROM sqlite_master"), int64_t(2));
        QCOMPARE(countRows(*conn, "SELECT count(*) FROM sqlite_temp_master"), int64_t(0));
    }
    QVERIFY(!std::filesystem::exists(std::filesystem::path(dir.path().toStdString()) / "x.db"));
    QVERIFY(!std::filesystem::exists(std::filesystem::path(dir.path().toStdString()) / "y.db"));
    QVERIFY(!std::filesystem::exists(std::filesystem::path(dir.path().toStdString()) / "copy.db"));
}

void TestExec::databaseFileStaysByteIdentical()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path file = makeDatabaseFile(dir);
    const std::string before = readFile(file);
    const std::string d = dir.path().toStdString();
    const std::vector<std::string> hostile = {
        "ATTACH DATABASE '" + d + "/x.db' AS x", "DETACH DATABASE main",
        "INSERT INTO t VALUES (3, 'Chad', 0)", "UPDATE t SET name = 'x'", "DELETE FROM t",
        "CREATE TABLE u(x)", "CREATE VIEW w AS SELECT 1", "CREATE TEMP TABLE u(x)",
        "CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM t; END", "CREATE INDEX i ON t(name)",
        "DROP TABLE t", "ALTER TABLE t ADD COLUMN c", "PRAGMA user_version = 7",
        "PRAGMA journal_mode = WAL", "SELECT * FROM pragma_table_info('t')", "BEGIN", "COMMIT",
        "SAVEPOINT sp", "VACUUM", "VACUUM INTO '" + d + "/copy.db'", "SELECT load_extension('x')",
        "SELECT 1; DELETE FROM t", "ANALYZE", "REINDEX",
        "SELECT * FROM t, t AS b, t AS c ORDER BY 1",
    };
    auto conn = Connection::openReadOnly(file);
    QVERIFY(conn.ok());
    for (int round = 0; round < 2; ++round) {  // the second round meets any cached statement
        for (const std::string& sql : hostile) (void)runQuery(*conn, sql);
    }
    QVERIFY(runQuery(*conn, "SELECT * FROM v").ok());
    conn = Connection();  // close before comparing
    QVERIFY(readFile(file) == before);
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(d))
        names.push_back(entry.path().filename().string());
    QCOMPARE(names, std::vector<std::string>{"t.sqlite"});
}

void TestExec::connectionIsReusableAfterAGuardedRun()
{
    Connection conn = memoryWith(kSetup);
    QVERIFY(runQuery(conn, "SELECT count(*) FROM t").ok());
    QVERIFY(runQuery(conn, "SELECT count(*) FROM t").ok());  // cached, still restores
    QCOMPARE(runQuery(conn, "ATTACH ':memory:' AS aux").error.code, std::string("exec.denied"));
    // The authorizer and limits (ATTACHED = 0) are gone: trusted setup works again.
    const Status st = conn.executeScript(
        "ATTACH ':memory:' AS aux; CREATE TABLE aux.extra(x); INSERT INTO t VALUES (3, 'Chad', 2);");
    QVERIFY2(st.ok(), st ? "" : st.error().message.c_str());
    QCOMPARE(countRows(conn, "SELECT count(*) FROM t"), int64_t(3));
    QCOMPARE(countRows(conn, "SELECT count(*) FROM aux.extra"), int64_t(0));
}

void TestExec::cachedStatementsStayVetted()
{
    Connection conn = memoryWith(kSetup);
    for (int round = 0; round < 3; ++round) {
        const QueryOutcome read = runQuery(conn, "SELECT name FROM t ORDER BY a");
        QVERIFY(read.ok());
        QCOMPARE(read.result.rows.size(), std::size_t(2));
        QCOMPARE(conn.cachedStatementCount(), std::size_t(1));  // prepared once, reused
        // Refused texts are never kept, so they are refused again every time.
        for (const char* hostile : {"DELETE FROM t", "SELECT 1; DROP TABLE t", "PRAGMA user_version = 7",
                                    "ATTACH ':memory:' AS aux", "SELECT load_extension('x')"}) {
            const QueryOutcome out = runQuery(conn, hostile);
            QCOMPARE(out.status, OutcomeStatus::Error);
            QVERIFY2(out.error.code == "exec.denied" || out.error.code == "exec.multiple_statements",
                     out.error.code.c_str());
        }
        QCOMPARE(conn.cachedStatementCount(), std::size_t(1));
        // Between candidate queries the connection is trusted again: the authorizer
        // is disarmed and the tight limits (ATTACHED = 0) are lifted.
        auto insert = Statement::prepare(conn, "INSERT INTO t VALUES (?1, 'x', 0)");
        QVERIFY(insert.ok());
        QVERIFY(insert->bind(1, Value::integer(10 + round)).ok());
        QVERIFY(insert->step().ok());
        insert = Statement();
        QVERIFY(runQuery(conn, "DELETE FROM t WHERE a >= 10").error.code == "exec.denied");
        QVERIFY(conn.executeScript("DELETE FROM t WHERE a >= 10").ok());
    }
    QCOMPARE(countRows(conn, "SELECT count(*) FROM t"), int64_t(2));
    // A statement that failed while running is dropped, not kept half-used.
    QCOMPARE(runQuery(conn, "SELECT abs(-9223372036854775807 - 1)").error.code, std::string("exec.runtime"));
    QCOMPARE(conn.cachedStatementCount(), std::size_t(1));  // only the count above
}

void TestExec::cachedStatementsFollowSchemaAndLimits()
{
    Connection conn = memoryWith(kSetup);
    const QueryOutcome before = runQuery(conn, "SELECT * FROM v");
    QCOMPARE(before.result.columnNames, std::vector<std::string>{"name"});
    // Trusted DDL through executeScript drops the cache; the text is prepared anew.
    QVERIFY(conn.executeScript("DROP VIEW v; CREATE VIEW v AS SELECT a, score FROM t;").ok());
    QCOMPARE(conn.cachedStatementCount(), std::size_t(0));
    const QueryOutcome after = runQuery(conn, "SELECT * FROM v");
    QVERIFY2(after.ok(), after.error.message.c_str());
    QCOMPARE(after.result.columnNames, (std::vector<std::string>{"a", "score"}));
    // A literal over the value-length limit is refused while preparing; a statement
    // cached under a larger limit must not slip past a smaller one.
    const std::string literal = "SELECT '" + std::string(5000, 'x') + "'";
    QVERIFY(runQuery(conn, literal).ok());
    ExecLimits tight;
    tight.maxValueLength = 1000;
    QCOMPARE(runQuery(conn, literal, tight).status, OutcomeStatus::TooLarge);
    QVERIFY(runQuery(conn, literal).ok());
}

void TestExec::cachedStatementsRestartFromTheTop()
{
    Connection conn = memoryWith("");
    constexpr std::string_view eleven =
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 11) SELECT x FROM c";
    ExecLimits fewRows;
    fewRows.maxRows = 10;
    QCOMPARE(runQuery(conn, eleven, fewRows).status, OutcomeStatus::TooLarge);  // stopped mid-way
    const QueryOutcome all = runQuery(conn, eleven);
    QVERIFY(all.ok());
    QCOMPARE(all.result.rows.size(), std::size_t(11));
    QCOMPARE(all.result.rows.front()[0], Value::integer(1));
    ExecLimits fewSteps;
    fewSteps.maxSteps = 1;
    QVERIFY(runQuery(conn, kEndless, fewSteps).status == OutcomeStatus::Timeout);
    QVERIFY(runQuery(conn, eleven, fewRows).status == OutcomeStatus::TooLarge);
    QCOMPARE(runQuery(conn, eleven).result.rows, all.result.rows);
}

void TestExec::cacheIsBoundedAndSurvivesAMove()
{
    Connection conn = memoryWith(kSetup);
    for (int i = 0; i < 200; ++i) QVERIFY(runQuery(conn, "SELECT " + std::to_string(i)).ok());
    QCOMPARE(conn.cachedStatementCount(), std::size_t(128));
    // SQLite holds a pointer to the guard: it must keep working after the move.
    Connection moved = std::move(conn);
    QCOMPARE(moved.cachedStatementCount(), std::size_t(128));
    QCOMPARE(runQuery(moved, "DELETE FROM t").error.code, std::string("exec.denied"));
    QCOMPARE(runQuery(moved, "SELECT 199").result.rows[0][0], Value::integer(199));
    ExecLimits fewSteps;
    fewSteps.maxSteps = 1000;
    QCOMPARE(runQuery(moved, kEndless, fewSteps).status, OutcomeStatus::Timeout);
    QCOMPARE(conn.cachedStatementCount(), std::size_t(0));
    QCOMPARE(runQuery(conn, "SELECT 1").error.code, std::string("exec.closed"));
}

void TestExec::valueAndByteCaps()
{
    Connection conn = memoryWith("");
    ExecLimits limits;
    limits.maxValueLength = 1 << 20;
    const QueryOutcome huge = runQuery(conn, "SELECT zeroblob(50000000)", limits);
    QCOMPARE(huge.status, OutcomeStatus::TooLarge);
    const QueryOutcome repeated = runQuery(conn, "SELECT replace(printf('%.*c', 500000, 'x'), 'x', 'xxxx')", limits);
    QCOMPARE(repeated.status, OutcomeStatus::TooLarge);

    ExecLimits small;
    small.maxResultBytes = 100000;
    const QueryOutcome wide = runQuery(
        conn,
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 1000) "
        "SELECT printf('%.*c', 1000, 'x') FROM c",
        small);
    QCOMPARE(wide.status, OutcomeStatus::TooLarge);
    ExecLimits fewRows;
    fewRows.maxRows = 10;
    const QueryOutcome many = runQuery(
        conn, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 11) SELECT x FROM c",
        fewRows);
    QCOMPARE(many.status, OutcomeStatus::TooLarge);
    QVERIFY(runQuery(conn, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 10) "
                           "SELECT x FROM c",
                     fewRows)
                .ok());
}

void TestExec::serializeAndDeserializeCopy()
{
    Connection original = memoryWith(kSetup);
    auto bytes = original.serialize();
    QVERIFY(bytes.ok());
    QVERIFY(bytes->size() >= 512);
    auto copy = Connection::deserializeCopy(*bytes);
    QVERIFY(copy.ok());
    QCOMPARE(countRows(*copy, "SELECT count(*) FROM t"), int64_t(2));
    QVERIFY(copy->executeScript("INSERT INTO t VALUES (3, 'Chad', 0); CREATE TABLE more(x);").ok());
    QCOMPARE(countRows(*copy, "SELECT count(*) FROM t"), int64_t(3));
    QCOMPARE(countRows(original, "SELECT count(*) FROM t"), int64_t(2));

    auto empty = Connection::openMemory();
    QVERIFY(empty.ok());
    auto emptyBytes = empty->serialize();
    QVERIFY(emptyBytes.ok());
    auto emptyCopy = Connection::deserializeCopy(*emptyBytes);
    QVERIFY(emptyCopy.ok());
    QCOMPARE(countRows(*emptyCopy, "SELECT count(*) FROM sqlite_master"), int64_t(0));

    const Bytes garbage(4096, 0x41);
    auto bad = Connection::deserializeCopy(garbage);
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().code, std::string("exec.not_database"));
}

void TestExec::copiesMoveAcrossThreads()
{
    Connection original = memoryWith(kSetup);
    auto bytes = original.serialize();
    QVERIFY(bytes.ok());
    std::vector<int64_t> counts(4, -1);
    std::vector<std::thread> workers;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        workers.emplace_back([&bytes, &counts, i] {
            auto copy = Connection::deserializeCopy(*bytes);
            if (copy) counts[i] = countRows(*copy, "SELECT count(*) FROM t WHERE score IS NULL");
        });
    }
    for (std::thread& worker : workers) worker.join();
    QCOMPARE(counts, std::vector<int64_t>(4, 1));
}

void TestExec::openErrorsNameTheFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path missing = std::filesystem::path(dir.path().toStdString()) / "no.sqlite";
    auto none = Connection::openReadOnly(missing);
    QVERIFY(!none.ok());
    QCOMPARE(none.error().code, std::string("exec.not_found"));
    QVERIFY(none.error().message.find(missing.string()) != std::string::npos);
    QVERIFY(!std::filesystem::exists(missing));

    const std::filesystem::path text = std::filesystem::path(dir.path().toStdString()) / "notes?#%.txt";
    writeFile(text, std::string(2000, 'z'));
    auto notDb = Connection::openReadOnly(text);
    QVERIFY(!notDb.ok());
    QCOMPARE(notDb.error().code, std::string("exec.not_database"));
    QVERIFY2(notDb.error().message.find(text.string()) != std::string::npos,
             notDb.error().message.c_str());

    auto folder = Connection::openReadOnly(dir.path().toStdString());
    QVERIFY(!folder.ok());
}

void TestExec::scriptErrorsCarryPosition()
{
    auto conn = Connection::openMemory();
    QVERIFY(conn.ok());
    const std::string script = "CREATE TABLE a(x);\nCREATE TABLE b(y INTEGER,, z);\nCREATE TABLE c(z);";
    const Status st = conn->executeScript(script);
    QVERIFY(!st.ok());
    QCOMPARE(st.error().code, std::string("exec.script"));
    QVERIFY2(st.error().message.find("statement 2") != std::string::npos, st.error().message.c_str());
    QVERIFY(st.error().span.valid());
    QCOMPARE(st.error().span.begin, uint32_t(script.find(",,") + 1));
    const Status dup = conn->executeScript("INSERT INTO a VALUES (1); CREATE TABLE a(x);");
    QVERIFY(!dup.ok());
    QCOMPARE(dup.error().span.begin, uint32_t(39));  // SQLite points at the name "a"
    QCOMPARE(dup.error().span.length(), uint32_t(1));
    QVERIFY(dup.error().message.find("already exists") != std::string::npos);
}

void TestExec::statementBindsValues()
{
    Connection conn = memoryWith("CREATE TABLE k(v);");
    auto insert = Statement::prepare(conn, "INSERT INTO k VALUES (?1)");
    QVERIFY(insert.ok());
    const std::vector<Value> values = {Value::null(), Value::integer(-3), Value::real(0.5),
                                       Value::text("a'b"), Value::blob("\x01\x02")};
    for (const Value& value : values) {
        QVERIFY(insert->bind(1, value).ok());
        QVERIFY(insert->step().ok());
        insert->reset();
    }
    const QueryOutcome out = runQuery(conn, "SELECT v FROM k ORDER BY rowid");
    QVERIFY(out.ok());
    QCOMPARE(out.result.rows.size(), values.size());
    for (std::size_t i = 0; i < values.size(); ++i) QCOMPARE(out.result.rows[i][0], values[i]);
}

void TestExec::officialPostprocessMatchesPython()
{
    QCOMPARE(officialPostprocess("a > = 1 AND b < = 2 AND c ! = 3"),
             std::string("a >= 1 AND b <= 2 AND c != 3"));
    QCOMPARE(officialPostprocess("x >  = 1"), std::string("x >  = 1"));
    QCOMPARE(officialPostprocess("'> ='"), std::string("'>='"));
    QCOMPARE(officialPostprocess("> = ="), std::string(">= ="));
    QCOMPARE(officialPostprocess("<> = 1"), std::string("<>= 1"));  // replace order, as in Python
    QCOMPARE(officialPostprocess(""), std::string());
    // replace_cur_year: case-insensitive, spaces inside and after the match taken.
    QCOMPARE(officialPostprocess("WHERE y >= YEAR(CURDATE()) - 8"), std::string("WHERE y >= 2020- 8"));
    QCOMPARE(officialPostprocess("year ( curdate ( ) )"), std::string("2020"));
    QCOMPARE(officialPostprocess("YEAR(CURDATE(1))"), std::string("YEAR(CURDATE(1))"));
    QCOMPARE(officialPostprocess("YEAR(CURDATE()"), std::string("YEAR(CURDATE()"));
    QCOMPARE(officialPostprocess("xYEAR(CURDATE())y"), std::string("x2020y"));
}

void TestExec::rememberedRunsKeepOnlyWhatCannotChange()
{
    auto conn = testing::memoryWith(testing::kSetup);
    const ExecLimits limits;
    const int database = 0;  // any stable address names the database
    RememberedRuns remembered(/*maxCells=*/6);
    const std::string_view names = "SELECT name FROM t ORDER BY a";
    QVERIFY(!remembered.find(&database, names, limits));
    const QueryOutcome first = runQuery(conn, names, limits);
    remembered.remember(&database, names, limits, first);
    // Found again, rows and all; not for another database or other limits.
    const auto again = remembered.find(&database, names, limits);
    QVERIFY(again.has_value());
    QCOMPARE(again->result.rows, first.result.rows);
    const int other = 0;
    QVERIFY(!remembered.find(&other, names, limits));
    ExecLimits fewerRows = limits;
    fewerRows.maxRows = 1;
    QVERIFY(!remembered.find(&database, names, fewerRows));

    // A cancelled run and a wall-clock timeout depend on the moment: never kept.
    QueryOutcome cancelled;
    cancelled.status = OutcomeStatus::Timeout;
    cancelled.error.code = "exec.cancelled";
    remembered.remember(&database, "SELECT 1", limits, cancelled);
    QVERIFY(!remembered.find(&database, "SELECT 1", limits));
    QueryOutcome wallClock;
    wallClock.status = OutcomeStatus::WallClockTimeout;
    remembered.remember(&database, "SELECT 2", limits, wallClock);
    QVERIFY(!remembered.find(&database, "SELECT 2", limits));
    // A step-budget timeout is deterministic: kept.
    QueryOutcome stepBudget;
    stepBudget.status = OutcomeStatus::Timeout;
    stepBudget.error.code = "exec.timeout";
    remembered.remember(&database, "SELECT 3", limits, stepBudget);
    QVERIFY(remembered.find(&database, "SELECT 3", limits));

    // Past its cells, the least recently used goes first: `names` (3 cells) was read
    // after SELECT 3, so the newest entry pushes SELECT 3 out, then `names`.
    QVERIFY(remembered.find(&database, names, limits));
    remembered.remember(&database, "SELECT a FROM t", limits, runQuery(conn, "SELECT a FROM t", limits));
    QVERIFY(!remembered.find(&database, "SELECT 3", limits));
    QVERIFY(remembered.find(&database, names, limits));
    QVERIFY(remembered.find(&database, "SELECT a FROM t", limits));
}

QTEST_APPLESS_MAIN(TestExec)
#include "test_exec.moc"
