// CompareAnnotatorsDialog: how two annotators agree on a project — items judged by
// both, by one only, the agreement rate, Cohen's kappa over the three verdicts — and
// the items they disagree on; double-clicking one asks to show it in the inspector.
// It only displays core's Agreement; computing it is AuditExchange's job.
#pragma once

#include "core/audit/audit.h"
#include "ui/audit/audit_project.h"

#include <QDialog>

class QLabel;
class QTableView;

namespace sqleq::ui {

class CompareAnnotatorsDialog : public QDialog {
    Q_OBJECT

public:
    CompareAnnotatorsDialog(const audit::Agreement& agreement, const QString& first, const QString& second,
                            AuditItemsPtr items, QWidget* parent = nullptr);

    [[nodiscard]] QString summaryText() const;
    [[nodiscard]] QTableView* disagreementsView() const { return m_view; }

signals:
    /// The user double-clicked (or pressed Enter on) a disagreement.
    void itemRequested(std::size_t itemIndex);

private:
    QLabel* m_summary = nullptr;
    QTableView* m_view = nullptr;
};

} // namespace sqleq::ui
