// The prover (core/prove) tested like a verdict, both ways. Every rule has pairs that
// need it, over two schemas and both profiles: each must be proved, its proof must use
// the rule, and a search of 1,000 databases with the proof turned off must not separate
// the pair. Pairs that differ (or whose difference the plan decides) must stay
// unproved, and the search must separate every one of them that differs. Inside
// inspect() a proof replaces the search: evidence kind `proof`, no search database.
#include "core/inspect/inspect.h"
#include "core/inspect/inspection_json.h"
#include "core/prove/proof_json.h"
#include "core/prove/prove.h"

#include "tests/core/ddl_schema_support.h"
#include "tests/pair_sample.h"

#include <QtTest>

#include <algorithm>

using namespace sqleq;
using fuzz::Profile;
using suite::VerdictKind;

namespace {

constexpr std::string_view kSchool = R"(CREATE TABLE dept (dept_id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget REAL);
CREATE TABLE student (
  stu_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  age INTEGER,
  dept_id INTEGER REFERENCES dept(dept_id),
  email TEXT UNIQUE,
  nick TEXT COLLATE NOCASE
);
CREATE TABLE enrol (
  stu_id INTEGER NOT NULL REFERENCES student(stu_id),
  course TEXT NOT NULL,
  grade INTEGER,
  PRIMARY KEY (stu_id, course)
);
)";

constexpr std::string_view kShop = R"(CREATE TABLE product (code TEXT NOT NULL PRIMARY KEY, title TEXT, price REAL NOT NULL, label TEXT COLLATE NOCASE);
CREATE TABLE sale (sale_id INTEGER PRIMARY KEY, code TEXT NOT NULL REFERENCES product(code), qty INTEGER NOT NULL, shop TEXT);
)";

enum class Profiles { Both, SpiderOnly };

const char* profileTag(Profile profile)
{
    return profile == Profile::Spider ? "spider" : "strict";
}

/// One inspection of the pair, the proof on or off.
inspect::Inspection inspectPair(std::string_view ddl, std::string_view gold, std::string_view candidate,
                                Profile profile, bool proofs, std::size_t search)
{
    inspect::CheckRequest request;
    request.gold = std::string(gold);
    request.candidate = std::string(candidate);
    request.settings.profile = profile;
    request.settings.jobs = 2;
    request.settings.samplingBudget = 200;
    request.settings.searchBudget = search;
    request.settings.prove = proofs;
    request.minimize = false;
    request.diagnose = false;
    request.otherProfile = false;
    auto inspection = inspect::inspect(schema::SchemaSource{schemaOf(ddl), std::nullopt}, request);
    if (!inspection) qFatal("inspect failed: %s", inspection.error().message.c_str());
    return std::move(inspection.value());
}

bool usesRule(const prove::Proof& proof, std::string_view rule)
{
    return std::any_of(proof.steps.begin(), proof.steps.end(), [&](const auto& step) { return step.rule == rule; });
}

/// Rows provedPairs_data added: how many the sanitizer run samples from.
std::size_t g_provedRows = 0;

void addProvedRow(const char* name, std::string_view ddl, Profiles profiles, const char* rule, const char* gold,
                  const char* candidate)
{
    for (Profile profile : {Profile::Spider, Profile::Strict}) {
        if (profile == Profile::Strict && profiles == Profiles::SpiderOnly) continue;
        ++g_provedRows;
        QTest::addRow("%s/%s", name, profileTag(profile))
            << QByteArray(ddl.data(), static_cast<int>(ddl.size())) << int(profile) << QByteArray(rule)
            << QByteArray(gold) << QByteArray(candidate);
    }
}

} // namespace

class TestProve : public QObject {
    Q_OBJECT

    int m_provedRow = 0;    ///< rows of provedPairs run so far
    int m_unprovedRow = 0;  ///< rows of unprovedPairs run so far
    std::size_t m_unprovedRows = 0;  ///< rows unprovedPairs_data added

private slots:
    void provedPairs_data()
    {
        QTest::addColumn<QByteArray>("ddl");
        QTest::addColumn<int>("profile");
        QTest::addColumn<QByteArray>("rule");
        QTest::addColumn<QByteArray>("gold");
        QTest::addColumn<QByteArray>("candidate");
        // names: aliases, case, quotes, AS, qualification, a double-quoted string.
        addProvedRow("aliases", kSchool, Profiles::Both, "names", "SELECT name FROM student WHERE age > 20",
                     "select S.\"Name\" from Student as S where S.age > 20");
        addProvedRow("output alias", kShop, Profiles::Both, "names", "SELECT title FROM product",
                     "SELECT p.title AS product_title FROM product p");
        addProvedRow("double-quoted string", kSchool, Profiles::Both, "names",
                     "SELECT name FROM student WHERE email = \"bo@x\"",
                     "SELECT name FROM student WHERE email = 'bo@x'");
        addProvedRow("order by alias", kSchool, Profiles::Both, "names",
                     "SELECT name, age AS years FROM student ORDER BY years DESC",
                     "SELECT T.name, T.age FROM student T ORDER BY T.age DESC");
        // spelling: function case and ASC, also where the order is compared.
        addProvedRow("function case and asc", kSchool, Profiles::Both, "spelling",
                     "SELECT name FROM student ORDER BY age ASC LIMIT 3", "SELECT name FROM student ORDER BY age LIMIT 3");
        addProvedRow("COUNT", kShop, Profiles::Both, "spelling", "SELECT COUNT(*) FROM sale", "select count(*) from sale");
        // unordered_result: an ORDER BY the comparison does not read.
        addProvedRow("candidate orders a bag", kSchool, Profiles::Both, "unordered_result",
                     "SELECT name FROM student WHERE age > 20", "SELECT name FROM student WHERE age > 20 ORDER BY name");
        addProvedRow("order inside IN", kShop, Profiles::Both, "unordered_result",
                     "SELECT title FROM product WHERE code IN (SELECT code FROM sale)",
                     "SELECT title FROM product WHERE code IN (SELECT code FROM sale ORDER BY qty)");
        // outer_to_inner: the WHERE filters the NULL row away.
        addProvedRow("left join filtered", kSchool, Profiles::Both, "outer_to_inner",
                     "SELECT s.name, d.name FROM student s JOIN dept d ON s.dept_id = d.dept_id WHERE d.budget > 100",
                     "SELECT s.name, d.name FROM student s LEFT JOIN dept d ON s.dept_id = d.dept_id WHERE d.budget > 100");
        addProvedRow("left join like", kShop, Profiles::Both, "outer_to_inner",
                     "SELECT p.title FROM sale s JOIN product p ON s.code = p.code WHERE p.title LIKE 'A%'",
                     "SELECT p.title FROM sale s LEFT OUTER JOIN product p ON s.code = p.code WHERE p.title LIKE 'A%'");
        // inner_joins: join order, comma joins, ON vs WHERE.
        addProvedRow("join order", kSchool, Profiles::Both, "inner_joins",
                     "SELECT T1.name FROM student AS T1 JOIN enrol AS T2 ON T1.stu_id = T2.stu_id WHERE T2.grade > 3",
                     "SELECT s.name FROM enrol e JOIN student s ON e.stu_id = s.stu_id WHERE e.grade > 3");
        addProvedRow("comma join", kShop, Profiles::Both, "inner_joins",
                     "SELECT p.title, s.qty FROM product p JOIN sale s ON p.code = s.code",
                     "SELECT product.title, sale.qty FROM sale, product WHERE sale.code = product.code");
        addProvedRow("star over a product", kShop, Profiles::Both, "inner_joins",
                     "SELECT * FROM product JOIN sale ON product.code = sale.code",
                     "SELECT * FROM sale JOIN product ON sale.code = product.code");
        // negation: de Morgan, NOT of a comparison, BETWEEN, IN lists.
        addProvedRow("not less", kSchool, Profiles::Both, "negation", "SELECT name FROM student WHERE NOT age < 20",
                     "SELECT name FROM student WHERE age >= 20");
        addProvedRow("de morgan", kSchool, Profiles::Both, "negation",
                     "SELECT name FROM student WHERE NOT (age > 20 OR dept_id = 3)",
                     "SELECT name FROM student WHERE age <= 20 AND dept_id <> 3");
        addProvedRow("between", kShop, Profiles::Both, "negation", "SELECT title FROM product WHERE price BETWEEN 1 AND 5",
                     "SELECT title FROM product WHERE price >= 1 AND price <= 5");
        addProvedRow("not between", kShop, Profiles::Both, "negation",
                     "SELECT title FROM product WHERE price NOT BETWEEN 1 AND 5",
                     "SELECT title FROM product WHERE price < 1 OR price > 5");
        addProvedRow("in list", kSchool, Profiles::Both, "negation", "SELECT name FROM student WHERE age IN (20, 21, 22)",
                     "SELECT name FROM student WHERE age IN (22, 20, 21, 20)");
        addProvedRow("not in", kSchool, Profiles::Both, "negation",
                     "SELECT name FROM student WHERE NOT age IN (20, 21)", "SELECT name FROM student WHERE age NOT IN (21, 20)");
        // count_star: the column holds no NULL.
        addProvedRow("count not null", kSchool, Profiles::Both, "count_star", "SELECT count(name) FROM student",
                     "SELECT count(*) FROM student");
        addProvedRow("count rowid", kSchool, Profiles::Both, "count_star",
                     "SELECT dept_id, count(stu_id) FROM student GROUP BY dept_id",
                     "SELECT dept_id, count(*) FROM student GROUP BY dept_id");
        addProvedRow("count nullable under spider", kSchool, Profiles::SpiderOnly, "count_star",
                     "SELECT count(age) FROM student", "SELECT count(*) FROM student");
        // distinct_key: rows carry a key of every table.
        addProvedRow("distinct rowid key", kSchool, Profiles::Both, "distinct_key",
                     "SELECT DISTINCT stu_id, name FROM student", "SELECT stu_id, name FROM student");
        addProvedRow("distinct composite key", kSchool, Profiles::Both, "distinct_key",
                     "SELECT DISTINCT course, stu_id FROM enrol WHERE grade > 2",
                     "SELECT stu_id, course FROM enrol WHERE grade > 2");
        addProvedRow("distinct unique nullable under spider", kSchool, Profiles::SpiderOnly, "distinct_key",
                     "SELECT DISTINCT email FROM student", "SELECT email FROM student");
        addProvedRow("distinct over a join", kShop, Profiles::Both, "distinct_key",
                     "SELECT DISTINCT s.sale_id, p.code FROM sale s JOIN product p ON s.code = p.code",
                     "SELECT s.sale_id, p.code FROM sale s JOIN product p ON s.code = p.code");
        // commute: operand order, mirrored comparisons, result column order.
        addProvedRow("operands", kSchool, Profiles::Both, "commute", "SELECT name FROM student WHERE age > 20 AND name = 'x'",
                     "SELECT name FROM student WHERE 'x' = name AND 20 < age");
        // A scalar subquery brings no collation: the NOCASE of `nick` does not travel.
        addProvedRow("scalar subquery side", kSchool, Profiles::Both, "commute",
                     "SELECT name FROM student WHERE (SELECT max(nick) FROM student) = name",
                     "SELECT name FROM student WHERE name = (SELECT max(nick) FROM student)");
        addProvedRow("result columns", kShop, Profiles::Both, "commute", "SELECT title, price FROM product",
                     "SELECT price, title FROM product");
        addProvedRow("grouped with a key", kSchool, Profiles::Both, "commute",
                     "SELECT d.name, count(*) FROM dept d JOIN student s ON d.dept_id = s.dept_id GROUP BY d.dept_id",
                     "SELECT count(*), d.name FROM student s JOIN dept d ON s.dept_id = d.dept_id GROUP BY d.dept_id");
    }

    void provedPairs()
    {
        QFETCH(QByteArray, ddl);
        QFETCH(int, profile);
        QFETCH(QByteArray, rule);
        QFETCH(QByteArray, gold);
        QFETCH(QByteArray, candidate);
        const auto& schema = schemaOf(ddl.toStdString());
        const auto proof = prove::prove(schema, gold.toStdString(), candidate.toStdString(), Profile(profile));
        QVERIFY2(proof.proved, (proof.reason + "\n  G " + proof.goldForm + "\n  C " + proof.candidateForm).c_str());
        QVERIFY2(usesRule(proof, rule.toStdString()), "the proof does not use the rule the pair needs");
        QCOMPARE(proof.goldForm, proof.candidateForm);
        // Every step starts where the one before it ended.
        for (std::size_t i = 1; i < proof.steps.size(); ++i) {
            if (proof.steps[i].side == proof.steps[i - 1].side) QCOMPARE(proof.steps[i].before, proof.steps[i - 1].after);
        }
        // A proof is a claim: 1,000 databases without it must not refute it (every row in
        // the release run; every Nth under the sanitizers, tests/pair_sample.h).
        if (!test::pairSampled(static_cast<std::size_t>(++m_provedRow - 1), g_provedRows)) return;
        const auto searched = inspectPair(ddl.toStdString(), gold.toStdString(), candidate.toStdString(),
                                          Profile(profile), false, 1000);
        QVERIFY2(searched.check.verdict == VerdictKind::Equivalent, searched.check.message.c_str());
        QVERIFY(!searched.proof);
    }

    void unprovedPairs_data()
    {
        QTest::addColumn<QByteArray>("ddl");
        QTest::addColumn<int>("profile");
        QTest::addColumn<bool>("differs");
        QTest::addColumn<QByteArray>("gold");
        QTest::addColumn<QByteArray>("candidate");
        auto row = [this](const char* name, std::string_view ddl, Profile profile, bool differs, const char* gold,
                          const char* candidate) {
            ++m_unprovedRows;
            QTest::addRow("%s/%s", name, profileTag(profile)) << QByteArray(ddl.data(), static_cast<int>(ddl.size()))
                                                               << int(profile) << differs << QByteArray(gold)
                                                               << QByteArray(candidate);
        };
        for (Profile profile : {Profile::Spider, Profile::Strict}) {
            row("distinct without key", kSchool, profile, true, "SELECT DISTINCT name FROM student",
                "SELECT name FROM student");
            // Under spider every student's dept_id names a department: no NULL row to keep.
            row("left join kept by IS NULL", kSchool, profile, profile == Profile::Strict,
                "SELECT s.name FROM student s LEFT JOIN dept d ON s.dept_id = d.dept_id WHERE d.budget IS NULL",
                "SELECT s.name FROM student s JOIN dept d ON s.dept_id = d.dept_id WHERE d.budget IS NULL");
            row("not not", kSchool, profile, true, "SELECT NOT NOT age FROM student", "SELECT age FROM student");
            row("max vs top row", kSchool, profile, true, "SELECT name FROM student WHERE age = (SELECT max(age) FROM student)",
                "SELECT name FROM student ORDER BY age DESC LIMIT 1");
            row("boundary", kShop, profile, true, "SELECT title FROM product WHERE price > 3",
                "SELECT title FROM product WHERE price >= 3");
            row("in vs join duplicates", kShop, profile, true,
                "SELECT title FROM product WHERE code IN (SELECT code FROM sale)",
                "SELECT p.title FROM product p JOIN sale s ON p.code = s.code");
            // Ties at LIMIT: which rows the plan reads first decides; no plan-changing rule runs.
            row("join order under LIMIT", kSchool, profile, false,
                "SELECT s.name FROM student s JOIN enrol e ON s.stu_id = e.stu_id ORDER BY e.grade LIMIT 2",
                "SELECT s.name FROM enrol e JOIN student s ON e.stu_id = s.stu_id ORDER BY e.grade LIMIT 2");
            row("bare column", kSchool, profile, false, "SELECT name, count(*) FROM student GROUP BY dept_id",
                "SELECT count(*), name FROM student GROUP BY dept_id");
        }
        // Strict keeps NULLs: a nullable column's count and a nullable UNIQUE's repeats.
        row("count nullable", kSchool, Profile::Strict, true, "SELECT count(age) FROM student",
            "SELECT count(*) FROM student");
        row("distinct nullable unique", kSchool, Profile::Strict, true, "SELECT DISTINCT email FROM student",
            "SELECT email FROM student");
        row("count under left join", kSchool, Profile::Strict, true,
            "SELECT count(d.dept_id) FROM student s LEFT JOIN dept d ON s.dept_id = d.dept_id",
            "SELECT count(*) FROM student s LEFT JOIN dept d ON s.dept_id = d.dept_id");
        // `NULL NOT IN (no row)` is true: the LEFT JOIN's row of NULLs survives this WHERE.
        row("left join kept by NOT IN", kSchool, Profile::Strict, true,
            "SELECT s.name FROM student s LEFT JOIN dept d ON s.dept_id = d.dept_id "
            "WHERE d.budget NOT IN (SELECT grade FROM enrol WHERE grade > 100)",
            "SELECT s.name FROM student s JOIN dept d ON s.dept_id = d.dept_id "
            "WHERE d.budget NOT IN (SELECT grade FROM enrol WHERE grade > 100)");
        // Row values compare element by element with the left element's collation.
        row("row values of two collations", kSchool, Profile::Strict, true,
            "SELECT stu_id FROM student WHERE (name, 1) = (nick, 1)", "SELECT stu_id FROM student WHERE (nick, 1) = (name, 1)");
        // NOCASE on the left of `=` compares without case; swapped, BINARY does (strict
        // samples the case variants that show it).
        row("collation decides", kSchool, Profile::Strict, true,
            "SELECT s.name FROM student s, dept d WHERE s.nick = d.name",
            "SELECT s.name FROM student s, dept d WHERE d.name = s.nick");
    }

    void unprovedPairs()
    {
        QFETCH(QByteArray, ddl);
        QFETCH(int, profile);
        QFETCH(bool, differs);
        QFETCH(QByteArray, gold);
        QFETCH(QByteArray, candidate);
        const auto proof = prove::prove(schemaOf(ddl.toStdString()), gold.toStdString(), candidate.toStdString(),
                                        Profile(profile));
        QVERIFY2(!proof.proved, ("proved: " + proof.goldForm).c_str());
        if (!test::pairSampled(static_cast<std::size_t>(++m_unprovedRow - 1), m_unprovedRows)) return;
        const auto searched = inspectPair(ddl.toStdString(), gold.toStdString(), candidate.toStdString(),
                                          Profile(profile), true, 300);
        QVERIFY(!searched.proof);
        if (differs) QCOMPARE(searched.check.verdict, VerdictKind::Different);
    }

    void unresolvableNamesStayUnproved()
    {
        const auto& schema = schemaOf(kSchool);
        for (const char* candidate : {"SELECT name FROM student, dept", "SELECT nope FROM student",
                                      "SELECT s.name FROM student t", "WITH x AS (SELECT name FROM student) SELECT name FROM x",
                                      "SELECT name FROM student NATURAL JOIN enrol", "SELECT name FROM"}) {
            const auto proof = prove::prove(schema, "SELECT name FROM student", candidate, Profile::Spider);
            QVERIFY2(!proof.proved, candidate);
            QVERIFY2(!proof.reason.empty(), candidate);
        }
        // What no rule follows is still the same as itself, spelled alike.
        const auto itself = prove::prove(schema, "WITH x AS (SELECT name FROM student) SELECT name FROM x",
                                         "with x as (select name from student) select name from x", Profile::Strict);
        QVERIFY(itself.proved);
        QVERIFY(std::all_of(itself.steps.begin(), itself.steps.end(), [](const auto& step) { return step.rule == "syntax"; }));
        QVERIFY(!prove::prove(schema, "WITH x AS (SELECT name FROM student) SELECT name FROM x",
                              "WITH x AS (SELECT Name FROM student) SELECT name FROM x", Profile::Strict)
                     .proved);
        QCOMPARE(prove::prove(schema, "SELECT name FROM student, dept", "SELECT name FROM student", Profile::Spider).reason,
                 std::string("the gold: `name` is ambiguous: `student` and `dept` both have it"));
    }

    void inspectionCarriesTheProof()
    {
        const auto inspection = inspectPair(kSchool, "SELECT T1.name FROM student AS T1 JOIN enrol AS T2 ON T1.stu_id = T2.stu_id",
                                            "SELECT s.name FROM enrol e JOIN student s ON e.stu_id = s.stu_id",
                                            Profile::Spider, true, 300);
        QCOMPARE(inspection.check.verdict, VerdictKind::Equivalent);
        QVERIFY(inspection.proof);
        QCOMPARE(inspection.evidence.kind, inspect::EvidenceKind::Proof);
        QCOMPARE(inspection.evidence.searchDatabases, std::size_t(0));
        const auto json = inspect::inspectionJson(schemaOf(kSchool), inspection);
        QCOMPARE(json["evidence"]["kind"].get<std::string>(), std::string("proof"));
        const auto& proof = json["evidence"]["proof"];
        QCOMPARE(proof["format"].get<std::string>(), std::string(prove::kProofFormat));
        QVERIFY(proof["proved"].get<bool>());
        QCOMPARE(proof["gold_form"], proof["candidate_form"]);
        QVERIFY(proof["steps"].size() >= 2);
        for (const auto& step : proof["steps"]) {
            QVERIFY(step.contains("rule") && step.contains("before") && step.contains("after") && step.contains("uses"));
        }
        QVERIFY(proof["schema"]["tables"].size() == 3);
    }

    void otherProfileLineFromTheProof()
    {
        inspect::CheckRequest request;
        request.gold = "SELECT count(name) FROM student";
        request.candidate = "SELECT count(*) FROM student";
        request.settings.jobs = 2;
        request.settings.samplingBudget = 200;
        const schema::SchemaSource source{schemaOf(kSchool), std::nullopt};
        auto both = inspect::inspect(source, request);
        QVERIFY(both && both->proof && both->otherProfile);
        QCOMPARE(both->otherProfile->basis, inspect::OtherProfileVerdict::Basis::Proof);
        // count(age): proved under spider only; strict's own search finds the NULL.
        request.gold = "SELECT count(age) FROM student";
        auto spiderOnly = inspect::inspect(source, request);
        QVERIFY(spiderOnly && spiderOnly->proof && spiderOnly->otherProfile);
        QCOMPARE(spiderOnly->otherProfile->basis, inspect::OtherProfileVerdict::Basis::OwnSearch);
        QCOMPARE(spiderOnly->otherProfile->verdict, VerdictKind::Different);
    }

    void proofsAreDeterministic()
    {
        const auto& schema = schemaOf(kShop);
        const char* gold = "SELECT p.title, sum(s.qty) FROM product p JOIN sale s ON p.code = s.code GROUP BY p.code";
        const char* candidate = "SELECT sum(sale.qty), product.title FROM sale, product WHERE product.code = sale.code "
                                "GROUP BY product.code";
        const auto first = prove::prove(schema, gold, candidate, Profile::Strict);
        QVERIFY(first.proved);
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(prove::proofJson(prove::prove(schema, gold, candidate, Profile::Strict), schema).dump(),
                     prove::proofJson(first, schema).dump());
        }
    }
};

QTEST_GUILESS_MAIN(TestProve)
#include "test_prove.moc"
