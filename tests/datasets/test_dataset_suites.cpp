// Whole-dataset distillation through `sqleq-cli distill`, as the dataset table of docs/datasets.md
// is made (tests/bench/bench_datasets.sh): every gold of the dataset parses and runs,
// the undistinguished share meets its target, the reliable share its floor, and the
// neighbors set aside as proven equivalent each carry a reason (that the kept databases
// separate what they claim is checked by test_targeted_distill, with plain SQLite).
// Skips cleanly without ../shared/corpus. Labelled `datasets`: `make test-datasets` runs it,
// the sanitizer run (unit|corpus) does not, for its length.
#include "tests/cli/cli_test_support.h"
#include "tests/corpus_skip.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

/// The folder of the Spider corpus's siblings: -DSQLEQ_CORPUS_DIR moves them all.
const QString kCorpus = QDir::cleanPath(QStringLiteral(SQLEQ_CORPUS_DIR "/.."));

struct Dataset {
    QString name;
    QStringList arguments;          ///< distill's inputs
    double undistinguishedTarget;   ///< percent, at most
    double reliableAtLeast;         ///< percent
    int brokenGolds = 0;            ///< golds the dataset ships that SQLite itself rejects
};

QJsonObject distill(const Dataset& dataset, const QString& out)
{
    QStringList arguments{"distill", "--out", out, "--jobs", "2"};
    arguments += dataset.arguments;
    const CliRun run = runCli(arguments, 1800000);
    if (run.exitCode != 0) qWarning("%s", qPrintable(run.err));
    QFile summary(out + "/distill_summary.json");
    if (run.exitCode != 0 || !summary.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(summary.readAll()).object();
}

} // namespace

class TestDatasetSuites : public QObject {
    Q_OBJECT

private slots:
    void distillMeetsTargets_data()
    {
        QTest::addColumn<QString>("name");
        const QString spider = kCorpus + "/spider";
        const QString classical = kCorpus + "/classical";
        auto classicalDataset = [&](const QString& name, double target, double reliable) {
            return Dataset{name,
                           {"--gold", classical + "/classical_test.jsonl", "--tables",
                            classical + "/schemas/" + name + "-schema.csv", "--db", classical + "/database"},
                           target, reliable};
        };
        const QString bird = kCorpus + "/bird";
        // name, inputs, undistinguished share at most, reliable share at least. Spider, SParC,
        // CoSQL and Geography are held to the project's targets (0.2 %; half the paper's
        // 5.28 %); Restaurants, Yelp and the two BIRD schemas, which miss theirs, to the
        // figures docs/datasets.md gives, so that a regression shows.
        const QList<Dataset> datasets = {
            {"spider", {"--gold", spider + "/dev_gold.sql", "--tables", spider + "/tables.json", "--db", spider + "/database"}, 0.2, 90},
            // SParC's battle_death gold reads a column T1.id that does not exist; one CoSQL
            // car_1 gold is not valid SQL: SQLite refuses both, and so does the official script.
            {"sparc", {"--gold", kCorpus + "/sparc_cosql/sparc_dev_gold.txt", "--tables", spider + "/tables.json", "--db", spider + "/database"}, 0.2, 90, 1},
            {"cosql", {"--gold", kCorpus + "/sparc_cosql/cosql_dev_gold.txt", "--tables", spider + "/tables.json", "--db", spider + "/database"}, 0.2, 90, 1},
            classicalDataset("geography", 2.64, 70),
            classicalDataset("restaurants", 0.5, 55),
            classicalDataset("yelp", 0.5, 80),
            {"bird", {"--gold", bird + "/dev_gold.sql", "--tables", bird + "/dev_tables.json", "--db-id",
                      "debit_card_specializing", "--db-id", "superhero"}, 5.0, 10},
        };
        for (const Dataset& dataset : datasets) {
            m_datasets.insert(dataset.name, dataset);
            QTest::newRow(qPrintable(dataset.name)) << dataset.name;
        }
    }

    void distillMeetsTargets()
    {
        QFETCH(QString, name);
        const Dataset dataset = m_datasets.value(name);
        SQLEQ_SKIP_WITHOUT_CORPUS(dataset.arguments.at(1).toStdString(), dataset.arguments.at(3).toStdString());
        QTemporaryDir out;
        const QJsonObject summary = distill(dataset, out.path());
        QVERIFY2(!summary.isEmpty(), "distill failed");
        const QJsonObject totals = summary["totals"].toObject();
        const double undistinguished = totals["undistinguished_percent"].toDouble();
        const double reliable = totals["reliable_percent"].toDouble();
        qInfo("%s: %d neighbors, %d undistinguished (%.3f%%), %d proven equivalent, reliable %.1f%%, %d suite databases",
              qPrintable(name), totals["neighbors"].toInt(), totals["undistinguished"].toInt(), undistinguished,
              totals["proven_equivalent"].toInt(), reliable, totals["suite_databases"].toInt());
        QVERIFY2(undistinguished <= dataset.undistinguishedTarget,
                 qPrintable(QString("%1: %2% undistinguished, target %3%").arg(name).arg(undistinguished)
                                .arg(dataset.undistinguishedTarget)));
        QVERIFY(reliable >= dataset.reliableAtLeast);

        int failed = 0;
        for (const auto& schema : summary["schemas"].toArray()) {
            for (const auto& item : schema.toObject()["items"].toArray()) {
                const QJsonObject entry = item.toObject();
                // Every gold of the dataset parses and prepares on its schema, but for the
                // few the dataset ships broken (counted per dataset above).
                const QString error = entry["error"].toString();
                if (!error.isEmpty()) {
                    qInfo("gold %d: %s", entry["index"].toInt(), qPrintable(error));
                    ++failed;
                }
                for (const auto& proven : entry["proven_equivalent"].toArray())
                    QVERIFY(!proven.toObject()["reason"].toString().isEmpty());
            }
        }
        QCOMPARE(failed, dataset.brokenGolds);
        // The suites are in test-suite-sql-eval's layout, one folder per schema.
        QVERIFY(!QDir(out.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
    }

private:
    QHash<QString, Dataset> m_datasets;
};

QTEST_GUILESS_MAIN(TestDatasetSuites)
#include "test_dataset_suites.moc"
