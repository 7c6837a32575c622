// DatasetLayout: the db_id rules, the default database folder, the original found and
// never passed over when it does not open (the opener, distillation, evaluation), the
// prebuilt suite's files in order, errors that name the db_id, file or folder at fault.

#include "core/dataset/dataset_layout.h"
#include "core/evaluation/evaluation_context.h"
#include "core/suite/dataset_distill.h"

#include "tests/core/temp_file_support.h"
#include "tests/corpus_skip.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <string>

using namespace sqleq;
namespace fs = std::filesystem;

namespace {

// One schema, shop: item(id, name); the original declares a key tables.json leaves out.
constexpr const char* kTables = R"([{"db_id": "shop",
  "table_names_original": ["item"], "table_names": ["item"],
  "column_names_original": [[-1, "*"], [0, "id"], [0, "name"]],
  "column_names": [[-1, "*"], [0, "id"], [0, "name"]],
  "column_types": ["text", "number", "text"], "primary_keys": [], "foreign_keys": []}])";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// A SQLite file at `path` holding `script`.
void writeDatabase(const fs::path& path, const char* script)
{
    fs::create_directories(path.parent_path());
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, script, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
}

constexpr const char* kShop = "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);"
                              "INSERT INTO item VALUES (1, 'pen'), (2, 'ink');";

} // namespace

class TestDatasetLayout : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    fs::path m_root;
    fs::path m_tables;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path().toStdString();
        m_tables = writeTestFile(m_dir, "tables.json", kTables);
    }

    void dbIdRules_data()
    {
        QTest::addColumn<QString>("dbId");
        QTest::addColumn<bool>("usable");
        QTest::newRow("plain") << "concert_singer" << true;
        QTest::newRow("dotted") << "a.b" << true;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("dot") << "." << false;
        QTest::newRow("dot dot") << ".." << false;
        QTest::newRow("slash") << "../shop" << false;
        QTest::newRow("backslash") << "a\\b" << false;
    }

    void dbIdRules()
    {
        QFETCH(QString, dbId);
        QFETCH(bool, usable);
        const std::string id = dbId.toStdString();
        const Status checked = dataset::checkDbId(id);
        QCOMPARE(checked.ok(), usable);
        if (usable) return;
        QCOMPARE(checked.error().code, std::string("dataset.db_id"));
        if (!id.empty()) QVERIFY2(contains(checked.error().message, "'" + id + "'"), checked.error().message.c_str());
        // Every path the layout hands out refuses it the same way: no folder outside the layout.
        const dataset::DatasetLayout layout{.tables = m_tables, .suites = m_root};
        QVERIFY(!layout.originalDatabasePath(id).ok());
        QVERIFY(!layout.readOriginal(id).ok());
        QVERIFY(!layout.suiteFiles(id).ok());
        QVERIFY(!layout.hasSuite(id));
        QVERIFY(!layout.descriptionFolder(id).has_value());
        if (!id.empty()) {
            auto source = layout.schemaSource(id);
            QVERIFY(!source.ok());
            QVERIFY2(contains(source.error().message, id), source.error().message.c_str());
        }
    }

    void defaultDatabaseFolderIsBesideTables()
    {
        const dataset::DatasetLayout layout{.tables = m_tables};
        QCOMPARE(layout.originalDatabasesFolder(), m_root / "database");
        QCOMPARE(*layout.originalDatabasePath("shop"), m_root / "database" / "shop" / "shop.sqlite");
        const dataset::DatasetLayout named{.tables = m_tables, .originalDatabases = m_root / "db"};
        QCOMPARE(*named.originalDatabasePath("shop"), m_root / "db" / "shop" / "shop.sqlite");
    }

    void missingFilesAndFoldersAreNamed()
    {
        const fs::path nowhere = m_root / "nowhere";
        const Status folder = dataset::DatasetLayout::requireFolder(nowhere, "databases");
        QVERIFY(!folder.ok());
        QVERIFY(contains(folder.error().message, nowhere.string()));
        QVERIFY(contains(folder.error().message, "databases"));
        QVERIFY(dataset::DatasetLayout::requireFolder(m_root, "databases").ok());

        const dataset::DatasetLayout layout{.tables = m_tables, .originalDatabases = nowhere, .suites = nowhere};
        auto original = layout.readOriginal("shop");
        QVERIFY(!original.ok());
        QVERIFY2(contains(original.error().message, (nowhere / "shop" / "shop.sqlite").string()),
                 original.error().message.c_str());
        auto suite = layout.suiteFiles("shop");
        QVERIFY(!suite.ok());
        QVERIFY(contains(suite.error().message, (nowhere / "shop").string()));
        // A missing original is no error for the schema: tables.json alone gives it.
        auto source = layout.schemaSource("shop");
        QVERIFY2(source.ok(), source ? "" : source.error().message.c_str());
        QVERIFY(!source->original.has_value());
        auto ghost = layout.schemaSource("ghost");
        QVERIFY(!ghost.ok());
        QVERIFY(contains(ghost.error().message, "ghost"));
    }

    void originalJoinsTheSchemaSource()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path tables = writeTestFile(dir, "tables.json", kTables);
        writeDatabase(root / "database" / "shop" / "shop.sqlite", kShop);
        const dataset::DatasetLayout layout{.tables = tables};
        auto source = layout.schemaSource("shop");
        QVERIFY2(source.ok(), source ? "" : source.error().message.c_str());
        QVERIFY(source->original.has_value());
        // The key comes from the original's DDL, which tables.json left out.
        QCOMPARE(source->schema.tables.at(0).primaryKey, std::vector<std::string>{"id"});
        auto bytes = layout.readOriginal("shop");
        QVERIFY(bytes.ok());
        QCOMPARE(*bytes, *source->original);

        // Held tables text stands for a file that may be elsewhere: the default folder is
        // not searched, a named one is, and held bytes stand for the original.
        auto text = layout.readTables();
        QVERIFY(text.ok());
        QVERIFY(!layout.schemaSource("shop", {.tables = *text})->original.has_value());
        const dataset::DatasetLayout named{.tables = tables, .originalDatabases = root / "database"};
        QVERIFY(named.schemaSource("shop", {.tables = *text})->original.has_value());
        auto held = dataset::DatasetLayout{.tables = "shipped.json"}.schemaSource("shop", {.tables = *text, .original = *bytes});
        QVERIFY2(held.ok(), held ? "" : held.error().message.c_str());
        QCOMPARE(*held->original, *bytes);
    }

    void originalThatDoesNotOpenIsReported()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path tables = writeTestFile(dir, "tables.json", kTables);
        QVERIFY(QDir(dir.path()).mkpath("database/shop"));
        const fs::path broken = root / "database" / "shop" / "shop.sqlite";
        writeTestFile(dir, "database/shop/shop.sqlite", "not a database, only text");
        const dataset::DatasetLayout layout{.tables = tables};
        auto source = layout.schemaSource("shop");
        QVERIFY(!source.ok());
        QVERIFY2(contains(source.error().message, broken.string()), source.error().message.c_str());
        auto original = layout.readOriginal("shop");
        QVERIFY(!original.ok());
        QVERIFY(contains(original.error().message, broken.string()));

        // Distillation stops on it, naming it, rather than distilling without it ...
        suite::DistillOptions options;
        options.budget = 5;
        options.jobs = 1;
        suite::DatasetDistillRequest request{.items = {{"SELECT name FROM item", "shop"}},
                                             .tablesJson = tables,
                                             .originalDatabases = root / "database",
                                             .outDir = root / "out",
                                             .onlyDbIds = {},
                                             .options = options};
        auto distilled = suite::distillDataset(request);
        QVERIFY(!distilled.ok());
        QVERIFY2(contains(distilled.error().message, broken.string()), distilled.error().message.c_str());
        auto batch = suite::distillBatch(request.items, tables, options);
        QVERIFY(batch.ok());
        QCOMPARE(batch->size(), std::size_t(1));
        QVERIFY(batch->at(0).error.has_value());
        QVERIFY(contains(batch->at(0).error->message, broken.string()));

        // ... and evaluation notes it for the db_id.
        auto context = evaluation::loadEvaluationContext({.tables = tables, .originalDatabases = root / "database", .suites = {}},
                                                         {}, {"shop"});
        QVERIFY(context.ok());
        QVERIFY(!context->originals.contains("shop"));
        QVERIFY(contains(context->originalErrors.at("shop"), broken.string()));
    }

    void namedFolderWithoutTheOriginalIsSaid()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path tables = writeTestFile(dir, "tables.json", kTables);
        QVERIFY(QDir(dir.path()).mkpath("databases"));
        suite::DistillOptions options;
        options.budget = 5;
        options.jobs = 1;
        suite::DatasetDistillRequest request{.items = {{"SELECT name FROM item", "shop"}},
                                             .tablesJson = tables,
                                             .originalDatabases = root / "databases",
                                             .outDir = root / "out",
                                             .onlyDbIds = {},
                                             .options = options};
        std::vector<std::string> notes;
        auto distilled = suite::distillDataset(request, [&](const suite::DatasetSchemaDone& done) {
            notes = done.constraintNotes;
        });
        QVERIFY2(distilled.ok(), distilled ? "" : distilled.error().message.c_str());
        QVERIFY(std::any_of(notes.begin(), notes.end(), [&](const std::string& note) {
            return contains(note, "no original database") && contains(note, (root / "databases" / "shop").string());
        }));
    }

    void evaluationReadsTheOriginalOnceForSchemaAndExec()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path tables = writeTestFile(dir, "tables.json", kTables);
        writeDatabase(root / "db" / "shop" / "shop.sqlite", kShop);
        writeDatabase(root / "suites" / "shop" / "shop_0.sqlite", kShop);
        auto context = evaluation::loadEvaluationContext(
            {.tables = tables, .originalDatabases = root / "db", .suites = root / "suites"}, {}, {"shop"});
        QVERIFY2(context.ok(), context ? "" : context.error().message.c_str());
        QVERIFY(context->computed.sqleq && context->computed.exec);
        // One database: the schema's constraints (the original's key) and the exec database alike.
        QCOMPARE(context->schemas.at("shop").tables.at(0).primaryKey, std::vector<std::string>{"id"});
        const auto& original = context->originals.at("shop").databases.at(0);
        QCOMPARE(original.label, std::string("shop.sqlite"));
        QCOMPARE(original.bytes, *dataset::DatasetLayout{.originalDatabases = root / "db"}.readOriginal("shop"));
    }

    void suiteFilesInTheirOrder()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        for (const char* name : {"shop_10.sqlite", "shop_2.sqlite", "shop_0.sqlite"})
            writeDatabase(root / "shop" / name, "CREATE TABLE t (a);");
        writeTestFile(dir, "shop/notes.txt", "not a database");
        QVERIFY(QDir(dir.path()).mkpath("empty"));
        const dataset::DatasetLayout layout{.suites = root};
        QVERIFY(layout.hasSuite("shop"));
        QVERIFY(!layout.hasSuite("ghost"));
        auto files = layout.suiteFiles("shop");
        QVERIFY(files.ok());
        QCOMPARE(files->size(), std::size_t(3));
        QCOMPARE(files->at(0).filename().string(), std::string("shop_0.sqlite"));
        QCOMPARE(files->at(1).filename().string(), std::string("shop_2.sqlite"));
        QCOMPARE(files->at(2).filename().string(), std::string("shop_10.sqlite"));
        auto empty = layout.suiteFiles("empty");
        QVERIFY(!empty.ok());
        QVERIFY(contains(empty.error().message, (root / "empty").string()));
    }

    void descriptionsBesideTablesOrNamed()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        const fs::path tables = writeTestFile(dir, "tables.json", kTables);
        QVERIFY(QDir(dir.path()).mkpath("database_description/shop"));
        writeTestFile(dir, "database_description/shop/item.csv",
                      "original_column_name,column_name,column_description,data_format,value_description\n"
                      "id,item id,the item's number,integer,\n");
        const dataset::DatasetLayout layout{.tables = tables};
        QCOMPARE(*layout.descriptionFolder("shop"), root / "database_description" / "shop");
        auto read = layout.readDescriptions("shop");
        QVERIFY(read.ok());
        QVERIFY(read->find("item", "ID") != nullptr);
        QVERIFY(!layout.descriptionFolder("ghost").has_value());
        QVERIFY(layout.readDescriptions("ghost")->columns.empty());
        const dataset::DatasetLayout named{.tables = tables, .descriptions = root / "elsewhere"};
        QVERIFY(!named.descriptionFolder("shop").has_value());
    }

    void spiderCorpusLayout()
    {
        const fs::path corpus(SQLEQ_CORPUS_DIR);
        SQLEQ_SKIP_WITHOUT_CORPUS(corpus / "tables.json", corpus / "database" / "concert_singer" / "concert_singer.sqlite");
        const dataset::DatasetLayout layout{.tables = corpus / "tables.json"};
        auto source = layout.schemaSource("concert_singer");
        QVERIFY2(source.ok(), source ? "" : source.error().message.c_str());
        QVERIFY(source->original.has_value());
        QCOMPARE(*layout.readOriginal("concert_singer"), *source->original);
    }
};

QTEST_APPLESS_MAIN(TestDatasetLayout)
#include "test_dataset_layout.moc"
