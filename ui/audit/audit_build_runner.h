// AuditBuildRunner: buildAuditProject on a worker thread (Qt Concurrent) with progress
// and cancel for the status bar. One build at a time; results come back as queued
// signals on the GUI thread. Knows nothing of widgets.
#pragma once

#include "ui/audit/audit_build.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace sqleq::ui {

class AuditBuildRunner : public QObject {
    Q_OBJECT

public:
    explicit AuditBuildRunner(QObject* parent = nullptr);
    ~AuditBuildRunner() override;  ///< cancels and waits for a running build

    /// The work of one build, run on a worker thread (buildAuditProject or the example's).
    using Job = std::function<AuditBuildOutcome(const suite::ProgressCallback&, const std::atomic<bool>*)>;

    /// Starts the build; false when one is already running.
    bool start(const AuditBuildRequest& request);
    bool start(Job job);
    void cancel();
    [[nodiscard]] bool isRunning() const { return m_running; }

signals:
    /// `what`: the step, e.g. "Distilling test suites: concert_singer (3/20)".
    /// `done` of `total` steps of `stage` (an AuditBuildStage), in words.
    void progress(int done, int total, const QString& what, int stage);
    /// The project was written to `path`; `distilledSuites` is where its suites were
    /// distilled, empty when they were given.
    void finished(const QString& path, int items, int disagreeing, const QString& distilledSuites);
    void failed(const QString& message);
    void cancelled();

private:
    void onFinished();

    QFutureWatcher<AuditBuildOutcome> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
};

} // namespace sqleq::ui
