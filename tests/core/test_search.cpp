// Unit tests of core/targeted and core/search: targeted databases (deterministic,
// small, keys resolving, each kind aimed at its difference), the search past a suite
// (finds what the suite misses, keeps equivalent pairs equivalent, does not depend on
// the thread count, skips tie-break-only separations, stops on cancel) and order
// dependence.
#include "core/exec/executor.h"
#include "core/schema/ddl_loader.h"
#include "core/search/search.h"
#include "core/targeted/boundary_values.h"
#include "core/targeted/order_dependence.h"
#include "core/targeted/targeted_databases.h"

#include <QtTest>

using namespace sqleq;
using suite::VerdictKind;

namespace {

constexpr const char* kDdl = R"sql(
CREATE TABLE owner (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL, age INTEGER NOT NULL);
CREATE TABLE pet (pid INTEGER PRIMARY KEY, owner INTEGER NOT NULL REFERENCES owner (id), kind TEXT NOT NULL,
                  weight REAL NOT NULL, tag INTEGER NOT NULL);
)sql";

const schema::Schema& testSchema()
{
    static const schema::Schema schema = [] {
        auto loaded = schema::loadSchemaFromDdl(kDdl, "pets");
        if (!loaded) qFatal("DDL failed: %s", loaded.error().message.c_str());
        return loaded.value();
    }();
    return schema;
}

/// The pair judged on an empty suite, then searched: what the search alone finds.
search::SearchOutcome searchOnly(std::string_view gold, std::string_view candidate,
                                 fuzz::Profile profile = fuzz::Profile::Spider, unsigned jobs = 1)
{
    suite::Suite suite;
    const suite::CheckOptions check;
    const auto suiteResult = suite::checkCandidate(gold, candidate, suite, check);
    return search::searchPastSuite(testSchema(), gold, candidate, suite, suiteResult, check,
                                   {.budget = 300, .profile = profile, .seed = 0, .jobs = jobs});
}

} // namespace

class TestSearch : public QObject {
    Q_OBJECT

private slots:
    void targetedDatabasesAreSmallDeterministicAndResolve()
    {
        const targeted::TargetedDatabases first(testSchema(), "SELECT name FROM owner WHERE age > 30",
                                                "SELECT name FROM owner WHERE age >= 30", fuzz::Profile::Spider, 0);
        const targeted::TargetedDatabases second(testSchema(), "SELECT name FROM owner WHERE age > 30",
                                                 "SELECT name FROM owner WHERE age >= 30", fuzz::Profile::Spider, 0);
        QVERIFY(first.size() >= 16);
        std::size_t built = 0;
        for (std::size_t i = 0; i < first.size(); ++i) {
            QCOMPARE(first.label(i), second.label(i));
            const auto a = first.build(i);
            const auto b = second.build(i);
            QCOMPARE(a.has_value(), b.has_value());
            if (!a) continue;
            ++built;
            QCOMPARE(a->rowCount(), b->rowCount());
            QVERIFY(a->rowCount() <= 2 * 40);
            // Spider profile: every table non-empty, every key resolves (materialize enforces it).
            for (const auto& table : testSchema().tables) QVERIFY(a->find(table.name) && !a->find(table.name)->rows.empty());
            QVERIFY(schema::materialize(testSchema(), *a).ok());
        }
        QVERIFY(built > first.size() / 2);
    }

    void findsWhatRandomDatabasesMiss_data()
    {
        QTest::addColumn<QString>("gold");
        QTest::addColumn<QString>("candidate");
        QTest::newRow("boundary dropped") << "SELECT count(*) FROM pet WHERE weight > 0" << "SELECT count(*) FROM pet";
        QTest::newRow("half boundary") << "SELECT kind FROM pet WHERE weight > 3" << "SELECT kind FROM pet WHERE weight > 3.5";
        QTest::newRow("case") << "SELECT name FROM owner WHERE city = 'Paris'" << "SELECT name FROM owner WHERE city LIKE 'paris'";
        QTest::newRow("tie at limit") << "SELECT name FROM owner WHERE age = (SELECT max(age) FROM owner)"
                                      << "SELECT name FROM owner ORDER BY age DESC LIMIT 1";
        QTest::newRow("two children") << "SELECT name FROM owner WHERE id IN (SELECT owner FROM pet)"
                                      << "SELECT T1.name FROM owner AS T1 JOIN pet AS T2 ON T1.id = T2.owner";
        QTest::newRow("group of k") << "SELECT owner FROM pet GROUP BY owner HAVING count(*) >= 7"
                                    << "SELECT owner FROM pet GROUP BY owner HAVING count(*) > 7";
        QTest::newRow("nothing passes") << "SELECT max(age) FROM owner WHERE city = 'Oslo'"
                                        << "SELECT age FROM owner WHERE city = 'Oslo' ORDER BY age DESC LIMIT 1";
        QTest::newRow("unordered limit") << "SELECT name FROM owner ORDER BY age DESC LIMIT 1"
                                         << "SELECT name FROM owner LIMIT 1";
        QTest::newRow("unlinked join") << "SELECT T1.name FROM owner AS T1 JOIN pet AS T2 ON T1.age = T2.tag"
                                       << "SELECT T1.name FROM owner AS T1 JOIN pet AS T2 ON T1.id = T2.tag";
        QTest::newRow("limit past the samples") << "SELECT name FROM owner ORDER BY age LIMIT 100"
                                                << "SELECT name FROM owner ORDER BY age LIMIT 101";
        QTest::newRow("limit dropped") << "SELECT kind FROM pet WHERE weight > 1 ORDER BY weight LIMIT 120"
                                       << "SELECT kind FROM pet WHERE weight > 1 ORDER BY weight";
        QTest::newRow("length boundary") << "SELECT name FROM owner WHERE length(name) > 20"
                                         << "SELECT name FROM owner WHERE length(name) > 21";
        QTest::newRow("arithmetic boundary") << "SELECT kind FROM pet WHERE tag * 3 + 7 >= 4000"
                                             << "SELECT kind FROM pet WHERE tag * 3 + 7 > 4000";
        QTest::newRow("key of zero") << "SELECT count(DISTINCT owner) FROM pet"
                                     << "SELECT count(DISTINCT owner) FROM pet WHERE owner";
        QTest::newRow("negative key") << "SELECT name FROM owner WHERE id = abs(id)" << "SELECT name FROM owner";
        QTest::newRow("trim") << "SELECT name FROM owner WHERE trim(city) = city" << "SELECT name FROM owner";
        QTest::newRow("second letter case") << "SELECT name FROM owner WHERE substr(city, 2, 1) = 'a'"
                                            << "SELECT name FROM owner WHERE city LIKE '_a%'";
        QTest::newRow("upper") << "SELECT count(*) FROM owner WHERE upper(name) = name" << "SELECT count(*) FROM owner";
        QTest::newRow("date arithmetic") << "SELECT name FROM owner WHERE julianday('2020-01-01') - julianday(city) > 365"
                                         << "SELECT name FROM owner WHERE julianday('2020-01-01') - julianday(city) > 366";
    }

    void findsWhatRandomDatabasesMiss()
    {
        QFETCH(QString, gold);
        QFETCH(QString, candidate);
        const auto found = searchOnly(gold.toStdString(), candidate.toStdString());
        QCOMPARE(found.check.verdict, VerdictKind::Different);
        QVERIFY(!found.foundBy.empty());
        QVERIFY(found.tried >= 1);
        // Every spider database is a strict database: what the spider search
        // separates, the strict one separates too.
        const auto strict = searchOnly(gold.toStdString(), candidate.toStdString(), fuzz::Profile::Strict);
        QCOMPARE(strict.check.verdict, VerdictKind::Different);
    }

    void naturalJoinAndUsingEquateTheirColumns_data()
    {
        QTest::addColumn<QString>("join");
        QTest::newRow("natural") << "NATURAL JOIN dept";
        QTest::newRow("using") << "JOIN dept USING (code)";
    }

    void naturalJoinAndUsingEquateTheirColumns()
    {
        // Text codes no foreign key links: only pooled values make the join meet, and
        // GROUP BY code splits into code, dept_name only when a code has two names.
        QFETCH(QString, join);
        auto loaded = schema::loadSchemaFromDdl(
            "CREATE TABLE dept (code TEXT NOT NULL, dept_name TEXT NOT NULL, city TEXT NOT NULL);"
            "CREATE TABLE emp (emp_id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT NOT NULL, "
            "salary INTEGER NOT NULL);",
            "staff");
        QVERIFY(loaded.ok());
        const std::string from = "FROM emp " + join.toStdString();
        const std::string gold = "SELECT code, count(*) " + from + " GROUP BY code";
        const std::string candidate = "SELECT code, count(*) " + from + " GROUP BY code, dept_name";
        for (const fuzz::Profile profile : {fuzz::Profile::Spider, fuzz::Profile::Strict}) {
            suite::Suite suite;
            const suite::CheckOptions check;
            const auto suiteResult = suite::checkCandidate(gold, candidate, suite, check);
            const auto found = search::searchPastSuite(*loaded, gold, candidate, suite, suiteResult, check,
                                                       {.budget = 300, .profile = profile, .seed = 0, .jobs = 1});
            QCOMPARE(found.check.verdict, VerdictKind::Different);
        }
    }

    void strictSearchTriesTheSpiderSearchsDatabases()
    {
        // A GROUP BY over a join whose strict databases leave tables empty or NULL:
        // the strict search still reaches the spider search's databases, labelled so.
        const std::string gold = "SELECT T1.name, count(*) FROM owner AS T1 JOIN pet AS T2 ON T1.id = T2.owner "
                                 "GROUP BY T1.name";
        const std::string candidate = "SELECT T1.name, count(*) FROM owner AS T1 JOIN pet AS T2 ON T1.id = T2.owner "
                                      "GROUP BY T1.id";
        const auto spider = searchOnly(gold, candidate);
        QCOMPARE(spider.check.verdict, VerdictKind::Different);
        const auto strict = searchOnly(gold, candidate, fuzz::Profile::Strict);
        QCOMPARE(strict.check.verdict, VerdictKind::Different);
        const auto equivalent = searchOnly("SELECT name FROM owner", "SELECT name FROM owner", fuzz::Profile::Strict);
        QCOMPARE(equivalent.check.verdict, VerdictKind::Equivalent);
        QVERIFY2(equivalent.tried > 300, "under strict both streams are tried, 300 databases each");
    }

    void nullsAndEmptyTablesUnderStrict()
    {
        const auto found = searchOnly("SELECT count(age) FROM owner", "SELECT count(*) FROM owner", fuzz::Profile::Strict);
        QCOMPARE(found.check.verdict, VerdictKind::Equivalent);  // age is NOT NULL
        const auto empty = searchOnly("SELECT max(weight) FROM pet", "SELECT weight FROM pet ORDER BY weight DESC LIMIT 1",
                                      fuzz::Profile::Strict);
        QCOMPARE(empty.check.verdict, VerdictKind::Different);
        QCOMPARE(searchOnly("SELECT max(weight) FROM pet", "SELECT weight FROM pet ORDER BY weight DESC LIMIT 1")
                     .check.verdict,
                 VerdictKind::Equivalent);
    }

    void equivalentPairsStayEquivalent_data()
    {
        QTest::addColumn<QString>("gold");
        QTest::addColumn<QString>("candidate");
        QTest::newRow("operands swapped") << "SELECT name FROM owner WHERE age > 30" << "SELECT name FROM owner WHERE 30 < age";
        QTest::newRow("between") << "SELECT name FROM owner WHERE age BETWEEN 20 AND 30"
                                 << "SELECT name FROM owner WHERE age >= 20 AND age <= 30";
        QTest::newRow("join order") << "SELECT T1.name FROM owner AS T1 JOIN pet AS T2 ON T1.id = T2.owner"
                                    << "SELECT T1.name FROM pet AS T2 JOIN owner AS T1 ON T2.owner = T1.id";
        QTest::newRow("count key") << "SELECT count(*) FROM pet" << "SELECT count(pid) FROM pet";
        QTest::newRow("tie-break only") << "SELECT name FROM owner ORDER BY age DESC LIMIT 1"
                                        << "SELECT name FROM owner GROUP BY id ORDER BY age DESC LIMIT 1";
        QTest::newRow("computed, rewritten") << "SELECT name FROM owner WHERE age * 2 > 101"
                                             << "SELECT name FROM owner WHERE age > 50";
        QTest::newRow("length, rewritten") << "SELECT name FROM owner WHERE length(name) >= 21"
                                           << "SELECT name FROM owner WHERE length(name) > 20";
    }

    void equivalentPairsStayEquivalent()
    {
        QFETCH(QString, gold);
        QFETCH(QString, candidate);
        const auto found = searchOnly(gold.toStdString(), candidate.toStdString());
        QVERIFY2(found.check.verdict == VerdictKind::Equivalent, found.foundBy.c_str());
        QVERIFY(found.tried > 200);
    }

    void sameOutcomeWithAnyThreadCount()
    {
        const auto one = searchOnly("SELECT name FROM owner WHERE id IN (SELECT owner FROM pet)",
                                    "SELECT T1.name FROM owner AS T1 JOIN pet AS T2 ON T1.id = T2.owner",
                                    fuzz::Profile::Spider, 1);
        const auto two = searchOnly("SELECT name FROM owner WHERE id IN (SELECT owner FROM pet)",
                                    "SELECT T1.name FROM owner AS T1 JOIN pet AS T2 ON T1.id = T2.owner",
                                    fuzz::Profile::Spider, 2);
        QCOMPARE(one.foundBy, two.foundBy);
        QCOMPARE(one.tried, two.tried);
        QCOMPARE(one.check.comparison.message, two.check.comparison.message);
    }

    void cancelStops()
    {
        suite::Suite suite;
        const suite::CheckOptions check;
        const auto suiteResult = suite::checkCandidate("SELECT 1", "SELECT 1", suite, check);
        std::atomic<bool> cancel{true};
        const auto found = search::searchPastSuite(testSchema(), "SELECT 1", "SELECT 1", suite, suiteResult, check,
                                                   {.budget = 300}, &cancel);
        QVERIFY(found.cancelled);
        QVERIFY(suite.databases.empty());
    }

    void boundaryValuesSitOnBothSides()
    {
        const auto has = [](const fuzz::GoldConstants& found, std::string_view column, const exec::Value& value) {
            return std::any_of(found.items.begin(), found.items.end(), [&](const fuzz::GoldConstant& c) {
                return c.column == column && c.value == value;
            });
        };
        const auto lengths = targeted::detail::boundaryValues("SELECT name FROM owner AS o WHERE length(o.name) > 20",
                                                              testSchema());
        QVERIFY(has(lengths, "name", exec::Value::text(std::string(20, 'a'))));
        QVERIFY(has(lengths, "name", exec::Value::text(std::string(21, 'a'))));
        const auto dates = targeted::detail::boundaryValues(
            "SELECT name FROM owner WHERE julianday('2020-01-01') - julianday(city) > 365", testSchema());
        QVERIFY(has(dates, "city", exec::Value::text("2019-01-01")));
        QVERIFY(has(dates, "city", exec::Value::text("2019-01-02")));
        const auto numbers = targeted::detail::boundaryValues("SELECT kind FROM pet WHERE tag * 3 + 7 > 4000", testSchema());
        QVERIFY(has(numbers, "tag", exec::Value::integer(1331)));
        QVERIFY(has(numbers, "tag", exec::Value::integer(1332)));
        // Values that change between runs would make the verdict change: none are read.
        QVERIFY(targeted::detail::boundaryValues("SELECT name FROM owner WHERE age + random() % 2 > 30", testSchema())
                    .items.empty());
        QVERIFY(targeted::detail::boundaryValues("SELECT name FROM owner WHERE julianday('now') - julianday(city) > 3",
                                                 testSchema())
                    .items.empty());
        // A column compared as itself is the constant collector's business; a bad query gives nothing.
        QVERIFY(targeted::detail::boundaryValues("SELECT name FROM owner WHERE age > 30", testSchema()).items.empty());
        QVERIFY(targeted::detail::boundaryValues("SELECT name FROM", testSchema()).items.empty());
    }

    void boundariesOverSeveralColumnsComeAsRows()
    {
        // Each column solved with the other held at a sample value: the solution and the
        // sample belong in one row, so they come as a group, not as loose values.
        const auto holdsRow = [](const fuzz::GoldConstants& found, const std::vector<fuzz::GoldConstant>& row) {
            return std::any_of(found.groups.begin(), found.groups.end(), [&](const fuzz::ConstantGroup& group) {
                return std::all_of(row.begin(), row.end(), [&](const fuzz::GoldConstant& wanted) {
                    return std::find(group.items.begin(), group.items.end(), wanted) != group.items.end();
                });
            });
        };
        const auto cell = [](const char* column, exec::Value value) {
            return fuzz::GoldConstant{"owner", column, std::move(value), fuzz::ConstantUse::Compare};
        };
        const auto lengths = targeted::detail::boundaryValues(
            "SELECT id FROM owner WHERE length(name) + length(city) > 30", testSchema());
        QVERIFY(lengths.items.empty());
        // city 'aaaaa' (5 letters): the sum is 30 at 25 letters of name, 31 at 26.
        QVERIFY(holdsRow(lengths, {cell("name", exec::Value::text(std::string(25, 'a'))),
                                   cell("city", exec::Value::text("aaaaa"))}));
        QVERIFY(holdsRow(lengths, {cell("name", exec::Value::text(std::string(26, 'a'))),
                                   cell("city", exec::Value::text("aaaaa"))}));
        // Two numbers: each solved with the other held at 1.
        const auto sums = targeted::detail::boundaryValues("SELECT name FROM owner WHERE age + id > 40", testSchema());
        QVERIFY(holdsRow(sums, {cell("age", exec::Value::integer(39)), cell("id", exec::Value::integer(1))}));
        QVERIFY(holdsRow(sums, {cell("age", exec::Value::integer(1)), cell("id", exec::Value::integer(40))}));
        // Columns of two tables are left alone (a row cannot hold both).
        QVERIFY(targeted::detail::boundaryValues(
                    "SELECT o.name FROM owner AS o JOIN pet AS p ON p.owner = o.id WHERE o.age + p.tag > 40", testSchema())
                    .groups.empty());
    }

    void boundaryProbesStayWithinTheirBudget()
    {
        // Each probe runs the user's expression under a small step budget: a
        // quadratic one ends as "cannot tell" instead of running for minutes.
        const auto found = targeted::detail::boundaryValues(
            "SELECT name FROM owner WHERE length(printf('%.*c', age * 1000000, 'x')) > 5", testSchema());
        QVERIFY(found.items.size() <= 16);
    }

    void orderDependenceFindsTies()
    {
        // A key that is not a rowid alias: SQLite scans in insertion order, so ties move.
        auto loaded = schema::loadSchemaFromDdl("CREATE TABLE s (id NUMERIC PRIMARY KEY, name TEXT, age INTEGER);", "s");
        QVERIFY(loaded.ok());
        const schema::Schema& schema = *loaded;
        auto connection = schema::materialize(
            schema, schema::DatabaseContent{{{"s",
                                              {{exec::Value::integer(1), exec::Value::text("a"), exec::Value::integer(40)},
                                               {exec::Value::integer(2), exec::Value::text("b"), exec::Value::integer(40)},
                                               {exec::Value::integer(3), exec::Value::text("c"), exec::Value::integer(9)}}}}});
        QVERIFY(connection.ok());
        const auto bytes = connection->serialize();
        QVERIFY(bytes.ok());
        const auto tie = targeted::checkOrderDependence(*bytes, schema, "SELECT name FROM s ORDER BY age DESC LIMIT 1",
                                                        true, {});
        QVERIFY(tie.detected);
        QVERIFY(!targeted::checkOrderDependence(*bytes, schema, "SELECT name FROM s ORDER BY name LIMIT 1", true, {})
                     .detected);
        QVERIFY(targeted::checkOrderDependence(*bytes, schema, "SELECT name FROM s LIMIT 1", false, {}).detected);
        const auto pair = targeted::checkPairOrderDependence(*bytes, schema, "SELECT name FROM s ORDER BY age DESC LIMIT 1",
                                                             "SELECT name FROM s ORDER BY age DESC, id LIMIT 1", true, {});
        QVERIFY(pair.tieBreakOnly);
        const auto real = targeted::checkPairOrderDependence(*bytes, schema, "SELECT name FROM s ORDER BY age DESC LIMIT 1",
                                                             "SELECT name FROM s ORDER BY age LIMIT 1", true, {});
        QVERIFY(!real.tieBreakOnly);
        // The gold's answer is fixed here; a candidate that gives it only under some
        // reading order (an unordered LIMIT) does not mean the same.
        const auto arbitrary = targeted::checkPairOrderDependence(*bytes, schema, "SELECT name FROM s ORDER BY name DESC LIMIT 1",
                                                                  "SELECT name FROM s LIMIT 1", true, {});
        QVERIFY(arbitrary.candidate.detected);
        QVERIFY(!arbitrary.gold.detected);
        QVERIFY(!arbitrary.tieBreakOnly);
    }
};

QTEST_APPLESS_MAIN(TestSearch)
#include "test_search.moc"
