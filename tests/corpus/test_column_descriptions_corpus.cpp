// core/dataset's column description reader on BIRD's real files: every CSV of the 11
// dev databases reads (BOMs, CRLF, quoted newlines, cp1252 bytes), and every column of
// dev_tables.json finds its row through the folder rule beside the tables.json.
#include "core/dataset/column_descriptions.h"
#include "core/schema/spider_tables.h"
#include "tests/corpus_skip.h"

#include <QtTest>

#include <filesystem>

using namespace sqleq;
namespace fs = std::filesystem;

namespace {

const fs::path kBird = fs::path(SQLEQ_CORPUS_DIR).parent_path() / "bird";

} // namespace

class TestColumnDescriptionsCorpus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        SQLEQ_SKIP_ALL_WITHOUT_CORPUS(kBird / "dev_tables.json", kBird / "database_description");
    }

    void everyFileOfEveryDatabaseReads()
    {
        std::size_t folders = 0;
        std::size_t files = 0;
        std::size_t rows = 0;
        QStringList problems;
        for (const auto& entry : fs::directory_iterator(kBird / "database_description")) {
            if (!entry.is_directory()) continue;
            ++folders;
            for (const auto& file : fs::directory_iterator(entry.path())) files += file.path().extension() == ".csv";
            auto read = dataset::readColumnDescriptions(entry.path());
            QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
            for (const auto& problem : read->problems) problems << QString::fromStdString(problem.message);
            rows += read->columns.size();
            for (const auto& column : read->columns) {
                // Every byte is decoded to a printable character: no C1 control is left.
                const QString text = QString::fromStdString(column.readableName + column.description +
                                                            column.dataFormat + column.valueDescription);
                for (const QChar c : text) QVERIFY2(c.unicode() < 0x80 || c.unicode() >= 0xA0, qPrintable(text));
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
        QCOMPARE(folders, std::size_t(11));
        QCOMPARE(files, std::size_t(75));
        QVERIFY(rows >= 798);
    }

    void cp1252FilesDecodeToUtf8()
    {
        // qualifying.csv is cp1252: its 0x96 is an en dash.
        auto read = dataset::readColumnDescriptions(kBird / "database_description" / "formula_1");
        QVERIFY(read.ok());
        bool found = false;
        for (const auto& column : read->columns) {
            const QString text = QString::fromStdString(column.description + column.valueDescription);
            found = found || text.contains(QString::fromUtf8("Grand Prix \u2013 a race"));
        }
        QVERIFY(found);
    }

    void everySchemaColumnHasItsDescription()
    {
        const fs::path tables = kBird / "dev_tables.json";
        auto ids = schema::listSpiderDbIdsInFile(tables);
        QVERIFY(ids.ok());
        QCOMPARE(ids->size(), std::size_t(11));
        QStringList undescribed;
        std::size_t columns = 0;
        for (const auto& id : *ids) {
            const auto folder = dataset::descriptionFolderFor(tables, id);
            QVERIFY2(folder.has_value(), id.c_str());
            auto read = dataset::readColumnDescriptions(*folder);
            QVERIFY(read.ok());
            auto schema = schema::loadSpiderSchema(tables, id);
            QVERIFY2(schema.ok(), schema.ok() ? "" : schema.error().message.c_str());
            for (const auto& table : schema->tables) {
                for (const auto& column : table.columns) {
                    ++columns;
                    const auto* found = read->find(table.name, column.name);
                    // A row may leave every field blank (Match.home_player_X4): it still counts.
                    if (found == nullptr)
                        undescribed << QString::fromStdString(id + ": " + table.name + "." + column.name);
                }
            }
        }
        QVERIFY2(undescribed.isEmpty(), qPrintable(undescribed.join('\n')));
        QCOMPARE(columns, std::size_t(798));
    }
};

QTEST_APPLESS_MAIN(TestColumnDescriptionsCorpus)
#include "test_column_descriptions_corpus.moc"
