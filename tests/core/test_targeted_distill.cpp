// Distillation past random sampling: neighbors proven equivalent from the schema's
// keys (and the reasons given), neighbors no proof covers that stay targets, and the
// databases built for a neighbor — a conjunction of many WHERE conditions met by one
// joined row, a group of exactly the threshold's size, also thresholds in the
// thousands — each checked by re-running both queries on the kept database.
#include "core/inspect/inspect.h"
#include "core/compare/compare.h"
#include "core/exec/executor.h"
#include "core/fuzz/fuzz.h"
#include "core/neighbors/schema_equivalence.h"
#include "core/suite/distiller.h"
#include "core/suite/suite.h"

#include "tests/core/ddl_schema_support.h"
#include "tests/core/row_text_support.h"

#include <QtTest>

#include <map>
#include <set>

using namespace sqleq;

namespace {

constexpr std::string_view kNetworkDdl =
    "CREATE TABLE Highschooler(ID INTEGER PRIMARY KEY, name TEXT, grade INTEGER);"
    "CREATE TABLE Friend(student_id INTEGER PRIMARY KEY, friend_id INTEGER,"
    " FOREIGN KEY(student_id) REFERENCES Highschooler(ID), FOREIGN KEY(friend_id) REFERENCES Highschooler(ID));"
    "CREATE TABLE Likes(student_id INTEGER, liked_id INTEGER, PRIMARY KEY(student_id, liked_id),"
    " FOREIGN KEY(student_id) REFERENCES Highschooler(ID), FOREIGN KEY(liked_id) REFERENCES Highschooler(ID));";

constexpr std::string_view kFlightsDdl =
    "CREATE TABLE airlines(uid INTEGER PRIMARY KEY, Airline TEXT, Country TEXT);"
    "CREATE TABLE airports(City TEXT, AirportCode TEXT PRIMARY KEY, AirportName TEXT, Country TEXT);"
    "CREATE TABLE flights(Airline INTEGER, FlightNo INTEGER, SourceAirport TEXT, DestAirport TEXT,"
    " PRIMARY KEY(Airline, FlightNo), FOREIGN KEY(Airline) REFERENCES airlines(uid),"
    " FOREIGN KEY(SourceAirport) REFERENCES airports(AirportCode), FOREIGN KEY(DestAirport) REFERENCES airports(AirportCode));";


suite::DistillOptions options(bool targeted, std::size_t budget = 300)
{
    suite::DistillOptions out;
    out.seed = 3;
    out.jobs = 2;
    out.budget = budget;
    out.targeted = targeted;
    return out;
}

const suite::NeighborStatus* find(const suite::GoldReport& report, std::string_view sql)
{
    for (const auto& status : report.neighbors)
        if (status.neighbor.sql == sql) return &status;
    return nullptr;
}

/// Re-runs gold and neighbor on the kept database, independently of the distiller.
bool separates(const suite::Suite& suite, int index, std::string_view gold, std::string_view neighbor)
{
    auto connection = exec::Connection::deserializeCopy(suite.databases.at(static_cast<std::size_t>(index)).bytes);
    if (!connection) return false;
    auto g = exec::runQuery(*connection, gold, {});
    auto n = exec::runQuery(*connection, neighbor, {});
    if (!g.ok() || !n.ok()) return false;
    // Rows as text multisets: integer, real and text cells are all these queries return.
    auto sorted = [](const std::vector<exec::Row>& rows) {
        std::vector<std::string> out = rowTexts(rows);
        std::sort(out.begin(), out.end());
        return out;
    };
    return sorted(g.result.rows) != sorted(n.result.rows);
}

/// Whether two distillations reached the same result: the same suite databases, byte for
/// byte and in order, and every neighbor told apart by the same one (or proven, or given up).
QString sameResult(const suite::DistillResult& a, const suite::DistillResult& b)
{
    if (a.suite.databases.size() != b.suite.databases.size())
        return QString("%1 vs %2 suite databases").arg(a.suite.databases.size()).arg(b.suite.databases.size());
    for (std::size_t d = 0; d < a.suite.databases.size(); ++d)
        if (a.suite.databases[d].label != b.suite.databases[d].label || a.suite.databases[d].bytes != b.suite.databases[d].bytes)
            return QString("suite database %1 differs: %2 vs %3")
                .arg(d).arg(a.suite.databases[d].label.c_str(), b.suite.databases[d].label.c_str());
    if (a.targetedBuilt != b.targetedBuilt || a.provenEquivalent != b.provenEquivalent || a.sampled != b.sampled)
        return "different counts of targeted, proven or sampled databases";
    for (std::size_t g = 0; g < a.golds.size(); ++g) {
        if (a.golds[g].workBudgetSpent != b.golds[g].workBudgetSpent) return QString("gold %1's budget").arg(g);
        for (std::size_t n = 0; n < a.golds[g].neighbors.size(); ++n) {
            const auto& x = a.golds[g].neighbors[n];
            const auto& y = b.golds[g].neighbors[n];
            if (x.distinguishedBy != y.distinguishedBy || x.equivalenceProof != y.equivalenceProof)
                return QString("gold %1, neighbor %2 (%3): database %4 vs %5")
                    .arg(g).arg(n).arg(x.sqlRun.c_str()).arg(x.distinguishedBy).arg(y.distinguishedBy);
        }
    }
    return {};
}

} // namespace

class TestTargetedDistill : public QObject {
    Q_OBJECT

private slots:
    void proofsFromKeys_data()
    {
        QTest::addColumn<QString>("gold");
        QTest::addColumn<QString>("neighbor");
        QTest::addColumn<QString>("reason");  // empty: no proof expected
        QTest::newRow("one friend per student: count thresholds")
            << "SELECT student_id FROM Friend GROUP BY student_id HAVING count(*) >= 2"
            << "SELECT student_id FROM Friend GROUP BY student_id HAVING count(*) >= 3" << "primary key of Friend";
        QTest::newRow("one-row groups: max is the value")
            << "SELECT student_id, max(friend_id) FROM Friend GROUP BY student_id"
            << "SELECT student_id, min(friend_id) FROM Friend GROUP BY student_id" << "primary key of Friend";
        QTest::newRow("ordering one-row groups by count orders nothing")
            << "SELECT T2.name FROM Friend AS T1 JOIN Highschooler AS T2 ON T1.student_id = T2.id GROUP BY "
               "T1.student_id ORDER BY count(*) DESC LIMIT 1"
            << "SELECT T2.name FROM Friend AS T1 JOIN Highschooler AS T2 ON T1.student_id = T2.id GROUP BY "
               "T1.student_id ORDER BY count(*) ASC LIMIT 1"
            << "primary key of Friend";
        QTest::newRow("qualified or not")
            << "SELECT T1.name FROM Highschooler AS T1 JOIN Friend AS T2 ON T1.id = T2.student_id"
            << "SELECT name FROM Highschooler AS T1 JOIN Friend AS T2 ON T1.id = T2.student_id"
            << "written another way";
        // Likes has a two-column key: a student likes many, so counts really differ.
        QTest::newRow("an alias is only a name")
            << "SELECT T1.name FROM Highschooler AS T1 WHERE T1.grade > 9"
            << "SELECT name FROM Highschooler WHERE grade > 9" << "written another way";
        QTest::newRow("a different table under the same alias: no proof")
            << "SELECT T1.student_id FROM Friend AS T1" << "SELECT T1.student_id FROM Likes AS T1" << "";
        QTest::newRow("composite key: no proof")
            << "SELECT student_id FROM Likes GROUP BY student_id HAVING count(*) >= 2"
            << "SELECT student_id FROM Likes GROUP BY student_id HAVING count(*) >= 3" << "";
        // A group by a non-key column can hold many rows.
        QTest::newRow("non-key grouping: no proof")
            << "SELECT grade, count(*) FROM Highschooler GROUP BY grade"
            << "SELECT grade, count(*) FROM Highschooler GROUP BY grade HAVING count(*) > 1" << "";
        // sum over text is 0, not the text: only numeric columns fold.
        QTest::newRow("sum of text: no proof")
            << "SELECT id, max(name) FROM Highschooler GROUP BY id" << "SELECT id, sum(name) FROM Highschooler GROUP BY id"
            << "";
        QTest::newRow("INTERSECT of branches fixing one output column to different constants")
            << "SELECT * FROM Highschooler WHERE name = 'cat' INTERSECT SELECT * FROM Highschooler WHERE name = 'dog'"
            << "SELECT * FROM Highschooler WHERE name = 'ca' INTERSECT SELECT * FROM Highschooler WHERE name = 'dog'"
            << "never share a row";
        QTest::newRow("EXCEPT of disjoint branches is the first branch")
            << "SELECT id, name FROM Highschooler WHERE name = 'cat' EXCEPT SELECT id, name FROM Highschooler WHERE "
               "name = 'dog'"
            << "SELECT id, name FROM Highschooler WHERE name = 'cat' EXCEPT SELECT id, name FROM Highschooler WHERE "
               "name = 'og'"
            << "never share a row";
        QTest::newRow("a bound on one side excludes the other's constant")
            << "SELECT * FROM Highschooler WHERE name = 'dog' EXCEPT SELECT * FROM Highschooler WHERE name = 'cat'"
            << "SELECT * FROM Highschooler WHERE name = 'dog' EXCEPT SELECT * FROM Highschooler WHERE name < 'cat'"
            << "never share a row";
        QTest::newRow("a bound that admits the other's constant: no proof")
            << "SELECT * FROM Highschooler WHERE name = 'dog' EXCEPT SELECT * FROM Highschooler WHERE name = 'cat'"
            << "SELECT * FROM Highschooler WHERE name = 'dog' EXCEPT SELECT * FROM Highschooler WHERE name > 'cat'"
            << "";
        QTest::newRow("branches that can share a row: no proof")
            << "SELECT * FROM Highschooler WHERE name = 'cat' INTERSECT SELECT * FROM Highschooler WHERE grade = 3"
            << "SELECT * FROM Highschooler WHERE name = 'cat' INTERSECT SELECT * FROM Highschooler WHERE grade = 4" << "";
        QTest::newRow("fixed column not in the output: no proof")
            << "SELECT id FROM Highschooler WHERE name = 'cat' INTERSECT SELECT id FROM Highschooler WHERE name = 'dog'"
            << "SELECT id FROM Highschooler WHERE name = 'ca' INTERSECT SELECT id FROM Highschooler WHERE name = 'dog'"
            << "";
        QTest::newRow("every group has a row: HAVING count(*) >= 1 is no filter")
            << "SELECT grade FROM Highschooler GROUP BY grade HAVING count(*) >= 1"
            << "SELECT grade FROM Highschooler GROUP BY grade" << "at least one row";
        QTest::newRow("every group has a row: BETWEEN 0 AND 2")
            << "SELECT grade FROM Highschooler GROUP BY grade HAVING count(*) BETWEEN 1 AND 2"
            << "SELECT grade FROM Highschooler GROUP BY grade HAVING count(*) BETWEEN 0 AND 2" << "at least one row";
        QTest::newRow("count above one is a filter: no proof")
            << "SELECT grade FROM Highschooler GROUP BY grade HAVING count(*) >= 2"
            << "SELECT grade FROM Highschooler GROUP BY grade" << "";
        QTest::newRow("nothing below the minimum")
            << "SELECT name FROM Highschooler WHERE grade = (SELECT min(grade) FROM Highschooler)"
            << "SELECT name FROM Highschooler WHERE grade <= (SELECT min(grade) FROM Highschooler)" << "below its min";
        QTest::newRow("above the maximum: not the same as below")
            << "SELECT name FROM Highschooler WHERE grade = (SELECT max(grade) FROM Highschooler)"
            << "SELECT name FROM Highschooler WHERE grade <= (SELECT max(grade) FROM Highschooler)" << "";
        QTest::newRow("minimum of another column: no proof")
            << "SELECT name FROM Highschooler WHERE grade = (SELECT min(id) FROM Highschooler)"
            << "SELECT name FROM Highschooler WHERE grade <= (SELECT min(id) FROM Highschooler)" << "";
        QTest::newRow("one friend per student: no group passes, whatever is selected")
            << "SELECT T2.name FROM Friend AS T1 JOIN Highschooler AS T2 ON T1.student_id = T2.id GROUP BY "
               "T1.student_id HAVING count(*) >= 2"
            << "SELECT T2.grade FROM Friend AS T1 JOIN Highschooler AS T2 ON T1.student_id = T2.id GROUP BY "
               "T1.student_id HAVING count(*) >= 2"
            << "no row";
        QTest::newRow("an empty range")
            << "SELECT name FROM Highschooler WHERE grade BETWEEN 12 AND 9"
            << "SELECT id FROM Highschooler WHERE grade BETWEEN 13 AND 9" << "no row";
        QTest::newRow("a count never equals a name")
            << "SELECT count(*) FROM Highschooler EXCEPT SELECT name FROM Highschooler WHERE grade = 9"
            << "SELECT count(*) FROM Highschooler EXCEPT SELECT name FROM Highschooler WHERE grade > 9"
            << "count on one side and text";
        QTest::newRow("counting groups ignores what they select")
            << "SELECT count(*) FROM (SELECT grade, count(*) FROM Highschooler GROUP BY grade HAVING count(*) > 1)"
            << "SELECT count(*) FROM (SELECT name, count(*) FROM Highschooler GROUP BY grade HAVING count(*) > 1)"
            << "counts its rows or groups";
        QTest::newRow("counting rows of an ungrouped subquery")
            << "SELECT count(*) FROM (SELECT grade FROM Highschooler)"
            << "SELECT count(*) FROM (SELECT name FROM Highschooler)" << "counts its rows or groups";
        QTest::newRow("counting an aggregate's one row: no proof")
            << "SELECT count(*) FROM (SELECT grade FROM Highschooler)"
            << "SELECT count(*) FROM (SELECT max(grade) FROM Highschooler)" << "";
        QTest::newRow("IN reads a set: every friend has a parent student")
            << "SELECT grade FROM Highschooler WHERE id IN (SELECT T1.student_id FROM Friend AS T1 JOIN Highschooler "
               "AS T2 ON T1.student_id = T2.id)"
            << "SELECT grade FROM Highschooler WHERE id IN (SELECT T1.student_id FROM Friend AS T1 JOIN Highschooler "
               "AS T2 ON T1.student_id >= T2.id)"
            << "has its parent";
        QTest::newRow("LIMIT 1 keeps a top row: the parent join repeats rows, adds none")
            << "SELECT T2.friend_id FROM Highschooler AS T1 JOIN Friend AS T2 ON T1.id = T2.student_id ORDER BY "
               "T2.friend_id DESC LIMIT 1"
            << "SELECT T2.friend_id FROM Highschooler AS T1 JOIN Friend AS T2 ON T1.id <= T2.student_id ORDER BY "
               "T2.friend_id DESC LIMIT 1"
            << "LIMIT 1 keeps one top row";
        QTest::newRow("LIMIT 2 counts repeats: no proof")
            << "SELECT T2.friend_id FROM Highschooler AS T1 JOIN Friend AS T2 ON T1.id = T2.student_id ORDER BY "
               "T2.friend_id DESC LIMIT 2"
            << "SELECT T2.friend_id FROM Highschooler AS T1 JOIN Friend AS T2 ON T1.id <= T2.student_id ORDER BY "
               "T2.friend_id DESC LIMIT 2"
            << "";
        QTest::newRow("IN with a strict comparison in the join: no proof")
            << "SELECT grade FROM Highschooler WHERE id IN (SELECT T1.student_id FROM Friend AS T1 JOIN Highschooler "
               "AS T2 ON T1.student_id = T2.id)"
            << "SELECT grade FROM Highschooler WHERE id IN (SELECT T1.student_id FROM Friend AS T1 JOIN Highschooler "
               "AS T2 ON T1.student_id > T2.id)"
            << "";
        QTest::newRow("IN that reads the joined table: no proof")
            << "SELECT grade FROM Highschooler WHERE id IN (SELECT T1.student_id FROM Friend AS T1 JOIN Highschooler "
               "AS T2 ON T1.student_id = T2.id WHERE T2.grade > 9)"
            << "SELECT grade FROM Highschooler WHERE id IN (SELECT T1.student_id FROM Friend AS T1 JOIN Highschooler "
               "AS T2 ON T1.student_id >= T2.id WHERE T2.grade > 9)"
            << "";
        QTest::newRow("a duplicate join condition, one copy loosened")
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.id = T2.student_id AND T1.id = "
               "T2.student_id AND T1.grade > 9"
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.id <= T2.student_id AND T1.id = "
               "T2.student_id AND T1.grade > 9"
            << "a condition another one implies";
        QTest::newRow("the other copy turned around")
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.id = T2.student_id AND T1.id = "
               "T2.student_id"
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.id = T2.student_id AND T2.student_id = "
               "T1.id"
            << "a condition another one implies";
        // `<` beside `=` is a contradiction, not an implication: no row passes both.
        QTest::newRow("a strict copy beside the equality: no proof")
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.id = T2.student_id AND T1.id = "
               "T2.student_id"
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.id < T2.student_id AND T1.id = "
               "T2.student_id"
            << "";
        // Literals keep their case: 'Kyle' and 'kyle' are different values.
        QTest::newRow("duplicate conditions differing in a literal's case: no proof")
            << "SELECT id FROM Highschooler WHERE name = 'Kyle' AND name = 'Kyle'"
            << "SELECT id FROM Highschooler WHERE name = 'kyle' AND name = 'Kyle'" << "";
        QTest::newRow("grouped by a key: the table's other columns add nothing")
            << "SELECT T1.id, count(*) FROM Highschooler AS T1 JOIN Likes AS T2 ON T1.id = T2.student_id GROUP BY "
               "T1.id, T1.name"
            << "SELECT T1.id, count(*) FROM Highschooler AS T1 JOIN Likes AS T2 ON T1.id = T2.student_id GROUP BY "
               "T1.id, T1.grade"
            << "grouped by the primary key of Highschooler";
        QTest::newRow("part of a composite key: no proof")
            << "SELECT student_id, count(*) FROM Likes GROUP BY student_id, liked_id"
            << "SELECT student_id, count(*) FROM Likes GROUP BY student_id" << "";
        QTest::newRow("a column of the other table: no proof")
            << "SELECT T1.id, count(*) FROM Highschooler AS T1 JOIN Likes AS T2 ON T1.id = T2.student_id GROUP BY "
               "T1.id, T1.name"
            << "SELECT T1.id, count(*) FROM Highschooler AS T1 JOIN Likes AS T2 ON T1.id = T2.student_id GROUP BY "
               "T1.id, T2.liked_id"
            << "";
        QTest::newRow("rows the WHERE makes alike: their order changes nothing")
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.name = 'Kyle' AND T1.id = T2.student_id"
               " ORDER BY T1.grade DESC LIMIT 1"
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.name = 'Kyle' AND T1.id = T2.student_id"
               " ORDER BY T2.friend_id DESC LIMIT 1"
            << "fixes every selected column";
        QTest::newRow("a selected column the WHERE leaves free: no proof")
            << "SELECT name, grade FROM Highschooler WHERE name = 'Kyle' ORDER BY grade LIMIT 1"
            << "SELECT name, grade FROM Highschooler WHERE name = 'Kyle' ORDER BY grade DESC LIMIT 1" << "";
        QTest::newRow("an aggregate ORDER BY: no proof")
            << "SELECT name FROM Highschooler WHERE name = 'Kyle' ORDER BY grade"
            << "SELECT name FROM Highschooler WHERE name = 'Kyle' ORDER BY count(*)" << "";
        QTest::newRow("at least the maximum of the query's own rows")
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.id = T2.student_id AND T1.grade = (SELECT"
               " max(T3.grade) FROM Highschooler AS T3, Friend AS T4 WHERE T3.id = T4.student_id)"
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.id = T2.student_id AND T1.grade >= (SELECT"
               " max(T3.grade) FROM Highschooler AS T3, Friend AS T4 WHERE T3.id = T4.student_id)"
            << "over the query's own rows";
        QTest::newRow("at most the minimum, fewer tables in the subquery")
            << "SELECT T2.friend_id FROM Highschooler AS T1, Friend AS T2 WHERE T1.id = T2.student_id AND T1.grade > 9"
               " AND T1.grade = (SELECT min(H.grade) FROM Highschooler AS H WHERE H.grade > 9)"
            << "SELECT T2.friend_id FROM Highschooler AS T1, Friend AS T2 WHERE T1.id = T2.student_id AND T1.grade > 9"
               " AND (SELECT min(H.grade) FROM Highschooler AS H WHERE H.grade > 9) >= T1.grade"
            << "over the query's own rows";
        QTest::newRow("the maximum of the query's own rows, joined the other way round")
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.id = T2.student_id AND T1.grade = (SELECT"
               " max(T3.grade) FROM Highschooler AS T3, Friend AS T4 WHERE T4.student_id = T3.id)"
            << "SELECT T1.name FROM Highschooler AS T1, Friend AS T2 WHERE T1.id = T2.student_id AND T1.grade >= (SELECT"
               " max(T3.grade) FROM Highschooler AS T3, Friend AS T4 WHERE T4.student_id = T3.id)"
            << "over the query's own rows";
        QTest::newRow("the maximum of other rows: no proof")
            << "SELECT T1.name FROM Highschooler AS T1 WHERE T1.grade = (SELECT max(T3.grade) FROM Highschooler AS T3"
               " WHERE T3.name = 'Kyle')"
            << "SELECT T1.name FROM Highschooler AS T1 WHERE T1.grade >= (SELECT max(T3.grade) FROM Highschooler AS T3"
               " WHERE T3.name = 'Kyle')"
            << "";
        QTest::newRow("sum(1) over groups counts rows")
            << "SELECT student_id, count(1) FROM Likes GROUP BY student_id ORDER BY count(1) DESC"
            << "SELECT student_id, count(1) FROM Likes GROUP BY student_id ORDER BY sum(1) DESC" << "count(1)";
        QTest::newRow("sum(1) over no group at all: no proof")
            << "SELECT count(1) FROM Likes WHERE student_id = 5" << "SELECT sum(1) FROM Likes WHERE student_id = 5" << "";
        QTest::newRow("a join condition written twice or once")
            << "SELECT T1.name FROM Highschooler AS T1, Likes AS T2 WHERE T1.grade = 9 AND T2.student_id = T1.id AND"
               " T2.student_id = T1.id AND T2.liked_id > 3"
            << "SELECT T1.name FROM Highschooler AS T1, Likes AS T2 WHERE T1.grade = 9 AND T2.student_id = T1.id AND"
               " T2.liked_id > 3"
            << "implies";
        QTest::newRow("a count is never negative")
            << "SELECT count(*) > 0 FROM Likes WHERE student_id = 5" << "SELECT count(*) != 0 FROM Likes WHERE student_id = 5"
            << "written another way";
        QTest::newRow("no count below zero either")
            << "SELECT count(*) = 0 FROM Likes WHERE student_id = 5" << "SELECT count(*) <= 0 FROM Likes WHERE student_id = 5"
            << "written another way";
        QTest::newRow("a count against another value: no proof")
            << "SELECT count(*) > 1 FROM Likes WHERE student_id = 5" << "SELECT count(*) != 1 FROM Likes WHERE student_id = 5"
            << "";
        QTest::newRow("INNER JOIN is JOIN")
            << "SELECT T1.name FROM Highschooler AS T1 INNER JOIN Likes AS T2 ON T1.id = T2.student_id"
            << "SELECT T1.name FROM Highschooler AS T1 JOIN Likes AS T2 ON T1.id = T2.student_id" << "written another way";
        QTest::newRow("LEFT JOIN is not JOIN: no proof")
            << "SELECT T1.name FROM Highschooler AS T1 JOIN Likes AS T2 ON T1.id = T2.student_id"
            << "SELECT T1.name FROM Highschooler AS T1 LEFT JOIN Likes AS T2 ON T1.id = T2.student_id" << "";
        QTest::newRow("no NULL anywhere: one IS NOT NULL is another")
            << "SELECT T1.name FROM Highschooler AS T1, Likes AS T2 WHERE T1.id = T2.student_id AND T2.liked_id IS NOT NULL"
            << "SELECT T1.name FROM Highschooler AS T1, Likes AS T2 WHERE T1.id = T2.student_id AND T1.grade IS NOT NULL"
            << "no column holds NULL";
        QTest::newRow("the NULL side of an outer join: no proof")
            << "SELECT T1.name FROM Highschooler AS T1 LEFT JOIN Likes AS T2 ON T1.id = T2.student_id WHERE T2.liked_id"
               " IS NOT NULL"
            << "SELECT T1.name FROM Highschooler AS T1 LEFT JOIN Likes AS T2 ON T1.id = T2.student_id WHERE T1.grade"
               " IS NOT NULL"
            << "";
        QTest::newRow("different columns: no proof")
            << "SELECT name FROM Highschooler" << "SELECT grade FROM Highschooler" << "";
    }

    void proofsFromKeys()
    {
        QFETCH(QString, gold);
        QFETCH(QString, neighbor);
        QFETCH(QString, reason);
        const auto proof =
            neighbors::provenEquivalentUnderKeys(gold.toStdString(), neighbor.toStdString(), schemaOf(kNetworkDdl));
        if (reason.isEmpty()) {
            QVERIFY2(!proof, proof ? proof->c_str() : "");
        } else {
            QVERIFY(proof.has_value());
            QVERIFY2(QString::fromStdString(*proof).contains(reason), proof->c_str());
            // A proof is a claim: both queries agree on random databases of the schema.
            const auto readable = fuzz::materializableSchema(schemaOf(kNetworkDdl));
            for (uint64_t index = 0; index < 40; ++index) {
                auto connection = fuzz::sampleConnection(readable, {}, {.profile = fuzz::Profile::Spider, .seed = 11, .index = index});
                QVERIFY(connection.ok());
                const auto g = exec::runQuery(*connection, gold.toStdString(), {});
                const auto n = exec::runQuery(*connection, neighbor.toStdString(), {});
                QVERIFY(g.ok() && n.ok());
                QVERIFY2(compare::compareOutcomes(g, n, false).verdict != compare::Verdict::Different,
                         qPrintable(QString("database %1").arg(index)));
            }
        }
    }

    /// Proofs under the real keys and the spider profile, each a claim the search tests:
    /// a key column fixed by the WHERE clause counts as grouped (flights' key is
    /// (Airline, FlightNo): `WHERE FlightNo = 7 GROUP BY Airline` has one-row groups), and
    /// a filter that IS NULL makes false lets nothing through whatever its constants. The
    /// search, which builds databases from both queries' constants (the constant and its
    /// neighbours, ties, groups of k rows), must not separate a proven pair, and must
    /// separate each pair the rules refuse.
    void proofsTheSearchCannotRefute_data()
    {
        QTest::addColumn<QString>("gold");
        QTest::addColumn<QString>("neighbor");
        QTest::addColumn<QString>("reason");  // empty: no proof
        QTest::newRow("count threshold over fixed FlightNo")
            << "SELECT Airline FROM flights WHERE FlightNo = 7 GROUP BY Airline HAVING count(*) >= 2"
            << "SELECT Airline FROM flights WHERE FlightNo = 7 GROUP BY Airline HAVING count(*) >= 3"
            << "primary key of flights";
        QTest::newRow("max is the value, a string fixed Spider's way")
            << "SELECT Airline, max(FlightNo) FROM flights WHERE SourceAirport = \"AHD\" AND FlightNo = 7 GROUP BY Airline"
            << "SELECT Airline, min(FlightNo) FROM flights WHERE SourceAirport = \"AHD\" AND FlightNo = 7 GROUP BY Airline"
            << "primary key of flights";
        QTest::newRow("a bound fixes nothing: no proof")
            << "SELECT Airline, count(*) FROM flights WHERE FlightNo > 7 GROUP BY Airline"
            << "SELECT Airline, count(*) FROM flights WHERE FlightNo > 7 GROUP BY Airline HAVING count(*) > 1" << "";
        QTest::newRow("an OR fixes nothing: no proof")
            << "SELECT Airline, count(*) FROM flights WHERE FlightNo = 7 OR FlightNo = 8 GROUP BY Airline"
            << "SELECT Airline, count(*) FROM flights WHERE FlightNo = 7 OR FlightNo = 8 GROUP BY Airline HAVING "
               "count(*) > 1"
            << "";
        QTest::newRow("a non-key column fixed: no proof")
            << "SELECT Airline, count(*) FROM flights WHERE SourceAirport = 'AHD' GROUP BY Airline"
            << "SELECT Airline, count(*) FROM flights WHERE SourceAirport = 'AHD' GROUP BY Airline HAVING count(*) > 1"
            << "";
        QTest::newRow("IS NULL makes the WHERE false: a count of nothing")
            << "SELECT count(*) FROM flights WHERE SourceAirport = 'AHD' AND DestAirport IS NULL"
            << "SELECT count(*) FROM flights WHERE SourceAirport = 'AHX' AND DestAirport IS NULL" << "always false";
        QTest::newRow("an OR of IS NULLs is false too")
            << "SELECT FlightNo FROM flights WHERE Airline = 3 AND (SourceAirport IS NULL OR DestAirport IS NULL)"
            << "SELECT FlightNo FROM flights WHERE Airline = 4 AND (SourceAirport IS NULL OR DestAirport IS NULL)"
            << "no row";
        QTest::newRow("under a false WHERE the join condition is moot")
            << "SELECT count(*) FROM flights AS T1 JOIN airports AS T2 ON T1.SourceAirport = T2.AirportCode WHERE "
               "T2.City = 'Aberdeen' AND T1.DestAirport IS NULL"
            << "SELECT count(*) FROM flights AS T1 JOIN airports AS T2 ON T1.SourceAirport != T2.AirportCode WHERE "
               "T2.City = 'Aberdeen' AND T1.DestAirport IS NULL"
            << "always false";
        QTest::newRow("under a live WHERE the join condition counts: no proof")
            << "SELECT count(*) FROM flights AS T1 JOIN airports AS T2 ON T1.SourceAirport = T2.AirportCode WHERE "
               "T2.City = 'Aberdeen'"
            << "SELECT count(*) FROM flights AS T1 JOIN airports AS T2 ON T1.SourceAirport != T2.AirportCode WHERE "
               "T2.City = 'Aberdeen'"
            << "";
        QTest::newRow("IS NULL beside a live OR branch: no proof")
            << "SELECT count(*) FROM flights WHERE SourceAirport = 'AHD' OR DestAirport IS NULL"
            << "SELECT count(*) FROM flights WHERE SourceAirport = 'AHX' OR DestAirport IS NULL" << "";
        QTest::newRow("IS NOT NULL is no filter: no proof")
            << "SELECT count(*) FROM flights WHERE SourceAirport = 'AHD' AND DestAirport IS NOT NULL"
            << "SELECT count(*) FROM flights WHERE SourceAirport = 'AHX' AND DestAirport IS NOT NULL" << "";
    }

    void proofsTheSearchCannotRefute()
    {
        QFETCH(QString, gold);
        QFETCH(QString, neighbor);
        QFETCH(QString, reason);
        const schema::Schema& schema = schemaOf(kFlightsDdl);
        const auto proof = neighbors::provenEquivalentUnderKeys(gold.toStdString(), neighbor.toStdString(), schema);
        QCOMPARE(proof.has_value(), !reason.isEmpty());
        if (proof) QVERIFY2(QString::fromStdString(*proof).contains(reason), proof->c_str());
        inspect::CheckRequest request;
        request.gold = gold.toStdString();
        request.candidate = neighbor.toStdString();
        request.settings.samplingBudget = 300;
        request.settings.searchBudget = 300;
        request.settings.jobs = 2;
        request.otherProfile = false;
        auto inspection = inspect::inspect({schema, std::nullopt}, request);
        QVERIFY(inspection.ok());
        QCOMPARE(inspection->check.verdict == suite::VerdictKind::Equivalent, !reason.isEmpty());
    }

    /// A proven neighbor is reported with its reason and no longer counts as undistinguished.
    void distillSetsProvenNeighborsAside()
    {
        const std::string gold = "SELECT student_id FROM Friend GROUP BY student_id HAVING count(*) >= 2";
        const std::string neighbor = "SELECT student_id FROM Friend GROUP BY student_id HAVING count(*) >= 3";
        std::vector<Result<std::vector<neighbors::Neighbor>>> lists{
            std::vector<neighbors::Neighbor>{{neighbor, neighbors::MutationFamily::NumericConstant, {}, ""}}};
        auto without = suite::distillWithNeighbors(schemaOf(kNetworkDdl), {gold}, lists, options(false, 50));
        QVERIFY(without.ok());
        QCOMPARE(without->golds[0].undistinguished(), std::size_t{1});
        auto with = suite::distillWithNeighbors(schemaOf(kNetworkDdl), {gold}, lists, options(true, 50));
        QVERIFY(with.ok());
        QCOMPARE(with->golds[0].undistinguished(), std::size_t{0});
        QCOMPARE(with->provenEquivalent, std::size_t{1});
        QVERIFY(find(with->golds[0], neighbor)->equivalenceProof.find("primary key of Friend") != std::string::npos);
    }

    /// `HAVING count(*) > 200` vs `> 199`: random databases never hold an airline with 200
    /// flights; the targeted phase builds one with exactly 200 and keeps it.
    void largeGroupThreshold()
    {
        const std::string gold = "SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline "
                                 "GROUP BY T1.Airline HAVING count(*) < 200";
        const std::string neighbor = "SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline "
                                     "GROUP BY T1.Airline HAVING count(*) < 201";
        std::vector<Result<std::vector<neighbors::Neighbor>>> lists{
            std::vector<neighbors::Neighbor>{{neighbor, neighbors::MutationFamily::NumericConstant, {}, ""}}};
        auto sampled = suite::distillWithNeighbors(schemaOf(kFlightsDdl), {gold}, lists, options(false));
        QVERIFY(sampled.ok());
        QCOMPARE(sampled->golds[0].undistinguished(), std::size_t{1});
        auto targeted = suite::distillWithNeighbors(schemaOf(kFlightsDdl), {gold}, lists, options(true));
        QVERIFY(targeted.ok());
        const auto* status = find(targeted->golds[0], neighbor);
        QVERIFY(status != nullptr);
        QVERIFY2(status->distinguishedBy >= 0, "the threshold group was not built");
        const auto& kept = targeted->suite.databases[static_cast<std::size_t>(status->distinguishedBy)];
        QCOMPARE(kept.origin, suite::DatabaseOrigin::Targeted);
        QVERIFY2(kept.label.find("200 rows") != std::string::npos, kept.label.c_str());
        QVERIFY(separates(targeted->suite, status->distinguishedBy, gold, neighbor));
    }

    /// Many WHERE conditions over a join: one joined row must carry every constant at once.
    void conjunctionOverAJoin()
    {
        const std::string gold =
            "SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline JOIN airports AS T3 ON "
            "T2.SourceAirport = T3.AirportCode WHERE T1.Country = 'USA' AND T3.City = 'Aberdeen' AND T3.Country = "
            "'United States' AND T2.FlightNo = 28 AND T1.Airline = 'JetBlue Airways' AND T2.DestAirport = 'ASY'";
        const std::string neighbor =
            "SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline JOIN airports AS T3 ON "
            "T2.SourceAirport = T3.AirportCode WHERE T1.Country = 'USA' AND T3.City = 'Aberdeen' AND T3.Country = "
            "'United States' AND T2.FlightNo = 28 AND T1.Airline = 'JetBlue Airways' AND T2.DestAirport != 'ASY'";
        std::vector<Result<std::vector<neighbors::Neighbor>>> lists{
            std::vector<neighbors::Neighbor>{{neighbor, neighbors::MutationFamily::ComparisonOperator, {}, ""}}};
        auto targeted = suite::distillWithNeighbors(schemaOf(kFlightsDdl), {gold}, lists, options(true, 20));
        QVERIFY(targeted.ok());
        const auto* status = find(targeted->golds[0], neighbor);
        QVERIFY(status != nullptr && status->distinguishedBy >= 0);
        QVERIFY(separates(targeted->suite, status->distinguishedBy, gold, neighbor));
    }

    /// Same inputs, same suite, whatever the thread count, with the targeted phase.
    void targetedPhaseIsDeterministic()
    {
        const std::vector<std::string> golds = {
            "SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline GROUP BY T1.Airline "
            "HAVING count(*) > 60",
            "SELECT count(*) FROM flights WHERE DestAirport = 'APG' AND SourceAirport = 'ABR'"};
        auto one = options(true, 40);
        one.jobs = 1;
        auto two = options(true, 40);
        two.jobs = 2;
        auto a = suite::distill(schemaOf(kFlightsDdl), golds, one);
        auto b = suite::distill(schemaOf(kFlightsDdl), golds, two);
        QVERIFY(a.ok() && b.ok());
        QCOMPARE(a->suite.databases.size(), b->suite.databases.size());
        for (std::size_t d = 0; d < a->suite.databases.size(); ++d) {
            QCOMPARE(a->suite.databases[d].label, b->suite.databases[d].label);
            QVERIFY(a->suite.databases[d].bytes == b->suite.databases[d].bytes);
        }
        QCOMPARE(a->targetedBuilt, b->targetedBuilt);
    }

    /// Golds whose targeted phases keep databases run side by side, one gold per worker,
    /// and their databases join the suite in gold order: the suite and every report are
    /// those of one thread, with two, three or five. A small work budget makes golds
    /// give up mid-batch, where a batch (whose size follows the thread count) must read
    /// each database as the sequential run would.
    void targetedGoldsSideBySideAsOneThread_data()
    {
        QTest::addColumn<int64_t>("goldWorkSteps");
        QTest::addColumn<std::size_t>("targetedGolds");  // golds the targeted phase kept databases for, at least
        QTest::addColumn<int>("gaveUp");                 // golds given up at their work budget, at least
        QTest::newRow("default budget") << int64_t{0} << std::size_t{2} << 0;
        QTest::newRow("small budget") << int64_t{100'000} << std::size_t{1} << 1;
    }

    void targetedGoldsSideBySideAsOneThread()
    {
        QFETCH(int64_t, goldWorkSteps);
        QFETCH(std::size_t, targetedGolds);
        QFETCH(int, gaveUp);
        const std::vector<std::string> golds = {
            "SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline GROUP BY T1.Airline "
            "HAVING count(*) > 60",
            "SELECT count(*) FROM flights WHERE DestAirport = 'APG' AND SourceAirport = 'ABR'",
            "SELECT T3.City FROM flights AS T1 JOIN airports AS T3 ON T1.SourceAirport = T3.AirportCode "
            "WHERE T3.Country = 'United States' AND T1.FlightNo > 28 ORDER BY T3.City LIMIT 3",
            "SELECT Country, count(*) FROM airlines GROUP BY Country HAVING count(*) >= 7",
            "SELECT AirportName FROM airports WHERE City = 'Aberdeen' AND AirportCode NOT IN "
            "(SELECT DestAirport FROM flights)"};
        std::vector<suite::DistillResult> results;
        for (const unsigned jobs : {1U, 2U, 3U, 5U}) {
            auto settings = options(true, 30);
            settings.jobs = jobs;
            settings.goldWorkSteps = goldWorkSteps;
            auto result = suite::distill(schemaOf(kFlightsDdl), golds, settings);
            QVERIFY(result.ok());
            results.push_back(std::move(result.value()));
        }
        // The targeted phase kept databases for more than one gold: several lanes merged.
        // With the small budget, golds give up, some of them in the middle of a batch.
        std::set<std::size_t> targetedFor;
        for (std::size_t g = 0; g < results[0].golds.size(); ++g)
            for (const auto& status : results[0].golds[g].neighbors)
                if (status.distinguishedBy >= 0
                    && results[0].suite.databases[static_cast<std::size_t>(status.distinguishedBy)].origin
                           == suite::DatabaseOrigin::Targeted)
                    targetedFor.insert(g);
        QVERIFY2(targetedFor.size() >= targetedGolds, qPrintable(QString::number(targetedFor.size())));
        const auto given = std::count_if(results[0].golds.begin(), results[0].golds.end(),
                                         [](const suite::GoldReport& report) { return report.workBudgetSpent; });
        QVERIFY(given >= gaveUp);
        for (std::size_t r = 1; r < results.size(); ++r) {
            const QString difference = sameResult(results[0], results[r]);
            QVERIFY2(difference.isEmpty(), qPrintable(QString("run %1: %2").arg(r).arg(difference)));
        }
    }

    /// ORs around join conditions leave tables cross-joined: the database of every
    /// witness plan's rows costs the gold and each neighbor so much there that running
    /// them all would spend the gold's whole work budget. It is passed over; the smaller
    /// databases after it tell the neighbors apart, whatever the thread count.
    void costlyTargetedDatabaseIsPassedOver()
    {
        const std::vector<std::string> golds = {
            "SELECT count(*) FROM flights AS T1, airports AS T2, airports AS T3, airports AS T4, airlines AS T5 "
            "WHERE (T1.Airline = 3 OR T1.Airline = 4) AND ((T1.SourceAirport = T2.AirportCode AND T2.City = "
            "'Aberdeen') OR (T1.DestAirport = T3.AirportCode AND T3.City = 'Denver') OR (T1.DestAirport = "
            "T4.AirportCode AND T4.City = 'Boston'))"};
        std::vector<suite::DistillResult> results;
        for (const unsigned jobs : {1U, 3U}) {
            auto settings = options(true, 20);
            settings.targetedFirst = true;
            settings.jobs = jobs;
            // The database of every plan's rows costs the count about 9 million steps:
            // with 300 neighbors open, several times this budget.
            settings.goldWorkSteps = 200'000'000;
            auto result = suite::distill(schemaOf(kFlightsDdl), golds, settings);
            QVERIFY(result.ok());
            results.push_back(std::move(result.value()));
        }
        const suite::GoldReport& report = results[0].golds[0];
        QVERIFY(report.neighbors.size() > 50);
        QVERIFY2(!report.workBudgetSpent, "one database took the gold's whole budget");
        QVERIFY(report.undistinguished() * 20 < report.neighbors.size());
        for (const auto& status : report.neighbors)
            if (status.distinguishedBy >= 0)
                QVERIFY2(separates(results[0].suite, status.distinguishedBy, report.goldRun, status.sqlRun),
                         status.sqlRun.c_str());
        QCOMPARE(results[1].suite.databases.size(), results[0].suite.databases.size());
        for (std::size_t d = 0; d < results[0].suite.databases.size(); ++d)
            QVERIFY(results[1].suite.databases[d].bytes == results[0].suite.databases[d].bytes);
        QCOMPARE(results[1].golds[0].undistinguished(), report.undistinguished());
    }
};

QTEST_GUILESS_MAIN(TestTargetedDistill)
#include "test_targeted_distill.moc"
