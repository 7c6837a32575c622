// Unit tests of core/inspect, the one inspection pipeline: the two verdicts (the
// test-suite metric and sqleq's after the search), the evidence, the test-suite false
// positive, the counterexample, the per-database runs, the prebuilt suite, the
// nearest-neighbor diagnosis, errors and cancellation.
#include "core/exec/executor.h"
#include "core/inspect/inspect.h"
#include "core/inspect/inspection_json.h"
#include "core/inspect/settings_json.h"
#include "core/suite/suite_files.h"
#include "core/schema/ddl_loader.h"

#include "tests/core/figure1_fixture.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace sqleq;
using suite::VerdictKind;

namespace {

using testing::peopleSchema;
constexpr std::string_view kGold = testing::kFigure1Gold;

inspect::CheckRequest defaults()
{
    inspect::CheckRequest request;
    request.settings.jobs = 2;
    request.settings.samplingBudget = 200;
    return request;
}

/// `request` with the two queries.
inspect::CheckRequest pair(std::string_view gold, std::string_view candidate, inspect::CheckRequest request = defaults())
{
    request.gold = std::string(gold);
    request.candidate = std::string(candidate);
    return request;
}

schema::SchemaSource people() { return {peopleSchema(), std::nullopt}; }

inspect::Inspection inspectOrDie(std::string_view gold, std::string_view candidate,
                                 const inspect::CheckRequest& options = defaults())
{
    auto result = inspect::inspect(people(), pair(gold, candidate, options));
    if (!result) qFatal("inspect failed: %s", result.error().message.c_str());
    return std::move(result.value());
}

/// Both queries as judged, re-run with plain SQLite on a database built from the
/// counterexample's rows: they must differ as bags (the people queries have no ORDER BY).
bool counterexampleSeparates(const inspect::Inspection& inspection)
{
    auto connection = schema::materialize(peopleSchema(), inspection.counterexample->content);
    if (!connection) return false;
    const auto gold = exec::runQuery(*connection, inspection.check.goldUsed, {});
    const auto candidate = exec::runQuery(*connection, inspection.check.candidateUsed, {});
    if (!gold.ok()) return false;
    if (!candidate.ok()) return true;
    return !compare::compareOutcomes(gold, candidate, false).same();
}

} // namespace

class TestInspect : public QObject {
    Q_OBJECT

private slots:
    void settingsRoundTripThroughTheirJsonForm()
    {
        inspect::CheckSettings settings;
        settings.nameProfile(fuzz::Profile::Strict);
        settings.seed = (uint64_t{1} << 62) + 1;  // past a double's integers
        settings.samplingBudget = 12;
        settings.searchBudget = 0;
        settings.setIdleBudget(333);
        settings.limits.maxRows = 99;
        settings.limits.maxHeapBytes = int64_t{48} << 20;
        settings.plugValue = true;
        settings.keepDistinct = true;
        settings.orderRule = compare::OrderRule::OfficialSubstring;
        settings.prove = false;
        const nlohmann::json json = inspect::settingsJson(settings);
        QVERIFY(json["seed"].is_string());
        QCOMPARE(json["timeout_ms"].get<int64_t>(), int64_t{333});
        auto back = inspect::settingsFromJson(nlohmann::json::parse(json.dump()));
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QVERIFY(*back == settings);

        // "auto": the schema's promise, resolved once the source is known.
        auto automatic = inspect::settingsFromJson({{"profile", "auto"}});
        QVERIFY(automatic.ok() && automatic->profileFromSchema);
        QCOMPARE(inspect::resolveProfile(*automatic, schema::SchemaSourceKind::DdlScript).profile, fuzz::Profile::Strict);
        QCOMPARE(inspect::resolveProfile(*automatic, schema::SchemaSourceKind::SchemaFile).profile, fuzz::Profile::Spider);
        QVERIFY(!inspect::resolveProfile(*automatic, schema::SchemaSourceKind::DdlScript).profileFromSchema);
        QCOMPARE(inspect::settingsJson(*automatic)["profile"].get<std::string>(), std::string("auto"));

        // A missing key keeps the base's value; the defaults are written once, here.
        auto partial = inspect::settingsFromJson({{"seed", 4}}, settings);
        QVERIFY(partial.ok());
        QCOMPARE(partial->seed, uint64_t{4});
        QCOMPARE(partial->samplingBudget, std::size_t{12});
        QCOMPARE(inspect::CheckSettings{}.samplingBudget, suite::kDefaultSamplingBudget);
        QCOMPARE(inspect::CheckSettings{}.searchBudget, search::kDefaultSearchBudget);
        QCOMPARE(inspect::CheckSettings{}.idleBudgetMs(), exec::kDefaultIdleBudgetMs);
        QVERIFY(suite::DistillOptions{}.limits == inspect::CheckSettings{}.limits);
    }

    void badSettingsAreRefusedByName_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown") << R"({"budgett": 3})" << "settings.budgett: unknown setting";
        QTest::newRow("negative") << R"({"search_budget": -1})" << "settings.search_budget: must not be negative, got -1";
        QTest::newRow("fraction") << R"({"seed": 1.5})" << "settings.seed: expected an integer, got 1.5";
        QTest::newRow("zero timeout") << R"({"timeout_ms": 0})" << "settings.timeout_ms: 0 is outside 1..2147483647";
        QTest::newRow("profile") << R"({"profile": "loose"})" << "settings.profile: expected \"spider\", \"strict\" or \"auto\", got \"loose\"";
        QTest::newRow("order rule") << R"({"order_rule": "any"})" << "settings.order_rule: expected \"top-level\" or \"official\", got \"any\"";
        QTest::newRow("bool") << R"({"prove": 1})" << "settings.prove: expected true or false, got 1";
        QTest::newRow("seed text") << R"({"seed": "12a"})" << "settings.seed: expected an integer, got \"12a\"";
        QTest::newRow("not an object") << R"([1])" << "settings: expected an object, got array";
    }

    void badSettingsAreRefusedByName()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        auto settings = inspect::settingsFromJson(nlohmann::json::parse(json.toStdString()));
        QVERIFY(!settings.ok());
        QCOMPARE(QString::fromStdString(settings.error().message), message);
    }

    void suiteSeparatesWithCounterexample()
    {
        const auto inspection = inspectOrDie(kGold, "SELECT name FROM people WHERE age >= 34");
        QCOMPARE(inspection.suiteCheck.verdict, VerdictKind::Different);
        QCOMPARE(inspection.check.verdict, VerdictKind::Different);
        QVERIFY(!inspection.testSuiteFalsePositive);
        QCOMPARE(inspection.evidence.kind, inspect::EvidenceKind::Counterexample);
        QCOMPARE(inspection.evidence.searchDatabases, std::size_t{0});
        QVERIFY(inspection.counterexample.has_value());
        QVERIFY(counterexampleSeparates(inspection));
        QVERIFY(inspection.counterexample->outsideProfile.empty());  // sampled: within the profile
    }

    void originalOutsideTheProfileSaysSo()
    {
        // The user's own database holds a NULL, which the spider profile never samples:
        // it separates the pair for real, and the counterexample says which promise of
        // the profile it breaks instead of claiming it.
        auto schema = schema::loadSchemaFromDdl("CREATE TABLE item (id INTEGER PRIMARY KEY, note TEXT);", "items");
        QVERIFY(schema.ok());
        schema::DatabaseContent content;
        content.tables.push_back({"item", {{exec::Value::integer(1), exec::Value::null()},
                                           {exec::Value::integer(2), exec::Value::text("x")}}});
        auto original = schema::materialize(*schema, content);
        QVERIFY(original.ok());
        const schema::SchemaSource source{*schema, original->serialize().value()};
        auto options = pair("SELECT count(*) FROM item WHERE note IS NULL", "SELECT count(*) FROM item WHERE note = ''");
        auto inspection = inspect::inspect(source, options);
        QVERIFY(inspection.ok());
        QCOMPARE(inspection->check.verdict, VerdictKind::Different);
        QVERIFY(inspection->counterexample.has_value());
        QCOMPARE(inspection->counterexample->outsideProfile, std::string("NULL in item.note"));
        const auto json = inspect::inspectionJson(*schema, *inspection);
        QCOMPARE(json["counterexample_outside_profile"].get<std::string>(), std::string("NULL in item.note"));
        // Under strict a NULL is in the profile.
        options.settings.profile = fuzz::Profile::Strict;
        inspection = inspect::inspect(source, options);
        QVERIFY(inspection.ok() && inspection->counterexample.has_value());
        QVERIFY(inspection->counterexample->outsideProfile.empty());
    }

    void searchFindsWhatTheSuiteMisses()
    {
        // The candidate's own constant never appears in the gold's suite; the search plants it.
        const auto inspection
            = inspectOrDie(kGold, "SELECT name FROM people WHERE age > 34 AND name != 'Zebulon Quirk'");
        QCOMPARE(inspection.suiteCheck.verdict, VerdictKind::Equivalent);
        QCOMPARE(inspection.check.verdict, VerdictKind::Different);
        QVERIFY(inspection.testSuiteFalsePositive);
        QCOMPARE(inspection.evidence.kind, inspect::EvidenceKind::Counterexample);
        QVERIFY(inspection.evidence.searchDatabases > 0);
        QVERIFY(!inspection.searchFoundBy.empty());
        QVERIFY(inspection.check.separatingDatabase >= static_cast<int>(inspection.metricDatabases));
        QVERIFY(inspection.counterexample.has_value());
        QVERIFY(counterexampleSeparates(inspection));
    }

    void suiteOnlyIsTheMetric()
    {
        auto options = defaults();
        options.settings.searchBudget = 0;
        const auto inspection
            = inspectOrDie(kGold, "SELECT name FROM people WHERE age > 34 AND name != 'Zebulon Quirk'", options);
        QCOMPARE(inspection.check.verdict, VerdictKind::Equivalent);
        QVERIFY(!inspection.testSuiteFalsePositive);
        QCOMPARE(inspection.evidence.kind, inspect::EvidenceKind::Suite);
        QCOMPARE(inspection.evidence.searchDatabases, std::size_t{0});
        QCOMPARE(inspection.metricDatabases, inspection.distilled.suite.databases.size());
    }

    void equivalentAfterSearchSaysHowHardItLooked()
    {
        // A redundant conjunct no rewrite rule removes: not proved, so searched.
        const auto inspection = inspectOrDie(kGold, "SELECT name FROM people WHERE age > 34 AND age > 30");
        QCOMPARE(inspection.check.verdict, VerdictKind::Equivalent);
        QCOMPARE(inspection.suiteCheck.verdict, VerdictKind::Equivalent);
        QCOMPARE(inspection.evidence.kind, inspect::EvidenceKind::SuiteAndSearch);
        QVERIFY(inspection.evidence.suiteDatabases > 0);
        QVERIFY(inspection.evidence.searchDatabases > 0);
        QVERIFY(!inspection.counterexample.has_value());
        QVERIFY(inspection.diagnosis.nearestNeighbors.empty());
    }

    void provedPairSkipsSuiteAndSearch()
    {
        const auto inspection = inspectOrDie(kGold, "SELECT P.name FROM people AS P WHERE 34 < P.age");
        QCOMPARE(inspection.check.verdict, VerdictKind::Equivalent);
        QCOMPARE(inspection.suiteCheck.verdict, VerdictKind::Equivalent);
        QCOMPARE(inspection.evidence.kind, inspect::EvidenceKind::Proof);
        QVERIFY(inspection.proof && inspection.proof->proved);
        QVERIFY(inspection.suiteVerdictFromProof);
        QCOMPARE(inspection.evidence.searchDatabases, std::size_t{0});
        // No database was supplied: none was built or run for the verdict.
        QCOMPARE(inspection.metricDatabases, std::size_t{0});
        QVERIFY(!inspection.check.goldUsed.empty());
        // The proof turned off, the same pair is searched and agrees.
        auto options = defaults();
        options.settings.prove = false;
        const auto searched = inspectOrDie(kGold, "SELECT P.name FROM people AS P WHERE 34 < P.age", options);
        QCOMPARE(searched.check.verdict, VerdictKind::Equivalent);
        QCOMPARE(searched.evidence.kind, inspect::EvidenceKind::SuiteAndSearch);
    }

    void diagnosisNamesTheNearestNeighbor()
    {
        const auto inspection = inspectOrDie(kGold, "SELECT name FROM people WHERE age >= 34");
        QVERIFY(!inspection.diagnosis.nearestNeighbors.empty());
        bool found = false;
        for (const auto& match : inspection.diagnosis.nearestNeighbors) {
            const std::string words = inspect::describeNeighbor(kGold, match.neighbor);
            found = found || words == "the gold with `>` → `>=`";
        }
        QVERIFY(found);
    }

    void clauseDiffSaysWhereTheyDiffer()
    {
        const auto inspection = inspectOrDie(kGold, "SELECT name FROM people WHERE age >= 34 ORDER BY name");
        std::vector<std::string> clauses;
        for (const auto& difference : inspection.diagnosis.clauses)
            clauses.emplace_back(inspect::clauseName(difference.clause));
        QCOMPARE(clauses, (std::vector<std::string>{"where", "order_by"}));
        QCOMPARE(inspection.diagnosis.clauses.front().gold, std::string("age > 34"));
        QCOMPARE(inspection.diagnosis.clauses.front().candidate, std::string("age >= 34"));
        QVERIFY(inspect::diffClauses("select NAME from PEOPLE", "SELECT name FROM people").empty());
        QCOMPARE(inspect::diffClauses("SELECT a FROM t UNION SELECT a FROM u", "SELECT a FROM t UNION ALL SELECT a FROM u")
                     .size(),
                 std::size_t{1});
        QVERIFY(inspect::diffClauses("SELECT", "SELECT a FROM t").empty());  // no parse, no diff
    }

    void everyDatabaseRunForTheView()
    {
        auto options = defaults();
        options.runEveryDatabase = true;
        const auto inspection = inspectOrDie(kGold, "SELECT name FROM people WHERE age >= 34", options);
        QCOMPARE(inspection.databases.size(), inspection.distilled.suite.databases.size());
        const auto separating = static_cast<std::size_t>(inspection.check.separatingDatabase);
        QCOMPARE(inspection.databases[separating].status, inspect::DatabaseStatus::Different);
        QVERIFY(!inspection.databases[separating].content.tables.empty());
    }

    void prebuiltSuiteJoinsTheMetric()
    {
        // A prebuilt suite is read from DIR/<the schema's name>/, the one db_id rule of every front end.
        auto options = defaults();
        options.settings.prove = false;  // the suite mechanics: a proof would build none
        const auto plain = inspectOrDie(kGold, kGold, options);
        QTemporaryDir dir;
        suite::Suite prebuilt = plain.distilled.suite;
        prebuilt.dbId = peopleSchema().name;
        QVERIFY(suite::exportSuite(prebuilt, dir.path().toStdString()).ok());
        options.suitesDir = dir.path().toStdString();
        const auto inspection = inspectOrDie(kGold, kGold, options);
        QCOMPARE(inspection.metricDatabases, 2 * plain.distilled.suite.databases.size());
        QCOMPARE(inspection.evidence.suiteDatabases, inspection.metricDatabases);
        // A missing folder is an error naming it, not a silent skip.
        options.suitesDir = (dir.path() + QStringLiteral("/nowhere")).toStdString();
        const auto missing = inspect::inspect(people(), pair(kGold, kGold, options));
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.find("nowhere") != std::string::npos);
    }

    void deterministic()
    {
        const std::string_view candidate = "SELECT name FROM people WHERE age > 34 AND name != 'Zebulon Quirk'";
        const auto first = inspectOrDie(kGold, candidate);
        auto options = defaults();
        options.settings.jobs = 1;
        const auto second = inspectOrDie(kGold, candidate, options);
        QCOMPARE(first.check.separatingDatabase, second.check.separatingDatabase);
        QCOMPARE(first.searchFoundBy, second.searchFoundBy);
        QCOMPARE(compare::rowsToJson(first.counterexample->content.tables.front().rows).dump(),
                 compare::rowsToJson(second.counterexample->content.tables.front().rows).dump());
    }

    void goldErrorIsAnError()
    {
        const auto result = inspect::inspect(people(), pair("SELECT name FROM people WHERE", kGold));
        QVERIFY(!result.ok());
        QVERIFY(result.error().span.valid());
    }

    void candidateErrorIsAVerdict()
    {
        const auto inspection = inspectOrDie(kGold, "SELECT nope FROM people");
        QCOMPARE(inspection.check.verdict, VerdictKind::CandidateError);
        QCOMPARE(inspection.evidence.kind, inspect::EvidenceKind::Counterexample);
    }

    void oneSetOfSettingsForEveryStage()
    {
        // The request's settings are the only source of every stage's options: the same
        // limits for distillation and the metric, the same profile and seed for sampling
        // and the search.
        inspect::CheckSettings settings;
        settings.profile = fuzz::Profile::Strict;
        settings.seed = 9;
        settings.samplingBudget = 11;
        settings.searchBudget = 5;
        settings.jobs = 3;
        settings.plugValue = true;
        settings.keepDistinct = true;
        settings.orderRule = compare::OrderRule::OfficialSubstring;
        settings.limits.maxSteps = 1234567;
        settings.limits.wallClockLimitMs = 4321;
        settings.limits.maxRows = 77;
        const auto distill = inspect::distillOptions(settings);
        QVERIFY(distill.profile == fuzz::Profile::Strict);
        QCOMPARE(distill.seed, uint64_t{9});
        QCOMPARE(distill.budget, std::size_t{11});
        QCOMPARE(distill.jobs, 3u);
        QVERIFY(distill.keepDistinct);
        QCOMPARE(distill.limits.maxSteps, int64_t{1234567});
        QCOMPARE(distill.limits.wallClockLimitMs, int64_t{4321});
        QCOMPARE(distill.limits.maxRows, std::size_t{77});
        const auto check = inspect::checkOptions(settings);
        QVERIFY(check.plugValue && check.keepDistinct);
        QVERIFY(check.orderRule == compare::OrderRule::OfficialSubstring);
        QCOMPARE(check.limits.maxSteps, int64_t{1234567});
        QCOMPARE(check.limits.maxRows, std::size_t{77});
        const auto search = inspect::searchOptions(settings);
        QCOMPARE(search.budget, std::size_t{5});
        QVERIFY(search.profile == fuzz::Profile::Strict);
        QCOMPARE(search.seed, uint64_t{9});
        QCOMPARE(search.jobs, 3u);
    }

    void cancelled()
    {
        std::atomic<bool> cancel{true};
        const auto result = inspect::inspect(people(), pair(kGold, kGold), {}, &cancel);
        QVERIFY(result.ok());
        QVERIFY(result->cancelled);
    }
};

QTEST_APPLESS_MAIN(TestInspect)
#include "test_inspect.moc"
