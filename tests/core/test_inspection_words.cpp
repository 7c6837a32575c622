// What the inspection says in words, checked against what the databases hold: the
// profile check asks SQLite whether a key names a row (a TEXT '19' names the INTEGER key
// 19, as a join on them matches it) and never blames a database sqleq sampled; the
// candidate is explained by the neighbor it is, and by no random constant that merely
// matches; the separation focus names the NULL that separates; one depth limit, one
// message, whether the parser or SQLite meets it.
#include "core/dataset/dataset_layout.h"
#include "core/exec/executor.h"
#include "core/fuzz/profile_check.h"
#include "core/inspect/inspect.h"
#include "core/inspect/separation_focus.h"
#include "core/schema/ddl_loader.h"
#include "core/schema/schema_source.h"
#include "core/sql/parser.h"

#include "tests/core/ddl_schema_support.h"
#include "tests/core/figure1_fixture.h"
#include "tests/corpus_skip.h"

#include <QtTest>

#include <filesystem>

using namespace sqleq;

namespace {

// Spider's concert_singer in small: concert.Stadium_ID is TEXT, stadium.Stadium_ID an INTEGER key.
constexpr std::string_view kTextKeyDdl = R"(
CREATE TABLE stadium (Stadium_ID INTEGER PRIMARY KEY, Name TEXT NOT NULL, Capacity INTEGER NOT NULL);
CREATE TABLE concert (concert_ID INTEGER PRIMARY KEY, concert_Name TEXT NOT NULL,
                      Stadium_ID TEXT NOT NULL REFERENCES stadium (Stadium_ID));
)";

exec::Row row(std::initializer_list<exec::Value> values) { return exec::Row(values); }

schema::DatabaseContent stadiumAndConcert(const std::string& concertStadium)
{
    schema::DatabaseContent content;
    content.tables.push_back({"stadium", {row({exec::Value::integer(19), exec::Value::text("Arena"),
                                               exec::Value::integer(500)})}});
    content.tables.push_back({"concert", {row({exec::Value::integer(1), exec::Value::text("Gig"),
                                               exec::Value::text(concertStadium)})}});
    return content;
}

inspect::CheckRequest request(std::string_view gold, std::string_view candidate)
{
    inspect::CheckRequest out;
    out.gold = std::string(gold);
    out.candidate = std::string(candidate);
    out.settings.jobs = 2;
    out.settings.samplingBudget = 200;
    return out;
}

/// Every sampled or built database of `inspection`, read back as content.
std::vector<schema::DatabaseContent> sampledContents(const inspect::Inspection& inspection, const schema::Schema& schema)
{
    std::vector<schema::DatabaseContent> out;
    for (const auto& database : inspection.distilled.suite.databases) {
        if (database.origin == suite::DatabaseOrigin::Original || database.origin == suite::DatabaseOrigin::Imported)
            continue;
        auto connection = exec::Connection::deserializeCopy(database.bytes);
        if (!connection) continue;
        if (auto content = schema::readContent(*connection, schema)) out.push_back(std::move(*content));
    }
    return out;
}

neighbors::Neighbor neighborAt(std::string_view gold, std::string_view changed, std::string replacement,
                               neighbors::MutationFamily family)
{
    const auto begin = static_cast<uint32_t>(gold.find(changed));
    neighbors::Neighbor neighbor;
    neighbor.family = family;
    neighbor.goldSpan = {begin, begin + static_cast<uint32_t>(changed.size())};
    neighbor.replacement = std::move(replacement);
    return neighbor;
}

} // namespace

class TestInspectionWords : public QObject {
    Q_OBJECT

private slots:
    void aTextKeyNamesTheIntegerKeyAsSqliteComparesThem()
    {
        const schema::Schema& schema = schemaOf(kTextKeyDdl);
        QVERIFY(!fuzz::profileViolation(schema, stadiumAndConcert("19"), fuzz::Profile::Spider));
        QVERIFY(!fuzz::profileViolation(schema, stadiumAndConcert("19"), fuzz::Profile::Strict));
        // SQLite's `'19.0' = 19` under the columns' affinities holds as well.
        QVERIFY(!fuzz::profileViolation(schema, stadiumAndConcert("19.0"), fuzz::Profile::Spider));
        const auto dangling = fuzz::profileViolation(schema, stadiumAndConcert("20"), fuzz::Profile::Spider);
        QVERIFY(dangling);
        QCOMPARE(*dangling, std::string("concert.Stadium_ID = '20' names no row of stadium"));
    }

    void theProfileCheckAgreesWithAJoinOfTheQueries()
    {
        const schema::Schema& schema = schemaOf(kTextKeyDdl);
        for (const std::string key : {"19", "19.0", "20", "x19"}) {
            auto connection = schema::materialize(schema, stadiumAndConcert("19"));
            QVERIFY(connection.ok());
            auto content = stadiumAndConcert(key);
            schema::Schema unenforced = schema;
            for (auto& table : unenforced.tables) table.foreignKeys.clear();
            auto loaded = schema::materialize(unenforced, content);
            QVERIFY(loaded.ok());
            const auto joined = exec::runQuery(
                *loaded, "SELECT count(*) FROM concert JOIN stadium ON concert.Stadium_ID = stadium.Stadium_ID", {});
            QVERIFY(joined.ok());
            const bool joins = joined.result.rows.front().front().asInteger() == 1;
            QCOMPARE(!fuzz::profileViolation(schema, content, fuzz::Profile::Spider).has_value(), joins);
        }
    }

    void noSampledDatabaseIsOutsideItsProfile()
    {
        const schema::Schema& schema = schemaOf(kTextKeyDdl);
        for (const auto profile : {fuzz::Profile::Spider, fuzz::Profile::Strict}) {
            auto pair = request("SELECT Name FROM stadium WHERE Capacity > 300",
                                "SELECT Name FROM stadium WHERE Capacity >= 300");
            pair.settings.profile = profile;
            auto inspection = inspect::inspect({schema, std::nullopt}, pair);
            QVERIFY(inspection.ok());
            QVERIFY(inspection->counterexample);
            QVERIFY2(inspection->counterexample->outsideProfile.empty(),
                     inspection->counterexample->outsideProfile.c_str());
            const auto contents = sampledContents(*inspection, schema);
            QVERIFY(!contents.empty());
            for (const auto& content : contents) {
                const auto violation = fuzz::profileViolation(schema, content, profile);
                QVERIFY2(!violation, violation ? violation->c_str() : "");
            }
        }
    }

    void spiderConcertSingerSamplesKeepTheProfile()
    {
        const std::filesystem::path corpus(SQLEQ_CORPUS_DIR);
        SQLEQ_SKIP_WITHOUT_CORPUS(corpus / "tables.json", corpus / "database" / "concert_singer" / "concert_singer.sqlite");
        auto source = dataset::DatasetLayout{.tables = corpus / "tables.json"}.schemaSource("concert_singer");
        QVERIFY2(source.ok(), source.ok() ? "" : source.error().message.c_str());
        // Both queries read singer only; the other tables keep a row for the profile.
        auto inspection = inspect::inspect(*source, request("SELECT Name FROM singer WHERE Age > 30",
                                                            "SELECT Name FROM singer WHERE Age >= 30"));
        QVERIFY(inspection.ok());
        QCOMPARE(inspection->check.verdict, suite::VerdictKind::Different);
        const auto& separating = inspection->distilled.suite.databases.at(
            static_cast<std::size_t>(inspection->check.separatingDatabase));
        if (separating.origin != suite::DatabaseOrigin::Original)
            QVERIFY2(inspection->counterexample->outsideProfile.empty(),
                     inspection->counterexample->outsideProfile.c_str());
        for (const auto& content : sampledContents(*inspection, source->schema)) {
            const auto violation = fuzz::profileViolation(source->schema, content, fuzz::Profile::Spider);
            QVERIFY2(!violation, violation ? violation->c_str() : "");
        }
    }

    void aDroppedWhereIsNamedNotARandomConstant()
    {
        const schema::Schema schema = testing::peopleSchema();
        auto inspection = inspect::inspect({schema, std::nullopt},
                                           request("SELECT name FROM people WHERE age > 34", "SELECT name FROM people"));
        QVERIFY(inspection.ok());
        const std::string words = inspect::explainCandidate("SELECT name FROM people WHERE age > 34", inspection->diagnosis);
        QVERIFY2(words == "the candidate drops `WHERE age > 34`", words.c_str());
        QVERIFY(inspection->diagnosis.nearestNeighbors.front().sameText);
    }

    void anOperatorEditIsNamedAsTheCandidatesText()
    {
        const schema::Schema schema = testing::peopleSchema();
        auto inspection = inspect::inspect({schema, std::nullopt}, request("SELECT name FROM people WHERE age > 34",
                                                                           "select name from people where age >= 34"));
        QVERIFY(inspection.ok());
        QCOMPARE(inspect::explainCandidate("SELECT name FROM people WHERE age > 34", inspection->diagnosis),
                 std::string("the candidate has `>=` where the gold has `>`"));
    }

    void aNeighborThatOnlyBehavesLikeTheCandidateExplainsNothing()
    {
        constexpr std::string_view gold = "SELECT name FROM people WHERE age > 34";
        inspect::Diagnosis diagnosis;
        diagnosis.nearestNeighbors.push_back(
            {neighborAt(gold, "34", "-5", neighbors::MutationFamily::NumericConstant), {}, false});
        diagnosis.nearestNeighbors.push_back(
            {neighborAt(gold, "34", "35", neighbors::MutationFamily::NumericConstant), {}, false});
        QCOMPARE(inspect::explainCandidate(gold, diagnosis), std::string());
        // The candidate's own text, even after matches that come first.
        diagnosis.nearestNeighbors.push_back(
            {neighborAt(gold, "34", "33", neighbors::MutationFamily::NumericConstant), {}, true});
        QCOMPARE(inspect::explainCandidate(gold, diagnosis), std::string("the candidate has `33` where the gold has `34`"));
        QCOMPARE(inspect::explainCandidate(gold, inspect::Diagnosis{}), std::string());
    }

    void aCandidateNoNeighborIsIsNotExplained()
    {
        const schema::Schema schema = testing::peopleSchema();
        auto inspection = inspect::inspect({schema, std::nullopt}, request("SELECT name FROM people WHERE age > 34",
                                                                           "SELECT name FROM people WHERE name LIKE 'C%'"));
        QVERIFY(inspection.ok());
        QCOMPARE(inspection->check.verdict, suite::VerdictKind::Different);
        QCOMPARE(inspect::explainCandidate("SELECT name FROM people WHERE age > 34", inspection->diagnosis), std::string());
    }

    void theFocusIsTheNullThatSeparates()
    {
        const schema::Schema& schema = schemaOf(R"(
            CREATE TABLE stadium (stadium_id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, stadium_id INTEGER REFERENCES stadium (stadium_id));
        )");
        schema::DatabaseContent content;
        content.tables.push_back({"stadium", {row({exec::Value::integer(48), exec::Value::text("S")})}});
        content.tables.push_back({"concert", {row({exec::Value::integer(13), exec::Value::null()})}});
        const auto focus = inspect::separationFocus(
            schema, content, {"stadium", "concert"},
            inspect::columnsReadByEither(schema,
                                         "SELECT stadium_id FROM stadium WHERE stadium_id NOT IN "
                                         "(SELECT stadium_id FROM concert)",
                                         "SELECT stadium_id FROM stadium EXCEPT SELECT stadium_id FROM concert"),
            {});
        QVERIFY(focus);
        QCOMPARE(focus->table, std::string("concert"));
        QCOMPARE(focus->column, std::string("stadium_id"));
        exec::QueryOutcome gold;
        gold.status = exec::OutcomeStatus::Rows;
        exec::QueryOutcome candidate = gold;
        candidate.result.rows.push_back(row({exec::Value::integer(48)}));
        QCOMPARE(inspect::separationSentence(focus, gold, candidate),
                 std::string("a NULL in concert.stadium_id separates them: the gold returns 0 rows, the candidate 1 row"));
    }

    void theFocusIsTheColumnTheDifferingClauseReads()
    {
        const schema::Schema schema = testing::peopleSchema();
        schema::DatabaseContent content;
        content.tables.push_back({"people", {row({exec::Value::integer(1), exec::Value::text("A"),
                                                  exec::Value::integer(30)})}});
        const auto focus = inspect::separationFocus(
            schema, content, {"people"},
            inspect::columnsReadByEither(schema, "SELECT name FROM people WHERE age > 34",
                                         "SELECT name FROM people WHERE age >= 34"),
            {{inspect::Clause::Where, "age > 34", "age >= 34"}});
        QVERIFY(focus);
        QCOMPARE(focus->table, std::string("people"));
        QCOMPARE(focus->column, std::string("age"));
    }

    void aFlatOrListMeetsOneLimitWithOneMessage()
    {
        // Below the limit: parsed, and run by SQLite.
        std::string below = "SELECT name FROM people WHERE age = 0";
        for (int i = 1; i < 300; ++i) below += " OR age = " + std::to_string(i);
        QVERIFY(sql::parse(below).ok());
        auto connection = schema::materialize(testing::peopleSchema(), {});
        QVERIFY(connection.ok());
        QVERIFY(exec::runQuery(*connection, below, {}).ok());
        // Past it: the parser and SQLite say the same words.
        std::string above = below;
        for (int i = 300; i < 1100; ++i) above += " OR age = " + std::to_string(i);
        const auto parsed = sql::parse(above);
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.diagnostics.front().message, queryTooDeepMessage());
        const auto run = exec::runQuery(*connection, above, {});
        QCOMPARE(run.status, exec::OutcomeStatus::Error);
        QCOMPARE(run.error.message, queryTooDeepMessage());
    }
};

QTEST_APPLESS_MAIN(TestInspectionWords)
#include "test_inspection_words.moc"
