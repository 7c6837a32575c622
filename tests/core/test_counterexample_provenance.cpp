// Unit tests of the minimizer's provenance (MinimizeResult::sourceRows): every row of
// a minimal counterexample names the row of the separating database it was shrunk
// from, through row reduction, value simplification and re-pointed references. A
// kept row matches its source in every key column it was not re-pointed in, and in
// every other column unless the value simplifier replaced that value.
#include "core/minimize/minimize.h"
#include "core/schema/database_content.h"
#include "core/schema/ddl_loader.h"
#include "tests/core/minimize_test_support.h"

#include <QtTest>

#include <string>

using namespace sqleq;
using exec::Value;
using test::Fixture;
using test::load;
using test::request;

namespace {

bool isForeignKeyColumn(const schema::Table& table, std::size_t column)
{
    for (const auto& key : table.foreignKeys) {
        for (const auto& name : key.columns) {
            if (schema::sameIdentifier(name, table.columns[column].name)) return true;
        }
    }
    return false;
}

struct Differences {
    std::size_t valueCells = 0;      ///< non-key cells unlike their source: simplified values
    std::size_t referenceCells = 0;  ///< foreign-key cells unlike their source: re-pointed references
};

// Checks the shape of the provenance and that primary keys never move; counts the rest.
void compareWithSources(const Fixture& fixture, const minimize::MinimizeResult& result, Differences& differences)
{
    const auto& kept = result.content.tables;
    const auto& input = fixture.content.tables;
    QCOMPARE(result.sourceRows.size(), kept.size());
    QCOMPARE(kept.size(), input.size());
    for (std::size_t entry = 0; entry < kept.size(); ++entry) {
        const auto& sources = result.sourceRows[entry];
        const schema::Table* table = fixture.schema.findTable(kept[entry].table);
        QCOMPARE(sources.size(), kept[entry].rows.size());
        for (std::size_t row = 0; row < sources.size(); ++row) {
            QVERIFY(sources[row] < input[entry].rows.size());
            // Rows keep their input order and no two come from the same row.
            if (row > 0) QVERIFY(sources[row - 1] < sources[row]);
            const auto& now = kept[entry].rows[row];
            const auto& before = input[entry].rows[sources[row]];
            for (std::size_t column = 0; column < now.size(); ++column) {
                if (now[column] == before[column]) continue;
                QVERIFY2(!table->columns[column].primaryKey, "a primary key changed");
                ++(isForeignKeyColumn(*table, column) ? differences.referenceCells : differences.valueCells);
            }
        }
    }
}

const std::string kPeople =
    "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, age INTEGER);"
    "INSERT INTO people VALUES (1,'Bartholomew',41),(2,'Maximiliana',52),(3,'Christopherson',28),"
    "(4,'Jonathan',60),(5,'Jackson-Smythe',33),(6,'Anastasia',47);";

} // namespace

class TestCounterexampleProvenance : public QObject {
    Q_OBJECT

private slots:
    // Without value simplification a kept row is its source, cell for cell.
    void rowsWithoutSimplificationAreTheirSources()
    {
        Fixture fixture = load(kPeople);
        auto req = request(fixture, "SELECT name FROM people WHERE age > 34", "SELECT name FROM people");
        req.simplifyValues = false;
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QCOMPARE(result->content.rowCount(), std::size_t(1));
        // Christopherson (28) and Jackson-Smythe (33) both separate; ddmin keeps one of them.
        const std::size_t source = result->sourceRows.at(0).at(0);
        QVERIFY(source == 2 || source == 4);
        QCOMPARE(result->content.tables[0].rows[0], fixture.content.tables[0].rows[source]);
        Differences differences;
        compareWithSources(fixture, *result, differences);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(differences.valueCells, std::size_t(0));
        QCOMPARE(differences.referenceCells, std::size_t(0));
    }

    // Simplified cells differ from their source, and only those: the count matches.
    void simplifiedValuesKeepTheirSource()
    {
        Fixture fixture = load(kPeople);
        auto req = request(fixture, "SELECT name FROM people WHERE age > 34", "SELECT name FROM people");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QCOMPARE(result->valuesSimplified, std::size_t(2));
        const std::size_t source = result->sourceRows.at(0).at(0);
        const auto& row = result->content.tables[0].rows[0];
        QCOMPARE(row[0], fixture.content.tables[0].rows[source][0]);  // same person
        QVERIFY(row[1] != fixture.content.tables[0].rows[source][1]);
        Differences differences;
        compareWithSources(fixture, *result, differences);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(differences.valueCells, result->valuesSimplified);
        QCOMPARE(differences.referenceCells, std::size_t(0));
    }

    // The re-pointing pass rebuilds the content twice over; provenance survives it. The
    // lead's manager is pointed at herself, which frees the rest of the chain: the
    // remaining employee is the input's first one, with only references changed.
    void repointedReferencesKeepTheirSource()
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
        req.simplifyValues = false;
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        QCOMPARE(result->content.rowCount(), std::size_t(3));
        QCOMPARE(result->sourceRows.at(1), std::vector<std::size_t>{0});  // emp 1
        QCOMPARE(result->sourceRows.at(2), std::vector<std::size_t>{0});  // project 'xdata'
        const exec::Row& lead = result->content.tables[1].rows.at(0);
        QCOMPARE(lead[0], Value::integer(1));
        QCOMPARE(lead[2], Value::integer(1));  // her own manager now
        // The one department left is the one she now belongs to, named by its source.
        const std::size_t dept = result->sourceRows.at(0).at(0);
        QCOMPARE(fixture.content.tables[0].rows[dept][0], lead[1]);
        Differences differences;
        compareWithSources(fixture, *result, differences);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(differences.valueCells, std::size_t(0));
        QVERIFY(differences.referenceCells >= 1);
    }

    // Rows from several tables, keys, simplified values together.
    void severalTables()
    {
        Fixture fixture = load(
            "CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);"
            "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id),"
            " score INTEGER);"
            "INSERT INTO parent VALUES (1,'Ann'),(2,'Ben'),(3,'Cid'),(4,'Dot'),(5,'Eli');"
            "INSERT INTO child VALUES (10,1,9),(11,1,8),(12,2,7),(13,2,9),(14,3,6),(15,3,4),(16,4,8),"
            "(17,4,9),(18,5,7),(19,5,10),(20,1,6),(21,2,8);");
        auto req = request(fixture,
                           "SELECT p.name FROM parent p JOIN child c ON c.parent_id = p.id WHERE c.score > 5",
                           "SELECT p.name FROM parent p JOIN child c ON c.parent_id = p.id WHERE c.score > 3");
        auto result = minimize::minimizeCounterexample(fixture.content, req);
        QVERIFY(result.ok());
        // Child 15 (score 4) under parent 3 (Cid): the sixth child, the third parent.
        QCOMPARE(result->sourceRows.at(0), std::vector<std::size_t>{2});
        QCOMPARE(result->sourceRows.at(1), std::vector<std::size_t>{5});
        Differences differences;
        compareWithSources(fixture, *result, differences);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(differences.valueCells, result->valuesSimplified);
        QVERIFY(differences.valueCells > 0);  // "Cid" became a single letter
        QCOMPARE(differences.referenceCells, std::size_t(0));
    }
};

QTEST_APPLESS_MAIN(TestCounterexampleProvenance)
#include "test_counterexample_provenance.moc"
