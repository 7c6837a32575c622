// NeighborsPanel: the gold's neighbor queries by mutation family, with which suite
// database told each apart from the gold; the selected neighbor's change is shown on the
// gold text (the replaced span struck out, the replacement next to it). Selecting a
// neighbor asks for its distinguishing database; the panel decides nothing itself.
#pragma once

#include "ui/session/run_result.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QTreeView;

namespace sqleq::ui {

class NeighborsModel;
class UndistinguishedFilterModel;

class NeighborsPanel : public QWidget {
    Q_OBJECT

public:
    explicit NeighborsPanel(QWidget* parent = nullptr);

    void setResult(const RunResultPtr& result);
    void setUndistinguishedOnly(bool only);

    [[nodiscard]] QTreeView* view() const { return m_view; }
    [[nodiscard]] NeighborsModel* model() const { return m_model; }
    /// Rich text of the current neighbor's change; empty when a family or nothing is selected.
    [[nodiscard]] QString detailText() const;

signals:
    /// A neighbor was selected that suite database `index` distinguished from the gold.
    void databaseRequested(int index);

private:
    void onCurrentChanged(const QModelIndex& current);
    /// Expands every family and spans its row across the tree.
    void showTree();
    void updateSummary();

    NeighborsModel* m_model = nullptr;
    UndistinguishedFilterModel* m_filter = nullptr;
    QTreeView* m_view = nullptr;
    QCheckBox* m_undistinguishedOnly = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_detail = nullptr;
    bool m_proved = false;  ///< the run proved the pair before distilling: no neighbors by design
};

} // namespace sqleq::ui
