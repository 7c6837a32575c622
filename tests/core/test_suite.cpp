// Unit tests of core/suite on the paper's Figure 1 (people, age > 34): distillation
// covers the neighbors, verdicts (equivalent, different, candidate/gold error),
// the Spider options (removeDistinct, plugGoldValues), determinism across seeds and
// thread counts, suite files, cancellation, the original database and --deep.
#include "core/exec/executor.h"
#include "core/fuzz/fuzz.h"
#include "core/suite/construct_shares.h"
#include "core/suite/dataset_distill.h"
#include "core/suite/suite_files.h"
#include "core/suite/distiller.h"
#include "core/suite/suite.h"

#include <QTemporaryDir>
#include "tests/core/figure1_fixture.h"

#include <QtTest>

#include <algorithm>
#include <fstream>

using namespace sqleq;
using suite::VerdictKind;

namespace {

using testing::peopleSchema;
constexpr std::string_view kGold = testing::kFigure1Gold;

suite::DistillOptions options(uint64_t seed, unsigned jobs, std::size_t budget = 200)
{
    suite::DistillOptions out;
    out.seed = seed;
    out.jobs = jobs;
    out.budget = budget;
    return out;
}

suite::DistillResult distillOrDie(const std::vector<std::string>& golds, const suite::DistillOptions& opts)
{
    auto result = suite::distill(peopleSchema(), golds, opts);
    if (!result) qFatal("distill failed: %s", result.error().message.c_str());
    return std::move(result.value());
}

/// The Figure 1 suite, distilled once for the whole test program.
const suite::DistillResult& figure1()
{
    static const suite::DistillResult result = distillOrDie({std::string(kGold)}, options(1, 2));
    return result;
}

std::vector<exec::Bytes> suiteBytes(const suite::Suite& s)
{
    std::vector<exec::Bytes> out;
    for (const auto& db : s.databases) out.push_back(db.bytes);
    return out;
}

exec::Bytes originalDatabase()
{
    auto conn = exec::Connection::openMemory();
    if (!conn) qFatal("openMemory failed");
    auto status = conn->executeScript(std::string(testing::kFigure1Ddl) +
                                      "INSERT INTO people VALUES (1, 'Ann', 34), (2, 'Bob', 35), (3, 'Cy', 20);");
    if (!status) qFatal("script failed: %s", status.error().message.c_str());
    return conn->serialize().value();
}

/// A suite of the original database alone, as `eval --plug-value` checks on it.
suite::Suite suiteOfTheOriginal()
{
    suite::Suite original;
    original.databases.push_back(suite::SuiteDatabase{
        .origin = suite::DatabaseOrigin::Original, .label = "original", .sampleIndex = 0, .bytes = originalDatabase()});
    return original;
}

suite::CheckResult check(std::string_view gold, std::string_view candidate, bool plug = false,
                         bool keepDistinct = false)
{
    suite::CheckOptions opts;
    opts.plugValue = plug;
    opts.keepDistinct = keepDistinct;
    return suite::checkCandidate(gold, candidate, figure1().suite, opts);
}

neighbors::Neighbor handMade(std::string sql)
{
    return neighbors::Neighbor{std::move(sql), neighbors::MutationFamily::DropTokens, SourceSpan{}, {}};
}

} // namespace

class TestSuite : public QObject {
    Q_OBJECT

private slots:
    void constructSharesCountEachGoldOncePerConstruct()
    {
        using Names = std::vector<std::string_view>;
        QCOMPARE(suite::constructsUsed("SELECT CAST(sum(IIF(a > 1, 1, 0)) AS REAL) * 100 / count(*) FROM t"),
                 (Names{"CAST", "IIF", "division"}));
        QCOMPARE(suite::constructsUsed("SELECT name || ' ' || surname FROM t WHERE strftime('%Y', d) = '2020' "
                                       "AND substr(x, 1, 2) = 'ab' AND x IS NOT NULL ORDER BY y LIMIT 1"),
                 (Names{"date and time functions", "substr", "||", "IS [NOT] NULL", "LIMIT"}));
        QCOMPARE(suite::constructsUsed("SELECT rank() OVER (ORDER BY x) FROM t WHERE y IN (SELECT y FROM u)"),
                 (Names{"window functions", "subquery"}));
        // A column named like a function is no call; an unreadable query uses fewer, never fails.
        QCOMPARE(suite::constructsUsed("SELECT date FROM t"), Names{});
        QCOMPARE(suite::constructsUsed("SELECT 'unterminated"), Names{});

        suite::ConstructShares shares;
        shares.add("SELECT CAST(a AS REAL) FROM t", 10, 2);
        shares.add("SELECT CAST(a AS TEXT) || b FROM t", 4, 1);
        shares.add("SELECT a FROM t", 5, 0);
        const auto all = shares.shares();
        QCOMPARE(all.size(), std::size_t{3});
        QCOMPARE(all[0].construct, std::string_view("CAST"));
        QCOMPARE(all[0].golds, std::size_t{2});
        QCOMPARE(all[0].neighbors, std::size_t{14});
        QCOMPARE(all[0].undistinguished, std::size_t{3});
        QCOMPARE(all[1].construct, std::string_view("||"));
        QCOMPARE(all[2].construct, std::string_view("none of these"));
        QCOMPARE(all[2].neighbors, std::size_t{5});
    }

    void repeatedGoldsAreDistilledOnce()
    {
        // A repeated gold text moves in lockstep with its first copy: the same report,
        // and no database added again for it.
        const std::string other = "SELECT name FROM people WHERE age < 30";
        const auto once = distillOrDie({std::string(kGold), other}, options(3, 2, 60));
        const auto twice = distillOrDie({std::string(kGold), other, std::string(kGold)}, options(3, 2, 60));
        QVERIFY(suiteBytes(once.suite) == suiteBytes(twice.suite));
        QCOMPARE(twice.golds.size(), std::size_t{3});
        const auto statuses = [](const suite::GoldReport& report) {
            std::vector<std::pair<std::string, int>> out;
            for (const auto& n : report.neighbors) out.emplace_back(n.neighbor.sql, n.distinguishedBy);
            return out;
        };
        QCOMPARE(statuses(twice.golds[0]), statuses(once.golds[0]));
        QCOMPARE(statuses(twice.golds[2]), statuses(once.golds[0]));
        QCOMPARE(statuses(twice.golds[1]), statuses(once.golds[1]));
        QCOMPARE(twice.provenEquivalent, once.provenEquivalent + std::count_if(once.golds[0].neighbors.begin(),
                                                                                once.golds[0].neighbors.end(),
                                                                                [](const auto& n) {
                                                                                    return !n.equivalenceProof.empty();
                                                                                }));
    }

    void datasetSchemasSideBySideWriteWhatOneThreadWrites()
    {
        // Three schemas distilled one after another (1 thread) and side by side (3
        // threads): the same suite files, and the schemas reported in the same order.
        constexpr std::string_view kTables = R"([
 {"db_id": "shop", "table_names_original": ["item"], "table_names": ["item"],
  "column_names_original": [[-1, "*"], [0, "id"], [0, "name"], [0, "price"]],
  "column_names": [[-1, "*"], [0, "id"], [0, "name"], [0, "price"]],
  "column_types": ["text", "number", "text", "number"], "primary_keys": [1], "foreign_keys": []},
 {"db_id": "pets", "table_names_original": ["person", "pet"], "table_names": ["person", "pet"],
  "column_names_original": [[-1, "*"], [0, "id"], [0, "name"], [1, "pid"], [1, "owner"], [1, "kind"]],
  "column_names": [[-1, "*"], [0, "id"], [0, "name"], [1, "pid"], [1, "owner"], [1, "kind"]],
  "column_types": ["text", "number", "text", "number", "number", "text"], "primary_keys": [1, 3],
  "foreign_keys": [[4, 1]]},
 {"db_id": "town", "table_names_original": ["city"], "table_names": ["city"],
  "column_names_original": [[-1, "*"], [0, "name"], [0, "population"]],
  "column_names": [[-1, "*"], [0, "name"], [0, "population"]],
  "column_types": ["text", "text", "number"], "primary_keys": [], "foreign_keys": []}
])";
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path root = dir.path().toStdString();
        {
            std::ofstream out(root / "tables.json");
            out << kTables;
        }
        suite::DatasetDistillRequest request;
        request.tablesJson = root / "tables.json";
        request.items = {{"SELECT name FROM item WHERE price > 3", "shop"},
                         {"SELECT T1.name FROM person AS T1 JOIN pet AS T2 ON T1.id = T2.owner WHERE T2.kind = 'dog'",
                          "pets"},
                         {"SELECT count(*) FROM city WHERE population > 1000", "town"},
                         {"SELECT max(price) FROM item", "shop"},
                         {"SELECT name FROM person WHERE id NOT IN (SELECT owner FROM pet)", "pets"},
                         {"SELECT name FROM item WHERE price > 3", "shop"}};
        request.options = options(5, 1, 80);
        const auto distillInto = [&](const std::string& name, unsigned jobs) -> std::vector<std::string> {
            request.outDir = root / name;
            request.options.jobs = jobs;
            std::vector<std::string> order;
            auto outcome = suite::distillDataset(request, [&](const suite::DatasetSchemaDone& done) {
                order.push_back(done.dbId);
            });
            if (!outcome) qFatal("distillDataset failed: %s", outcome.error().message.c_str());
            if (outcome->schemas != order.size()) qFatal("%zu suites written, %zu reported", outcome->schemas, order.size());
            return order;
        };
        const auto sequential = distillInto("one", 1);
        const auto sideBySide = distillInto("three", 3);
        QCOMPARE(sequential, (std::vector<std::string>{"shop", "pets", "town"}));
        QCOMPARE(sideBySide, sequential);
        for (const std::string& dbId : sequential) {
            auto a = suite::importSuite(root / "one", dbId);
            auto b = suite::importSuite(root / "three", dbId);
            QVERIFY(a.ok() && b.ok());
            QVERIFY(!a->databases.empty());
            QVERIFY2(suiteBytes(*a) == suiteBytes(*b), dbId.c_str());
        }
    }

    void figure1DistinguishesNeighbors()
    {
        const auto& result = figure1();
        QCOMPARE(result.golds.size(), std::size_t(1));
        const auto& report = result.golds[0];
        QVERIFY(!report.error);
        QVERIFY(report.neighbors.size() >= 10);
        QVERIFY(!result.suite.databases.empty());
        QVERIFY(result.suite.databases.size() <= 20);  // a distilled suite is small
        QVERIFY(!result.cancelled);
        for (const auto& n : report.neighbors) {
            QVERIFY(n.distinguishedBy < int(result.suite.databases.size()));
            if (n.distinguishedBy < 0 && !n.sameAsGoldWhenRun)
                qInfo("undistinguished: %s (%s)", n.neighbor.sql.c_str(),
                      std::string(neighbors::familyName(n.neighbor.family)).c_str());
        }
        // Figure 1's neighbors are all separable by small random databases.
        QVERIFY2(report.undistinguished() <= 2, qPrintable(QString::number(report.undistinguished())));
        // Every suite database first distinguished something.
        for (std::size_t d = 0; d < result.suite.databases.size(); ++d) {
            bool used = false;
            for (const auto& n : report.neighbors) used = used || n.distinguishedBy == int(d);
            QVERIFY(used);
            QCOMPARE(result.suite.databases[d].origin, suite::DatabaseOrigin::Sampled);
        }
        QCOMPARE(result.goldFailures, std::size_t(0));
    }

    void figure1Verdicts()
    {
        const auto same = check(kGold, "SELECT name FROM people WHERE age >= 35");
        QCOMPARE(same.verdict, VerdictKind::Equivalent);
        QCOMPARE(same.separatingDatabase, -1);
        QCOMPARE(same.databasesChecked, figure1().suite.databases.size());
        QCOMPARE(suite::verdictKindName(same.verdict), std::string_view("equivalent"));

        const auto differ = check(kGold, "SELECT name FROM people");
        QCOMPARE(differ.verdict, VerdictKind::Different);
        QVERIFY(differ.separatingDatabase >= 0);
        QVERIFY(!differ.comparison.same());
        QVERIFY(!differ.message.empty());
        // The separating database really separates them.
        auto conn = exec::Connection::deserializeCopy(
            figure1().suite.databases[std::size_t(differ.separatingDatabase)].bytes);
        QVERIFY(conn.ok());
        const auto g = exec::runQuery(*conn, kGold);
        const auto c = exec::runQuery(*conn, "SELECT name FROM people");
        QVERIFY(g.ok() && c.ok());
        QVERIFY(g.result.rows.size() < c.result.rows.size());
        QCOMPARE(differ.goldOutcome.result.rows.size(), g.result.rows.size());
    }

    void errorVerdicts()
    {
        const auto candidateError = check(kGold, "SELECT nme FROM people");
        QCOMPARE(candidateError.verdict, VerdictKind::CandidateError);
        QCOMPARE(candidateError.separatingDatabase, 0);
        QCOMPARE(candidateError.candidateOutcome.status, exec::OutcomeStatus::Error);
        QCOMPARE(suite::verdictKindName(candidateError.verdict), std::string_view("candidate_error"));

        const auto goldError = check("SELECT nme FROM people", kGold);
        QCOMPARE(goldError.verdict, VerdictKind::GoldError);
        QCOMPARE(goldError.separatingDatabase, 0);
        QVERIFY(goldError.message.find("gold") != std::string::npos);

        // An empty suite decides nothing: vacuously equivalent, zero databases checked.
        const auto empty = suite::checkCandidate(kGold, "SELECT 1", suite::Suite{}, suite::CheckOptions{});
        QCOMPARE(empty.verdict, VerdictKind::Equivalent);
        QCOMPARE(empty.databasesChecked, std::size_t(0));
    }

    void plugValueVerdicts()
    {
        QCOMPARE(check(kGold, "SELECT name FROM people WHERE age > 20").verdict, VerdictKind::Different);
        const auto plugged = check(kGold, "SELECT name FROM people WHERE age > 20", true);
        QCOMPARE(plugged.verdict, VerdictKind::Equivalent);
        QCOMPARE(plugged.candidateUsed, std::string("SELECT name FROM people WHERE age > 34"));
        QCOMPARE(plugged.variantsTried, std::size_t(2));
        // A placeholder string slot gets the gold's number.
        QCOMPARE(check(kGold, "SELECT name FROM people WHERE age > 'terminal'", true).verdict,
                 VerdictKind::Equivalent);
        // Plugging does not rescue a wrong operator.
        const auto wrong = check(kGold, "SELECT name FROM people WHERE age < 20", true);
        QCOMPARE(wrong.verdict, VerdictKind::Different);
        // ... and what is judged is the candidate with the gold's value, not the placeholder.
        QCOMPARE(wrong.candidateUsed, std::string("SELECT name FROM people WHERE age < 34"));
    }

    void distinctOption()
    {
        const std::string gold = "SELECT DISTINCT age FROM people";
        const auto removed = check(gold, "SELECT age FROM people");
        QCOMPARE(removed.goldUsed, std::string("SELECT  age FROM people"));
        QCOMPARE(removed.verdict, VerdictKind::Equivalent);
    }

    void removeDistinctMatchesOfficial_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        QTest::newRow("select") << "SELECT DISTINCT name FROM t" << "SELECT  name FROM t";
        QTest::newRow("count") << "SELECT count(DISTINCT x) FROM t" << "SELECT count( x) FROM t";
        QTest::newRow("lower") << "select distinct a from t" << "select  a from t";
        QTest::newRow("mixed") << "SELECT Distinct a FROM t UNION SELECT DISTINCT b FROM u"
                               << "SELECT  a FROM t UNION SELECT  b FROM u";
        QTest::newRow("string kept") << "SELECT a FROM t WHERE b = 'distinct'" << "SELECT a FROM t WHERE b = 'distinct'";
        QTest::newRow("quoted kept") << "SELECT \"distinct\" FROM t" << "SELECT \"distinct\" FROM t";
        QTest::newRow("no space") << "SELECT count(DISTINCT(x)) FROM t" << "SELECT count((x)) FROM t";
        QTest::newRow("none") << "SELECT a FROM t" << "SELECT a FROM t";
        QTest::newRow("is not distinct from kept")
            << "SELECT DISTINCT a FROM t WHERE a IS NOT DISTINCT FROM b" << "SELECT  a FROM t WHERE a IS NOT DISTINCT FROM b";
        QTest::newRow("is distinct from kept") << "SELECT a FROM t WHERE a is distinct from b"
                                               << "SELECT a FROM t WHERE a is distinct from b";
        QTest::newRow("lexer error") << "SELECT DISTINCT a FROM t WHERE b = 'open" << "SELECT  a FROM t WHERE b = 'open";
    }

    void removeDistinctMatchesOfficial()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(suite::removeDistinct(input.toStdString())), expected);
    }

    void plugGoldValuesEnumerates()
    {
        // Two slots, two distinct gold values ('a' and "a" are one): 2^2 variants, odometer order.
        auto variants = suite::plugGoldValues("SELECT * FROM t WHERE x = 'a' AND y > 3 AND z = \"a\" LIMIT 5",
                                              "SELECT * FROM t WHERE y > 1 OR x = 'q' LIMIT 10");
        QCOMPARE(variants.size(), std::size_t(4));
        QCOMPARE(variants[0], std::string("SELECT * FROM t WHERE y > 'a' OR x = 'a' LIMIT 10"));
        QCOMPARE(variants[1], std::string("SELECT * FROM t WHERE y > 'a' OR x = 3 LIMIT 10"));
        QCOMPARE(variants[2], std::string("SELECT * FROM t WHERE y > 3 OR x = 'a' LIMIT 10"));
        QCOMPARE(variants[3], std::string("SELECT * FROM t WHERE y > 3 OR x = 3 LIMIT 10"));
        // No slot, or no constant: no variant (the candidate itself is never listed).
        QVERIFY(suite::plugGoldValues("SELECT a FROM t WHERE b = 1", "SELECT a FROM t").empty());
        QVERIFY(suite::plugGoldValues("SELECT a FROM t LIMIT 1", "SELECT a FROM t WHERE b = 2").empty());
        // A sign written against its number is part of the value; a binary minus is not.
        QCOMPARE(suite::plugGoldValues("SELECT a FROM t WHERE b = -5", "SELECT a FROM t WHERE b = 7"),
                 std::vector<std::string>{"SELECT a FROM t WHERE b = -5"});
        QCOMPARE(suite::plugGoldValues("SELECT a FROM t WHERE b = 9", "SELECT a - 1 FROM t"),
                 std::vector<std::string>{"SELECT a - 9 FROM t"});
        // Double-quoted strings are slots; qualified or called names are not; OFFSET counts are not.
        QCOMPARE(suite::plugGoldValues("SELECT a FROM t WHERE b = 'x'",
                                       "SELECT \"t\".a FROM t WHERE b = \"y\" LIMIT 2 OFFSET 3"),
                 std::vector<std::string>{"SELECT \"t\".a FROM t WHERE b = 'x' LIMIT 2 OFFSET 3"});
        QCOMPARE(suite::plugGoldValues("SELECT a FROM t WHERE b = 1 OR b = 2", "SELECT a FROM t WHERE b IN (7, 8, 9)",
                                       5).size(),
                 std::size_t(5));
    }

    void plugGoldValuesLikeliestFirstOrders()
    {
        // The same variants as plugGoldValues; first the one that gives each candidate slot
        // the constant the gold compares with the same column (the k-th one for the k-th slot).
        const std::string gold = "SELECT a FROM t WHERE lang = 'English' AND official = 'T' OR lang = 'Dutch'";
        const std::string candidate = "SELECT a FROM t WHERE T1.Official = 1 AND T2.lang = 1 EXCEPT "
                                      "SELECT a FROM t WHERE T2.Lang IN (7, 1)";
        auto ordered = suite::plugGoldValuesLikeliestFirst(gold, candidate);
        auto odometer = suite::plugGoldValues(gold, candidate);
        QCOMPARE(ordered.size(), std::size_t(81));
        QCOMPARE(ordered.front(), std::string("SELECT a FROM t WHERE T1.Official = 'T' AND T2.lang = 'English' EXCEPT "
                                              "SELECT a FROM t WHERE T2.Lang IN ('Dutch', 'Dutch')"));
        QVERIFY(ordered.front() != odometer.front());
        std::sort(ordered.begin(), ordered.end());
        std::sort(odometer.begin(), odometer.end());
        QVERIFY(ordered == odometer);
        // BETWEEN bounds and LIKE patterns have their column; a slot with none takes the
        // gold's constant at its position.
        QCOMPARE(suite::plugGoldValuesLikeliestFirst("SELECT a FROM t WHERE b LIKE '%x' AND c BETWEEN 3 AND 9",
                                                     "SELECT a FROM t WHERE c BETWEEN 1 AND 2 AND b NOT LIKE 'y'")
                     .front(),
                 std::string("SELECT a FROM t WHERE c BETWEEN 3 AND 9 AND b NOT LIKE '%x'"));
        QCOMPARE(suite::plugGoldValuesLikeliestFirst("SELECT a FROM t WHERE b = 5 AND c = 6", "SELECT a + 1, 2 FROM t")
                     .front(),
                 std::string("SELECT a + 5, 6 FROM t"));
    }

    void plugValueTriesTheGoldsSlotsFirst()
    {
        // In odometer order the passing variant would be the third plugged one ('Zed' in
        // both slots, then 'Zed' and 34, then 34 and 'Zed'); in the likeliest order it is the first.
        const suite::Suite original = suiteOfTheOriginal();
        suite::CheckOptions opts;
        opts.plugValue = true;
        const auto checked = suite::checkCandidate("SELECT name FROM people WHERE name != 'Zed' AND age > 34",
                                                   "SELECT name FROM people WHERE age > 1 AND name != 'x'", original, opts);
        QCOMPARE(checked.verdict, VerdictKind::Equivalent);
        QCOMPARE(checked.candidateUsed, std::string("SELECT name FROM people WHERE age > 34 AND name != 'Zed'"));
        QCOMPARE(checked.variantsTried, std::size_t(2));
        QCOMPARE(checked.variantsSkipped, std::size_t(0));
    }

    void plugValueStopsAShapeThatRunsAway()
    {
        // The likeliest plugged variant (the gold's first constant: the slot compares a
        // column the gold does not) recurses far past the step budget; the other plugged
        // variants, the same query with 7 and with 20, are not run: the verdict is the
        // runaway's (they would not pass either: 3 rows where the gold counts 2).
        const suite::Suite original = suiteOfTheOriginal();
        suite::CheckOptions opts;
        opts.plugValue = true;
        opts.limits.maxSteps = 200'000;
        const std::string candidate = "WITH RECURSIVE c(n) AS (SELECT age FROM people UNION ALL "
                                      "SELECT n + age FROM c, people WHERE n < 40) SELECT count(*) FROM c";
        const auto checked = suite::checkCandidate(
            "SELECT count(*) FROM people WHERE age < 100000000 AND age != 7 AND age != 20", candidate, original, opts);
        QCOMPARE(checked.verdict, VerdictKind::CandidateError);
        QCOMPARE(checked.candidateOutcome.status, exec::OutcomeStatus::Timeout);
        QVERIFY(checked.candidateUsed.find("n < 100000000") != std::string::npos);
        QCOMPARE(checked.variantsTried, std::size_t(2));
        QCOMPARE(checked.variantsSkipped, std::size_t(2));
        // The candidate itself running away stops its plugged variants too.
        std::string runaway = candidate;
        runaway.replace(runaway.find("n < 40"), 6, "n < 100000000");
        const auto own = suite::checkCandidate("SELECT count(*) FROM people WHERE age != 7 AND age != 20", runaway,
                                               original, opts);
        QCOMPARE(own.verdict, VerdictKind::CandidateError);
        QCOMPARE(own.candidateUsed, runaway);
        QCOMPARE(own.variantsTried, std::size_t(1));
        QCOMPARE(own.variantsSkipped, std::size_t(2));
        // A first plugged variant that ends within its budget stops nothing.
        const auto tame = suite::checkCandidate("SELECT count(*) FROM people WHERE age < 30 OR age = 7", candidate,
                                                original, opts);
        QCOMPARE(tame.variantsTried, std::size_t(3));
        QCOMPARE(tame.variantsSkipped, std::size_t(0));
    }

    void deterministicAcrossSeedsAndJobs()
    {
        const std::vector<std::string> golds{std::string(kGold), "SELECT count(*) FROM people WHERE name LIKE 'A%'"};
        const auto one = distillOrDie(golds, options(5, 1));
        const auto two = distillOrDie(golds, options(5, 2));
        const auto again = distillOrDie(golds, options(5, 2));
        QVERIFY(!one.suite.databases.empty());
        QVERIFY(suiteBytes(one.suite) == suiteBytes(two.suite));
        QVERIFY(suiteBytes(two.suite) == suiteBytes(again.suite));
        QCOMPARE(one.sampled, two.sampled);
        for (std::size_t g = 0; g < golds.size(); ++g) {
            QCOMPARE(one.golds[g].neighbors.size(), two.golds[g].neighbors.size());
            for (std::size_t n = 0; n < one.golds[g].neighbors.size(); ++n)
                QCOMPARE(one.golds[g].neighbors[n].distinguishedBy, two.golds[g].neighbors[n].distinguishedBy);
        }
        for (std::size_t d = 0; d < one.suite.databases.size(); ++d)
            QCOMPARE(one.suite.databases[d].sampleIndex, two.suite.databases[d].sampleIndex);
        const auto other = distillOrDie(golds, options(6, 2));
        QVERIFY(suiteBytes(other.suite) != suiteBytes(one.suite));
    }

    void handMadeNeighbors()
    {
        std::vector<Result<std::vector<neighbors::Neighbor>>> lists;
        lists.emplace_back(std::vector<neighbors::Neighbor>{
            handMade("SELECT name FROM people WHERE age >= 34"),          // needs age = 34
            handMade("SELECT name FROM people"),                          // almost any database
            handMade("SELECT name FROM people WHERE 34 < age"),           // equivalent: never
            handMade("SELECT name FROM people WHERE age > 34 + abs(-1) / 0"),  // x/0 is NULL: no rows
            handMade("SELECT nme FROM people"),                           // errors everywhere
            handMade("SELECT DISTINCT name FROM people WHERE age > 34"),  // the gold once DISTINCT goes
        });
        for (unsigned jobs : {1u, 2u}) {
            auto copy = lists;
            auto result = suite::distillWithNeighbors(peopleSchema(), {std::string(kGold)}, std::move(copy),
                                                      options(3, jobs, 100));
            QVERIFY(result.ok());
            const auto& n = result->golds[0].neighbors;
            QCOMPARE(n.size(), std::size_t(6));
            QVERIFY(n[0].distinguishedBy >= 0);
            QVERIFY(n[1].distinguishedBy >= 0);
            QCOMPARE(n[2].distinguishedBy, -1);
            QVERIFY(n[4].distinguishedBy >= 0);
            QVERIFY(n[5].sameAsGoldWhenRun);
            QCOMPARE(n[5].distinguishedBy, -1);
            QCOMPARE(result->golds[0].undistinguished(), n[3].distinguishedBy < 0 ? std::size_t(2) : std::size_t(1));
            // The budget ran out on the equivalent neighbor.
            QCOMPARE(result->sampled, std::size_t(100));
        }
    }

    void goldFailuresSkipDatabases()
    {
        // The gold raises a runtime error on databases with more than 5 people: those are
        // skipped (and counted) for it; the neighbors are only judged on the others.
        const std::string gold =
            "SELECT name FROM people WHERE age > 34 AND CASE WHEN (SELECT count(*) FROM people) > 5 "
            "THEN json('not json') ELSE 1 END";
        std::vector<Result<std::vector<neighbors::Neighbor>>> lists;
        // An equivalent neighbor is never distinguished, so all 60 databases are sampled and
        // some of them hold more than 5 people, whatever the sampler's stream looks like.
        lists.emplace_back(std::vector<neighbors::Neighbor>{
            handMade("SELECT name FROM people"),
            handMade("SELECT name FROM people WHERE age >= 35 AND CASE WHEN (SELECT count(*) FROM people) > 5 "
                     "THEN json('not json') ELSE 1 END")});
        auto result = suite::distillWithNeighbors(peopleSchema(), {gold}, std::move(lists), options(2, 2, 60));
        QVERIFY(result.ok());
        QVERIFY(!result->golds[0].error);
        QVERIFY(result->goldFailures > 0);
        QCOMPARE(result->golds[0].goldFailures, result->goldFailures);
        for (const auto& db : result->suite.databases) {
            auto conn = exec::Connection::deserializeCopy(db.bytes);
            QVERIFY(exec::runQuery(*conn, gold).ok());
        }
        // A gold that cannot even be prepared is reported once, not per database.
        auto broken = suite::distill(peopleSchema(), {"SELECT nme FROM people"}, options(2, 2, 60));
        QVERIFY(broken.ok());
        QVERIFY(broken->golds[0].error.has_value());
        QCOMPARE(broken->goldFailures, std::size_t(0));
        QCOMPARE(broken->sampled, std::size_t(0));
        // ... and the suite still holds a database to check candidates on.
        QCOMPARE(broken->suite.databases.size(), std::size_t(1));
        QCOMPARE(broken->suite.databases[0].label, std::string("sample 0"));
    }

    void originalGoesFirst()
    {
        auto opts = options(1, 2);
        opts.original = originalDatabase();
        const auto result = distillOrDie({std::string(kGold)}, opts);
        QVERIFY(!result.suite.databases.empty());
        QCOMPARE(result.suite.databases[0].origin, suite::DatabaseOrigin::Original);
        QCOMPARE(result.suite.databases[0].label, std::string("original"));
        QVERIFY(result.suite.databases[0].bytes == *opts.original);
        // The original separates age >= 34 (Ann is 34): the checker reports it first.
        const auto differ = suite::checkCandidate(kGold, "SELECT name FROM people WHERE age >= 34", result.suite,
                                                  suite::CheckOptions{});
        QCOMPARE(differ.verdict, VerdictKind::Different);
        QCOMPARE(differ.separatingDatabase, 0);
    }

    void exportImportRoundTrip()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // Twelve distinct databases, so that name order and index order could differ.
        suite::Suite s;
        s.dbId = "db";
        for (uint64_t i = 0; i < 12; ++i) {
            auto conn = fuzz::sampleConnection(peopleSchema(), {}, fuzz::SampleSpec{fuzz::Profile::Spider, 4, i});
            QVERIFY(conn.ok());
            suite::SuiteDatabase db;
            db.label = "sample " + std::to_string(i);
            db.sampleIndex = i;
            db.bytes = conn->serialize().value();
            s.databases.push_back(std::move(db));
        }
        const std::filesystem::path root = dir.path().toStdString();
        QVERIFY(suite::exportSuite(s, root).ok());
        for (std::size_t n = 0; n < s.databases.size(); ++n)
            QVERIFY(std::filesystem::exists(root / "db" / ("db_" + std::to_string(n) + ".sqlite")));
        auto imported = suite::importSuite(root, "db");
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().message.c_str());
        QCOMPARE(imported->dbId, std::string("db"));
        QVERIFY(suiteBytes(*imported) == suiteBytes(s));
        QCOMPARE(imported->databases[10].label, std::string("db_10.sqlite"));
        QCOMPARE(imported->databases[0].origin, suite::DatabaseOrigin::Imported);

        // Re-exporting a smaller suite removes the stale files; other files stay.
        { std::ofstream(root / "db" / "notes.txt") << "keep"; }
        s.databases.resize(3);
        QVERIFY(suite::exportSuite(s, root).ok());
        QVERIFY(!std::filesystem::exists(root / "db" / "db_3.sqlite"));
        QVERIFY(std::filesystem::exists(root / "db" / "notes.txt"));
        QCOMPARE(suite::importSuite(root, "db")->databases.size(), std::size_t(3));

        // Errors name the folder or the file.
        auto missing = suite::importSuite(root, "nope");
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.find("nope") != std::string::npos);
        { std::ofstream(root / "db" / "db_9.sqlite") << "not a database"; }
        auto broken = suite::importSuite(root, "db");
        QVERIFY(!broken.ok());
        QVERIFY(broken.error().message.find("db_9.sqlite") != std::string::npos);
    }

    void cancellationStopsSampling()
    {
        std::atomic<bool> cancel{false};
        std::size_t calls = 0;
        auto opts = options(9, 2, 100000);
        std::vector<Result<std::vector<neighbors::Neighbor>>> lists;
        lists.emplace_back(std::vector<neighbors::Neighbor>{handMade("SELECT name FROM people WHERE 34 < age")});
        auto result = suite::distillWithNeighbors(
            peopleSchema(), {std::string(kGold)}, std::move(lists), opts,
            [&](const suite::Progress& p) {
                ++calls;
                QCOMPARE(p.phase, std::string("sampling"));
                if (p.done >= 20) cancel = true;
            },
            &cancel);
        QVERIFY(result.ok());
        QVERIFY(result->cancelled);
        QVERIFY(calls > 0);
        QVERIFY(result->sampled < 200);  // stopped within a few batches (its latency: bench_check --cancel)

        // distill() itself, cancelled before it starts sampling.
        std::atomic<bool> already{true};
        auto early = suite::distill(peopleSchema(), {std::string(kGold)}, options(1, 2), {}, &already);
        QVERIFY(early.ok());
        QVERIFY(early->cancelled);
        QVERIFY(early->suite.databases.empty());
    }

    void batchGroupsBySchema()
    {
        QTemporaryDir dir;
        const std::filesystem::path tables = dir.path().toStdString() + "/tables.json";
        {
            std::ofstream out(tables);
            out << R"([{"db_id": "people", "table_names_original": ["people"], "table_names": ["people"],
                 "column_names_original": [[-1, "*"], [0, "id"], [0, "name"], [0, "age"]],
                 "column_names": [[-1, "*"], [0, "id"], [0, "name"], [0, "age"]],
                 "column_types": ["text", "number", "text", "number"], "primary_keys": [1], "foreign_keys": []}])";
        }
        const std::vector<suite::GoldItem> items{{std::string(kGold), "people"}, {"SELECT 1", "missing"},
                                                 {"SELECT count(*) FROM people", "people"}};
        std::vector<std::string> seen;
        auto result = suite::distillBatch(items, tables, options(1, 2, 50), [&](const suite::Progress& p) {
            if (seen.empty() || seen.back() != p.dbId) seen.push_back(p.dbId);
            QCOMPARE(p.schemaCount, std::size_t(2));
        });
        QVERIFY(result.ok());
        QCOMPARE(result->size(), std::size_t(2));
        QCOMPARE((*result)[0].dbId, std::string("people"));
        QCOMPARE((*result)[0].items, (std::vector<std::size_t>{0, 2}));
        QCOMPARE((*result)[0].result.golds.size(), std::size_t(2));
        QVERIFY(!(*result)[0].error);
        QVERIFY((*result)[1].error.has_value());
        QVERIFY(!suite::distillBatch(items, dir.path().toStdString() + "/none.json", options(1, 1)).ok());
    }
};

QTEST_APPLESS_MAIN(TestSuite)
#include "test_suite.moc"
