// AuditBuildRunner: core reports progress per schema or item from its calling thread; that is
// forwarded as queued calls, at most ~20 a second, so a 1,000-item batch never floods
// the GUI's event queue.

#include "ui/audit/audit_build_runner.h"

#include "ui/audit/time_left.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <chrono>
#include <exception>

namespace sqleq::ui {
namespace {

struct StepReport {
    int done = 0;
    int total = 0;
    QString what;
    int stage = 0;  ///< an AuditBuildStage
};

/// Distillation reports per schema; the bar runs over all schemas (a thousandth each
/// step), the label names the schema. Evaluation reports items.
StepReport describe(const suite::Progress& step)
{
    if (step.schemaCount == 0) {
        const int done = static_cast<int>(step.done);
        const int total = static_cast<int>(step.total);
        return {done, total, AuditBuildRunner::tr("Computing metrics %1/%2").arg(done).arg(total),
                static_cast<int>(AuditBuildStage::Metrics)};
    }
    constexpr int kSteps = 1000;
    const int within = step.total > 0 ? static_cast<int>(kSteps * std::min(step.done, step.total) / step.total) : 0;
    return {static_cast<int>(step.schemaIndex) * kSteps + within, static_cast<int>(step.schemaCount) * kSteps,
            AuditBuildRunner::tr("Distilling test suites: %1 (%2/%3)")
                .arg(QString::fromStdString(step.dbId))
                .arg(step.schemaIndex + 1)
                .arg(step.schemaCount),
            static_cast<int>(AuditBuildStage::Distilling)};
}

} // namespace

AuditBuildRunner::AuditBuildRunner(QObject* parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<AuditBuildOutcome>::finished, this, &AuditBuildRunner::onFinished);
}

AuditBuildRunner::~AuditBuildRunner()
{
    if (m_cancel) m_cancel->store(true);
    m_watcher.disconnect(this);
    m_watcher.waitForFinished();
}

bool AuditBuildRunner::start(const AuditBuildRequest& request)
{
    return start([request](const suite::ProgressCallback& progress, const std::atomic<bool>* cancel) {
        return buildAuditProject(request, progress, cancel);
    });
}

bool AuditBuildRunner::start(Job job)
{
    if (m_running) return false;
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    QPointer<AuditBuildRunner> self(this);
    auto lastReport = std::make_shared<std::chrono::steady_clock::time_point>();
    suite::ProgressCallback forward = [self, lastReport](const suite::Progress& step) {
        const auto now = std::chrono::steady_clock::now();
        if (step.done != step.total && now - *lastReport < std::chrono::milliseconds(50)) return;
        *lastReport = now;
        const auto [done, total, what, stage] = describe(step);
        QMetaObject::invokeMethod(self, [self, done, total, what, stage] {
            if (self && self->m_running) emit self->progress(done, total, what, stage);
        }, Qt::QueuedConnection);
    };
    m_watcher.setFuture(QtConcurrent::run([job = std::move(job), forward = std::move(forward), cancel = m_cancel] {
        try {
            return job(forward, cancel.get());
        } catch (const std::exception& error) {  // memory can run out; nothing may reach the GUI thread
            AuditBuildOutcome outcome;
            outcome.error = QStringLiteral("internal error: %1").arg(QString::fromUtf8(error.what()));
            return outcome;
        }
    }));
    return true;
}

void AuditBuildRunner::cancel()
{
    if (m_cancel) m_cancel->store(true);
}

void AuditBuildRunner::onFinished()
{
    m_running = false;
    AuditBuildOutcome outcome;
    // finished() also fires for a cancelled future, which has no result to read.
    if (m_watcher.isCanceled() || m_watcher.future().resultCount() == 0)
        outcome.cancelled = true;
    else
        outcome = m_watcher.result();
    if (outcome.cancelled)
        emit cancelled();
    else if (!outcome.error.isEmpty())
        emit failed(outcome.error);
    else
        emit finished(outcome.path, static_cast<int>(outcome.items), static_cast<int>(outcome.disagreeing),
                      outcome.distilledSuites);
}

} // namespace sqleq::ui
