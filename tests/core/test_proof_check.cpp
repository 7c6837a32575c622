// The independent proof checker (core/proof_check): every proof the prover writes for
// a set of pairs over two schemas and both profiles is accepted, and a proof that was
// tampered with (a step removed or edited, the forms edited, a key or NOT NULL taken
// from the schema facts, a plan-changing rule where the order is read, an unknown rule,
// the wrong profile, a malformed file) is rejected with the step and the reason. Hand-
// written proofs pin the rules the checker refuses where SQLite disagrees.

#include "core/proof_check/proof_check.h"
#include "core/prove/proof_json.h"
#include "core/prove/prove.h"
#include "tests/core/ddl_schema_support.h"

#include <QtTest>

using namespace sqleq;

namespace {

const char* const kConcerts = "CREATE TABLE singer(singer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, age INT);"
                              "CREATE TABLE concert(concert_id INT PRIMARY KEY, title TEXT, year INT,"
                              " singer_id INT REFERENCES singer(singer_id));";
const char* const kShop = "CREATE TABLE item(id INT NOT NULL PRIMARY KEY, code TEXT NOT NULL UNIQUE, name TEXT COLLATE NOCASE, price REAL);"
                          "CREATE TABLE sale(item_id INT NOT NULL, day TEXT NOT NULL, qty INT, label TEXT, PRIMARY KEY(item_id, day));"
                          "CREATE TABLE note(id INTEGER PRIMARY KEY, item_id INT, x INT, t TEXT COLLATE NOCASE, u TEXT);";

nlohmann::json provedFile(const char* ddl, const char* gold, const char* candidate, fuzz::Profile profile)
{
    const auto& schema = schemaOf(ddl);
    const prove::Proof proof = prove::prove(schema, gold, candidate, profile);
    if (!proof.proved) qFatal("not proved: %s / %s: %s", gold, candidate, proof.reason.c_str());
    return prove::proofJson(proof, schema);
}

/// A proof written by hand over `ddl`'s facts: one step per (side, rule, before, after).
nlohmann::json handFile(const char* ddl, const std::string& gold, const std::string& candidate,
                        const std::vector<std::array<std::string, 4>>& steps, const std::string& form)
{
    nlohmann::json list = nlohmann::json::array();
    std::size_t rewrites = 0;
    for (const auto& [side, rule, before, after] : steps) {
        list.push_back({{"side", side}, {"rule", rule}, {"before", before}, {"after", after}, {"uses", nlohmann::json::array()}});
        rewrites += rule == "syntax" ? 0 : 1;
    }
    return {{"format", "sqleq-proof"}, {"version", 1}, {"profile", "spider"}, {"proved", true}, {"gold", gold},
            {"candidate", candidate}, {"gold_form", form}, {"candidate_form", form}, {"rewrites", rewrites},
            {"steps", list}, {"schema", prove::schemaFactsJson(schemaOf(ddl))}};
}

nlohmann::json* tableFacts(nlohmann::json& file, const std::string& name)
{
    for (auto& table : file["schema"]["tables"]) {
        if (table["name"] == name) return &table;
    }
    qFatal("no table %s", name.c_str());
}

/// The 0-based index of the first step of `rule` on `side`.
std::size_t stepOf(const nlohmann::json& file, const std::string& rule, const std::string& side)
{
    for (std::size_t i = 0; i < file["steps"].size(); ++i) {
        if (file["steps"][i]["rule"] == rule && file["steps"][i]["side"] == side) return i;
    }
    qFatal("no %s step on the %s", rule.c_str(), side.c_str());
}

void expectAccepted(const nlohmann::json& file)
{
    const auto checked = proof_check::checkProof(file);
    QVERIFY2(checked.accepted, checked.reason.c_str());
}

void expectRejected(const nlohmann::json& file, const QString& reasonPart, std::optional<std::size_t> step = std::nullopt)
{
    const auto checked = proof_check::checkProof(file);
    QVERIFY2(!checked.accepted, "accepted a tampered proof");
    QVERIFY2(QString::fromStdString(checked.reason).contains(reasonPart), checked.reason.c_str());
    if (step) QCOMPARE(checked.step, step);
}

} // namespace

class TestProofCheck : public QObject {
    Q_OBJECT

private slots:
    void acceptsEveryProof_data()
    {
        QTest::addColumn<QString>("ddl");
        QTest::addColumn<QString>("gold");
        QTest::addColumn<QString>("candidate");
        const QString concerts = kConcerts, shop = kShop;
        const std::vector<std::array<const char*, 3>> pairs{
            {kConcerts, "SELECT T1.name FROM singer AS T1", "select name from singer"},
            {kConcerts, "SELECT COUNT(*) FROM singer", "SELECT count(*) FROM singer"},
            {kConcerts, "SELECT name FROM singer ORDER BY age ASC", "SELECT name FROM singer ORDER BY age"},
            {kConcerts, "SELECT name FROM singer", "SELECT name FROM singer ORDER BY age"},
            {kConcerts, "SELECT T1.title FROM concert AS T1 LEFT JOIN singer AS T2 ON T1.singer_id = T2.singer_id WHERE T2.age > 30",
             "SELECT concert.title FROM singer JOIN concert ON concert.singer_id = singer.singer_id WHERE singer.age > 30"},
            {kConcerts, "SELECT name FROM singer WHERE NOT (age < 30 OR country = 'x')",
             "SELECT name FROM singer WHERE age >= 30 AND country != 'x'"},
            {kConcerts, "SELECT name FROM singer WHERE age BETWEEN 20 AND 30", "SELECT name FROM singer WHERE age >= 20 AND age <= 30"},
            {kConcerts, "SELECT name FROM singer WHERE country IN ('b', 'a', 'b')", "SELECT name FROM singer WHERE country IN ('a', 'b')"},
            {kConcerts, "SELECT count(singer_id) FROM singer", "SELECT count(*) FROM singer"},
            {kConcerts, "SELECT DISTINCT singer_id, name FROM singer", "SELECT name, singer_id FROM singer"},
            {kConcerts, "SELECT name, age FROM singer WHERE 30 < age", "SELECT age, name FROM singer WHERE age > 30"},
            {kConcerts, "SELECT name FROM singer WHERE country = \"France\"", "SELECT name FROM singer WHERE country = 'France'"},
            {kConcerts, "SELECT T2.name, count(*) FROM concert AS T1 JOIN singer AS T2 ON T1.singer_id = T2.singer_id GROUP BY T1.singer_id",
             "select s.name, count(c.concert_id) from singer s join concert c on s.singer_id = c.singer_id group by c.singer_id"},
            {kConcerts, "SELECT name FROM singer AS s WHERE EXISTS (SELECT 1 FROM concert AS c WHERE c.singer_id = s.singer_id)",
             "SELECT name FROM singer WHERE EXISTS (SELECT 1 FROM concert WHERE singer.singer_id = concert.singer_id)"},
            {kConcerts, "SELECT a.name FROM singer AS a JOIN singer AS b ON a.age = b.age WHERE b.name = 'x'",
             "SELECT s1.name FROM singer s1, singer s2 WHERE s2.name = 'x' AND s1.age = s2.age"},
            {kConcerts, "SELECT t.n FROM (SELECT name AS n FROM singer) AS t", "SELECT x.n FROM (SELECT name AS n FROM singer) x"},
            {kShop, "SELECT count(code) FROM item", "SELECT count(*) FROM item"},
            {kShop, "SELECT DISTINCT item_id, day FROM sale", "SELECT day, item_id FROM sale"},
            {kShop, "SELECT DISTINCT code FROM item", "SELECT code FROM item"},
            {kShop, "SELECT name AS n FROM item UNION SELECT day AS n FROM sale ORDER BY n",
             "select name as n from item union select day as n from sale order by n"},
            {kShop, "SELECT id FROM item WHERE price > 3 AND id = 2", "SELECT id FROM item WHERE id = 2 AND price > 3"},
            {kShop, "SELECT T1.name FROM item AS T1 JOIN sale AS T2 ON T1.id = T2.item_id WHERE T2.qty > 1",
             "SELECT item.name FROM sale JOIN item ON sale.item_id = item.id WHERE 1 < sale.qty"},
        };
        for (const auto& [ddl, gold, candidate] : pairs) {
            for (const char* profile : {"spider", "strict"}) {
                QTest::addRow("%s | %s", profile, candidate) << QString(ddl) << QString(gold) << QString(candidate);
            }
        }
    }

    void acceptsEveryProof()
    {
        QFETCH(QString, ddl);
        QFETCH(QString, gold);
        QFETCH(QString, candidate);
        const bool strict = QString(QTest::currentDataTag()).startsWith("strict");
        const auto& schema = schemaOf(ddl.toStdString());
        const prove::Proof proof = prove::prove(schema, gold.toStdString(), candidate.toStdString(),
                                                strict ? fuzz::Profile::Strict : fuzz::Profile::Spider);
        if (!proof.proved) QSKIP(qPrintable("the prover does not prove it under this profile: " + QString::fromStdString(proof.reason)));
        const auto checked = proof_check::checkProof(prove::proofJson(proof, schema));
        QVERIFY2(checked.accepted, checked.reason.c_str());
        QCOMPARE(checked.steps, proof.steps.size());
        // A whole `check --json` output carries it under evidence.proof.
        const nlohmann::json output{{"verdict", "equivalent"}, {"evidence", {{"kind", "proof"}, {"proof", prove::proofJson(proof, schema)}}}};
        QVERIFY(proof_check::checkProof(output).accepted);
        QVERIFY(proof_check::checkProofText(output.dump()).accepted);
    }

    void rejectsARemovedOrEditedStep()
    {
        const auto file = provedFile(kConcerts, "SELECT count(*) FROM concert AS T1 JOIN singer AS T2 ON T1.singer_id = T2.singer_id",
                                     "select count(c.concert_id) from singer s join concert c on s.singer_id = c.singer_id",
                                     fuzz::Profile::Spider);
        auto removed = file;
        const std::size_t joins = stepOf(file, "inner_joins", "candidate");
        removed["steps"].erase(joins);
        removed["rewrites"] = removed["rewrites"].get<int>() - 1;
        expectRejected(removed, "is not the previous step's `after`", joins + 1);

        auto edited = file;
        const std::size_t count = stepOf(file, "count_star", "candidate");
        std::string after = edited["steps"][count]["after"];
        after.replace(after.find("count(*)"), 8, "count(DISTINCT concert.concert_id)");
        edited["steps"][count]["after"] = after;
        expectRejected(edited, "(count_star, candidate)", count + 1);

        auto first = file;
        first["steps"][0]["before"] = "SELECT 1";
        expectRejected(first, "the chain of the gold does not start at the gold as run");
    }

    void rejectsEditedForms()
    {
        const auto file = provedFile(kConcerts, "SELECT name FROM singer WHERE 30 < age", "SELECT name FROM singer WHERE age > 30",
                                     fuzz::Profile::Spider);
        auto one = file;
        one["gold_form"] = "SELECT singer.name FROM singer";
        expectRejected(one, "gold_form and candidate_form differ");
        auto both = file;
        both["gold_form"] = both["candidate_form"] = "SELECT singer.name FROM singer";
        expectRejected(both, "the chain of the gold does not end at gold_form");
        auto unproved = file;
        unproved["proved"] = false;
        expectRejected(unproved, "proves nothing");
    }

    void rejectsARuleWhoseKeyIsMissing()
    {
        auto distinct = provedFile(kConcerts, "SELECT DISTINCT singer_id, name FROM singer", "SELECT name, singer_id FROM singer",
                                   fuzz::Profile::Strict);
        expectAccepted(distinct);
        (*tableFacts(distinct, "singer"))["primary_key"] = nlohmann::json::array();
        expectRejected(distinct, "the schema declares no key of singer among the selected columns",
                       stepOf(distinct, "distinct_key", "gold") + 1);

        auto count = provedFile(kShop, "SELECT count(code) FROM item", "SELECT count(*) FROM item", fuzz::Profile::Strict);
        expectAccepted(count);
        for (auto& column : (*tableFacts(count, "item"))["columns"]) column["not_null"] = false;
        expectRejected(count, "may hold NULL under strict", stepOf(count, "count_star", "gold") + 1);
    }

    void rejectsTheWrongProfile()
    {
        auto file = provedFile(kConcerts, "SELECT count(country) FROM singer", "SELECT count(*) FROM singer", fuzz::Profile::Spider);
        file["profile"] = "strict";
        expectRejected(file, "singer.country may hold NULL under strict");
        file["profile"] = "lenient";
        expectRejected(file, "profile: expected \"spider\" or \"strict\"");
    }

    void rejectsAPlanChangingRuleWhereTheOrderIsRead()
    {
        const std::string sorted = "SELECT singer.name FROM singer WHERE 'x' = singer.country AND 3 < singer.age";
        const std::string unsorted = "SELECT singer.name FROM singer WHERE 3 < singer.age AND 'x' = singer.country";
        expectAccepted(handFile(kConcerts, sorted, unsorted, {{"candidate", "commute", unsorted, sorted}}, sorted));
        const std::string order = " ORDER BY singer.name";
        expectRejected(handFile(kConcerts, sorted + order, unsorted + order,
                                {{"candidate", "commute", unsorted + order, sorted + order}}, sorted + order),
                       "the gold has a top-level ORDER BY", 1);
        const std::string limit = " LIMIT 1";
        expectRejected(handFile(kConcerts, sorted + limit, unsorted + limit,
                                {{"candidate", "commute", unsorted + limit, sorted + limit}}, sorted + limit),
                       "depend on the order SQLite reads them (a LIMIT or OFFSET)", 1);
    }

    void rejectsAnUnknownRuleAndMalformedFiles()
    {
        auto file = provedFile(kConcerts, "SELECT name FROM singer WHERE 30 < age", "SELECT name FROM singer WHERE age > 30",
                               fuzz::Profile::Spider);
        auto unknown = file;
        unknown["steps"][0]["rule"] = "foo";
        expectRejected(unknown, "step 1: unknown rule `foo`", 1);
        auto reordered = file;
        std::swap(reordered["steps"][1], reordered["steps"][2]);
        expectRejected(reordered, "the chain of the candidate does not start at the candidate as run", 2);
        auto version = file;
        version["version"] = 2;
        expectRejected(version, "version: this checker reads version 1");
        auto format = file;
        format["format"] = "other";
        expectRejected(format, "format: expected \"sqleq-proof\"");
        auto types = file;
        types["steps"][0]["after"] = 7;
        expectRejected(types, "steps[0].after: expected a string, found a number");
        auto schema = file;
        schema["schema"]["tables"][0]["columns"][1]["not_null"] = "yes";
        expectRejected(schema, "schema.tables[0].columns[1].not_null: expected true or false");
        const auto text = proof_check::checkProofText("{\"format\": \"sqleq-proof\", ");
        QVERIFY(!text.accepted);
        QVERIFY2(QString::fromStdString(text.reason).startsWith("not JSON: byte"), text.reason.c_str());
        QVERIFY(!proof_check::checkProofText("[1, 2]").accepted);
        QVERIFY(!proof_check::checkProofText(std::string(100000, '[')).accepted);
        expectRejected(nlohmann::json{{"evidence", {{"kind", "search"}}}}, "holds no proof");
    }

    /// `NULL NOT IN (subquery)` is true when the subquery is empty (and `x NOT IN ()`
    /// always): such a conjunct keeps the padded row of a LEFT JOIN, so the join stays.
    void refusesOuterToInnerOnNotInASubquery()
    {
        const std::string where = " WHERE note.x {} (SELECT sale.qty FROM sale WHERE sale.qty > 100)";
        const auto query = [&](const char* join, const char* in) {
            std::string text = std::string("SELECT item.name FROM item ") + join + " note ON item.id = note.item_id" + where;
            return text.replace(text.find("{}"), 2, in);
        };
        expectAccepted(handFile(kShop, query("LEFT JOIN", "IN"), query("JOIN", "IN"),
                                {{"gold", "outer_to_inner", query("LEFT JOIN", "IN"), query("JOIN", "IN")}}, query("JOIN", "IN")));
        expectRejected(handFile(kShop, query("LEFT JOIN", "NOT IN"), query("JOIN", "NOT IN"),
                                {{"gold", "outer_to_inner", query("LEFT JOIN", "NOT IN"), query("JOIN", "NOT IN")}},
                                query("JOIN", "NOT IN")),
                       "step 1 (outer_to_inner, gold)", 1);
    }

    /// A row value compares element by element, each with its left element's collation:
    /// `(u, 1) = (t, 1)` and `(t, 1) = (u, 1)` differ when t is NOCASE and u is not.
    void refusesToCommuteRowValuesOfOtherCollations()
    {
        const std::string gold = "SELECT note.id FROM note WHERE (note.u, 1) = (note.t, 1)";
        const std::string swapped = "SELECT note.id FROM note WHERE (note.t, 1) = (note.u, 1)";
        expectRejected(handFile(kShop, gold, swapped, {{"gold", "commute", gold, swapped}}, swapped),
                       "step 1 (commute, gold)", 1);
    }
};

QTEST_APPLESS_MAIN(TestProofCheck)
#include "test_proof_check.moc"
