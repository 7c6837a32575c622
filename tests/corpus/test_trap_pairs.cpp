// Corpus test of sqleq's own verdict (core/inspect with default settings) on the
// hand-written pairs of tests/data/trap_pairs.tsv: one block per class of difference
// the search past the suite must find (ties at LIMIT, a parent with two children,
// boundaries, case variants, numbers in text columns, count thresholds, nothing passing
// the WHERE, joins between unlinked columns, duplicates, NULLs and empty tables), plus
// truly equivalent pairs, each under both profiles, over Spider schemas from tables.json.
// Every `different` verdict is re-checked independently of the code that produced it:
// the counterexample's rows go into tables created here with plain SQLite, both queries
// as judged run there, and a comparer written here (bag or list, Python-like values,
// column permutations, both empty = same) must see different results. The profile is
// checked too: under spider no empty table and no NULL; under both, every foreign key
// of tables.json resolves.
#include "core/inspect/inspect.h"
#include "core/schema/ddl_writer.h"
#include "core/schema/spider_tables.h"

#include <QtTest>

#include "tests/core/plain_recheck.h"
#include "tests/corpus_skip.h"

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>

using namespace sqleq;

namespace {

const std::filesystem::path kCorpus = SQLEQ_CORPUS_DIR;
const std::filesystem::path kPairs = std::filesystem::path(SQLEQ_SOURCE_DIR) / "tests/data/trap_pairs.tsv";

struct TrapPair {
    std::string kind, dbId, spiderExpected, strictExpected, gold, candidate;
};

std::vector<TrapPair> readPairs()
{
    std::vector<TrapPair> pairs;
    std::ifstream in(kPairs);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line.front() == '#') continue;
        std::vector<std::string> fields;
        std::size_t start = 0;
        for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1)
            fields.push_back(line.substr(start, tab - start));
        fields.push_back(line.substr(start));
        if (fields.size() != 6) qFatal("trap_pairs.tsv: bad line: %s", line.c_str());
        pairs.push_back({fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]});
    }
    return pairs;
}

/// The counterexample in tables declared from the schema's names and declared types only.
sqlite3* loadCounterexample(const schema::Schema& schema, const schema::DatabaseContent& content)
{
    sqlite3* db = recheck::openDeclaredTables(schema);
    recheck::insertContent(db, content);
    return db;
}

} // namespace

class TestTrapPairs : public QObject {
    Q_OBJECT

    std::map<std::string, schema::Schema> m_schemas;

    const schema::Schema& schemaFor(const std::string& dbId)
    {
        auto found = m_schemas.find(dbId);
        if (found != m_schemas.end()) return found->second;
        auto loaded = schema::loadSpiderSchema(kCorpus / "tables.json", dbId);
        if (!loaded) qFatal("%s", loaded.error().message.c_str());
        return m_schemas.emplace(dbId, std::move(*loaded)).first->second;
    }

private slots:
    void initTestCase()
    {
        SQLEQ_SKIP_ALL_WITHOUT_CORPUS(kCorpus / "tables.json");
    }

    void verdictsAndCertificates_data()
    {
        QTest::addColumn<int>("pair");
        QTest::addColumn<bool>("strict");
        const auto pairs = readPairs();
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            for (const bool strict : {false, true}) {
                const std::string name = pairs[i].kind + " " + pairs[i].dbId + " #" + std::to_string(i)
                    + (strict ? " strict" : " spider");
                QTest::newRow(name.c_str()) << static_cast<int>(i) << strict;
            }
        }
    }

    void verdictsAndCertificates()
    {
        QFETCH(int, pair);
        QFETCH(bool, strict);
        const TrapPair trap = readPairs()[static_cast<std::size_t>(pair)];
        const auto& schema = schemaFor(trap.dbId);
        inspect::CheckRequest options{.gold = trap.gold, .candidate = trap.candidate};
        options.settings.profile = strict ? fuzz::Profile::Strict : fuzz::Profile::Spider;
        auto inspection = inspect::inspect({schema, std::nullopt}, options);
        QVERIFY2(inspection.ok(), inspection.ok() ? "" : inspection.error().message.c_str());
        const std::string expected = strict ? trap.strictExpected : trap.spiderExpected;
        const std::string verdict(suite::verdictKindName(inspection->check.verdict));
        QVERIFY2(verdict == expected, (verdict + " (expected " + expected + "; suite said "
                                       + std::string(suite::verdictKindName(inspection->suiteCheck.verdict)) + "): "
                                       + inspection->check.message).c_str());
        if (inspection->check.verdict != suite::VerdictKind::Different) return;

        QVERIFY(inspection->counterexample.has_value());
        sqlite3* db = loadCounterexample(schema, inspection->counterexample->content);
        const std::string violation = recheck::profileViolation(db, schema, options.settings.profile);
        const recheck::Run gold = recheck::runPlain(db, inspection->check.goldUsed);
        const recheck::Run candidate = recheck::runPlain(db, inspection->check.candidateUsed);
        sqlite3_close(db);
        QVERIFY2(violation.empty(), ("the counterexample breaks the profile: " + violation).c_str());
        QVERIFY2(gold.ok, "the gold does not run on the counterexample");
        QVERIFY2(!candidate.ok || !recheck::sameResults(gold, candidate, inspection->orderMatters),
                 "the counterexample does not separate the queries when re-checked with plain SQLite");
    }
};

QTEST_APPLESS_MAIN(TestTrapPairs)
#include "test_trap_pairs.moc"
