// Regression tests for crashes found by the hostile-input attacks (the attack
// script tests/hostile/attacks.sh and the libFuzzer targets under tests/fuzz). Each case
// is the smallest input that showed the finding.
#include "core/metrics/spider_esm.h"
#include "core/metrics/spider_schema_index.h"
#include "core/metrics/spider_sql_parser.h"
#include "tests/fuzz/fuzz_schema.h"

#include <QtTest>

#include <string>

using namespace sqleq;

namespace {

// The Spider ESM parser (core/metrics/spider_sql_parser.cpp) once recursed without a
// depth limit: a prediction line with thousands of UNION arms or nested subqueries
// overflowed the stack (SIGSEGV in eval --etype match and audit new).

std::string repeat(std::string_view text, int times) {
    std::string out;
    out.reserve(text.size() * static_cast<size_t>(times));
    for (int i = 0; i < times; ++i) out += text;
    return out;
}

std::string unionChain(int arms) {
    return "SELECT name FROM singer" + repeat(" union select name from singer", arms);
}

std::string nestedSubqueries(int depth) {
    return repeat("select name from singer where age in (", depth) + "select age from singer" + repeat(")", depth);
}

} // namespace

class TestHostileRegressions : public QObject {
    Q_OBJECT

private:
    std::optional<metrics::SpiderSchemaIndex> m_index;

    const metrics::SpiderDbSchema& db() const { return *m_index->find(fuzz_targets::kDbId); }

private slots:
    void initTestCase() {
        auto index = metrics::SpiderSchemaIndex::fromJson(fuzz_targets::kTablesJson);
        QVERIFY2(index.ok(), index.ok() ? "" : index.error().message.c_str());
        m_index = std::move(index).value();
        QVERIFY(m_index->find(fuzz_targets::kDbId) != nullptr);
    }

    // Modest depths parse today and must keep parsing after the limit is added.
    void spiderParserAcceptsModestNesting() {
        QVERIFY(metrics::parseSpiderSql(unionChain(20), db()).ok());
        QVERIFY(metrics::parseSpiderSql(nestedSubqueries(20), db()).ok());
    }

    void spiderParserRefusesDeepNesting_data() {
        QTest::addColumn<QString>("kind");
        QTest::newRow("15468 union arms (465 KB)") << "union";
        QTest::newRow("5781 nested subqueries (210 KB)") << "nested";
    }
    void spiderParserRefusesDeepNesting() {
        QFETCH(QString, kind);
        const std::string sql = kind == "union" ? unionChain(15468) : nestedSubqueries(5781);
        auto parsed = metrics::parseSpiderSql(sql, db());
        QVERIFY(!parsed.ok());
        QCOMPARE(QString::fromStdString(parsed.error().code), QStringLiteral("metrics.spider_parse"));
    }

    // As a prediction, a too-deep line scores 0 like any prediction the official parser
    // rejects; the batch goes on.
    void deepPredictionScoresZero() {
        auto result = metrics::exactSetMatch("SELECT name FROM singer", nestedSubqueries(5781), *m_index,
                                             fuzz_targets::kDbId);
        QVERIFY(result.ok());
        QVERIFY(!result->predictionParsed);
        QVERIFY(!result->exact);
    }
};

QTEST_APPLESS_MAIN(TestHostileRegressions)
#include "test_hostile_regressions.moc"
