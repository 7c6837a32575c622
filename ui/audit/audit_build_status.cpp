// AuditBuildStatus: the estimate is appended to the step's own words ("Computing
// metrics 12/40 · about 2 min left"), so the bar needs no text of its own.

#include "ui/audit/audit_build_status.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>

namespace sqleq::ui {
namespace {

std::int64_t monotonicMs()
{
    static QElapsedTimer timer = [] {
        QElapsedTimer started;
        started.start();
        return started;
    }();
    return timer.elapsed();
}

} // namespace

AuditBuildStatus::AuditBuildStatus(QStatusBar* bar, std::function<void()> cancel, std::function<std::int64_t()> nowMs)
    : QObject(bar), m_estimator(nowMs ? std::move(nowMs) : &monotonicMs, auditBuildShares())
{
    m_label = new QLabel(bar);
    m_label->setObjectName(QStringLiteral("auditBuildLabel"));
    m_progress = new QProgressBar(bar);
    m_progress->setMaximumWidth(180);
    m_progress->setTextVisible(false);
    m_progress->setAccessibleName(tr("Audit project build progress"));
    m_cancel = new QPushButton(tr("Cancel build"), bar);
    m_cancel->setObjectName(QStringLiteral("auditBuildCancel"));
    m_cancel->setAccessibleName(tr("Cancel building the audit project"));
    connect(m_cancel, &QPushButton::clicked, this, [cancel] { cancel(); });
    bar->addPermanentWidget(m_label);
    bar->addPermanentWidget(m_progress);
    bar->addPermanentWidget(m_cancel);
    setBuilding(false);
}

void AuditBuildStatus::setBuilding(bool building)
{
    m_label->setVisible(building);
    m_progress->setVisible(building);
    m_cancel->setVisible(building);
    if (building) {
        m_progress->setRange(0, 0);
        m_label->setText(tr("Computing metrics…"));
        m_estimator.start();
    }
}

void AuditBuildStatus::showProgress(int done, int total, const QString& what, int stage)
{
    if (total > 0) {
        m_progress->setRange(0, total);
        m_progress->setValue(std::min(done, total));
    }
    const QString left = m_estimator.update(done, total, stage);
    m_label->setText(left.isEmpty() ? what : tr("%1 · %2").arg(what, left));
}

} // namespace sqleq::ui
