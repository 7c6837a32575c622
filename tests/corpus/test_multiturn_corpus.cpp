// SParC and CoSQL dev: the gold as its own prediction is right on every turn and in
// every interaction (exact set match and execution on the Spider dev databases), and a
// single planted wrong turn drops exactly its own interaction. The interaction counts
// are evaluation.py's (CoSQL's last interaction has no closing blank line and counts).
#include "core/evaluation/evaluation.h"
#include "tests/corpus_skip.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <string>

using namespace sqleq;
namespace fs = std::filesystem;

namespace {

const fs::path kSpider = SQLEQ_CORPUS_DIR;
const fs::path kMultiTurn = kSpider.parent_path() / "sparc_cosql";

/// The gold file's SQL column as a predictions file, blank lines kept; the turn at
/// (0-based) line `plantedLine` replaced by a query no gold equals.
std::string predictionsFromGold(const fs::path& gold, const fs::path& out, int plantedLine)
{
    std::ifstream in(gold);
    std::ofstream pred(out);
    std::string line;
    for (int n = 0; std::getline(in, line); ++n) {
        const std::string sql = line.substr(0, line.find('\t'));
        pred << (n == plantedLine ? std::string("SELECT 'planted'") : sql) << '\n';
    }
    return out.string();
}

evaluation::Evaluation evaluate(const std::string& gold, const std::string& pred)
{
    auto inputs = evaluation::readSubmission(gold, pred);
    if (!inputs) qFatal("readSubmission: %s", inputs.error().message.c_str());
    inputs->tables = kSpider / "tables.json";
    inputs->originalDatabases = kSpider / "database";
    evaluation::EvaluationOptions options;
    options.metrics.testSuite = options.metrics.sqleq = options.metrics.sqlEval = options.metrics.pcmF1 = false;
    auto result = evaluation::evaluateSubmission(*inputs, options);
    if (!result) qFatal("evaluateSubmission: %s", result.error().message.c_str());
    return std::move(result.value());
}

} // namespace

class TestMultiturnCorpus : public QObject {
    Q_OBJECT

private slots:
    void goldAgainstItself_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("turns");
        QTest::addColumn<int>("interactions");
        QTest::addColumn<int>("plantedLine");     // 0-based line of the planted wrong turn
        QTest::addColumn<int>("plantedBucket");
        QTest::newRow("sparc") << "sparc_dev_gold.txt" << 1203 << 422 << 1 << 1;      // interaction 1, turn 2
        QTest::newRow("cosql") << "cosql_dev_gold.txt" << 1007 << 293 << 6 << 2;      // interaction 2, turn 3
    }

    void goldAgainstItself()
    {
        QFETCH(QString, file);
        QFETCH(int, turns);
        QFETCH(int, interactions);
        QFETCH(int, plantedLine);
        QFETCH(int, plantedBucket);
        const fs::path gold = kMultiTurn / file.toStdString();
        SQLEQ_SKIP_WITHOUT_CORPUS(gold, kSpider / "tables.json", kSpider / "database");
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();

        const auto same = evaluate(gold.string(), predictionsFromGold(gold, root / "same.txt", -1));
        QCOMPARE(int(same.items.size()), turns);
        auto scores = evaluation::scoreInteractions(same);
        QCOMPARE(int(scores.interactions), interactions);
        QCOMPARE(int(scores.esm.joint.correct), interactions);
        QCOMPARE(scores.esm.joint.computed, scores.interactions);
        QCOMPARE(scores.exec.joint.correct, scores.exec.joint.computed);
        QVERIFY(scores.exec.joint.computed > std::size_t(interactions) * 9 / 10);  // wta_1 has no database
        for (std::size_t b = 0; b < evaluation::kTurnBuckets; ++b)
            QCOMPARE(scores.esm.turns[b].correct, scores.turnCounts[b]);

        const auto planted = evaluate(gold.string(), predictionsFromGold(gold, root / "planted.txt", plantedLine));
        const auto after = evaluation::scoreInteractions(planted);
        QCOMPARE(after.esm.joint.correct, scores.esm.joint.correct - 1);
        QCOMPARE(after.exec.joint.correct, scores.exec.joint.correct - 1);
        QCOMPARE(after.esm.turns[plantedBucket].correct, scores.esm.turns[plantedBucket].correct - 1);
        for (std::size_t b = 0; b < evaluation::kTurnBuckets; ++b)
            if (int(b) != plantedBucket) QCOMPARE(after.esm.turns[b].correct, scores.esm.turns[b].correct);
    }
};

QTEST_APPLESS_MAIN(TestMultiturnCorpus)
#include "test_multiturn_corpus.moc"
