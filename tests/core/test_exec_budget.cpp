// Unit tests of the executor's budgets: the step budget (deterministic: the same
// statement stops at the same VM instruction on every run), queries under it left
// alone, the wall-clock safety net for work the step counter cannot see, and
// cancellation from another thread. They assert outcomes, never timings.
#include "core/exec/connection.h"
#include "core/exec/executor.h"
#include "core/exec/query_guard.h"
#include "exec_test_support.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <limits>
#include <string>
#include <thread>

using namespace sqleq;
using namespace sqleq::exec;
using namespace sqleq::exec::testing;

class TestExecBudget : public QObject {
    Q_OBJECT

private slots:
    void infiniteRecursionTimesOut();
    void stepBudgetIsDeterministic();
    void queriesUnderTheStepBudgetAreUnaffected();
    void wallClockNetFiresOnWorkTheStepsDoNotSee();
    void crossJoinEndsTooLargeOrTimeout();
    void cancelFlagStopsTheQuery();
    void idleBudgetConvertsToStepsAndANet();
};

void TestExecBudget::infiniteRecursionTimesOut()
{
    Connection conn = memoryWith("");
    ExecLimits limits;
    limits.maxSteps = 2'000'000;
    const QueryOutcome out = runQuery(conn, kEndless, limits);
    QCOMPARE(out.status, OutcomeStatus::Timeout);
    QCOMPARE(out.error.code, std::string("exec.timeout"));
    QVERIFY2(out.error.message.find("2000000 VM steps") != std::string::npos, out.error.message.c_str());
    QVERIFY(runQuery(conn, "SELECT 1").ok());  // the progress handler is gone
}

void TestExecBudget::stepBudgetIsDeterministic()
{
    // The same statement, budget and data stop at the same instruction every time,
    // on a fresh or a reused connection, with or without other work in between.
    ExecLimits limits;
    limits.maxSteps = 3'000'000;
    Connection conn = memoryWith("");
    const QueryOutcome first = runQuery(conn, kEndless, limits);
    QCOMPARE(first.status, OutcomeStatus::Timeout);
    QVERIFY(first.vmSteps >= limits.maxSteps);
    QVERIFY(first.vmSteps < limits.maxSteps + 2 * kStepsPerCallback);
    for (int round = 0; round < 3; ++round) {
        QVERIFY(runQuery(conn, "SELECT count(*) FROM (SELECT 1 UNION SELECT 2)").ok());
        const QueryOutcome again = runQuery(conn, kEndless, limits);
        QCOMPARE(again.status, OutcomeStatus::Timeout);
        QCOMPARE(again.vmSteps, first.vmSteps);
    }
    Connection other = memoryWith(kSetup);
    QCOMPARE(runQuery(other, kEndless, limits).vmSteps, first.vmSteps);
    // Cancellation and the wall clock are not the step budget's business.
    std::atomic<bool> never{false};
    limits.cancel = &never;
    limits.wallClockLimitMs = 60'000;
    QCOMPARE(runQuery(other, kEndless, limits).vmSteps, first.vmSteps);
}

void TestExecBudget::queriesUnderTheStepBudgetAreUnaffected()
{
    Connection conn = memoryWith(kSetup);
    constexpr std::string_view finite =
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 20000) "
        "SELECT count(*), sum(x) FROM c";
    ExecLimits unlimited;
    unlimited.maxSteps = 0;
    const QueryOutcome free = runQuery(conn, finite, unlimited);
    QVERIFY2(free.ok(), free.error.message.c_str());
    QVERIFY(free.vmSteps > 10 * kStepsPerCallback);
    ExecLimits exact;
    exact.maxSteps = free.vmSteps;  // a budget of exactly what it needs is enough
    const QueryOutcome fits = runQuery(conn, finite, exact);
    QVERIFY2(fits.ok(), fits.error.message.c_str());
    QCOMPARE(fits.result.rows, free.result.rows);
    QCOMPARE(fits.vmSteps, free.vmSteps);
    ExecLimits half;
    half.maxSteps = free.vmSteps / 2;
    QCOMPARE(runQuery(conn, finite, half).status, OutcomeStatus::Timeout);
    // The default budget leaves ordinary queries alone.
    const QueryOutcome plain = runQuery(conn, "SELECT name FROM t ORDER BY a");
    QVERIFY(plain.ok());
    QCOMPARE(plain.result.rows.size(), std::size_t(2));
}

void TestExecBudget::wallClockNetFiresOnWorkTheStepsDoNotSee()
{
    // Each row spends milliseconds inside one replace() call: a handful of VM
    // instructions, so the step budget cannot see the time; only the net can.
    Connection conn = memoryWith("");
    ExecLimits limits;
    limits.wallClockLimitMs = 50;
    const QueryOutcome out = runQuery(
        conn,
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 100000) "
        "SELECT sum(length(replace(printf('%.*c', 1000000 + x % 2, 'a'), 'a', 'bb'))) FROM c",
        limits);
    QCOMPARE(out.status, OutcomeStatus::WallClockTimeout);
    QCOMPARE(out.error.code, std::string("exec.wall_clock"));
    QCOMPARE(outcomeStatusName(out.status), std::string_view("wall_clock_timeout"));
    QVERIFY2(out.error.message.find("may depend on the machine") != std::string::npos,
             out.error.message.c_str());
    QVERIFY(out.vmSteps < limits.maxSteps / 1000);
    QVERIFY(runQuery(conn, "SELECT 1").ok());
}

void TestExecBudget::crossJoinEndsTooLargeOrTimeout()
{
    Connection conn = memoryWith(
        "CREATE TABLE big(x INTEGER);"
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 2000) "
        "INSERT INTO big SELECT x FROM c;");
    ExecLimits limits;
    limits.maxSteps = 20'000'000;
    const QueryOutcome rows = runQuery(conn, "SELECT * FROM big a, big b, big c", limits);
    QCOMPARE(rows.status, OutcomeStatus::TooLarge);  // 100,000 rows come long before 20M steps
    QVERIFY(rows.result.rows.empty());
    const QueryOutcome counted = runQuery(conn, "SELECT count(*) FROM big a, big b, big c", limits);
    QCOMPARE(counted.status, OutcomeStatus::Timeout);
    const QueryOutcome sorted =
        runQuery(conn, "SELECT a.x FROM big a, big b ORDER BY a.x * b.x DESC LIMIT 1", limits);
    QCOMPARE(sorted.status, OutcomeStatus::Timeout);
    limits.maxSteps = 200'000'000;
    const QueryOutcome done =
        runQuery(conn, "SELECT a.x FROM big a, big b ORDER BY a.x * b.x DESC LIMIT 1", limits);
    QVERIFY2(done.ok(), done.error.message.c_str());
    QCOMPARE(done.result.rows[0][0], Value::integer(2000));
}

void TestExecBudget::cancelFlagStopsTheQuery()
{
    Connection conn = memoryWith("");
    std::atomic<bool> cancel{false};
    ExecLimits limits;
    limits.maxSteps = 0;  // no step budget: only the flag (or a minute of wall clock) stops it
    limits.wallClockLimitMs = 60000;
    limits.cancel = &cancel;
    std::thread stopper([&cancel] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        cancel = true;
    });
    const QueryOutcome out = runQuery(conn, kEndless, limits);
    stopper.join();
    QCOMPARE(out.status, OutcomeStatus::Timeout);
    QCOMPARE(out.error.code, std::string("exec.cancelled"));
    // A flag already set stops the next query at its first progress callback.
    const QueryOutcome early = runQuery(conn, kEndless, limits);
    QCOMPARE(early.error.code, std::string("exec.cancelled"));
    QVERIFY(early.vmSteps <= 2 * kStepsPerCallback);
}

void TestExecBudget::idleBudgetConvertsToStepsAndANet()
{
    constexpr ExecLimits twoSeconds = limitsForIdleBudget(2000);
    static_assert(twoSeconds.maxSteps == kDefaultMaxSteps);
    static_assert(twoSeconds.wallClockLimitMs == kDefaultWallClockLimitMs);
    QCOMPARE(limitsForIdleBudget(0).maxSteps, kStepsPerIdleMs);  // never "no budget"
    QCOMPARE(limitsForIdleBudget(0).wallClockLimitMs, int64_t(10));
    QCOMPARE(limitsForIdleBudget(std::numeric_limits<int64_t>::max() / 2).maxSteps,
             std::numeric_limits<int64_t>::max());
}

QTEST_APPLESS_MAIN(TestExecBudget)
#include "test_exec_budget.moc"
