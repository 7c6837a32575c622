// A project file is untrusted input: every tampering is refused by open() and
// openReadOnly() with a message naming the file and what is wrong, and the refused
// file is left exactly as it was; store calls run under a budget; read-only opens
// leave no -wal/-shm behind and still see edits of a live or crashed writer.

#include "core/audit/audit.h"
#include "core/audit/store_connection.h"
#include "core/audit/store_schema.h"
#include "core/audit/store_sql.h"
#include "tests/core/audit_test_support.h"
#include "tests/core/audit_tamper_support.h"

#include <sqlite3.h>

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

using namespace sqleq;
using audit::AnnotationStore;
using audit::Verdict;
using audit::testing::annotation;
using audit::testing::contains;
namespace fs = std::filesystem;

namespace {

std::vector<audit::AuditItem> sampleItems()
{
    std::vector<audit::AuditItem> items(3);
    for (std::size_t i = 0; i < items.size(); ++i) {
        items[i].index = i;
        items[i].dbId = "pets_1";
        items[i].gold = "SELECT count(*) FROM pets WHERE weight > " + std::to_string(i);
        items[i].prediction = "SELECT count(*) FROM pets WHERE weight >= " + std::to_string(i);
        items[i].metrics.index = i;
        items[i].metrics.dbId = "pets_1";
        items[i].metrics.esm = false;
    }
    return items;
}

void runSql(const std::string& path, const char* sql)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) qWarning("%s: %s", sql, sqlite3_errmsg(db));
    sqlite3_close(db);
    QCOMPARE(rc, SQLITE_OK);
}

std::vector<std::string> directoryOf(const fs::path& path)
{
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(path.parent_path())) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace

class TestAuditTamper : public QObject {
    Q_OBJECT

    int m_counter = 0;
    std::vector<std::unique_ptr<QTemporaryDir>> m_dirs;

    // Each project in its own directory, so that a listing shows only its files.
    std::string freshPath()
    {
        m_dirs.push_back(std::make_unique<QTemporaryDir>());
        return m_dirs.back()->filePath(QStringLiteral("p%1.sqleq-audit").arg(++m_counter)).toStdString();
    }

    // A valid project with two annotations, one giving a reason; closed cleanly.
    std::string validProject()
    {
        const auto path = freshPath();
        auto store = AnnotationStore::create(path, {"gold.sql", "pred.txt", "tables.json", "", "", "", {}, {}},
                                             sampleItems());
        if (!store) qFatal("create: %s", store.error().message.c_str());
        if (!store->setAnnotation(annotation(0, "ana", Verdict::Equivalent, "alias"))) qFatal("annotate failed");
        if (!store->setAnnotation(annotation(2, "bo", Verdict::NotEquivalent))) qFatal("annotate failed");
        return path;
    }

private slots:
    void everyTamperingIsRefusedAndLeftUntouched_data()
    {
        QTest::addColumn<int>("which");
        for (std::size_t i = 0; i < audit::testing::tamperings().size(); ++i) {
            QTest::newRow(audit::testing::tamperings()[i].name) << static_cast<int>(i);
        }
    }

    void everyTamperingIsRefusedAndLeftUntouched()
    {
        QFETCH(int, which);
        const auto& tampering = audit::testing::tamperings()[static_cast<std::size_t>(which)];
        const auto path = validProject();
        QVERIFY(fs::exists(path));
        QVERIFY(!fs::exists(path + "-wal"));
        QVERIFY(audit::testing::tamper(path, tampering));
        const auto before = audit::testing::fileState(path);

        for (const bool readOnly : {false, true}) {
            auto store = readOnly ? AnnotationStore::openReadOnly(path) : AnnotationStore::open(path);
            QVERIFY2(!store.ok(), tampering.name);
            QCOMPARE(store.error().code, std::string("audit.open"));
            const auto& message = store.error().message;
            QVERIFY2(contains(message, path), message.c_str());
            QVERIFY2(audit::testing::mentions(message, tampering.expected), message.c_str());
            QVERIFY2(audit::testing::fileState(path) == before, "a refused file was changed");
        }
    }

    void layoutOfAStoredDefinitionDoesNotMatterItsMeaningDoes()
    {
        // Another SQLite may splice an upgrade's columns in with another layout.
        const auto relaid = validProject();
        runSql(relaid, "PRAGMA writable_schema=ON; UPDATE sqlite_master SET sql = replace(replace(sql, '    ', '  '), "
                       "',', ' ,\n') WHERE name = 'items';");
        auto store = AnnotationStore::openReadOnly(relaid);
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().message.c_str());
        QCOMPARE(store->items()->size(), std::size_t(3));

        const auto changed = validProject();
        runSql(changed, "PRAGMA writable_schema=ON; UPDATE sqlite_master SET sql = replace(sql, 'extra', "
                        "'extreme') WHERE name = 'items';");
        auto refused = AnnotationStore::open(changed);
        QVERIFY(!refused.ok());
        QVERIFY2(contains(refused.error().message, "the table items is not defined as sqleq defines it"),
                 refused.error().message.c_str());
    }

    void oversizedFileIsRefusedBeforeSqliteReadsIt()
    {
        const auto path = validProject();
        fs::resize_file(path, audit::StoreLimits::kMaxFileBytes + 4096);  // sparse: cheap to make
        auto store = AnnotationStore::openReadOnly(path);
        QVERIFY(!store.ok());
        QVERIFY2(contains(store.error().message, "more than the 128 MiB a project may have"),
                 store.error().message.c_str());
    }

    void emptyFileIsNoProject()
    {
        const auto path = freshPath();
        std::ofstream(path).close();
        auto store = AnnotationStore::open(path);
        QVERIFY(!store.ok());
        QVERIFY2(contains(store.error().message, "an empty file"), store.error().message.c_str());
        QCOMPARE(fs::file_size(path), std::uintmax_t(0));
    }

    void readOnlyOpenLeavesNoTrace()
    {
        const auto path = validProject();
        const auto before = audit::testing::fileState(path);
        {
            auto store = AnnotationStore::openReadOnly(path);
            QVERIFY2(store.ok(), store.ok() ? "" : store.error().message.c_str());
            QCOMPARE(store->items()->size(), std::size_t(3));
            QCOMPARE(store->annotations()->size(), std::size_t(2));
            QCOMPARE(store->reasons()->front(), audit::defaultReasons().front());
            QCOMPARE(store->sources()->gold, std::string("gold.sql"));
            QCOMPARE(directoryOf(path), before.directory);  // no -wal/-shm while open either
            // Edits fail on a read-only store; nothing is written.
            QVERIFY(!store->setAnnotation(annotation(1, "cy", Verdict::Unsure)).ok());
            QVERIFY(!store->addReason("new reason").ok());
        }
        QVERIFY2(audit::testing::fileState(path) == before, "a read-only open changed the project");
    }

    void readOnlyOpenBesideAWriterSeesItsEdits()
    {
        const auto path = validProject();
        {
            auto writer = AnnotationStore::open(path);
            QVERIFY(writer.ok());
            QVERIFY(writer->setAnnotation(annotation(1, "cy", Verdict::Unsure)).ok());
            QVERIFY(fs::exists(path + "-wal"));  // the edit may be in the WAL only
            auto reader = AnnotationStore::openReadOnly(path);
            QVERIFY2(reader.ok(), reader.ok() ? "" : reader.error().message.c_str());
            QCOMPARE(reader->annotations()->size(), std::size_t(3));
        }  // the reader closes first, so the writer checkpoints and removes its files
        QCOMPARE(directoryOf(path), std::vector<std::string>{fs::path(path).filename().string()});
    }

    void readOnlyReadIsRepeatedWhenAWriterChangesTheFile()
    {
        const auto path = validProject();
        auto reader = AnnotationStore::openReadOnly(path);
        QVERIFY(reader.ok());
        QCOMPARE(reader->annotations()->size(), std::size_t(2));
        {
            auto writer = AnnotationStore::open(path);
            QVERIFY(writer.ok());
            QVERIFY(writer->setAnnotation(annotation(1, "cy", Verdict::Unsure)).ok());
        }  // closed: checkpointed into the file, which the immutable reader must notice
        QCOMPARE(reader->annotations()->size(), std::size_t(3));
    }

    void readOnlyOpenOfACrashedWritersFilesSeesItsEdits()
    {
        // Copying the file with its -wal and -shm while a writer holds them is what a
        // killed writer leaves behind: the last edit is in the WAL only.
        const auto path = validProject();
        const auto copy = freshPath();
        {
            auto writer = AnnotationStore::open(path);
            QVERIFY(writer.ok());
            QVERIFY(writer->setAnnotation(annotation(1, "cy", Verdict::Unsure)).ok());
            for (const char* suffix : {"", "-wal", "-shm"}) fs::copy_file(path + suffix, copy + suffix);
        }
        const auto before = audit::testing::fileState(copy);
        {
            auto reader = AnnotationStore::openReadOnly(copy);
            QVERIFY2(reader.ok(), reader.ok() ? "" : reader.error().message.c_str());
            QCOMPARE(reader->annotations()->size(), std::size_t(3));
        }
        const auto after = audit::testing::fileState(copy);
        QCOMPARE(after.bytes, before.bytes);  // the reader did not checkpoint into the file
        QCOMPARE(after.directory, before.directory);
    }

    void formatOneIsReadAsItIsReadOnlyAndUpgradedReadWrite()
    {
        const auto path = freshPath();
        runSql(path, audit::detail::referenceScripts(1).front().c_str());
        runSql(path, "INSERT INTO project VALUES ('gold', 'g.sql'), ('predictions', 'p.txt'), ('tables', 't.json'), "
                     "('original_databases', ''), ('suites', ''), ('questions', ''), ('plug_value', '0'), "
                     "('keep_distinct', '0');"
                     "INSERT INTO items (item_index, db_id, gold, prediction, esm) VALUES (0, 'db', 'SELECT 1', "
                     "'SELECT 2', 0);"
                     "INSERT INTO reasons VALUES ('alias', 0);"
                     "INSERT INTO annotations VALUES (0, 'ana', 'equivalent', 'alias', '', '2026-01-01T00:00:00Z');"
                     "PRAGMA application_id=1936811377; PRAGMA user_version=1;");
        const auto before = audit::testing::fileState(path);
        {
            auto reader = AnnotationStore::openReadOnly(path);
            QVERIFY2(reader.ok(), reader.ok() ? "" : reader.error().message.c_str());
            auto items = reader->items();
            QVERIFY2(items.ok(), items.ok() ? "" : items.error().message.c_str());
            QCOMPARE(items->size(), std::size_t(1));
            QVERIFY(!items->front().metrics.sqleq.has_value());
            QCOMPARE(items->front().metrics.esm, std::optional<bool>(false));
        }
        QVERIFY(audit::testing::fileState(path) == before);
        {
            auto store = AnnotationStore::open(path);
            QVERIFY2(store.ok(), store.ok() ? "" : store.error().message.c_str());
            QVERIFY(store->setAnnotation(annotation(0, "bo", Verdict::Unsure)).ok());
        }
        auto upgraded = AnnotationStore::openReadOnly(path);  // the upgraded schema verifies as format 2
        QVERIFY2(upgraded.ok(), upgraded.ok() ? "" : upgraded.error().message.c_str());
        QCOMPARE(upgraded->annotations()->size(), std::size_t(2));
    }

    void olderProjectsKeepTheirSettingsUnderKeysOfTheirOwn()
    {
        const auto path = freshPath();
        runSql(path, audit::detail::referenceScripts(1).front().c_str());
        runSql(path, "INSERT INTO project VALUES ('gold', 'g.sql'), ('predictions', 'p.txt'), ('tables', 't.json'), "
                     "('original_databases', ''), ('suites', ''), ('questions', ''), ('plug_value', '1'), "
                     "('keep_distinct', '0'), ('profile', 'strict'), ('seed', '9'), ('search_budget', '5');"
                     "PRAGMA application_id=1936811377; PRAGMA user_version=1;");
        auto reader = AnnotationStore::openReadOnly(path);
        QVERIFY2(reader.ok(), reader.ok() ? "" : reader.error().message.c_str());
        auto sources = reader->sources();
        QVERIFY2(sources.ok(), sources.ok() ? "" : sources.error().message.c_str());
        inspect::CheckSettings expected;
        expected.plugValue = true;
        expected.nameProfile(fuzz::Profile::Strict);
        expected.seed = 9;
        expected.searchBudget = 5;
        QVERIFY(sources->settings == expected);
    }

    void aTamperedSettingsKeyIsRefusedByName_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("named");
        QTest::newRow("not JSON") << QStringLiteral("{seed: 1") << QStringLiteral("settings: expected an object");
        QTest::newRow("unknown setting") << QStringLiteral("{\"sead\": 1}") << QStringLiteral("settings.sead: unknown setting");
        QTest::newRow("negative budget") << QStringLiteral("{\"budget\": -4}") << QStringLiteral("settings.budget: must not be negative");
        QTest::newRow("wrong profile") << QStringLiteral("{\"profile\": \"lax\"}") << QStringLiteral("settings.profile: expected");
    }

    void aTamperedSettingsKeyIsRefusedByName()
    {
        QFETCH(QString, value);
        QFETCH(QString, named);
        const auto path = validProject();
        QString escaped = value;
        escaped.replace(QLatin1Char('\''), QStringLiteral("''"));
        runSql(path, QStringLiteral("UPDATE project SET value = '%1' WHERE key = 'settings';").arg(escaped).toUtf8().constData());
        auto reader = AnnotationStore::openReadOnly(path);
        QVERIFY(reader.ok());
        auto sources = reader->sources();
        QVERIFY(!sources.ok());
        QVERIFY2(contains(sources.error().message, path), sources.error().message.c_str());
        QVERIFY2(contains(sources.error().message, named.toStdString()), sources.error().message.c_str());
    }

    void storeCallsRunUnderAStepBudget()
    {
        const auto path = validProject();
        auto connection = audit::detail::Connection::open(path, audit::detail::OpenMode::ReadOnly);
        QVERIFY(connection.ok());
        (*connection)->setBudget(100'000, audit::StoreLimits::kHeapBudget);
        const auto call = (*connection)->beginCall();
        auto endless = audit::detail::StoreStatement::prepare(
            (*connection)->db(), path, "WITH RECURSIVE c(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM c) SELECT max(n) FROM c");
        QVERIFY(endless.ok());
        auto row = endless->step();
        QVERIFY(!row.ok());
        QVERIFY2(contains(row.error().message, "stopped after 100000 SQLite steps"), row.error().message.c_str());
        QVERIFY(contains(row.error().message, path));
    }

    void storeCallsRunUnderAHeapBudget()
    {
        const auto path = validProject();
        auto connection = audit::detail::Connection::open(path, audit::detail::OpenMode::ReadOnly);
        QVERIFY(connection.ok());
        (*connection)->setBudget(audit::StoreLimits::kStepBudget, 4 << 20);
        const auto call = (*connection)->beginCall();
        auto growing = audit::detail::StoreStatement::prepare(
            (*connection)->db(), path,
            "WITH RECURSIVE c(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000) "
            "SELECT length(group_concat(hex(randomblob(32)))) FROM c");
        QVERIFY(growing.ok());
        auto row = growing->step();
        QVERIFY(!row.ok());
        QVERIFY2(contains(row.error().message, "memory grew by more than 4 MiB"), row.error().message.c_str());
    }

    void oversizedValueNamesTheLimit()
    {
        const auto path = validProject();
        auto connection = audit::detail::Connection::open(path, audit::detail::OpenMode::ReadOnly);
        QVERIFY(connection.ok());
        auto big = audit::detail::StoreStatement::prepare((*connection)->db(), path,
                                                          "SELECT zeroblob(17 * 1024 * 1024)");
        QVERIFY(big.ok());
        auto row = big->step();
        QVERIFY(!row.ok());
        QVERIFY2(contains(row.error().message, "larger than 16 MiB"), row.error().message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestAuditTamper)
#include "test_audit_tamper.moc"
