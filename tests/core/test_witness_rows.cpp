// Witness rows: databases in which a long conjunctive WHERE clause — joins, equality,
// ranges, LIKE, IN lists and nested IN subqueries — holds for several joined rows at
// once. Each database is materialized and the query re-run on it in plain SQLite, so
// the test checks what the query returns, not what the planner believes.
#include "core/exec/executor.h"
#include "core/fuzz/fuzz.h"
#include "core/search/search.h"
#include "core/targeted/content_shaping.h"
#include "core/targeted/targeted_databases.h"
#include "core/targeted/witness_plan.h"
#include "core/targeted/witness_rows.h"

#include "tests/core/ddl_schema_support.h"
#include "tests/core/row_text_support.h"

#include <QtTest>

#include <fmt/format.h>

#include <map>

using namespace sqleq;

namespace {

// Yelp's shape: a business has many categories and check-ins; ids are text.
constexpr std::string_view kYelpDdl =
    "CREATE TABLE business(bid INTEGER PRIMARY KEY, business_id TEXT UNIQUE, name TEXT, city TEXT, state TEXT,"
    " rating REAL, review_count INTEGER);"
    "CREATE TABLE category(id INTEGER PRIMARY KEY, business_id TEXT REFERENCES business(business_id),"
    " category_name TEXT);"
    "CREATE TABLE checkin(cid INTEGER PRIMARY KEY, business_id TEXT REFERENCES business(business_id),"
    " count INTEGER, day TEXT);";

// ATIS's shape: flights between airports, cities served by airports, nested IN subqueries.
constexpr std::string_view kFlightsDdl =
    "CREATE TABLE city(city_code TEXT PRIMARY KEY, city_name TEXT, state_code TEXT);"
    "CREATE TABLE airport_service(city_code TEXT REFERENCES city(city_code), airport_code TEXT,"
    " PRIMARY KEY(city_code, airport_code));"
    "CREATE TABLE flight(flight_id INTEGER PRIMARY KEY, from_airport TEXT, to_airport TEXT,"
    " departure_time INTEGER, airline_code TEXT, stops INTEGER);";

// Academic's shape: keywords of publications at conferences, through a link table.
constexpr std::string_view kAcademicDdl =
    "CREATE TABLE conference(cid INTEGER PRIMARY KEY, name TEXT);"
    "CREATE TABLE keyword(kid INTEGER PRIMARY KEY, keyword TEXT);"
    "CREATE TABLE publication(pid INTEGER PRIMARY KEY, title TEXT, year INTEGER, cid INTEGER REFERENCES conference(cid));"
    "CREATE TABLE publication_keyword(kid INTEGER REFERENCES keyword(kid), pid INTEGER REFERENCES publication(pid),"
    " PRIMARY KEY(kid, pid));";

// Restaurants' shape: a restaurant's rating and food type, its location, its city's region.
constexpr std::string_view kRestaurantsDdl =
    "CREATE TABLE geographic(city_name TEXT PRIMARY KEY, county TEXT, region TEXT);"
    "CREATE TABLE restaurant(id INTEGER PRIMARY KEY, name TEXT, food_type TEXT,"
    " city_name TEXT REFERENCES geographic(city_name), rating REAL);"
    "CREATE TABLE location(restaurant_id INTEGER REFERENCES restaurant(id), house_number INTEGER,"
    " street_name TEXT, city_name TEXT REFERENCES geographic(city_name));";


std::string_view ddlNamed(const QString& name)
{
    if (name == "yelp") return kYelpDdl;
    if (name == "flights") return kFlightsDdl;
    if (name == "academic") return kAcademicDdl;
    return kRestaurantsDdl;
}

/// How many rows `query` returns on `content`, run by plain SQLite; -1 when it fails.
int rowsReturned(const schema::Schema& schema, const schema::DatabaseContent& content, std::string_view query)
{
    auto connection = schema::materialize(schema, content);
    if (!connection) {
        qWarning("materialize: %s", connection.error().message.c_str());
        return -1;
    }
    auto outcome = exec::runQuery(*connection, query, {});
    return outcome.ok() ? static_cast<int>(outcome.result.rows.size()) : -1;
}

/// A sampled database cut to one row per table, with witnesses of every plan of
/// `query` planted as `copies` says and foreign keys repaired.
std::optional<schema::DatabaseContent> witnessDatabase(const schema::Schema& schema, std::string_view query,
                                                       const targeted::detail::WitnessCopies& copies, uint64_t seed)
{
    auto sampled = fuzz::sampleDatabase(schema, {}, {.profile = fuzz::Profile::Spider, .seed = seed, .index = 0});
    if (!sampled) return std::nullopt;
    schema::DatabaseContent content = std::move(*sampled);
    targeted::detail::keepFirstRows(content, 1);
    fuzz::Prng rng(seed);
    if (!targeted::detail::repairForeignKeys(schema, content, true, rng)) return std::nullopt;
    int64_t nextKey = targeted::detail::freshKeyBase(schema, content);
    for (const auto& plan : targeted::detail::planWitnesses(query, schema))
        if (!targeted::detail::plantWitnesses(schema, content, plan, copies, rng, nextKey)) return std::nullopt;
    if (!targeted::detail::repairForeignKeys(schema, content, true, rng)) return std::nullopt;
    return content;
}

/// Both queries' rows on `bytes`, run by plain SQLite: ordered when `ordered`, else sorted.
std::pair<std::vector<std::string>, std::vector<std::string>> bothResults(const exec::Bytes& bytes, std::string_view gold,
                                                                          std::string_view candidate, bool ordered)
{
    auto connection = exec::Connection::deserializeCopy(bytes);
    if (!connection) qFatal("counterexample does not open");
    const auto rowsOf = [&](std::string_view query) {
        auto outcome = exec::runQuery(*connection, query, {});
        if (!outcome.ok()) qFatal("query failed on the counterexample");
        std::vector<std::string> out = rowTexts(outcome.result.rows);
        if (!ordered) std::sort(out.begin(), out.end());
        return out;
    };
    return {rowsOf(gold), rowsOf(candidate)};
}

constexpr std::string_view kBostonToDenver =
    "SELECT DISTINCT f.flight_id FROM flight AS f WHERE f.from_airport IN (SELECT s.airport_code FROM"
    " airport_service AS s WHERE s.city_code IN (SELECT c.city_code FROM city AS c WHERE c.city_name = 'BOSTON'))"
    " AND f.to_airport IN (SELECT s2.airport_code FROM airport_service AS s2 WHERE s2.city_code IN (SELECT"
    " c2.city_code FROM city AS c2 WHERE c2.city_name = 'DENVER')) AND f.airline_code = 'UA' AND f.stops = 0"
    " AND f.departure_time ";

} // namespace

class TestWitnessRows : public QObject {
    Q_OBJECT

private slots:
    void everyCopySatisfiesTheConjunction_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("copies");  // negative: that many in one group
        QTest::addColumn<int>("atLeast");  // rows the query must return
        QTest::newRow("two categories of one business, self-joined")
            << "yelp"
            << "SELECT b.name FROM business AS b, category AS c0, category AS c1 WHERE c0.business_id = b.business_id"
               " AND c0.category_name = 'restaurant' AND c1.business_id = b.business_id AND c1.category_name = 'Thai'"
            << 3 << 3;
        QTest::newRow("strict and loose bounds with a text range")
            << "yelp"
            << "SELECT b.name FROM business AS b, category AS c WHERE b.city <= 'Dallas' AND b.rating > 3.5"
               " AND b.review_count BETWEEN 10 AND 20 AND c.business_id = b.business_id AND c.category_name = 'Bars'"
            << 3 << 3;
        QTest::newRow("double-quoted strings, as the classical golds write them")
            << "yelp"
            << "SELECT SUM(ch.count) FROM business AS b, checkin AS ch WHERE b.city = \"Los Angeles\""
               " AND ch.business_id = b.business_id AND ch.day = \"Friday\" GROUP BY b.state HAVING SUM(ch.count) > 0"
            << 2 << 1;
        QTest::newRow("nested IN subqueries join the plan")
            << "flights"
            << "SELECT DISTINCT f.flight_id FROM flight AS f WHERE f.from_airport IN (SELECT s.airport_code FROM"
               " airport_service AS s WHERE s.city_code IN (SELECT c.city_code FROM city AS c WHERE c.city_name ="
               " 'BOSTON')) AND f.to_airport IN (SELECT s2.airport_code FROM airport_service AS s2 WHERE s2.city_code"
               " IN (SELECT c2.city_code FROM city AS c2 WHERE c2.city_name = 'DENVER')) AND f.departure_time < 1200"
               " AND f.airline_code IN ('UA', 'DL') AND f.stops = 0"
            << 3 << 3;
        QTest::newRow("one group of joined rows")
            << "academic"
            << "SELECT k.keyword FROM conference AS c, keyword AS k, publication AS p, publication_keyword AS pk"
               " WHERE c.name = 'VLDB' AND pk.kid = k.kid AND p.cid = c.cid AND p.pid = pk.pid GROUP BY k.keyword"
               " HAVING COUNT(DISTINCT p.title) > 6"
            << -7 << 1;
        QTest::newRow("LIKE and a correlated EXISTS")
            << "restaurants"
            << "SELECT r.name FROM restaurant AS r WHERE r.food_type LIKE '%fren_h%' AND EXISTS (SELECT 1 FROM"
               " location AS l WHERE l.restaurant_id = r.id AND l.street_name = 'buchanan')"
            << 2 << 2;
        QTest::newRow("a region's cities through an IN subquery, with an exclusive rating")
            << "restaurants"
            << "SELECT l.house_number, r.name FROM location AS l, restaurant AS r WHERE r.city_name IN (SELECT"
               " g.city_name FROM geographic AS g WHERE g.region = 'bay area') AND r.id = l.restaurant_id"
               " AND r.rating > 2.5 AND r.food_type != 'french'"
            << 2 << 2;
    }

    void everyCopySatisfiesTheConjunction()
    {
        QFETCH(QString, schema);
        QFETCH(QString, query);
        QFETCH(int, copies);
        QFETCH(int, atLeast);
        const schema::Schema& loaded = schemaOf(ddlNamed(schema));
        const std::string sql = query.toStdString();
        QVERIFY(!targeted::detail::planWitnesses(sql, loaded).empty());
        for (uint64_t seed = 0; seed < 5; ++seed) {
            // A negative count: that many copies in one group, distinct wherever free.
            const targeted::detail::WitnessCopies shape{.count = static_cast<std::size_t>(std::abs(copies)),
                                                      .share = copies < 0 ? 0.0 : 0.5, .oneGroup = copies < 0,
                                                      .directionBit = std::nullopt,
                                                      .nearMiss = std::nullopt};
            const auto content = witnessDatabase(loaded, sql, shape, seed);
            QVERIFY2(content.has_value(), "no witness database");
            QVERIFY2(rowsReturned(loaded, *content, sql) >= atLeast, qPrintable(QString("seed %1").arg(seed)));
        }
    }


    // The inspector's search past an empty suite: pairs only a row satisfying the whole
    // conjunction separates, each separation re-checked in plain SQLite.
    void inspectorSeparatesLongConjunctions_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("gold");
        QTest::addColumn<QString>("candidate");
        QTest::addColumn<bool>("ordered");
        QTest::addColumn<QString>("kind");  ///< what the separating database's label says
        QTest::newRow("a boundary five joins deep")
            << "flights" << QString::fromStdString(std::string(kBostonToDenver) + "< 1200")
            << QString::fromStdString(std::string(kBostonToDenver) + "<= 1200") << false << "WHERE clause";
        QTest::newRow("a real threshold just above the gold's")
            << "restaurants"
            << "SELECT l.house_number, r.name FROM location AS l, restaurant AS r WHERE l.city_name = 'bethel island'"
               " AND l.street_name = 'bethel island rd' AND r.id = l.restaurant_id AND r.rating > 2.5"
            << "SELECT l.house_number, r.name FROM location AS l, restaurant AS r WHERE l.city_name = 'bethel island'"
               " AND l.street_name = 'bethel island rd' AND r.id = l.restaurant_id AND r.rating > 2.501"
            << false << "WHERE clause";
        QTest::newRow("a count of distinct titles over four joined tables")
            << "academic"
            << "SELECT k.keyword FROM conference AS c, keyword AS k, publication AS p, publication_keyword AS pk"
               " WHERE c.name = 'VLDB' AND pk.kid = k.kid AND p.cid = c.cid AND p.pid = pk.pid GROUP BY k.keyword"
               " HAVING COUNT(DISTINCT p.title) > 12"
            << "SELECT k.keyword FROM conference AS c, keyword AS k, publication AS p, publication_keyword AS pk"
               " WHERE c.name = 'VLDB' AND pk.kid = k.kid AND p.cid = c.cid AND p.pid = pk.pid GROUP BY k.keyword"
               " HAVING COUNT(DISTINCT p.title) > 13"
            << false << "WHERE clause";
        QTest::newRow("the top business by another column, two categories each")
            << "yelp"
            << "SELECT b.name FROM business AS b, category AS c0, category AS c1 WHERE c0.business_id = b.business_id"
               " AND c0.category_name = 'restaurant' AND c1.business_id = b.business_id AND c1.category_name = 'Thai'"
               " ORDER BY b.review_count DESC LIMIT 1"
            << "SELECT b.name FROM business AS b, category AS c0, category AS c1 WHERE c0.business_id = b.business_id"
               " AND c0.category_name = 'restaurant' AND c1.business_id = b.business_id AND c1.category_name = 'Thai'"
               " ORDER BY b.rating DESC LIMIT 1"
            << true << "WHERE clause";
        // ATIS's shape: the gold reads (x AND d) OR (d AND NOT x), so x matters only on a
        // row where it holds and the candidate's edited x does not.
        const std::string tautology =
            "SELECT f.flight_id FROM flight AS f, airport_service AS s WHERE ((((f.departure_time < 41 OR f.stops >= 2)"
            " AND f.departure_time > 10) AND s.city_code = 'BOS') OR (s.city_code = 'BOS' AND NOT ((f.departure_time"
            " < 41 OR f.stops >= 2) AND f.departure_time > 10))) AND f.from_airport = s.airport_code";
        std::string edited = tautology;
        edited.replace(edited.find("(f.departure_time < 41"), 22, "(f.flight_id < 41");
        QTest::newRow("an edit of one branch of a tautology")
            << "flights" << QString::fromStdString(tautology) << QString::fromStdString(edited) << false
            << "the two WHERE clauses disagree";
    }

    void inspectorSeparatesLongConjunctions()
    {
        QFETCH(QString, schema);
        QFETCH(QString, gold);
        QFETCH(QString, candidate);
        QFETCH(bool, ordered);
        QFETCH(QString, kind);
        const schema::Schema& loaded = schemaOf(ddlNamed(schema));
        const std::string goldSql = gold.toStdString();
        const std::string candidateSql = candidate.toStdString();
        suite::Suite suite;
        const suite::CheckOptions check;
        const auto suiteResult = suite::checkCandidate(goldSql, candidateSql, suite, check);
        const auto found = search::searchPastSuite(loaded, goldSql, candidateSql, suite, suiteResult, check,
                                                   {.budget = 100, .profile = fuzz::Profile::Spider, .seed = 0, .jobs = 2});
        QCOMPARE(found.check.verdict, suite::VerdictKind::Different);
        QVERIFY2(found.foundBy.find(kind.toStdString()) != std::string::npos, found.foundBy.c_str());
        QVERIFY(!suite.databases.empty());
        const auto [goldRows, candidateRows] = bothResults(suite.databases.back().bytes, goldSql, candidateSql, ordered);
        QVERIFY(!goldRows.empty() || !candidateRows.empty());
        QVERIFY(goldRows != candidateRows);
    }

    // The gold's own databases (as distillation builds them first, for all its neighbors
    // at once): among those whose copies move by direction bits, every other ORDER BY
    // column picks another top business than the gold's, in plain SQLite.
    void orderedCopiesSetEveryTwoColumnsApart()
    {
        const schema::Schema& loaded = schemaOf(kYelpDdl);
        const auto query = [](std::string_view column) {
            return fmt::format("SELECT b.name FROM business AS b, category AS c0, category AS c1 WHERE"
                               " c0.business_id = b.business_id AND c0.category_name = 'restaurant' AND"
                               " c1.business_id = b.business_id AND c1.category_name = 'Thai' ORDER BY b.{} DESC LIMIT 1",
                               column);
        };
        const std::string gold = query("review_count");
        const targeted::TargetedDatabases targeted(loaded, gold, gold, fuzz::Profile::Spider, 0, false, true);
        std::vector<exec::Bytes> ordered;
        for (std::size_t i = 0; i < targeted.size(); ++i) {
            if (targeted.label(i).find("ordered apart") == std::string::npos) continue;
            const auto content = targeted.build(i);
            QVERIFY(content.has_value());
            auto connection = schema::materialize(loaded, *content);
            QVERIFY(connection.ok());
            ordered.push_back(connection->serialize().value());
        }
        QVERIFY(ordered.size() >= 2);
        for (const std::string_view other : {"name", "city", "state", "rating", "bid"}) {
            const std::string candidate = query(other);
            const bool apart = std::any_of(ordered.begin(), ordered.end(), [&](const exec::Bytes& bytes) {
                const auto [goldRows, candidateRows] = bothResults(bytes, gold, candidate, true);
                return goldRows.size() == 1 && candidateRows.size() == 1 && goldRows != candidateRows;
            });
            QVERIFY2(apart, std::string(other).c_str());
        }
        // Without an ORDER BY in either query there is nothing to set apart.
        const std::string unordered = gold.substr(0, gold.find(" ORDER BY"));
        const targeted::TargetedDatabases plain(loaded, unordered, unordered, fuzz::Profile::Spider, 0, false, true);
        for (std::size_t i = 0; i < plain.size(); ++i) QVERIFY(plain.label(i).find("ordered apart") == std::string::npos);
    }

    // Near misses: the gold's single witness, wrong in one place. The gold finds nothing in
    // any of them; each neighbor relaxing one condition or join finds its row in one.
    void nearMissesRelaxOneConditionAtATime_data()
    {
        QTest::addColumn<QString>("neighbor");
        const std::string gold = "SELECT count(*) > 0 FROM business AS b, category AS c WHERE c.business_id = b.business_id"
                                 " AND c.category_name = 'Thai' AND b.city = 'Dallas' AND b.review_count >= 10";
        const auto with = [&](std::string_view from, std::string_view to) {
            std::string out = gold;
            out.replace(out.find(from), from.size(), to);
            return QString::fromStdString(out);
        };
        QTest::newRow("a join as <=") << with("c.business_id = b.business_id", "c.business_id <= b.business_id");
        QTest::newRow("a join as >=") << with("c.business_id = b.business_id", "c.business_id >= b.business_id");
        QTest::newRow("a join dropped") << with("c.business_id = b.business_id", "c.business_id = c.business_id");
        QTest::newRow("a text equality as <=") << with("c.category_name = 'Thai'", "c.category_name <= 'Thai'");
        QTest::newRow("a text equality as >=") << with("b.city = 'Dallas'", "b.city >= 'Dallas'");
        QTest::newRow("a bound moved") << with(">= 10", ">= 9");
        QTest::newRow("a bound loosened") << with(">= 10", "> 8");
    }

    void nearMissesRelaxOneConditionAtATime()
    {
        QFETCH(QString, neighbor);
        const schema::Schema& loaded = schemaOf(kYelpDdl);
        const std::string gold = "SELECT count(*) > 0 FROM business AS b, category AS c WHERE c.business_id = b.business_id"
                                 " AND c.category_name = 'Thai' AND b.city = 'Dallas' AND b.review_count >= 10";
        const targeted::TargetedDatabases targeted(loaded, gold, gold, fuzz::Profile::Spider, 0, false, true);
        std::size_t misses = 0;
        bool found = false;
        for (std::size_t i = 0; i < targeted.size(); ++i) {
            if (targeted.label(i).find("missing the gold's WHERE clause") == std::string::npos) continue;
            const auto content = targeted.build(i);
            if (!content) continue;
            ++misses;
            auto connection = schema::materialize(loaded, *content);
            QVERIFY(connection.ok());
            const auto [goldRows, neighborRows] = bothResults(connection->serialize().value(), gold, neighbor.toStdString(), false);
            QCOMPARE(goldRows, std::vector<std::string>{"0|"});
            found = found || neighborRows == std::vector<std::string>{"1|"};
        }
        QVERIFY(misses >= 8);
        QVERIFY(found);
    }

    // A WHERE clause that is mostly a tautology — (x AND d) OR (d AND NOT x) — reads d,
    // whatever x; an edit of x in one branch changes it only on rows that make the other
    // branch fail and x hold one way and not the other. The databases on which the two
    // clauses disagree hold exactly such a row (checked in plain SQLite), over both
    // schemas; an equivalent edit gets none that separates.
    void differenceDatabasesDecideTheEditedPlace_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("gold");
        QTest::addColumn<QString>("neighbor");
        QTest::addColumn<bool>("different");
        const std::string flights =
            "SELECT f.flight_id FROM flight AS f, airport_service AS s WHERE ((((f.departure_time < 41 OR f.stops >= 2)"
            " AND f.departure_time > 10) AND s.city_code = 'BOS') OR (s.city_code = 'BOS' AND NOT ((f.departure_time"
            " < 41 OR f.stops >= 2) AND f.departure_time > 10))) AND f.from_airport = s.airport_code";
        const std::string yelp =
            "SELECT b.name FROM business AS b, category AS c WHERE c.business_id = b.business_id AND (b.rating > 3"
            " OR NOT (c.category_name = 'Thai' AND b.review_count BETWEEN 5 AND 50))";
        const auto with = [](const std::string& query, std::string_view from, std::string_view to) {
            std::string out = query;
            out.replace(out.find(from), from.size(), to);
            return QString::fromStdString(out);
        };
        const QString flightsName = "flights";
        const QString yelpName = "yelp";
        QTest::newRow("flights: another column in one branch")
            << flightsName << QString::fromStdString(flights) << with(flights, "(f.departure_time < 41", "(f.flight_id < 41")
            << true;
        QTest::newRow("flights: OR as AND in one branch")
            << flightsName << QString::fromStdString(flights) << with(flights, "41 OR f.stops", "41 AND f.stops") << true;
        QTest::newRow("flights: the negated branch's bound")
            << flightsName << QString::fromStdString(flights)
            << with(flights, "NOT ((f.departure_time < 41", "NOT ((f.departure_time < 60") << true;
        QTest::newRow("flights: a looser bound in the covered branch (equivalent)")
            << flightsName << QString::fromStdString(flights) << with(flights, "(f.departure_time < 41", "(f.departure_time < 42")
            << false;
        QTest::newRow("yelp: a range under NOT")
            << yelpName << QString::fromStdString(yelp) << with(yelp, "BETWEEN 5 AND 50", "BETWEEN 5 AND 40") << true;
        QTest::newRow("yelp: a category under NOT")
            << yelpName << QString::fromStdString(yelp) << with(yelp, "'Thai'", "'Greek'") << true;
        QTest::newRow("yelp: the OR's other side")
            << yelpName << QString::fromStdString(yelp) << with(yelp, "b.rating > 3", "b.rating >= 3") << true;
    }

    void differenceDatabasesDecideTheEditedPlace()
    {
        QFETCH(QString, schema);
        QFETCH(QString, gold);
        QFETCH(QString, neighbor);
        QFETCH(bool, different);
        const schema::Schema& loaded = schemaOf(schema == "yelp" ? kYelpDdl : kFlightsDdl);
        const targeted::TargetedDatabases targeted(loaded, gold.toStdString(), neighbor.toStdString(),
                                                   fuzz::Profile::Spider, 0, false, true);
        QVERIFY(targeted.differenceCount() > 0);
        bool separated = false;
        for (std::size_t i = 0; i < targeted.differenceCount(); ++i) {
            QVERIFY(targeted.label(i).find("the two WHERE clauses disagree") != std::string::npos);
            const auto content = targeted.build(i);
            if (!content) continue;
            auto connection = schema::materialize(loaded, *content);
            QVERIFY(connection.ok());
            const auto [goldRows, neighborRows] =
                bothResults(connection->serialize().value(), gold.toStdString(), neighbor.toStdString(), false);
            separated = separated || goldRows != neighborRows;
        }
        QCOMPARE(separated, different);
        // Two queries alike have no difference databases.
        const targeted::TargetedDatabases alike(loaded, gold.toStdString(), gold.toStdString(), fuzz::Profile::Spider, 0,
                                                false, true);
        QCOMPARE(alike.differenceCount(), std::size_t{0});
    }

    // Witnesses make rows pass; they must not make an equivalent rewrite look different.
    void equivalentRewritesStayEquivalent()
    {
        const schema::Schema& loaded = schemaOf(kFlightsDdl);
        const std::string gold = std::string(kBostonToDenver) + "< 1200";
        const std::string rewritten =
            "SELECT DISTINCT f.flight_id FROM flight AS f WHERE f.departure_time < 1200 AND f.stops = 0"
            " AND f.airline_code = 'UA' AND f.to_airport IN (SELECT s2.airport_code FROM airport_service AS s2"
            " JOIN city AS c2 ON s2.city_code = c2.city_code WHERE c2.city_name = 'DENVER') AND f.from_airport IN"
            " (SELECT s.airport_code FROM airport_service AS s WHERE s.city_code IN (SELECT c.city_code FROM city"
            " AS c WHERE c.city_name = 'BOSTON'))";
        suite::Suite suite;
        const suite::CheckOptions check;
        const auto suiteResult = suite::checkCandidate(gold, rewritten, suite, check);
        const auto found = search::searchPastSuite(loaded, gold, rewritten, suite, suiteResult, check,
                                                   {.budget = 200, .profile = fuzz::Profile::Spider, .seed = 0, .jobs = 2});
        QVERIFY2(found.check.verdict == suite::VerdictKind::Equivalent, found.foundBy.c_str());
        QVERIFY(found.tried >= 100);
    }
};

QTEST_GUILESS_MAIN(TestWitnessRows)
#include "test_witness_rows.moc"
