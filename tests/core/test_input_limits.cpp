// Bounded input: every reader stops at its size cap with an error naming the file and
// the limit (/dev/zero ends at once), one over-long gold or prediction line is refused
// by itself, and tables.json is validated once, with the same message for check's
// loader and eval's Spider schema index, and no raw nlohmann text.

#include "core/base/capped_file.h"
#include "core/dataset/questions_file.h"
#include "core/dataset/spider_files.h"
#include "core/metrics/spider_schema_index.h"
#include "core/schema/ddl_loader.h"
#include "core/schema/spider_tables.h"
#include "core/sql/parser.h"

#include "tests/core/temp_file_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <fstream>
#include <string>

using namespace sqleq;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const char* kGoodEntry = R"({"db_id": "concert", "table_names_original": ["singer", "concert"],
  "column_names_original": [[-1, "*"], [0, "singer_id"], [0, "name"], [1, "concert_id"], [1, "singer_id"]],
  "column_types": ["text", "number", "text", "number", "number"],
  "primary_keys": [1, 3], "foreign_keys": [[4, 1]]})";

} // namespace

class TestInputLimits : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string write(const char* name, const std::string& text) { return writeTestFile(m_dir, name, text); }

    /// The check path (schema loader) and the eval path (Spider ESM index) give one message.
    void expectSameTablesError(const std::string& json, const std::string& part)
    {
        const auto path = write("tables.json", json);
        auto loaded = schema::loadSpiderSchema(path, "concert");
        QVERIFY2(!loaded.ok(), json.c_str());
        auto index = metrics::SpiderSchemaIndex::fromFile(path);
        QVERIFY2(!index.ok(), json.c_str());
        QCOMPARE(index.error().message, loaded.error().message);
        QVERIFY2(contains(loaded.error().message, part), loaded.error().message.c_str());
        QVERIFY2(contains(loaded.error().message, path), loaded.error().message.c_str());
        QVERIFY2(!contains(loaded.error().message, "json.exception"), loaded.error().message.c_str());
        QVERIFY2(!contains(loaded.error().message, "_M_range_check"), loaded.error().message.c_str());
    }

private slots:
    void devZeroEndsAtTheCap()
    {
        auto read = readFileCapped("/dev/zero", {64 * 1024, "tables.json file"});
        QVERIFY(!read.ok());
        QCOMPARE(read.error().code, std::string("io.too_large"));
        QCOMPARE(read.error().message, std::string("/dev/zero: larger than the 64 KiB limit for a tables.json file"));
    }

    void oversizedRegularFileIsRefusedAndExactCapIsRead()
    {
        const auto path = write("big.sql", std::string(1025, 'x'));
        auto refused = readFileCapped(path, {1024, "SQL file"});
        QVERIFY(!refused.ok());
        QVERIFY(contains(refused.error().message, "1 KiB limit for a SQL file"));
        auto read = readFileCapped(write("exact.sql", std::string(1024, 'x')), {1024, "SQL file"});
        QVERIFY(read.ok());
        QCOMPARE(read->size(), std::size_t(1024));
    }

    void directoryAndMissingFileAreNamed()
    {
        auto directory = readFileCapped(m_dir.path().toStdString(), {});
        QVERIFY(!directory.ok());
        QVERIFY(contains(directory.error().message, "is a directory"));
        auto missing = readFileCapped("/nonexistent/x.sql", {});
        QVERIFY(!missing.ok());
        QVERIFY(contains(missing.error().message, "/nonexistent/x.sql"));
    }

    void fifoIsReadUpToTheCap()
    {
        const auto path = m_dir.filePath("fifo").toStdString();
        QCOMPARE(::mkfifo(path.c_str(), 0600), 0);
        std::thread writer([&] { std::ofstream(path, std::ios::binary) << std::string(5000, 'y'); });
        auto read = readFileCapped(path, {4096, "SQL file"});
        writer.join();
        QVERIFY(!read.ok());
        QCOMPARE(read.error().code, std::string("io.too_large"));
    }

    void everyFileReaderCapsDevZero()
    {
        auto gold = dataset::readGoldFile("/dev/zero");
        QVERIFY(!gold.ok());
        QVERIFY2(contains(gold.error().message, "64 MiB limit for a gold file"), gold.error().message.c_str());
        auto predictions = dataset::readPredictionsFile("/dev/zero");
        QVERIFY(!predictions.ok());
        QVERIFY(contains(predictions.error().message, "limit for a predictions file"));
        auto questions = dataset::readQuestionsFile("/dev/zero");
        QVERIFY(!questions.ok());
        QVERIFY(contains(questions.error().message, "limit for a questions file"));
        auto tables = schema::loadSpiderSchema("/dev/zero", "x");
        QVERIFY(!tables.ok());
        QCOMPARE(tables.error().message, std::string("/dev/zero: larger than the 16 MiB limit for a tables.json file"));
        auto index = metrics::SpiderSchemaIndex::fromFile("/dev/zero");
        QVERIFY(!index.ok());
        QCOMPARE(index.error().message, tables.error().message);
        auto ids = schema::listSpiderDbIdsInFile("/dev/zero");
        QVERIFY(!ids.ok());
        auto ddl = schema::loadDatabaseFromDdlFile("/dev/zero");
        QVERIFY(!ddl.ok());
        QVERIFY(contains(ddl.error().message, "16 MiB limit for a DDL file"));
    }

    void overlongGoldAndPredictionLinesAreRefusedByLine()
    {
        const std::string longSql = "SELECT " + std::string(input_limits::kSqlText, '1');
        const auto goldPath = write("gold.sql", "SELECT 1\tdb\n" + longSql + "\tdb\nSELECT 3\tdb\n");
        auto gold = dataset::readGoldFile(goldPath);
        QVERIFY(gold.ok());
        QCOMPARE(gold->size(), std::size_t(3));
        QVERIFY(gold->at(0).error.empty());
        QVERIFY(gold->at(1).sql.empty());
        QCOMPARE(gold->at(1).dbId, std::string("db"));
        QVERIFY2(contains(gold->at(1).error, goldPath + ": line 2: 1048583 bytes, larger than the 1 MiB limit"),
                 gold->at(1).error.c_str());
        QCOMPARE(gold->at(2).sql, std::string("SELECT 3"));

        const auto predPath = write("pred.txt", longSql + "\nSELECT 2\n");
        auto predictions = dataset::readPredictionsFile(predPath);
        QVERIFY(predictions.ok());
        QVERIFY(contains(predictions->at(0).error, ": line 1:"));
        QCOMPARE(predictions->at(1).sql, std::string("SELECT 2"));
    }

    void parserRefusesTextOverOneMebibyteAtOnce()
    {
        const std::string text = "SELECT " + std::string(input_limits::kSqlText, '1');
        const auto parsed = sql::parse(text);
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.diagnostics.front().code, std::string("parse.too_long"));
        QVERIFY(contains(parsed.diagnostics.front().message, "larger than the 1 MiB limit"));
    }

    void goodTablesJsonLoadsOnBothPaths()
    {
        const auto path = write("good.json", std::string("[") + kGoodEntry + "]");
        QVERIFY(schema::loadSpiderSchema(path, "concert").ok());
        auto index = metrics::SpiderSchemaIndex::fromFile(path);
        QVERIFY(index.ok());
        QVERIFY(index->find("concert") != nullptr);
    }

    void badTablesJsonGetsOneMessageOnBothPaths_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("part");
        const QString good = QString::fromUtf8(kGoodEntry);
        const auto variant = [&](const char* from, const char* to) {
            QString entry = good;
            entry.replace(QString::fromUtf8(from), QString::fromUtf8(to));
            return QStringLiteral("[") + entry + QStringLiteral("]");
        };
        QTest::newRow("empty array") << QStringLiteral("[]") << QStringLiteral("holds no schemas");
        QTest::newRow("negative fk index") << variant("[[4, 1]]", "[[4, -3]]")
                                          << QStringLiteral("foreign_keys names column index -3");
        QTest::newRow("fk index out of range") << variant("[[4, 1]]", "[[4, 99]]")
                                              << QStringLiteral("foreign_keys names column index 99");
        QTest::newRow("pk index out of range") << variant("[1, 3]", "[1, 30]")
                                              << QStringLiteral("primary_keys names column index 30");
        QTest::newRow("table index out of range") << variant("[1, \"concert_id\"]", "[7, \"concert_id\"]")
                                                 << QStringLiteral("column_names_original[3] names table index 7");
        QTest::newRow("negative table index") << variant("[1, \"concert_id\"]", "[-2, \"concert_id\"]")
                                             << QStringLiteral("names table index -2");
        QTest::newRow("too few column_types") << variant("\"text\", \"number\", \"text\",", "\"text\",")
                                             << QStringLiteral("column_types has 3 entries");
        QTest::newRow("duplicate table") << variant("[\"singer\", \"concert\"]", "[\"singer\", \"Singer\"]")
                                        << QStringLiteral("repeats table_names_original[0]");
        QTest::newRow("duplicate column") << variant("[0, \"name\"]", "[0, \"Singer_ID\"]")
                                         << QStringLiteral("repeats a column of table \"singer\"");
        QTest::newRow("index of wrong type") << variant("[[4, 1]]", "[[4, \"1\"]]")
                                            << QStringLiteral("foreign_keys[0] should be a [child column index");
        QTest::newRow("missing field") << variant("\"primary_keys\"", "\"primary_keyz\"")
                                      << QStringLiteral("primary_keys is missing or not a list");
        QTest::newRow("duplicate db_id") << (QStringLiteral("[") + good + QStringLiteral(",") + good + QStringLiteral("]"))
                                        << QStringLiteral("entry 1 repeats the db_id of entry 0");
    }

    void badTablesJsonGetsOneMessageOnBothPaths()
    {
        QFETCH(QString, json);
        QFETCH(QString, part);
        expectSameTablesError(json.toStdString(), part.toStdString());
    }

    void invalidJsonIsPositionedWithoutNlohmannTags()
    {
        expectSameTablesError("[\n  {\"db_id\": x}\n]", ": line 2, column 13: invalid JSON: syntax error");
    }

    void deeplyNestedJsonIsAnError()
    {
        const std::string deep = std::string(200000, '[') + std::string(200000, ']');
        const auto path = write("deep.json", deep);
        auto loaded = schema::loadSpiderSchema(path, "x");
        QVERIFY(!loaded.ok());
        QVERIFY(!contains(loaded.error().message, "json.exception"));
    }
};

QTEST_APPLESS_MAIN(TestInputLimits)
#include "test_input_limits.moc"
