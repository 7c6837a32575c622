// Benchmark: F8 (next item where the metrics disagree) to the next item fully shown —
// its run finished and the inspector's panels filled — in the real MainWindow and
// AuditMode, offscreen, on an existing audit project. Prints the median, p95 and
// maximum over N presses; asserts nothing (not a test).
//
//   QT_QPA_PLATFORM=offscreen bench_audit_navigation [--read-ms MS] PROJECT.sqleq-audit [N]
//     --read-ms: how long the annotator reads each item before pressing F8 (default 0:
//     at once). Audit mode computes the next disagreement meanwhile, so reading time
//     is what makes F8 instant.
//
//   QT_QPA_PLATFORM=offscreen bench_audit_navigation --cancel [N]
//     Instead, Cancel on a long run, N times (default 5): the largest gap between the
//     ticks of a 10 ms GUI-thread timer over 2 s of the run (target < 500 ms), the
//     Cancel click to the window's cancelled state and, for a bare SessionController,
//     cancel() to cancelled() and to its destructor's return once the job has stopped
//     (targets < 1 s). Formerly asserted by test_main_window and test_session_controller;
//     a test never asserts a duration.
#include "ui/audit/audit_items_panel.h"
#include "ui/audit/audit_mode.h"
#include "ui/main_window.h"
#include "ui/session/session.h"
#include "ui/session/session_controller.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <vector>

// The bundled examples are compiled into sqleq_ui, a static library.
static void initBundledResources() { Q_INIT_RESOURCE(resources); }

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

void printMillis(const char* what, const std::vector<double>& millis)
{
    if (millis.empty()) return;
    fmt::print("{} over {} runs: median {:.0f} ms, max {:.0f} ms\n", what, millis.size(), percentile(millis, 0.5),
               *std::max_element(millis.begin(), millis.end()));
}

/// A run that samples until cancelled: `1 = 1` gives neighbors no database separates.
ui::Session longSession()
{
    ui::Session session;
    session.schema = {ui::SchemaSourceKind::DdlFile, QStringLiteral(":/examples/concerts/database.sql"), {}};
    session.gold = QStringLiteral("SELECT name FROM singer WHERE age > 30 AND 1 = 1");
    session.candidate = QStringLiteral("SELECT name FROM singer");
    session.settings.samplingBudget = 5'000'000;
    return session;
}

/// The largest gap between the ticks of a 10 ms GUI-thread timer over `ms`.
double largestTickGap(int ms)
{
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0;
    qint64 largest = 0;
    QTimer tick;
    tick.setInterval(10);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        largest = std::max(largest, clock.elapsed() - last);
        last = clock.elapsed();
    });
    tick.start();
    waitUntil([] { return false; }, ms);
    return static_cast<double>(largest);
}

/// `--cancel`: the GUI thread during a long run and the latency of Cancel.
int benchCancel(int runs)
{
    initBundledResources();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("long.sqleq"));
    if (!ui::saveSession(longSession(), path)) return 1;
    std::vector<double> stalls, windowCancel, controllerCancel, controllerStop;
    for (int run = 0; run < runs; ++run) {
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        int progress = 0;
        bool cancelled = false;
        QObject::connect(window.controller(), &ui::SessionController::progress, [&] { ++progress; });
        QObject::connect(window.controller(), &ui::SessionController::cancelled, [&] { cancelled = true; });
        if (!window.openSession(path, true, nullptr)) return 1;
        if (!waitUntil([&] { return window.isRunning() && progress > 0; }, 120'000)) return 1;
        stalls.push_back(largestTickGap(2000));
        QElapsedTimer clock;
        clock.start();
        window.cancelButton()->click();
        if (!waitUntil([&] { return cancelled; }, 120'000)) return 1;
        windowCancel.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
    }
    for (int run = 0; run < runs; ++run) {
        auto controller = std::make_unique<ui::SessionController>();
        int progress = 0;
        bool cancelled = false;
        QObject::connect(controller.get(), &ui::SessionController::progress, [&] { ++progress; });
        QObject::connect(controller.get(), &ui::SessionController::cancelled, [&] { cancelled = true; });
        controller->run(longSession());
        if (!waitUntil([&] { return progress > 0; }, 120'000)) return 1;
        waitUntil([] { return false; }, 1000);  // deep into sampling
        QElapsedTimer clock;
        clock.start();
        controller->cancel();
        if (!waitUntil([&] { return cancelled; }, 120'000)) return 1;
        controllerCancel.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
        controller.reset();  // waits for the job itself to return
        controllerStop.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
    }
    printMillis("largest GUI-thread stall between 10 ms ticks during a run", stalls);
    printMillis("Cancel clicked to the window's cancelled state", windowCancel);
    printMillis("SessionController::cancel() to cancelled()", controllerCancel);
    printMillis("SessionController::cancel() to the job returned", controllerStop);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QStandardPaths::setTestModeEnabled(true);  // the user's own settings stay untouched
    QApplication app(argc, argv);
    QStringList args = app.arguments();
    if (const qsizetype flag = args.indexOf(QStringLiteral("--cancel")); flag > 0) {
        const int runs = flag + 1 < args.size() ? args.at(flag + 1).toInt() : 0;
        return benchCancel(runs > 0 ? runs : 5);
    }
    int readMs = 0;
    if (const qsizetype flag = args.indexOf(QStringLiteral("--read-ms")); flag > 0 && flag + 1 < args.size()) {
        readMs = args.at(flag + 1).toInt();
        args.remove(flag, 2);
    }
    if (args.size() < 2) {
        fmt::print(stderr, "usage: bench_audit_navigation [--read-ms MS] PROJECT.sqleq-audit [N]\n"
                           "       bench_audit_navigation --cancel [N]\n");
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
