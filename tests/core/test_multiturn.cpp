// Multi-turn (SParC, CoSQL) files: the readers split interactions exactly as the
// official evaluation.py does (consecutive blank lines make an empty interaction, the
// last one counts without a closing blank line, whitespace-only lines are blank), the
// submission pairs interactions and refuses mismatches with named lines, and the turn
// buckets and interaction match are counted as evaluation.py counts them — checked
// here against counts worked out by hand for a small shop database.
#include "core/base/atomic_file.h"
#include "core/dataset/spider_files.h"
#include "core/evaluation/evaluation.h"
#include "core/exec/connection.h"
#include "tests/core/shop_dataset_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

using namespace sqleq;
namespace fs = std::filesystem;

namespace {

// Interactions: 1 (lines 1-2), 2 empty (line 4 closes it), 3 (lines 5-10, six turns),
// 4 (line 12, no closing blank line). Line 11 holds only spaces and a tab.
constexpr std::string_view kGold = "SELECT count(*) FROM item\tshop\n"
                                   "SELECT name FROM item\tshop\n"
                                   "\n"
                                   "\n"
                                   "SELECT id FROM item\tshop\n"
                                   "SELECT price FROM item\tshop\n"
                                   "SELECT max(price) FROM item\tshop\n"
                                   "SELECT min(price) FROM item\tshop\n"
                                   "SELECT count(*) FROM item\tshop\n"
                                   "SELECT name FROM item WHERE price > 3\tshop\n"
                                   "  \t \n"
                                   "SELECT id FROM item\tshop";

// Wrong: interaction 1 turn 2 and interaction 3 turn 6 (bucket "turn > 4").
constexpr std::string_view kPredictions = "SELECT count(*) FROM item\n"
                                          "SELECT id FROM item\n"
                                          "\n"
                                          "\n"
                                          "SELECT id FROM item\n"
                                          "SELECT price FROM item\n"
                                          "SELECT max(price) FROM item\n"
                                          "SELECT min(price) FROM item\n"
                                          "SELECT count(*) FROM item\n"
                                          "SELECT name FROM item\n"
                                          "\n"
                                          "SELECT id FROM item\n";

} // namespace

class TestMultiturn : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string write(const char* name, std::string_view text)
    {
        const auto path = m_dir.filePath(name).toStdString();
        QFile file(QString::fromStdString(path));
        if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", path.c_str());
        file.write(text.data(), qint64(text.size()));
        return path;
    }

    void writeShopFixture()
    {
        const fs::path root = m_dir.path().toStdString();
        writeShopDatabase(root / "db" / "shop" / "shop.sqlite",
                            "INSERT INTO item VALUES (1, 'pen', 2), (2, 'ink', 5), (3, 'pad', 5);");
        QVERIFY(writeFileAtomically(root / "tables.json", shopTablesJson()).ok());
    }

    evaluation::Evaluation evaluateFixture(unsigned jobs)
    {
        writeShopFixture();
        auto inputs = evaluation::readSubmission(write("gold.txt", kGold), write("pred.txt", kPredictions));
        if (!inputs) qFatal("readSubmission: %s", inputs.error().message.c_str());
        const fs::path root = m_dir.path().toStdString();
        inputs->tables = root / "tables.json";
        inputs->originalDatabases = root / "db";
        evaluation::EvaluationOptions options;
        options.settings.jobs = jobs;
        options.metrics.testSuite = options.metrics.sqleq = false;
        auto result = evaluation::evaluateSubmission(*inputs, options);
        if (!result) qFatal("evaluateSubmission: %s", result.error().message.c_str());
        return std::move(result.value());
    }

private slots:
    void readerSplitsInteractionsAsTheOfficialScript()
    {
        auto file = dataset::readGoldInteractions(write("gold.txt", kGold));
        QVERIFY(file.ok());
        QCOMPARE(file->layout.turns, (std::vector<uint32_t>{2, 0, 6, 1}));
        QVERIFY(file->layout.multiTurn());
        QCOMPARE(file->items.size(), std::size_t(9));
        QCOMPARE(file->items[1].interaction, 0u);
        QCOMPARE(file->items[1].turn, 1u);
        QCOMPARE(file->items[2].interaction, 2u);  // interaction 1 is the empty one
        QCOMPARE(file->items[2].turn, 0u);
        QCOMPARE(file->items[2].line, 5u);
        QCOMPARE(file->items[7].turn, 5u);
        QCOMPARE(file->items[8].interaction, 3u);
        QCOMPARE(file->items[8].line, 12u);
    }

    void trailingBlankLinesCloseInteractions()
    {
        // One closing blank line: one interaction. Two: the second closes an empty one.
        auto one = dataset::readPredictionInteractions(write("one.txt", "SELECT 1\nSELECT 2\n\n"));
        QVERIFY(one.ok());
        QCOMPARE(one->layout.turns, (std::vector<uint32_t>{2}));
        QVERIFY(!one->layout.multiTurn());
        auto two = dataset::readPredictionInteractions(write("two.txt", "SELECT 1\n\n\n"));
        QVERIFY(two.ok());
        QCOMPARE(two->layout.turns, (std::vector<uint32_t>{1, 0}));
        auto leading = dataset::readPredictionInteractions(write("leading.txt", "\r\nSELECT 1\r\n"));
        QVERIFY(leading.ok());
        QCOMPARE(leading->layout.turns, (std::vector<uint32_t>{0, 1}));
        auto empty = dataset::readPredictionInteractions(write("empty.txt", ""));
        QVERIFY(empty.ok());
        QVERIFY(empty->layout.turns.empty());
    }

    void singleTurnFilesKeepTheFlatPairing()
    {
        // A Spider gold (one interaction) pairs line by line, blank prediction lines skipped.
        auto inputs = evaluation::readSubmission(write("spider_gold.txt", "SELECT 1\tshop\nSELECT 2\tshop\n"),
                                                 write("spider_pred.txt", "SELECT 1\n\nSELECT 2\n"));
        QVERIFY(inputs.ok());
        QCOMPARE(inputs->gold.size(), std::size_t(2));
        QVERIFY(inputs->interactionTurns.empty());
    }

    void differentInteractionCountsAreRefused()
    {
        auto inputs = evaluation::readSubmission(write("gold.txt", kGold),
                                                 write("flat.txt", "SELECT 1\nSELECT 2\nSELECT 3\n"));
        QVERIFY(!inputs.ok());
        QVERIFY(inputs.error().message.find("has 4 interactions") != std::string::npos);
        QVERIFY(inputs.error().message.find("flat.txt has 1") != std::string::npos);
    }

    void differentTurnCountsNameTheInteractionAndLines()
    {
        std::string shorter(kPredictions);
        shorter.erase(shorter.find("SELECT name FROM item\n"), std::string_view("SELECT name FROM item\n").size());
        auto inputs = evaluation::readSubmission(write("gold.txt", kGold), write("short.txt", shorter));
        QVERIFY(!inputs.ok());
        const auto& message = inputs.error().message;
        QVERIFY2(message.find("interaction 3 has 6 turns in") != std::string::npos, message.c_str());
        QVERIFY2(message.find("(from line 5) but 5 in") != std::string::npos, message.c_str());
        QVERIFY2(message.find("only the first 5") != std::string::npos, message.c_str());
    }

    void turnsAndInteractionsAreCountedAsTheOfficialScript()
    {
        const auto result = evaluateFixture(1);
        QCOMPARE(result.items.size(), std::size_t(9));
        QVERIFY(result.items[7].turn.has_value());
        QCOMPARE(result.items[7].turn->interaction, 2u);
        QCOMPARE(result.items[7].turn->turn, 5u);
        const auto scores = evaluation::scoreInteractions(result);
        // By hand: turn 1 in interactions 1, 3, 4; turn 2 in 1 and 3; turns 5 and 6 of
        // interaction 3 both fall in "turn > 4".
        QCOMPARE(scores.turnCounts, (std::array<std::size_t, 5>{3, 2, 1, 1, 2}));
        QCOMPARE(scores.interactions, std::size_t(4));
        const std::array<std::size_t, 5> correct = {3, 1, 1, 1, 1};
        for (std::size_t b = 0; b < 5; ++b) {
            QCOMPARE(scores.exec.turns[b].correct, correct[b]);
            QCOMPARE(scores.esm.turns[b].correct, correct[b]);
        }
        // Interactions 1 and 3 have a wrong turn; the empty one counts as right (all([])).
        QCOMPARE(scores.exec.joint.correct, std::size_t(2));
        QCOMPARE(scores.exec.joint.computed, std::size_t(4));
        QCOMPARE(scores.esm.joint.correct, std::size_t(2));
    }

    void reportsShowTurnsAndJointAll()
    {
        const auto result = evaluateFixture(2);
        const auto hardness = QString::fromStdString(evaluation::formatHardnessReport(result));
        QVERIFY(hardness.startsWith(QStringLiteral("                     easy") ));
        QVERIFY(hardness.split('\n')[0].endsWith(QStringLiteral("joint_all           ")));
        QVERIFY(hardness.split('\n')[1].endsWith(QStringLiteral("4                   ")));
        const auto turns = QString::fromStdString(evaluation::formatTurnReport(result));
        const auto lines = turns.split('\n');
        QCOMPARE(lines[2], QStringLiteral("                     turn 1               turn 2               turn 3          "
                                          "     turn 4               turn > 4            "));
        QCOMPARE(lines[3].simplified(), QStringLiteral("count 3 2 1 1 2"));
        QVERIFY(turns.contains(QStringLiteral("TURN EXECUTION ACCURACY")));
        QVERIFY(turns.contains(QStringLiteral("execution            1.000                0.500                1.000")));
        QVERIFY(turns.contains(QStringLiteral("interaction exact match: 2 / 4 = 0.500")));

        const auto tsv = QString::fromStdString(evaluation::itemsTsv(result)).split('\n');
        QVERIFY(tsv[0].startsWith(QStringLiteral("index\tdb_id\tinteraction\tturn\thardness\t")));
        QVERIFY(tsv[8].startsWith(QStringLiteral("7\tshop\t3\t6\t")));
        const auto json = QString::fromStdString(evaluation::itemsJson(result));
        QVERIFY(json.contains(QStringLiteral("\"interaction\": 3")));
        QVERIFY(json.contains(QStringLiteral("\"turn\": 6")));
    }

    void singleTurnReportHasNoTurnTable()
    {
        evaluation::Evaluation flat;
        flat.items.resize(2);
        QVERIFY(evaluation::formatTurnReport(flat).empty());
        QVERIFY(!QString::fromStdString(evaluation::formatHardnessReport(flat)).contains("joint_all"));
        QVERIFY(!QString::fromStdString(evaluation::itemsTsv(flat)).contains("interaction"));
    }

    void resultsDoNotDependOnJobs()
    {
        QCOMPARE(evaluation::itemsTsv(evaluateFixture(1)), evaluation::itemsTsv(evaluateFixture(2)));
    }
};

QTEST_APPLESS_MAIN(TestMultiturn)
#include "test_multiturn.moc"
