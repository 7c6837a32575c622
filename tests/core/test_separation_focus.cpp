// The separation focus names only what the queries read: the columns come from SQLite's
// own name resolution (columns_read.h), so a NULL in a column neither query reads is
// never blamed, and the sentence names the value that decides when the shrunk table
// holds one. Scalar results are said as values, here and in the comparison's message.
// The last two functions replay the world_1 pairs on the real database (skipped without
// the corpus).

#include "core/compare/compare.h"
#include "core/exec/connection.h"
#include "core/inspect/clause_diff.h"
#include "core/inspect/columns_read.h"
#include "core/inspect/inspect.h"
#include "core/inspect/separation_focus.h"
#include "core/schema/database_content.h"
#include "core/schema/schema_source.h"

#include "tests/core/ddl_schema_support.h"
#include "tests/corpus_skip.h"

#include <QtTest>

#include <filesystem>
#include <string>
#include <vector>

using namespace sqleq;
using inspect::ColumnRead;

namespace {

// world_1's country and city, cut to the columns that matter: IndepYear may be NULL and
// comes before GovernmentForm in schema order, as in the real database.
constexpr const char* kWorldDdl = R"(
CREATE TABLE country (Code TEXT PRIMARY KEY, Name TEXT NOT NULL, IndepYear INTEGER,
                      GovernmentForm TEXT NOT NULL);
CREATE TABLE city (ID INTEGER PRIMARY KEY, Name TEXT NOT NULL, District TEXT,
                   CountryCode TEXT NOT NULL REFERENCES country (Code), Population INTEGER NOT NULL);
)";

constexpr const char* kEqualsRepublic = "SELECT count(*) FROM country WHERE GovernmentForm = 'Republic'";
constexpr const char* kLikeRepublic = "SELECT count(*) FROM country WHERE GovernmentForm LIKE '%Republic%'";
constexpr const char* kSmaller = "SELECT count(*) FROM city a JOIN city b ON a.Population < b.Population";
constexpr const char* kNotLarger = "SELECT count(*) FROM city a JOIN city b ON a.Population <= b.Population";

exec::Value text(const char* value) { return exec::Value::text(value); }
exec::Value integer(std::int64_t value) { return exec::Value::integer(value); }

exec::QueryOutcome scalar(std::int64_t value)
{
    exec::QueryOutcome outcome;
    outcome.status = exec::OutcomeStatus::Rows;
    outcome.result.rows.push_back({integer(value)});
    return outcome;
}

/// The focus as every front end takes it: columns from SQLite, clauses from the diff.
std::optional<inspect::SeparationFocus> focusOf(const schema::Schema& schema, const schema::DatabaseContent& content,
                                                const std::vector<std::string>& tablesRead, const char* gold,
                                                const char* candidate)
{
    return inspect::separationFocus(schema, content, tablesRead, inspect::columnsReadByEither(schema, gold, candidate),
                                    inspect::diffClauses(gold, candidate));
}

const std::filesystem::path kWorld = std::filesystem::path(SQLEQ_CORPUS_DIR) / "database" / "world_1" / "world_1.sqlite";

} // namespace

class TestSeparationFocus : public QObject {
    Q_OBJECT

private slots:
    void columnsReadAreSQLitesOwn()
    {
        const schema::Schema& schema = schemaOf(kWorldDdl);
        QCOMPARE(inspect::columnsReadBy(schema, kEqualsRepublic),
                 (std::vector<ColumnRead>{{"country", "GovernmentForm"}}));
        // Aliases of one table resolve to its column, once.
        QCOMPARE(inspect::columnsReadBy(schema, kSmaller), (std::vector<ColumnRead>{{"city", "Population"}}));
        // count(*) reads no column; * reads them all, in schema order.
        QCOMPARE(inspect::columnsReadBy(schema, "SELECT count(*) FROM country"), std::vector<ColumnRead>{});
        QCOMPARE(inspect::columnsReadBy(schema, "SELECT * FROM country"),
                 (std::vector<ColumnRead>{{"country", "Code"},
                                          {"country", "Name"},
                                          {"country", "IndepYear"},
                                          {"country", "GovernmentForm"}}));
        // Unqualified names in a correlated subquery, a CTE and another case resolve as SQLite resolves them.
        QCOMPARE(inspect::columnsReadBy(schema, "WITH big AS (SELECT countrycode FROM city WHERE population > 5) "
                                                "SELECT name FROM country WHERE code IN (SELECT CountryCode FROM big)"),
                 (std::vector<ColumnRead>{{"country", "Code"},
                                          {"country", "Name"},
                                          {"city", "CountryCode"},
                                          {"city", "Population"}}));
        // A query SQLite does not prepare reads nothing; a write is refused, not run.
        QCOMPARE(inspect::columnsReadBy(schema, "SELECT nothing FROM country"), std::vector<ColumnRead>{});
        QCOMPARE(inspect::columnsReadBy(schema, "DELETE FROM country WHERE Name = 'x'"), std::vector<ColumnRead>{});
        QCOMPARE(inspect::columnsReadByEither(schema, kEqualsRepublic, kSmaller),
                 (std::vector<ColumnRead>{{"country", "GovernmentForm"}, {"city", "Population"}}));
    }

    void aNullInAnUnreadColumnIsNeverNamed()
    {
        const schema::Schema& schema = schemaOf(kWorldDdl);
        schema::DatabaseContent content;
        content.tables.push_back({"country",
                                  {{text("AFG"), text("Afghanistan"), exec::Value::null(), text("Islamic Emirate")},
                                   {text("MDG"), text("Madagascar"), integer(1960), text("Federal Republic")}}});
        content.tables.push_back({"city", {}});
        const auto focus = focusOf(schema, content, {"country"}, kEqualsRepublic, kLikeRepublic);
        QVERIFY(focus);
        QCOMPARE(focus->table, std::string("country"));
        QCOMPARE(focus->column, std::string("GovernmentForm"));
        QVERIFY(focus->reason != inspect::SeparationFocus::Reason::Null);
        const std::string sentence = inspect::separationSentence(focus, scalar(0), scalar(1));
        QVERIFY2(sentence.find("IndepYear") == std::string::npos, sentence.c_str());
        QVERIFY2(sentence.find("NULL") == std::string::npos, sentence.c_str());

        // The self-join reads only city.Population: the NULL in city.District stays unnamed too.
        schema::DatabaseContent cities;
        cities.tables.push_back({"country", {{text("NLD"), text("Netherlands"), exec::Value::null(), text("Monarchy")}}});
        cities.tables.push_back({"city", {{integer(5), text("Amsterdam"), exec::Value::null(), text("NLD"), integer(0)}}});
        const auto join = focusOf(schema, cities, {"city"}, kSmaller, kNotLarger);
        QVERIFY(join);
        QCOMPARE(join->table, std::string("city"));
        QCOMPARE(join->column, std::string("Population"));
        QCOMPARE(inspect::separationSentence(join, scalar(0), scalar(1)),
                 std::string("the value 0 in city.Population separates them: the gold returns 0, the candidate 1"));
    }

    void aNullInAReadColumnIsStillNamed()
    {
        const schema::Schema& schema = schemaOf(kWorldDdl);
        schema::DatabaseContent content;
        content.tables.push_back({"country", {{text("AFG"), text("Afghanistan"), exec::Value::null(), text("Republic")}}});
        const auto focus = focusOf(schema, content, {"country"}, "SELECT count(*) FROM country WHERE IndepYear > 1900",
                                   "SELECT count(*) FROM country WHERE NOT IndepYear <= 1900");
        QVERIFY(focus);
        QCOMPARE(focus->reason, inspect::SeparationFocus::Reason::Null);
        QCOMPARE(inspect::separationSentence(focus, scalar(0), scalar(1)),
                 std::string("a NULL in country.IndepYear separates them: the gold returns 0, the candidate 1"));
    }

    void theLikePairNamesTheGovernmentFormThatDecides()
    {
        const schema::Schema& schema = schemaOf(kWorldDdl);
        schema::DatabaseContent content;
        content.tables.push_back({"country", {{text("MDG"), text("M"), exec::Value::null(), text("Federal Republic")}}});
        const auto focus = focusOf(schema, content, {"country"}, kEqualsRepublic, kLikeRepublic);
        QVERIFY(focus);
        QCOMPARE(focus->column, std::string("GovernmentForm"));
        QCOMPARE(focus->reason, inspect::SeparationFocus::Reason::DifferingClause);
        QCOMPARE(inspect::separationSentence(focus, scalar(0), scalar(1)),
                 std::string("the value 'Federal Republic' in country.GovernmentForm separates them: the gold "
                             "returns 0, the candidate 1"));
        // Two rows with other values: no value decides alone, the rows are counted instead.
        content.tables[0].rows.push_back({text("FRA"), text("F"), integer(843), text("Republic")});
        const auto two = focusOf(schema, content, {"country"}, kEqualsRepublic, kLikeRepublic);
        QVERIFY(two && !two->value);
        QCOMPARE(two->column, std::string("GovernmentForm"));
        // A SELECT list that differs names no value: the rows do not decide by it.
        const auto listed = focusOf(schema, content, {"country"}, "SELECT Name FROM country",
                                    "SELECT GovernmentForm FROM country");
        QVERIFY(listed && !listed->value);
    }

    void scalarResultsAreSaidAsValues()
    {
        exec::QueryOutcome rows = scalar(3);
        rows.result.rows.push_back({integer(4)});
        QCOMPARE(inspect::separationSentence(std::nullopt, scalar(3), scalar(6)),
                 std::string("this database separates them: the gold returns 3, the candidate 6"));
        QCOMPARE(inspect::separationSentence(std::nullopt, rows, scalar(6)),
                 std::string("this database separates them: the gold returns 2 rows, the candidate 1 row"));

        exec::ResultSet gold;
        gold.rows = {{integer(3)}};
        exec::ResultSet candidate;
        candidate.rows = {{integer(6)}};
        QCOMPARE(compare::compareResults(gold, candidate, false).message,
                 std::string("the gold returns 3, the candidate 6"));
        candidate.rows = {{text("it's")}};
        QCOMPARE(compare::compareResults(gold, candidate, false).message,
                 std::string("the gold returns 3, the candidate 'it''s'"));
        gold.rows = {{integer(3), integer(1)}};
        candidate.rows = {{integer(6), integer(1)}};
        QCOMPARE(compare::compareResults(gold, candidate, false).message,
                 std::string("1 row only in the gold and 1 row only in the candidate, under the closest column mapping"));
    }

    // The whole of world_1 (what a counterexample shown whole holds): 47 countries have
    // no IndepYear, and neither pair reads it.
    void world1NamesOnlyWhatThePairsRead()
    {
        SQLEQ_SKIP_WITHOUT_CORPUS(kWorld);
        auto source = schema::openSchemaSource({.kind = schema::SchemaSourceKind::SqliteFile, .path = kWorld});
        QVERIFY2(source.ok(), source.ok() ? "" : source.error().message.c_str());
        auto connection = exec::Connection::openReadOnly(kWorld);
        QVERIFY(connection.ok());
        auto content = schema::readContent(*connection, source->schema);
        QVERIFY(content.ok());
        const auto like = focusOf(source->schema, *content, {"country"}, kEqualsRepublic, kLikeRepublic);
        QVERIFY(like);
        QCOMPARE(like->table, std::string("country"));
        QCOMPARE(like->column, std::string("GovernmentForm"));
        const auto join = focusOf(source->schema, *content, {"city", "country"},
                                  "SELECT count(*) FROM city a JOIN city b ON a.Population < b.Population JOIN country",
                                  "SELECT count(*) FROM city a JOIN city b ON a.Population <= b.Population JOIN country");
        QVERIFY(join);
        QCOMPARE(join->table, std::string("city"));
        QCOMPARE(join->column, std::string("Population"));
        for (const auto& focus : {like, join}) {
            const std::string sentence = inspect::separationSentence(focus, scalar(0), scalar(1));
            QVERIFY2(sentence.find("IndepYear") == std::string::npos, sentence.c_str());
        }
    }

    // The inspection itself, as the report and the inspector read it: the shrunk
    // country row's government form contains "Republic" and is not "Republic".
    void world1LikePairNamesTheDecidingGovernmentForm()
    {
        SQLEQ_SKIP_WITHOUT_CORPUS(kWorld);
        auto source = schema::openSchemaSource({.kind = schema::SchemaSourceKind::SqliteFile, .path = kWorld});
        QVERIFY(source.ok());
        inspect::CheckRequest request;
        request.gold = kEqualsRepublic;
        request.candidate = kLikeRepublic;
        request.settings.jobs = 2;
        auto inspection = inspect::inspect(*source, request);
        QVERIFY2(inspection.ok(), inspection.ok() ? "" : inspection.error().message.c_str());
        QCOMPARE(inspection->check.verdict, suite::VerdictKind::Different);
        QVERIFY(inspection->counterexample);
        const auto& counterexample = *inspection->counterexample;
        const auto focus = inspect::separationFocus(
            source->schema, counterexample.content, counterexample.tablesRead,
            inspect::columnsReadByEither(source->schema, inspection->check.goldUsed, inspection->check.candidateUsed),
            inspection->diagnosis.clauses);
        QVERIFY(focus);
        QCOMPARE(focus->column, std::string("GovernmentForm"));
        QVERIFY(focus->value && focus->value->type() == exec::ValueType::Text);
        const std::string& form = focus->value->asText();
        QVERIFY2(form.find("Republic") != std::string::npos && form != "Republic", form.c_str());
        const std::string sentence =
            inspect::separationSentence(focus, counterexample.goldOutcome, counterexample.candidateOutcome);
        QVERIFY2(sentence.rfind("the value '", 0) == 0, sentence.c_str());
        QVERIFY2(sentence.find("' in country.GovernmentForm separates them") != std::string::npos, sentence.c_str());
        QVERIFY2(sentence.find(": the gold returns 0, the candidate 1") != std::string::npos, sentence.c_str());
    }
};

QTEST_APPLESS_MAIN(TestSeparationFocus)
#include "test_separation_focus.moc"
