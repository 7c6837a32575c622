// Unit tests of core/minimize over rows: the paper's Figure 1, foreign keys
// (joins, self references), cases needing two rows, required non-empty tables,
// row order, data-dependent candidate errors, errors, budget and cancellation.
// Every result is checked independently: it materializes, it still separates, and
// it is 1-minimal by brute force (remove each row with its dangling children).
#include "core/compare/compare.h"
#include "core/exec/executor.h"
#include "core/minimize/minimize.h"
#include "core/schema/database_content.h"
#include "core/schema/ddl_loader.h"
#include "core/targeted/order_dependence.h"
#include "tests/core/minimize_test_support.h"

#include <QtTest>

#include <atomic>
#include <random>
#include <string>

using namespace sqleq;
using exec::Value;
using test::Fixture;
using test::load;
using test::request;

namespace {

// The test's own notion of "separates", independent of the minimizer's internals.
bool separates(const minimize::MinimizeRequest& req, const schema::DatabaseContent& content)
{
    auto connection = schema::materialize(*req.schema, content);
    if (!connection) return false;
    auto gold = exec::runQuery(*connection, req.goldSql);
    auto candidate = exec::runQuery(*connection, req.candidateSql);
    return gold.ok() && !compare::compareOutcomes(gold, candidate, req.orderMatters).same();
}

bool hasParent(const schema::DatabaseContent& content, const schema::Schema& schema, const schema::Table& table,
               const exec::Row& row, const schema::ForeignKey& key)
{
    const schema::Table* parent = schema.findTable(key.referencedTable);
    const auto& parentColumns = key.referencedColumns.empty() ? parent->primaryKey : key.referencedColumns;
    const schema::TableRows* parentRows = content.find(parent->name);
    for (std::size_t i = 0; i < key.columns.size(); ++i) {
        if (row[static_cast<std::size_t>(table.findColumn(key.columns[i]) - table.columns.data())].isNull()) return true;
    }
    if (parentRows == nullptr) return false;
    for (const auto& candidate : parentRows->rows) {
        bool match = true;
        for (std::size_t i = 0; i < key.columns.size(); ++i) {
            const auto childAt = static_cast<std::size_t>(table.findColumn(key.columns[i]) - table.columns.data());
            const auto parentAt = static_cast<std::size_t>(parent->findColumn(parentColumns[i]) - parent->columns.data());
            match = match && row[childAt] == candidate[parentAt];
        }
        if (match) return true;
    }
    return false;
}

// Deletes rows whose foreign keys no longer resolve, until none is left (a cascade).
void dropDangling(schema::DatabaseContent& content, const schema::Schema& schema)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (auto& entry : content.tables) {
            const schema::Table& table = *schema.findTable(entry.table);
            for (std::size_t r = 0; r < entry.rows.size();) {
                bool dangling = false;
                for (const auto& key : table.foreignKeys) dangling = dangling || !hasParent(content, schema, table, entry.rows[r], key);
                if (dangling) {
                    entry.rows.erase(entry.rows.begin() + static_cast<std::ptrdiff_t>(r));
                    changed = true;
                } else {
                    ++r;
                }
            }
        }
    }
}

bool keepsRequired(const schema::DatabaseContent& content, const minimize::MinimizeRequest& req)
{
    for (const auto& name : req.nonEmptyTables) {
        if (req.schema->findTable(name) == nullptr) continue;  // not a table: nothing to keep
        const auto* rows = content.find(name);
        if (rows == nullptr || rows->rows.empty()) return false;
    }
    return true;
}

// Brute force: no single row (with its cascade) can go while the separation survives.
void verifyOneMinimal(const minimize::MinimizeRequest& req, const schema::DatabaseContent& content)
{
    for (std::size_t t = 0; t < content.tables.size(); ++t) {
        for (std::size_t r = 0; r < content.tables[t].rows.size(); ++r) {
            auto smaller = content;
            smaller.tables[t].rows.erase(smaller.tables[t].rows.begin() + static_cast<std::ptrdiff_t>(r));
            dropDangling(smaller, *req.schema);
            if (!keepsRequired(smaller, req)) continue;
            QVERIFY2(!separates(req, smaller),
                     qPrintable(QString("row %1 of %2 could be removed").arg(r).arg(content.tables[t].table.c_str())));
        }
    }
}

void verifyResult(const minimize::MinimizeRequest& req, const minimize::MinimizeResult& result)
{
    QVERIFY(schema::materialize(*req.schema, result.content).ok());
    QVERIFY(separates(req, result.content));
    QVERIFY(!result.comparison.same());
    QVERIFY(keepsRequired(result.content, req));
    QCOMPARE(result.rowsAfter, result.content.rowCount());
    QVERIFY(result.oneMinimal);
    verifyOneMinimal(req, result.content);
    qInfo("rows %zu -> %zu in %zu runs (%zu values simplified)", result.rowsBefore, result.rowsAfter,
          result.queryRuns, result.valuesSimplified);
}

const std::string kPeople =
    "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, age INTEGER);"
    "INSERT INTO people VALUES (1,'Alice',41),(2,'Bob',35),(3,'Carol',52),(4,'Dave',38),(5,'Eve',60),"
    "(6,'Frank',47),(7,'Grace',36),(8,'Heidi',28),(9,'Ivan',44),(10,'Judy',39),(11,'Mallory',71),"
    "(12,'Niaj',45),(13,'Olivia',50),(14,'Peggy',37),(15,'Rupert',33),(16,'Sybil',58),(17,'Trent',40),"
    "(18,'Victor',66),(19,'Walter',49),(20,'Zoe',35);";

const std::string kFamily =
    "CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);"
    "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id),"
    " score INTEGER);"
    "INSERT INTO parent VALUES (1,'Ann'),(2,'Ben'),(3,'Cid'),(4,'Dot'),(5,'Eli');"
    "INSERT INTO child VALUES (10,1,9),(11,1,8),(12,2,7),(13,2,9),(14,3,6),(15,3,4),(16,4,8),"
    "(17,4,9),(18,5,7),(19,5,10),(20,1,6),(21,2,8);";

} // namespace

class TestMinimize : public QObject {
    Q_OBJECT

private slots:
    // Figure 1 of the paper: one row with age <= 34 is the whole story.
    void figureOne()
    {
        Fixture fixture = load(kPeople);
        auto req = request(fixture, "SELECT name FROM people WHERE age > 34", "SELECT name FROM people");
        req.simplifyValues = false;
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
        QCOMPARE(result->rowsBefore, std::size_t(20));
        QCOMPARE(result->rowsAfter, std::size_t(1));
        const auto& row = result->content.find("people")->rows.at(0);
        QVERIFY(row[2].asInteger() <= 34);
        QVERIFY(!result->cancelled && !result->budgetExhausted);
        verifyResult(req, *result);
    }

    // The difference lives in the child table: the parent count vs the join count.
    void joinThroughForeignKey()
    {
        Fixture fixture = load(kFamily);
        auto req = request(fixture, "SELECT count(*) FROM parent",
                           "SELECT count(*) FROM parent JOIN child ON child.parent_id = parent.id");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QCOMPARE(result->rowsAfter, std::size_t(1));  // one parent, no child: 1 vs 0
        verifyResult(req, *result);

        // Under the spider profile both tables keep a row: a parent with a child, plus
        // either a childless parent or a second child.
        req.nonEmptyTables = {"parent", "child"};
        auto spider = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(spider.ok());
        QCOMPARE(spider->rowsAfter, std::size_t(3));
        QVERIFY(!spider->content.find("child")->rows.empty());
        verifyResult(req, *spider);
    }

    // Keeping a child forces its parent to stay: the minimal database is the pair.
    void childNeedsItsParent()
    {
        Fixture fixture = load(kFamily);
        auto req = request(fixture,
                           "SELECT p.name FROM parent p JOIN child c ON c.parent_id = p.id WHERE c.score > 5",
                           "SELECT p.name FROM parent p JOIN child c ON c.parent_id = p.id WHERE c.score > 3");
        req.simplifyValues = false;
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QCOMPARE(result->rowsAfter, std::size_t(2));
        const auto& child = result->content.find("child")->rows.at(0);
        QCOMPARE(child[2], Value::integer(4));
        QCOMPARE(result->content.find("parent")->rows.at(0)[0], child[1]);
        verifyResult(req, *result);
    }

    // A chain of managers: the counterexample is a root and one direct report.
    void selfReferencingKey()
    {
        Fixture fixture = load(
            "CREATE TABLE employee (id INTEGER PRIMARY KEY, name TEXT, manager INTEGER REFERENCES employee(id));"
            "INSERT INTO employee VALUES (1,'Root',NULL),(2,'A',1),(3,'B',2),(4,'C',3),(5,'D',4),(6,'E',2),"
            "(7,'F',3),(8,'G',4),(9,'H',5),(10,'I',9);");
        auto req = request(fixture,
                           "SELECT e.id FROM employee e JOIN employee m ON e.manager = m.id "
                           "JOIN employee g ON m.manager = g.id",
                           "SELECT e.id FROM employee e JOIN employee m ON e.manager = m.id");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QCOMPARE(result->rowsAfter, std::size_t(2));
        verifyResult(req, *result);
    }

    // Every table must keep a row and no key may be NULL (the spider profile): the
    // project's lead heads a chain of managers, each in another department. Pointing
    // the lead's manager at herself frees the rest of the chain and their departments.
    void repointsReferencesToFreeRows()
    {
        Fixture fixture = load(
            "CREATE TABLE dept (id INTEGER PRIMARY KEY);"
            "CREATE TABLE emp (id INTEGER PRIMARY KEY, dept INTEGER NOT NULL REFERENCES dept(id),"
            "                  manager INTEGER NOT NULL REFERENCES emp(id));"
            "CREATE TABLE project (id INTEGER PRIMARY KEY, title TEXT NOT NULL, lead INTEGER NOT NULL REFERENCES emp(id));"
            "INSERT INTO dept VALUES (1), (2), (3);"
            "INSERT INTO emp VALUES (1, 1, 2), (2, 2, 3), (3, 3, 3);"
            "INSERT INTO project VALUES (1, 'xdata', 1), (2, 'data', 3);");
        auto req = request(fixture, "SELECT title FROM project WHERE title LIKE '%data%'",
                           "SELECT title FROM project WHERE title LIKE 'data%'");
        req.nonEmptyTables = {"dept", "emp", "project"};
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
        QCOMPARE(result->rowsAfter, std::size_t(3));  // one department, one employee, one project
        verifyResult(req, *result);
    }

    // Duplicates are the point: count(*) vs count(DISTINCT x), DISTINCT vs not.
    void needsTwoRows()
    {
        Fixture fixture = load(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT);"
            "INSERT INTO t VALUES (1,'a'),(2,'b'),(3,'c'),(4,'d'),(5,'e'),(6,'f'),(7,'g'),(8,'h'),(9,'c'),"
            "(10,'i'),(11,'j'),(12,'k'),(13,'l'),(14,'m'),(15,'n');");
        for (const auto& [gold, candidate] :
             {std::pair<std::string, std::string>{"SELECT count(*) FROM t", "SELECT count(DISTINCT x) FROM t"},
              {"SELECT DISTINCT x FROM t", "SELECT x FROM t"}}) {
            auto req = request(fixture, gold, candidate);
            auto result = minimize::minimizeCounterexample(fixture.content, req);
            QVERIFY(result.ok());
            QCOMPARE(result->rowsAfter, std::size_t(2));
            const auto& rows = result->content.find("t")->rows;
            QCOMPARE(rows[0][1], rows[1][1]);
            verifyResult(req, *result);
        }
    }

    // With the gold's ORDER BY, two rows in the wrong order separate.
    void rowOrder()
    {
        Fixture fixture = load(kPeople);
        auto req = request(fixture, "SELECT name FROM people ORDER BY age, id",
                           "SELECT name FROM people ORDER BY age DESC, id");
        req.orderMatters = true;
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QCOMPARE(result->rowsAfter, std::size_t(2));
        QCOMPARE(result->comparison.reason, compare::Reason::OrderDiffers);
        verifyResult(req, *result);
    }

    // A table the queries read but the separation does not need keeps one row.
    void nonEmptyTablesKeepARow()
    {
        Fixture fixture = load(kPeople +
                               "CREATE TABLE pet (id INTEGER PRIMARY KEY, kind TEXT);"
                               "INSERT INTO pet VALUES (1,'cat'),(2,'dog'),(3,'eel');");
        auto req = request(fixture, "SELECT name FROM people WHERE age > 34", "SELECT name FROM people");
        req.nonEmptyTables = {"PEOPLE", "pet", "no_such_cte"};
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QCOMPARE(result->content.find("people")->rows.size(), std::size_t(1));
        QCOMPARE(result->content.find("pet")->rows.size(), std::size_t(1));
        verifyResult(req, *result);

        // Without the requirement the pets go.
        req.nonEmptyTables.clear();
        auto strict = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(strict.ok());
        QCOMPARE(strict->rowsAfter, std::size_t(1));
    }

    // The candidate fails only on some data (abs(INT64_MIN) overflows): keep that row.
    void dataDependentCandidateError()
    {
        Fixture fixture = load(kPeople + "UPDATE people SET age = 0 WHERE id = 13;");
        auto req = request(fixture, "SELECT name FROM people",
                           "SELECT name FROM people WHERE abs(age - 9223372036854775807 - 1) > 0");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
        QCOMPARE(result->comparison.reason, compare::Reason::CandidateFailed);
        QCOMPARE(result->rowsAfter, std::size_t(1));
        QCOMPARE(result->content.find("people")->rows.at(0)[2], Value::integer(0));
        verifyResult(req, *result);
    }

    // A candidate that never prepares separates on any database, even an empty one.
    void candidateAlwaysFails()
    {
        Fixture fixture = load(kPeople);
        auto req = request(fixture, "SELECT name FROM people", "SELECT nope FROM people");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QCOMPARE(result->rowsAfter, std::size_t(0));
        req.nonEmptyTables = {"people"};
        auto spider = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(spider.ok());
        QCOMPARE(spider->rowsAfter, std::size_t(1));
    }

    // Values shrink while the separation holds: shorter names, age 0.
    void simplifiesValues()
    {
        Fixture fixture = load(
            "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, age INTEGER);"
            "INSERT INTO people VALUES (1,'Bartholomew',41),(2,'Maximiliana',52),(3,'Christopherson',28),"
            "(4,'Jonathan',60),(5,'Jackson-Smythe',33),(6,'Anastasia',47);");
        auto req = request(fixture, "SELECT name FROM people WHERE age > 34", "SELECT name FROM people");
        req.simplifyValues = false;
        auto plain = minimize::minimizeCounterexample(fixture.content, req);
        req.simplifyValues = true;
        auto simple = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(plain.ok() && simple.ok());
        const auto& before = plain->content.find("people")->rows.at(0);
        const auto& after = simple->content.find("people")->rows.at(0);
        QCOMPARE(after[0], before[0]);  // the key is left alone
        QVERIFY(after[1].asText().size() < before[1].asText().size());
        QCOMPARE(after[1].asText().size(), std::size_t(1));
        QCOMPARE(after[2], Value::integer(0));
        QCOMPARE(simple->valuesSimplified, std::size_t(2));
        verifyResult(req, *simple);

        // A prefix survives where the predicate needs it.
        auto like = request(fixture, "SELECT id FROM people WHERE name LIKE 'Jo%'",
                            "SELECT id FROM people WHERE name LIKE 'J%'");
        auto prefix = minimize::minimizeCounterexample(fixture.content, like);
        QVERIFY(prefix.ok());
        QCOMPARE(prefix->content.find("people")->rows.at(0)[1], Value::text("J"));
        verifyResult(like, *prefix);
    }

    // Reals become integral, stored as the column's affinity would store them.
    void simplifiesReals()
    {
        Fixture fixture = load(
            "CREATE TABLE item (id INTEGER PRIMARY KEY, price REAL, qty NUMERIC, weight);"
            "INSERT INTO item VALUES (1,157.25,3.75,2.5),(2,57.25,13.5,7.75),(3,312.5,1.25,0.5);");
        auto req = request(fixture, "SELECT id FROM item WHERE price > 100", "SELECT id FROM item");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        const auto& row = result->content.find("item")->rows.at(0);
        QCOMPARE(row[1], Value::real(0.0));
        QCOMPARE(row[2], Value::integer(0));
        QCOMPARE(row[3], Value::real(0.0));
        verifyResult(req, *result);
        // What the content says is what the database stores.
        auto connection = schema::materialize(fixture.schema, result->content);
        QVERIFY(connection.ok());
        auto back = schema::readContent(*connection, fixture.schema);
        QVERIFY(back.ok());
        QCOMPARE(back->find("item")->rows, result->content.find("item")->rows);
    }

    // UNIQUE forbids two equal names; the equal groups the separation needs stay equal.
    void simplificationRespectsConstraints()
    {
        Fixture fixture = load(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, grp TEXT);"
            "INSERT INTO t VALUES (1,'alpha','north'),(2,'beta','south'),(3,'gamma','east'),"
            "(4,'delta','north'),(5,'epsilon','west');");
        auto req = request(fixture, "SELECT count(*) FROM t", "SELECT count(DISTINCT grp) FROM t");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        const auto& rows = result->content.find("t")->rows;
        QCOMPARE(rows.size(), std::size_t(2));
        QVERIFY(rows[0][1] != rows[1][1]);
        QCOMPARE(rows[0][2], rows[1][2]);
        QVERIFY(rows[0][2].asText().size() == 1);
        QVERIFY(rows[0][1].asText().size() == 1 && rows[1][1].asText().size() == 1);
        verifyResult(req, *result);

        // Keys, foreign keys included, never change.
        Fixture family = load(kFamily);
        auto join = request(family,
                            "SELECT p.name FROM parent p JOIN child c ON c.parent_id = p.id WHERE c.score > 5",
                            "SELECT p.name FROM parent p JOIN child c ON c.parent_id = p.id WHERE c.score > 3");
        auto simple = minimize::minimizeCounterexample(family.content, join);
        QVERIFY(simple.ok());
        const auto& child = simple->content.find("child")->rows.at(0);
        QCOMPARE(child[0], Value::integer(15));
        QCOMPARE(child[1], Value::integer(3));
        QCOMPARE(simple->content.find("parent")->rows.at(0)[1].asText().size(), std::size_t(1));
        verifyResult(join, *simple);
    }

    // A few hundred rows over a three-level key chain: every invariant, at scale.
    void largerChainedDatabase()
    {
        std::mt19937 random(20200101);
        std::string ddl =
            "CREATE TABLE region (id INTEGER PRIMARY KEY, name TEXT NOT NULL);"
            "CREATE TABLE store (id INTEGER PRIMARY KEY, region_id INTEGER REFERENCES region(id), city TEXT);"
            "CREATE TABLE sale (id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES store(id), amount REAL,"
            " item TEXT);";
        for (int i = 1; i <= 30; ++i) ddl += "INSERT INTO region VALUES (" + std::to_string(i) + ", 'region" + std::to_string(i % 7) + "');";
        for (int i = 1; i <= 90; ++i) {
            ddl += "INSERT INTO store VALUES (" + std::to_string(i) + ", " + std::to_string(1 + random() % 30) +
                   ", 'city" + std::to_string(random() % 12) + "');";
        }
        for (int i = 1; i <= 180; ++i) {
            ddl += "INSERT INTO sale VALUES (" + std::to_string(i) + ", " + std::to_string(1 + random() % 90) + ", " +
                   std::to_string(random() % 50000) + ".25, 'item" + std::to_string(random() % 20) + "');";
        }
        Fixture fixture = load(ddl);
        const std::vector<std::pair<std::string, std::string>> pairs{
            {"SELECT r.name, sum(s.amount) FROM region r JOIN store t ON t.region_id = r.id JOIN sale s ON s.store_id = t.id "
             "GROUP BY r.name",
             "SELECT r.name, sum(s.amount) FROM region r JOIN store t ON t.region_id = r.id JOIN sale s ON s.store_id = t.id "
             "GROUP BY r.id"},
            {"SELECT count(*) FROM sale WHERE amount > 20000", "SELECT count(*) FROM sale WHERE amount > 30000"},
            {"SELECT DISTINCT t.city FROM store t JOIN sale s ON s.store_id = t.id WHERE s.item = 'item3'",
             "SELECT t.city FROM store t JOIN sale s ON s.store_id = t.id WHERE s.item = 'item3'"},
            {"SELECT city FROM store WHERE id NOT IN (SELECT store_id FROM sale)",
             "SELECT city FROM store EXCEPT SELECT t.city FROM store t JOIN sale s ON s.store_id = t.id"},
        };
        for (const auto& [gold, candidate] : pairs) {
            auto req = request(fixture, gold, candidate);
            req.nonEmptyTables = {"region", "store", "sale"};
            auto result = minimize::minimizeCounterexample(fixture.content, req);
            QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
            QVERIFY(result->rowsAfter <= 6);
            QVERIFY(result->queryRuns < 400);
            verifyResult(req, *result);
        }
    }

    void keepsAValueDifferenceNotAQuirk()
    {
        // 2.5 + 1.5 against 2 + 1: a value difference. Shrunk to x = 1.0, the rows
        // would be (13, 1.0) against (13, 1), which only the official quick rejection's
        // per-row sort separates: the minimizer must not trade one for the other.
        const Fixture fixture = load("CREATE TABLE t (id INTEGER PRIMARY KEY, x REAL NOT NULL);"
                                     "INSERT INTO t VALUES (1, 2.5), (2, 1.5), (3, 7.25);");
        const auto req = request(fixture, "SELECT 13, sum(x) FROM t", "SELECT 13, sum(CAST(x AS INTEGER)) FROM t");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        auto connection = schema::materialize(fixture.schema, result->content);
        QVERIFY(connection.ok());
        const auto comparison = compare::compareOutcomes(exec::runQuery(*connection, req.goldSql),
                                                         exec::runQuery(*connection, req.candidateSql), false);
        QCOMPARE(comparison.reason, compare::Reason::ValuesDiffer);
        QVERIFY(!comparison.roundingOnly);
    }

    void keepsAValueDifferenceNotRounding()
    {
        // 0.1 + 0.2 summed in two orders differs in the 17th digit only; the input differs by value.
        const Fixture fixture = load("CREATE TABLE t (id INTEGER PRIMARY KEY, x REAL NOT NULL, k INTEGER NOT NULL);"
                                     "INSERT INTO t VALUES (1, 0.1, 1), (2, 0.2, 1), (3, 0.3, 1), (4, 5.0, 2);");
        const auto req = request(fixture, "SELECT sum(x) FROM (SELECT x FROM t ORDER BY id)",
                                 "SELECT sum(x) FROM (SELECT x FROM t WHERE k = 1 ORDER BY id DESC)");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        auto connection = schema::materialize(fixture.schema, result->content);
        QVERIFY(connection.ok());
        const auto comparison = compare::compareOutcomes(exec::runQuery(*connection, req.goldSql),
                                                         exec::runQuery(*connection, req.candidateSql), false);
        QVERIFY(!comparison.same());
        QVERIFY2(!comparison.roundingOnly, comparison.message.c_str());
    }

    void refusesAShrinkToATieAtLimit()
    {
        // Different by value on the input (the top age is 50 against 40); shrunk to two
        // rows of one age, the only difference left would be which tied row LIMIT keeps.
        const Fixture fixture = load("CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL);"
                                     "INSERT INTO p VALUES (1, 'a', 40), (2, 'b', 40), (3, 'c', 50), (4, 'd', 30);");
        auto req = request(fixture, "SELECT name FROM p ORDER BY age DESC LIMIT 1",
                           "SELECT name FROM p WHERE age < 45 ORDER BY age DESC LIMIT 1");
        req.orderMatters = true;
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        auto connection = schema::materialize(fixture.schema, result->content);
        QVERIFY(connection.ok());
        auto bytes = connection->serialize();
        QVERIFY(bytes.ok());
        QVERIFY(!targeted::checkPairOrderDependence(*bytes, fixture.schema, req.goldSql, req.candidateSql, true, {})
                     .tieBreakOnly);
    }

    void errors()
    {
        Fixture fixture = load(kPeople);
        auto same = minimize::minimizeCounterexample(
            fixture.content, request(fixture, "SELECT name FROM people", "SELECT name FROM people WHERE 1"));
        QVERIFY(!same.ok());
        QCOMPARE(same.error().code, std::string("minimize.not_separating"));

        auto goldFails = minimize::minimizeCounterexample(
            fixture.content, request(fixture, "SELECT nope FROM people", "SELECT name FROM people"));
        QVERIFY(!goldFails.ok());
        QCOMPARE(goldFails.error().code, std::string("minimize.not_separating"));

        auto req = request(fixture, "SELECT 1", "SELECT 2");
        req.schema = nullptr;
        auto noSchema = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(!noSchema.ok());
        QCOMPARE(noSchema.error().code, std::string("minimize.invalid_request"));

        Fixture family = load(kFamily);
        auto emptyChild = family.content;
        emptyChild.tables[1].rows.clear();
        auto spiderReq = request(family, "SELECT count(*) FROM parent", "SELECT count(*) FROM child");
        spiderReq.nonEmptyTables = {"child"};
        auto empty = minimize::minimizeCounterexample(emptyChild, spiderReq);
        QVERIFY(!empty.ok());
        QCOMPARE(empty.error().code, std::string("minimize.invalid_request"));
        QVERIFY(empty.error().message.find("child") != std::string::npos);

        auto dangling = family.content;
        dangling.tables[0].rows.erase(dangling.tables[0].rows.begin());
        auto invalid = minimize::minimizeCounterexample(dangling, spiderReq);
        QVERIFY(!invalid.ok());
        QCOMPARE(invalid.error().code, std::string("minimize.invalid_input"));
    }

    void cancellationStopsEarly()
    {
        Fixture fixture = load(kPeople);
        std::atomic<bool> cancel{false};
        auto req = request(fixture, "SELECT name FROM people WHERE age > 34", "SELECT name FROM people");
        req.cancel = &cancel;
        std::size_t reports = 0;
        req.progress = [&](const minimize::MinimizeProgress& progress) {
            reports = progress.queryRuns;
            if (progress.queryRuns >= 3) cancel = true;
        };
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QVERIFY(result->cancelled);
        QVERIFY(!result->oneMinimal);
        QCOMPARE(result->queryRuns, std::size_t(3));
        QCOMPARE(reports, std::size_t(3));
        QVERIFY(separates(req, result->content));

        auto before = minimize::minimizeCounterexample(fixture.content, req);  // flag still set
        QVERIFY(!before.ok());
        QCOMPARE(before.error().code, std::string("minimize.cancelled"));
    }

    void budgetBoundsTheWork()
    {
        Fixture fixture = load(kPeople);
        auto req = request(fixture, "SELECT name FROM people WHERE age > 34", "SELECT name FROM people");
        req.maxQueryRuns = 4;
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QVERIFY(result->budgetExhausted);
        QCOMPARE(result->queryRuns, std::size_t(4));
        QVERIFY(separates(req, result->content));
    }
};

QTEST_APPLESS_MAIN(TestMinimize)
#include "test_minimize.moc"
