// ExplanationPanel: under the gold and candidate editors, what core/inspect explains about
// the pair — the edit that makes the gold the candidate, when the candidate is one of the
// gold's neighbors ("In short: the candidate drops `WHERE age > 34`"), the clauses that
// differ, and the queries as run when they are not the texts typed (plug-value, DISTINCT,
// `! =`). After a candidate error only the latter: the banner has the error.
// It only formats a RunResult; hidden when there is nothing to say.
#pragma once

#include "ui/session/run_result.h"

#include <QWidget>

class QLabel;

namespace sqleq::ui {

class ExplanationPanel : public QWidget {
    Q_OBJECT

public:
    explicit ExplanationPanel(QWidget* parent = nullptr);

    /// Shows what `result` explains; null clears and hides the panel.
    void setResult(const RunResultPtr& result);
    /// The plain text shown (for tests and screen readers).
    [[nodiscard]] QString text() const;

private:
    QLabel* m_text = nullptr;
};

} // namespace sqleq::ui
