// Bounded work per input: the Spider ESM parser stops at its depth limit with a
// positioned error (the item scores as unparsed, no stack overflow), our own parser
// survives the same attacks, neighbor generation keeps a bounded, deterministic,
// spread-out sample of the edits of a huge IN list or OR chain and says so, and one
// gold's work budget in distillation ends it without stalling the others.

#include "core/metrics/spider_esm.h"
#include "core/metrics/spider_schema_index.h"
#include "core/metrics/spider_sql_parser.h"
#include "core/neighbors/neighbors.h"
#include "core/schema/spider_tables.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"
#include "core/suite/suite.h"

#include <QtTest>

#include <string>

using namespace sqleq;

namespace {

const char* kTables = R"([{"db_id": "concert", "table_names_original": ["singer"],
  "column_names_original": [[-1, "*"], [0, "singer_id"], [0, "name"], [0, "age"]],
  "column_types": ["text", "number", "text", "number"], "primary_keys": [1], "foreign_keys": []}])";

std::string unionChain(std::size_t arms)
{
    std::string sql = "select name from singer";
    for (std::size_t i = 1; i < arms; ++i) sql += " union select name from singer";
    return sql;
}

std::string nestedSubqueries(std::size_t depth)
{
    std::string sql;
    for (std::size_t i = 0; i < depth; ++i) sql += "select name from singer where singer_id in (";
    sql += "select singer_id from singer";
    sql += std::string(depth, ')');
    return sql;
}

std::string inList(std::size_t items)
{
    std::string sql = "SELECT name FROM singer WHERE singer_id IN (";
    for (std::size_t i = 1; i <= items; ++i) sql += (i > 1 ? ", " : "") + std::to_string(i);
    return sql + ")";
}

std::string orChain(std::size_t terms)
{
    std::string sql = "SELECT name FROM singer WHERE ";
    for (std::size_t i = 1; i <= terms; ++i) sql += (i > 1 ? " OR age = " : "age = ") + std::to_string(i);
    return sql;
}

} // namespace

class TestWorkCaps : public QObject {
    Q_OBJECT

    metrics::SpiderSchemaIndex m_index;
    schema::Schema m_schema;

private slots:
    void initTestCase()
    {
        auto index = metrics::SpiderSchemaIndex::fromJson(kTables);
        QVERIFY(index.ok());
        m_index = std::move(index.value());
        auto loaded = schema::parseSpiderSchema(kTables, "concert");
        QVERIFY(loaded.ok());
        m_schema = std::move(loaded.value());
    }

    void esmParserStopsAtItsDepthLimit_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::newRow("15,468 union arms") << QString::fromStdString(unionChain(15468));
        QTest::newRow("5,781 nested subqueries") << QString::fromStdString(nestedSubqueries(5781));
    }

    void esmParserStopsAtItsDepthLimit()
    {
        QFETCH(QString, sql);
        const std::string text = sql.toStdString();
        auto parsed = metrics::parseSpiderSql(text, *m_index.find("concert"));
        QVERIFY(!parsed.ok());
        QVERIFY2(parsed.error().message.find("more than 200 levels deep (at token ") != std::string::npos,
                 parsed.error().message.c_str());
        // As a prediction: scored wrong, not an error and not a crash.
        auto matched = metrics::exactSetMatch("select name from singer", text, m_index, "concert");
        QVERIFY(matched.ok());
        QVERIFY(!matched->exact);
        QVERIFY(!matched->predictionParsed);
        // As a gold: an error for this item only.
        QVERIFY(!metrics::exactSetMatch(text, "select name from singer", m_index, "concert").ok());
    }

    void esmParserKeepsModerateNesting()
    {
        QVERIFY(metrics::parseSpiderSql(unionChain(50), *m_index.find("concert")).ok());
        QVERIFY(metrics::parseSpiderSql(nestedSubqueries(20), *m_index.find("concert")).ok());
    }

    void ourParserSurvivesTheSameInput()
    {
        const auto deep = sql::parse(nestedSubqueries(5781));
        QVERIFY(!deep.ok());
        QCOMPARE(deep.diagnostics.front().code, std::string("parse.too_deep"));
        // A compound chain is parsed iteratively; printing and freeing it must not recurse per arm.
        const auto chain = sql::parse(unionChain(15468));
        if (chain.ok()) {
            const std::string printed = sql::print(*chain.statement);
            QVERIFY(sql::parse(printed).ok());
        } else {
            QCOMPARE(chain.diagnostics.front().code, std::string("parse.too_deep"));
        }
    }

    void hugeInListGetsABoundedRepresentativeSample()
    {
        neighbors::NeighborStats stats;
        auto first = neighbors::generateNeighbors(inList(3000), m_schema, {}, &stats);
        QVERIFY(first.ok());
        QVERIFY(stats.capped > 0);
        QVERIFY(stats.proposed <= 2000);
        // Spread over the list: mutated constants come from its start, middle and end.
        bool early = false, late = false;
        for (const auto& n : *first) {
            if (n.family != neighbors::MutationFamily::NumericConstant) continue;
            early = early || n.goldSpan.begin < 200;
            late = late || n.goldSpan.begin > 15000;
        }
        QVERIFY(early && late);
        neighbors::NeighborStats again;
        auto second = neighbors::generateNeighbors(inList(3000), m_schema, {}, &again);
        QVERIFY(second.ok());
        QCOMPARE(second->size(), first->size());
        for (std::size_t i = 0; i < first->size(); ++i) QCOMPARE((*second)[i].sql, (*first)[i].sql);
        QCOMPARE(again.capped, stats.capped);
    }

    void longOrChainIsCapped()
    {
        neighbors::NeighborStats stats;
        auto found = neighbors::generateNeighbors(orChain(250), m_schema, {}, &stats);
        QVERIFY(found.ok());
        QVERIFY(stats.capped > 0);
        QVERIFY(!found->empty());
    }

    void shortGoldIsNotCapped()
    {
        neighbors::NeighborStats stats;
        auto found = neighbors::generateNeighbors("SELECT name FROM singer WHERE age > 30 OR singer_id IN (1, 2)",
                                                  m_schema, {}, &stats);
        QVERIFY(found.ok());
        QCOMPARE(stats.capped, std::size_t(0));
    }

    void goldWorkBudgetEndsOneGoldDeterministically()
    {
        const std::vector<std::string> golds = {"SELECT name FROM singer WHERE age > 30",
                                                "SELECT count(*) FROM singer WHERE age < 40"};
        suite::DistillOptions options;
        options.budget = 40;
        options.goldWorkSteps = 1;  // spent on the first database
        options.jobs = 1;
        auto one = suite::distill(m_schema, golds, options);
        QVERIFY(one.ok());
        QVERIFY(one->golds[0].workBudgetSpent || one->golds[1].workBudgetSpent);
        for (const auto& report : one->golds) QVERIFY(report.workBudgetSpent || report.undistinguished() == 0);
        QVERIFY(one->sampled < options.budget);  // the batch ended early, not at the sample budget
        options.jobs = 2;
        auto two = suite::distill(m_schema, golds, options);
        QVERIFY(two.ok());
        QCOMPARE(two->suite.databases.size(), one->suite.databases.size());
        for (std::size_t g = 0; g < golds.size(); ++g) {
            QCOMPARE(two->golds[g].workBudgetSpent, one->golds[g].workBudgetSpent);
            QCOMPARE(two->golds[g].undistinguished(), one->golds[g].undistinguished());
        }
        options.goldWorkSteps = -1;  // no budget: nothing given up
        auto unbounded = suite::distill(m_schema, golds, options);
        QVERIFY(unbounded.ok());
        for (const auto& report : unbounded->golds) QVERIFY(!report.workBudgetSpent);
    }

    // The runs on one database stop once they cost more than the gold's whole budget: a
    // gold whose neighbors each run to the step limit must not spend hours on it.
    void oneDatabasePastTheBudgetStopsItsRuns()
    {
        const std::vector<std::string> golds = {"SELECT name FROM singer WHERE age > 30"};
        suite::DistillOptions options;
        options.budget = 40;
        options.goldWorkSteps = 1;  // the gold's own run already costs more
        for (const unsigned jobs : {1U, 2U}) {
            options.jobs = jobs;
            auto result = suite::distill(m_schema, golds, options);
            QVERIFY(result.ok());
            QVERIFY(result->golds[0].workBudgetSpent);
            // Not one neighbor ran, so none was told apart.
            QCOMPARE(result->golds[0].undistinguished(), result->golds[0].neighbors.size());
            QVERIFY(result->golds[0].neighbors.size() > 5);
        }
    }
};

QTEST_APPLESS_MAIN(TestWorkCaps)
#include "test_work_caps.moc"
