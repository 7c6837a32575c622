// BIRD's JSON predictions reader: key order, positioned and keyed errors, caps, and
// readSubmission's dispatch between the JSON and the plain predictions format.

#include "core/base/capped_file.h"
#include "core/dataset/bird_predictions.h"
#include "core/evaluation/evaluation.h"

#include "tests/core/temp_file_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace sqleq;

namespace {

const std::string kData = std::string(SQLEQ_SOURCE_DIR) + "/tests/data/bird/";

bool contains(const std::string& text, std::string_view part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestBirdPredictions : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string write(const char* name, const std::string& text) { return writeTestFile(m_dir, name, text); }

    // A gold file of `count` items, all on `dbId`.
    std::string writeGold(const char* name, int count, const std::string& dbId)
    {
        std::string text;
        for (int i = 0; i < count; ++i) text += "SELECT " + std::to_string(i) + "\t" + dbId + "\n";
        return write(name, text);
    }

private slots:
    void goodFileSplitsSqlAndDbIdInKeyOrder()
    {
        auto text = readFileCapped(kData + "good.json", {});
        QVERIFY(text.ok());
        auto predictions = dataset::parseBirdPredictions(*text, "good.json");
        QVERIFY2(predictions.ok(), predictions.ok() ? "" : predictions.error().message.c_str());
        QCOMPARE(predictions->size(), size_t(3));
        QCOMPARE(predictions->at(0).sql, std::string("SELECT count(*) FROM `frpm`"));
        QCOMPARE(predictions->at(0).dbId, std::string("california_schools"));
        QCOMPARE(predictions->at(1).sql, std::string("SELECT\n  CAST(a AS REAL) / b\nFROM t"));
        // A tab inside the SQL stays: only BIRD's separator ends the SQL.
        QCOMPARE(predictions->at(2).sql, std::string("SELECT \"a\tb\" FROM t"));
        QCOMPARE(predictions->at(2).dbId, std::string("financial"));
        for (const auto& prediction : *predictions) QVERIFY(prediction.error.empty());
    }

    void keysInAnyOrderAreItemNumbers()
    {
        // json.dump(sort_keys=True) writes "0", "1", "10", "2", ...: item i is still key "i".
        auto text = readFileCapped(kData + "sorted_keys.json", {});
        QVERIFY(text.ok());
        auto predictions = dataset::parseBirdPredictions(*text, "sorted_keys.json");
        QVERIFY(predictions.ok());
        QCOMPARE(predictions->size(), size_t(11));
        for (int i = 0; i < 11; ++i) QCOMPARE(predictions->at(i).sql, "SELECT " + std::to_string(i));
    }

    void missingKeyIsNamed()
    {
        auto text = readFileCapped(kData + "missing_key.json", {});
        QVERIFY(text.ok());
        auto predictions = dataset::parseBirdPredictions(*text, "missing_key.json");
        QVERIFY(!predictions.ok());
        QVERIFY2(contains(predictions.error().message, "missing_key.json: no key \"1\""),
                 predictions.error().message.c_str());
    }

    void badKeysAreNamed()
    {
        auto duplicate = dataset::parseBirdPredictions(R"({"0": "a", "1": "b", "1": "c"})", "dup.json");
        QVERIFY(!duplicate.ok());
        QVERIFY2(contains(duplicate.error().message, "key \"1\" appears twice"), duplicate.error().message.c_str());
        auto word = dataset::parseBirdPredictions(R"({"0": "a", "one": "b"})", "word.json");
        QVERIFY(!word.ok());
        QVERIFY(contains(word.error().message, "key \"one\" is not an item number"));
        auto padded = dataset::parseBirdPredictions(R"({"00": "a"})", "padded.json");
        QVERIFY(!padded.ok());
        QVERIFY(contains(padded.error().message, "key \"00\""));
    }

    void nonStringValueRefusesOnlyItsItem()
    {
        auto text = readFileCapped(kData + "non_string.json", {});
        QVERIFY(text.ok());
        auto predictions = dataset::parseBirdPredictions(*text, "non_string.json");
        QVERIFY(predictions.ok());
        QCOMPARE(predictions->size(), size_t(4));
        QVERIFY(predictions->at(0).error.empty());
        QVERIFY2(contains(predictions->at(1).error, "non_string.json: key \"1\": expected a string"),
                 predictions->at(1).error.c_str());
        QVERIFY(contains(predictions->at(1).error, "found a number"));
        QVERIFY(contains(predictions->at(2).error, "key \"2\"") && contains(predictions->at(2).error, "an object"));
        QVERIFY(predictions->at(2).sql.empty());
        QCOMPARE(predictions->at(3).sql, std::string("SELECT 3"));
    }

    void badJsonNamesLineAndColumn()
    {
        auto text = readFileCapped(kData + "bad_json.json", {});
        QVERIFY(text.ok());
        auto predictions = dataset::parseBirdPredictions(*text, "bad_json.json");
        QVERIFY(!predictions.ok());
        // The missing comma is noticed at the third member's key, line 4.
        QVERIFY2(contains(predictions.error().message, "bad_json.json: line 4, column"),
                 predictions.error().message.c_str());
        QVERIFY(predictions.error().span.valid());
    }

    void notAnObjectIsRefused()
    {
        auto array = dataset::parseBirdPredictions(R"(["SELECT 1"])", "array.json");
        QVERIFY(!array.ok());
        QVERIFY(contains(array.error().message, "expected a JSON object"));
        auto trailing = dataset::parseBirdPredictions(R"({"0": "a"} {"1": "b"})", "two.json");
        QVERIFY(!trailing.ok());
        QVERIFY(contains(trailing.error().message, "line 1, column"));
    }

    void byteOrderMarkIsSkipped()
    {
        auto predictions = dataset::parseBirdPredictions("\xEF\xBB\xBF{\"0\": \"SELECT 1\"}", "bom.json");
        QVERIFY(predictions.ok());
        QCOMPARE(predictions->at(0).sql, std::string("SELECT 1"));
    }

    void deepNestingCostsNoRecursion()
    {
        const std::string deep = R"({"0": )" + std::string(200000, '[') + std::string(200000, ']') + "}";
        auto predictions = dataset::parseBirdPredictions(deep, "deep.json");
        QVERIFY(predictions.ok());
        QVERIFY(contains(predictions->at(0).error, "found an array"));
    }

    void oversizedSqlRefusesOnlyItsItem()
    {
        const std::string big(input_limits::kSqlText + 1, 'x');
        auto predictions = dataset::parseBirdPredictions(R"({"0": ")" + big + R"(", "1": "SELECT 1"})", "big.json");
        QVERIFY(predictions.ok());
        QVERIFY(contains(predictions->at(0).error, "big.json: key \"0\""));
        QVERIFY(contains(predictions->at(0).error, "1 MiB"));
        QCOMPARE(predictions->at(1).sql, std::string("SELECT 1"));
    }

    void hugeFileIsRefusedBeforeReading()
    {
        const auto path = m_dir.filePath("huge.json").toStdString();
        std::ofstream(path, std::ios::binary) << "{";
        std::filesystem::resize_file(path, input_limits::kDatasetFile + 1);  // sparse: costs no disk
        QVERIFY(dataset::isBirdPredictionsFile(path));
        auto predictions = dataset::readBirdPredictionsFile(path, {}, "gold.sql");
        QVERIFY(!predictions.ok());
        QVERIFY(contains(predictions.error().message, path));
        QVERIFY(contains(predictions.error().message, "64 MiB"));
    }

    void dispatchOnTheFirstCharacter()
    {
        QVERIFY(dataset::isBirdPredictionsFile(kData + "good.json"));
        QVERIFY(dataset::isBirdPredictionsFile(write("blank_first.json", "\n \t{\"0\": \"SELECT 1\"}")));
        QVERIFY(dataset::isBirdPredictionsFile(write("bom.json", "\xEF\xBB\xBF{\"0\": \"SELECT 1\"}")));
        QVERIFY(!dataset::isBirdPredictionsFile(write("plain.txt", "SELECT 1\n")));
        QVERIFY(!dataset::isBirdPredictionsFile("/dev/zero"));
        QVERIFY(!dataset::isBirdPredictionsFile("/nonexistent/pred.json"));
    }

    void submissionReadsJsonPredictionsAndChecksDbIds()
    {
        const auto gold = writeGold("gold.sql", 3, "db");
        const auto pred = write("pred.json", R"({"0": "SELECT 0\t----- bird -----\tdb", "1": 7,
                                                "2": "SELECT 2\t----- bird -----\tdb"})");
        auto inputs = evaluation::readSubmission(gold, pred);
        QVERIFY2(inputs.ok(), inputs.ok() ? "" : inputs.error().message.c_str());
        QCOMPARE(inputs->predictions.size(), size_t(3));
        QCOMPARE(inputs->predictions[2], std::string("SELECT 2"));
        QCOMPARE(inputs->lineErrors.size(), size_t(1));
        QVERIFY(contains(inputs->lineErrors.at(1), "key \"1\""));

        const auto otherGold = writeGold("other_gold.sql", 3, "financial");
        auto mismatch = evaluation::readSubmission(otherGold, pred);
        QVERIFY(!mismatch.ok());
        QVERIFY2(contains(mismatch.error().message, "key \"0\" is on db_id \"db\""), mismatch.error().message.c_str());
        QVERIFY(contains(mismatch.error().message, "line 1 is on \"financial\""));

        const auto shortGold = writeGold("short_gold.sql", 2, "db");
        auto count = evaluation::readSubmission(shortGold, pred);
        QVERIFY(!count.ok());
        QVERIFY(contains(count.error().message, "2 gold items but " + pred + " has 3 predictions"));
    }
};

QTEST_APPLESS_MAIN(TestBirdPredictions)
#include "test_bird_predictions.moc"
