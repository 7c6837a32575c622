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

#include "tests/core/plain_recheck.h"

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
        inspect::InspectOptions options;
        options.distill.profile = strict ? fuzz::Profile::Strict : fuzz::Profile::Spider;
        auto inspection = inspect::inspect(schema, pair.gold, pair.candidate, options);
        QVERIFY2(inspection.ok(), inspection.ok() ? "" : inspection.error().message.c_str());
        const std::string verdict(suite::verdictKindName(inspection->check.verdict));
        const std::string expected = strict ? pair.strict : pair.spider;
        QVERIFY2(verdict == expected, (verdict + ", expected " + expected + ": " + inspection->check.message).c_str());
        if (inspection->check.verdict != suite::VerdictKind::Different) return;

        QVERIFY(inspection->counterexample.has_value());
        sqlite3* db = nullptr;
        sqlite3_open(":memory:", &db);
        QCOMPARE(sqlite3_exec(db, pair.ddl, nullptr, nullptr, nullptr), SQLITE_OK);  // the user's own script
        recheck::insertContent(db, inspection->counterexample->content);
        const std::string violation = recheck::profileViolation(db, schema, options.distill.profile);
        const auto gold = recheck::runPlain(db, inspection->check.goldUsed);
        const auto candidate = recheck::runPlain(db, inspection->check.candidateUsed);
        const auto checkRows = recheck::runPlain(db, "PRAGMA integrity_check");
        sqlite3_close(db);
        QVERIFY2(violation.empty(), ("the counterexample breaks the profile: " + violation).c_str());
        QVERIFY(gold.ok);
        QVERIFY2(!candidate.ok || !recheck::sameResults(gold, candidate, inspection->orderMatters),
                 "the counterexample does not separate the queries on the user's own schema");
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
