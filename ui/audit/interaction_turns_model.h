// InteractionTurnsModel: in a multi-turn (SParC, CoSQL) audit project, the turns of
// the selected item's interaction that come before it — one row per earlier turn with
// its gold and predicted SQL — over the project's immutable items snapshot. Read-only;
// it neither runs SQL nor touches the store. Empty for a single-turn project.
#pragma once

#include "ui/audit/audit_project.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace sqleq::ui {

class InteractionTurnsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { TurnColumn, GoldColumn, PredictionColumn, ColumnCount };

    explicit InteractionTurnsModel(QObject* parent = nullptr);

    /// Shows the earlier turns of `itemIndex` in `items` (null or no item: nothing).
    void showItem(AuditItemsPtr items, std::optional<std::size_t> itemIndex);

    /// "Turn 3 of 5 · interaction 12" for the shown item; empty when it has no turn.
    [[nodiscard]] QString positionText() const;
    [[nodiscard]] bool multiTurn() const { return m_turnCount > 0; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    AuditItemsPtr m_items;
    std::vector<std::size_t> m_earlier;  ///< positions in *m_items, in turn order
    uint32_t m_interaction = 0;
    uint32_t m_turn = 0;
    uint32_t m_turnCount = 0;  ///< turns of the interaction; 0 when the item has no turn
};

} // namespace sqleq::ui
