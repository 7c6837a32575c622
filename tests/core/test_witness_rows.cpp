// Witness rows: databases in which a long conjunctive WHERE clause — joins, equality,
// ranges, LIKE, IN lists and nested IN subqueries — holds for several joined rows at
// once. Each database is materialized and the query re-run on it in plain SQLite, so
// the test checks what the query returns, not what the planner believes.
#include "core/exec/executor.h"
#include "core/fuzz/fuzz.h"
#include "core/schema/ddl_loader.h"
#include "core/search/content_shaping.h"
#include "core/search/targeted_databases.h"
#include "core/search/witness_rows.h"

#include <QtTest>

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

// Restaurants' shape: a restaurant's rating and food type, its location, its city's region.
constexpr std::string_view kRestaurantsDdl =
    "CREATE TABLE geographic(city_name TEXT PRIMARY KEY, county TEXT, region TEXT);"
    "CREATE TABLE restaurant(id INTEGER PRIMARY KEY, name TEXT, food_type TEXT,"
    " city_name TEXT REFERENCES geographic(city_name), rating REAL);"
    "CREATE TABLE location(restaurant_id INTEGER REFERENCES restaurant(id), house_number INTEGER,"
    " street_name TEXT, city_name TEXT REFERENCES geographic(city_name));";

const schema::Schema& schemaOf(std::string_view ddl)
{
    static std::map<std::string, schema::Schema> loaded;
    auto [it, fresh] = loaded.try_emplace(std::string(ddl));
    if (fresh) {
        auto schema = schema::loadSchemaFromDdl(ddl, "test");
        if (!schema) qFatal("DDL failed: %s", schema.error().message.c_str());
        it->second = std::move(schema.value());
    }
    return it->second;
}

std::string_view ddlNamed(const QString& name)
{
    if (name == "yelp") return kYelpDdl;
    if (name == "flights") return kFlightsDdl;
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

/// A sampled database of the query's constants, cut to one row per table, with
/// `copies` witnesses of every plan of `query` planted and foreign keys repaired.
std::optional<schema::DatabaseContent> witnessDatabase(const schema::Schema& schema, std::string_view query,
                                                       std::size_t copies, uint64_t seed)
{
    auto sampled = fuzz::sampleDatabase(schema, {}, {.profile = fuzz::Profile::Spider, .seed = seed, .index = 0});
    if (!sampled) return std::nullopt;
    schema::DatabaseContent content = std::move(*sampled);
    search::detail::keepFirstRows(content, 1);
    fuzz::Prng rng(seed);
    if (!search::detail::repairForeignKeys(schema, content, true, rng)) return std::nullopt;
    int64_t nextKey = search::detail::freshKeyBase(schema, content);
    for (const auto& plan : search::detail::planWitnesses(query, schema))
        if (!search::detail::plantWitnesses(schema, content, plan, copies, 0.5, rng, nextKey)) return std::nullopt;
    if (!search::detail::repairForeignKeys(schema, content, true, rng)) return std::nullopt;
    return content;
}

} // namespace

class TestWitnessRows : public QObject {
    Q_OBJECT

private slots:
    void everyCopySatisfiesTheConjunction_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("copies");
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
        QVERIFY(!search::detail::planWitnesses(sql, loaded).empty());
        for (uint64_t seed = 0; seed < 5; ++seed) {
            const auto content = witnessDatabase(loaded, sql, static_cast<std::size_t>(copies), seed);
            QVERIFY2(content.has_value(), "no witness database");
            QVERIFY2(rowsReturned(loaded, *content, sql) >= atLeast, qPrintable(QString("seed %1").arg(seed)));
        }
    }
};

QTEST_GUILESS_MAIN(TestWitnessRows)
#include "test_witness_rows.moc"
