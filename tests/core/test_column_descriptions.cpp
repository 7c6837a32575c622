// Unit tests of core/dataset's column description reader on the fixtures in
// tests/data/column_descriptions: BOM, CRLF, quoted newlines and doubled quotes,
// trailing blanks, cp1252 bytes (raw, or as C1 controls in UTF-8), malformed files reported by name and line, the size
// cap, and the folder rule beside a tables.json or a database file.
#include "core/dataset/column_descriptions.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace sqleq;
namespace fs = std::filesystem;

namespace {

const fs::path kData = fs::path(SQLEQ_SOURCE_DIR) / "tests" / "data" / "column_descriptions";

} // namespace

class TestColumnDescriptions : public QObject {
    Q_OBJECT

private slots:
    void readsEveryQuirkOfTheRealFiles()
    {
        auto read = dataset::readColumnDescriptions(kData / "shop" / "database_description" / "shop");
        QVERIFY(read.ok());
        QVERIFY(read->problems.empty());
        QCOMPARE(read->columns.size(), std::size_t(6));

        const auto* name = read->find("ITEM", "Name");  // case-insensitive; "name " trimmed in the file
        QVERIFY(name != nullptr);
        QCOMPARE(name->table, std::string("item"));
        QCOMPARE(name->readableName, std::string("item name"));
        QCOMPARE(name->description, std::string("the name of the item,\nas printed on the label"));
        QCOMPARE(name->dataFormat, std::string("text"));
        QVERIFY(name->valueDescription.empty());
        QCOMPARE(name->line, 3u);

        const auto* price = read->find("item", "price");
        QVERIFY(price != nullptr);
        QCOMPARE(price->valueDescription, std::string("commonsense evidence:\nprices are \"net\" of tax"));
        QCOMPARE(price->line, 5u);  // the name row spans lines 3 and 4

        // The BOM does not stick to the first header name: the first row is read.
        QVERIFY(read->find("item", "id") != nullptr);
        QVERIFY(read->find("item", "weight") == nullptr);
    }

    void cp1252BytesBecomeUtf8()
    {
        auto read = dataset::readColumnDescriptions(kData / "shop" / "database_description" / "shop");
        QVERIFY(read.ok());
        const auto* id = read->find("maker", "id");
        QVERIFY(id != nullptr);
        QCOMPARE(QString::fromStdString(id->description), QString::fromUtf8("the maker\u2013its identifier"));
        const auto* country = read->find("maker", "country");
        QVERIFY(country != nullptr);
        QCOMPARE(QString::fromStdString(country->valueDescription), QString::fromUtf8("\u2022 DE: Germany"));
        // UTF-8 holding U+0095, a cp1252 bullet once converted as Latin-1: a bullet again.
        const auto* label = read->find("shelf", "label");
        QVERIFY(label != nullptr);
        QCOMPARE(QString::fromStdString(label->valueDescription), QString::fromUtf8("\u2022\tA: top shelf"));
    }

    void badFilesAreReportedByNameAndLineAndTheOthersRead()
    {
        auto read = dataset::readColumnDescriptions(kData / "broken");
        QVERIFY(read.ok());
        QCOMPARE(read->columns.size(), std::size_t(1));  // good.csv
        QCOMPARE(read->columns.front().description, std::string("the id"));
        QCOMPARE(read->problems.size(), std::size_t(2));
        const auto& header = read->problems[0].message;  // files in name order: no_header, unterminated
        QVERIFY2(header.find("no_header.csv: line 1") != std::string::npos, header.c_str());
        QVERIFY2(header.find("original_column_name") != std::string::npos, header.c_str());
        const auto& quote = read->problems[1].message;
        QVERIFY2(quote.find("unterminated.csv: line 2: a quoted field is never closed") != std::string::npos,
                 quote.c_str());
    }

    void oversizedFilesAndMissingFoldersAreErrors()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        {
            std::ofstream big(root / "huge.csv", std::ios::binary);
            big << "original_column_name,column_description\n";
            big << std::string(dataset::kMaxDescriptionFileBytes, 'x');
        }
        auto read = dataset::readColumnDescriptions(root);
        QVERIFY(read.ok());
        QCOMPARE(read->problems.size(), std::size_t(1));
        QVERIFY2(read->problems[0].message.find("huge.csv") != std::string::npos, read->problems[0].message.c_str());
        QCOMPARE(read->problems[0].code, std::string("io.too_large"));

        auto missing = dataset::readColumnDescriptions(root / "absent");
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.find("absent") != std::string::npos);
    }

    void folderRuleBesideTheSchemaFile()
    {
        const auto tables = dataset::descriptionFolderFor(kData / "shop" / "tables.json", "shop");
        QVERIFY(tables.has_value());
        QCOMPARE(*tables, kData / "shop" / "database_description" / "shop");
        QVERIFY(!dataset::descriptionFolderFor(kData / "shop" / "tables.json", "ghost").has_value());
        // A database file: BIRD's layout, database_description/ beside <db_id>.sqlite.
        const auto database = dataset::descriptionFolderFor(kData / "shop" / "shop.sqlite", "");
        QVERIFY(database.has_value());
        QCOMPARE(*database, kData / "shop" / "database_description");
        QVERIFY(!dataset::descriptionFolderFor(kData / "broken" / "x.sqlite", "").has_value());
    }

    void hostileTextNeverCrashes()
    {
        // CSV-ish noise (quotes, commas, CR/LF, BOM pieces, invalid UTF-8) from a fixed
        // seed: every input gives rows or an error naming the file.
        static constexpr std::string_view kAlphabet = "\",\r\n ab\xEF\xBB\xBF\xC2\x95\x80\xFF";
        uint64_t state = 0x9E3779B97F4A7C15ull;
        for (int round = 0; round < 2000; ++round) {
            std::string text = round % 2 == 0 ? "original_column_name,column_description\n" : "";
            const int length = static_cast<int>(state % 64);
            for (int i = 0; i < length; ++i) {
                state = state * 6364136223846793005ull + 1442695040888963407ull;
                text += kAlphabet[(state >> 33) % kAlphabet.size()];
            }
            auto rows = dataset::parseColumnDescriptions(text, "t", "noise.csv");
            if (!rows) QVERIFY2(rows.error().message.starts_with("noise.csv: line "), rows.error().message.c_str());
        }
    }

    void emptyTextHasNoRows()
    {
        auto rows = dataset::parseColumnDescriptions("", "t", "t.csv");
        QVERIFY(rows.ok());
        QVERIFY(rows->empty());
        auto headerOnly = dataset::parseColumnDescriptions("original_column_name\r\n", "t", "t.csv");
        QVERIFY(headerOnly.ok());
        QVERIFY(headerOnly->empty());
    }
};

QTEST_APPLESS_MAIN(TestColumnDescriptions)
#include "test_column_descriptions.moc"
