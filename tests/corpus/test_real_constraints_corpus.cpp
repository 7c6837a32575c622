// The real promises of Spider dev's schemas: for every db_id with its original database,
// the constraint set sqleq uses (keys, UNIQUE, NOT NULL, CHECK) is the one the original's
// DDL declares, read here with plain PRAGMAs, not tables.json's truncated keys. Pairs
// that need a composite key (a join fanning out over flights, singer_in_concert,
// countrylanguage, evaluation) are `different` under both profiles, and every
// counterexample is re-checked in plain SQLite on tables the original's own CREATE
// statements made. Skips without the corpus.
#include "core/dataset/dataset_layout.h"
#include "core/inspect/inspect.h"
#include "core/schema/schema_source.h"
#include "core/schema/spider_tables.h"
#include "tests/core/plain_recheck.h"
#include "tests/corpus_skip.h"

#include <QtTest>

#include <sqlite3.h>

#include <filesystem>
#include <set>

using namespace sqleq;

namespace {

const std::filesystem::path kCorpus = SQLEQ_CORPUS_DIR;

std::filesystem::path originalOf(const std::string& dbId)
{
    return kCorpus / "database" / dbId / (dbId + ".sqlite");
}

std::string lower(std::string text)
{
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

struct DeclaredTable {
    std::vector<std::string> primaryKey;     ///< lower-cased, in key order
    std::set<std::string> notNull;           ///< lower-cased
    std::set<std::vector<std::string>> uniques;
    bool hasCheck = false;
};

/// One table's constraints as the original declares them, by PRAGMA (no sqleq code).
DeclaredTable declared(sqlite3* db, const std::string& table)
{
    DeclaredTable out;
    std::vector<std::pair<std::string, std::string>> keyParts;  // (pk position, name)
    const recheck::Run info = recheck::runPlain(db, "SELECT name, \"notnull\", pk FROM pragma_table_info('" + table + "')");
    for (const auto& row : info.rows) {
        const std::string name = lower(row[0].substr(2));
        if (row[1] != "n:0") out.notNull.insert(name);
        if (row[2] != "n:0") keyParts.emplace_back(row[2], name);
    }
    std::sort(keyParts.begin(), keyParts.end());
    for (const auto& part : keyParts) out.primaryKey.push_back(part.second);
    const recheck::Run indexes = recheck::runPlain(
        db, "SELECT name FROM pragma_index_list('" + table + "') WHERE \"unique\" AND origin <> 'pk' AND NOT partial");
    for (const auto& index : indexes.rows) {
        const recheck::Run columns
            = recheck::runPlain(db, "SELECT name FROM pragma_index_info('" + index[0].substr(2) + "') ORDER BY seqno");
        std::vector<std::string> unique;
        for (const auto& column : columns.rows) unique.push_back(lower(column[0].substr(2)));
        out.uniques.insert(unique);
    }
    const recheck::Run sql = recheck::runPlain(db, "SELECT upper(sql) FROM sqlite_master WHERE type = 'table' AND name = '"
                                                       + table + "' COLLATE NOCASE");
    out.hasCheck = !sql.rows.empty() && sql.rows[0][0].find("CHECK") != std::string::npos;
    return out;
}

/// The CREATE TABLE statements of the original, as written there.
std::string originalDdl(const std::string& dbId)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(originalOf(dbId).string().c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    const recheck::Run tables = recheck::runPlain(
        db, "SELECT sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql IS NOT NULL");
    sqlite3_close(db);
    std::string ddl;
    for (const auto& row : tables.rows) ddl += row[0].substr(2) + ";\n";
    return ddl;
}

/// The counterexample re-checked in plain SQLite on tables the original's own CREATE
/// statements make (foreign keys are tables.json's promise, which spider checks apart).
bool separatesUnderTheOriginalDdl(const std::string& dbId, const inspect::Inspection& inspection, QString* why)
{
    *why = QString::fromStdString(recheck::whyNotSeparatedUnderDdl(originalDdl(dbId), inspection.counterexample->content,
                                                                   inspection.check.goldUsed,
                                                                   inspection.check.candidateUsed, inspection.orderMatters));
    return why->isEmpty();
}

schema::SchemaSource openSpider(const std::string& dbId)
{
    auto source = dataset::DatasetLayout{.tables = kCorpus / "tables.json"}.schemaSource(dbId);
    if (!source) qFatal("%s: %s", dbId.c_str(), source.error().message.c_str());
    return std::move(*source);
}

inspect::Inspection inspectOrDie(const schema::SchemaSource& source, std::string gold, std::string candidate,
                                 fuzz::Profile profile)
{
    inspect::CheckRequest request;
    request.gold = std::move(gold);
    request.candidate = std::move(candidate);
    request.settings.profile = profile;
    request.settings.jobs = 2;
    request.otherProfile = false;
    auto inspection = inspect::inspect(source, request);
    if (!inspection) qFatal("inspect: %s", inspection.error().message.c_str());
    return std::move(*inspection);
}

struct FanOut {
    const char* dbId;
    const char* gold;
    const char* candidate;
};

// A join repeats the parent once per child; IN does not. Each needs two children of one
// parent, which only the composite key allows.
constexpr FanOut kFanOuts[] = {
    {"flight_2",
     "SELECT T1.Airline FROM airlines AS T1 JOIN flights AS T2 ON T1.uid = T2.Airline WHERE T2.SourceAirport = 'AHD'",
     "SELECT Airline FROM airlines WHERE uid IN (SELECT Airline FROM flights WHERE SourceAirport = 'AHD')"},
    {"concert_singer",
     "SELECT T2.concert_Name FROM singer_in_concert AS T1 JOIN concert AS T2 ON T1.concert_ID = T2.concert_ID",
     "SELECT concert_Name FROM concert WHERE concert_ID IN (SELECT concert_ID FROM singer_in_concert)"},
    {"world_1",
     "SELECT T1.Name FROM country AS T1 JOIN countrylanguage AS T2 ON T1.Code = T2.CountryCode WHERE T2.IsOfficial = 'T'",
     "SELECT Name FROM country WHERE Code IN (SELECT CountryCode FROM countrylanguage WHERE IsOfficial = 'T')"},
    {"employee_hire_evaluation",
     "SELECT T1.Name FROM employee AS T1 JOIN evaluation AS T2 ON T1.Employee_ID = T2.Employee_ID",
     "SELECT Name FROM employee WHERE Employee_ID IN (SELECT Employee_ID FROM evaluation)"},
};

} // namespace

class TestRealConstraintsCorpus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { SQLEQ_SKIP_ALL_WITHOUT_CORPUS(kCorpus / "tables.json", kCorpus / "database"); }

    /// No table of any Spider dev schema with an original differs from the original's DDL.
    void everySchemaKeepsTheOriginalsConstraints()
    {
        auto ids = schema::listSpiderDbIdsInFile(kCorpus / "tables.json");
        QVERIFY(ids.ok());
        int schemas = 0;
        std::set<std::string> corrected;
        for (const std::string& dbId : *ids) {
            if (!std::filesystem::exists(originalOf(dbId))) continue;
            ++schemas;
            const schema::SchemaSource source = openSpider(dbId);
            sqlite3* db = nullptr;
            QCOMPARE(sqlite3_open_v2(originalOf(dbId).string().c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
            for (const schema::Table& table : source.schema.tables) {
                const QString where = QString::fromStdString(dbId + "." + table.name);
                const DeclaredTable real = declared(db, table.name);
                std::vector<std::string> key;
                for (const std::string& part : table.primaryKey) key.push_back(lower(part));
                QVERIFY2(key == real.primaryKey, qPrintable(where + ": primary key"));
                for (const schema::Column& column : table.columns)
                    QVERIFY2(column.notNull == real.notNull.contains(lower(column.name)),
                             qPrintable(where + "." + QString::fromStdString(column.name) + ": NOT NULL"));
                std::set<std::vector<std::string>> uniques;
                for (const auto& unique : table.uniques) {
                    std::vector<std::string> columns;
                    for (const std::string& column : unique.columns) columns.push_back(lower(column));
                    uniques.insert(columns);
                }
                QVERIFY2(uniques == real.uniques, qPrintable(where + ": UNIQUE"));
                QVERIFY2(!table.checks.empty() == real.hasCheck, qPrintable(where + ": CHECK"));
            }
            sqlite3_close(db);
            for (const std::string& note : source.constraintNotes)
                if (note.starts_with("tables.json gives ")) corrected.insert(dbId + ": " + note.substr(18, note.find(' ', 18) - 18));
        }
        QCOMPARE(schemas, 19);
        // The eight truncated keys of Spider dev, each said once.
        const std::set<std::string> expected{
            "concert_singer: singer_in_concert.concert_ID", "course_teach: course_arrange.Course_ID",
            "employee_hire_evaluation: evaluation.Employee_ID", "flight_2: flights.Airline",
            "museum_visit: visit.Museum_ID", "network_1: Friend.student_id", "network_1: Likes.student_id",
            "world_1: countrylanguage.CountryCode"};
        QCOMPARE(corrected, expected);
    }

    void theNoteSaysWhatIsUsed()
    {
        const auto source = openSpider("flight_2");
        QCOMPARE(source.constraintNotes.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(source.constraintNotes.front()),
                 QStringLiteral("tables.json gives flights.Airline as the key; the original database declares "
                                "(Airline, FlightNo), which is used"));
    }

    /// sqleq's own databases find the fan-out (the original left out), both profiles.
    void aFanOutNeedsTheCompositeKey_data()
    {
        QTest::addColumn<int>("pair");
        QTest::addColumn<int>("profile");
        for (int p = 0; p < static_cast<int>(std::size(kFanOuts)); ++p)
            for (const auto profile : {fuzz::Profile::Spider, fuzz::Profile::Strict})
                QTest::addRow("%s %s", kFanOuts[p].dbId, fuzz::profileName(profile).data())
                    << p << static_cast<int>(profile);
    }

    void aFanOutNeedsTheCompositeKey()
    {
        QFETCH(int, pair);
        QFETCH(int, profile);
        const FanOut& fanOut = kFanOuts[pair];
        schema::SchemaSource source = openSpider(fanOut.dbId);
        source.original.reset();
        const auto inspection = inspectOrDie(source, fanOut.gold, fanOut.candidate, static_cast<fuzz::Profile>(profile));
        QCOMPARE(inspection.check.verdict, suite::VerdictKind::Different);
        QVERIFY(inspection.counterexample.has_value());
        QString why;
        QVERIFY2(separatesUnderTheOriginalDdl(fanOut.dbId, inspection, &why), qPrintable(why));
    }

    /// The original itself separates them; its counterexample is now minimized (the
    /// truncated key refused its rows and showed it whole) and keeps the profile.
    void theOriginalsCounterexampleIsMinimized_data()
    {
        QTest::addColumn<int>("pair");
        QTest::newRow("concert_singer") << 1;
        QTest::newRow("world_1") << 2;
    }

    void theOriginalsCounterexampleIsMinimized()
    {
        QFETCH(int, pair);
        const FanOut& fanOut = kFanOuts[pair];
        const auto inspection = inspectOrDie(openSpider(fanOut.dbId), fanOut.gold, fanOut.candidate, fuzz::Profile::Spider);
        QCOMPARE(inspection.check.verdict, suite::VerdictKind::Different);
        QCOMPARE(inspection.check.separatingDatabase, 0);
        QVERIFY2(inspection.counterexample->minimized, inspection.counterexample->note.c_str());
        QVERIFY(inspection.counterexample->content.rowCount() < inspection.counterexample->rowsBefore);
        qInfo("%s: the original's %zu rows minimized to %zu", fanOut.dbId, inspection.counterexample->rowsBefore,
              inspection.counterexample->content.rowCount());
        QString why;
        QVERIFY2(separatesUnderTheOriginalDdl(fanOut.dbId, inspection, &why), qPrintable(why));
    }
};

QTEST_APPLESS_MAIN(TestRealConstraintsCorpus)
#include "test_real_constraints_corpus.moc"
