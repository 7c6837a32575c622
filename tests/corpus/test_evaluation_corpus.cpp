// core/evaluation on the Spider dev set: a match-only evaluation of each of the 21
// submissions prints the official exact-match row of reference/aggregates.tsv and
// agrees item by item with esm.tsv and hardness.tsv; execution metrics on the one
// original database of the corpus (concert_singer) behave as the official exec does.
#include "core/evaluation/evaluation.h"
#include "tests/corpus_skip.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace sqleq;
namespace fs = std::filesystem;

namespace {

const fs::path kCorpus = SQLEQ_CORPUS_DIR;

/// The data rows of a TSV file (header skipped), split on tabs.
std::vector<QStringList> readTsv(const fs::path& path)
{
    std::ifstream in(path);
    std::vector<QStringList> rows;
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        if (!line.empty()) rows.push_back(QString::fromStdString(line).split('\t'));
    }
    return rows;
}

evaluation::SubmissionInputs submission(const std::string& predictionFile)
{
    auto inputs = evaluation::readSubmission((kCorpus / "dev_gold.sql").string(),
                                             (kCorpus / "predictions" / predictionFile).string());
    if (!inputs) qFatal("readSubmission: %s", inputs.error().message.c_str());
    return std::move(inputs.value());
}

/// The cells of the report row named `name` (evaluation.py's print_formated_s layout).
QStringList reportRow(const std::string& report, const QString& name)
{
    for (const auto& line : QString::fromStdString(report).split('\n')) {
        if (line.startsWith(name.leftJustified(20) + " ")) return line.mid(21).split(' ', Qt::SkipEmptyParts);
    }
    return {};
}

} // namespace

class TestEvaluationCorpus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        SQLEQ_SKIP_ALL_WITHOUT_CORPUS(kCorpus / "dev_gold.sql", kCorpus / "tables.json",
                                      kCorpus / "reference" / "aggregates.tsv", kCorpus / "reference" / "esm.tsv",
                                      kCorpus / "reference" / "hardness.tsv", kCorpus / "predictions" / "dev_1.txt");
    }

    void matchOnlyGivesTheOfficialExactMatchRow()
    {
        std::map<QString, QStringList> aggregates;  // submission → easy..all, correct_*, parse failures
        for (const auto& row : readTsv(kCorpus / "reference" / "aggregates.tsv")) aggregates[row[0]] = row;
        std::map<std::pair<int, int>, bool> esm;  // (submission, index) → verdict
        for (const auto& row : readTsv(kCorpus / "reference" / "esm.tsv"))
            esm[{row[1].toInt(), row[0].toInt()}] = row[2] == QLatin1String("1");
        const auto hardness = readTsv(kCorpus / "reference" / "hardness.tsv");
        QCOMPARE(aggregates.size(), std::size_t(21));

        evaluation::EvaluationOptions options;
        options.metrics = {.esm = true, .exec = false, .testSuite = false, .sqlEval = false, .pcmF1 = false};
        for (int k = 1; k <= 21; ++k) {
            auto inputs = submission("dev_" + std::to_string(k) + ".txt");
            inputs.tables = kCorpus / "tables.json";
            const auto result = evaluation::evaluateSubmission(inputs, options);
            QVERIFY(result.ok());
            const auto& expected = aggregates.at(QString::number(k));
            const auto row = reportRow(evaluation::formatHardnessReport(*result), QStringLiteral("exact match"));
            QCOMPARE(row, expected.mid(1, 5));

            int parseFailures = 0;
            for (const auto& item : result->items) {
                QVERIFY(item.esm.has_value() && item.hardness.has_value());
                const auto i = static_cast<int>(item.index);
                QCOMPARE(*item.esm, esm.at({k, i}));
                QCOMPARE(QString::fromUtf8(metrics::hardnessName(*item.hardness)), hardness[item.index][2]);
                for (const auto& note : item.notes) parseFailures += note.reason == evaluation::NoteReason::PredictionUnparsed;
            }
            QCOMPARE(QString::number(parseFailures), expected[11]);
        }
    }

    void goldAsPredictionPassesEveryExecutionMetric()
    {
        SQLEQ_SKIP_WITHOUT_CORPUS(kCorpus / "database" / "concert_singer" / "concert_singer.sqlite");
        auto inputs = submission("dev_1.txt");
        for (std::size_t i = 0; i < inputs.gold.size(); ++i) inputs.predictions[i] = inputs.gold[i].sql;
        inputs.originalDatabases = kCorpus / "database";
        evaluation::EvaluationOptions options;
        options.metrics = {.esm = false, .exec = true, .testSuite = false, .sqlEval = true, .pcmF1 = false};
        const auto result = evaluation::evaluateSubmission(inputs, options);
        QVERIFY(result.ok());
        // The corpus holds the original databases of most dev schemas (not all): an item
        // whose database exists passes, the others are unset with a note.
        std::size_t withDatabase = 0;
        std::size_t concert = 0;
        for (const auto& item : result->items) {
            const bool exists = fs::exists(kCorpus / "database" / item.dbId / (item.dbId + ".sqlite"));
            concert += item.dbId == "concert_singer" ? 1 : 0;
            if (exists) {
                ++withDatabase;
                const std::string firstNote = item.notes.empty() ? "" : evaluation::noteText(item.notes[0]);
                QVERIFY2(item.exec == std::optional(true), firstNote.c_str());
                QVERIFY2(item.sqlEval == std::optional(true), firstNote.c_str());
            } else {
                QVERIFY(!item.exec && !item.sqlEval);
                QVERIFY(!item.notes.empty() && item.notes[0].reason == evaluation::NoteReason::NoOriginalDatabase);
            }
        }
        QCOMPARE(concert, std::size_t(45));
        QVERIFY(withDatabase >= concert);
    }

    void execOnTheOriginalIsATestSuiteOfOneDatabase()
    {
        SQLEQ_SKIP_WITHOUT_CORPUS(kCorpus / "database" / "concert_singer" / "concert_singer.sqlite");
        for (const char* file : {"dev_1.txt", "dev_4.txt"}) {
            auto inputs = submission(file);
            // Only the concert_singer items: the corpus has no other original database.
            evaluation::SubmissionInputs concert;
            for (std::size_t i = 0; i < inputs.gold.size(); ++i) {
                if (inputs.gold[i].dbId != "concert_singer") continue;
                concert.gold.push_back(inputs.gold[i]);
                concert.predictions.push_back(inputs.predictions[i]);
            }
            concert.originalDatabases = kCorpus / "database";
            concert.suites = kCorpus / "database";  // the folder holds that one file: a one-database suite
            for (const bool plug : {false, true}) {
                evaluation::EvaluationOptions options;
                options.settings.plugValue = plug;
                options.settings.jobs = 2;
                const auto result = evaluation::evaluateSubmission(concert, options);
                QVERIFY(result.ok());
                std::size_t correct = 0;
                for (const auto& item : result->items) {
                    QVERIFY(item.exec.has_value());
                    QCOMPARE(item.exec, item.testSuite);
                    correct += *item.exec ? 1 : 0;
                }
                // Neither all right nor all wrong: the metric looks at the predictions.
                QVERIFY(correct > 0 && correct < result->items.size());
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestEvaluationCorpus)
#include "test_evaluation_corpus.moc"
