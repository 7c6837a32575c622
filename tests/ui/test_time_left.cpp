// The audit build's time left, fed progress sequences on a clock of the test's own: it
// covers the stages still to come (the metrics while the suites are distilled), a skipped
// stage weighs nothing, and the figure shown counts down instead of jumping with each
// uneven step. Pure arithmetic: no widget, no waiting, no timing.
#include "tests/ui/gui_test_main.h"
#include "ui/audit/time_left.h"

#include <QtTest>

#include <cmath>
#include <optional>
#include <vector>

using namespace sqleq;

namespace {

constexpr int kDistilling = static_cast<int>(ui::AuditBuildStage::Distilling);
constexpr int kMetrics = static_cast<int>(ui::AuditBuildStage::Metrics);

/// One report of a fed sequence: at `ms`, `done` of `total` steps of `stage`.
struct Report {
    std::int64_t ms;
    int done;
    int total;
    int stage;
};

/// What the estimator shows after each report (nullopt: nothing yet).
std::vector<std::optional<double>> shownFor(const std::vector<Report>& reports)
{
    std::int64_t now = 0;
    ui::TimeLeftEstimator estimator([&now] { return now; }, ui::auditBuildShares());
    estimator.start();
    std::vector<std::optional<double>> shown;
    for (const Report& report : reports) {
        now = report.ms;
        shown.push_back(estimator.secondsLeft(report.done, report.total, report.stage));
    }
    return shown;
}

/// A build of 19 schemas (distilled at 1,000 steps each, as AuditBuildRunner reports
/// them) and 1,034 items, reported once a second at a steady rate: distilling takes
/// `distillSeconds`, the metrics `metricsSeconds`.
std::vector<Report> steadyBuild(int distillSeconds, int metricsSeconds)
{
    std::vector<Report> reports;
    for (int t = 0; t <= distillSeconds; ++t)
        reports.push_back({t * 1000LL, 19'000 * t / distillSeconds, 19'000, kDistilling});
    for (int t = 0; t <= metricsSeconds; ++t)
        reports.push_back({(distillSeconds + t) * 1000LL, 1034 * t / metricsSeconds, 1034, kMetrics});
    return reports;
}

} // namespace

class TestTimeLeft : public QObject {
    Q_OBJECT

private slots:
    void theStagesLeftAreCounted()
    {
        // Half the suites distilled in 8 s: the rest of them and all the metrics are left,
        // weighted by their shares (16.1 : 23.2), not the 8 s of distilling alone.
        const std::vector<double> shares = ui::auditBuildShares();
        const auto half = ui::stagedSecondsLeft(shares, {}, kDistilling, 500, 1000, 8.0);
        QVERIFY(half);
        QVERIFY(std::abs(*half - (8.0 + 8.0 / (0.5 * shares[0]) * shares[1])) < 0.01);
        // Nearly done distilling: the metrics are still ahead, so not "less than 10 s".
        const auto nearlyDone = ui::stagedSecondsLeft(shares, {}, kDistilling, 990, 1000, 16.0);
        QVERIFY(nearlyDone && *nearlyDone > 20);
        // Once in the metrics, their own rate decides the rest.
        const auto metrics = ui::stagedSecondsLeft(shares, {16.0}, kMetrics, 500, 1000, 30.0);
        QVERIFY(metrics && std::abs(*metrics - 30.0) < 0.01);
        // At the start of the metrics, before their own rate is known, the distillation's
        // rate and the shares give a figure: no blank between the stages.
        const auto start = ui::stagedSecondsLeft(shares, {16.0}, kMetrics, 0, 1000, 0.0);
        QVERIFY(start && std::abs(*start - 16.0 / shares[0] * shares[1]) < 0.01);
    }

    void aSkippedStageWeighsNothing()
    {
        // Released suites: nothing to distill, the first report is the metrics'.
        const auto shown = shownFor({{0, 0, 100, kMetrics}, {10'000, 10, 100, kMetrics}});
        QCOMPARE(shown[0], std::nullopt);
        QVERIFY(shown[1] && std::abs(*shown[1] - 90.0) < 0.01);
    }

    void theWholeBuildIsCoveredFromTheStart()
    {
        // 20 s of distilling then 30 s of metrics at steady rates: once an estimate is
        // shown, it is close to the true time left of the whole build, in both stages.
        const auto reports = steadyBuild(20, 30);
        const auto shown = shownFor(reports);
        const double end = 50.0;
        for (std::size_t i = 0; i < reports.size(); ++i) {
            if (!shown[i] || reports[i].ms < 2'000) continue;  // the first seconds say little
            const double truth = end - static_cast<double>(reports[i].ms) / 1000.0;
            QVERIFY2(std::abs(*shown[i] - truth) < 0.25 * truth + 3,
                     qPrintable(QStringLiteral("at %1 ms: shown %2 s, %3 s left").arg(reports[i].ms).arg(*shown[i]).arg(truth)));
        }
    }

    void unevenStepsDoNotMakeItJump()
    {
        // The metrics run in bursts: 40 items in one second, then none for three. The raw
        // per-stage estimate swings with every burst; the figure shown counts down and
        // never rises by more than a few seconds from one report to the next.
        std::vector<Report> reports;
        int done = 0;
        for (int t = 0; t <= 100; ++t) {
            if (t % 4 == 1) done += 40;
            reports.push_back({t * 1000LL, std::min(done, 1000), 1000, kMetrics});
        }
        const auto shown = shownFor(reports);
        std::optional<double> previous;
        double largestRise = 0;
        double largestRawSwing = 0;
        std::optional<double> previousRaw;
        for (std::size_t i = 0; i < reports.size(); ++i) {
            const auto raw = ui::estimateSecondsLeft(reports[i].done, reports[i].total,
                                                     static_cast<double>(reports[i].ms) / 1000.0);
            if (raw && previousRaw) largestRawSwing = std::max(largestRawSwing, *raw - *previousRaw);
            if (raw) previousRaw = raw;
            if (shown[i] && previous) largestRise = std::max(largestRise, *shown[i] - *previous);
            if (shown[i]) previous = shown[i];
        }
        QVERIFY(largestRawSwing > 10);  // the unsmoothed figure jumps up by more than 10 s
        QVERIFY2(largestRise < 3, qPrintable(QStringLiteral("rose by %1 s").arg(largestRise)));
        QVERIFY(previous && *previous < 10);  // and it ends near zero
    }

    void theStageChangeKeepsTheFigure()
    {
        // Distilling ends, the metrics start: the figure continues (no blank, no jump).
        const auto reports = steadyBuild(20, 30);
        const auto shown = shownFor(reports);
        for (std::size_t i = 1; i < reports.size(); ++i) {
            if (reports[i].stage != kMetrics || reports[i - 1].stage != kDistilling) continue;
            QVERIFY(shown[i - 1] && shown[i]);
            QVERIFY(std::abs(*shown[i] - *shown[i - 1]) < 5);
        }
    }
};

SQLEQ_GUI_TEST_MAIN(TestTimeLeft)
#include "test_time_left.moc"
