// Certificates against the user's own schema: pairs over DDL scripts that use column
// collations (NOCASE, RTRIM), CHECK constraints, composite and UNIQUE keys and WITHOUT
// ROWID, under both profiles. Each verdict is sqleq's with default settings; each
// `different` verdict's counterexample is loaded into a database built by running the
// user's DDL script verbatim with plain SQLite, and both queries as judged must give
// results that differ under the official rule (tests/core/plain_recheck.h), with the
// profile's rules holding. Also: schemas whose results sqleq cannot reproduce are
// refused with a named error instead of a guess.
#include "core/inspect/inspect.h"
#include "core/schema/ddl_loader.h"

#include "core/schema/schema_source.h"
#include "core/schema/spider_tables_writer.h"

#include "tests/core/plain_recheck.h"
#include "tests/core/temp_file_support.h"
#include "tests/pair_sample.h"

#include <QtTest>

using namespace sqleq;

namespace {

constexpr const char* kCollations = R"sql(
CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE NOT NULL, code TEXT COLLATE RTRIM NOT NULL,
                     city TEXT NOT NULL);
)sql";

constexpr const char* kConstrained = R"sql(
CREATE TABLE course (dept TEXT NOT NULL, num INTEGER NOT NULL, title TEXT NOT NULL UNIQUE,
                     credits INTEGER NOT NULL CHECK (credits BETWEEN 1 AND 6),
                     PRIMARY KEY (dept, num)) WITHOUT ROWID;
CREATE TABLE enrolment (student INTEGER NOT NULL, dept TEXT NOT NULL, num INTEGER NOT NULL,
                        grade INTEGER CHECK (grade >= 0 AND grade <= 100),
                        PRIMARY KEY (student, dept, num), FOREIGN KEY (dept, num) REFERENCES course (dept, num));
)sql";

// An exercise-style schema: a self-referencing key (every employee's manager is an
// employee), a nullable key, dates as text, a NOCASE title, a composite key with CHECKs.
constexpr const char* kStaff = R"sql(
CREATE TABLE dept (dept_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, city TEXT NOT NULL);
CREATE TABLE emp (emp_id INTEGER PRIMARY KEY, name TEXT NOT NULL, salary REAL NOT NULL CHECK (salary >= 0),
                  hired DATE NOT NULL, dept_id INTEGER REFERENCES dept (dept_id),
                  manager_id INTEGER REFERENCES emp (emp_id));
CREATE TABLE project (proj_id INTEGER PRIMARY KEY, title TEXT NOT NULL COLLATE NOCASE, budget INTEGER);
CREATE TABLE works_on (emp_id INTEGER NOT NULL REFERENCES emp (emp_id),
                       proj_id INTEGER NOT NULL REFERENCES project (proj_id),
                       hours INTEGER NOT NULL CHECK (hours > 0), PRIMARY KEY (emp_id, proj_id));
)sql";

// CHECKs that random values almost never meet (a LIKE shape, an IN list of names,
// a bound far from the usual numbers): the sampler must still fill every table,
// or every query over emp agrees on empty tables.
constexpr const char* kChecked = R"sql(
CREATE TABLE dept (dept_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,
                   budget REAL NOT NULL CHECK (budget > 1000),
                   city TEXT CHECK (city IN ('Paris', 'Berlin', 'Rome')));
CREATE TABLE emp (emp_id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL CHECK (age BETWEEN 18 AND 70),
                  dept_id INTEGER NOT NULL REFERENCES dept (dept_id), manager_id INTEGER REFERENCES emp (emp_id),
                  hired TEXT CHECK (hired LIKE '____-__-__'));
CREATE TABLE project (project_id INTEGER PRIMARY KEY, title TEXT NOT NULL, dept_id INTEGER REFERENCES dept (dept_id),
                      code TEXT NOT NULL CHECK (code GLOB '[A-Z][A-Z]-[0-9]*'));
)sql";

// Nullable columns everywhere but the keys (issue 24): aggregates compared with
// constants at any nesting, and comparisons over several columns.
constexpr const char* kShops = R"sql(
CREATE TABLE shop (shop_id INTEGER PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE sale (sale_id INTEGER PRIMARY KEY, shop_id INTEGER REFERENCES shop (shop_id), amount INTEGER,
                   rating REAL);
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT, city TEXT, salary INTEGER, bonus INTEGER,
                    a INTEGER, b INTEGER, c INTEGER);
)sql";

struct Case {
    const char* name;
    const char* ddl;
    const char* gold;
    const char* candidate;
    const char* spider;  ///< expected verdict under each profile
    const char* strict;
};

const Case kCases[] = {
    {"nocase equal", kCollations, "SELECT count(*) FROM person WHERE name = 'ann'",
     "SELECT count(*) FROM person WHERE name = 'ANN'", "equivalent", "equivalent"},
    {"nocase other name", kCollations, "SELECT count(*) FROM person WHERE name = 'ann'",
     "SELECT count(*) FROM person WHERE name = 'bob'", "different", "different"},
    {"nocase vs binary column", kCollations, "SELECT id FROM person WHERE name = 'Ann'",
     "SELECT id FROM person WHERE city = 'Ann'", "different", "different"},
    {"nocase group", kCollations, "SELECT count(DISTINCT name) FROM person",
     "SELECT count(DISTINCT lower(name)) FROM person", "equivalent", "equivalent"},
    {"rtrim trailing spaces", kCollations, "SELECT id FROM person WHERE code = 'x'",
     "SELECT id FROM person WHERE code = 'x  '", "equivalent", "equivalent"},
    {"rtrim vs like", kCollations, "SELECT id FROM person WHERE code = 'x'",
     "SELECT id FROM person WHERE code LIKE 'x'", "different", "different"},
    {"check bounds the values", kConstrained, "SELECT title FROM course WHERE credits > 0",
     "SELECT title FROM course", "equivalent", "equivalent"},
    {"check leaves room", kConstrained, "SELECT title FROM course WHERE credits > 3",
     "SELECT title FROM course WHERE credits >= 3", "different", "different"},
    {"composite key join", kConstrained,
     "SELECT T1.title FROM course AS T1 JOIN enrolment AS T2 ON T1.dept = T2.dept AND T1.num = T2.num",
     "SELECT T1.title FROM course AS T1 JOIN enrolment AS T2 ON T1.dept = T2.dept", "different", "different"},
    {"two enrolments", kConstrained,
     "SELECT title FROM course WHERE (dept, num) IN (SELECT dept, num FROM enrolment)",
     "SELECT T1.title FROM course AS T1 JOIN enrolment AS T2 ON T1.dept = T2.dept AND T1.num = T2.num",
     "different", "different"},
    {"null grades", kConstrained, "SELECT count(grade) FROM enrolment", "SELECT count(*) FROM enrolment",
     "equivalent", "different"},
    {"staff: manager earns less", kStaff,
     "SELECT e.name FROM emp AS e JOIN emp AS m ON e.manager_id = m.emp_id WHERE e.salary > m.salary",
     "SELECT e.name FROM emp AS e JOIN emp AS m ON e.manager_id = m.emp_id WHERE e.salary >= m.salary",
     "different", "different"},
    {"staff: departments without staff", kStaff,
     "SELECT d.name, count(e.emp_id) FROM dept AS d LEFT JOIN emp AS e ON e.dept_id = d.dept_id GROUP BY d.dept_id",
     "SELECT d.name, count(*) FROM dept AS d JOIN emp AS e ON e.dept_id = d.dept_id GROUP BY d.dept_id",
     "different", "different"},
    {"staff: union all", kStaff, "SELECT city FROM dept UNION SELECT name FROM emp",
     "SELECT city FROM dept UNION ALL SELECT name FROM emp", "different", "different"},
    {"staff: group by name", kStaff,
     "SELECT name, sum(hours) FROM emp JOIN works_on USING (emp_id) GROUP BY emp_id",
     "SELECT name, sum(hours) FROM emp JOIN works_on USING (emp_id) GROUP BY name", "different", "different"},
    {"staff: not in vs not exists", kStaff, "SELECT name FROM emp WHERE emp_id NOT IN (SELECT manager_id FROM emp)",
     "SELECT name FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM emp AS m WHERE m.manager_id = e.emp_id)",
     "equivalent", "different"},
    {"staff: second highest", kStaff, "SELECT max(salary) FROM emp WHERE salary < (SELECT max(salary) FROM emp)",
     "SELECT salary FROM emp ORDER BY salary DESC LIMIT 1 OFFSET 1", "different", "different"},
    {"staff: integer division", kStaff, "SELECT avg(hours) FROM works_on",
     "SELECT sum(hours) / count(*) FROM works_on", "different", "different"},
    {"staff: case of a city", kStaff, "SELECT name FROM dept WHERE city = 'Paris'",
     "SELECT name FROM dept WHERE city LIKE 'paris'", "different", "different"},
    {"staff: nocase title", kStaff, "SELECT count(*) FROM project WHERE title = 'alpha'",
     "SELECT count(*) FROM project WHERE title = 'ALPHA'", "equivalent", "equivalent"},
    {"staff: between", kStaff, "SELECT name FROM emp WHERE salary BETWEEN 1000 AND 2000",
     "SELECT name FROM emp WHERE salary >= 1000 AND salary <= 2000", "equivalent", "equivalent"},
    {"staff: hired since", kStaff, "SELECT name FROM emp WHERE hired >= '2020-01-01'",
     "SELECT name FROM emp WHERE hired > '2020-01-01'", "different", "different"},
    {"checked: age bound", kChecked, "SELECT name FROM emp WHERE age > 30", "SELECT name FROM emp WHERE age > 31",
     "different", "different"},
    {"checked: IN list", kChecked, "SELECT name FROM dept WHERE city = 'Paris'",
     "SELECT name FROM dept WHERE city != 'Berlin'", "different", "different"},
    {"checked: real bound", kChecked, "SELECT name FROM dept WHERE budget > 5000.5",
     "SELECT name FROM dept WHERE budget > 5000", "different", "different"},
    {"checked: join on a filled parent", kChecked,
     "SELECT T1.name FROM emp AS T1 JOIN dept AS T2 ON T1.dept_id = T2.dept_id WHERE T2.city = 'Rome'",
     "SELECT T1.name FROM emp AS T1 JOIN dept AS T2 ON T1.dept_id = T2.dept_id WHERE T2.city = 'Paris'", "different",
     "different"},
    {"checked: LIKE-shaped dates", kChecked, "SELECT name FROM emp WHERE hired > '2010-01-01'",
     "SELECT name FROM emp WHERE hired >= '2010-01-01'", "different", "different"},
    {"checked: GLOB-shaped codes", kChecked, "SELECT title FROM project WHERE code LIKE 'AB%'",
     "SELECT title FROM project WHERE code LIKE 'A%'", "different", "different"},
    {"checked: the CHECK makes it equal", kChecked, "SELECT count(*) FROM dept WHERE budget > 1000",
     "SELECT count(*) FROM dept", "equivalent", "equivalent"},
    {"checked: the upper bound", kChecked, "SELECT name FROM emp WHERE age = 70",
     "SELECT name FROM emp WHERE age >= 70", "equivalent", "equivalent"},
    {"checked: NOT IN against IN over a nullable key", kChecked,
     "SELECT title FROM project WHERE dept_id NOT IN (SELECT dept_id FROM dept WHERE city = 'Rome')",
     "SELECT title FROM project WHERE dept_id IN (SELECT dept_id FROM dept WHERE city != 'Rome')", "equivalent",
     "different"},
    {"LIMIT past the sampled sizes", kStaff, "SELECT name FROM emp ORDER BY salary LIMIT 100",
     "SELECT name FROM emp ORDER BY salary LIMIT 101", "different", "different"},
    {"LIMIT dropped, with a WHERE", kStaff, "SELECT name FROM emp WHERE salary > 10 ORDER BY salary LIMIT 150",
     "SELECT name FROM emp WHERE salary > 10 ORDER BY salary", "different", "different"},
    {"computed: length boundary", kStaff, "SELECT name FROM emp WHERE length(name) > 20",
     "SELECT name FROM emp WHERE length(name) > 21", "different", "different"},
    {"computed: days before a date", kStaff,
     "SELECT name FROM emp WHERE julianday('2020-01-01') - julianday(hired) > 365",
     "SELECT name FROM emp WHERE julianday('2020-01-01') - julianday(hired) > 366", "different", "different"},
    {"computed: monthly salary", kStaff, "SELECT name FROM emp WHERE salary / 12 >= 5000",
     "SELECT name FROM emp WHERE salary / 12 > 5000", "different", "different"},
    {"aggregate: sum in HAVING", kShops, "SELECT shop_id FROM sale GROUP BY shop_id HAVING sum(amount) > 100",
     "SELECT shop_id FROM sale GROUP BY shop_id HAVING sum(amount) >= 100", "different", "different"},
    {"aggregate: avg in HAVING", kShops, "SELECT shop_id FROM sale GROUP BY shop_id HAVING avg(rating) > 3",
     "SELECT shop_id FROM sale GROUP BY shop_id HAVING avg(rating) >= 3", "different", "different"},
    {"aggregate: count in a CTE", kShops,
     "WITH busy AS (SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) > 4) SELECT count(*) FROM busy",
     "WITH busy AS (SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) > 5) SELECT count(*) FROM busy",
     "different", "different"},
    {"aggregate: count in a derived table", kShops,
     "SELECT count(*) FROM (SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) > 4)",
     "SELECT count(*) FROM (SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) > 5)", "different",
     "different"},
    {"aggregate: max in a scalar subquery", kShops,
     "SELECT name FROM shop WHERE (SELECT max(amount) FROM sale WHERE sale.shop_id = shop.shop_id) > 10",
     "SELECT name FROM shop WHERE (SELECT max(amount) FROM sale WHERE sale.shop_id = shop.shop_id) >= 10",
     "different", "different"},
    {"aggregate: count past a thousand", kShops, "SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) > 1000",
     "SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) > 1001", "different", "different"},
    {"aggregate: > 4 is >= 5", kShops, "SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) > 4",
     "SELECT shop_id FROM sale GROUP BY shop_id HAVING count(*) >= 5", "equivalent", "equivalent"},
    {"aggregate: > is NOT <=", kShops, "SELECT shop_id FROM sale GROUP BY shop_id HAVING sum(amount) > 100",
     "SELECT shop_id FROM sale GROUP BY shop_id HAVING NOT sum(amount) <= 100", "equivalent", "equivalent"},
    {"columns: two lengths", kShops, "SELECT name FROM staff WHERE length(name) + length(city) > 30",
     "SELECT name FROM staff WHERE length(name) + length(city) > 31", "different", "different"},
    {"columns: a + b > c", kShops, "SELECT name FROM staff WHERE a + b > c",
     "SELECT name FROM staff WHERE a + b >= c", "different", "different"},
    {"columns: salary and bonus", kShops, "SELECT name FROM staff WHERE salary + bonus > 5000",
     "SELECT name FROM staff WHERE salary + bonus >= 5000", "different", "different"},
    {"columns: b + a", kShops, "SELECT name FROM staff WHERE a + b > 10",
     "SELECT name FROM staff WHERE b + a > 10", "equivalent", "equivalent"},
    {"computed: the same bound written twice", kStaff, "SELECT name FROM emp WHERE salary * 2 > 10000",
     "SELECT name FROM emp WHERE salary > 5000", "equivalent", "equivalent"},
};

schema::Schema loadOrDie(const char* ddl)
{
    auto loaded = schema::loadSchemaFromDdl(ddl, "user");
    if (!loaded) qFatal("DDL failed: %s", loaded.error().message.c_str());
    return std::move(loaded.value());
}

} // namespace

class TestCertificates : public QObject {
    Q_OBJECT

private slots:
    void verdictsHoldOnTheUsersOwnSchema_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<bool>("strict");
        for (std::size_t i = 0; i < std::size(kCases); ++i) {
            if (!test::pairSampled(i, std::size(kCases))) continue;
            for (const bool strict : {false, true}) {
                const std::string row = std::string(kCases[i].name) + (strict ? " strict" : " spider");
                QTest::newRow(row.c_str()) << static_cast<int>(i) << strict;
            }
        }
    }

    void verdictsHoldOnTheUsersOwnSchema()
    {
        QFETCH(int, index);
        QFETCH(bool, strict);
        const Case& pair = kCases[index];
        const schema::Schema schema = loadOrDie(pair.ddl);
        inspect::CheckRequest options{.gold = pair.gold, .candidate = pair.candidate};
        options.settings.profile = strict ? fuzz::Profile::Strict : fuzz::Profile::Spider;
        auto inspection = inspect::inspect({schema, std::nullopt}, options);
        QVERIFY2(inspection.ok(), inspection.ok() ? "" : inspection.error().message.c_str());
        const std::string verdict(suite::verdictKindName(inspection->check.verdict));
        const std::string expected = strict ? pair.strict : pair.spider;
        QVERIFY2(verdict == expected, (verdict + ", expected " + expected + ": " + inspection->check.message).c_str());
        // The one line about the other profile agrees with that profile's own verdict.
        QVERIFY(inspection->otherProfile.has_value());
        const std::string other(suite::verdictKindName(inspection->otherProfile->verdict));
        const std::string otherExpected = strict ? pair.spider : pair.strict;
        QVERIFY2(other == otherExpected,
                 (other + ", expected " + otherExpected + ": " + inspect::describeOtherProfile(*inspection->otherProfile))
                     .c_str());
        if (inspection->check.verdict != suite::VerdictKind::Different) return;

        QVERIFY(inspection->counterexample.has_value());
        QVERIFY2(inspection->counterexample->minimized, inspection->counterexample->note.c_str());
        QVERIFY2(inspection->counterexample->outsideProfile.empty(), inspection->counterexample->outsideProfile.c_str());
        sqlite3* db = nullptr;
        sqlite3_open(":memory:", &db);
        QCOMPARE(sqlite3_exec(db, pair.ddl, nullptr, nullptr, nullptr), SQLITE_OK);  // the user's own script
        const std::string refused = recheck::insertContent(db, inspection->counterexample->content);
        QVERIFY2(refused.empty(), ("the user's own schema refuses a counterexample row: " + refused).c_str());
        const std::string violation = recheck::profileViolation(db, schema, options.settings.profile);
        const auto gold = recheck::runPlain(db, inspection->check.goldUsed);
        const auto candidate = recheck::runPlain(db, inspection->check.candidateUsed);
        const auto checkRows = recheck::runPlain(db, "PRAGMA integrity_check");
        sqlite3_close(db);
        QVERIFY2(violation.empty(), ("the counterexample breaks the profile: " + violation).c_str());
        QVERIFY(gold.ok);
        QVERIFY2(!candidate.ok || !recheck::sameResults(gold, candidate, inspection->orderMatters),
                 "the counterexample does not separate the queries on the user's own schema");
    }

    void defaultProfileFollowsTheSource()
    {
        // The user's own file declares its constraints (strict); a dataset's schema
        // file follows the dataset's convention (spider).
        QTemporaryDir dir;
        const std::string ddl = writeTestFile(dir, "staff.sql", kStaff);
        auto fromDdl = schema::openSchemaSource({.kind = schema::SchemaSourceKind::DdlScript, .path = ddl});
        QVERIFY(fromDdl.ok());
        QCOMPARE(inspect::promisedProfile(fromDdl->kind), fuzz::Profile::Strict);
        const std::string tables = writeTestFile(dir, "tables.json", schema::toSpiderTablesJson({fromDdl->schema}));
        auto fromTables = schema::openSchemaSource(
            {.kind = schema::SchemaSourceKind::SchemaFile, .path = tables, .dbId = fromDdl->schema.name});
        QVERIFY2(fromTables.ok(), fromTables.ok() ? "" : fromTables.error().message.c_str());
        QCOMPARE(inspect::promisedProfile(fromTables->kind), fuzz::Profile::Spider);
        QCOMPARE(inspect::promisedProfile(schema::SchemaSourceKind::SqliteFile), fuzz::Profile::Strict);
    }

    void otherProfileCostsNothingWhenTheEvidenceSettlesIt()
    {
        const schema::Schema schema = loadOrDie(kStaff);
        const auto basisOf = [&](const char* gold, const char* candidate, fuzz::Profile profile, bool prove = true) {
            inspect::CheckRequest request{.gold = gold, .candidate = candidate};
            request.settings.profile = profile;
            request.settings.prove = prove;
            auto inspection = inspect::inspect({schema, std::nullopt}, request);
            if (!inspection.ok() || !inspection->otherProfile) return std::string("none");
            return std::string(inspect::otherProfileBasisName(inspection->otherProfile->basis)) + " "
                + std::string(suite::verdictKindName(inspection->otherProfile->verdict));
        };
        const char* greater = "SELECT name FROM emp WHERE salary > 10";
        const char* atLeast = "SELECT name FROM emp WHERE salary >= 10";
        const char* notIn = "SELECT name FROM emp WHERE emp_id NOT IN (SELECT manager_id FROM emp)";
        const char* notExists = "SELECT name FROM emp AS e WHERE NOT EXISTS (SELECT 1 FROM emp AS m WHERE m.manager_id = e.emp_id)";
        QCOMPARE(basisOf(greater, atLeast, fuzz::Profile::Spider), std::string("same_counterexample different"));
        // Shrunk within strict, the counterexample may empty a table spider needs filled;
        // the database it came from, or spider's own search, still separates them.
        QVERIFY(basisOf(greater, atLeast, fuzz::Profile::Strict).ends_with(" different"));
        // A proof under strict holds under spider's stronger promises; unproved, the strict
        // search has already run every database the spider search builds.
        QCOMPARE(basisOf(greater, greater, fuzz::Profile::Strict), std::string("proof equivalent"));
        QCOMPARE(basisOf(greater, greater, fuzz::Profile::Strict, false), std::string("strict_searched_it equivalent"));
        QCOMPARE(basisOf(notIn, notExists, fuzz::Profile::Spider), std::string("own_search different"));
        QCOMPARE(basisOf(notIn, notExists, fuzz::Profile::Strict), std::string("own_search equivalent"));
        // No search asked for, no claim about the other profile.
        inspect::CheckRequest suiteOnly{.gold = greater, .candidate = greater};
        suiteOnly.settings.searchBudget = 0;
        auto inspection = inspect::inspect({schema, std::nullopt}, suiteOnly);
        QVERIFY(inspection.ok());
        QVERIFY(!inspection->otherProfile.has_value());
    }

    void strictSeparatesWhatSpiderSeparates()
    {
        // Every spider database is a strict database; with the verdict test above this
        // makes the property hold on every pair of this file.
        for (const Case& pair : kCases) {
            if (std::string_view(pair.spider) != "different") continue;
            QVERIFY2(std::string_view(pair.strict) != "equivalent", pair.name);
        }
    }

    void unknownCollationIsRefusedByName()
    {
        // SQLite itself refuses a collation it does not know; sqleq says which column.
        auto loaded = schema::loadSchemaFromDdl("CREATE TABLE t (x TEXT COLLATE klingon);", "user");
        QVERIFY(!loaded.ok());
    }

    void generatedColumnIsRefusedByName()
    {
        auto loaded = schema::loadSchemaFromDdl("CREATE TABLE g (a INTEGER, b INTEGER GENERATED ALWAYS AS (a * 2));",
                                                "user");
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.error().message.find("\"b\" is a generated column") != std::string::npos,
                 loaded.error().message.c_str());
    }

    void collationSurvivesTheRoundTrip()
    {
        const schema::Schema schema = loadOrDie(kCollations);
        const auto* person = schema.findTable("person");
        QVERIFY(person != nullptr);
        QCOMPARE(person->findColumn("name")->collation, std::string("NOCASE"));
        QCOMPARE(person->findColumn("code")->collation, std::string("RTRIM"));
        QCOMPARE(person->findColumn("city")->collation, std::string());
    }
};

QTEST_APPLESS_MAIN(TestCertificates)
#include "test_certificates.moc"
