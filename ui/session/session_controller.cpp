// SessionController: one SessionJob at a time on a private thread pool, watched by a
// QFutureWatcher; progress and results come back to the GUI thread as queued calls
// tagged with the run's generation, so a superseded run can never speak again.
// Cancel sets the job's flag; cancelled() follows when the job returns, or after a
// short grace period at the latest (the job is then retired and its result dropped).

#include "ui/session/session_controller.h"

#include "ui/session/session_job.h"

#include <QFutureWatcher>
#include <QThreadPool>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <exception>

namespace sqleq::ui {
namespace {

// Core polls the flag between batches and inside every query; a job stuck elsewhere
// (one slow sample, a schema load) must not keep the GUI in "cancelling" any longer.
constexpr int kCancelGraceMs = 400;

} // namespace

struct SessionController::Job {
    quint64 generation = 0;
    std::shared_ptr<std::atomic<bool>> cancel = std::make_shared<std::atomic<bool>>(false);
    QFutureWatcher<SessionJobOutcome> watcher;
    QFuture<SessionJobOutcome> future;
    bool ended = false;  ///< its watcher said finished
};

SessionController::SessionController(QObject* parent) : QObject(parent), m_pool(new QThreadPool(this))
{
    qRegisterMetaType<sqleq::ui::RunResultPtr>("sqleq::ui::RunResultPtr");
    qRegisterMetaType<sqleq::ui::RunResultPtr>("RunResultPtr");
    m_pool->setMaxThreadCount(4);
}

SessionController::~SessionController()
{
    if (m_job) m_job->cancel->store(true);
    for (const auto& job : m_retired) job->cancel->store(true);
    // Waiting processes no events: none of our slots can run while we tear down.
    if (m_job) {
        m_job->watcher.disconnect(this);
        m_job->future.waitForFinished();
    }
    for (const auto& job : m_retired) {
        job->watcher.disconnect(this);
        job->future.waitForFinished();
    }
}

void SessionController::run(const Session& session)
{
    retireCurrentJob();
    m_job = std::make_unique<Job>();
    Job* job = m_job.get();
    job->generation = ++m_generation;
    const quint64 generation = job->generation;
    SessionJob::ProgressFn progress = [this, generation](const QString& phase, int done, int total) {
        QMetaObject::invokeMethod(this, [this, generation, phase, done, total] {
            if (m_job && m_job->generation == generation && !m_job->cancel->load()) emit this->progress(phase, done, total);
        }, Qt::QueuedConnection);
    };
    connect(&job->watcher, &QFutureWatcher<SessionJobOutcome>::finished, this, [this, job] { onJobFinished(job); });
    job->future = QtConcurrent::run(m_pool, [session, progress = std::move(progress), cancel = job->cancel] {
        // Core throws nothing, but memory can run out; an exception must not reach the GUI thread.
        try {
            return SessionJob(session, progress, cancel.get()).run();
        } catch (const std::exception& error) {
            return SessionJobOutcome{nullptr, QStringLiteral("internal error: %1").arg(QString::fromUtf8(error.what())), false};
        }
    });
    job->watcher.setFuture(job->future);
    emit started();
}

void SessionController::cancel()
{
    if (!m_job || m_job->cancel->exchange(true)) return;
    const quint64 generation = m_job->generation;
    QTimer::singleShot(kCancelGraceMs, this, [this, generation] { onCancelDeadline(generation); });
}

bool SessionController::isRunning() const { return m_job != nullptr; }

bool SessionController::isIdle() const
{
    return !m_job && std::all_of(m_retired.begin(), m_retired.end(), [](const std::unique_ptr<Job>& job) { return job->ended; });
}

RunResultPtr SessionController::lastResult() const { return m_lastResult; }

void SessionController::onJobFinished(Job* job)
{
    // Deferred: this may run inside a retired watcher's own finished() emission.
    QMetaObject::invokeMethod(this, &SessionController::pruneRetiredJobs, Qt::QueuedConnection);
    job->ended = true;
    if (job != m_job.get()) {  // a retired run: its outcome is stale
        if (isIdle()) emit idle();
        return;
    }
    const bool cancelRequested = job->cancel->load();
    SessionJobOutcome outcome;
    // finished() also fires for a cancelled future, which has no result to read.
    if (!job->watcher.isCanceled() && job->future.resultCount() > 0) outcome = job->future.result();
    else outcome.cancelled = true;
    retireCurrentJob();
    if (cancelRequested || outcome.cancelled) {
        emit cancelled();
    } else if (!outcome.error.isEmpty()) {
        emit failed(outcome.error, outcome.goldErrorBegin, outcome.goldErrorEnd, outcome.goldAtFault);
    } else if (outcome.result) {
        m_lastResult = outcome.result;
        emit finished(outcome.result);
    } else {
        emit failed(QStringLiteral("the run ended without a result"), -1, -1, false);
    }
    if (isIdle()) emit idle();  // unless a slot above started another run
}

void SessionController::onCancelDeadline(quint64 generation)
{
    if (!m_job || m_job->generation != generation) return;  // already ended, or superseded
    retireCurrentJob();
    emit cancelled();
}

void SessionController::retireCurrentJob()
{
    if (!m_job) return;
    m_job->cancel->store(true);
    m_retired.push_back(std::move(m_job));
}

void SessionController::pruneRetiredJobs()
{
    // Only jobs whose end was delivered go: the destructor must still be able to wait for
    // the others, and isIdle() must not count one that finished unheard.
    std::erase_if(m_retired, [](const std::unique_ptr<Job>& job) { return job->ended; });
}

} // namespace sqleq::ui
