// Unit tests of core/metrics SQL-Eval: brace expansion (get_all_minimal_queries),
// compare_df (raw, then normalised: duplicates dropped, columns by name, rows
// sorted unless ordered) and subset_df, each case derived from eval/eval.py of
// defog-ai/sql-eval, and the runner over an in-memory database.
#include "core/exec/connection.h"
#include "core/metrics/sql_eval.h"

#include <QtTest/QtTest>

namespace metrics = sqleq::metrics;

using sqleq::exec::ResultSet;
using sqleq::exec::Row;
using sqleq::exec::Value;
using sqleq::metrics::SqlEvalMatch;

namespace {

Value i64(int64_t v) { return Value::integer(v); }
Value real(double v) { return Value::real(v); }
Value text(std::string v) { return Value::text(std::move(v)); }

ResultSet table(std::vector<std::string> names, std::vector<Row> rows)
{
    return ResultSet{std::move(names), std::move(rows)};
}

std::vector<std::string> expand(std::string_view sql)
{
    auto out = metrics::expandBraces(sql);
    if (!out) qFatal("expandBraces failed: %s", out.error().message.c_str());
    return out.value();
}

} // namespace

class TestSqlEval : public QObject {
    Q_OBJECT

private slots:
    void expandsOneGroupInCombinationOrder()
    {
        const std::vector<std::string> want = {
            "SELECT id, x FROM t", "SELECT name, x FROM t", "SELECT id, name, x FROM t"};
        QCOMPARE(expand("SELECT {id,name}, x FROM t"), want);
        QCOMPARE(expand("  SELECT {id, name}, x FROM t ; "), want);
    }

    void expandsThreeItemsLikeItertools()
    {
        const auto out = expand("SELECT {a,b,c} FROM t");
        const std::vector<std::string> want = {"SELECT a FROM t",    "SELECT b FROM t",    "SELECT c FROM t",
                                               "SELECT a, b FROM t", "SELECT a, c FROM t", "SELECT b, c FROM t",
                                               "SELECT a, b, c FROM t"};
        QCOMPARE(out, want);
    }

    void expandsTwoGroupsAsProduct()
    {
        const auto out = expand("SELECT {a,b}, {c,d} FROM t");
        QCOMPARE(out.size(), std::size_t{9});
        QCOMPARE(out.front(), std::string("SELECT a, c FROM t"));
        QCOMPARE(out[1], std::string("SELECT a, d FROM t"));
        QCOMPARE(out[3], std::string("SELECT b, c FROM t"));
        QCOMPARE(out.back(), std::string("SELECT a, b, c, d FROM t"));
    }

    void emptyGroupRepeatsThePreviousChoice()
    {
        const auto out = expand("SELECT {a,b}, COUNT(*) FROM t GROUP BY {}");
        const std::vector<std::string> want = {"SELECT a, COUNT(*) FROM t GROUP BY a",
                                               "SELECT b, COUNT(*) FROM t GROUP BY b",
                                               "SELECT a, b, COUNT(*) FROM t GROUP BY a, b"};
        QCOMPARE(out, want);
    }

    void semicolonSeparatesAlternatives()
    {
        const auto out = expand("SELECT a FROM t; SELECT {a, b} FROM u;");
        const std::vector<std::string> want = {"SELECT a FROM t", "SELECT a FROM u", "SELECT b FROM u",
                                               "SELECT a, b FROM u"};
        QCOMPARE(out, want);
    }

    void bracesInStringsAndCommentsAreText()
    {
        QCOMPARE(expand("SELECT '{a,b}' FROM t WHERE x = '}' -- {c\n"),
                 std::vector<std::string>{"SELECT '{a,b}' FROM t WHERE x = '}' -- {c"});
        QCOMPARE(expand("SELECT \"{\", 'a;b' FROM t"), std::vector<std::string>{"SELECT \"{\", 'a;b' FROM t"});
        // Commas inside parentheses or strings do not split a group's items.
        QCOMPARE(expand("SELECT {COALESCE(a, b), ','} FROM t").size(), std::size_t{3});
        QCOMPARE(expand("SELECT {COALESCE(a, b), ','} FROM t").front(), std::string("SELECT COALESCE(a, b) FROM t"));
    }

    void unbalancedBracesAreErrors_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<int>("offset");
        QTest::newRow("open") << "SELECT {a, b FROM t" << 7;
        QTest::newRow("close") << "SELECT a} FROM t" << 8;
        QTest::newRow("nested") << "SELECT {a, {b}} FROM t" << 11;
        QTest::newRow("empty item") << "SELECT {a,,b} FROM t" << 10;
        QTest::newRow("repeat first") << "SELECT {} FROM t" << 7;
    }

    void unbalancedBracesAreErrors()
    {
        QFETCH(QString, sql);
        QFETCH(int, offset);
        const auto out = metrics::expandBraces(sql.toStdString());
        QVERIFY(!out.ok());
        QCOMPARE(out.error().code, std::string("sql_eval.braces"));
        QCOMPARE(out.error().span.begin, static_cast<uint32_t>(offset));
        QVERIFY(!metrics::expandBraces("  ;  ").ok());
    }

    void tooManyAlternativesIsAnError()
    {
        const auto out = metrics::expandBraces("SELECT {a,b,c,d,e,f,g,h,i,j,k,l,m} FROM t");
        QVERIFY(!out.ok());
        QCOMPARE(out.error().code, std::string("sql_eval.too_many"));
    }

    void exactIgnoresNamesAndTypes()
    {
        const auto gold = table({"id"}, {{i64(1)}, {i64(2)}});
        const auto pred = table({"whatever"}, {{real(1.0)}, {real(2.0)}});
        const auto r = metrics::sqlEvalCompare(gold, pred, false, false);
        QVERIFY(r.passed);
        QCOMPARE(r.match, SqlEvalMatch::Exact);
        QVERIFY(!metrics::sqlEvalCompare(gold, table({"id"}, {{text("1")}, {text("2")}}), false, false).passed);
        QVERIFY(!metrics::sqlEvalCompare(gold, table({"id"}, {{real(1.5)}, {real(2.0)}}), false, false).passed);
    }

    void permutedColumnsPassOnlyWhenNamesSortAlike()
    {
        // normalize_table sorts columns by name: the same names in another order pass...
        const auto gold = table({"a", "b"}, {{i64(1), text("x")}});
        QVERIFY(metrics::sqlEvalCompare(gold, table({"b", "a"}, {{text("x"), i64(1)}}), false, false).passed);
        // ...and so do other names that happen to sort into the gold's order...
        QVERIFY(metrics::sqlEvalCompare(gold, table({"z", "y"}, {{text("x"), i64(1)}}), false, false).passed);
        // ...while names that keep the swapped order do not.
        QVERIFY(!metrics::sqlEvalCompare(gold, table({"p", "q"}, {{text("x"), i64(1)}}), false, false).passed);
        // Positional equality passes whatever the names (the raw check comes first).
        QVERIFY(metrics::sqlEvalCompare(gold, table({"z", "y"}, {{i64(1), text("x")}}), false, false).passed);
    }

    void rowOrderMattersOnlyWhenOrdered()
    {
        const auto gold = table({"a"}, {{i64(1)}, {i64(2)}, {i64(3)}});
        const auto pred = table({"a"}, {{i64(3)}, {i64(1)}, {i64(2)}});
        QVERIFY(metrics::sqlEvalCompare(gold, pred, false, false).passed);
        QVERIFY(!metrics::sqlEvalCompare(gold, pred, true, false).passed);
        QVERIFY(metrics::sqlEvalCompare(gold, gold, true, false).passed);
    }

    void duplicatesAreDropped()
    {
        // drop_duplicates: a bag with repeats equals the set (a reference quirk).
        const auto gold = table({"a"}, {{i64(1)}, {i64(2)}});
        const auto pred = table({"a"}, {{i64(2)}, {i64(1)}, {i64(2)}});
        QVERIFY(metrics::sqlEvalCompare(gold, pred, false, false).passed);
    }

    void differentShapesFail()
    {
        const auto gold = table({"a"}, {{i64(1)}});
        QVERIFY(!metrics::sqlEvalCompare(gold, table({"a", "b"}, {{i64(1), i64(2)}}), false, false).passed);
        QVERIFY(!metrics::sqlEvalCompare(gold, table({"a"}, {}), false, false).passed);
        QVERIFY(metrics::sqlEvalCompare(table({"a"}, {}), table({"b"}, {}), false, false).passed);
    }

    void subsetAllowsExtraColumns()
    {
        const auto gold = table({"name"}, {{text("x")}, {text("y")}});
        const auto pred = table({"id", "label"}, {{i64(2), text("y")}, {i64(1), text("x")}});
        QVERIFY(!metrics::sqlEvalCompare(gold, pred, false, false).passed);
        const auto r = metrics::sqlEvalCompare(gold, pred, false, true);
        QVERIFY(r.passed);
        QCOMPARE(r.match, SqlEvalMatch::Subset);
        QCOMPARE(r.columnMapping, std::vector<int>{1});
    }

    void subsetNeedsTheSameRowsAndANonEmptyGold()
    {
        // Each column matches on its own, but the rows pair the values differently.
        const auto gold = table({"a", "b"}, {{i64(1), i64(10)}, {i64(2), i64(20)}});
        const auto crossed = table({"p", "q", "r"}, {{i64(1), i64(20), i64(0)}, {i64(2), i64(10), i64(0)}});
        QVERIFY(!metrics::sqlEvalCompare(gold, crossed, false, true).passed);
        const auto good = table({"p", "q", "r"}, {{i64(0), i64(2), real(20.0)}, {i64(0), i64(1), real(10.0)}});
        QVERIFY(metrics::sqlEvalCompare(gold, good, false, true).passed);
        QVERIFY(!metrics::sqlEvalCompare(table({"a"}, {}), table({"a"}, {{i64(1)}}), false, true).passed);
        // pandas' tolerance in assert_series_equal / assert_frame_equal.
        QVERIFY(metrics::sqlEvalCompare(table({"a"}, {{real(1.0)}}), table({"a", "b"}, {{real(1.000001), i64(5)}}),
                                        false, true).passed);
    }

    void runnerPicksTheMatchingAlternative()
    {
        auto conn = sqleq::exec::Connection::openMemory();
        QVERIFY(conn.ok());
        QVERIFY(conn->executeScript("CREATE TABLE t(id INTEGER, name TEXT, x REAL);"
                                    "INSERT INTO t VALUES (1, 'a', 0.5), (2, 'b', 1.5);").ok());
        const std::string gold = "SELECT {id, name}, x FROM t";
        auto r = metrics::runSqlEval(*conn, gold, "SELECT name, x FROM t");
        QVERIFY(r.ok());
        QVERIFY(r->passed);
        QCOMPARE(r->match, SqlEvalMatch::Exact);
        QCOMPARE(r->matchedAlternative, 1);
        QCOMPARE(r->alternatives.size(), std::size_t{3});

        auto extra = metrics::runSqlEval(*conn, gold, "SELECT x, name, id, 7 FROM t");
        QVERIFY(extra.ok());
        QVERIFY(!extra->passed);
        metrics::SqlEvalOptions subset;
        subset.subset = true;
        extra = metrics::runSqlEval(*conn, gold, "SELECT x, name, id, 7 FROM t", subset);
        QVERIFY(extra.ok() && extra->passed);
        QCOMPARE(extra->match, SqlEvalMatch::Subset);
        QCOMPARE(extra->matchedAlternative, 0);

        auto ordered = metrics::runSqlEval(*conn, "SELECT id FROM t ORDER BY id", "SELECT id FROM t ORDER BY id DESC");
        QVERIFY(ordered.ok() && !ordered->passed);
        auto broken = metrics::runSqlEval(*conn, gold, "SELECT nope FROM t");
        QVERIFY(broken.ok() && !broken->passed);
        QVERIFY(!metrics::runSqlEval(*conn, "SELECT nope FROM t", "SELECT 1").ok());
        QVERIFY(!metrics::runSqlEval(*conn, "SELECT {id FROM t", "SELECT 1").ok());
    }
};

QTEST_APPLESS_MAIN(TestSqlEval)
#include "test_sql_eval.moc"
