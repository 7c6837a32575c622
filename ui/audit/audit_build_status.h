// AuditBuildStatus: the status-bar side of building an audit project — what is being
// computed, a progress bar, the time left once a few steps are done, and Cancel. Holds
// no build logic: AuditMode feeds it the runner's progress.
#pragma once

#include "ui/audit/time_left.h"

#include <QObject>

class QLabel;
class QProgressBar;
class QPushButton;
class QStatusBar;

namespace sqleq::ui {

class AuditBuildStatus : public QObject {
    Q_OBJECT

public:
    /// Adds its (hidden) widgets to `bar`; `cancel` is called by the Cancel button.
    /// `nowMs` is the clock of the estimate (null: a monotonic one; tests pass theirs).
    AuditBuildStatus(QStatusBar* bar, std::function<void()> cancel, std::function<std::int64_t()> nowMs = {});

    /// Shows or hides the widgets; showing starts the clock of the estimate.
    void setBuilding(bool building);
    /// `done` of `total` steps (total ≤ 0: unknown) of the step named by `what`, in
    /// `stage` (an AuditBuildStage): the time left covers the stages after it too.
    void showProgress(int done, int total, const QString& what, int stage = static_cast<int>(AuditBuildStage::Metrics));

    [[nodiscard]] QLabel* label() const { return m_label; }

private:
    QLabel* m_label = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    TimeLeftEstimator m_estimator;
};

} // namespace sqleq::ui
