// SessionController: runs a Session off the GUI thread (Qt Concurrent) — neighbors,
// distillation, the verdict, per-database statuses, the minimal counterexample — and
// reports progress, the result, a failure or a cancellation through queued signals.
// A second run() cancels the first; stale results are dropped by a generation counter.
#pragma once

#include "ui/session/run_result.h"
#include "ui/session/session.h"

#include <QObject>

#include <memory>
#include <vector>

class QThreadPool;

namespace sqleq::ui {

class SessionController : public QObject {
    Q_OBJECT

public:
    explicit SessionController(QObject* parent = nullptr);
    ~SessionController() override;  ///< cancels and waits for a running job

    /// Starts running `session` (cancelling any run in progress). Returns at once.
    void run(const Session& session);
    /// Asks the running job to stop; `cancelled()` follows promptly.
    void cancel();
    [[nodiscard]] bool isRunning() const;
    /// No run, current or superseded, is still computing: nothing more will be said about
    /// any run started so far (a superseded run's end is dropped, never shown).
    [[nodiscard]] bool isIdle() const;
    [[nodiscard]] RunResultPtr lastResult() const;

signals:
    void started();
    /// phase: "neighbors", "sampling", "checking", "minimizing"; total 0 when unknown.
    void progress(const QString& phase, int done, int total);
    void finished(sqleq::ui::RunResultPtr result);
    /// The run could not start or failed (bad schema source, gold does not parse, ...);
    /// `message` names the file or position at fault; when it is a position in the gold
    /// as typed, [goldErrorBegin, goldErrorEnd) is its UTF-16 range there, else -1.
    /// `goldAtFault`: the gold itself cannot be run (empty, does not parse or prepare).
    void failed(const QString& message, int goldErrorBegin, int goldErrorEnd, bool goldAtFault);
    void cancelled();
    /// isIdle() became true: the last run still computing, current or superseded, ended
    /// (after its finished(), failed() or cancelled(), if it was the current one).
    void idle();

private:
    struct Job;
    void onJobFinished(Job* job);
    void onCancelDeadline(quint64 generation);
    /// Stops listening to the current job (its flag set); it finishes in the background.
    void retireCurrentJob();
    void pruneRetiredJobs();

    std::unique_ptr<Job> m_job;
    /// Jobs superseded or cancelled that may still be running; waited for on destruction.
    std::vector<std::unique_ptr<Job>> m_retired;
    QThreadPool* m_pool = nullptr;  ///< our own, so retiring jobs never starve a new run
    RunResultPtr m_lastResult;
    quint64 m_generation = 0;
};

} // namespace sqleq::ui
