// Which separating database the counterexample comes from: the first one of the suite
// that separates the pair, unless it cannot be shrunk; then the smallest counterexample
// a later separating database gives (minimized first, then fewest rows, ties in suite
// order), with the reason the first was not used. Every counterexample is re-checked
// with plain SQLite under the schema's own DDL.
#include "core/inspect/inspect.h"
#include "core/inspect/inspection_json.h"
#include "core/minimize/counterexample.h"
#include "core/report/report.h"
#include "core/schema/ddl_loader.h"
#include "core/suite/checker.h"
#include "tests/core/plain_recheck.h"

#include <QtTest>

#include <string>

using namespace sqleq;

namespace {

// The schema promises ages of 0 and more.
const std::string kSchema = "CREATE TABLE singer (id INTEGER PRIMARY KEY, name TEXT, age INTEGER CHECK (age >= 0));";
// The same table without the promise: how a database that breaks it is written.
const std::string kLoose = "CREATE TABLE singer (id INTEGER PRIMARY KEY, name TEXT, age INTEGER);";

const std::string kGold = "SELECT count(*) FROM singer";
const std::string kCandidate = "SELECT count(*) FROM singer WHERE age > 30";

suite::SuiteDatabase database(const std::string& ddl, const std::string& rows, const char* label)
{
    auto loaded = schema::loadDatabaseFromDdl(ddl + rows, "singers");
    if (!loaded) qFatal("%s", loaded.error().message.c_str());
    auto bytes = loaded->connection.serialize();
    if (!bytes) qFatal("%s", bytes.error().message.c_str());
    return {suite::DatabaseOrigin::Imported, label, 0, std::move(*bytes)};
}

/// #0 breaks the CHECK (cannot be materialized, so cannot be shrunk) and separates;
/// #1 does not separate; #2 and #3 separate and shrink to one row each.
suite::Suite fourDatabases()
{
    suite::Suite suite;
    suite.dbId = "singers";
    suite.databases.push_back(
        database(kLoose, "INSERT INTO singer VALUES (1,'Ana',-5),(2,'Bo',40),(3,'Cy',50);", "breaks the check"));
    suite.databases.push_back(database(kSchema, "INSERT INTO singer VALUES (1,'Ana',35),(2,'Bo',40);", "agrees"));
    suite.databases.push_back(database(
        kSchema, "INSERT INTO singer VALUES (1,'Ana',10),(2,'Bo',40),(3,'Cy',20),(4,'Di',60),(5,'Ed',70);", "five"));
    suite.databases.push_back(database(kSchema, "INSERT INTO singer VALUES (1,'Ana',12),(2,'Bo',44);", "two"));
    return suite;
}

schema::Schema singers()
{
    auto loaded = schema::loadSchemaFromDdl(kSchema, "singers");
    if (!loaded) qFatal("%s", loaded.error().message.c_str());
    return std::move(*loaded);
}

/// The HTML report of one listed item whose inspection is `inspection`.
std::string reportOf(const schema::Schema& schema, const inspect::Inspection& inspection)
{
    report::Report report;
    report.gold = {{kGold, "singers"}};
    report.questions = {""};
    report::SubmissionReport submission;
    submission.name = "A";
    submission.predictions = {kCandidate};
    evaluation::ItemMetrics item;
    item.dbId = "singers";
    item.testSuite = false;
    item.sqleq = false;
    item.exec = true;  // the metrics disagree: the item is listed
    submission.evaluation.items = {item};
    submission.evaluation.computed.exec = submission.evaluation.computed.testSuite
        = submission.evaluation.computed.sqleq = true;
    report.submissions = {submission};
    report.inspectionOf = {{0}};
    report.inspections = {{inspect::inspectionJson(schema, inspection), {}}};
    return report::renderReportHtml(report);
}

inspect::Inspection inspectionOf(const suite::Suite& suite)
{
    inspect::Inspection inspection;
    inspection.distilled.suite = suite;
    inspection.check = suite::checkCandidate(kGold, kCandidate, suite, {});
    inspection.counterexample = minimize::buildCounterexample(singers(), suite, inspection.check, false, {});
    return inspection;
}

} // namespace

class TestCounterexampleChoice : public QObject {
    Q_OBJECT

private slots:
    void aFirstDatabaseThatCannotBeShrunkGivesWayToALaterOne()
    {
        const schema::Schema schema = singers();
        const suite::Suite suite = fourDatabases();
        const suite::CheckResult check = suite::checkCandidate(kGold, kCandidate, suite, {});
        QCOMPARE(check.verdict, suite::VerdictKind::Different);
        QCOMPARE(check.separatingDatabase, 0);

        const auto counterexample = minimize::buildCounterexample(schema, suite, check, false, {});
        QVERIFY(counterexample);
        // #2 and #3 both shrink to one row: the tie goes to the earlier one.
        QCOMPARE(counterexample->database, 2);
        QVERIFY2(counterexample->minimized, counterexample->note.c_str());
        QCOMPARE(counterexample->content.rowCount(), std::size_t{1});
        QCOMPARE(counterexample->rowsBefore, std::size_t{5});
        QVERIFY(counterexample->fromLaterDatabase());
        QVERIFY2(counterexample->firstNotShrunk.find("shown whole") != std::string::npos,
                 counterexample->firstNotShrunk.c_str());
        // Its provenance points into database #2, whose row 0 or 2 (age <= 30) was kept.
        QCOMPARE(counterexample->sourceRows.size(), std::size_t{1});
        const std::size_t source = counterexample->sourceRows.front().front();
        QVERIFY(source == 0 || source == 2);

        // Re-checked independently: the schema's own DDL accepts the rows, the results differ.
        const std::string why = recheck::whyNotSeparatedUnderDdl(kSchema, counterexample->content, kGold, kCandidate,
                                                                 check.comparison.orderMatters);
        QVERIFY2(why.empty(), why.c_str());

        // Every front end says it in core's words.
        inspect::Inspection inspection;
        inspection.distilled.suite = suite;
        inspection.check = check;
        inspection.counterexample = counterexample;
        QCOMPARE(inspect::counterexampleDatabaseName(inspection), std::string("#2 (five)"));
        const std::string origin = inspect::counterexampleOrigin(inspection);
        QVERIFY2(origin.starts_with("database #0 (breaks the check) separates them first but could not be shrunk (shown "
                                    "whole: "),
                 origin.c_str());
        QVERIFY2(origin.ends_with("this counterexample comes from database #2 (five), which separates them too"),
                 origin.c_str());
    }

    void aFirstDatabaseThatShrinksIsKept()
    {
        const schema::Schema schema = singers();
        suite::Suite suite = fourDatabases();
        suite.databases.erase(suite.databases.begin());  // no database breaks the check now
        const suite::CheckResult check = suite::checkCandidate(kGold, kCandidate, suite, {});
        QCOMPARE(check.separatingDatabase, 1);
        const auto counterexample = minimize::buildCounterexample(schema, suite, check, false, {});
        QVERIFY(counterexample);
        QCOMPARE(counterexample->database, 1);
        QVERIFY(counterexample->minimized);
        QVERIFY(!counterexample->fromLaterDatabase());
        inspect::Inspection inspection;
        inspection.distilled.suite = suite;
        inspection.check = check;
        inspection.counterexample = counterexample;
        QVERIFY(inspect::counterexampleOrigin(inspection).empty());
    }

    // The report says where the counterexample comes from, and never "3 rows, shrunk from 3".
    void theReportSaysWhichDatabaseAndWhetherAnythingWasShrunk()
    {
        const schema::Schema schema = singers();
        const std::string later = reportOf(schema, inspectionOf(fourDatabases()));
        QVERIFY2(later.find("1 row, shrunk from 5 (no row can be removed") != std::string::npos, later.c_str());
        QVERIFY(later.find("Database #0 (breaks the check) separates them first but could not be shrunk (shown "
                           "whole: ") != std::string::npos);
        QVERIFY(later.find("this counterexample comes from database #2 (five), which separates them too.")
                != std::string::npos);

        suite::Suite alone = fourDatabases();
        alone.databases.resize(1);
        const std::string whole = reportOf(schema, inspectionOf(alone));
        QVERIFY2(whole.find("shrunk from 3") == std::string::npos, whole.c_str());
        QVERIFY2(whole.find("3 rows: the whole separating database, not minimized: shown whole: the separating "
                            "database does not fit schema") != std::string::npos,
                 whole.c_str());
    }

    void withNoOtherSeparatingDatabaseTheFirstIsShownWholeWithItsReason()
    {
        const schema::Schema schema = singers();
        suite::Suite suite = fourDatabases();
        suite.databases.resize(2);  // the unshrinkable one and one that agrees
        const suite::CheckResult check = suite::checkCandidate(kGold, kCandidate, suite, {});
        const auto counterexample = minimize::buildCounterexample(schema, suite, check, false, {});
        QVERIFY(counterexample);
        QCOMPARE(counterexample->database, 0);
        QVERIFY(!counterexample->minimized);
        QCOMPARE(counterexample->content.rowCount(), std::size_t{3});
        QVERIFY2(counterexample->note.starts_with("shown whole: "), counterexample->note.c_str());
        QVERIFY(!counterexample->fromLaterDatabase());
    }
};

QTEST_APPLESS_MAIN(TestCounterexampleChoice)
#include "test_counterexample_choice.moc"
