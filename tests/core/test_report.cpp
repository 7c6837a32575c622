// Unit tests of core/report on a hand-made shop dataset (an original database and a
// two-database suite): which items a report lists and why, that a pair listed by two
// submissions is inspected once, what an item's details show (counterexample with the
// cell to look at and the rows only one query returns marked), that hostile text is
// escaped and the file fetches nothing, that the output does not depend on the thread
// count, and a report read from an audit project with two annotators.
#include "core/audit/audit.h"
#include "core/base/atomic_file.h"
#include "core/exec/connection.h"
#include "core/report/report.h"
#include "tests/core/shop_dataset_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

using namespace sqleq;
namespace fs = std::filesystem;

namespace {

void writeText(const fs::path& file, std::string_view text) { QVERIFY(writeFileAtomically(file, text).ok()); }

/// Items: 0 right; 1 right on the original only (suite database 1 separates it); 2 a
/// test-suite false positive; 3 a false positive whose prediction carries markup and a
/// byte that is not UTF-8. Submission B repeats item 1's pair and gets the rest right.
report::ReportRequest shopRequest(const QTemporaryDir& dir)
{
    const fs::path root = dir.path().toStdString();
    writeShopDatabase(root / "db" / "shop" / "shop.sqlite", "INSERT INTO item VALUES (1, 'pen', 2), (2, 'ink', 5), (3, 'pad', 5);");
    writeShopDatabase(root / "suites" / "shop" / "shop_0.sqlite", "INSERT INTO item VALUES (1, 'pen', 2), (2, 'ink', 5), (3, 'pad', 5);");
    writeShopDatabase(root / "suites" / "shop" / "shop_1.sqlite", "INSERT INTO item VALUES (1, 'cap', 4);");
    writeText(root / "tables.json", shopTablesJson());
    writeText(root / "gold.sql", "SELECT count(*) FROM item\tshop\n"
                                 "SELECT name FROM item WHERE price > 3\tshop\n"
                                 "SELECT name FROM item WHERE price > 3\tshop\n"
                                 "SELECT name FROM item\tshop\n");
    writeText(root / "a.txt", "SELECT count(*) FROM item\n"
                              "SELECT name FROM item WHERE price = 5\n"
                              "SELECT name FROM item WHERE price > 3 AND name != 'zz top'\n"
                              "SELECT name FROM item WHERE name <> '</pre><script>x</script>\xff'\n");
    writeText(root / "b.txt", "SELECT count(*) FROM item\n"
                              "SELECT name FROM item WHERE price = 5\n"
                              "SELECT name FROM item WHERE price > 3\n"
                              "SELECT name FROM item\n");
    writeText(root / "questions.tsv", "index\tdb_id\tquestion\n1\tshop\tWhich items cost more than 3 & why?\n");
    report::ReportRequest request;
    request.gold = root / "gold.sql";
    request.submissions = {{"A", root / "a.txt"}, {"", root / "b.txt"}};
    request.tables = root / "tables.json";
    request.originalDatabases = root / "db";
    request.suites = root / "suites";
    request.questions = root / "questions.tsv";
    request.evaluation.metrics = evaluation::metricsForEvalType("all", request.evaluation.settings.searchBudget);
    request.evaluation.settings.jobs = 2;
    request.command = "sqleq-cli report --gold gold.sql";
    request.version = "sqleq test";
    return request;
}

report::Report buildOrFail(const report::ReportRequest& request)
{
    auto built = report::buildReport(request);
    if (!built) qFatal("buildReport failed: %s", built.error().message.c_str());
    return std::move(built.value());
}

/// The HTML with what changes from run to run (the clock) fixed.
std::string renderFixed(report::Report report)
{
    report.createdAt = "fixed";
    report.seconds = 0;
    return report::renderReportHtml(report);
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT

private slots:
    void listsDisagreementsAndFalsePositivesAndInspectsEachPairOnce()
    {
        QTemporaryDir dir;
        const auto report = buildOrFail(shopRequest(dir));
        QCOMPARE(report.submissions.size(), std::size_t(2));
        QCOMPARE(report.submissions[0].name, std::string("A"));
        QCOMPARE(report.submissions[1].name, std::string("b.txt"));  // no label: the file's name
        QCOMPARE(report.questions[1], std::string("Which items cost more than 3 & why?"));

        const auto& a = report.inspectionOf[0];
        const auto& b = report.inspectionOf[1];
        QCOMPARE(a[0], -1);  // right by every metric: not listed
        QVERIFY(a[1] >= 0 && a[2] >= 0 && a[3] >= 0);
        QVERIFY(report::listedReason(report.submissions[0].evaluation.items[1]).metricsDisagree);
        QVERIFY(report::listedReason(report.submissions[0].evaluation.items[2]).testSuiteFalsePositive);
        QVERIFY(report::listedReason(report.submissions[0].evaluation.items[3]).testSuiteFalsePositive);
        QCOMPARE(b[1], a[1]);  // the same (db_id, gold, prediction): one inspection
        QCOMPARE(b[2], -1);
        QCOMPARE(b[3], -1);
        QCOMPARE(report.inspections.size(), std::size_t(3));

        const auto& separated = report.inspections[static_cast<std::size_t>(a[1])];
        QVERIFY2(separated.error.empty(), separated.error.c_str());
        QCOMPARE(separated.inspection["verdict"].get<std::string>(), std::string("different"));
        QVERIFY(!separated.inspection["counterexample"].is_null());
        QVERIFY(!separated.inspection["separation"].get<std::string>().empty());
        QVERIFY(!separated.inspection["counterexample_comparison"]["only_in_gold_indices"].empty());
        // The search separates what the suite accepts, as the evaluation's sqleq column says.
        const auto& falsePositive = report.inspections[static_cast<std::size_t>(a[2])].inspection;
        QCOMPARE(falsePositive["verdict"].get<std::string>(), std::string("different"));
        QCOMPARE(falsePositive["suite_verdict"].get<std::string>(), std::string("equivalent"));
    }

    void itemDetailsShowTheInspectionWithTheSeparatingRowsMarked()
    {
        QTemporaryDir dir;
        const std::string html = renderFixed(buildOrFail(shopRequest(dir)));
        const QString page = QString::fromUtf8(html.data(), qsizetype(html.size()));
        QVERIFY(page.startsWith("<!DOCTYPE html>"));
        for (const char* id : {"id=\"item-0-1\"", "id=\"item-0-2\"", "id=\"item-0-3\"", "id=\"item-1-1\""})
            QVERIFY2(page.contains(QLatin1String(id)), id);
        QVERIFY(!page.contains(QLatin1String("id=\"item-0-0\"")));
        QVERIFY(!page.contains(QLatin1String("id=\"item-1-2\"")));
        QVERIFY(page.contains(QStringLiteral("Which items cost more than 3 &amp; why?")));
        QVERIFY(page.contains(QLatin1String("<caption>item ")));  // the counterexample's table
        QVERIFY(page.contains(QLatin1String("class=\"focus\"")));
        QVERIFY(page.contains(QLatin1String("<tr class=\"only\">")));
        QVERIFY(page.contains(QLatin1String("Clauses that differ")));
        QVERIFY(page.contains(QLatin1String("test-suite false positive")));
        // Charts and their numbers: every computed metric, per hardness.
        for (const char* chart : {"chart-esm", "chart-exec", "chart-testsuite", "chart-sqleq", "chart-sqleval", "chart-pcm_f1"})
            QVERIFY2(page.contains(QLatin1String(chart)), chart);
        QVERIFY(page.contains(QLatin1String("How often the metrics disagree")));
        QVERIFY(page.contains(QLatin1String("sqleq-cli report --gold gold.sql")));
    }

    // One word for the query judged: "candidate", as in the inspector. "Prediction" is
    // left to the evaluator's own words (its files, and the note quoting what its parser
    // does to a prediction).
    void theQueryJudgedIsTheCandidateEverywhere()
    {
        QTemporaryDir dir;
        const std::string html = renderFixed(buildOrFail(shopRequest(dir)));
        QString page = QString::fromUtf8(html.data(), qsizetype(html.size()));
        QVERIFY(page.contains(QLatin1String("<h4>Candidate</h4>")));
        QVERIFY(page.contains(QLatin1String("the suite accepts the candidate")));
        page.remove(QLatin1String("the official parser rejects the prediction"));
        const qsizetype at = page.indexOf(QLatin1String("prediction"), 0, Qt::CaseInsensitive);
        QVERIFY2(at < 0, qPrintable(page.mid(std::max<qsizetype>(0, at - 80), 160)));
    }

    void aProvedItemShowsItsProof()
    {
        // Item 1's prediction is the gold with an alias and the comparison flipped: exact
        // match rejects it, every execution metric accepts it, and sqleq proves it.
        QTemporaryDir dir;
        auto request = shopRequest(dir);
        const fs::path root = dir.path().toStdString();
        writeText(root / "a.txt", "SELECT count(*) FROM item\n"
                                  "SELECT i.name FROM item AS i WHERE 3 < i.price\n"
                                  "SELECT name FROM item WHERE price > 3\n"
                                  "SELECT name FROM item\n");
        request.submissions = {{"A", root / "a.txt"}};
        const auto report = buildOrFail(request);
        QVERIFY(report.submissions[0].evaluation.items[1].proved);
        const std::string html = renderFixed(report);
        const QString page = QString::fromUtf8(html.data(), qsizetype(html.size()));
        QVERIFY2(page.contains(QLatin1String("id=\"item-0-1\"")), "the proved item is listed (ESM disagrees)");
        QVERIFY2(page.contains(QRegularExpression(QStringLiteral("evidence: a proof: \\d+ rewrites? \\(below\\) bring "
                                                                 "gold and candidate to one normal form under the "
                                                                 "spider profile"))),
                 "the one sentence");
        QVERIFY(page.contains(QLatin1String("<h4>The proof</h4>")));
        QVERIFY(page.contains(QLatin1String("<li><strong>commute</strong> on the gold")));
        QVERIFY(page.contains(QLatin1String("a &lt; b is b &gt; a")));
        QVERIFY(!page.contains(QLatin1String("<strong>syntax</strong>")));
        QVERIFY(page.contains(QLatin1String("<span class=\"muted\">proved</span>")));
    }

    void hostileTextIsEscapedAndNothingIsFetched()
    {
        QTemporaryDir dir;
        const std::string html = renderFixed(buildOrFail(shopRequest(dir)));
        QVERIFY(html.find("<script>x</script>") == std::string::npos);
        QVERIFY(html.find("&lt;/pre&gt;&lt;script&gt;x&lt;/script&gt;\xEF\xBF\xBD") != std::string::npos);
        QVERIFY(html.find('\xff') == std::string::npos);
        std::size_t scripts = 0;
        for (std::size_t at = html.find("<script"); at != std::string::npos; at = html.find("<script", at + 1)) ++scripts;
        QCOMPARE(scripts, std::size_t(1));
        for (const char* fetch : {"http:", "https:", "src=", "<link", "@import", "url("})
            QVERIFY2(html.find(fetch) == std::string::npos, fetch);
        const QByteArray bytes(html.data(), qsizetype(html.size()));
        QCOMPARE(QString::fromUtf8(bytes).toUtf8(), bytes);  // valid UTF-8 throughout
    }

    void outputDoesNotDependOnTheThreadCount()
    {
        QTemporaryDir dir;
        auto request = shopRequest(dir);
        request.evaluation.settings.jobs = 1;
        const std::string alone = renderFixed(buildOrFail(request));
        request.evaluation.settings.jobs = 3;
        QCOMPARE(QString::fromStdString(renderFixed(buildOrFail(request))), QString::fromStdString(alone));
    }

    void readsAnAuditProjectWithItsAnnotators()
    {
        QTemporaryDir dir;
        auto request = shopRequest(dir);
        request.submissions.resize(1);
        request.inspectItems = false;
        const auto evaluated = buildOrFail(request);
        QVERIFY(evaluated.inspections.empty() || evaluated.inspections.front().inspection.is_null());

        audit::ProjectSources sources;
        sources.gold = request.gold.string();
        sources.predictions = request.submissions[0].predictions.string();
        sources.tables = request.tables.string();
        sources.originalDatabases = request.originalDatabases.string();
        sources.suites = request.suites.string();
        std::vector<audit::AuditItem> items;
        for (std::size_t i = 0; i < evaluated.gold.size(); ++i)
            items.push_back({i, evaluated.gold[i].dbId, evaluated.questions[i], evaluated.gold[i].sql,
                             evaluated.submissions[0].predictions[i], evaluated.submissions[0].evaluation.items[i]});
        const fs::path projectPath = fs::path(dir.path().toStdString()) / "shop.sqleq-audit";
        auto store = audit::AnnotationStore::create(projectPath, sources, items);
        QVERIFY(store.ok());
        QVERIFY(store->setAnnotations({{0, "ann", audit::Verdict::Equivalent, "", "", ""},
                                       {1, "ann", audit::Verdict::NotEquivalent, "", "", ""},
                                       {1, "bob", audit::Verdict::NotEquivalent, "", "looks wrong", ""},
                                       {2, "bob", audit::Verdict::Unsure, "", "", ""}})
                    .ok());

        report::ReportRequest fromProject;
        fromProject.auditProject = projectPath;
        fromProject.inspectItems = false;
        const auto report = buildOrFail(fromProject);
        QCOMPARE(report.annotations.size(), std::size_t(4));
        QCOMPARE(report.submissions.size(), std::size_t(1));
        QCOMPARE(report.submissions[0].name, std::string("a.txt"));
        QVERIFY(report::isListed(report, 0, 0));  // annotated, though every metric agrees
        const std::string html = renderFixed(report);
        QVERIFY(html.find("Agreement between annotators") != std::string::npos);
        QVERIFY(html.find("<th scope=\"row\">ann · bob</th>") != std::string::npos);
        QVERIFY(html.find("looks wrong") != std::string::npos);
        QVERIFY(html.find("data-kind=\"annotated\"") != std::string::npos);

        fromProject.submissions = request.submissions;
        const auto both = report::buildReport(fromProject);
        QVERIFY(!both.ok());
        QCOMPARE(both.error().code, std::string("report.input"));
    }

    void badInputsNameTheFile()
    {
        QTemporaryDir dir;
        auto request = shopRequest(dir);
        request.submissions.push_back({"", fs::path(dir.path().toStdString()) / "missing.txt"});
        const auto missing = report::buildReport(request);
        QVERIFY(!missing.ok());
        QVERIFY2(missing.error().message.find("missing.txt") != std::string::npos, missing.error().message.c_str());

        request = shopRequest(dir);
        request.submissions[1].name = "A";
        const auto twice = report::buildReport(request);
        QVERIFY(!twice.ok());
        QVERIFY(twice.error().message.find("two submissions are named A") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "test_report.moc"
