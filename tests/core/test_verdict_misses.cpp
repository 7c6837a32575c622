// Issue 24, the verdicts sqleq was seen to miss: NULLs the schema allows, spaces and
// case in text under spider, key values at the edge (0 and below), columns grouped
// through NATURAL JOIN / USING, and LIMIT ties that must not count as a difference.
// Each pair, over the user's own DDL (nullable columns) or a Spider/BIRD schema of the
// shared corpus, is judged by sqleq with default settings under both profiles. Every
// `different` verdict's counterexample is re-checked with plain SQLite, not by sqleq's
// code (tests/core/plain_recheck.h); the other profile's line must agree with that
// profile's own run. Corpus pairs skip, saying so, without the corpus; own-DDL pairs run.
#include "core/dataset/dataset_layout.h"
#include "core/inspect/inspect.h"
#include "core/schema/schema_source.h"

#include <QtTest>

#include "tests/core/plain_recheck.h"
#include "tests/corpus_skip.h"
#include "tests/pair_sample.h"

#include <sqlite3.h>

#include <filesystem>
#include <map>
#include <optional>

using namespace sqleq;

namespace {

const std::filesystem::path kSpiderTables = std::filesystem::path(SQLEQ_CORPUS_DIR) / "tables.json";
const std::filesystem::path kBirdTables =
    std::filesystem::path(SQLEQ_CORPUS_DIR).parent_path() / "bird" / "dev_tables.json";

// Nullable columns everywhere but the keys; emp.dept_id is a nullable foreign key.
// emp and dept share only dept_id, so NATURAL JOIN joins on it alone.
constexpr const char* kStaff = R"sql(
CREATE TABLE dept (dept_id INTEGER PRIMARY KEY, dept_name TEXT, budget INTEGER);
CREATE TABLE emp (emp_id INTEGER PRIMARY KEY, name TEXT, age INTEGER, salary INTEGER, bonus INTEGER,
                  dept_id INTEGER REFERENCES dept (dept_id));
)sql";

// A department's name per site: dept_id alone does not fix dept_name, so grouping by
// both splits a department that grouping by dept_id keeps whole.
constexpr const char* kSites = R"sql(
CREATE TABLE office (dept_id INTEGER NOT NULL, site TEXT NOT NULL, dept_name TEXT, PRIMARY KEY (dept_id, site));
CREATE TABLE worker (worker_id INTEGER PRIMARY KEY, name TEXT, dept_id INTEGER);
)sql";

enum class From { OwnDdl, Spider, Bird };

/// Known sqleq bugs a pair shows, each the reason of a QEXPECT_FAIL on one check.
struct KnownMisses {
    const char* spider = nullptr;  ///< the spider verdict
    const char* strict = nullptr;  ///< the strict verdict
    const char* whole = nullptr;   ///< the counterexample is shown whole, not minimized
};

struct Pair {
    const char* name;
    From from;
    const char* schema;  ///< the DDL script (OwnDdl), else the corpus db_id
    const char* gold;
    const char* candidate;
    const char* spider;  ///< expected verdict under each profile
    const char* strict;
    KnownMisses miss{};
};

const Pair kPairs[] = {
    // 1. NULLs the schema allows: equal while every value is there (spider), not once a
    // column holds NULL (strict).
    {"null: ifnull beside a separate sum", From::OwnDdl, kStaff, "SELECT sum(salary + ifnull(bonus, 0)) FROM emp",
     "SELECT sum(salary) + sum(bonus) FROM emp", "equivalent", "different"},
    {"null: b.x + ifnull(c.x, 0)", From::OwnDdl, kStaff,
     "SELECT e.name, e.salary + ifnull(d.budget, 0) FROM emp AS e JOIN dept AS d ON e.dept_id = d.dept_id",
     "SELECT e.name, e.salary + d.budget FROM emp AS e JOIN dept AS d ON e.dept_id = d.dept_id", "equivalent",
     "different"},
    {"null: LEFT JOIN adds (NULL, NULL, n)", From::OwnDdl, kStaff,
     "SELECT d.dept_id, d.dept_name, count(*) FROM emp AS e LEFT JOIN dept AS d ON e.dept_id = d.dept_id "
     "GROUP BY d.dept_id",
     "SELECT d.dept_id, d.dept_name, count(*) FROM emp AS e JOIN dept AS d ON e.dept_id = d.dept_id GROUP BY d.dept_id",
     "equivalent", "different"},
    {"null: GROUP BY a nullable key", From::OwnDdl, kStaff, "SELECT dept_id, count(*) FROM emp GROUP BY dept_id",
     "SELECT d.dept_id, count(*) FROM dept AS d JOIN emp AS e ON e.dept_id = d.dept_id GROUP BY d.dept_id",
     "equivalent", "different"},
    {"null: UNION ALL of a nullable key", From::OwnDdl, kStaff,
     "SELECT dept_id FROM emp UNION ALL SELECT dept_id FROM dept",
     "SELECT e.dept_id FROM emp AS e JOIN dept AS d ON e.dept_id = d.dept_id UNION ALL SELECT dept_id FROM dept",
     "equivalent", "different"},
    // On an empty emp both give 1; they part when emp has rows and every age is NULL.
    {"null: count(*) = 0 vs max IS NULL", From::OwnDdl, kStaff, "SELECT count(*) = 0 FROM emp",
     "SELECT (SELECT max(age) FROM emp) IS NULL", "equivalent", "different"},
    {"null: = vs IS", From::OwnDdl, kStaff, "SELECT name FROM emp WHERE bonus = salary",
     "SELECT name FROM emp WHERE bonus IS salary", "equivalent", "different"},
    {"null: count(col) vs count(*)", From::OwnDdl, kSites, "SELECT count(dept_name) FROM office",
     "SELECT count(*) FROM office", "equivalent", "different"},
    {"null: count(col) vs count(*)", From::Spider, "concert_singer", "SELECT count(Age) FROM singer",
     "SELECT count(*) FROM singer", "equivalent", "different"},
    {"null: count(col) vs count(*)", From::Bird, "superhero", "SELECT count(weight_kg) FROM superhero",
     "SELECT count(*) FROM superhero", "equivalent", "different"},
    {"null control: count of the key", From::OwnDdl, kStaff, "SELECT count(emp_id) FROM emp",
     "SELECT count(*) FROM emp", "equivalent", "equivalent"},
    {"null control: ifnull is coalesce", From::OwnDdl, kStaff, "SELECT name, salary + ifnull(bonus, 0) FROM emp",
     "SELECT name, salary + coalesce(bonus, 0) FROM emp", "equivalent", "equivalent"},

    // 2. Spaces and case: spider promises no NULLs and no empty tables, not tidy text,
    // so these differ under both profiles.
    {"text: trim(x) = x", From::Spider, "world_1", "SELECT Name FROM city WHERE trim(District) = District",
     "SELECT Name FROM city", "different", "different"},
    // LIKE folds ASCII case: 'JAck' matches '_a%', its second letter is not 'a'.
    {"text: substr vs LIKE '_a%'", From::Spider, "concert_singer",
     "SELECT Name FROM singer WHERE substr(Name, 2, 1) = 'a'", "SELECT Name FROM singer WHERE Name LIKE '_a%'",
     "different", "different"},
    {"text: instr vs LIKE '%a%'", From::Spider, "pets_1", "SELECT StuID FROM Student WHERE instr(LName, 'a') > 0",
     "SELECT StuID FROM Student WHERE LName LIKE '%a%'", "different", "different"},
    {"text: upper(x) = 'HULK' vs x = 'hulk'", From::Bird, "superhero",
     "SELECT id FROM superhero WHERE upper(superhero_name) = 'HULK'",
     "SELECT id FROM superhero WHERE superhero_name = 'hulk'", "different", "different"},
    {"text: replace(x, ' ', '') = x", From::Bird, "student_club",
     "SELECT member_id FROM member WHERE replace(first_name, ' ', '') = first_name", "SELECT member_id FROM member",
     "different", "different"},
    // lower() and LIKE both fold ASCII only (no ICU): the same rows, NULLs dropped by both.
    {"text control: instr(lower(x)) is LIKE", From::Spider, "pets_1",
     "SELECT StuID FROM Student WHERE instr(lower(LName), 'a') > 0",
     "SELECT StuID FROM Student WHERE LName LIKE '%a%'", "equivalent", "equivalent"},

    // 3. Key values at the edge: nothing keeps an integer key above 0.
    {"key: id > 0", From::OwnDdl, kStaff, "SELECT count(*) FROM emp WHERE emp_id > 0", "SELECT count(*) FROM emp",
     "different", "different"},
    {"key: the key as a condition", From::OwnDdl, kStaff, "SELECT name FROM emp WHERE emp_id",
     "SELECT name FROM emp", "different", "different"},
    {"key: id > 0", From::Spider, "world_1", "SELECT count(*) FROM city WHERE ID > 0", "SELECT count(*) FROM city",
     "different", "different"},
    // Positive distinct keys sum to at least their count; a key of 0 or below breaks it.
    {"key: sum(DISTINCT) >= count(DISTINCT)", From::Spider, "pets_1",
     "SELECT sum(DISTINCT StuID) >= count(DISTINCT StuID) FROM Student", "SELECT count(*) > 0 FROM Student",
     "different", "different"},
    {"key: id >= 1", From::Bird, "superhero", "SELECT superhero_name FROM superhero WHERE id >= 1",
     "SELECT superhero_name FROM superhero", "different", "different"},
    {"key: count(DISTINCT) vs positive keys", From::Bird, "financial",
     "SELECT count(DISTINCT account_id) FROM account", "SELECT count(*) FROM account WHERE account_id > 0",
     "different", "different"},
    // An INTEGER PRIMARY KEY is the rowid: never NULL, never repeated.
    {"key control: the key is never NULL", From::OwnDdl, kStaff, "SELECT count(*) FROM emp WHERE emp_id IS NOT NULL",
     "SELECT count(*) FROM emp", "equivalent", "equivalent"},
    {"key control: count(DISTINCT key)", From::OwnDdl, kStaff, "SELECT count(DISTINCT emp_id) FROM emp",
     "SELECT count(*) FROM emp", "equivalent", "equivalent"},

    // 4. Columns grouped through NATURAL JOIN / USING: a second grouping column that the
    // first does not determine splits groups.
    {"group: USING, then a name", From::OwnDdl, kStaff,
     "SELECT dept_id, count(*) FROM emp JOIN dept USING (dept_id) GROUP BY dept_id",
     "SELECT dept_id, count(*) FROM emp JOIN dept USING (dept_id) GROUP BY dept_id, name", "different", "different"},
    {"group: NATURAL JOIN, name per site", From::OwnDdl, kSites,
     "SELECT dept_id, count(*) FROM worker NATURAL JOIN office GROUP BY dept_id",
     "SELECT dept_id, count(*) FROM worker NATURAL JOIN office GROUP BY dept_id, dept_name", "different",
     "different"},
    {"group: NATURAL JOIN, then a pet", From::Spider, "pets_1",
     "SELECT StuID, count(*) FROM Student NATURAL JOIN Has_Pet GROUP BY StuID",
     "SELECT StuID, count(*) FROM Student NATURAL JOIN Has_Pet GROUP BY StuID, PetID", "different", "different"},
    {"group: USING, then a category", From::Bird, "student_club",
     "SELECT link_to_event, count(*) FROM budget JOIN attendance USING (link_to_event) GROUP BY link_to_event",
     "SELECT link_to_event, count(*) FROM budget JOIN attendance USING (link_to_event) "
     "GROUP BY link_to_event, category",
     "different", "different"},
    // tables.json declares countrylanguage's key as CountryCode alone; the original's DDL
    // declares (CountryCode, Language), and that is the key sqleq keeps: a country with
    // two languages separates them, and the original's counterexample shrinks.
    {"group: USING, a key tables.json narrows", From::Spider, "world_1",
     "SELECT CountryCode, count(*) FROM city JOIN countrylanguage USING (CountryCode) GROUP BY CountryCode",
     "SELECT CountryCode, count(*) FROM city JOIN countrylanguage USING (CountryCode) "
     "GROUP BY CountryCode, Language",
     "different", "different"},
    // dept_id is dept's key, so it determines dept_name: the same groups.
    {"group control: the key determines the name", From::OwnDdl, kStaff,
     "SELECT dept_id, count(*) FROM emp NATURAL JOIN dept GROUP BY dept_id",
     "SELECT dept_id, count(*) FROM emp NATURAL JOIN dept GROUP BY dept_id, dept_name", "equivalent", "equivalent"},

    // 5. How a tie at ORDER BY … LIMIT 1 is broken is no difference when only the sort
    // key is selected: every way of breaking it gives the same value (NULLs sort first
    // in both).
    {"tie: ORDER BY age vs age, name", From::OwnDdl, kStaff, "SELECT age FROM emp ORDER BY age LIMIT 1",
     "SELECT age FROM emp ORDER BY age, name LIMIT 1", "equivalent", "equivalent"},
    {"tie: ORDER BY Age DESC vs Age DESC, Name", From::Spider, "concert_singer",
     "SELECT Age FROM singer ORDER BY Age DESC LIMIT 1", "SELECT Age FROM singer ORDER BY Age DESC, Name LIMIT 1",
     "equivalent", "equivalent"},
    {"tie: ORDER BY height vs height, name", From::Bird, "superhero",
     "SELECT height_cm FROM superhero ORDER BY height_cm LIMIT 1",
     "SELECT height_cm FROM superhero ORDER BY height_cm, superhero_name LIMIT 1", "equivalent", "equivalent"},
    {"tie control: ASC vs DESC", From::OwnDdl, kStaff, "SELECT age FROM emp ORDER BY age LIMIT 1",
     "SELECT age FROM emp ORDER BY age DESC LIMIT 1", "different", "different"},
};

const char* fromName(From from)
{
    switch (from) {
    case From::OwnDdl: return "ddl";
    case From::Spider: return "spider";
    case From::Bird: return "bird";
    }
    return "";
}

/// The counterexample in tables declared here from the schema's names and declared
/// types only, as test_aggregate_boundaries does: the re-check must not lean on sqleq's
/// DDL writer. For the user's own DDL, the user's script runs verbatim instead.
sqlite3* loadCounterexample(const Pair& pair, const schema::Schema& schema, std::string& refused)
{
    if (pair.from != From::OwnDdl) return recheck::openDeclaredTables(schema);
    sqlite3* db = nullptr;
    sqlite3_open(":memory:", &db);
    if (sqlite3_exec(db, pair.schema, nullptr, nullptr, nullptr) != SQLITE_OK) refused = "the DDL does not run";
    return db;
}

std::string verdictName(suite::VerdictKind kind) { return std::string(suite::verdictKindName(kind)); }

/// What one profile's run said: its own verdict and its line about the other profile.
struct Judged {
    suite::VerdictKind verdict = suite::VerdictKind::Equivalent;
    std::optional<suite::VerdictKind> other;
};

} // namespace

class TestVerdictMisses : public QObject {
    Q_OBJECT

    std::map<std::string, schema::SchemaSource> m_sources;

    /// Own DDL and corpus schemas alike come through openSchemaSource, as every front
    /// end opens them; a Spider db_id brings its original database along (DatasetLayout).
    const schema::SchemaSource* sourceFor(const Pair& pair)
    {
        const std::string key = std::string(fromName(pair.from)) + "/" + pair.schema;
        if (auto found = m_sources.find(key); found != m_sources.end()) return &found->second;
        auto opened = pair.from == From::OwnDdl
                          ? schema::openSchemaSource(
                                {.kind = schema::SchemaSourceKind::DdlScript, .path = "user.sql", .content = pair.schema})
                          : dataset::DatasetLayout{.tables = pair.from == From::Bird ? kBirdTables : kSpiderTables}
                                .schemaSource(pair.schema);
        if (!opened) qFatal("%s: %s", key.c_str(), opened.error().message.c_str());
        return &m_sources.emplace(key, std::move(*opened)).first->second;
    }

    /// Runs one profile, checks its verdict and re-checks a `different` verdict's
    /// counterexample in plain SQLite. Fills `judged` for the cross-profile checks.
    void judge(const Pair& pair, const schema::SchemaSource& source, fuzz::Profile profile, Judged& judged)
    {
        const bool strict = profile == fuzz::Profile::Strict;
        inspect::CheckRequest options{.gold = pair.gold, .candidate = pair.candidate};
        options.settings.profile = profile;
        auto inspection = inspect::inspect(source, options);
        QVERIFY2(inspection.ok(), inspection.ok() ? "" : inspection.error().message.c_str());
        judged.verdict = inspection->check.verdict;
        if (inspection->otherProfile) judged.other = inspection->otherProfile->verdict;

        const std::string verdict = verdictName(inspection->check.verdict);
        const std::string expected = strict ? pair.strict : pair.spider;
        if (const char* miss = strict ? pair.miss.strict : pair.miss.spider) QEXPECT_FAIL("", miss, Continue);
        QVERIFY2(verdict == expected, ((strict ? "strict: " : "spider: ") + verdict + ", expected " + expected + ": "
                                       + inspection->check.message)
                                          .c_str());
        if (inspection->check.verdict != suite::VerdictKind::Different) return;

        QVERIFY(inspection->counterexample.has_value());
        const minimize::Counterexample& counterexample = *inspection->counterexample;
        if (pair.miss.whole) QEXPECT_FAIL("", pair.miss.whole, Continue);
        QVERIFY2(counterexample.minimized, counterexample.note.c_str());
        std::string refused;
        sqlite3* db = loadCounterexample(pair, source.schema, refused);
        if (refused.empty()) refused = recheck::insertContent(db, counterexample.content);
        const std::string violation = recheck::profileViolation(db, source.schema, profile);
        const recheck::Run gold = recheck::runPlain(db, inspection->check.goldUsed);
        const recheck::Run candidate = recheck::runPlain(db, inspection->check.candidateUsed);
        sqlite3_close(db);
        QVERIFY2(refused.empty(), ("the schema refuses a counterexample row: " + refused).c_str());
        // Only a database the user brought (Spider's original) may break the profile's
        // promises, and then sqleq must have said so itself.
        QVERIFY2(violation.empty() || !counterexample.outsideProfile.empty(),
                 ("the counterexample breaks the profile unannounced: " + violation).c_str());
        QVERIFY2(gold.ok, "the gold does not run on the counterexample");
        QVERIFY2(!candidate.ok || !recheck::sameResults(gold, candidate, inspection->orderMatters),
                 "the counterexample does not separate the queries when re-checked with plain SQLite");
    }

private slots:
    void verdictsUnderBothProfiles_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < std::size(kPairs); ++i) {
            if (!test::pairSampled(i, std::size(kPairs))) continue;
            const std::string row = std::string(kPairs[i].name) + " ("
                + (kPairs[i].from == From::OwnDdl ? std::string("own DDL") : std::string(kPairs[i].schema)) + ")";
            QTest::newRow(row.c_str()) << static_cast<int>(i);
        }
    }

    void verdictsUnderBothProfiles()
    {
        QFETCH(int, index);
        const Pair& pair = kPairs[index];
        if (pair.from == From::Spider) SQLEQ_SKIP_WITHOUT_CORPUS(kSpiderTables);
        if (pair.from == From::Bird) SQLEQ_SKIP_WITHOUT_CORPUS(kBirdTables);
        const schema::SchemaSource& source = *sourceFor(pair);

        Judged spider, strict;
        judge(pair, source, fuzz::Profile::Spider, spider);
        judge(pair, source, fuzz::Profile::Strict, strict);
        if (QTest::currentTestFailed()) return;

        // Every spider database is a strict one: what spider separates, strict separates.
        if (spider.verdict == suite::VerdictKind::Different)
            QCOMPARE(verdictName(strict.verdict), verdictName(suite::VerdictKind::Different));
        // Each run's line about the other profile is that profile's own verdict.
        if (spider.other)
            QVERIFY2(*spider.other == strict.verdict,
                     ("spider's line on strict says " + verdictName(*spider.other) + ", strict's run "
                      + verdictName(strict.verdict))
                         .c_str());
        if (strict.other)
            QVERIFY2(*strict.other == spider.verdict,
                     ("strict's line on spider says " + verdictName(*strict.other) + ", spider's run "
                      + verdictName(spider.verdict))
                         .c_str());
    }

    void expectationsKeepTheProperty()
    {
        // The expected verdicts above obey spider `different` ⇒ strict `different` too.
        for (const Pair& pair : kPairs) {
            if (std::string_view(pair.spider) != "different") continue;
            QVERIFY2(std::string_view(pair.strict) == "different", pair.name);
        }
    }
};

QTEST_APPLESS_MAIN(TestVerdictMisses)
#include "test_verdict_misses.moc"
