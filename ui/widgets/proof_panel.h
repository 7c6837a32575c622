// ProofPanel: where a proved pair's evidence is shown — the place a `different` verdict
// shows its counterexample. A list of the proof's steps (ProofStepsModel; ↑/↓ step
// through the chain) beside the current step: its rule, the query before and after
// with the changed part highlighted, and the schema facts it uses. Presentation only:
// every word about the proof comes from the model.
#pragma once

#include "ui/session/run_result.h"

#include <QWidget>

class QLabel;
class QListView;
class QTextBrowser;

namespace sqleq::ui {

class ProofStepsModel;

class ProofPanel : public QWidget {
    Q_OBJECT

public:
    explicit ProofPanel(QWidget* parent = nullptr);

    /// Shows the proof of `result` (null or unproved: empty) on its first step.
    void setResult(const RunResultPtr& result);

    [[nodiscard]] ProofStepsModel* model() const { return m_model; }
    [[nodiscard]] QListView* stepsView() const { return m_steps; }
    [[nodiscard]] QString caption() const;
    /// The current step as shown, in plain text.
    [[nodiscard]] QString stepText() const;
    /// The current step's text as HTML (the highlight is a coloured span).
    [[nodiscard]] QString stepHtml() const;

private:
    void showStep(const QModelIndex& index);

    ProofStepsModel* m_model = nullptr;
    QLabel* m_caption = nullptr;
    QListView* m_steps = nullptr;
    QTextBrowser* m_step = nullptr;
};

} // namespace sqleq::ui
