// EarlierTurnsPanel: in a multi-turn audit project, where the item in the inspector
// sits in its interaction ("Turn 3 of 5 · interaction 12") and, read-only, the gold
// and predicted SQL of the turns before it — the context a follow-up question
// ("and which of them …?") is asked in. Hidden for single-turn projects. A thin view
// over InteractionTurnsModel; it holds no project logic.
#pragma once

#include "ui/audit/audit_project.h"

#include <QWidget>

#include <optional>

class QLabel;
class QTableView;

namespace sqleq::ui {

class InteractionTurnsModel;

class EarlierTurnsPanel : public QWidget {
    Q_OBJECT

public:
    explicit EarlierTurnsPanel(QWidget* parent = nullptr);

    /// Shows `project`'s items (null: nothing, hidden).
    void setProject(AuditProject* project);
    /// Shows the position and earlier turns of `itemIndex`; hides the panel when the
    /// item has no turn (a single-turn project).
    void showItem(std::optional<std::size_t> itemIndex);

    [[nodiscard]] InteractionTurnsModel* model() const { return m_model; }
    [[nodiscard]] QLabel* positionLabel() const { return m_position; }
    [[nodiscard]] QTableView* view() const { return m_view; }

private:
    AuditProject* m_project = nullptr;
    InteractionTurnsModel* m_model = nullptr;
    QLabel* m_position = nullptr;
    QLabel* m_empty = nullptr;
    QTableView* m_view = nullptr;
};

} // namespace sqleq::ui
