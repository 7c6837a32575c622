// SessionJob: the work behind SessionController::run(), on a worker thread — load the
// schema source, then one core inspection of the session's CheckRequest (as sqleq-cli
// `check` runs it) adapted into a RunResult. Owns its
// own sqlite3 connections; touches no QObject; stops promptly on the cancel flag.
#pragma once

#include "ui/session/run_result.h"
#include "ui/session/session.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <functional>

namespace sqleq::ui {

/// One of: a result, an error message (naming the file or position at fault), or cancelled.
struct SessionJobOutcome {
    RunResultPtr result;
    QString error;
    bool cancelled = false;
    /// The UTF-16 range of the gold as typed that `error` points at, when it names a
    /// position there (the gold does not parse or prepare); -1 otherwise.
    int goldErrorBegin = -1;
    int goldErrorEnd = -1;
    /// The error is the gold's (it is empty, does not parse or prepare): the banner says so.
    bool goldAtFault = false;
};

class SessionJob {
public:
    /// phase, done, total (0: unknown). Called on the job's thread, at most ~20 times a second.
    using ProgressFn = std::function<void(const QString& phase, int done, int total)>;

    /// `cancel` must outlive run(); it is read from the job's thread (and core's workers).
    SessionJob(Session session, ProgressFn progress, const std::atomic<bool>* cancel);

    /// Runs the whole pipeline; blocking. Call once.
    SessionJobOutcome run();

private:
    bool cancelled() const;
    void report(const QString& phase, std::size_t done, std::size_t total, bool force = false);
    /// The session as core's one request: its settings, the two queries, the prebuilt suites.
    inspect::CheckRequest checkRequest() const;

    Session m_session;
    ProgressFn m_progress;
    const std::atomic<bool>* m_cancel;
    std::string m_gold;
    std::string m_candidate;
    QString m_lastPhase;
    std::chrono::steady_clock::time_point m_lastReport{};
};

} // namespace sqleq::ui
