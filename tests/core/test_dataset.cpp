// Spider gold/prediction file readers: splitting, blank lines, positioned errors.

#include "core/dataset/spider_files.h"

#include "tests/core/temp_file_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace sqleq;

class TestDataset : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string write(const char* name, const std::string& text) { return writeTestFile(m_dir, name, text); }

private slots:
    void goldFileSplitsSqlAndDbId()
    {
        const auto path = write("gold.sql", "SELECT 1\tdb_a\r\n\nSELECT a\tb FROM t\tdb_b\n");
        auto items = dataset::readGoldFile(path);
        QVERIFY(items.ok());
        QCOMPARE(items->size(), size_t(2));
        QCOMPARE(items->at(0).sql, std::string("SELECT 1"));
        QCOMPARE(items->at(0).dbId, std::string("db_a"));
        QCOMPARE(items->at(1).sql, std::string("SELECT a\tb FROM t"));
        QCOMPARE(items->at(1).line, 3u);
    }

    void goldLineWithoutTabNamesTheLine()
    {
        const auto path = write("bad.sql", "SELECT 1\tdb\nSELECT 2\n");
        auto items = dataset::readGoldFile(path);
        QVERIFY(!items.ok());
        QVERIFY(items.error().message.find(":2:") != std::string::npos);
    }

    void predictionsKeepFirstTabField()
    {
        const auto path = write("pred.txt", "SELECT 1\tdb_a\nSELECT 2\n");
        auto predictions = dataset::readPredictionsFile(path);
        QVERIFY(predictions.ok());
        QCOMPARE(predictions->size(), size_t(2));
        QCOMPARE(predictions->at(0).sql, std::string("SELECT 1"));
        QCOMPARE(predictions->at(1).sql, std::string("SELECT 2"));
    }

    void missingFileIsNamed()
    {
        auto predictions = dataset::readPredictionsFile("/nonexistent/pred.txt");
        QVERIFY(!predictions.ok());
        QVERIFY(predictions.error().message.find("/nonexistent/pred.txt") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestDataset)
#include "test_dataset.moc"
