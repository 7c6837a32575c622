// Unit tests of core/metrics PCM-F1 (SEDE §4.1): elements per category, multiset
// precision/recall/F1, skipped and one-sided categories, the average, and the
// string-level entry (an unparsable prediction scores 0). Expected numbers are
// computed by hand from the definition in pcm_f1.h.
#include "core/metrics/pcm_f1.h"

#include <QtTest/QtTest>

#include <algorithm>

namespace metrics = sqleq::metrics;

using sqleq::metrics::PcmCategory;
using sqleq::metrics::PcmF1Result;

namespace {

PcmF1Result score(std::string_view gold, std::string_view pred, const metrics::PcmOptions& options = {})
{
    auto out = metrics::pcmF1(gold, pred, options);
    if (!out) qFatal("pcmF1 failed: %s", out.error().message.c_str());
    return out.value();
}

bool near(double a, double b) { return std::abs(a - b) < 1e-9; }

std::size_t presentCount(const PcmF1Result& r)
{
    return static_cast<std::size_t>(std::count_if(r.categories.begin(), r.categories.end(),
                                                  [](const auto& c) { return c.present; }));
}

} // namespace

class TestPcmF1 : public QObject {
    Q_OBJECT

private slots:
    void identicalQueriesScoreOne_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::newRow("simple") << "SELECT a FROM t";
        QTest::newRow("all clauses")
            << "SELECT DISTINCT t.a, COUNT(*) AS n FROM t JOIN u ON t.id = u.tid WHERE t.x > 3 AND u.y LIKE 'a%' "
               "GROUP BY t.a HAVING COUNT(*) > 1 ORDER BY n DESC, t.a LIMIT 10 OFFSET 5";
        QTest::newRow("subquery") << "SELECT a FROM t WHERE b IN (SELECT b FROM u WHERE c = 1)";
        QTest::newRow("compound") << "SELECT a FROM t UNION SELECT a FROM u ORDER BY a";
        QTest::newRow("cte") << "WITH w AS (SELECT a FROM t) SELECT * FROM w";
    }

    void identicalQueriesScoreOne()
    {
        QFETCH(QString, sql);
        const auto r = score(sql.toStdString(), sql.toStdString());
        QVERIFY(r.predParsed);
        QCOMPARE(r.f1, 1.0);
        QVERIFY(r.exact);
        for (const auto& c : r.categories)
            if (c.present) QCOMPARE(c.f1, 1.0);
    }

    void paperElementsOfAComparison()
    {
        // "The sub-tree which represents the expression b=1 contains four elements".
        const auto r = score("SELECT a FROM t WHERE b = 1", "SELECT a FROM t WHERE b = 1");
        const auto& where = r.goldElements[static_cast<std::size_t>(PcmCategory::Where)];
        QCOMPARE(where.size(), std::size_t{4});
        for (const char* e : {"b", "=", "1", "b = 1"}) QVERIFY(std::find(where.begin(), where.end(), e) != where.end());
    }

    void differentWhereLowersOnlyWhere()
    {
        const auto r = score("SELECT a FROM t WHERE x > 3 ORDER BY a", "SELECT a FROM t WHERE x < 3 ORDER BY a");
        QCOMPARE(r.score(PcmCategory::Select).f1, 1.0);
        QCOMPARE(r.score(PcmCategory::From).f1, 1.0);
        QCOMPARE(r.score(PcmCategory::OrderBy).f1, 1.0);
        // {x > 3, >, x, 3} vs {x < 3, <, x, 3}: 2 of 4 on each side.
        QVERIFY(near(r.score(PcmCategory::Where).precision, 0.5));
        QVERIFY(near(r.score(PcmCategory::Where).recall, 0.5));
        QVERIFY(near(r.f1, (1.0 + 1.0 + 1.0 + 0.5) / 4.0));
        QVERIFY(!r.exact);
    }

    void missingGroupByScoresZeroThere()
    {
        const auto r = score("SELECT a, COUNT(*) FROM t GROUP BY a", "SELECT a, COUNT(*) FROM t");
        const auto& groupBy = r.score(PcmCategory::GroupBy);
        QVERIFY(groupBy.present);
        QCOMPARE(groupBy.goldCount, std::size_t{1});
        QCOMPARE(groupBy.predCount, std::size_t{0});
        QCOMPARE(groupBy.f1, 0.0);
        QCOMPARE(r.score(PcmCategory::Select).f1, 1.0);
        QVERIFY(near(r.f1, (1.0 + 1.0 + 0.0) / 3.0));
        QVERIFY(!r.score(PcmCategory::Having).present);
        QCOMPARE(presentCount(r), std::size_t{3});
    }

    void handComputedPrecisionAndRecall()
    {
        // SELECT: gold {a, b, "a, b"}, pred {a}: p = 1/1, r = 1/3, F1 = 0.5.
        // FROM: {t} both: 1. WHERE: {b = 1, =, b, 1} vs {b = 2, =, b, 2}: p = r = 1/2.
        const auto r = score("SELECT a, b FROM t WHERE b = 1", "SELECT a FROM t WHERE b = 2");
        const auto& select = r.score(PcmCategory::Select);
        QCOMPARE(select.goldCount, std::size_t{3});
        QCOMPARE(select.predCount, std::size_t{1});
        QCOMPARE(select.matched, std::size_t{1});
        QVERIFY(near(select.precision, 1.0));
        QVERIFY(near(select.recall, 1.0 / 3.0));
        QVERIFY(near(select.f1, 0.5));
        QVERIFY(near(r.score(PcmCategory::Where).f1, 0.5));
        QCOMPARE(r.score(PcmCategory::From).f1, 1.0);
        QVERIFY(near(r.f1, 2.0 / 3.0));
    }

    void multisetsCountRepeats()
    {
        // gold SELECT {a, a, "a, a"}, pred {a}: one match only, p = 1, r = 1/3.
        const auto r = score("SELECT a, a FROM t", "SELECT a FROM t");
        QCOMPARE(r.score(PcmCategory::Select).matched, std::size_t{1});
        QVERIFY(near(r.score(PcmCategory::Select).recall, 1.0 / 3.0));
    }

    void limitIsTheTopCategory()
    {
        const auto r = score("SELECT a FROM t ORDER BY a DESC LIMIT 1", "SELECT a FROM t ORDER BY a DESC LIMIT 3");
        QVERIFY(r.score(PcmCategory::Top).present);
        QCOMPARE(r.score(PcmCategory::Top).f1, 0.0);
        QCOMPARE(r.score(PcmCategory::OrderBy).f1, 1.0);
        // ORDER BY a vs ORDER BY a DESC: gold {a}, pred {a, "a DESC"}: p = 1/2, r = 1.
        const auto dir = score("SELECT a FROM t ORDER BY a", "SELECT a FROM t ORDER BY a DESC");
        QVERIFY(near(dir.score(PcmCategory::OrderBy).precision, 0.5));
        QVERIFY(near(dir.score(PcmCategory::OrderBy).recall, 1.0));
    }

    void onClauseCanBeIgnored()
    {
        const std::string gold = "SELECT a FROM t JOIN u ON t.id = u.tid";
        const std::string pred = "SELECT a FROM t JOIN u ON t.id = u.other";
        QVERIFY(score(gold, pred).score(PcmCategory::From).f1 < 1.0);
        metrics::PcmOptions noOn;
        noOn.includeOnClause = false;
        QCOMPARE(score(gold, pred, noOn).score(PcmCategory::From).f1, 1.0);
    }

    void unparsablePredictionScoresZero()
    {
        const auto r = score("SELECT a FROM t WHERE b = 1", "SELEC a FRM t");
        QVERIFY(!r.predParsed);
        QCOMPARE(r.f1, 0.0);
        QCOMPARE(presentCount(r), std::size_t{3});
        QVERIFY(!metrics::pcmF1("SELECT FROM", "SELECT 1").ok());
    }
};

QTEST_APPLESS_MAIN(TestPcmF1)
#include "test_pcm_f1.moc"
