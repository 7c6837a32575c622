// Unit tests of core/evaluation on a hand-made two-database dataset: a shop schema with
// an original database and a two-database suite (the second separates a prediction the
// original cannot), and a schema only tables.json knows. Checks every metric per item,
// unset metrics with notes, disagreement, the TSV/JSON tables, the report layout and
// that the result does not depend on the number of jobs.
#include "core/base/atomic_file.h"
#include "core/evaluation/evaluation.h"
#include "tests/core/shop_dataset_support.h"
#include "core/exec/connection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <set>

using namespace sqleq;
namespace fs = std::filesystem;

namespace {

/// The shop schema and a schema only tables.json knows.
const std::string kTablesJson = "[" + std::string(kShopTablesEntry) + R"(,
 {"db_id": "ghost", "table_names_original": ["t"], "table_names": ["t"],
  "column_names_original": [[-1, "*"], [0, "a"]], "column_names": [[-1, "*"], [0, "a"]],
  "column_types": ["text", "number"], "primary_keys": [], "foreign_keys": []}
])";

/// Items: 0 identical; 1 right on the original only (suite database 1 separates it);
/// 2 a misspelt column; 3 on the ghost schema, which has neither database nor suite.
evaluation::SubmissionInputs shopInputs(const QTemporaryDir& dir)
{
    const fs::path root = dir.path().toStdString();
    writeShopDatabase(root / "db" / "shop" / "shop.sqlite",
                  "INSERT INTO item VALUES (1, 'pen', 2), (2, 'ink', 5), (3, 'pad', 5);");
    writeShopDatabase(root / "suites" / "shop" / "shop_0.sqlite",
                  "INSERT INTO item VALUES (1, 'pen', 2), (2, 'ink', 5), (3, 'pad', 5);");
    writeShopDatabase(root / "suites" / "shop" / "shop_1.sqlite", "INSERT INTO item VALUES (1, 'cap', 4);");
    (void)writeFileAtomically(root / "tables.json", kTablesJson);

    evaluation::SubmissionInputs inputs;
    inputs.gold = {{"SELECT count(*) FROM item", "shop"},
                   {"SELECT name FROM item WHERE price > 3", "shop"},
                   {"SELECT name FROM item", "shop"},
                   {"SELECT count(*) FROM t", "ghost"}};
    inputs.predictions = {"SELECT count(*) FROM item", "SELECT name FROM item WHERE price = 5",
                          "SELECT nme FROM item", "SELECT count(*) FROM t"};
    inputs.tables = root / "tables.json";
    inputs.originalDatabases = root / "db";
    inputs.suites = root / "suites";
    return inputs;
}

evaluation::Evaluation evaluateOrFail(const evaluation::SubmissionInputs& inputs, unsigned jobs = 1)
{
    evaluation::EvaluationOptions options;
    options.settings.jobs = jobs;
    auto result = evaluation::evaluateSubmission(inputs, options);
    if (!result) qFatal("evaluateSubmission failed: %s", result.error().message.c_str());
    return std::move(result.value());
}

bool hasNoteWith(const evaluation::ItemMetrics& item, std::string_view text)
{
    for (const auto& note : item.notes) {
        if (evaluation::noteText(note).find(text) != std::string::npos) return true;
    }
    return false;
}

/// A row of evaluation.py's print_formated_s, written independently with Qt.
QString officialRow(const QString& name, const QStringList& cells)
{
    QStringList padded;
    for (const auto& cell : cells) padded << cell.leftJustified(20);
    return name.leftJustified(20) + " " + padded.join(' ');
}

} // namespace

class TestEvaluation : public QObject {
    Q_OBJECT

private slots:
    void computesEveryMetricPerItem()
    {
        QTemporaryDir dir;
        const auto result = evaluateOrFail(shopInputs(dir));
        QVERIFY(result.computed.esm && result.computed.exec && result.computed.testSuite);
        QVERIFY(result.computed.sqlEval && result.computed.pcmF1);
        QCOMPARE(result.items.size(), std::size_t(4));

        const auto& same = result.items[0];
        QCOMPARE(same.hardness, std::optional(metrics::Hardness::Easy));
        QCOMPARE(same.esm, std::optional(true));
        QCOMPARE(same.exec, std::optional(true));
        QCOMPARE(same.testSuite, std::optional(true));
        QCOMPARE(same.sqlEval, std::optional(true));
        QCOMPARE(same.pcmF1, std::optional(1.0));
        QCOMPARE(same.testSuiteVerdict, std::string("equivalent"));
        QCOMPARE(same.separatingDatabase, -1);
        QVERIFY(same.components.has_value());
        QVERIFY(same.notes.empty());

        const auto& lucky = result.items[1];
        QCOMPARE(lucky.esm, std::optional(false));
        QCOMPARE(lucky.exec, std::optional(true));      // the original database cannot tell them apart
        QCOMPARE(lucky.sqlEval, std::optional(true));
        QCOMPARE(lucky.testSuite, std::optional(false));  // shop_1 (price 4) does
        QCOMPARE(lucky.testSuiteVerdict, std::string("different"));
        QCOMPARE(lucky.separatingDatabase, 1);
        QVERIFY(lucky.pcmF1 && *lucky.pcmF1 < 1.0);

        const auto& misspelt = result.items[2];
        QCOMPARE(misspelt.esm, std::optional(false));
        QVERIFY(hasNoteWith(misspelt, "official parser rejects the prediction"));
        QCOMPARE(misspelt.exec, std::optional(false));
        QCOMPARE(misspelt.testSuite, std::optional(false));
        QCOMPARE(misspelt.testSuiteVerdict, std::string("candidate_error"));
        QCOMPARE(misspelt.sqlEval, std::optional(false));
    }

    void missingDatabaseLeavesMetricsUnsetWithNotes()
    {
        QTemporaryDir dir;
        const auto ghost = evaluateOrFail(shopInputs(dir)).items[3];
        QCOMPARE(ghost.dbId, std::string("ghost"));
        QCOMPARE(ghost.esm, std::optional(true));  // tables.json knows the schema
        QVERIFY(!ghost.exec && !ghost.testSuite && !ghost.sqlEval);
        QVERIFY(ghost.testSuiteVerdict.empty());
        QVERIFY(hasNoteWith(ghost, "exec: no original database"));
        QVERIFY(hasNoteWith(ghost, "ghost.sqlite"));
        QVERIFY(hasNoteWith(ghost, "testsuite:"));
        QVERIFY(hasNoteWith(ghost, "sqleval:"));
        QCOMPARE(ghost.pcmF1, std::optional(1.0));
        // Each note says which metric and why as data, the sentence aside.
        const auto reasonOf = [&](evaluation::Metric metric) {
            for (const auto& note : ghost.notes)
                if (note.metric == metric) return std::optional(note.reason);
            return std::optional<evaluation::NoteReason>();
        };
        QCOMPARE(reasonOf(evaluation::Metric::Exec), std::optional(evaluation::NoteReason::NoOriginalDatabase));
        QCOMPARE(reasonOf(evaluation::Metric::SqlEval), std::optional(evaluation::NoteReason::NoOriginalDatabase));
        QCOMPARE(reasonOf(evaluation::Metric::TestSuite), std::optional(evaluation::NoteReason::NoSuite));
    }

    void notesAreWrittenFromTheirFields()
    {
        using evaluation::Metric;
        using evaluation::NoteReason;
        // Sentences that mimic another metric's prefix or another reason's words: every
        // writer goes by the fields, so they change nothing but the sentence shown.
        evaluation::ItemMetrics item;
        item.dbId = "shop";
        item.notes = {{Metric::Exec, NoteReason::NoOriginalDatabase, "sqleval: the folder is empty"},
                      {Metric::Esm, NoteReason::Unscored, "cancelled"},
                      {std::nullopt, NoteReason::ValuePlaceholder, "exec: rewritten"}};
        const auto json = evaluation::itemJson(item);
        QCOMPARE(json["notes"][0].get<std::string>(), std::string("exec: sqleval: the folder is empty"));
        QCOMPARE(json["notes"][1].get<std::string>(), std::string("esm, hardness: cancelled"));
        QCOMPARE(json["notes"][2].get<std::string>(), std::string("placeholder: exec: rewritten"));
        QCOMPARE(json["note_details"][0]["metric"].get<std::string>(), std::string("exec"));
        QCOMPARE(json["note_details"][0]["reason"].get<std::string>(), std::string("no_original_database"));
        QCOMPARE(json["note_details"][0]["detail"].get<std::string>(), std::string("sqleval: the folder is empty"));
        QCOMPARE(json["note_details"][1]["reason"].get<std::string>(), std::string("unscored"));
        QVERIFY(json["note_details"][2]["metric"].is_null());
        for (std::size_t i = 0; i < item.notes.size(); ++i)
            QVERIFY(evaluation::noteFromJson(json["note_details"][i]) == item.notes[i]);
        QVERIFY(!evaluation::noteFromJson(nlohmann::json{{"metric", "bleu"}, {"reason", "other"}, {"detail", ""}}));

        evaluation::Evaluation evaluation;
        evaluation.items.push_back(item);
        const std::string tsv = evaluation::itemsTsv(evaluation);
        QVERIFY(tsv.find("exec: sqleval: the folder is empty; esm, hardness: cancelled; placeholder: exec: rewritten")
                != std::string::npos);
    }

    void oneMetricTable()
    {
        std::set<std::string_view> keys;
        for (const auto& row : evaluation::metricTable()) {
            QVERIFY(keys.insert(row.key).second);
            QCOMPARE(evaluation::metricForKey(row.key), std::optional(row.metric));
            QVERIFY(&evaluation::metricInfo(row.metric) == &row);
        }
        QVERIFY(!evaluation::metricForKey("esm, hardness"));
        const evaluation::MetricSelection some{.esm = true, .exec = false, .testSuite = true, .sqlEval = false,
                                               .pcmF1 = true, .sqleq = true};
        QCOMPARE(evaluation::computedMetricList(some), std::string("esm, testsuite, pcm_f1, sqleq"));
        for (const auto etype : evaluation::kEvalTypes) QVERIFY(evaluation::isEvalType(etype));
        QVERIFY(!evaluation::isEvalType("EXEC") && !evaluation::isEvalType("both"));
    }

    void metricsWithoutInputsAreNotComputed()
    {
        QTemporaryDir dir;
        auto inputs = shopInputs(dir);
        inputs.originalDatabases.clear();
        inputs.suites.clear();
        auto matchOnly = evaluateOrFail(inputs);
        QVERIFY(matchOnly.computed.esm && !matchOnly.computed.exec && !matchOnly.computed.testSuite);
        QVERIFY(!matchOnly.computed.sqlEval);
        for (const auto& item : matchOnly.items) {
            QVERIFY(item.esm.has_value() && item.hardness.has_value());
            QVERIFY(!item.exec && !item.testSuite && !item.sqlEval);
        }

        inputs = shopInputs(dir);
        inputs.tables.clear();
        const auto noTables = evaluateOrFail(inputs);
        QVERIFY(!noTables.computed.esm && noTables.computed.exec);
        QVERIFY(!noTables.items[0].hardness && !noTables.items[0].esm && !noTables.items[0].components);
        QCOMPARE(noTables.items[0].exec, std::optional(true));

        evaluation::EvaluationOptions options;
        options.metrics = {.esm = false, .exec = false, .testSuite = true, .sqlEval = false, .pcmF1 = false};
        auto suiteOnly = evaluation::evaluateSubmission(shopInputs(dir), options);
        QVERIFY(suiteOnly.ok());
        QVERIFY(suiteOnly->computed.testSuite && !suiteOnly->computed.esm && !suiteOnly->computed.pcmF1);
        QVERIFY(suiteOnly->items[1].hardness.has_value());  // tables.json given: hardness levels still known
        QVERIFY(!suiteOnly->items[1].esm && !suiteOnly->items[1].pcmF1);
    }

    void wholeBatchErrorsNameThePath()
    {
        QTemporaryDir dir;
        auto inputs = shopInputs(dir);
        inputs.suites = dir.filePath("no-such-dir").toStdString();
        auto result = evaluation::evaluateSubmission(inputs, {});
        QVERIFY(!result.ok());
        QCOMPARE(result.error().code, std::string("evaluation.input"));
        QVERIFY(result.error().message.find("no-such-dir") != std::string::npos);

        inputs = shopInputs(dir);
        inputs.tables = dir.filePath("missing.json").toStdString();
        result = evaluation::evaluateSubmission(inputs, {});
        QVERIFY(!result.ok());
        QVERIFY(result.error().message.find("missing.json") != std::string::npos);

        inputs = shopInputs(dir);
        inputs.predictions.pop_back();
        QVERIFY(!evaluation::evaluateSubmission(inputs, {}).ok());
    }

    void readSubmissionAlignsFilesAndNamesTheLine()
    {
        QTemporaryDir dir;
        const auto gold = dir.filePath("gold.sql").toStdString();
        const auto pred = dir.filePath("pred.txt").toStdString();
        // One interaction (no blank line in the gold): paired line by line, blank
        // prediction lines skipped. A blank gold line would make it multi-turn.
        QVERIFY(writeFileAtomically(gold, "SELECT 1\tshop\nSELECT 2\tshop\nSELECT 3\tshop\n").ok());
        QVERIFY(writeFileAtomically(pred, "SELECT 1\nSELECT 2\tshop\n").ok());
        auto read = evaluation::readSubmission(gold, pred);
        QVERIFY(!read.ok());
        QVERIFY2(read.error().message.find(gold + " line 3") != std::string::npos, read.error().message.c_str());

        QVERIFY(writeFileAtomically(pred, "SELECT 1\nSELECT 2\tshop\n\nSELECT 3\n").ok());
        read = evaluation::readSubmission(gold, pred);
        QVERIFY(read.ok());
        QCOMPARE(read->gold.size(), std::size_t(3));
        QCOMPARE(read->predictions[1], std::string("SELECT 2"));
        QCOMPARE(read->gold[2].dbId, std::string("shop"));
        QVERIFY(read->tables.empty() && read->suites.empty());
    }

    void disagreementAndSummary()
    {
        QTemporaryDir dir;
        const auto inputs = shopInputs(dir);
        const auto result = evaluateOrFail(inputs);
        QVERIFY(!evaluation::metricsDisagree(result.items[0]));
        QVERIFY(evaluation::metricsDisagree(result.items[1]));
        QVERIFY(!evaluation::metricsDisagree(result.items[2]));  // wrong by every metric
        QCOMPARE(evaluation::metricsSummary(result.items[0]),
                 std::string("esm=1 exec=1 testsuite=1 sqleval=1 sqleq=1 pcm_f1=1.00"));

        evaluation::ItemMetrics soft;
        soft.esm = true;
        soft.pcmF1 = 0.5;  // a graded score does not vote
        QVERIFY(!evaluation::metricsDisagree(soft));
        soft.testSuite = false;
        QVERIFY(evaluation::metricsDisagree(soft));
        soft.testSuite.reset();
        soft.pcmF1.reset();
        QCOMPARE(evaluation::metricsSummary(soft), std::string("esm=1"));

        const auto listing = QString::fromStdString(evaluation::disagreementsTsv(result, inputs));
        const auto lines = listing.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines[0].endsWith(QStringLiteral("\tnotes\tproved\tkind\tgold\tpred")));
        QVERIFY(lines[1].startsWith(QStringLiteral("1\tshop\t")));
        QVERIFY(lines[1].endsWith(QStringLiteral("\tSELECT name FROM item WHERE price > 3\tSELECT name FROM item WHERE price = 5")));
    }

    void sqleqSearchesPastTheSuite()
    {
        QTemporaryDir dir;
        auto inputs = shopInputs(dir);
        // Both suite databases keep every name but 'zz top'; only the search plants the
        // prediction's own constant and separates it: a test-suite false positive.
        inputs.gold = {{"SELECT name FROM item WHERE price > 3", "shop"}, {"SELECT count(*) FROM item", "shop"}};
        inputs.predictions = {"SELECT name FROM item WHERE price > 3 AND name != 'zz top'",
                              "SELECT count(id) FROM item"};
        const auto result = evaluateOrFail(inputs, 2);
        QCOMPARE(result.items[0].testSuite, std::optional<bool>(true));
        QCOMPARE(result.items[0].sqleq, std::optional<bool>(false));
        QVERIFY(result.items[0].testSuiteFalsePositive);
        QVERIFY(!result.items[0].sqleqFoundBy.empty());
        QVERIFY(evaluation::metricsDisagree(result.items[0]));
        QCOMPARE(result.items[1].sqleq, std::optional<bool>(true));
        QVERIFY(!result.items[1].testSuiteFalsePositive);
        // count(id) is count(*) when no column holds NULL: proved, so no search ran; the
        // false positive was refuted, never proved.
        QVERIFY(result.items[1].proved);
        QVERIFY(!result.items[0].proved);

        const auto listing = QString::fromStdString(evaluation::disagreementsTsv(result, inputs));
        QVERIFY(listing.contains(QStringLiteral("test-suite false positive\t")));
        const auto report = QString::fromStdString(evaluation::formatHardnessReport(result));
        QVERIFY(report.contains(QStringLiteral("\nsqleq ")));

        // The same with one worker: the search does not depend on the thread count.
        const auto alone = evaluateOrFail(inputs, 1);
        QCOMPARE(alone.items[0].sqleqFoundBy, result.items[0].sqleqFoundBy);
    }

    void itemTablesHaveTheDocumentedColumns()
    {
        QTemporaryDir dir;
        const auto result = evaluateOrFail(shopInputs(dir));
        const auto lines = QString::fromStdString(evaluation::itemsTsv(result)).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0], QStringLiteral("index\tdb_id\thardness\tesm\texec\ttestsuite\tsqleval\tpcm_f1\t"
                                          "testsuite_verdict\tseparating_db\tsqleq\ttestsuite_false_positive\tnotes\t"
                                          "proved"));
        // The same texts as run are proved (by 0 rewrites), as `check` proves them.
        QCOMPARE(lines[1].section('\t', 13), QStringLiteral("1"));
        QCOMPARE(lines[2].section('\t', 13), QStringLiteral("0"));
        QCOMPARE(lines[2].section('\t', 0, 9), QStringLiteral("1\tshop\teasy\t0\t1\t0\t1\t") +
                                                   QString::number(*result.items[1].pcmF1, 'f', 4) +
                                                   QStringLiteral("\tdifferent\t1"));
        const auto ghost = lines[4].split('\t');
        QCOMPARE(ghost.size(), 14);
        QCOMPARE(ghost[13], QString());  // sqleq not computed: neither proved nor not
        QCOMPARE(ghost[4], QString());  // exec not computed: empty cell
        QVERIFY(ghost[12].contains(QStringLiteral("exec: no original database")));

        const auto json = QJsonDocument::fromJson(QByteArray::fromStdString(evaluation::itemsJson(result))).array();
        QCOMPARE(json.size(), 4);
        const auto first = json[0].toObject();
        for (const auto* key : {"index", "db_id", "hardness", "esm", "exec", "testsuite", "sqleval", "pcm_f1",
                                "testsuite_verdict", "separating_db", "sqleq", "testsuite_false_positive", "notes", "proved"})
            QVERIFY2(first.contains(QLatin1String(key)), key);
        QCOMPARE(first["esm"].toBool(), true);
        QCOMPARE(first["proved"].toBool(), true);
        QVERIFY(json[3].toObject()["proved"].isNull());
        QCOMPARE(first["hardness"].toString(), QStringLiteral("easy"));
        QVERIFY(first["separating_db"].isNull());
        const auto ghostJson = json[3].toObject();
        QVERIFY(ghostJson["exec"].isNull());
        QVERIFY(ghostJson["testsuite_verdict"].isNull());
        QVERIFY(!ghostJson["notes"].toArray().isEmpty());
        QCOMPARE(json[1].toObject()["separating_db"].toInt(), 1);
        // The index counts the suite folder's files; the file is named too.
        QCOMPARE(json[1].toObject()["separating_db_file"].toString(), QStringLiteral("shop_1.sqlite"));
        QVERIFY(first["separating_db_file"].isNull());
    }

    void reportFollowsPrintScores()
    {
        QTemporaryDir dir;
        const auto report = QString::fromStdString(evaluation::formatHardnessReport(evaluateOrFail(shopInputs(dir))));
        const auto lines = report.split('\n');
        QCOMPARE(lines[0], officialRow("", {"easy", "medium", "hard", "extra", "all"}));
        QCOMPARE(lines[1], officialRow("count", {"4", "0", "0", "0", "4"}));
        QCOMPARE(lines[2], QStringLiteral("=====================   EXECUTION ACCURACY     ====================="));
        // exec: items 0 and 1 pass, item 2 fails, item 3 is unset (rates over computed items).
        QCOMPARE(lines[3], officialRow("execution", {"0.667", "0.000", "0.000", "0.000", "0.667"}));
        QCOMPARE(lines[4], QString());
        QCOMPARE(lines[5], QStringLiteral("====================== EXACT MATCHING ACCURACY ====================="));
        QCOMPARE(lines[6], officialRow("exact match", {"0.500", "0.000", "0.000", "0.000", "0.500"}));
        QCOMPARE(lines[8], QStringLiteral("---------------------PARTIAL MATCHING ACCURACY----------------------"));
        QVERIFY(lines[9].startsWith(QStringLiteral("select               ")));
        QCOMPARE(lines[19], QStringLiteral("---------------------- PARTIAL MATCHING RECALL ----------------------"));
        QCOMPARE(lines[30], QStringLiteral("---------------------- PARTIAL MATCHING F1 --------------------------"));
        // IUEN: no item has one, so acc and rec average to 0 and the official F1 is 1.
        QCOMPARE(lines[39], officialRow("IUEN", {"1.000", "1.000", "1.000", "1.000", "1.000"}));
        QVERIFY(report.contains(officialRow("test-suite", {"0.333", "0.000", "0.000", "0.000", "0.333"})));
        QVERIFY(report.contains(QStringLiteral("note: execution is unset for 1 of 4 items")));
    }

    void reportForMatchOnlyHasNoExecutionBlock()
    {
        QTemporaryDir dir;
        auto inputs = shopInputs(dir);
        inputs.originalDatabases.clear();
        inputs.suites.clear();
        evaluation::EvaluationOptions options;
        options.metrics.pcmF1 = false;
        auto result = evaluation::evaluateSubmission(inputs, options);
        QVERIFY(result.ok());
        const auto report = QString::fromStdString(evaluation::formatHardnessReport(*result));
        QVERIFY(!report.contains(QStringLiteral("EXECUTION")));
        QVERIFY(!report.contains(QStringLiteral("SQLEQ METRICS")));
        QVERIFY(!report.contains(QStringLiteral("note:")));
        QCOMPARE(report.split('\n')[3], QStringLiteral("====================== EXACT MATCHING ACCURACY ====================="));
    }

    void valuePlaceholderIsReadAsTheOfficialEvaluatorDoes()
    {
        // A model that predicts no value writes ' value '; evaluation.py runs it as ' 1 ',
        // which SQLite's integer affinity reads as 1: price > 1 holds for every item.
        QTemporaryDir dir;
        auto inputs = shopInputs(dir);
        inputs.gold = {{"SELECT name FROM item WHERE price > 1", "shop"}};
        inputs.predictions = {"SELECT name FROM item WHERE price > ' value '"};
        evaluation::EvaluationOptions options;
        options.metrics.sqleq = false;
        options.settings.jobs = 1;
        auto official = evaluation::evaluateSubmission(inputs, options);
        QVERIFY(official.ok());
        QCOMPARE(official->items[0].exec, std::optional<bool>(true));
        QCOMPARE(official->items[0].testSuite, std::optional<bool>(true));
        QVERIFY(hasNoteWith(official->items[0], "placeholder:"));

        options.valuePlaceholder = evaluation::ValuePlaceholder::AsWritten;
        auto asWritten = evaluation::evaluateSubmission(inputs, options);
        QVERIFY(asWritten.ok());
        QCOMPARE(asWritten->items[0].exec, std::optional<bool>(false));
        QCOMPARE(asWritten->items[0].testSuite, std::optional<bool>(false));
        QVERIFY(!hasNoteWith(asWritten->items[0], "placeholder:"));
        // Exact match ignores values either way; SQL-Eval never rewrites the prediction.
        QCOMPARE(official->items[0].esm, asWritten->items[0].esm);
        QCOMPARE(official->items[0].sqlEval, asWritten->items[0].sqlEval);
    }

    void resultsDoNotDependOnJobs()
    {
        QTemporaryDir dir;
        auto inputs = shopInputs(dir);
        // More items than workers, so both workers get several of each kind.
        for (int copy = 0; copy < 3; ++copy) {
            for (std::size_t i = 0; i < 4; ++i) {
                inputs.gold.push_back(inputs.gold[i]);
                inputs.predictions.push_back(inputs.predictions[i]);
            }
        }
        const auto one = evaluateOrFail(inputs, 1);
        const auto two = evaluateOrFail(inputs, 2);
        QCOMPARE(evaluation::itemsTsv(one), evaluation::itemsTsv(two));
        QCOMPARE(evaluation::itemsJson(one), evaluation::itemsJson(two));
        QCOMPARE(evaluation::formatHardnessReport(one), evaluation::formatHardnessReport(two));
    }

    void cancelledBeforeStartEvaluatesNothing()
    {
        QTemporaryDir dir;
        std::atomic<bool> cancel{true};
        auto result = evaluation::evaluateSubmission(shopInputs(dir), {}, {}, &cancel);
        QVERIFY(result.ok());
        QVERIFY(result->cancelled);
        QCOMPARE(result->items.size(), std::size_t(4));
        QVERIFY(!result->items[0].esm && !result->items[0].exec);
        QVERIFY(hasNoteWith(result->items[0], "cancelled"));
    }

    void progressRunsOnTheCallingThread()
    {
        QTemporaryDir dir;
        const auto caller = std::this_thread::get_id();
        std::size_t lastDone = 0;
        bool sameThread = true;
        evaluation::EvaluationOptions options;
        options.settings.jobs = 2;
        auto result = evaluation::evaluateSubmission(shopInputs(dir), options, [&](const suite::Progress& progress) {
            sameThread = sameThread && std::this_thread::get_id() == caller;
            QCOMPARE(progress.phase, std::string("evaluating"));
            lastDone = progress.done;
        });
        QVERIFY(result.ok());
        QVERIFY(sameThread);
        QCOMPARE(lastDone, std::size_t(4));
    }
};

QTEST_APPLESS_MAIN(TestEvaluation)
#include "test_evaluation.moc"
