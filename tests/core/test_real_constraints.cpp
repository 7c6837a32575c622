// The schema's real promises and the queries as written. A tables.json beside its
// original database takes the original's declared keys, UNIQUE, NOT NULL and CHECK
// (Spider's tables.json truncates composite keys); the databases sqleq builds then hold
// what the real data holds (two flights of one airline), and every counterexample is
// re-checked in plain SQLite against the original's own DDL. sqleq's verdict keeps
// DISTINCT; the test-suite metric removes it, and says when that decides its answer.
#include "core/dataset/dataset_layout.h"
#include "core/fuzz/profile_check.h"
#include "core/inspect/inspect.h"
#include "core/inspect/metric_conventions.h"
#include "core/schema/ddl_loader.h"
#include "core/schema/declared_constraints.h"
#include "core/schema/schema_source.h"
#include "core/schema/spider_tables_writer.h"

#include "tests/core/ddl_schema_support.h"
#include "tests/core/plain_recheck.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace sqleq;
using suite::VerdictKind;

namespace {

// An airline has many flights: the key is (Airline, FlightNo). tables.json, as Spider's
// does, keeps only its first column.
constexpr std::string_view kAirlinesDdl = R"(CREATE TABLE airlines (uid INTEGER PRIMARY KEY, Airline TEXT NOT NULL);
CREATE TABLE flights (
  Airline INTEGER NOT NULL,
  FlightNo INTEGER NOT NULL,
  Source TEXT CHECK (length(Source) = 3),
  Code TEXT UNIQUE,
  PRIMARY KEY (Airline, FlightNo),
  FOREIGN KEY (Airline) REFERENCES airlines(uid)
);
)";

/// The schema as Spider's tables.json describes it: the composite key cut to its first
/// column, no UNIQUE, NOT NULL or CHECK.
schema::Schema truncatedSchema()
{
    schema::Schema schema = schemaOf(kAirlinesDdl);
    schema.name = "airlines";
    for (schema::Table& table : schema.tables) {
        if (table.primaryKey.size() > 1) table.primaryKey.resize(1);
        for (schema::Column& column : table.columns) {
            column.primaryKey = !table.primaryKey.empty() && schema::sameIdentifier(column.name, table.primaryKey[0]);
            column.notNull = false;
        }
        table.uniques.clear();
        table.checks.clear();
    }
    return schema;
}

void writeFile(const QString& path, const std::string& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text.data(), static_cast<qint64>(text.size()));
}

/// Spider's layout in `dir`: tables.json and database/airlines/airlines.sqlite made
/// from kAirlinesDdl by SQLite itself, holding an airline with two flights.
void writeSpiderLayout(const QTemporaryDir& dir)
{
    writeFile(dir.filePath("tables.json"), schema::toSpiderTablesJson({truncatedSchema()}));
    QVERIFY(QDir(dir.path()).mkpath("database/airlines"));
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(dir.filePath("database/airlines/airlines.sqlite").toUtf8().constData(), &db), SQLITE_OK);
    const std::string script = std::string(kAirlinesDdl)
        + "INSERT INTO airlines VALUES (1, 'United'), (2, 'Delta');"
          "INSERT INTO flights VALUES (1, 10, 'AHD', 'a'), (1, 11, 'AHD', 'b'), (2, 20, 'XYZ', 'c');";
    QCOMPARE(sqlite3_exec(db, script.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
}

schema::SchemaSource openLayout(const QTemporaryDir& dir)
{
    auto source = dataset::DatasetLayout{.tables = dir.filePath("tables.json").toStdString()}.schemaSource("airlines");
    if (!source) qFatal("open: %s", source.error().message.c_str());
    return std::move(*source);
}

/// The counterexample re-checked in plain SQLite on tables the DDL itself creates.
bool separatesUnderTheDdl(std::string_view ddl, const inspect::Inspection& inspection, QString* why)
{
    *why = QString::fromStdString(recheck::whyNotSeparatedUnderDdl(std::string(ddl), inspection.counterexample->content,
                                                                   inspection.check.goldUsed,
                                                                   inspection.check.candidateUsed, inspection.orderMatters));
    return why->isEmpty();
}

inspect::CheckRequest request(std::string gold, std::string candidate, fuzz::Profile profile)
{
    inspect::CheckRequest request;
    request.gold = std::move(gold);
    request.candidate = std::move(candidate);
    request.settings.profile = profile;
    request.settings.samplingBudget = 200;
    request.settings.jobs = 2;
    return request;
}

inspect::Inspection inspectOrDie(const schema::SchemaSource& source, const inspect::CheckRequest& request)
{
    auto inspection = inspect::inspect(source, request);
    if (!inspection) qFatal("inspect: %s", inspection.error().message.c_str());
    return std::move(*inspection);
}

constexpr std::string_view kPeopleDdl
    = "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL, age INTEGER NOT NULL);";

/// One pair on the people schema (no rows of its own) under `profile`.
inspect::Inspection inspectPeople(const QString& gold, const QString& candidate, fuzz::Profile profile)
{
    return inspectOrDie({schemaOf(kPeopleDdl), std::nullopt}, request(gold.toStdString(), candidate.toStdString(), profile));
}

} // namespace

class TestRealConstraints : public QObject {
    Q_OBJECT

private slots:
    void theOriginalsKeysReplaceTruncatedOnes()
    {
        schema::Schema described = truncatedSchema();
        const auto notes = schema::adoptDeclaredConstraints(described, schemaOf(kAirlinesDdl));
        const schema::Table* flights = described.findTable("flights");
        QCOMPARE(flights->primaryKey, (std::vector<std::string>{"Airline", "FlightNo"}));
        QVERIFY(flights->findColumn("FlightNo")->primaryKey);
        QVERIFY(flights->findColumn("FlightNo")->notNull);
        QCOMPARE(flights->uniques.size(), std::size_t{1});
        QCOMPARE(flights->uniques.front().columns, std::vector<std::string>{"Code"});
        QCOMPARE(flights->checks.size(), std::size_t{1});
        QCOMPARE(notes.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(notes.front()),
                 QStringLiteral("tables.json gives flights.Airline as the key; the original database declares "
                                "(Airline, FlightNo), which is used"));
        // tables.json's foreign keys and types stay.
        QCOMPARE(flights->foreignKeys.size(), std::size_t{1});
    }

    void agreeingKeysSayNothing()
    {
        schema::Schema described = schemaOf(kAirlinesDdl);
        QVERIFY(schema::adoptDeclaredConstraints(described, schemaOf(kAirlinesDdl)).empty());
        QVERIFY(described == schemaOf(kAirlinesDdl));
    }

    void aTableOrColumnTheOriginalLacksKeepsTablesJsons()
    {
        schema::Schema described = truncatedSchema();
        auto declared = schema::loadSchemaFromDdl("CREATE TABLE flights (Airline INTEGER, Other INTEGER, "
                                                  "PRIMARY KEY (Airline, Other));",
                                                  "other");
        QVERIFY(declared.ok());
        const auto notes = schema::adoptDeclaredConstraints(described, *declared);
        QCOMPARE(described.findTable("flights")->primaryKey, std::vector<std::string>{"Airline"});
        QCOMPARE(notes.size(), std::size_t{2});
        QVERIFY(notes[0].find("no table airlines") != std::string::npos);
        QVERIFY(notes[1].find("names a column tables.json does not list") != std::string::npos);
    }

    void aTablesJsonSourceReadsTheOriginalBesideIt()
    {
        QTemporaryDir dir;
        writeSpiderLayout(dir);
        const schema::SchemaSource source = openLayout(dir);
        QCOMPARE(source.schema.findTable("flights")->primaryKey, (std::vector<std::string>{"Airline", "FlightNo"}));
        QCOMPARE(source.constraintNotes.size(), std::size_t{1});
        QVERIFY(source.original.has_value());
    }

    /// The fan-out the truncated key forbids: a join repeats an airline with two flights
    /// from AHD, IN does not. Both profiles; the counterexample re-checked under the DDL.
    void aFanOutOverACompositeKeyIsFound_data()
    {
        QTest::addColumn<int>("profile");
        QTest::newRow("spider") << static_cast<int>(fuzz::Profile::Spider);
        QTest::newRow("strict") << static_cast<int>(fuzz::Profile::Strict);
    }

    void aFanOutOverACompositeKeyIsFound()
    {
        QFETCH(int, profile);
        QTemporaryDir dir;
        writeSpiderLayout(dir);
        schema::SchemaSource source = openLayout(dir);
        source.original.reset();  // found by sqleq's own databases, not the original's rows
        const auto inspection = inspectOrDie(
            source, request("SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline "
                            "WHERE T2.Source = 'AHD'",
                            "SELECT Airline FROM airlines WHERE uid IN (SELECT Airline FROM flights WHERE Source = 'AHD')",
                            static_cast<fuzz::Profile>(profile)));
        QCOMPARE(inspection.check.verdict, VerdictKind::Different);
        QVERIFY(inspection.counterexample.has_value());
        QString why;
        QVERIFY2(separatesUnderTheDdl(kAirlinesDdl, inspection, &why), qPrintable(why));
        QCOMPARE(inspection.constraintNotes.size(), std::size_t{1});
    }

    void theOriginalSeparatesAndIsMinimized()
    {
        QTemporaryDir dir;
        writeSpiderLayout(dir);
        const auto inspection = inspectOrDie(
            openLayout(dir), request("SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline",
                                     "SELECT Airline FROM airlines WHERE uid IN (SELECT Airline FROM flights)",
                                     fuzz::Profile::Spider));
        QCOMPARE(inspection.check.verdict, VerdictKind::Different);
        QCOMPARE(inspection.distilled.suite.databases.at(0).origin, suite::DatabaseOrigin::Original);
        QVERIFY(inspection.counterexample->minimized);
        QVERIFY2(inspection.counterexample->outsideProfile.empty(),
                 inspection.counterexample->outsideProfile.c_str());
        QString why;
        QVERIFY2(separatesUnderTheDdl(kAirlinesDdl, inspection, &why), qPrintable(why));
    }

    void rowsThatBreakAKeyAreOutsideEveryProfile()
    {
        const schema::Schema& schema = schemaOf(kAirlinesDdl);
        schema::DatabaseContent content;
        content.tables.push_back({"airlines", {{exec::Value::integer(1), exec::Value::text("A")}}});
        content.tables.push_back({"flights",
                                  {{exec::Value::integer(1), exec::Value::integer(5), exec::Value::text("AHD"),
                                    exec::Value::text("x")},
                                   {exec::Value::integer(1), exec::Value::integer(5), exec::Value::text("AHD"),
                                    exec::Value::text("y")}}});
        for (const auto profile : {fuzz::Profile::Spider, fuzz::Profile::Strict}) {
            const auto violation = fuzz::profileViolation(schema, content, profile);
            QVERIFY(violation.has_value());
            QVERIFY2(violation->find("UNIQUE constraint failed") != std::string::npos, violation->c_str());
        }
    }

    /// count(DISTINCT x) vs count(x), DISTINCT over duplicates and inside a subquery:
    /// sqleq's verdict keeps DISTINCT, the metric's removes it and says so.
    void distinctIsJudgedAsWritten_data()
    {
        QTest::addColumn<QString>("gold");
        QTest::addColumn<QString>("candidate");
        QTest::addColumn<int>("profile");
        const std::pair<const char*, const char*> pairs[] = {
            {"SELECT count(DISTINCT city) FROM people", "SELECT count(city) FROM people"},
            {"SELECT DISTINCT city FROM people", "SELECT city FROM people"},
            {"SELECT count(*) FROM (SELECT DISTINCT city FROM people)", "SELECT count(*) FROM (SELECT city FROM people)"},
            {"SELECT name FROM people WHERE city IN (SELECT DISTINCT city FROM people WHERE age > 30) AND age < "
             "(SELECT count(DISTINCT age) FROM people)",
             "SELECT name FROM people WHERE city IN (SELECT city FROM people WHERE age > 30) AND age < "
             "(SELECT count(age) FROM people)"},
        };
        for (const auto profile : {fuzz::Profile::Spider, fuzz::Profile::Strict})
            for (std::size_t p = 0; p < std::size(pairs); ++p)
                QTest::addRow("%s %zu", fuzz::profileName(profile).data(), p)
                    << pairs[p].first << pairs[p].second << static_cast<int>(profile);
    }

    void distinctIsJudgedAsWritten()
    {
        QFETCH(QString, gold);
        QFETCH(QString, candidate);
        QFETCH(int, profile);
        const auto inspection = inspectPeople(gold, candidate, static_cast<fuzz::Profile>(profile));
        QCOMPARE(inspection.check.verdict, VerdictKind::Different);
        QCOMPARE(inspection.suiteCheck.verdict, VerdictKind::Equivalent);
        QVERIFY(!inspection.testSuiteFalsePositive);
        QVERIFY2(inspection.conventionNote.starts_with("the metric removes DISTINCT; with it kept they differ: "),
                 inspection.conventionNote.c_str());
        QString why;
        QVERIFY2(separatesUnderTheDdl(kPeopleDdl, inspection, &why), qPrintable(why));

        // keep-distinct: the metric judges as written too, and nothing needs saying.
        auto kept = request(gold.toStdString(), candidate.toStdString(), static_cast<fuzz::Profile>(profile));
        kept.settings.keepDistinct = true;
        const auto both = inspectOrDie({schemaOf(kPeopleDdl), std::nullopt}, kept);
        QCOMPARE(both.check.verdict, VerdictKind::Different);
        QVERIFY(both.conventionNote.empty());
    }

    void theNoteNamesBothResults()
    {
        const auto inspection = inspectPeople(QStringLiteral("SELECT count(DISTINCT city) FROM people"),
                                              QStringLiteral("SELECT count(city) FROM people"), fuzz::Profile::Spider);
        const auto& check = inspection.check;
        const std::string expected = "the metric removes DISTINCT; with it kept they differ: "
            + inspect::resultInWords(check.goldOutcome) + " vs " + inspect::resultInWords(check.candidateOutcome);
        QCOMPARE(inspection.conventionNote, expected);
        QVERIFY(check.goldOutcome.ok() && check.goldOutcome.result.rows.size() == 1);
    }

    /// The other way: the metric's DISTINCT removal separates a rewrite that as written
    /// is equivalent (DISTINCT against GROUP BY).
    void aRewriteTheMetricRejectsIsEquivalentAsWritten()
    {
        // The user's database holds two people of one city: the metric's `SELECT city`
        // (DISTINCT removed) returns it twice there, GROUP BY once.
        auto loaded = schema::loadDatabaseFromDdl(
            std::string(kPeopleDdl) + "INSERT INTO people VALUES (1, 'a', 'Oslo', 30), (2, 'b', 'Oslo', 40);", "people");
        QVERIFY(loaded.ok());
        auto opened = schema::schemaSourceFromDatabase(loaded->connection, "people");
        QVERIFY(opened.ok());
        const schema::SchemaSource& source = *opened;
        const auto inspection = inspectOrDie(
            source, request("SELECT DISTINCT city FROM people", "SELECT city FROM people GROUP BY city", fuzz::Profile::Spider));
        QCOMPARE(inspection.suiteCheck.verdict, VerdictKind::Different);
        QCOMPARE(inspection.check.verdict, VerdictKind::Equivalent);
        QCOMPARE(inspection.conventionNote,
                 std::string("the metric removes DISTINCT; as written no database tried separates them"));
    }

    /// The diagnosis judges neighbors as written too: the gold without its DISTINCT is
    /// the candidate, and a DISTINCT gold's `>` → `>=` is still named.
    void theDiagnosisReadsNeighborsAsWritten_data()
    {
        QTest::addColumn<QString>("gold");
        QTest::addColumn<QString>("candidate");
        QTest::addColumn<QString>("explanation");
        QTest::newRow("drops DISTINCT") << "SELECT count(DISTINCT city) FROM people" << "SELECT count(city) FROM people"
                                        << "DISTINCT";
        QTest::newRow("> to >= under DISTINCT") << "SELECT DISTINCT city FROM people WHERE age > 30"
                                                << "SELECT DISTINCT city FROM people WHERE age >= 30" << ">=";
    }

    void theDiagnosisReadsNeighborsAsWritten()
    {
        QFETCH(QString, gold);
        QFETCH(QString, candidate);
        QFETCH(QString, explanation);
        const auto inspection = inspectPeople(gold, candidate, fuzz::Profile::Spider);
        QCOMPARE(inspection.check.verdict, VerdictKind::Different);
        const std::string said = inspect::explainCandidate(gold.toStdString(), inspection.diagnosis);
        QVERIFY2(QString::fromStdString(said).contains(explanation), said.c_str());
    }

    void resultsInWords()
    {
        exec::QueryOutcome outcome;
        outcome.status = exec::OutcomeStatus::Rows;
        outcome.result.rows = {{exec::Value::integer(3)}};
        QCOMPARE(inspect::resultInWords(outcome), std::string("3"));
        outcome.result.rows = {{exec::Value::text("France"), exec::Value::null()}};
        QCOMPARE(inspect::resultInWords(outcome), std::string("('France', NULL)"));
        outcome.result.rows.push_back(outcome.result.rows.front());
        QCOMPARE(inspect::resultInWords(outcome), std::string("2 rows"));
        outcome.status = exec::OutcomeStatus::Error;
        QCOMPARE(inspect::resultInWords(outcome), std::string("an error"));
    }
};

QTEST_APPLESS_MAIN(TestRealConstraints)
#include "test_real_constraints.moc"
