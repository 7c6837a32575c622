// Unit tests of core/metrics' Spider exact set match and hardness on a small
// hand-made schema: one example per hardness class following evaluation.py's
// counting, and ESM on rewrites (aliases, SELECT order, values, join predicates).
#include "core/metrics/spider_esm.h"
#include "core/metrics/spider_tokenizer.h"

#include <QtTest>

using namespace sqleq::metrics;

namespace {

constexpr std::string_view kTables = R"json([{
  "db_id": "shop",
  "table_names_original": ["Customer", "Orders"],
  "column_names_original": [[-1, "*"], [0, "id"], [0, "name"], [0, "city"],
                            [1, "id"], [1, "customer_id"], [1, "amount"]],
  "column_types": ["text", "number", "text", "text", "number", "number", "number"],
  "primary_keys": [1, 4],
  "foreign_keys": [[5, 1]]
}])json";

} // namespace

class TestSpiderEsm : public QObject {
    Q_OBJECT

private:
    std::optional<SpiderSchemaIndex> m_index;

    bool esm(std::string_view gold, std::string_view pred, EsmOptions options = {}) {
        auto r = exactSetMatch(gold, pred, *m_index, "shop", options);
        if (!r) {
            qWarning("%s", r.error().message.c_str());
            return false;
        }
        return r->exact;
    }
    QString hardness(std::string_view gold) {
        auto h = classifyHardness(gold, *m_index, "shop");
        return h ? QString::fromUtf8(hardnessName(*h).data()) : QString("error");
    }

private slots:
    void initTestCase() {
        auto index = SpiderSchemaIndex::fromJson(kTables);
        QVERIFY(index.ok());
        m_index = std::move(*index);
    }

    void tokenizerFollowsNltk() {
        auto toks = spiderTokenize("SELECT count(*) FROM t WHERE a != 'X y' AND b > = 2");
        QVERIFY(toks.ok());
        const std::vector<std::string> expected = {"select", "count", "(", "*", ")", "from", "t", "where",
                                                   "a", "!=", "'X y'", "and", "b", ">=", "2"};
        QCOMPARE(toks->size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            // process_sql turns single quotes into double quotes before keeping the string
            const std::string want = expected[i] == "'X y'" ? "\"X y\"" : expected[i];
            QCOMPARE(QString::fromStdString((*toks)[i]), QString::fromStdString(want));
        }
        QVERIFY(!spiderTokenize("SELECT 'a").ok());
        QCOMPARE(nltkWordTokenize("a=1,b").size(), size_t(3)); // "a=1" stays one token
    }

    void hardnessClasses() {
        QCOMPARE(hardness("SELECT count(*) FROM customer"), QString("easy"));
        QCOMPARE(hardness("SELECT name FROM customer WHERE city = 'x' ORDER BY name"), QString("medium"));
        QCOMPARE(hardness("SELECT name FROM customer WHERE id IN (SELECT customer_id FROM orders)"),
                 QString("hard"));
        QCOMPARE(hardness("SELECT name FROM customer WHERE city = 'a' OR city = 'b' ORDER BY name LIMIT 1"),
                 QString("extra"));
        QCOMPARE(hardness("SELECT name FROM nowhere"), QString("error"));
    }

    void aliasesDoNotMatter() {
        QVERIFY(esm("SELECT T1.name FROM customer AS T1 JOIN orders AS T2 ON T1.id = T2.customer_id "
                    "WHERE T2.amount > 10",
                    "SELECT a.name FROM Customer AS a JOIN Orders AS b ON a.id = b.customer_id "
                    "WHERE b.amount > 99"));
    }

    void selectIsASet() {
        QVERIFY(esm("SELECT name, city FROM customer", "SELECT city , name FROM customer"));
        QVERIFY(!esm("SELECT name, city FROM customer", "SELECT name FROM customer"));
    }

    void differentPredicateDoesNotMatch() {
        QVERIFY(esm("SELECT name FROM customer WHERE city = 'x'", "SELECT name FROM customer WHERE city = 'y'"));
        QVERIFY(!esm("SELECT name FROM customer WHERE city = 'x'", "SELECT name FROM customer WHERE name = 'x'"));
        QVERIFY(!esm("SELECT name FROM customer WHERE city = 'x'", "SELECT name FROM customer WHERE city > 'x'"));
    }

    void componentsAreReported() {
        auto r = exactSetMatch("SELECT name FROM customer WHERE city = 'x'",
                               "SELECT city FROM customer WHERE city = 'x'", *m_index, "shop");
        QVERIFY(r.ok());
        QVERIFY(!r->exact);
        QVERIFY(!r->components[Component::Select].matched());
        QVERIFY(r->components[Component::Where].matched());
        QCOMPARE(QString::fromUtf8(componentName(Component::GroupNoHaving).data()), QString("group(no Having)"));
    }

    void joinPredicatesIgnoredByDefault() {
        const std::string_view gold =
            "SELECT T1.name FROM customer AS T1 JOIN orders AS T2 ON T1.id = T2.customer_id";
        const std::string_view pred = "SELECT T1.name FROM customer AS T1 JOIN orders AS T2 ON T1.id = T2.id";
        QVERIFY(esm(gold, pred));
        EsmOptions fixed;
        fixed.fixJoinPredicates = true;
        QVERIFY(!esm(gold, pred, fixed));
        QVERIFY(esm(gold, "SELECT T1.name FROM customer AS T1 JOIN orders AS T2 ON T2.customer_id = T1.id", fixed));
    }

    void unparsablePredictionScoresZero() {
        auto r = exactSetMatch("SELECT name FROM customer", "SELECT name FROM customer AS customer",
                               *m_index, "shop");
        QVERIFY(r.ok());
        QVERIFY(!r->predictionParsed);
        QVERIFY(!r->exact);
        QVERIFY(!exactSetMatch("SELECT name FROM customer", "x", *m_index, "nope").ok());
    }
};

QTEST_APPLESS_MAIN(TestSpiderEsm)
#include "test_spider_esm.moc"
