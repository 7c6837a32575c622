// Spider's concert_singer: a separating database that breaks the schema's keys (a suite
// file written without singer's primary key, two singers sharing an id) cannot be
// shrunk, so the counterexample comes from the next database that separates the pair,
// the original, shrunk within the spider profile; it says why the first was not used,
// and it separates the pair in plain SQLite on tables the original's own CREATE
// statements made. Skips without the corpus.
#include "core/dataset/dataset_layout.h"
#include "core/inspect/inspect.h"
#include "core/minimize/counterexample.h"
#include "core/suite/checker.h"
#include "tests/core/plain_recheck.h"
#include "tests/corpus_skip.h"

#include <QtTest>

#include <sqlite3.h>

#include <filesystem>

using namespace sqleq;

namespace {

const std::filesystem::path kCorpus = SQLEQ_CORPUS_DIR;
const std::filesystem::path kOriginal = kCorpus / "database" / "concert_singer" / "concert_singer.sqlite";

// Dev item 3's gold, and the order reversed.
const std::string kGold = "SELECT name , country , age FROM singer ORDER BY age DESC";
const std::string kCandidate = "SELECT name , country , age FROM singer ORDER BY age ASC";

/// `sql` run on a private copy of `bytes`; the copy's bytes after it.
exec::Bytes edited(const exec::Bytes& bytes, const char* sql)
{
    sqlite3* db = nullptr;
    sqlite3_open(":memory:", &db);
    auto* buffer = static_cast<unsigned char*>(sqlite3_malloc64(bytes.size()));
    std::copy(bytes.begin(), bytes.end(), buffer);
    sqlite3_deserialize(db, "main", buffer, static_cast<sqlite3_int64>(bytes.size()),
                        static_cast<sqlite3_int64>(bytes.size()),
                        SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
    char* error = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) qFatal("%s", error);
    sqlite3_int64 size = 0;
    unsigned char* out = sqlite3_serialize(db, "main", &size, 0);
    exec::Bytes copy(out, out + size);
    sqlite3_free(out);
    sqlite3_close(db);
    return copy;
}

/// The original's own CREATE statements, as its file holds them.
std::string originalDdl()
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(kOriginal.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    std::string ddl;
    for (const auto& row : recheck::runPlain(db, "SELECT sql FROM sqlite_master WHERE type = 'table'").rows)
        ddl += row[0].substr(2) + ";\n";  // the cells are "t:<text>"
    sqlite3_close(db);
    return ddl;
}

} // namespace

class TestCounterexampleChoiceCorpus : public QObject {
    Q_OBJECT

private slots:
    void aFileBreakingTheKeysGivesWayToTheOriginal()
    {
        SQLEQ_SKIP_WITHOUT_CORPUS(kCorpus / "tables.json", kOriginal);
        auto source = dataset::DatasetLayout{.tables = kCorpus / "tables.json"}.schemaSource("concert_singer");
        QVERIFY2(source, source ? "" : source.error().message.c_str());
        QVERIFY(source->original);
        const exec::Bytes& original = *source->original;
        // singer rebuilt without its key, and a second singer with Joe Sharp's id.
        const exec::Bytes brokenKeys = edited(original, R"sql(
            CREATE TABLE loose AS SELECT * FROM singer;
            DROP TABLE singer;
            ALTER TABLE loose RENAME TO singer;
            INSERT INTO singer SELECT Singer_ID, 'Twin', Country, Song_Name, Song_release_year, Age + 1, Is_male
              FROM singer WHERE Singer_ID = 1;)sql");

        suite::Suite suite;
        suite.dbId = "concert_singer";
        suite.databases.push_back({suite::DatabaseOrigin::Imported, "concert_singer_0.sqlite", 0, brokenKeys});
        suite.databases.push_back({suite::DatabaseOrigin::Original, "original", 0, original});
        const suite::CheckResult check = suite::checkCandidate(kGold, kCandidate, suite, {});
        QCOMPARE(check.verdict, suite::VerdictKind::Different);
        QCOMPARE(check.separatingDatabase, 0);

        const auto counterexample = minimize::buildCounterexample(source->schema, suite, check, true, {});
        QVERIFY(counterexample);
        QCOMPARE(counterexample->database, 1);
        QVERIFY2(counterexample->minimized, counterexample->note.c_str());
        QCOMPARE(counterexample->rowsBefore, std::size_t{31});
        QVERIFY2(counterexample->content.rowCount() < 31, qPrintable(QString::number(counterexample->content.rowCount())));
        QVERIFY2(counterexample->firstNotShrunk.starts_with("shown whole: "), counterexample->firstNotShrunk.c_str());

        inspect::Inspection inspection;
        inspection.distilled.suite = suite;
        inspection.check = check;
        inspection.counterexample = counterexample;
        const std::string origin = inspect::counterexampleOrigin(inspection);
        QVERIFY2(origin.starts_with("database #0 (concert_singer_0.sqlite) separates them first but could not be "
                                    "shrunk (shown whole: "),
                 origin.c_str());
        QVERIFY2(origin.ends_with("this counterexample comes from database #1 (original), which separates them too"),
                 origin.c_str());

        const std::string why = recheck::whyNotSeparatedUnderDdl(originalDdl(), counterexample->content, kGold,
                                                                 kCandidate, check.comparison.orderMatters);
        QVERIFY2(why.empty(), why.c_str());
    }
};

QTEST_APPLESS_MAIN(TestCounterexampleChoiceCorpus)
#include "test_counterexample_choice_corpus.moc"
