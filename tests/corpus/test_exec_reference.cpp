// Execution accuracy on the original Spider databases against the official evaluator:
// every verdict of reference/exec.tsv (whatever submissions it holds) is reproduced item
// by item with the official option set (order rule and value placeholder as
// evaluation.py reads them), and the per-submission totals of exec_aggregates.tsv follow.
// Also: `check --db original.sqlite` puts the real database first in the suite.
#include "core/evaluation/evaluation.h"
#include "core/exec/connection.h"
#include "core/inspect/inspect.h"
#include "core/schema/schema_source.h"
#include "tests/corpus_skip.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

using namespace sqleq;
namespace fs = std::filesystem;

namespace {

const fs::path kCorpus = SQLEQ_CORPUS_DIR;

struct ReferenceVerdict {
    std::size_t index = 0;
    int submission = 0;
    bool exec = false;
    std::string note;
};

/// The data rows of exec.tsv (`index, submission, exec, note`).
std::vector<ReferenceVerdict> readReference(const fs::path& path)
{
    std::ifstream in(path);
    std::vector<ReferenceVerdict> rows;
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        const QStringList cells = QString::fromStdString(line).split('\t');
        if (cells.size() < 3) continue;
        rows.push_back({cells[0].toULongLong(), cells[1].toInt(), cells[2] == "1",
                        cells.size() > 3 ? cells[3].toStdString() : std::string()});
    }
    return rows;
}

/// Submission → correct_all of exec_aggregates.tsv.
std::map<int, int> readAggregates(const fs::path& path)
{
    std::ifstream in(path);
    std::map<int, int> correct;
    std::string line;
    std::getline(in, line);
    const QStringList header = QString::fromStdString(line).split('\t');
    const auto column = header.indexOf("correct_all");
    while (std::getline(in, line)) {
        const QStringList cells = QString::fromStdString(line).split('\t');
        if (column >= 0 && cells.size() > column) correct[cells[0].toInt()] = cells[column].toInt();
    }
    return correct;
}

/// The official option set: `--order-rule official`, and the placeholder rewrite (the default).
/// The default step budget stays: a tenth of it already fails correct predictions the
/// official evaluator accepts (a cross join ordered and cut to one row, item 95).
evaluation::EvaluationOptions officialExecOptions()
{
    evaluation::EvaluationOptions options;
    options.metrics = {.esm = false, .exec = true, .testSuite = false, .sqlEval = false, .pcmF1 = false,
                       .sqleq = false};
    options.settings.orderRule = compare::OrderRule::OfficialSubstring;
    options.valuePlaceholder = evaluation::ValuePlaceholder::Official;
    return options;
}

} // namespace

class TestExecReference : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        SQLEQ_SKIP_ALL_WITHOUT_CORPUS(kCorpus / "dev_gold.sql", kCorpus / "reference" / "exec.tsv",
                                      kCorpus / "reference" / "exec_aggregates.tsv", kCorpus / "database");
    }

    void everyReferenceVerdictAgrees()
    {
        const auto reference = readReference(kCorpus / "reference" / "exec.tsv");
        QVERIFY(!reference.empty());
        // One batch over every submission's referenced items, so the original
        // databases are loaded once and the workers stay busy across submissions.
        // Submissions often share a prediction: each distinct (item, prediction) runs once.
        evaluation::SubmissionInputs batch;
        std::map<int, std::vector<std::string>> predictions;
        std::vector<suite::GoldItem> gold;
        std::map<std::pair<std::size_t, std::string>, std::size_t> seen;
        std::vector<std::size_t> slotOf;
        for (const auto& row : reference) {
            if (predictions.count(row.submission) == 0) {
                const auto file = kCorpus / "predictions" / ("dev_" + std::to_string(row.submission) + ".txt");
                auto read = evaluation::readSubmission((kCorpus / "dev_gold.sql").string(), file.string());
                QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
                predictions[row.submission] = read->predictions;
                gold = read->gold;
            }
            QVERIFY(row.index < gold.size());
            const std::string& prediction = predictions[row.submission][row.index];
            const auto [slot, fresh] = seen.try_emplace({row.index, prediction}, batch.gold.size());
            if (fresh) {
                batch.gold.push_back(gold[row.index]);
                batch.predictions.push_back(prediction);
            }
            slotOf.push_back(slot->second);
        }
        batch.originalDatabases = kCorpus / "database";
        auto result = evaluation::evaluateSubmission(batch, officialExecOptions());
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
        QCOMPARE(result->items.size(), batch.gold.size());

        QStringList differences;
        std::map<int, int> correct;
        for (std::size_t i = 0; i < reference.size(); ++i) {
            const auto& row = reference[i];
            const auto& item = result->items[slotOf[i]];
            const auto& ours = item.exec;
            if (ours && *ours) ++correct[row.submission];
            if (ours == std::optional<bool>(row.exec)) continue;
            std::string notes;
            for (const auto& note : item.notes) notes += evaluation::noteText(note) + "; ";
            differences << QString("submission %1 item %2: official %3%4, sqleq %5 (%6) pred: %7")
                               .arg(row.submission)
                               .arg(row.index)
                               .arg(row.exec ? 1 : 0)
                               .arg(row.note.empty() ? QString() : QString(" (%1)").arg(row.note.c_str()))
                               .arg(ours ? QString::number(*ours ? 1 : 0) : QString("unset"))
                               .arg(QString::fromStdString(notes))
                               .arg(QString::fromStdString(batch.predictions[slotOf[i]]));
        }
        const QString listing = differences.mid(0, 10).join('\n');
        QVERIFY2(differences.isEmpty(),
                 qPrintable(QString("%1 of %2 verdicts differ; first:\n%3").arg(differences.size()).arg(reference.size()).arg(listing)));

        for (const auto& [submission, total] : readAggregates(kCorpus / "reference" / "exec_aggregates.tsv")) {
            if (predictions.count(submission) == 0) continue;
            QCOMPARE(correct[submission], total);
        }
    }

    void checkPutsTheOriginalDatabaseFirst()
    {
        // What `sqleq-cli check --db concert_singer.sqlite` does: the schema and the rows
        // of the file, the file itself tried first by the distiller.
        const fs::path file = kCorpus / "database" / "concert_singer" / "concert_singer.sqlite";
        SQLEQ_SKIP_WITHOUT_CORPUS(file);
        auto connection = exec::Connection::openReadOnly(file);
        QVERIFY(connection.ok());
        auto source = schema::schemaSourceFromDatabase(*connection, "concert_singer");
        QVERIFY(source.ok());
        QVERIFY(source->original.has_value());

        inspect::CheckRequest options{.gold = "SELECT count(*) FROM singer WHERE age > 30",
                                      .candidate = "SELECT count(*) FROM singer WHERE age > 40"};
        options.settings.samplingBudget = 200;
        options.settings.searchBudget = 0;
        options.minimize = false;
        options.diagnose = false;
        // The original holds singers of several ages: it separates the two counts.
        auto inspection = inspect::inspect(*source, options);
        QVERIFY(inspection.ok());
        const auto& databases = inspection->distilled.suite.databases;
        QVERIFY(!databases.empty());
        QCOMPARE(databases.front().origin, suite::DatabaseOrigin::Original);
        QCOMPARE(databases.front().label, std::string("original"));
        QVERIFY(databases.front().bytes == *source->original);
        QCOMPARE(inspection->check.separatingDatabase, 0);
        QVERIFY2(inspection->check.message.find("database #0 (original)") != std::string::npos,
                 inspection->check.message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestExecReference)
#include "test_exec_reference.moc"
