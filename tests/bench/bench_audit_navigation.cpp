// Benchmark: F8 (next item where the metrics disagree) to the next item fully shown —
// its run finished and the inspector's panels filled — in the real MainWindow and
// AuditMode, offscreen, on an existing audit project. Prints the median, p95 and
// maximum over N presses; asserts nothing (not a test).
//
//   QT_QPA_PLATFORM=offscreen bench_audit_navigation [--read-ms MS] PROJECT.sqleq-audit [N]
//     --read-ms: how long the annotator reads each item before pressing F8 (default 0:
//     at once). Audit mode computes the next disagreement meanwhile, so reading time
//     is what makes F8 instant.
#include "ui/audit/audit_items_panel.h"
#include "ui/audit/audit_mode.h"
#include "ui/main_window.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QStandardPaths>

#include <fmt/format.h>

#include <algorithm>
#include <vector>

using namespace sqleq;

namespace {

/// Runs the event loop until `done` holds; false after `timeoutMs`.
template <typename Done>
bool waitUntil(Done done, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > timeoutMs) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

double percentile(std::vector<double> values, double fraction)
{
    std::sort(values.begin(), values.end());
    const auto at = static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1) + 0.5);
    return values[std::min(at, values.size() - 1)];
}

} // namespace

int main(int argc, char** argv)
{
    QStandardPaths::setTestModeEnabled(true);  // the user's own settings stay untouched
    QApplication app(argc, argv);
    QStringList args = app.arguments();
    int readMs = 0;
    if (const qsizetype flag = args.indexOf(QStringLiteral("--read-ms")); flag > 0 && flag + 1 < args.size()) {
        readMs = args.at(flag + 1).toInt();
        args.remove(flag, 2);
    }
    if (args.size() < 2) {
        fmt::print(stderr, "usage: bench_audit_navigation [--read-ms MS] PROJECT.sqleq-audit [N]\n");
        return 2;
    }
    const int presses = args.size() > 2 ? args.at(2).toInt() : 30;
    ui::MainWindow window;
    window.resize(1280, 800);
    window.show();
    QString error;
    if (!window.audit()->openProject(args.at(1), &error)) {
        fmt::print(stderr, "error: {}\n", error.toStdString());
        return 1;
    }
    window.audit()->selectItem(0);
    if (!waitUntil([&] { return !window.isRunning() && window.lastResult(); }, 120'000)) return 1;

    std::vector<double> millis;
    for (int i = 0; i < presses; ++i) {
        if (readMs > 0) waitUntil([] { return false; }, readMs);  // the annotator reads; the event loop runs
        const auto before = window.audit()->loadedItem();
        const ui::RunResultPtr previous = window.lastResult();
        QElapsedTimer timer;
        timer.start();
        window.audit()->nextDisagreement();
        if (window.audit()->loadedItem() == before) break;  // no further disagreement
        const bool shown = waitUntil([&] { return !window.isRunning() && window.lastResult() != previous; }, 120'000);
        QCoreApplication::processEvents();  // the panels take the result
        if (!shown) {
            fmt::print(stderr, "item {} did not finish within 120 s\n", *window.audit()->loadedItem());
            return 1;
        }
        millis.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    if (millis.empty()) {
        fmt::print("no item where the metrics disagree after item 0\n");
        return 0;
    }
    fmt::print("{} F8 presses after {} ms of reading each: median {:.0f} ms, p95 {:.0f} ms, max {:.0f} ms\n",
               millis.size(), readMs, percentile(millis, 0.5),
               percentile(millis, 0.95), *std::max_element(millis.begin(), millis.end()));
    return 0;
}
